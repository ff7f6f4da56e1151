// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The numeric core of kernel-argument conversion, without Python: an integer or real value stored as a parameter's
//! exact type after a range check, the bytes an array argument spans, and whether two pointer arguments may reach the
//! same memory. src/bindings/KernelArgs.cpp applies it to Python values; tests/fuzz/cpp/fuzz_kernel_args.cpp drives
//! it with arbitrary ones.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "DType.hpp"
#include "KernelRegistry.hpp"

namespace pyalpaka::rt
{
    //! An integer argument as sign and magnitude; `beyond64` when its magnitude needs more than 64 bits (or it is
    //! below INT64_MIN), which no parameter type takes.
    struct IntegerValue
    {
        bool negative = false;
        std::uint64_t magnitude = 0;
        bool beyond64 = false;
    };

    //! The sign and magnitude of a C++ integer of at most 64 bits.
    template<typename T>
    constexpr auto integerValue(T value) noexcept -> IntegerValue
    {
        if constexpr(std::is_signed_v<T>)
            if(value < 0)
                return {true, std::uint64_t{0} - static_cast<std::uint64_t>(static_cast<std::int64_t>(value))};
        return {false, static_cast<std::uint64_t>(value)};
    }

    namespace detail
    {
        template<typename T>
        void storeAs(void* out, T value)
        {
            std::memcpy(out, &value, sizeof(T));
        }

        //! Whether -magnitude (negative) or magnitude lies in [lo, hi].
        template<typename T>
        constexpr auto integerIn(IntegerValue const& v) -> bool
        {
            if(v.beyond64)
                return false;
            if(v.negative)
                return std::numeric_limits<T>::is_signed
                       && v.magnitude <= static_cast<std::uint64_t>(std::numeric_limits<T>::max()) + 1u;
            return v.magnitude <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
        }

        template<typename T>
        auto storeIntegerAs(IntegerValue const& v, void* out) -> bool
        {
            if(!integerIn<T>(v))
                return false;
            // Two's complement in 64 bits, narrowed modulo 2^bits (C++20): the value itself, since it is within T.
            auto const bits = v.negative ? std::uint64_t{0} - v.magnitude : v.magnitude;
            storeAs(out, static_cast<T>(bits));
            return true;
        }
    } // namespace detail

    //! Stores a real value as float or double at `out`; false for a finite value beyond float's range (converting
    //! it would be undefined behaviour). inf and nan pass as they are.
    [[nodiscard]] inline auto storeRealIfFits(DType target, double value, void* out) -> bool
    {
        if(target == DType::Float64)
        {
            detail::storeAs(out, value);
            return true;
        }
        if(std::isfinite(value) && std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max()))
            return false;
        detail::storeAs(out, static_cast<float>(value));
        return true;
    }

    //! Stores an integer as `target` (an integer type, or float/double through the nearest double) at `out`; false
    //! when it is out of the type's range. `target` must not be bool or complex.
    [[nodiscard]] inline auto storeIntegerIfFits(DType target, IntegerValue const& v, void* out) -> bool
    {
        switch(target)
        {
            case DType::Int8:
                return detail::storeIntegerAs<std::int8_t>(v, out);
            case DType::UInt8:
                return detail::storeIntegerAs<std::uint8_t>(v, out);
            case DType::Int16:
                return detail::storeIntegerAs<std::int16_t>(v, out);
            case DType::UInt16:
                return detail::storeIntegerAs<std::uint16_t>(v, out);
            case DType::Int32:
                return detail::storeIntegerAs<std::int32_t>(v, out);
            case DType::UInt32:
                return detail::storeIntegerAs<std::uint32_t>(v, out);
            case DType::Int64:
                return detail::storeIntegerAs<std::int64_t>(v, out);
            case DType::UInt64:
                return detail::storeIntegerAs<std::uint64_t>(v, out);
            case DType::Float32:
            case DType::Float64:
            {
                if(v.beyond64)
                    return false;
                // Correctly rounded, as Python's float(int) is.
                auto const magnitude = static_cast<double>(v.magnitude);
                return storeRealIfFits(target, v.negative ? -magnitude : magnitude, out);
            }
            default:
                return false;
        }
    }

    //! Sets info.begin/end to the bytes an array's elements span: `dimension(d)` gives extent and byte stride (which
    //! may be negative) of dimension d; an empty array spans nothing.
    template<typename TDimension>
    void setElementSpan(
        ArgInfo& info,
        void const* data,
        bool empty,
        std::size_t itemSize,
        std::size_t ndim,
        TDimension const& dimension)
    {
        auto const base = reinterpret_cast<std::uintptr_t>(data);
        if(empty)
        {
            info.begin = info.end = base;
            return;
        }
        std::ptrdiff_t low = 0;
        std::ptrdiff_t high = 0;
        for(std::size_t d = 0; d < ndim; ++d)
        {
            auto const [extent, stride] = dimension(d);
            auto const reach = (extent - 1) * stride;
            (reach < 0 ? low : high) += reach;
        }
        info.begin = base + static_cast<std::uintptr_t>(low); // wraps for a negative low, as intended
        info.end = base + static_cast<std::uintptr_t>(high) + itemSize;
    }

    //! Whether two pointer arguments may reach a common byte (their spans overlap).
    [[nodiscard]] constexpr auto spansOverlap(ArgInfo const& a, ArgInfo const& b) -> bool
    {
        return a.begin < b.end && b.begin < a.end;
    }
} // namespace pyalpaka::rt
