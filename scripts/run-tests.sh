#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Every test: the C++ suite on every enabled host back-end (with the header check, the compile-failure checks, the
# examples and the consumer projects), then the same suite under AddressSanitizer + UndefinedBehaviorSanitizer, then
# under ThreadSanitizer on the threaded back-ends it can check (see the `tsan` preset's description), then the Python
# package: installed with pip into build/venv and tested with pytest on every available back-end.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

start=$SECONDS
for preset in cpu-all asan-ubsan tsan; do
    echo "==== ${preset}"
    cmake --workflow --preset "${preset}"
    echo "==== ${preset} passed after $((SECONDS - start)) s"
done

echo "==== python"
scripts/python-env.sh
build/venv/bin/python -m pytest tests/python
echo "==== python passed after $((SECONDS - start)) s"
