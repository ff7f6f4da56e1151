#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Static checks of the sources, run from the repository root; exits non-zero when any of them has a finding (each one
# runs, then the failed ones are listed). ruff: the lint rules and the formatting of every Python file, as [tool.ruff]
# in pyproject.toml configures them, with the ruff pinned here, installed into build/lint-venv on first use (fix what it
# finds with `build/lint-venv/bin/ruff check --fix` and `build/lint-venv/bin/ruff format`). clang-tidy: the checks of
# .clang-tidy over the headers, through the `tidy` preset (needs clang and clang-tidy: scripts/setup.sh installs them;
# `scripts/lint.sh ruff` runs the Python part alone).
set -euo pipefail
cd "$(dirname "$0")/.."
failed=()

what="${1:-all}"

echo "==== ruff"
ruff_version=0.17.6
venv=build/lint-venv
if ! "${venv}/bin/ruff" --version 2>/dev/null | grep -qx "ruff ${ruff_version}"; then
    python3 -m venv "${venv}"
    "${venv}/bin/python" -m pip install --quiet --disable-pip-version-check "ruff==${ruff_version}"
fi
"${venv}/bin/ruff" check . || failed+=("ruff check")
"${venv}/bin/ruff" format --check . || failed+=("ruff format --check")

if [[ "${what}" != ruff ]]; then
    echo "==== clang-tidy"
    if ! command -v clang-tidy >/dev/null; then
        echo "lint: clang-tidy is not installed (scripts/setup.sh installs it)" >&2
        failed+=("clang-tidy (not installed)")
    else
        cmake --workflow --preset tidy || failed+=("clang-tidy")
    fi
fi

if ((${#failed[@]})); then
    printf '==== failed: %s\n' "${failed[@]}"
    exit 1
fi
echo "==== lint passed"
