// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Triad, the BabelStream bandwidth kernel: a = b + s * c.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! a[i] = b[i] + s * c[i] for i in [0, n); any 1-D work division.
    struct Triad
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T* a, T const* b, T const* c, T s, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                a[i] = b[i] + s * c[i];
        }
    };
} // namespace pyalpaka::kernels
