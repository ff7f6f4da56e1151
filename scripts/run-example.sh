#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# The main job: set up the machine, build the examples optimized and run them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release
cmake --build --preset release --target helloWorld vectorAdd
build/release/examples/cpp/helloWorld/helloWorld
build/release/examples/cpp/vectorAdd/vectorAdd
