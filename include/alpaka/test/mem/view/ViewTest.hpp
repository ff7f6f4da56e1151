// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Checks every view type must pass, with upstream's names and signatures:
//! - testViewImmutable<TElem>(view, dev, extent, offset): the traits (device, dim, element, idx, extents, offsets,
//!   pitches, native pointer) of a read-only view;
//! - testViewMutable<TAcc>(queue, view): memset, copy into and copy out of the view, verified on TAcc;
//! - verifyBytesSet<TAcc>(view, byte), verifyViewsEqual<TAcc>(viewA, viewB): compare element by element in a kernel
//!   on TAcc, which reads the views through test::begin/end (the views must be accessible from TAcc's device);
//! - iotaFillView(queue, view): view[i] = i in row-major order.
//! Plus host-side helpers that work for views of any device: bytesAllEqual and viewsEqual.
//! Failures are reported with Catch2's REQUIRE when Catch2 is available, else as std::runtime_error.

#include "alpaka/alpaka.hpp"
#include "alpaka/test/Check.hpp"
#include "alpaka/test/KernelExecutionFixture.hpp"
#include "alpaka/test/mem/view/Iterator.hpp"

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <vector>

// Catch2 when the unit has not included it yet: v3, as upstream's helpers include it, wherever its headers are found
// (a unit that goes on to include v3 must not get v2's catch.hpp too, even where both are installed); v2 otherwise, or
// where ALPAKA_TEST_CATCH2_V2 asks for it.
#if !defined(REQUIRE)
#    if __has_include(<catch2/catch_test_macros.hpp>) && !defined(ALPAKA_TEST_CATCH2_V2)
#        include <catch2/catch_test_macros.hpp>
#    elif __has_include(<catch2/catch.hpp>)
#        include <catch2/catch.hpp>
#    endif
#endif

