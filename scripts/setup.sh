#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Installs what building and testing need on a Debian/Ubuntu machine; does nothing for what is already there.
set -euo pipefail

# The host back-ends need oneTBB, Boost.Context and LLVM's OpenMP runtime (clang builds; its Archer tool for TSan);
# the Python package needs Python's headers and venv; examples/mpi needs MPI (MPICH: runs as root without extra flags);
# the C++ API reference of docs/ is read from the headers by Doxygen; clang-tidy checks the headers (scripts/lint.sh);
# the aarch64 stage cross-compiles with g++-aarch64-linux-gnu and runs under qemu-user; libclang-rt is libFuzzer's;
# ROCm's HIP runtime and headers (libamdhip64-dev: hiprtc, hip_runtime_api.h) for the hip back-end's tests; hiprtc
# (ROCm 5.2's comgr, built on LLVM 15) compiles against LLVM 15's resource headers (stddef.h, ...), which only
# libclang-common-15-dev has; hipcc for the GPU compile check (scripts/gpu-compile-check.sh). This is the one list:
# no stage installs anything of its own, so a stage never depends on what a later stage installed in an earlier run.
packages=(cmake ninja-build g++ clang clang-tidy libclang-rt-14-dev catch2 ccache libtbb-dev libboost-context-dev libomp-14-dev
    python3 python3-dev python3-venv mpich libmpich-dev doxygen g++-aarch64-linux-gnu qemu-user libamdhip64-dev
    libclang-common-15-dev hipcc)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "${package}" 2>/dev/null | grep -q "install ok installed" || missing+=("${package}")
done

if ((${#missing[@]} > 0)); then
    echo "setup: installing ${missing[*]}"
    sudo=""
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
        sudo="sudo"
    fi
    ${sudo} apt-get update -qq
    DEBIAN_FRONTEND=noninteractive ${sudo} apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "setup: $(cmake --version | head -1), $(g++ --version | head -1)"
