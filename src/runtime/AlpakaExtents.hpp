// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The runtime's Extents as alpaka vectors and back, in the same [z][y][x] order (shared by the CPU back-ends'
//! BackendImpl and the cuda back-end, which both hand work divisions and limits to alpaka's own algorithms).

#include <alpaka/core/Common.hpp>
#include <alpaka/vec/Vec.hpp>

#include <cstddef>

#include "WorkDiv.hpp"

namespace pyalpaka::rt
{
    template<std::size_t TDim>
    auto toVec(Extents const& e)
    {
        alpaka::Vec<alpaka::DimInt<TDim>, std::size_t> v;
        for(std::size_t i = 0; i < TDim; ++i)
            v[i] = e.values[i];
        return v;
    }

    template<typename TVec>
    auto toExtents(TVec const& v) -> Extents
    {
        Extents e;
        e.dim = alpaka::Dim<TVec>::value;
        for(std::size_t i = 0; i < e.dim; ++i)
            e.values[i] = static_cast<std::size_t>(v[i]);
        return e;
    }
} // namespace pyalpaka::rt
