// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Atomics inside a CUDA/HIP kernel: the hardware's atomic instructions (atomicAdd, atomicMin, atomicCAS, ...)
//! where the runtime has one for the type and operation, a compare-and-swap loop on the 32- or 64-bit
//! representation otherwise (long, double min/max, Inc/Dec on other types than unsigned int, ...). Signed and
//! unsigned integers of one size share the wrap-around instructions (add, sub, exchange, and, or, xor, CAS). Every
//! hierarchy level uses device-wide atomics: correct for all, though block-scoped instructions could be cheaper for
//! hierarchy::Threads.

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/atomic/Op.hpp"
#    include "alpaka/atomic/Traits.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"

#    include <type_traits>

namespace alpaka
{
    class AtomicUniformCudaHipBuiltIn
    {
    };

    namespace detail::cudaHip
    {
        template<typename T>
        using AtomicBits = std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;

        //! The bits of a 4- or 8-byte integer or floating-point value as another such type (the GPU intrinsics:
        //! no memcpy or __builtin_bit_cast, which NVRTC lacks).
        template<typename TTo, typename TFrom>
        __device__ auto bitCast(TFrom const& from) -> TTo
        {
            static_assert(sizeof(TTo) == sizeof(TFrom), "bitCast needs types of equal size");
            if constexpr(std::is_integral_v<TTo> && std::is_integral_v<TFrom>)
                return static_cast<TTo>(from);
            else if constexpr(std::is_same_v<TFrom, float>)
                return static_cast<TTo>(__float_as_uint(from));
            else if constexpr(std::is_same_v<TTo, float>)
                return __uint_as_float(static_cast<unsigned int>(from));
            else if constexpr(std::is_same_v<TFrom, double>)
                return static_cast<TTo>(__double_as_longlong(from));
            else if constexpr(std::is_same_v<TTo, double>)
                return __longlong_as_double(static_cast<long long>(from));
            else
                static_assert(
                    std::is_integral_v<TTo> && std::is_integral_v<TFrom>,
                    "CUDA/HIP atomics support integers, float and double");
        }

        //! The operation through compare-and-swap on the value's bits.
        template<typename TOp, typename T>
        __device__ auto atomicCasLoop(T* addr, T const& value) -> T
        {
            static_assert(
                sizeof(T) == 4 || sizeof(T) == 8,
                "CUDA/HIP atomics support 4- and 8-byte types (int, unsigned, long, long long, float, double)");
            using Bits = AtomicBits<T>;
            auto* const bitsAddr = reinterpret_cast<Bits*>(addr);
            Bits old = *reinterpret_cast<Bits volatile*>(bitsAddr);
            for(;;)
            {
                Bits const assumed = old;
                T desired = bitCast<T>(assumed);
                TOp{}(&desired, value);
                old = ::atomicCAS(bitsAddr, assumed, bitCast<Bits>(desired));
                if(old == assumed)
                    return bitCast<T>(assumed);
            }
        }

        //! An integer of T's size that the instruction set has (int, unsigned int, unsigned long long, long long).
        template<typename T, bool TSigned>
        using NativeInt = std::conditional_t<
            sizeof(T) == 4,
            std::conditional_t<TSigned, int, unsigned int>,
            std::conditional_t<TSigned, long long, unsigned long long>>;

        template<typename T>
        inline constexpr bool isInt4or8 = std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8);

