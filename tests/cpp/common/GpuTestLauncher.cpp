// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Runs a test program of a CUDA/HIP build where the machine has a GPU of that back-end, and reports the test skipped
// (exit code 77, CTest's SKIP_RETURN_CODE of these tests) where it has none: a build machine without a GPU shows the
// GPU tests as "Skipped", never as passed. Usage: alpaka_gpu_test_launcher <program> [arguments...]

#include <alpaka/alpaka.hpp>

#include <cstdio>
#include <exception>

#include <unistd.h>

namespace
{
    constexpr int skipReturnCode = 77;

    auto gpuCount() -> std::size_t
    {
#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
        return alpaka::getDevCount(alpaka::PlatformCudaRt{});
#elif defined(ALPAKA_ACC_GPU_HIP_ENABLED)
        return alpaka::getDevCount(alpaka::PlatformHipRt{});
#else
        return 1u;
#endif
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    if(argc < 2)
    {
        std::fprintf(stderr, "usage: %s <test program> [arguments...]\n", argv[0]);
        return 2;
    }
    try
    {
        if(gpuCount() == 0)
        {
            std::printf("no GPU of the enabled GPU back-end on this machine: %s skipped\n", argv[1]);
            return skipReturnCode;
        }
    }
    catch(std::exception const& e)
    {
        std::printf("the GPU runtime is not usable (%s): %s skipped\n", e.what(), argv[1]);
        return skipReturnCode;
    }
    std::fflush(stdout);
    execv(argv[1], argv + 1);
    std::perror("execv");
    return 1;
}
