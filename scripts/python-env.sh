#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Installs the Python package the README's way (`pip install ".[test]"`) into a virtual environment,
# build/venv (PYALPAKA_VENV overrides), creating it first; prints nothing else on success but the install's tail.
# Run after scripts/setup.sh (which installs the compilers and the back-ends' libraries). Use the environment with
# `build/venv/bin/python`.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${PYALPAKA_VENV:-build/venv}"

if [[ ! -x "${venv}/bin/python" ]]; then
    if ! python3 -m venv "${venv}" 2>/dev/null; then
        # Debian's Python keeps venv (and ensurepip) in a package of its own.
        sudo=""
        [[ $(id -u) -ne 0 ]] && sudo="sudo"
        ${sudo} apt-get update -qq
        DEBIAN_FRONTEND=noninteractive ${sudo} apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
        rm -rf "${venv}"
        python3 -m venv "${venv}"
    fi
fi
"${venv}/bin/python" -m pip install --quiet --upgrade pip
start=$SECONDS
"${venv}/bin/python" -m pip install --quiet ".[test]"
echo "python-env: pyalpaka installed into ${venv} in $((SECONDS - start)) s"
