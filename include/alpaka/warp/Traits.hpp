// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Warp functions with CUDA's semantics: getSize, activemask, all, any, ballot, shfl, shfl_up, shfl_down, shfl_xor;
//! and the warp size as a constant expression, getSizeCompileTime<TAcc>() and getSizeUpperLimit<TAcc>().
//! The threads of a warp execute them together; on back-ends whose warp is a single thread they reduce to that
//! thread. all/any return 0 or 1; ballot has bit i set for each active lane i with a non-zero predicate.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

#include <cstdint>
#include <type_traits>

namespace alpaka::warp
{
    //! The concept of warp functions.
    struct ConceptWarp;

    namespace trait
    {
        //! Static getSize(warp) -> std::int32_t.
        template<typename TWarp, typename TSfinae = void>
        struct GetSize;
        //! Static constexpr getSizeCompileTime() -> std::int32_t: the warp size where the compiler knows it, else 0.
        template<typename TWarp, typename TSfinae = void>
        struct GetSizeCompileTime;
        //! Static constexpr getSizeUpperLimit() -> std::int32_t: the warp size, or a bound on it where unknown.
        template<typename TWarp, typename TSfinae = void>
        struct GetSizeUpperLimit;
        //! Static activemask(warp) -> std::uint64_t (or the native lane mask type).
        template<typename TWarp, typename TSfinae = void>
        struct Activemask;
        //! Static all(warp, predicate) -> std::int32_t (0 or 1).
        template<typename TWarp, typename TSfinae = void>
        struct All;
        //! Static any(warp, predicate) -> std::int32_t (0 or 1).
        template<typename TWarp, typename TSfinae = void>
        struct Any;
        //! Static ballot(warp, predicate) -> std::uint64_t.
        template<typename TWarp, typename TSfinae = void>
        struct Ballot;
        //! Static shfl(warp, value, srcLane, width).
        template<typename TWarp, typename TSfinae = void>
        struct Shfl;
        //! Static shfl_up(warp, value, delta, width).
        template<typename TWarp, typename TSfinae = void>
        struct ShflUp;
        //! Static shfl_down(warp, value, delta, width).
        template<typename TWarp, typename TSfinae = void>
        struct ShflDown;
        //! Static shfl_xor(warp, value, laneMask, width).
        template<typename TWarp, typename TSfinae = void>
        struct ShflXor;
    } // namespace trait

    template<typename TWarp>
    using WarpImpl = concepts::ImplementationBase<ConceptWarp, TWarp>;

    //! Threads per warp.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp>
    ALPAKA_FN_ACC auto getSize(TWarp const& warp) -> std::int32_t
    {
        return trait::GetSize<WarpImpl<TWarp>>::getSize(warp);
    }

    //! The warp size of TWarp (an accelerator type) as a constant expression, where this compilation pass knows it
    //! (upstream 2.1): 1 on the CPU back-ends, 32 on CUDA, the wavefront size in the device pass of HIP. 0 where it is
    //! only known at run time, as in the host pass of HIP, whose devices have wavefronts of 32 or 64; then use
    //! getSize(warp) in the kernel, or getSizeUpperLimit to size arrays.
    template<typename TWarp>
    ALPAKA_FN_HOST_ACC constexpr auto getSizeCompileTime() -> std::int32_t
    {
        return trait::GetSizeCompileTime<WarpImpl<std::remove_cvref_t<TWarp>>>::getSizeCompileTime();
    }

    //! An upper bound of the warp size of TWarp (an accelerator type) as a constant expression: the size itself
    //! where getSizeCompileTime knows it, else the largest warp the back-end's devices have (64 on HIP).
    template<typename TWarp>
    ALPAKA_FN_HOST_ACC constexpr auto getSizeUpperLimit() -> std::int32_t
    {
        return trait::GetSizeUpperLimit<WarpImpl<std::remove_cvref_t<TWarp>>>::getSizeUpperLimit();
    }

    //! The lanes of the warp that are executing this call.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp>
    ALPAKA_FN_ACC auto activemask(TWarp const& warp)
    {
        return trait::Activemask<WarpImpl<TWarp>>::activemask(warp);
    }

    //! 1 if predicate is non-zero in every active lane, else 0.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp>
    ALPAKA_FN_ACC auto all(TWarp const& warp, std::int32_t predicate) -> std::int32_t
    {
        return trait::All<WarpImpl<TWarp>>::all(warp, predicate);
    }

    //! 1 if predicate is non-zero in any active lane, else 0.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp>
    ALPAKA_FN_ACC auto any(TWarp const& warp, std::int32_t predicate) -> std::int32_t
    {
        return trait::Any<WarpImpl<TWarp>>::any(warp, predicate);
    }

    //! Bit i set where lane i is active and its predicate is non-zero.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp>
    ALPAKA_FN_ACC auto ballot(TWarp const& warp, std::int32_t predicate)
    {
        return trait::Ballot<WarpImpl<TWarp>>::ballot(warp, predicate);
    }

    //! value of lane srcLane (modulo width) of the calling thread's group of width lanes.
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp, typename T>
    ALPAKA_FN_ACC auto shfl(TWarp const& warp, T const& value, std::int32_t srcLane, std::int32_t width = 0) -> T
    {
        return trait::Shfl<WarpImpl<TWarp>>::shfl(warp, value, srcLane, width ? width : getSize(warp));
    }

    //! value of the lane delta below the caller (the caller's own value where that lane is outside its group).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp, typename T>
    ALPAKA_FN_ACC auto shfl_up(TWarp const& warp, T const& value, std::uint32_t delta, std::int32_t width = 0) -> T
    {
        return trait::ShflUp<WarpImpl<TWarp>>::shfl_up(warp, value, delta, width ? width : getSize(warp));
    }

    //! value of the lane delta above the caller (the caller's own value where that lane is outside its group).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp, typename T>
    ALPAKA_FN_ACC auto shfl_down(TWarp const& warp, T const& value, std::uint32_t delta, std::int32_t width = 0) -> T
    {
        return trait::ShflDown<WarpImpl<TWarp>>::shfl_down(warp, value, delta, width ? width : getSize(warp));
    }

    //! value of lane (caller's lane XOR laneMask).
    ALPAKA_NO_HOST_ACC_WARNING
    template<typename TWarp, typename T>
    ALPAKA_FN_ACC auto shfl_xor(TWarp const& warp, T const& value, std::int32_t laneMask, std::int32_t width = 0) -> T
    {
        return trait::ShflXor<WarpImpl<TWarp>>::shfl_xor(warp, value, laneMask, width ? width : getSize(warp));
    }
} // namespace alpaka::warp
