// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Compiled by NVRTC and hiprtc (neither has a standard library of its own): the kernel-side part of alpaka.hpp must
// compile and its templates must instantiate in device code.

#include <alpaka/alpaka.hpp>

using Vec3 = alpaka::Vec<alpaka::DimInt<3>, unsigned>;

struct Sample
{
    float uniform;
    float normal;
    unsigned bits;
    alpaka::Complex<float> z;
    unsigned linear;
};

extern "C" __global__ void kernelSideLibrary(Sample* out, unsigned long long seed)
{
    // Vec, mapIdx and work division values.
    Vec3 const extent{4u, 8u, 16u};
    Vec3 const idx{threadIdx.z, threadIdx.y, threadIdx.x};
    auto const linear = alpaka::mapIdx<1u>(idx, extent)[0];
    alpaka::WorkDivMembers<alpaka::DimInt<3>, unsigned> const workDiv{Vec3::ones(), extent, Vec3::ones()};
    auto const threads = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(workDiv).prod();

    // Random numbers: the same generator and distributions as on the CPU back-ends.
    alpaka::rand::Philox4x32x10 engine(seed, linear);
    alpaka::rand::distribution::UniformReal<float> uniform;
    alpaka::rand::distribution::NormalReal<float> normal;
    alpaka::rand::distribution::UniformUint<unsigned> bits;
    alpaka::rand::Philox4x32x10Vector vectorEngine(seed, linear);
    auto const four = uniform(vectorEngine);
    alpaka::rand::TinyMersenneTwister32 tiny(static_cast<unsigned>(seed));

    // Complex numbers and the math constants.
    alpaka::Complex<float> z{four[0], four[1]};
    z = alpaka::exp(alpaka::log(z)) * alpaka::sqrt(z) + alpaka::sin(z) / alpaka::cos(z) - alpaka::atanh(z);
    z += alpaka::polar(1.0f, alpaka::math::constants::pi_v<float>);

    out[linear] = Sample{uniform(engine), normal(engine), bits(engine) ^ tiny(), z, static_cast<unsigned>(threads)};
}

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)
// The GPU accelerator itself under NVRTC or hiprtc: what a kernel calls on it (indices, work division, shared memory,
// synchronisation, atomics, fences, warp functions, intrinsics, math, random numbers) instantiated in device code.
// A JIT entry constructs the accelerator as the launch entry of kernel/TaskKernelGpuUniformCudaHipRt.hpp does.
struct AccSample
{
    template<typename TAcc>
    __device__ void operator()(TAcc const& acc, unsigned* out) const
    {
        auto const gridThread = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
        auto const blockThread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc);
        auto const blockThreads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc);
        auto const elems = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(acc);
        auto& shared = alpaka::declareSharedVar<unsigned, 0>(acc);
        unsigned* dyn = alpaka::getDynSharedMem<unsigned>(acc);
        if(blockThread[0] == 0)
            shared = 0u;
        alpaka::syncBlockThreads(acc);
        alpaka::atomicAdd(acc, &shared, 1u, alpaka::hierarchy::Threads{});
        alpaka::atomicMax(acc, out, static_cast<unsigned>(gridThread[0]));
        alpaka::atomicCas(acc, out + 1, 0u, 1u);
        auto& d = alpaka::declareSharedVar<double, 1>(acc);
        alpaka::atomicMin(acc, &d, 0.5);
        alpaka::mem_fence(acc, alpaka::memory_scope::Grid{});
        int const count = alpaka::syncBlockThreadsPredicate<alpaka::BlockCount>(acc, 1);
        dyn[blockThread[0]] = static_cast<unsigned>(count) + shared;
        auto const lane = alpaka::warp::shfl(acc, static_cast<int>(blockThread[0]), 0);
        auto const ballot = alpaka::warp::ballot(acc, lane == 0);
        auto engine = alpaka::rand::engine::createDefault(acc, 42u, gridThread[0]);
        auto uniform = alpaka::rand::distribution::createUniformReal<float>(acc);
        float const x = alpaka::math::sin(acc, uniform(engine)) + alpaka::math::rsqrt(acc, 4.0f);
        out[2 + gridThread[0]] = static_cast<unsigned>(alpaka::popcount(acc, ballot)) + static_cast<unsigned>(x)
                                 + blockThreads[0] + elems[0] + static_cast<unsigned>(d);
    }
};

extern "C" __global__ void accGpu(unsigned* out)
{
#    if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
    using Acc = alpaka::AccGpuCudaRt<alpaka::DimInt<1>, unsigned>;
#    else
    using Acc = alpaka::AccGpuHipRt<alpaka::DimInt<1>, unsigned>;
#    endif
    Acc const acc(alpaka::detail::cudaHip::GpuLaunchKey{}, alpaka::Vec<alpaka::DimInt<1>, unsigned>{1u});
    AccSample{}(acc, out);
}
#endif
