// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccIsEnabled<TTag>: whether the back-end of a tag is enabled in this build; EnabledAccTags lists those that are.
//! Include it after the back-ends (alpaka.hpp does), because enabled back-ends are found by their TagToAcc.

#include "alpaka/acc/Tag.hpp"
#include "alpaka/dim/DimIntegralConst.hpp"
#include "alpaka/meta/Filter.hpp"

#include <type_traits>

namespace alpaka
{
    template<typename TTag, typename TSfinae = void>
    struct AccIsEnabled : std::false_type
    {
    };

    template<typename TTag>
    struct AccIsEnabled<TTag, std::void_t<TagToAcc<TTag, DimInt<1>, int>>> : std::true_type
    {
    };

    using EnabledAccTags = meta::Filter<AccTags, AccIsEnabled>;
} // namespace alpaka
