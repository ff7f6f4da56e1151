// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka orders indices [z][y][x] (the last is the fastest), CUDA/HIP name them .x .y .z: alpaka dimension Dim-1
//! is .x, Dim-2 is .y, Dim-3 is .z. The GPU back-ends support up to three dimensions.

#include "alpaka/core/Common.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>

namespace alpaka::detail::cudaHip
{
    //! A Vec from anything with members x, y, z (uint3, dim3, the built-in index variables, int[3] via xyzOf).
    template<typename TDim, typename TIdx, typename TXyz>
    ALPAKA_FN_HOST_ACC auto vecFromXyz(TXyz const& xyz) -> Vec<TDim, TIdx>
    {
        constexpr std::size_t dim = TDim::value;
        static_assert(dim <= 3, "The CUDA and HIP back-ends support at most 3 dimensions");
        Vec<TDim, TIdx> vec = Vec<TDim, TIdx>::zeros();
        if constexpr(dim >= 1)
            vec[dim - 1] = static_cast<TIdx>(xyz.x);
        if constexpr(dim >= 2)
            vec[dim - 2] = static_cast<TIdx>(xyz.y);
        if constexpr(dim >= 3)
            vec[dim - 3] = static_cast<TIdx>(xyz.z);
        return vec;
    }

    //! The x, y, z of a Vec (1 where the Vec has fewer dimensions), as unsigned integers for dim3.
    struct Xyz
    {
        unsigned x = 1;
        unsigned y = 1;
        unsigned z = 1;
    };

    template<typename TDim, typename TIdx>
    ALPAKA_FN_HOST_ACC auto xyzFromVec(Vec<TDim, TIdx> const& vec) -> Xyz
    {
        constexpr std::size_t dim = TDim::value;
        static_assert(dim <= 3, "The CUDA and HIP back-ends support at most 3 dimensions");
        Xyz xyz;
        if constexpr(dim >= 1)
            xyz.x = static_cast<unsigned>(vec[dim - 1]);
        if constexpr(dim >= 2)
            xyz.y = static_cast<unsigned>(vec[dim - 2]);
        if constexpr(dim >= 3)
            xyz.z = static_cast<unsigned>(vec[dim - 3]);
        return xyz;
    }
} // namespace alpaka::detail::cudaHip
