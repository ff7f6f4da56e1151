// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Fill: x[i] = value for i in [0, n).

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! Sets every element of x[0, n) to value; any 1-D work division.
    struct Fill
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T* x, T value, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                x[i] = value;
        }
    };
} // namespace pyalpaka::kernels
