// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Bit intrinsics in kernels: popcount(acc, x) counts the set bits of a 32- or 64-bit value; ffs(acc, x) is the
//! 1-based position of the least significant set bit, 0 for x == 0 (CUDA's __ffs/__ffsll).

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

#include <cstdint>
#include <type_traits>

namespace alpaka
{
    //! The concept of bit intrinsics.
    struct ConceptIntrinsic;

    namespace trait
    {
        //! Static popcount(intrinsic, value) -> std::int32_t.
        template<typename TWarp, typename TSfinae = void>
        struct Popcount;
        //! Static ffs(intrinsic, value) -> std::int32_t.
        template<typename TWarp, typename TSfinae = void>
        struct Ffs;
    } // namespace trait

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TIntrinsic, typename TValue>
        requires(std::is_integral_v<TValue> && (sizeof(TValue) == 4 || sizeof(TValue) == 8))
    ALPAKA_FN_ACC auto popcount(TIntrinsic const& intrinsic, TValue const& value) -> std::int32_t
    {
        using Impl = concepts::ImplementationBase<ConceptIntrinsic, TIntrinsic>;
        return trait::Popcount<Impl>::popcount(intrinsic, static_cast<std::make_unsigned_t<TValue>>(value));
    }

    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TIntrinsic, typename TValue>
        requires(std::is_integral_v<TValue> && (sizeof(TValue) == 4 || sizeof(TValue) == 8))
    ALPAKA_FN_ACC auto ffs(TIntrinsic const& intrinsic, TValue const& value) -> std::int32_t
    {
        using Impl = concepts::ImplementationBase<ConceptIntrinsic, TIntrinsic>;
        return trait::Ffs<Impl>::ffs(intrinsic, static_cast<std::make_unsigned_t<TValue>>(value));
    }
} // namespace alpaka
