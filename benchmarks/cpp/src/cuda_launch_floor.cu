// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! cuda_launch_floor: what the CUDA driver itself costs the host per call on this machine, the floor under any
//! library's launch (pyalpaka's cuda queue, CuPy's RawKernel). Host time per call in bursts of 256 calls (fewer than
//! the driver queues without blocking), the stream synchronized outside the timing; median of 200 bursts:
//!   - cuLaunchKernel of an empty kernel with the parameters of an axpy (float, two pointers, a 64-bit count);
//!   - the same launch through the runtime's <<<>>>;
//!   - cuEventRecord; cuCtxPushCurrent + cuCtxPopCurrent; cuCtxGetCurrent.
//! Standalone (not part of the CMake build, which needs no GPU): nvcc -O2 -arch=sm_90 cuda_launch_floor.cu -lcuda

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda.h>
#include <cuda_runtime.h>

namespace
{
    __global__ void emptyAxpy(float, float const*, float*, unsigned long long)
    {
    }

    void check(CUresult result, char const* what)
    {
        if(result != CUDA_SUCCESS)
        {
            char const* name = nullptr;
            cuGetErrorName(result, &name);
            std::fprintf(stderr, "%s failed: %s\n", what, name ? name : "?");
            std::exit(1);
        }
    }

    void check(cudaError_t error, char const* what)
    {
        if(error != cudaSuccess)
        {
            std::fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(error));
            std::exit(1);
        }
    }

    //! Median host microseconds per call of `call`, in bursts of `burst` calls, `finish` after each burst.
    template<typename TCall, typename TFinish>
    auto perCall(TCall call, TFinish finish, int burst = 256, int bursts = 200) -> double
    {
        std::vector<double> samples;
        for(int b = 0; b < bursts; ++b)
        {
            auto const start = std::chrono::steady_clock::now();
            for(int i = 0; i < burst; ++i)
                call();
            auto const end = std::chrono::steady_clock::now();
            finish();
            samples.push_back(std::chrono::duration<double, std::micro>(end - start).count() / burst);
        }
        std::nth_element(samples.begin(), samples.begin() + samples.size() / 2, samples.end());
        return samples[samples.size() / 2];
    }
} // namespace

auto main() -> int
{
    check(cudaSetDevice(0), "cudaSetDevice");
    check(cudaFree(nullptr), "cudaFree(0)"); // creates the primary context
    CUcontext context = nullptr;
    check(cuCtxGetCurrent(&context), "cuCtxGetCurrent");
    CUstream stream = nullptr;
    check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    CUfunction function = nullptr;
    check(cudaGetFuncBySymbol(&function, reinterpret_cast<void const*>(&emptyAxpy)), "cudaGetFuncBySymbol");
    float* x = nullptr;
    float* y = nullptr;
    check(cudaMalloc(&x, 1024 * sizeof(float)), "cudaMalloc");
    check(cudaMalloc(&y, 1024 * sizeof(float)), "cudaMalloc");
    float a = 2;
    unsigned long long n = 1024;
    void* params[] = {&a, &x, &y, &n};
    auto sync = [&] { check(cuStreamSynchronize(stream), "cuStreamSynchronize"); };

    auto driverLaunch
        = [&] { check(cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, stream, params, nullptr), "cuLaunchKernel"); };
    auto runtimeLaunch = [&]
    {
        emptyAxpy<<<1, 256, 0, reinterpret_cast<cudaStream_t>(stream)>>>(a, x, y, n);
        check(cudaGetLastError(), "<<<>>>");
    };
    CUevent event = nullptr;
    check(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING), "cuEventCreate");
    auto record = [&] { check(cuEventRecord(event, stream), "cuEventRecord"); };
    auto pushPop = [&]
    {
        check(cuCtxPushCurrent(context), "cuCtxPushCurrent");
        CUcontext popped = nullptr;
        check(cuCtxPopCurrent(&popped), "cuCtxPopCurrent");
    };
    auto getCurrent = [&]
    {
        CUcontext current = nullptr;
        check(cuCtxGetCurrent(&current), "cuCtxGetCurrent");
    };
    for(int warm = 0; warm < 3; ++warm) // module load, first launches
    {
        driverLaunch();
        runtimeLaunch();
        sync();
    }

    std::printf("| host time per call, bursts of 256 (median of 200) | us |\n|---|---|\n");
    std::printf("| cuLaunchKernel, empty kernel with axpy's parameters | %.2f |\n", perCall(driverLaunch, sync));
    std::printf("| <<<>>> of the same kernel | %.2f |\n", perCall(runtimeLaunch, sync));
    std::printf("| cuEventRecord | %.2f |\n", perCall(record, sync));
    std::printf("| cuCtxPushCurrent + cuCtxPopCurrent | %.3f |\n", perCall(pushPop, [] {}));
    std::printf("| cuCtxGetCurrent | %.3f |\n", perCall(getCurrent, [] {}));
    std::printf(
        "| cuLaunchKernel + cuEventRecord after every 16th | %.2f |\n",
        perCall(
            [&, i = 0]() mutable
            {
                driverLaunch();
                if(++i % 16 == 0)
                    record();
            },
            sync));
    return 0;
}
