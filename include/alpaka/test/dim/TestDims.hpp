// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! TestDims: the dimensionalities every test runs with.

#include "alpaka/dim/DimIntegralConst.hpp"

#include <tuple>

namespace alpaka::test
{
    using TestDims = std::tuple<DimInt<0u>, DimInt<1u>, DimInt<2u>, DimInt<3u>>;
} // namespace alpaka::test