#if defined(REQUIRE)
#    define ALPAKA_TEST_VIEW_REQUIRE(expression) REQUIRE(expression)
#else
#    define ALPAKA_TEST_VIEW_REQUIRE(expression)                                                                       \
        do                                                                                                             \
        {                                                                                                              \
            if(!(expression))                                                                                          \
                throw std::runtime_error("view test failed: " #expression);                                            \
        } while(0)
#endif

namespace alpaka::test
{
    //! Checks the traits of a view: its type's Dev, Dim, Elem and Idx, and its device, extents, offsets, pitches
    //! (at least dense) and native pointer (to const, non-null unless the view is empty).
    template<typename TElem, typename TDim, typename TIdx, typename TDev, typename TView>
    ALPAKA_FN_HOST auto testViewImmutable(
        TView const& view, TDev const& dev, Vec<TDim, TIdx> const& extent, Vec<TDim, TIdx> const& offset) -> void
    {
        static_assert(std::is_same_v<Dev<TView>, TDev>, "the view's device type differs");
        static_assert(Dim<TView>::value == TDim::value, "the view's dimensionality differs");
        static_assert(std::is_same_v<Elem<TView>, TElem>, "the view's element type differs");
        static_assert(std::is_same_v<Idx<TView>, TIdx>, "the view's index type differs");

        ALPAKA_TEST_VIEW_REQUIRE(dev == getDev(view));
        ALPAKA_TEST_VIEW_REQUIRE(extent == getExtents(view));
        ALPAKA_TEST_VIEW_REQUIRE(offset == getOffsets(view));

        if constexpr(TDim::value > 0)
        {
            // Each pitch covers at least the dense size of what lies below it (the last one is one element).
            auto const pitches = getPitchesInBytes(view);
            ALPAKA_TEST_VIEW_REQUIRE(pitches[TDim::value - 1] >= static_cast<TIdx>(sizeof(TElem)));
            for(std::size_t i = TDim::value - 1; i > 0; --i)
                ALPAKA_TEST_VIEW_REQUIRE(pitches[i - 1] >= static_cast<TIdx>(extent[i] * pitches[i]));
        }

        using NativePtr = decltype(getPtrNative(view));
        static_assert(std::is_pointer_v<NativePtr>, "getPtrNative must return a pointer");
        static_assert(
            std::is_const_v<std::remove_pointer_t<NativePtr>>, "getPtrNative of a const view must point to const");
        // An empty view may have any pointer, but getting it must work.
        auto const* const ptr = getPtrNative(view);
        if(getExtentProduct(view) != static_cast<TIdx>(0))
            ALPAKA_TEST_VIEW_REQUIRE(ptr != nullptr);
    }

    //! Kernel: *success stays true when every byte of every element in [begin, end) equals byte.
    struct VerifyBytesSetKernel
    {
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TAcc, typename TIter>
        ALPAKA_FN_ACC void operator()(
            TAcc const& /* acc */, bool* success, TIter const& begin, TIter const& end, std::uint8_t const& byte) const
        {
            for(auto it = begin; it != end; ++it)
            {
                auto const* bytes = reinterpret_cast<std::uint8_t const*>(&*it);
                for(std::size_t i = 0; i < sizeof(*it); ++i)
                    ALPAKA_CHECK(*success, bytes[i] == byte);
            }
        }
    };

// Exact comparison is the point: a copy must reproduce every element bit for bit.
#if defined(__GNUC__)
#    pragma GCC diagnostic push
#    pragma GCC diagnostic ignored "-Wfloat-equal"
#endif
    //! Kernel: *success stays true when [beginA, endA) equals the range starting at beginB element by element.
    struct VerifyViewsEqualKernel
    {
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TAcc, typename TIterA, typename TIterB>
        ALPAKA_FN_ACC void
        operator()(TAcc const& /* acc */, bool* success, TIterA beginA, TIterA const& endA, TIterB beginB) const
        {
            for(; beginA != endA; ++beginA, ++beginB)
                ALPAKA_CHECK(*success, *beginA == *beginB);
        }
    };
#if defined(__GNUC__)
#    pragma GCC diagnostic pop
#endif

    //! Requires every byte of the view's elements to equal byte, checked by one thread of TAcc.
    template<typename TAcc, typename TView>
    ALPAKA_FN_HOST auto verifyBytesSet(TView const& view, std::uint8_t const& byte) -> void
    {
        KernelExecutionFixture<TAcc> fixture(Vec<Dim<TAcc>, Idx<TAcc>>::ones());
        ALPAKA_TEST_VIEW_REQUIRE(fixture(VerifyBytesSetKernel{}, test::begin(view), test::end(view), byte));
    }

    //! Requires two views of equal dimensionality and extent to hold equal elements, checked by one thread of TAcc.
    template<typename TAcc, typename TViewB, typename TViewA>
    ALPAKA_FN_HOST auto verifyViewsEqual(TViewA const& viewA, TViewB const& viewB) -> void
    {
        static_assert(Dim<TViewA>::value == Dim<TViewB>::value, "viewA and viewB must have the same Dim");
        static_assert(std::is_same_v<Idx<TViewA>, Idx<TViewB>>, "viewA and viewB must have the same Idx");
        ALPAKA_TEST_VIEW_REQUIRE(getExtents(viewA) == getExtents(viewB));
        KernelExecutionFixture<TAcc> fixture(Vec<Dim<TAcc>, Idx<TAcc>>::ones());
        ALPAKA_TEST_VIEW_REQUIRE(
            fixture(VerifyViewsEqualKernel{}, test::begin(viewA), test::end(viewA), test::begin(viewB)));
    }

    //! view[i] = i in row-major order (as the element type); waits for the queue.
    template<typename TView, typename TQueue>
    ALPAKA_FN_HOST auto iotaFillView(TQueue& queue, TView& view) -> void
    {
        using Elem = std::remove_const_t<alpaka::Elem<TView>>;
        auto const extent = getExtents(view);
        std::vector<Elem> host(static_cast<std::size_t>(extent.prod()));
        for(std::size_t i = 0; i < host.size(); ++i)
            host[i] = static_cast<Elem>(i);
        auto hostView = createView(getDevByIdx(PlatformCpu{}, 0), host.data(), extent);
        memcpy(queue, view, hostView, extent);
        wait(queue);
    }

    //! Checks a writable view: its native pointer is to non-const, memset sets every byte, and copies into and out of
    //! it (from and to buffers on its device) are exact. Verified by kernels on TAcc.
    template<typename TAcc, typename TView, typename TQueue>
    ALPAKA_FN_HOST auto testViewMutable(TQueue& queue, TView& view) -> void
    {
        using NativePtr = decltype(getPtrNative(view));
        static_assert(std::is_pointer_v<NativePtr>, "getPtrNative must return a pointer");
        static_assert(
            !std::is_const_v<std::remove_pointer_t<NativePtr>>,
            "getPtrNative of a non-const view must point to non-const");

        auto const byte = static_cast<std::uint8_t>(42u);
        memset(queue, view, byte);
        wait(queue);
        verifyBytesSet<TAcc>(view, byte);

        using Elem = std::remove_const_t<alpaka::Elem<TView>>;
        using Idx = alpaka::Idx<TView>;
        auto const dev = getDev(view);
        auto const extent = getExtents(view);

        auto src = allocBuf<Elem, Idx>(dev, extent);
        iotaFillView(queue, src);
        memcpy(queue, view, src);
        wait(queue);
        verifyViewsEqual<TAcc>(view, src);

        auto dst = allocBuf<Elem, Idx>(dev, extent);
        memcpy(queue, dst, view);
        wait(queue);
        verifyViewsEqual<TAcc>(dst, view);
    }

    namespace detail
    {
        //! The view's elements, copied to a dense host vector in row-major order.
        template<typename TQueue, typename TView>
        auto toHostVector(TQueue& queue, TView const& view)
        {
            using Elem = std::remove_const_t<alpaka::Elem<TView>>;
            auto const extent = getExtents(view);
            std::vector<Elem> host(static_cast<std::size_t>(extent.prod()));
            auto hostView = createView(getDevByIdx(PlatformCpu{}, 0), host.data(), extent);
            memcpy(queue, hostView, view, extent);
            wait(queue);
            return host;
        }
    } // namespace detail

    //! Whether every byte of the view's elements equals byte (compared on the host).
    template<typename TQueue, typename TView>
    auto bytesAllEqual(TQueue& queue, TView const& view, std::uint8_t byte) -> bool
    {
        auto const host = detail::toHostVector(queue, view);
        auto const* bytes = reinterpret_cast<std::uint8_t const*>(host.data());
        for(std::size_t i = 0; i < host.size() * sizeof(host[0]); ++i)
            if(bytes[i] != byte)
                return false;
        return true;
    }

    //! Whether two views of equal extent hold equal elements (compared on the host).
    template<typename TQueue, typename TViewA, typename TViewB>
    auto viewsEqual(TQueue& queue, TViewA const& a, TViewB const& b) -> bool
    {
        return detail::toHostVector(queue, a) == detail::toHostVector(queue, b);
    }
} // namespace alpaka::test
