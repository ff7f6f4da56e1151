// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::experimental::mdspan, extents, dextents, dynamic_extent, layout_right, layout_left, layout_stride and
//! default_accessor, the names upstream alpaka takes from Kokkos' reference mdspan. They are the standard library's
//! where it has <mdspan> (C++23 with a library that ships it), else this library's own implementation of the C++23
//! specification (core/mdspan/), which also works in C++20 and in device code. Define ALPAKA_MDSPAN_OWN to use the
//! own one everywhere: it keeps upstream's call operator mds(i, j, k), which the standard's mdspan lacks (it has
//! mds[i, j, k]), and its members are host-device functions where the standard's are constexpr host functions (nvcc
//! accepts those in kernels only with --expt-relaxed-constexpr, which alpaka's CMake target adds).

#include "alpaka/core/mdspan/Config.hpp"
#include "alpaka/core/mdspan/Extents.hpp"
#include "alpaka/core/mdspan/Layouts.hpp"
#include "alpaka/core/mdspan/Mdspan.hpp"
#include "alpaka/core/mdspan/Submdspan.hpp"

#if ALPAKA_MDSPAN_STD
#    include <mdspan>

namespace alpaka::experimental
{
    using std::default_accessor;
    using std::dextents;
    using std::dynamic_extent;
    using std::extents;
    using std::layout_left;
    using std::layout_right;
    using std::layout_stride;
    using std::mdspan;
#    if defined(__cpp_lib_submdspan)
    using std::full_extent;
    using std::submdspan;
#    endif
} // namespace alpaka::experimental
#endif
