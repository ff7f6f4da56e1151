#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# The main job: set up the machine, build the C++ examples optimized and run them, then install the Python package
# (pip, into build/venv, without the test extras: the test command adds them) and run a kernel from Python on every
# available back-end.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release
cmake --build --preset release --target helloWorld vectorAdd
build/release/examples/cpp/helloWorld/helloWorld
build/release/examples/cpp/vectorAdd/vectorAdd
scripts/python-env.sh ""
build/venv/bin/python -m pyalpaka info
build/venv/bin/python examples/python/axpy_all_backends.py