        template<typename TOp, typename T>
        __device__ auto atomicDispatch(T* addr, T const& value) -> T
        {
            using Unsigned = NativeInt<T, false>;
            if constexpr(std::is_same_v<TOp, AtomicAdd> && (std::is_floating_point_v<T>))
                return ::atomicAdd(addr, value);
            else if constexpr(std::is_same_v<TOp, AtomicSub> && std::is_floating_point_v<T>)
                return ::atomicAdd(addr, static_cast<T>(-value));
            else if constexpr(std::is_same_v<TOp, AtomicAdd> && isInt4or8<T>)
                return static_cast<T>(::atomicAdd(reinterpret_cast<Unsigned*>(addr), static_cast<Unsigned>(value)));
            else if constexpr(std::is_same_v<TOp, AtomicSub> && isInt4or8<T>)
                return static_cast<T>(::atomicAdd(
                    reinterpret_cast<Unsigned*>(addr),
                    static_cast<Unsigned>(Unsigned{0} - static_cast<Unsigned>(value))));
            else if constexpr(std::is_same_v<TOp, AtomicExch> && (isInt4or8<T> || std::is_same_v<T, float>))
            {
                if constexpr(std::is_same_v<T, float>)
                    return ::atomicExch(addr, value);
                else
                    return static_cast<T>(
                        ::atomicExch(reinterpret_cast<Unsigned*>(addr), static_cast<Unsigned>(value)));
            }
            else if constexpr(std::is_same_v<TOp, AtomicExch> && std::is_same_v<T, double>)
                return bitCast<double>(
                    ::atomicExch(reinterpret_cast<unsigned long long*>(addr), bitCast<unsigned long long>(value)));
            else if constexpr(
                (std::is_same_v<TOp, AtomicMin> || std::is_same_v<TOp, AtomicMax>)
                && isInt4or8<T> && !(std::is_signed_v<T> && sizeof(T) == 8 && ALPAKA_LANG_HIP))
            {
                using Native = NativeInt<T, std::is_signed_v<T>>;
                auto* const nativeAddr = reinterpret_cast<Native*>(addr);
                if constexpr(std::is_same_v<TOp, AtomicMin>)
                    return static_cast<T>(::atomicMin(nativeAddr, static_cast<Native>(value)));
                else
                    return static_cast<T>(::atomicMax(nativeAddr, static_cast<Native>(value)));
            }
            else if constexpr(std::is_same_v<TOp, AtomicAnd> && isInt4or8<T>)
                return static_cast<T>(::atomicAnd(reinterpret_cast<Unsigned*>(addr), static_cast<Unsigned>(value)));
            else if constexpr(std::is_same_v<TOp, AtomicOr> && isInt4or8<T>)
                return static_cast<T>(::atomicOr(reinterpret_cast<Unsigned*>(addr), static_cast<Unsigned>(value)));
            else if constexpr(std::is_same_v<TOp, AtomicXor> && isInt4or8<T>)
                return static_cast<T>(::atomicXor(reinterpret_cast<Unsigned*>(addr), static_cast<Unsigned>(value)));
            else if constexpr(std::is_same_v<TOp, AtomicInc> && std::is_same_v<T, unsigned int>)
                return ::atomicInc(addr, value);
            else if constexpr(std::is_same_v<TOp, AtomicDec> && std::is_same_v<T, unsigned int>)
                return ::atomicDec(addr, value);
            else
                return atomicCasLoop<TOp>(addr, value);
        }
    } // namespace detail::cudaHip

    namespace trait
    {
        template<typename TOp, typename T, typename THierarchy>
        struct AtomicOp<TOp, AtomicUniformCudaHipBuiltIn, T, THierarchy>
        {
            __device__ static auto atomicOp(AtomicUniformCudaHipBuiltIn const&, T* const addr, T const& value) -> T
            {
                return detail::cudaHip::atomicDispatch<TOp>(addr, value);
            }

            __device__ static auto
            atomicOp(AtomicUniformCudaHipBuiltIn const&, T* const addr, T const& compare, T const& value) -> T
            {
                static_assert(std::is_same_v<TOp, AtomicCas>, "only AtomicCas takes a compare value");
                static_assert(sizeof(T) == 4 || sizeof(T) == 8, "CUDA/HIP atomicCas supports 4- and 8-byte types");
                using Bits = detail::cudaHip::AtomicBits<T>;
                return detail::cudaHip::bitCast<T>(::atomicCAS(
                    reinterpret_cast<Bits*>(addr),
                    detail::cudaHip::bitCast<Bits>(compare),
                    detail::cudaHip::bitCast<Bits>(value)));
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
