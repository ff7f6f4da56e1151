// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::transform<TTag>(queue, ...): upstream 2.1's element-wise algorithm, enqueued into `queue` on the
//! accelerator of tag TTag (with the dimensionality and index type of the data):
//! - `transform<TTag>(queue, outBegin, outEnd, fn, in)`: out[i] = fn(in[i]) over the pointer range [outBegin, outEnd);
//! - `transform<TTag>(queue, outView, fn, inView)`: the same over every element of two views of equal extents, which
//!   may be pitched (buffers, sub-views).
//! `fn` takes an element, or the accelerator and an element (`fn(acc, x)`), and returns the output element. The data
//! must be reachable from the queue's device. Like every enqueue, it returns before the work is done on a
//! non-blocking queue. The work division is getValidWorkDiv's, the elements per thread chosen by the back-end.

#include "alpaka/acc/Tag.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Message.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/dim/DimIntegralConst.hpp"
#include "alpaka/elem/Traits.hpp"
#include "alpaka/exec/UniformElements.hpp"
#include "alpaka/extent/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/kernel/Traits.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/vec/Traits.hpp"
#include "alpaka/vec/Vec.hpp"
#include "alpaka/workdiv/WorkDivHelpers.hpp"

#include <cstddef>
#include <type_traits>

namespace alpaka
{
    namespace detail
    {
        //! fn(x) or fn(acc, x), whichever fn takes (the element form first, as upstream).
        template<typename TFn, typename TAcc, typename TIn>
        ALPAKA_FN_ACC auto applyTransformFn(TFn const& fn, TAcc const& acc, TIn const& x)
        {
            if constexpr(std::is_invocable_v<TFn const&, TIn const&>)
                return fn(x);
            else
                return fn(acc, x);
        }

        template<typename TFn, typename TAcc, typename TIn, typename TOut>
        inline constexpr bool isTransformFn = std::is_invocable_r_v<TOut, TFn const&, TIn const&>
                                              || std::is_invocable_r_v<TOut, TFn const&, TAcc const&, TIn const&>;

        //! out[i] = fn(in[i]) for i in [0, size).
        template<typename TFn>
        struct TransformKernel
        {
            TFn fn;

            template<typename TAcc, typename TOut, typename TIn>
            ALPAKA_FN_ACC void operator()(TAcc const& acc, TOut* out, TIn const* in, Idx<TAcc> size) const
            {
                for(auto const i : uniformElements(acc, size))
                    out[i] = static_cast<TOut>(applyTransformFn(fn, acc, in[i]));
            }
        };

        //! The same over an N-D extent whose rows are `pitches` bytes apart in each view.
        template<typename TFn>
        struct TransformKernelND
        {
            TFn fn;

            template<typename TAcc, typename TOut, typename TIn>
            ALPAKA_FN_ACC void operator()(
                TAcc const& acc,
                TOut* out,
                Vec<Dim<TAcc>, Idx<TAcc>> outPitches,
                TIn const* in,
                Vec<Dim<TAcc>, Idx<TAcc>> inPitches,
                Vec<Dim<TAcc>, Idx<TAcc>> extent) const
            {
                using OutByte = std::conditional_t<std::is_const_v<TOut>, std::byte const, std::byte>;
                for(auto const index : uniformElementsND(acc, extent))
                {
                    auto const* x = reinterpret_cast<TIn const*>(
                        reinterpret_cast<std::byte const*>(in) + static_cast<std::size_t>((index * inPitches).sum()));
                    auto* y = reinterpret_cast<TOut*>(
                        reinterpret_cast<OutByte*>(out) + static_cast<std::size_t>((index * outPitches).sum()));
                    *y = static_cast<TOut>(applyTransformFn(fn, acc, *x));
                }
            }
        };

        [[noreturn]] ALPAKA_MESSAGE_FN inline void throwTransformError(std::string const& what)
        {
            throwRuntimeError("alpaka::transform: %s", what.c_str());
        }
    } // namespace detail

