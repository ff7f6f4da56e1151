// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Element types the runtime knows: the NumPy dtypes that map to one C++ type each.

#include <complex>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <type_traits>

namespace pyalpaka::rt
{
    enum class DType : std::uint8_t
    {
        Bool,
        Int8,
        UInt8,
        Int16,
        UInt16,
        Int32,
        UInt32,
        Int64,
        UInt64,
        Float32,
        Float64,
        Complex64,
        Complex128
    };

    //! What a dtype is: its NumPy name, size, NumPy kind character and the C++ type name kernels see.
    struct DTypeInfo
    {
        std::string_view name;
        std::size_t size;
        char kind;
        std::string_view cppName;
    };

    //! Each dtype's DTypeInfo, in the order of DType's enumerators: launches look these up for every argument, and an
    //! index costs less than a switch building the struct (docs/dev/measurements.md#the-launch-from-python).
    inline constexpr DTypeInfo dtypeInfos[] = {
        {"bool", 1, 'b', "bool"},
        {"int8", 1, 'i', "std::int8_t"},
        {"uint8", 1, 'u', "std::uint8_t"},
        {"int16", 2, 'i', "std::int16_t"},
        {"uint16", 2, 'u', "std::uint16_t"},
        {"int32", 4, 'i', "std::int32_t"},
        {"uint32", 4, 'u', "std::uint32_t"},
        {"int64", 8, 'i', "std::int64_t"},
        {"uint64", 8, 'u', "std::uint64_t"},
        {"float32", 4, 'f', "float"},
        {"float64", 8, 'f', "double"},
        {"complex64", 8, 'c', "alpaka::Complex<float>"},
        {"complex128", 16, 'c', "alpaka::Complex<double>"},
    };
    static_assert(std::size(dtypeInfos) == static_cast<std::size_t>(DType::Complex128) + 1);
    static_assert(dtypeInfos[static_cast<std::size_t>(DType::Float32)].name == "float32");

    //! What info() says of a value that is no DType's enumerator.
    inline constexpr DTypeInfo unknownDTypeInfo{"?", 0, '?', "?"};

    [[nodiscard]] constexpr auto info(DType dtype) -> DTypeInfo const&
    {
        auto const index = static_cast<std::size_t>(dtype);
        return index < std::size(dtypeInfos) ? dtypeInfos[index] : unknownDTypeInfo;
    }

    //! The dtype of NumPy kind ('b', 'i', 'u', 'f', 'c') and size in bytes; false where there is none.
    [[nodiscard]] constexpr auto dtypeFromKind(char kind, std::size_t size, DType& out) -> bool
    {
        for(auto d = 0u; d <= static_cast<unsigned>(DType::Complex128); ++d)
        {
            auto const candidate = static_cast<DType>(d);
            if(info(candidate).kind == kind && info(candidate).size == size)
            {
                out = candidate;
                return true;
            }
        }
        return false;
    }

    //! The dtype of a C++ element type.
    template<typename T>
    constexpr auto dtypeOf() -> DType
    {
        if constexpr(std::is_same_v<T, bool>)
            return DType::Bool;
        else if constexpr(std::is_floating_point_v<T>)
            return sizeof(T) == 4 ? DType::Float32 : DType::Float64;
        else if constexpr(std::is_integral_v<T> && std::is_signed_v<T>)
            return sizeof(T) == 1   ? DType::Int8
                   : sizeof(T) == 2 ? DType::Int16
                   : sizeof(T) == 4 ? DType::Int32
                                    : DType::Int64;
        else if constexpr(std::is_integral_v<T>)
            return sizeof(T) == 1   ? DType::UInt8
                   : sizeof(T) == 2 ? DType::UInt16
                   : sizeof(T) == 4 ? DType::UInt32
                                    : DType::UInt64;
        else
        {
            static_assert(sizeof(T) == 8 || sizeof(T) == 16, "dtypeOf: unsupported element type");
            return sizeof(T) == 8 ? DType::Complex64 : DType::Complex128;
        }
    }
} // namespace pyalpaka::rt
