// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The extent check of every copy, memset and fill task (CPU and GPU): the extent must fit into each view.

#include "alpaka/core/Message.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <type_traits>

namespace alpaka::detail
{
    //! Throws std::runtime_error unless 0 <= extent <= the view's extent in every dimension.
    template<typename TView, typename TExtentVec>
    void checkExtentFits(TView const& view, TExtentVec const& extent, char const* operation, char const* role)
    {
        auto const viewExtent = getExtents(view);
        for(std::size_t i = 0; i != Dim<TExtentVec>::value; ++i)
        {
            bool const negative = [&]
            {
                if constexpr(std::is_signed_v<std::remove_cvref_t<decltype(extent[i])>>)
                    return extent[i] < 0;
                else
                    return false;
            }();
            if(negative || static_cast<std::size_t>(extent[i]) > static_cast<std::size_t>(viewExtent[i]))
                throwRuntimeError(
                    "%s: the extent %s does not fit into the %s view's extent %s",
                    operation,
                    detail::toString(extent).c_str(),
                    role,
                    detail::toString(viewExtent).c_str());
        }
    }
} // namespace alpaka::detail
