// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Axpy: y = a * x + y (BLAS level 1).

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! y[i] = a * x[i] + y[i] for i in [0, n); any 1-D work division.
    struct Axpy
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T a, T const* x, T* y, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                y[i] = a * x[i] + y[i];
        }
    };
} // namespace pyalpaka::kernels