    //! out[i] = fn(in[i]) for the elements of [outBegin, outEnd), on the accelerator of TTag (1-D, the pointers'
    //! difference type as index). Throws std::runtime_error when outEnd is before outBegin.
    template<concepts::Tag TTag, typename TQueue, typename TOut, typename TFn, typename TIn>
    ALPAKA_FN_HOST void transform(TQueue& queue, TOut* outBegin, TOut* outEnd, TFn&& fn, TIn const* in)
    {
        using Idx = std::ptrdiff_t;
        using Acc = TagToAcc<TTag, DimInt<1>, Idx>;
        using Fn = std::decay_t<TFn>;
        static_assert(
            detail::isTransformFn<Fn, Acc, TIn, TOut>,
            "alpaka::transform: fn must take an element of the input (or the accelerator and an element) and return "
            "a value convertible to the output's element type");
        static_assert(!std::is_const_v<TOut>, "alpaka::transform: the output range must not be const");
        Idx const size = outEnd - outBegin;
        if(size < 0)
            detail::throwTransformError(
                "the output range ends before it begins (outEnd - outBegin = " + std::to_string(size) + ")");
        if(size == 0)
            return;
        detail::TransformKernel<Fn> const kernel{Fn(std::forward<TFn>(fn))};
        auto const cfg = KernelCfg<Acc>{Vec<DimInt<1>, Idx>{size}, Vec<DimInt<1>, Idx>{Idx{0}}, false};
        auto const workDiv = getValidWorkDiv(cfg, getDev(queue), kernel, outBegin, in, size);
        exec<Acc>(queue, workDiv, kernel, outBegin, in, size);
    }

    //! out[index] = fn(in[index]) for every element of two views of the same extents, dimensionality and index
    //! type, on the accelerator of TTag. Throws std::runtime_error when the extents differ.
    template<concepts::Tag TTag, typename TQueue, typename TOutView, typename TFn, typename TInView>
    ALPAKA_FN_HOST void transform(TQueue& queue, TOutView& out, TFn&& fn, TInView const& in)
    {
        static_assert(
            !std::is_const_v<TOutView>,
            "alpaka::transform: the output view must not be const (a const view gives read-only access)");
        using Dim = alpaka::Dim<TInView>;
        using Idx = alpaka::Idx<TInView>;
        static_assert(Dim::value >= 1, "alpaka::transform: views of 0 dimensions are not supported");
        static_assert(
            std::is_same_v<alpaka::Dim<TOutView>, Dim>,
            "alpaka::transform: the input and output views must have the same dimensionality");
        static_assert(
            std::is_same_v<alpaka::Idx<TOutView>, Idx>,
            "alpaka::transform: the input and output views must have the same index type");
        using Acc = TagToAcc<TTag, Dim, Idx>;
        using Out = Elem<TOutView>;
        using In = Elem<TInView>;
        using Fn = std::decay_t<TFn>;
        static_assert(!std::is_const_v<Out>, "alpaka::transform: the output view's elements must not be const");
        static_assert(
            detail::isTransformFn<Fn, Acc, In, Out>,
            "alpaka::transform: fn must take an element of the input view (or the accelerator and an element) and "
            "return a value convertible to the output view's element type");

        auto const extent = getExtents(in);
        auto const outExtent = getExtents(out);
        if(outExtent != extent)
            detail::throwTransformError(
                "the output view's extent " + detail::toString(outExtent) + " differs from the input view's "
                + detail::toString(extent));
        for(std::size_t i = 0; i != Dim::value; ++i)
            if(extent[i] == 0)
                return;
        detail::TransformKernelND<Fn> const kernel{Fn(std::forward<TFn>(fn))};
        using Vec = alpaka::Vec<Dim, Idx>;
        auto const cfg = KernelCfg<Acc>{extent, Vec::zeros(), false};
        Out* const outPtr = getPtrNative(out);
        In const* const inPtr = getPtrNative(in);
        auto const outPitches = getPitchesInBytes(out);
        auto const inPitches = getPitchesInBytes(in);
        auto const workDiv = getValidWorkDiv(cfg, getDev(queue), kernel, outPtr, outPitches, inPtr, inPitches, extent);
        exec<Acc>(queue, workDiv, kernel, outPtr, outPitches, inPtr, inPitches, extent);
    }
} // namespace alpaka
