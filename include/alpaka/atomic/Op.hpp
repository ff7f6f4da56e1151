// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The atomic operations as plain function objects: op(addr, value) updates *addr and returns the old value. The
//! rules are CUDA's. Atomic implementations use them as the specification; AtomicNoOp runs them directly.

#include "alpaka/core/Common.hpp"

#include <type_traits>

namespace alpaka
{
    //! *addr += value.
    struct AtomicAdd
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            T const old = *addr;
            *addr = static_cast<T>(old + value);
            return old;
        }
    };

    //! *addr -= value.
    struct AtomicSub
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            T const old = *addr;
            *addr = static_cast<T>(old - value);
            return old;
        }
    };

    //! *addr = min(*addr, value).
    struct AtomicMin
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            T const old = *addr;
            *addr = (value < old) ? value : old;
            return old;
        }
    };

    //! *addr = max(*addr, value).
    struct AtomicMax
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            T const old = *addr;
            *addr = (old < value) ? value : old;
            return old;
        }
    };

    //! *addr = value.
    struct AtomicExch
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            T const old = *addr;
            *addr = value;
            return old;
        }
    };

    //! *addr = (old >= value) ? 0 : old + 1: a counter that wraps after value.
    struct AtomicInc
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            T const old = *addr;
            *addr = (old >= value) ? static_cast<T>(0) : static_cast<T>(old + 1);
            return old;
        }
    };

    //! *addr = (old == 0 || old > value) ? value : old - 1: a counter that wraps to value.
    struct AtomicDec
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            T const old = *addr;
            *addr = (old == static_cast<T>(0) || old > value) ? value : static_cast<T>(old - 1);
            return old;
        }
    };

    //! *addr &= value.
    struct AtomicAnd
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            static_assert(std::is_integral_v<T>, "atomicAnd needs an integral type");
            T const old = *addr;
            *addr = static_cast<T>(old & value);
            return old;
        }
    };

    //! *addr |= value.
    struct AtomicOr
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            static_assert(std::is_integral_v<T>, "atomicOr needs an integral type");
            T const old = *addr;
            *addr = static_cast<T>(old | value);
            return old;
        }
    };

    //! *addr ^= value.
    struct AtomicXor
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& value) const -> T
        {
            static_assert(std::is_integral_v<T>, "atomicXor needs an integral type");
            T const old = *addr;
            *addr = static_cast<T>(old ^ value);
            return old;
        }
    };

    //! *addr = (old == compare) ? value : old.
    struct AtomicCas
    {
        template<typename T>
        ALPAKA_FN_HOST_ACC auto operator()(T* addr, T const& compare, T const& value) const -> T
        {
            T const old = *addr;
            *addr = (old == compare) ? value : old;
            return old;
        }
    };
} // namespace alpaka
