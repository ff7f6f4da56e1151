// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! libFuzzer harness of the numeric core of kernel-argument conversion (src/runtime/ArgConversion.hpp), what every
//! launch applies to its Python numbers and arrays:
//! - an integer (sign, 64-bit magnitude, or beyond 64 bits) stored as each parameter type: accepted exactly when the
//!   value is in the type's range (a 128-bit reference), and then stored as that value;
//! - a double stored as float or double: refused exactly when finite and beyond float's range;
//! - the bytes an array of any extents and (negative, zero, overlapping) strides spans: every element lies inside,
//!   and two arrays whose spans do not overlap share no byte (what the no-alias variants of run-time compiled CPU
//!   kernels rely on).

#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "FuzzInput.hpp"
#include "runtime/ArgConversion.hpp"

namespace
{
    namespace rt = pyalpaka::rt;
    using i128 = __int128;

    template<typename T>
    void checkInteger(rt::DType target, rt::IntegerValue const& v, i128 value)
    {
        unsigned char out[16]{};
        bool const stored = rt::storeIntegerIfFits(target, v, out);
        bool const inRange = !v.beyond64 && value >= static_cast<i128>(std::numeric_limits<T>::min())
                             && value <= static_cast<i128>(std::numeric_limits<T>::max());
        FUZZ_CHECK(stored == inRange);
        if(stored)
        {
            T expected = static_cast<T>(value);
            FUZZ_CHECK(std::memcmp(out, &expected, sizeof(T)) == 0);
        }
    }

    void checkIntegers(fuzz::Input& in)
    {
        rt::IntegerValue v;
        auto const flags = in.take<std::uint8_t>();
        v.negative = (flags & 1) != 0;
        v.beyond64 = (flags & 2) != 0 && (flags & 4) != 0;
        v.magnitude
            = (flags & 8) ? in.take<std::uint64_t>() : in.take<std::uint8_t>() + (std::uint64_t{1} << in.below(64)) - 2;
        if(v.negative && v.magnitude == 0)
            v.negative = false; // -0 is 0: the bindings never make it
        i128 const value = v.negative ? -static_cast<i128>(v.magnitude) : static_cast<i128>(v.magnitude);
        checkInteger<std::int8_t>(rt::DType::Int8, v, value);
        checkInteger<std::uint8_t>(rt::DType::UInt8, v, value);
        checkInteger<std::int16_t>(rt::DType::Int16, v, value);
        checkInteger<std::uint16_t>(rt::DType::UInt16, v, value);
        checkInteger<std::int32_t>(rt::DType::Int32, v, value);
        checkInteger<std::uint32_t>(rt::DType::UInt32, v, value);
        checkInteger<std::int64_t>(rt::DType::Int64, v, value);
        checkInteger<std::uint64_t>(rt::DType::UInt64, v, value);
        // To floating point: any 64-bit value, rounded to the nearest double (and on to float).
        double d = 0;
        FUZZ_CHECK(rt::storeIntegerIfFits(rt::DType::Float64, v, &d) == !v.beyond64);
        if(!v.beyond64)
        {
            auto const nearest = static_cast<double>(v.magnitude);
            FUZZ_CHECK(d == (v.negative ? -nearest : nearest));
            float f = 0;
            FUZZ_CHECK(rt::storeIntegerIfFits(rt::DType::Float32, v, &f));
            FUZZ_CHECK(f == static_cast<float>(d));
        }
        unsigned char untouched[16]{};
        FUZZ_CHECK(!rt::storeIntegerIfFits(rt::DType::Bool, v, untouched));
    }

    void checkReals(fuzz::Input& in)
    {
        auto const value = in.take<double>();
        double d = 0;
        FUZZ_CHECK(rt::storeRealIfFits(rt::DType::Float64, value, &d));
        FUZZ_CHECK(std::memcmp(&d, &value, sizeof(double)) == 0);
        float f = 0;
        bool const beyond = std::isfinite(value) && std::fabs(value) > std::numeric_limits<float>::max();
        FUZZ_CHECK(rt::storeRealIfFits(rt::DType::Float32, value, &f) == !beyond);
        if(!beyond && !std::isnan(value))
            FUZZ_CHECK(f == static_cast<float>(value));
    }

    struct Array
    {
        std::uintptr_t base = 0;
        std::size_t itemSize = 1;
        std::size_t ndim = 0;
        std::ptrdiff_t extent[4]{};
        std::ptrdiff_t stride[4]{};
        rt::ArgInfo info;
        std::size_t elements = 1;
    };

    auto arrayFrom(fuzz::Input& in) -> Array
    {
        Array a;
        // Addresses far from 0 and from the top, as real memory is; arrays a few KiB apart, so that they meet.
        a.base = (std::uintptr_t{1} << 40) + in.take<std::uint16_t>();
        a.itemSize = std::size_t{1} << in.below(4);
        a.ndim = 1 + in.below(3);
        for(std::size_t d = 0; d < a.ndim; ++d)
        {
            a.extent[d] = static_cast<std::ptrdiff_t>(in.below(6));
            a.stride[d] = in.take<std::int8_t>() * static_cast<std::ptrdiff_t>(1 + in.below(8));
            a.elements *= static_cast<std::size_t>(a.extent[d]);
        }
        rt::setElementSpan(
            a.info,
            reinterpret_cast<void const*>(a.base),
            a.elements == 0,
            a.itemSize,
            a.ndim,
            [&](std::size_t d) { return std::pair{a.extent[d], a.stride[d]}; });
        return a;
    }

    //! Every byte address of an array's elements.
    auto bytesOf(Array const& a) -> std::set<std::uintptr_t>
    {
        std::set<std::uintptr_t> bytes;
        if(a.elements == 0)
            return bytes;
        std::ptrdiff_t index[4]{};
        for(std::size_t e = 0; e < a.elements; ++e)
        {
            std::ptrdiff_t offset = 0;
            for(std::size_t d = 0; d < a.ndim; ++d)
                offset += index[d] * a.stride[d];
            for(std::size_t b = 0; b < a.itemSize; ++b)
                bytes.insert(a.base + static_cast<std::uintptr_t>(offset) + b);
            for(std::size_t d = a.ndim; d-- > 0;)
            {
                if(++index[d] < a.extent[d])
                    break;
                index[d] = 0;
            }
        }
        return bytes;
    }

    void checkSpans(fuzz::Input& in)
    {
        auto const a = arrayFrom(in);
        auto const b = arrayFrom(in);
        auto const bytesA = bytesOf(a);
        auto const bytesB = bytesOf(b);
        for(auto const* pair : {&a, &b})
        {
            auto const& bytes = pair == &a ? bytesA : bytesB;
            for(auto const byte : bytes)
                FUZZ_CHECK(pair->info.begin <= byte && byte < pair->info.end);
        }
        bool shared = false;
        for(auto const byte : bytesA)
            shared = shared || bytesB.count(byte) != 0;
        if(shared)
            FUZZ_CHECK(rt::spansOverlap(a.info, b.info) && rt::spansOverlap(b.info, a.info));
        FUZZ_CHECK(rt::spansOverlap(a.info, b.info) == rt::spansOverlap(b.info, a.info));
    }
} // namespace

extern "C" auto LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) -> int
{
    fuzz::Input in(data, size);
    switch(in.take<std::uint8_t>() % 3)
    {
        case 0:
            checkIntegers(in);
            break;
        case 1:
            checkReals(in);
            break;
        default:
            checkSpans(in);
            break;
    }
    return 0;
}
