// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Compiled by NVRTC (no host standard library): the kernel-side part of alpaka.hpp must compile and its templates
// must instantiate in device code.

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
