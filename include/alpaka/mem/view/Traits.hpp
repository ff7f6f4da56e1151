// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The view concept: memory with a device, an element type, extents and pitches. Buffers, views over pointers,
//! sub-views, std::vector and std::array are views; user types become views by specializing these traits
//! (DevType, DimType, IdxType, ElemType, GetDev, GetExtents, GetPtrNative and optionally GetPitchesInBytes).
//! Free functions: getPtrNative, getPtrDev, getPitchesInBytes, createView, createSubView, memcpy, memset, fill.
//! Over 400 lines because it is the whole concept, at upstream's path: every trait and free function of views.

#include "alpaka/core/Common.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/elem/Traits.hpp"
#include "alpaka/extent/Traits.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/offset/Traits.hpp"
#include "alpaka/queue/Traits.hpp"
#include "alpaka/vec/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace alpaka
{
    namespace trait
    {
        //! Static getPtrNative(view const&) -> Elem const* and getPtrNative(view&) -> Elem*: the first element.
        template<typename TView, typename TSfinae = void>
        struct GetPtrNative;

        //! Static getPtrDev(view, dev): the pointer to the view's memory as dev sees it.
        template<typename TView, typename TDev, typename TSfinae = void>
        struct GetPtrDev;

        //! Function object: operator()(view) const -> Vec<Dim, Idx> of byte distances between neighbours along
        //! each dimension; the last one is sizeof(Elem). The default describes dense memory.
        template<typename TView, typename TSfinae = void>
        struct GetPitchesInBytes;

        //! Seed form of the pitches: static getPitchBytes(view) for DimInt<I>; see alpaka::getPitchBytes.
        template<typename TIdxIntegralConst, typename TView, typename TSfinae = void>
        struct GetPitchBytes;

        //! Static createTaskMemset(view, byte, extent) for views of TDev.
        template<typename TDim, typename TDev, typename TSfinae = void>
        struct CreateTaskMemset;

        //! Static createTaskMemcpy(viewDst, viewSrc, extent) for a destination on TDevDst and a source on TDevSrc.
        template<typename TDim, typename TDevDst, typename TDevSrc, typename TSfinae = void>
        struct CreateTaskMemcpy;

        //! Static createTaskFill(view, value, extent) for views of TDev.
        template<typename TDim, typename TDev, typename TSfinae = void>
        struct CreateTaskFill;

        //! Static createViewPlainPtr(dev, ptr, extent, pitches): a view over memory of dev.
        template<typename TDev, typename TSfinae = void>
        struct CreateViewPlainPtr;

        //! Static createSubView(view, extent, offsets).
        template<typename TDev, typename TSfinae = void>
        struct CreateSubView;
    } // namespace trait

    namespace detail
    {
        //! Dense pitches of an extent: p[D-1] = sizeof(TElem), p[i] = p[i+1] * extent[i+1].
        template<typename TElem, typename TDim, typename TIdx>
        constexpr auto calculatePitchesFromExtents(Vec<TDim, TIdx> const& extent) -> Vec<TDim, TIdx>
        {
            Vec<TDim, TIdx> pitches;
            constexpr std::size_t dim = TDim::value;
            if constexpr(dim > 0)
            {
                pitches[dim - 1] = static_cast<TIdx>(sizeof(TElem));
                for(std::size_t i = dim - 1; i-- > 0;)
                    pitches[i] = static_cast<TIdx>(pitches[i + 1] * extent[i + 1]);
            }
            return pitches;
        }

    } // namespace detail

    namespace trait
    {
        //! Views without padding need not specialize GetPitchesInBytes.
        template<typename TView, typename TSfinae>
        struct GetPitchesInBytes
        {
            auto operator()(TView const& view) const -> Vec<Dim<TView>, Idx<TView>>
            {
                return detail::calculatePitchesFromExtents<Elem<TView>>(getExtents(view));
            }
        };

        //! By default a view is only accessible from its own device.
        template<typename TView, typename TDev, typename TSfinae>
        struct GetPtrDev
        {
            static auto getPtrDev(TView const& view, TDev const& dev) -> Elem<TView> const*
            {
                check(view, dev);
                return GetPtrNative<TView>::getPtrNative(view);
            }

            static auto getPtrDev(TView& view, TDev const& dev) -> Elem<TView>*
            {
                check(view, dev);
                return GetPtrNative<TView>::getPtrNative(view);
            }

        private:
            static void check(TView const& view, TDev const& dev)
            {
                if constexpr(std::is_same_v<Dev<TView>, TDev>)
                {
                    if(getDev(view) == dev)
                        return;
                }
                throw std::runtime_error(
                    "getPtrDev: the memory of this view belongs to another device and is not accessible from the given "
                    "device");
            }
        };
    } // namespace trait

    //! Pointer to the first element.
    template<typename TView>
    [[nodiscard]] ALPAKA_FN_HOST auto getPtrNative(TView const& view) -> Elem<TView> const*
    {
        return trait::GetPtrNative<std::remove_cv_t<TView>>::getPtrNative(view);
    }

    template<typename TView>
    [[nodiscard]] ALPAKA_FN_HOST auto getPtrNative(TView& view) -> Elem<TView>*
    {
        return trait::GetPtrNative<std::remove_cv_t<TView>>::getPtrNative(view);
    }

    //! Pointer to the first element as dev sees it; throws std::runtime_error where dev cannot access the memory.
    template<typename TView, typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto getPtrDev(TView const& view, TDev const& dev) -> Elem<TView> const*
    {
        return trait::GetPtrDev<std::remove_cv_t<TView>, TDev>::getPtrDev(view, dev);
    }

    template<typename TView, typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto getPtrDev(TView& view, TDev const& dev) -> Elem<TView>*
    {
        return trait::GetPtrDev<std::remove_cv_t<TView>, TDev>::getPtrDev(view, dev);
    }

    //! Byte distance between neighbours along each dimension; the last entry is sizeof(Elem).
    template<typename TView>
    [[nodiscard]] ALPAKA_FN_HOST auto getPitchesInBytes(TView const& view) -> Vec<Dim<TView>, Idx<TView>>
    {
        return trait::GetPitchesInBytes<std::remove_cv_t<TView>>{}(view);
    }

    //! Seed form: getPitchBytes<Dim>(view) = sizeof(Elem), getPitchBytes<Dim - 1>(view) = bytes of a row,
    //! getPitchBytes<I>(view) = getPitchesInBytes(view)[I - 1], getPitchBytes<0>(view) = bytes of the whole view.
    template<std::size_t TIdx, typename TView>
    [[nodiscard]] ALPAKA_FN_HOST auto getPitchBytes(TView const& view) -> Idx<TView>
    {
        using Idx = alpaka::Idx<TView>;
        constexpr std::size_t dim = Dim<TView>::value;
        if constexpr(dim == 0 || TIdx > dim)
            return static_cast<Idx>(sizeof(Elem<TView>));
        else
        {
            auto const pitches = getPitchesInBytes(view);
            if constexpr(TIdx == 0)
                return static_cast<Idx>(pitches[0] * getExtents(view)[0]);
            else
                return pitches[TIdx - 1];
        }
    }

    //! Upstream's older names of getPitchesInBytes.
    template<typename TView>
    [[nodiscard]] ALPAKA_FN_HOST auto getPitchBytesVec(TView const& view) -> Vec<Dim<TView>, Idx<TView>>
    {
        return getPitchesInBytes(view);
    }

    namespace detail
    {
        template<typename TView>
        concept IsView = requires(TView const& view) {
            typename Dev<TView>;
            typename Elem<TView>;
            getExtents(view);
            trait::GetPtrNative<std::remove_cv_t<TView>>::getPtrNative(view);
        };
    } // namespace detail

    //! Whether T models the view concept.
    template<typename T>
    inline constexpr bool isView = detail::IsView<std::remove_cvref_t<T>>;

    namespace detail
    {
        //! The rules of memcpy, memset and fill, checked one at a time so that a broken call gives one message.
        template<typename TViewDst, typename TViewSrc, typename TExtent>
        consteval auto checkMemcpy() -> bool
        {
            using DstElem = Elem<TViewDst>;
            using SrcElem = Elem<TViewSrc>;
            if constexpr(std::is_const_v<DstElem>)
            {
                static_assert(
                    !std::is_const_v<DstElem>, "memcpy: the destination view must not have a const element type");
                return false;
            }
            else if constexpr(Dim<TViewDst>::value != Dim<TViewSrc>::value)
            {
                static_assert(
                    Dim<TViewDst>::value == Dim<TViewSrc>::value,
                    "memcpy: source and destination views must have the same dimensionality");
                return false;
            }
            else if constexpr(Dim<TViewDst>::value != Dim<TExtent>::value)
            {
                static_assert(
                    Dim<TViewDst>::value == Dim<TExtent>::value,
                    "memcpy: the extent must have the dimensionality of the views");
                return false;
            }
            else if constexpr(!std::is_same_v<DstElem, std::remove_const_t<SrcElem>>)
            {
                static_assert(
                    std::is_same_v<DstElem, std::remove_const_t<SrcElem>>,
                    "memcpy: source and destination views must have the same element type");
                return false;
            }
            else
                return true;
        }

        template<typename TView, typename TExtent>
        consteval auto checkMemsetOrFill(char const*) -> bool
        {
            if constexpr(std::is_const_v<Elem<TView>>)
            {
                static_assert(
                    !std::is_const_v<Elem<TView>>,
                    "memset/fill: the destination view must not have a const element type");
                return false;
            }
            else if constexpr(Dim<TView>::value != Dim<TExtent>::value)
            {
                static_assert(
                    Dim<TView>::value == Dim<TExtent>::value,
                    "memset/fill: the extent must have the dimensionality of the view");
                return false;
            }
            else
                return true;
        }
    } // namespace detail

    //! A task that sets every byte of the first `extent` elements of view to byte; enqueue it into a queue.
    template<typename TExtent, typename TViewFwd>
    [[nodiscard]] ALPAKA_FN_HOST auto createTaskMemset(TViewFwd&& view, std::uint8_t const& byte, TExtent const& extent)
    {
        using TView = std::remove_cvref_t<TViewFwd>;
        if constexpr(detail::checkMemsetOrFill<TView, TExtent>("memset"))
            return trait::CreateTaskMemset<Dim<TView>, Dev<TView>>::createTaskMemset(
                std::forward<TViewFwd>(view), byte, extent);
    }

    //! Sets every byte of the first `extent` elements of view to byte.
    template<typename TExtent, typename TViewFwd, typename TQueue>
    ALPAKA_FN_HOST auto memset(TQueue& queue, TViewFwd&& view, std::uint8_t const& byte, TExtent const& extent) -> void
    {
        if constexpr(detail::checkMemsetOrFill<std::remove_cvref_t<TViewFwd>, TExtent>("memset"))
            enqueue(queue, createTaskMemset(std::forward<TViewFwd>(view), byte, extent));
    }

    //! Sets every byte of the whole view to byte.
    template<typename TViewFwd, typename TQueue>
    ALPAKA_FN_HOST auto memset(TQueue& queue, TViewFwd&& view, std::uint8_t const& byte) -> void
    {
        auto const extent = getExtents(view);
        memset(queue, std::forward<TViewFwd>(view), byte, extent);
    }

    //! A task that copies the first `extent` elements of viewSrc into viewDst; the devices decide the direction.
    template<typename TExtent, typename TViewSrc, typename TViewDstFwd>
    [[nodiscard]] ALPAKA_FN_HOST auto
    createTaskMemcpy(TViewDstFwd&& viewDst, TViewSrc const& viewSrc, TExtent const& extent)
    {
        using TViewDst = std::remove_cvref_t<TViewDstFwd>;
        if constexpr(detail::checkMemcpy<TViewDst, TViewSrc, TExtent>())
            return trait::CreateTaskMemcpy<Dim<TViewDst>, Dev<TViewDst>, Dev<TViewSrc>>::createTaskMemcpy(
                std::forward<TViewDstFwd>(viewDst), viewSrc, extent);
    }

    //! Copies the first `extent` elements of viewSrc into viewDst.
    template<typename TExtent, typename TViewSrc, typename TViewDstFwd, typename TQueue>
        requires(isView<TViewDstFwd> && isView<TViewSrc>)
    ALPAKA_FN_HOST auto
    memcpy(TQueue& queue, TViewDstFwd&& viewDst, TViewSrc const& viewSrc, TExtent const& extent) -> void
    {
        if constexpr(detail::checkMemcpy<std::remove_cvref_t<TViewDstFwd>, TViewSrc, TExtent>())
            enqueue(queue, createTaskMemcpy(std::forward<TViewDstFwd>(viewDst), viewSrc, extent));
    }

    //! Copies the whole of viewSrc into viewDst (which must be at least as large).
    template<typename TViewSrc, typename TViewDstFwd, typename TQueue>
        requires(isView<TViewDstFwd> && isView<TViewSrc>)
    ALPAKA_FN_HOST auto memcpy(TQueue& queue, TViewDstFwd&& viewDst, TViewSrc const& viewSrc) -> void
    {
        memcpy(queue, std::forward<TViewDstFwd>(viewDst), viewSrc, getExtents(viewSrc));
    }

    //! A task that assigns value to the first `extent` elements of view.
    template<typename TExtent, typename TViewFwd, typename TValue>
    [[nodiscard]] ALPAKA_FN_HOST auto createTaskFill(TViewFwd&& view, TValue const& value, TExtent const& extent)
    {
        using TView = std::remove_cvref_t<TViewFwd>;
        static_assert(std::is_trivially_copyable_v<Elem<TView>>, "fill: the element type must be trivially copyable");
        if constexpr(detail::checkMemsetOrFill<TView, TExtent>("fill"))
            return trait::CreateTaskFill<Dim<TView>, Dev<TView>>::createTaskFill(
                std::forward<TViewFwd>(view), static_cast<Elem<TView>>(value), extent);
    }

    //! Assigns value to the first `extent` elements of view.
    template<typename TExtent, typename TViewFwd, typename TValue, typename TQueue>
    ALPAKA_FN_HOST auto fill(TQueue& queue, TViewFwd&& view, TValue const& value, TExtent const& extent) -> void
    {
        if constexpr(detail::checkMemsetOrFill<std::remove_cvref_t<TViewFwd>, TExtent>("fill"))
            enqueue(queue, createTaskFill(std::forward<TViewFwd>(view), value, extent));
    }

    //! Assigns value to every element of view.
    template<typename TViewFwd, typename TValue, typename TQueue>
    ALPAKA_FN_HOST auto fill(TQueue& queue, TViewFwd&& view, TValue const& value) -> void
    {
        auto const extent = getExtents(view);
        fill(queue, std::forward<TViewFwd>(view), value, extent);
    }

    //! A view over dense memory at pMem of dev.
    template<typename TDev, typename TElem, typename TExtent>
    [[nodiscard]] ALPAKA_FN_HOST auto createView(TDev const& dev, TElem* pMem, TExtent const& extent)
    {
        using Dim = alpaka::Dim<TExtent>;
        using Idx = alpaka::Idx<TExtent>;
        auto const extentVec = Vec<Dim, Idx>(getExtents(extent));
        return trait::CreateViewPlainPtr<TDev>::createViewPlainPtr(
            dev, pMem, extentVec, detail::calculatePitchesFromExtents<TElem>(extentVec));
    }

    //! A view over pitched memory at pMem of dev; pitches in bytes as getPitchesInBytes returns them.
    template<typename TDev, typename TElem, typename TExtent, typename TPitch>
    [[nodiscard]] ALPAKA_FN_HOST auto createView(TDev const& dev, TElem* pMem, TExtent const& extent, TPitch pitch)
    {
        using Dim = alpaka::Dim<TExtent>;
        using Idx = alpaka::Idx<TExtent>;
        return trait::CreateViewPlainPtr<TDev>::createViewPlainPtr(
            dev, pMem, Vec<Dim, Idx>(getExtents(extent)), Vec<Dim, Idx>(getExtents(pitch)));
    }

    //! A view over a contiguous container (std::vector, std::array, ...) of dev, with the container's extent.
    template<typename TDev, typename TContainer>
        requires(!std::is_pointer_v<TContainer>)
    [[nodiscard]] ALPAKA_FN_HOST auto createView(TDev const& dev, TContainer& con)
    {
        return createView(dev, std::data(con), getExtents(con));
    }

    //! A view with the given extent (of any dimensionality) over the elements of a contiguous container.
    template<typename TDev, typename TContainer, typename TExtent>
        requires(!std::is_pointer_v<TContainer>)
    [[nodiscard]] ALPAKA_FN_HOST auto createView(TDev const& dev, TContainer& con, TExtent const& extent)
    {
        auto const available = getExtents(con).prod();
        auto const requested = getExtents(extent);
        if constexpr(std::is_signed_v<Idx<TExtent>>)
        {
            for(std::size_t i = 0; i != Dim<TExtent>::value; ++i)
                if(requested[i] < 0)
                    throw std::runtime_error(
                        "createView: the extent " + detail::toString(requested) + " has a negative component");
        }
        if(static_cast<std::size_t>(requested.prod()) > static_cast<std::size_t>(available))
            throw std::runtime_error(
                "createView: the extent " + detail::toString(requested) + " needs " + std::to_string(requested.prod())
                + " elements, the container has " + std::to_string(available));
        return createView(dev, std::data(con), extent);
    }

    //! A view of the part of view that starts at offsets and spans extent (offsets default to zero).
    template<typename TView, typename TExtent, typename TOffsets>
    [[nodiscard]] ALPAKA_FN_HOST auto createSubView(TView& view, TExtent const& extent, TOffsets const& offsets)
    {
        return trait::CreateSubView<Dev<std::remove_cv_t<TView>>>::createSubView(view, extent, offsets);
    }

    template<typename TView, typename TExtent>
    [[nodiscard]] ALPAKA_FN_HOST auto createSubView(TView& view, TExtent const& extent)
    {
        return createSubView(view, extent, Vec<Dim<TExtent>, Idx<TExtent>>::zeros());
    }

    namespace detail
    {
        //! Prints dimension d of the block at base and recurses into the faster ones: each dimension is wrapped in
        //! rowPrefix/rowSuffix and its parts are separated by rowSeparator, the innermost by elementSeparator.
        template<typename TElem, typename TVec>
        auto printDimension(
            std::ostream& os,
            std::byte const* base,
            TVec const& extent,
            TVec const& pitches,
            std::size_t d,
            std::string const& elementSeparator,
            std::string const& rowSeparator,
            std::string const& rowPrefix,
            std::string const& rowSuffix) -> void
        {
            constexpr std::size_t dim = Dim<TVec>::value;
            os << rowPrefix;
            for(std::size_t i = 0; i < static_cast<std::size_t>(extent[d]); ++i)
            {
                auto const* const p = base + i * static_cast<std::size_t>(pitches[d]);
                if(d + 1 == dim)
                {
                    if(i != 0)
                        os << elementSeparator;
                    os << *reinterpret_cast<TElem const*>(p);
                }
                else
                {
                    if(i != 0)
                        os << rowSeparator;
                    printDimension<TElem>(
                        os, p, extent, pitches, d + 1, elementSeparator, rowSeparator, rowPrefix, rowSuffix);
                }
            }
            os << rowSuffix;
        }
    } // namespace detail

    //! Prints the elements of a host-accessible view in upstream's layout: one bracket level per dimension, e.g.
    //! "[[1, 2]\n[3, 4]]" for a 2x2 view; a 0-D view prints its element alone.
    template<typename TView>
    ALPAKA_FN_HOST auto print(
        TView const& view,
        std::ostream& os,
        std::string const& elementSeparator = ", ",
        std::string const& rowSeparator = "\n",
        std::string const& rowPrefix = "[",
        std::string const& rowSuffix = "]") -> void
    {
        if constexpr(Dim<TView>::value == 0)
            os << *getPtrNative(view);
        else
            detail::printDimension<Elem<TView>>(
                os,
                reinterpret_cast<std::byte const*>(getPtrNative(view)),
                getExtents(view),
                getPitchesInBytes(view),
                0,
                elementSeparator,
                rowSeparator,
                rowPrefix,
                rowSuffix);
    }
} // namespace alpaka
