// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! executeForEachAccTag(f): calls f(tag) for the tag of every enabled back-end until one returns a true (non-zero)
//! value; returns whether one did. Examples use it to run once per back-end and stop at the first failure.

#include "alpaka/alpaka.hpp"

#include <tuple>
#include <utility>

namespace alpaka
{
    template<typename TCallable>
    inline auto executeForEachAccTag(TCallable&& callable)
    {
        return std::apply(
            [&](auto const&... tags) { return (static_cast<bool>(callable(tags)) || ...); }, EnabledAccTags{});
    }
} // namespace alpaka
