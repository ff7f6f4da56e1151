// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! TestDims: the dimensionalities every test runs with; NonZeroTestDims: the same without DimInt<0>, for tests of
//! things that need at least one dimension (pitches, sub-views, index mapping).

#include "alpaka/dim/DimIntegralConst.hpp"
#include "alpaka/meta/Filter.hpp"
#include "alpaka/meta/NonZero.hpp"

#include <tuple>

namespace alpaka::test
{
    using TestDims = std::tuple<DimInt<0u>, DimInt<1u>, DimInt<2u>, DimInt<3u>>;

    //! std::tuple<DimInt<1u>, DimInt<2u>, DimInt<3u>>.
    using NonZeroTestDims = meta::Filter<TestDims, meta::NonZero>;
} // namespace alpaka::test
