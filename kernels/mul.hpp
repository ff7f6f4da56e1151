// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Mul, the BabelStream scale kernel: b = s * c.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! b[i] = s * c[i] for i in [0, n); any 1-D work division.
    struct Mul
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T* b, T const* c, T s, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                b[i] = s * c[i];
        }
    };
} // namespace pyalpaka::kernels
