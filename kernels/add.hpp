// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Add, a BabelStream kernel: c = a + b.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! c[i] = a[i] + b[i] for i in [0, n); any 1-D work division.
    struct Add
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* a, T const* b, T* c, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                c[i] = a[i] + b[i];
        }
    };
} // namespace pyalpaka::kernels
