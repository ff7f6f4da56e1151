#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Every test: the static checks (scripts/lint.sh: ruff, clang-tidy), the C++ suite on every enabled host back-end
# (with the header check, the compile-failure checks, the examples and the consumer projects), then the same suite
# under AddressSanitizer + UndefinedBehaviorSanitizer, then under ThreadSanitizer on the threaded back-ends it can check
# (see the `tsan` preset's description), then the C++ fuzzers (tests/fuzz/cpp, 60 s each), then the GPU back-ends compiled with nvcc and hipcc
# (scripts/gpu-compile-check.sh), last the Python package: installed with pip into build/venv, its documentation built
# (Sphinx, -W) and its tests run with pytest on every available back-end, a 60-s soak over the CPU back-ends
# (tests/soak/soak.py), and the redistributable wheel built, repaired and tested installed in a fresh environment
# (scripts/test-wheel.sh); last the C++ suite cross-compiled for aarch64 and run under qemu (the `aarch64` preset).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

start=$SECONDS
# The static checks first: ruff over the Python code, clang-tidy over the headers (both configured in the repository).
echo "==== lint"
scripts/lint.sh
echo "==== lint passed after $((SECONDS - start)) s"

for preset in cpu-all asan-ubsan tsan fuzz; do
    echo "==== ${preset}"
    cmake --workflow --preset "${preset}"
    echo "==== ${preset} passed after $((SECONDS - start)) s"
done

# The GPU back-ends: the whole suite and the examples compiled with nvcc (sm_90) and hipcc (gfx90a); without a GPU
# the GPU test programs report themselves skipped. It and the Python steps after it take long enough that CI, which
# stops a run at 90 min, could cut them off (measured: docs/dev/measurements.md#build-and-test-times): so it starts
# only if the run is at most ALPAKA_GPU_CHECK_BUDGET_S (default 2400 s) old by then, and otherwise says that it was
# skipped.
budget="${ALPAKA_GPU_CHECK_BUDGET_S:-2400}"
if ((SECONDS - start <= budget)); then
    echo "==== gpu-compile-check"
    scripts/gpu-compile-check.sh all
    echo "==== gpu-compile-check passed after $((SECONDS - start)) s"
else
    echo "==== gpu-compile-check SKIPPED: $((SECONDS - start)) s elapsed, over ALPAKA_GPU_CHECK_BUDGET_S=${budget}"
fi

# The Python package, installed with pip into build/venv; from that environment the documentation, with warnings as
# errors (its API reference imports the package); then the Python tests.
echo "==== python"
scripts/python-env.sh
echo "==== docs"
scripts/build-docs.sh build/venv
echo "==== docs passed after $((SECONDS - start)) s"
build/venv/bin/python -m pytest tests/python
echo "==== python passed after $((SECONDS - start)) s"
echo "==== soak"
build/venv/bin/python tests/soak/soak.py --total 60
echo "==== soak passed after $((SECONDS - start)) s"
echo "==== wheel"
scripts/test-wheel.sh
echo "==== wheel passed after $((SECONDS - start)) s"

# 64-bit Arm: the host back-ends' suite cross-compiled and run under qemu-aarch64, so that nothing x86-only slips into
# the headers. Last, with a budget like the GPU check's: it starts only if the run is at most ALPAKA_AARCH64_BUDGET_S
# (default 4200 s) old by then, and otherwise says that it was skipped.
aarch64_budget="${ALPAKA_AARCH64_BUDGET_S:-4200}"
if ((SECONDS - start <= aarch64_budget)); then
    echo "==== aarch64"
    cmake --workflow --preset aarch64
    echo "==== aarch64 passed after $((SECONDS - start)) s"
else
    echo "==== aarch64 SKIPPED: $((SECONDS - start)) s elapsed, over ALPAKA_AARCH64_BUDGET_S=${aarch64_budget}"
fi
