// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! printTagNames<TTuple>(): writes the names of a tuple of tags to std::cout (upstream 2.x, whose examples print the
//! enabled tags with it). A header of its own, not part of acc/Tag.hpp as upstream's is, because it needs <iostream>
//! and acc/Tag.hpp is read by kernels and the run-time compilers; alpaka.hpp includes it, next to its <iostream>.

#include "alpaka/acc/Tag.hpp"

#include <cstddef>
#include <iostream>
#include <tuple>

namespace alpaka
{
    namespace detail
    {
        template<typename... TTags>
        void printTagNames(std::tuple<TTags...> const*)
        {
            std::size_t remaining = sizeof...(TTags);
            ((std::cout << TTags::get_name() << (--remaining > 0u ? "," : "")), ...);
        }
    } // namespace detail

    //! Writes "Tags: " and the names of the tags in TTuple (a std::tuple of tags, such as EnabledAccTags) separated by
    //! commas, or "No Tags!" for an empty tuple, then a newline (std::endl), to std::cout; as upstream 2.x.
    template<typename TTuple>
    void printTagNames()
    {
        if constexpr(std::tuple_size_v<TTuple> == 0)
            std::cout << "No Tags!";
        else
        {
            std::cout << "Tags: ";
            detail::printTagNames(static_cast<TTuple const*>(nullptr));
        }
        std::cout << std::endl;
    }
} // namespace alpaka
