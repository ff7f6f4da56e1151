// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! meta::DependentType<T, TLazy>: T, spelled as a type that depends on TLazy.
//!
//! The host machinery of the CPU back-ends (queues, events, graphs, the device's queue list) consists of class
//! templates of an unused parameter TLazy, named through aliases (`using Task = TaskT<>;`), so that a translation
//! unit that never creates a non-blocking queue, an event or a graph does not compile what their member functions use:
//! as plain classes, every unit that includes alpaka.hpp compiled all of it. GCC then compiles a member function
//! only when it is used. Clang also compiles, right away, every constexpr function that a non-dependent expression
//! in a template calls, and since C++20 that includes std::vector's and std::unique_ptr's members: so inside those
//! templates the types that such members act on are spelled DependentType<T, TLazy>.

namespace alpaka::meta
{
    template<typename T, typename TLazy>
    struct DependentTypeImpl
    {
        using type = T;
    };

    template<typename T, typename TLazy>
    using DependentType = typename DependentTypeImpl<T, TLazy>::type;
} // namespace alpaka::meta
