// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Ownership handles of views: a view into a buffer keeps the buffer's memory alive, so that a sub-view or a queued
//! copy never outlives the memory it points to.

#include <memory>

namespace alpaka::detail
{
    //! The shared ownership a view holds of its memory, or nullptr for views over memory the caller owns.
    template<typename TView>
    auto ownerOf(TView const& view) -> std::shared_ptr<void const>
    {
        if constexpr(requires { view.ownerHandle(); })
            return view.ownerHandle();
        else
            return nullptr;
    }
} // namespace alpaka::detail
