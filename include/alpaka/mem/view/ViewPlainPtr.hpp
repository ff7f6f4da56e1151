// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ViewPlainPtr<TDev, TElem, TDim, TIdx>: a view over memory the caller owns, given by pointer, extent and pitches.

#include "alpaka/core/Common.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewAccessOps.hpp"
#include "alpaka/vec/Vec.hpp"

#include <type_traits>
#include <utility>

namespace alpaka
{
    template<typename TDev, typename TElem, typename TDim, typename TIdx>
    struct ViewPlainPtr final : internal::ViewAccessOps<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
    {
        static_assert(!std::is_const_v<TIdx>, "ViewPlainPtr: the index type must not be const");

        //! Dense memory.
        template<typename TExtent = Vec<TDim, TIdx>>
        ViewPlainPtr(TElem* pMem, TDev dev, TExtent const& extent = TExtent())
            : m_pMem(pMem)
            , m_dev(std::move(dev))
            , m_extentElements(getExtents(extent))
            , m_pitchBytes(detail::calculatePitchesFromExtents<TElem>(m_extentElements))
        {
        }

        //! Pitched memory; pitches in bytes, the last one the element size.
        template<typename TExtent, typename TPitch>
        ViewPlainPtr(TElem* pMem, TDev dev, TExtent const& extent, TPitch const& pitchBytes)
            : m_pMem(pMem)
            , m_dev(std::move(dev))
            , m_extentElements(getExtents(extent))
            , m_pitchBytes(getExtents(pitchBytes))
        {
        }

        TElem* m_pMem;
        TDev m_dev;
        Vec<TDim, TIdx> m_extentElements;
        Vec<TDim, TIdx> m_pitchBytes;
    };

    namespace trait
    {
        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct DevType<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            using type = alpaka::Dev<TDev>;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetDev<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            static auto getDev(ViewPlainPtr<TDev, TElem, TDim, TIdx> const& view) -> alpaka::Dev<TDev>
            {
                return view.m_dev;
            }
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct DimType<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct ElemType<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            using type = TElem;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct IdxType<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetExtents<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            auto operator()(ViewPlainPtr<TDev, TElem, TDim, TIdx> const& view) const -> Vec<TDim, TIdx>
            {
                return view.m_extentElements;
            }
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetPitchesInBytes<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            auto operator()(ViewPlainPtr<TDev, TElem, TDim, TIdx> const& view) const -> Vec<TDim, TIdx>
            {
                return view.m_pitchBytes;
            }
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetPtrNative<ViewPlainPtr<TDev, TElem, TDim, TIdx>>
        {
            static auto getPtrNative(ViewPlainPtr<TDev, TElem, TDim, TIdx> const& view) -> TElem const*
            {
                return view.m_pMem;
            }

            static auto getPtrNative(ViewPlainPtr<TDev, TElem, TDim, TIdx>& view) -> TElem*
            {
                return view.m_pMem;
            }
        };

        //! createView(dev, ptr, extent[, pitches]) gives a ViewPlainPtr on every device that does not say otherwise.
        template<typename TDev, typename TSfinae>
        struct CreateViewPlainPtr
        {
            template<typename TElem, typename TDim, typename TIdx>
            static auto createViewPlainPtr(
                TDev const& dev, TElem* pMem, Vec<TDim, TIdx> const& extent, Vec<TDim, TIdx> const& pitchBytes)
            {
                return ViewPlainPtr<TDev, TElem, TDim, TIdx>(pMem, dev, extent, pitchBytes);
            }
        };
    } // namespace trait
} // namespace alpaka
