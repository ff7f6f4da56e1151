#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Compile check of the GPU back-ends on a machine without a GPU: configures, builds and tests the `cuda` preset
# (nvcc from the CUDA toolkit, sm_90) and the `hip` preset (hipcc from Debian's ROCm packages, gfx90a). CTest must show
# every GPU test program "Skipped" (the launcher of tests/cpp/common/GpuTestLauncher.cpp exits 77 without a GPU); any
# failure fails the script. On a machine with a GPU the same command runs the GPU tests for real.
#
#   scripts/gpu-compile-check.sh [cuda|hip|all]     (default: all)
#
# Needs: the CUDA toolkit (nvcc on PATH or in /usr/local/cuda/bin) for `cuda`, failing without it; hipcc and
# libamdhip64-dev for `hip`, which scripts/setup.sh installs with the rest of the system packages.
#
# A clean build of the `cuda` preset (the test programs over the lean GPU matrix of TestAccs, the examples) takes many
# minutes on 2 cores (measured: docs/dev/measurements.md#build-and-test-times).
set -euo pipefail
cd "$(dirname "$0")/.."

which_presets="${1:-all}"
case "${which_presets}" in
    cuda) presets=(cuda) ;;
    hip) presets=(hip) ;;
    all) presets=(cuda hip) ;;
    *) echo "usage: $0 [cuda|hip|all]" >&2; exit 2 ;;
esac

scripts/setup.sh

for preset in "${presets[@]}"; do
    case "${preset}" in
        cuda)
            if ! command -v nvcc >/dev/null; then
                if [[ -x /usr/local/cuda/bin/nvcc ]]; then
                    export PATH="/usr/local/cuda/bin:${PATH}"
                else
                    echo "gpu-compile-check: nvcc not found: install the CUDA toolkit (the cuda preset needs it)" >&2
                    exit 1
                fi
            fi
            ;;
        hip)
            command -v hipcc >/dev/null || { echo "gpu-compile-check: hipcc not found (scripts/setup.sh installs it)" >&2; exit 1; }
            ;;
    esac
    echo "gpu-compile-check: ${preset}"
    start=${SECONDS}
    cmake --preset "${preset}"
    cmake --build --preset "${preset}"
    built=${SECONDS}
    ctest --preset "${preset}" | tee "build/${preset}/gpu-compile-check.log"
    echo "gpu-compile-check: ${preset}: build $((built - start)) s, tests $((SECONDS - built)) s"
done
