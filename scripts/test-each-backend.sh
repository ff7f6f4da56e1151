#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Builds and runs the whole C++ suite (tests, examples, consumer projects) once per host back-end, each enabled alone
# next to the serial one (which the tests always need), so that nothing passes only because another back-end's
# headers or libraries happened to be there. Slow (one full build per back-end): run by hand before a release.
#
#   scripts/test-each-backend.sh                 every back-end
#   scripts/test-each-backend.sh THREADS FIBERS  only these (the part of the option name after ALPAKA_ACC_)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

all=(CPU_B_SEQ_T_THREADS CPU_B_SEQ_T_FIBERS CPU_B_OMP2_T_SEQ CPU_B_SEQ_T_OMP2 CPU_B_TBB_T_SEQ ANY_BT_OMP5)
selected=("$@")
((${#selected[@]} > 0)) || selected=("${all[@]}")

start=$SECONDS
for backend in "${selected[@]}"; do
    [[ " ${all[*]} " == *" ${backend} "* ]] || { echo "unknown back-end '${backend}'; expected one of: ${all[*]}" >&2; exit 2; }
    dir="build/only-${backend,,}"
    echo "==== ${backend} alone (with serial) in ${dir}"
    # The header check compiles every header once per enabled back-end set; cpu-all already does it.
    cmake --preset cpu-serial -B "${dir}" "-Dalpaka_ACC_${backend}_ENABLE=ON" -Dalpaka_CHECK_HEADERS=OFF >/dev/null
    cmake --build "${dir}"
    ctest --test-dir "${dir}" --output-on-failure --no-tests=error -j 2
    echo "==== ${backend} alone passed after $((SECONDS - start)) s"
done
