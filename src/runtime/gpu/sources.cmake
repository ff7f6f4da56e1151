# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
# The GPU back-ends' translation units, relative to src/: the extension (src/CMakeLists.txt) and the C++ fuzzers
# (tests/fuzz/cpp) both build them.
set(pyalpaka_GPU_SOURCES
    runtime/gpu/GpuApi.cpp
    runtime/gpu/CudaApi.cpp
    runtime/gpu/HipApi.cpp
    runtime/gpu/GpuBackend.cpp
    runtime/gpu/GpuQueue.cpp
    runtime/gpu/GpuCopies.cpp
    runtime/gpu/GpuGraph.cpp
    runtime/gpu/GpuEvent.cpp
    runtime/gpu/GpuKernel.cpp)
