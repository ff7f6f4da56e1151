// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Iota: x[i] = start + i for i in [0, n).

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! Sets x[i] to start + static_cast<T>(i); any 1-D work division.
    struct Iota
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T* x, T start, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                x[i] = static_cast<T>(start + static_cast<T>(i));
        }
    };
} // namespace pyalpaka::kernels
