#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Builds the Sphinx documentation of docs/ into build/docs (open build/docs/index.html), with -W: a warning is an
# error. Installs docs/requirements.txt into the virtual environment (build/venv, or the one given as argument or in
# PYALPAKA_VENV), which must import pyalpaka for the Python reference: scripts/python-env.sh makes it when it is
# missing. The C++ reference needs Doxygen (scripts/setup.sh installs it; so does this script when it is missing).
#
#   scripts/build-docs.sh [VENV]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-${PYALPAKA_VENV:-build/venv}}"
start=$SECONDS

if [[ ! -x "${venv}/bin/python" ]]; then
    PYALPAKA_VENV="${venv}" scripts/python-env.sh
fi
if ! command -v doxygen >/dev/null; then
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo="sudo"
    ${sudo} apt-get update -qq
    DEBIAN_FRONTEND=noninteractive ${sudo} apt-get install -y -qq --no-install-recommends doxygen >/dev/null
fi
"${venv}/bin/python" -m pip install --quiet -r docs/requirements.txt
"${venv}/bin/python" -c "import pyalpaka" || {
    echo "build-docs: ${venv} cannot import pyalpaka (run scripts/python-env.sh, or set PYTHONPATH=python in a" \
        "development tree)" >&2
    exit 1
}

# The doctrees and Doxygen's XML go beside the HTML, not into it.
ALPAKA_DOXYGEN_OUT=build/docs-doxygen "${venv}/bin/python" -m sphinx -W --keep-going -q -b html \
    -d build/docs-doctrees docs build/docs
echo "build-docs: build/docs/index.html in $((SECONDS - start)) s"
