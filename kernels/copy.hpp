// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Copy, the first BabelStream kernel: c = a.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels
{
    //! c[i] = a[i] for i in [0, n); any 1-D work division.
    struct Copy
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T const* a, T* c, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                c[i] = a[i];
        }
    };
} // namespace pyalpaka::kernels
