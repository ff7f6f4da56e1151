// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The native peers of gpu_cuda: the BabelStream kernels as plain CUDA (one element per thread, blocks of 1024, the
//! grid gpu_cuda gives the alpaka kernels), a raw empty-kernel launch, and the helpers that fill and check device
//! arrays. Included only by gpu_cuda.cpp, in a CUDA build (nvcc compiles it next to the alpaka kernels).

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime.h>

namespace bench::gpu
{
    inline void check(cudaError_t error)
    {
        if(error != cudaSuccess)
            throw std::runtime_error(std::string("CUDA: ") + cudaGetErrorString(error));
    }

    //! The empty kernel for alpaka.
    struct EmptyKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const&) const
        {
        }
    };

    __global__ void emptyNative()
    {
    }

    template<typename T>
    __global__ void fillNative(T* a, T* b, T* c, std::size_t n)
    {
        std::size_t const i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
        if(i < n)
        {
            a[i] = static_cast<T>(0.5);
            b[i] = static_cast<T>(0.25);
            c[i] = static_cast<T>(0.125);
        }
    }

    //! op: 0 copy, 1 mul, 2 add, 3 triad, 4 nstream.
    template<typename T>
    __global__ void streamNative(int op, T* a, T* b, T* c, T s, std::size_t n)
    {
        std::size_t const i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
        if(i >= n)
            return;
        switch(op)
        {
            case 0:
                c[i] = a[i];
                break;
            case 1:
                b[i] = s * c[i];
                break;
            case 2:
                c[i] = a[i] + b[i];
                break;
            case 3:
                a[i] = b[i] + s * c[i];
                break;
            default:
                a[i] += b[i] + s * c[i];
                break;
        }
    }

    //! The dot product as the shipped kernel computes it on a GPU (kernels/detail/BlockReduce.hpp), so that the
    //! ratio measures what alpaka costs, not another algorithm: each warp adds its products by register shuffles, the
    //! warps' sums meet in shared memory, the first warp adds those, one atomic add per block. (BabelStream's own
    //! tree through shared memory, one barrier per halving round: 1764-1971 GB/s in double on an H200, this 2303.)
    template<typename T>
    __global__ void dotNative(T const* a, T const* b, T* sum, std::size_t n)
    {
        __shared__ T warpSums[32];
        std::size_t const i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
        T value = i < n ? a[i] * b[i] : T{0};
        for(unsigned offset = warpSize / 2; offset > 0; offset /= 2)
            value += __shfl_down_sync(0xffffffffu, value, offset);
        if(threadIdx.x % warpSize == 0)
            warpSums[threadIdx.x / warpSize] = value;
        __syncthreads();
        if(threadIdx.x >= warpSize)
            return;
        value = threadIdx.x < blockDim.x / warpSize ? warpSums[threadIdx.x] : T{0};
        for(unsigned offset = warpSize / 2; offset > 0; offset /= 2)
            value += __shfl_down_sync(0xffffffffu, value, offset);
        if(threadIdx.x == 0)
            atomicAdd(sum, value);
    }

    inline constexpr unsigned threads = 1024;

    inline auto blocksFor(std::size_t n) -> unsigned
    {
        return static_cast<unsigned>((n + threads - 1) / threads);
    }

    template<typename T>
    void fill(T* a, T* b, T* c, std::size_t n)
    {
        fillNative<<<blocksFor(n), threads>>>(a, b, c, n);
        check(cudaDeviceSynchronize());
    }

    //! Runs op (0..4 as streamNative, 5 dot) and waits; returns the dot product for op 5.
    template<typename T>
    auto stream(int op, T* a, T* b, T* c, T s, std::size_t n) -> T
    {
        if(op < 5)
        {
            streamNative<<<blocksFor(n), threads>>>(op, a, b, c, s, n);
            check(cudaStreamSynchronize(nullptr));
            return T{0};
        }
        static T* sum = nullptr;
        if(sum == nullptr)
            check(cudaMalloc(reinterpret_cast<void**>(&sum), sizeof(T)));
        check(cudaMemsetAsync(sum, 0, sizeof(T)));
        dotNative<<<blocksFor(n), threads>>>(a, b, sum, n);
        T result{};
        check(cudaMemcpy(&result, sum, sizeof(T), cudaMemcpyDeviceToHost));
        return result;
    }

    //! Whether all n values of the device array x equal expected.
    template<typename T>
    auto allEqual(T const* x, std::size_t n, double expected) -> bool
    {
        std::vector<T> host(n);
        check(cudaMemcpy(host.data(), x, n * sizeof(T), cudaMemcpyDeviceToHost));
        for(T const value : host)
            if(static_cast<double>(value) != expected)
                return false;
        return true;
    }

    inline void emptyLaunch(unsigned blocks, unsigned blockThreads)
    {
        emptyNative<<<blocks, blockThreads>>>();
        check(cudaStreamSynchronize(nullptr));
    }
} // namespace bench::gpu
