#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# The Python GPU layer on the emulated GPU (docs/dev/testing-gpu.md): every cuda case of the Python suite with
# PYALPAKA_GPU_EMULATOR=cuda (in its checking mode), every hip case with the emulator standing for hip (the two share
# the compiled kernels), then the GPU test files in chaos mode over five seeds on each (each seed delays the streams'
# operations differently; a failure names its back-end and seed, which reproduce it). The stand-in tests
# (test_gpu_standin.py) are left out: they select their own stand-in driver. The tests' kernels go to one kernel cache
# kept between runs (PYALPAKA_TEST_KERNEL_CACHE), so that the later runs, and the next gate, compile nothing again.
#
# Usage: scripts/test-emulator.sh [SEEDS]   (default "1 2 3 4 5")
# Run after scripts/python-env.sh (build/venv, PYALPAKA_VENV overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYALPAKA_VENV:-build/venv}/bin/python"
seeds="${1:-1 2 3 4 5}"
# Its own cache (run-tests.sh sets PYALPAKA_TEST_KERNEL_CACHE for the pytest stage: kept apart from that one).
cache_root="${XDG_CACHE_HOME:-${HOME}/.cache}/alpaka"
export PYALPAKA_TEST_KERNEL_CACHE="${PYALPAKA_EMULATOR_KERNEL_CACHE:-${cache_root}/emulator-kernels}"
export PYALPAKA_CACHE_DIR="${PYALPAKA_TEST_KERNEL_CACHE}"
gpu_files=(tests/python/test_gpu_hardware.py tests/python/test_memory.py tests/python/test_graphs.py
    tests/python/test_queues.py tests/python/test_trace.py tests/python/test_dlpack.py tests/python/test_grid_sync.py)

run() {  # run BACKEND SEED WHAT PYTEST-ARGUMENTS...
    local backend=$1 seed=$2 what=$3 start=$SECONDS
    shift 3
    if ! PYALPAKA_GPU_EMULATOR="${backend}" PYALPAKA_TEST_BACKENDS="${backend}" PYALPAKA_GPU_EMULATOR_SEED="${seed}" \
        "${python}" -m pytest -n 2 -q -p no:cacheprovider "$@"; then
        echo "test-emulator: FAILED: ${what} (PYALPAKA_GPU_EMULATOR=${backend} PYALPAKA_GPU_EMULATOR_SEED=${seed})" >&2
        exit 1
    fi
    echo "test-emulator: ${what} in $((SECONDS - start)) s"
}

# The cuda cases in the checking mode (guard pages, freed blocks protected): a use after free or an overrun faults.
PYALPAKA_GPU_EMULATOR_CHECK=1 run cuda 0 "every cuda case, checking mode" tests/python -k "cuda or emulat" \
    --ignore=tests/python/test_gpu_standin.py -r s
run hip 0 "every hip case" tests/python -k "hip or emulat" --ignore=tests/python/test_gpu_standin.py
for seed in ${seeds}; do
    for backend in cuda hip; do
        run "${backend}" "${seed}" "the GPU files on ${backend}, chaos seed ${seed}" "${gpu_files[@]}" -k "${backend}"
    done
done
