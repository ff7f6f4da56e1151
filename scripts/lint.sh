#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Static checks of the sources, run from the repository root; exits non-zero when any of them has a finding (each one
# runs, then the failed ones are listed). ruff: the lint rules and the formatting of every Python file, as [tool.ruff]
# in pyproject.toml configures them, with the ruff pinned here, installed into build/lint-venv on first use (fix what it
# finds with `build/lint-venv/bin/ruff check --fix` and `build/lint-venv/bin/ruff format`).
set -euo pipefail
cd "$(dirname "$0")/.."
failed=()

echo "==== ruff"
ruff_version=0.17.6
venv=build/lint-venv
if ! "${venv}/bin/ruff" --version 2>/dev/null | grep -qx "ruff ${ruff_version}"; then
    python3 -m venv "${venv}"
    "${venv}/bin/python" -m pip install --quiet --disable-pip-version-check "ruff==${ruff_version}"
fi
"${venv}/bin/ruff" check . || failed+=("ruff check")
"${venv}/bin/ruff" format --check . || failed+=("ruff format --check")

if ((${#failed[@]})); then
    printf '==== failed: %s\n' "${failed[@]}"
    exit 1
fi
echo "==== lint passed"
