#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Formats the C++ sources with the pinned clang-format (18, from PyPI; Debian's 14 mishandles C++20
# requires-clauses). `scripts/format.sh --check` only reports files that would change; file arguments limit either
# to those files (`scripts/format.sh src/runtime/gpu/HipApi.cpp`, `scripts/format.sh --check a.hpp b.cpp`).
set -euo pipefail
cd "$(dirname "$0")/.."
version=18.1.8
binary() { python3 -c 'import clang_format, os; print(os.path.join(os.path.dirname(clang_format.__file__), "data", "bin", "clang-format"))' 2>/dev/null; }
if ! "$(binary)" --version 2>/dev/null | grep -q "version ${version}"; then
    python3 -m pip install --quiet "clang-format==${version}"
fi
clang_format="$(binary)"
check=0
if [[ "${1:-}" == "--check" ]]; then
    check=1
    shift
fi
if [[ $# -gt 0 ]]; then
    files=("$@")
else
    mapfile -t files < <(git ls-files '*.hpp' '*.cpp' '*.h' '*.cu')
fi
if [[ ${check} -eq 1 ]]; then
    "${clang_format}" --dry-run --Werror "${files[@]}"
else
    "${clang_format}" -i "${files[@]}"
fi
