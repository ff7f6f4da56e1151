// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Nstream, the BabelStream kernel that reads three arrays and writes one: a += b + s * c.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! a[i] += b[i] + s * c[i] for i in [0, n); any 1-D work division.
    struct Nstream
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T* a, T const* b, T const* c, T s, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                a[i] += b[i] + s * c[i];
        }
    };
} // namespace pyalpaka::kernels
