// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! How many initialisers an aggregate takes: the check that a struct argument has exactly the fields its NumPy dtype
//! describes, no more (a field of the C++ struct that lies in the dtype's padding passes every size and offset
//! check). Shared by the shipped kernels' struct layouts (src/runtime/AotLaunch.hpp, checkedFields) and the checks
//! that run-time compilation generates for registered structs (python/pyalpaka/_structs.py); compiled by the host
//! compilers, NVRTC and hiprtc alike.

#include <cstddef>
#include <type_traits>
#include <utility>

namespace pyalpaka::jit
{
    //! Converts to any type: T{AnyField{}...} compiles while there are at most as many as T takes initialisers.
    struct AnyField
    {
        template<typename T>
        constexpr operator T() const noexcept; // NOLINT(google-explicit-constructor): only in unevaluated code
    };

    template<typename T, std::size_t... TIs>
    constexpr auto bracesFit(std::index_sequence<TIs...>) -> bool
    {
        return requires { T{(static_cast<void>(TIs), AnyField{})...}; };
    }

    //! The initialisers aggregate T takes: one per field, where a C array field takes one per element (brace
    //! elision: no type converts to an array); a field of class type (a nested struct, a std::array) takes one.
    template<typename T, std::size_t TCount = 0>
    constexpr auto aggregateSlots() -> std::size_t
    {
        if constexpr(TCount < 256 && bracesFit<T>(std::make_index_sequence<TCount + 1>{}))
            return aggregateSlots<T, TCount + 1>();
        else
            return TCount;
    }

    //! aggregateSlots<T>() for an aggregate; `other` for any other type (whose own check reports it).
    template<typename T>
    constexpr auto aggregateSlotsOr(std::size_t other) -> std::size_t
    {
        if constexpr(std::is_aggregate_v<T>)
            return aggregateSlots<T>();
        else
            return other;
    }

    //! The initialisers a field of type T takes in its struct's braces: its elements for a C array, else one.
    template<typename T>
    constexpr auto fieldSlots() -> std::size_t
    {
        if constexpr(std::is_array_v<T>)
            return sizeof(T) / sizeof(std::remove_all_extents_t<T>);
        else
            return 1;
    }
} // namespace pyalpaka::jit
