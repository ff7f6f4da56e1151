#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Tests the pyalpaka installed in PYTHON's environment (a wheel, installed with its cuda extra and pytest) from an
# empty folder, with no source or build tree on any path: tests/wheel/ (`python -m pyalpaka info`, every CPU
# back-end but the fibers one (Boost.Context) present, oneTBB from its wheel, run-time compiled kernels on every CPU back-end, no
# compiler, CUDA run-time compilation from the PyPI wheels with the toolkit hidden), the shipped kernels' tests
# (tests/python/test_kernels.py) on every available back-end against NumPy, and the pytest plugin's fixtures without
# a conftest. scripts/test-wheel.sh and cibuildwheel's test-command run it.
#
# Usage: scripts/test-installed-wheel.sh PYTHON
set -euo pipefail
python=$(command -v "${1:?usage: $0 PYTHON}")
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT
cp "${repo}"/tests/wheel/test_installed_wheel.py "${repo}"/tests/python/{conftest.py,_support.py,test_kernels.py} \
    "${work}/"
mkdir "${work}/plugin"
cp "${repo}/tests/wheel/plugin/test_plugin_fixtures.py" "${work}/plugin/"
cd "${work}"
export PYALPAKA_SOURCE_TREE="${repo}" PYALPAKA_CACHE_DIR="${work}/cache"
unset PYTHONPATH
"${python}" -m pytest -q -p no:cacheprovider -o addopts="" test_installed_wheel.py test_kernels.py
(cd plugin && "${python}" -m pytest -q -p no:cacheprovider -o addopts="" test_plugin_fixtures.py)
echo "test-installed-wheel: passed"
