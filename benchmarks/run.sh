#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Configures benchmarks/cpp with the alpaka CPU back-ends, builds it optimized (Release: -O3, no -march=native) in
# build/bench and runs cpu_backends, passing on the arguments (--n N, --reps R, --quick, --csv FILE, ...).
#
# ALPAKA_BENCH_BACKENDS: the back-ends to enable, space- or comma-separated, as option suffixes (CPU_B_SEQ_T_SEQ) or
# full option names (alpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE); default: every CPU back-end. The others are switched off,
# also in an existing build/bench. ALPAKA_BENCH_BUILD_DIR: another build directory. ALPAKA_BENCH_BUILD_ONLY=1: configure
# and build every benchmark program, run nothing (run-all.sh uses it).
#
#   benchmarks/run.sh
#   ALPAKA_BENCH_BACKENDS="CPU_B_SEQ_T_SEQ CPU_B_OMP2_T_SEQ" benchmarks/run.sh --reps 10 --csv bench.csv
set -euo pipefail
cd "$(dirname "$0")/.."

all_backends=(CPU_B_SEQ_T_SEQ CPU_B_SEQ_T_THREADS CPU_B_SEQ_T_FIBERS CPU_B_OMP2_T_SEQ CPU_B_SEQ_T_OMP2
    CPU_B_TBB_T_SEQ ANY_BT_OMP5)
list="${ALPAKA_BENCH_BACKENDS:-${all_backends[*]}}"
read -r -a selected <<<"${list//,/ }"

# Normalise the names and reject unknown ones before configuring.
wanted=" "
for name in "${selected[@]}"; do
    name="${name#alpaka_ACC_}"
    name="${name%_ENABLE}"
    if [[ " ${all_backends[*]} " != *" ${name} "* ]]; then
        echo "run.sh: unknown back-end '${name}' in ALPAKA_BENCH_BACKENDS (known: ${all_backends[*]})" >&2
        exit 2
    fi
    wanted+="${name} "
done

options=()
for backend in "${all_backends[@]}"; do
    if [[ "${wanted}" == *" ${backend} "* ]]; then
        options+=("-Dalpaka_ACC_${backend}_ENABLE=ON")
    else
        options+=("-Dalpaka_ACC_${backend}_ENABLE=OFF")
    fi
done

build_dir="${ALPAKA_BENCH_BUILD_DIR:-build/bench}"
cmake -S benchmarks/cpp -B "${build_dir}" -DCMAKE_BUILD_TYPE=Release "${options[@]}"
if [[ "${ALPAKA_BENCH_BUILD_ONLY:-0}" == 1 ]]; then
    cmake --build "${build_dir}" --parallel
    exit 0
fi
cmake --build "${build_dir}" --parallel --target cpu_backends
"${build_dir}/cpu_backends" "$@"
