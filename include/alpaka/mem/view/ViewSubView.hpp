// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ViewSubView<TDev, TElem, TDim, TIdx>: a rectangular part of another view, with the parent's pitches. A sub-view of a
//! buffer keeps the buffer's memory alive.

#include "alpaka/core/Common.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewAccessOps.hpp"
#include "alpaka/mem/view/ViewOwner.hpp"
#include "alpaka/vec/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <stdexcept>
#include <type_traits>

namespace alpaka
{
    template<typename TDev, typename TElem, typename TDim, typename TIdx>
    class ViewSubView : public internal::ViewAccessOps<ViewSubView<TDev, TElem, TDim, TIdx>>
    {
        using VecT = Vec<TDim, TIdx>;

    public:
        //! The part of view starting at relativeOffsets (default zero) spanning extent; both must fit in view. The
        //! parent may itself be a ViewSubView of this type (nested sub-views); this constructor takes at least two
        //! arguments, so it never competes with the copy constructor.
        template<typename TQualifiedView, typename TExtent, typename TOffsets = VecT>
        ViewSubView(
            TQualifiedView& view, TExtent const& extentElements, TOffsets const& relativeOffsetsElements = TOffsets())
            : m_dev(getDev(view))
            , m_extentElements(castVec<TIdx>(getExtents(extentElements)))
            , m_offsetsElements(castVec<TIdx>(getExtents(relativeOffsetsElements)))
            , m_pitchBytes(castVec<TIdx>(getPitchesInBytes(view)))
            , m_owner(detail::ownerOf(view))
        {
            using View = std::remove_cv_t<TQualifiedView>;
            static_assert(std::is_same_v<Dev<View>, TDev>, "ViewSubView: the parent view must be of device TDev");
            static_assert(Dim<View>::value == TDim::value, "ViewSubView: the parent must have dimensionality TDim");
            static_assert(Dim<TExtent>::value == TDim::value, "ViewSubView: the extent must have dimensionality TDim");
            static_assert(
                Dim<TOffsets>::value == TDim::value, "ViewSubView: the offsets must have dimensionality TDim");
            auto const parentExtent = castVec<TIdx>(getExtents(view));
            for(std::size_t i = 0; i != TDim::value; ++i)
            {
                bool negative = false;
                if constexpr(std::is_signed_v<TIdx>) // (nvcc warns about `< 0` for unsigned TIdx)
                    negative = m_offsetsElements[i] < TIdx{0} || m_extentElements[i] < TIdx{0};
                // offset > parent checked first, so that parent - offset cannot wrap around for huge offsets.
                if(negative || m_offsetsElements[i] > parentExtent[i]
                   || m_extentElements[i] > parentExtent[i] - m_offsetsElements[i])
                    throw std::runtime_error(
                        "createSubView: offsets " + detail::toString(m_offsetsElements) + " plus extent "
                        + detail::toString(m_extentElements) + " do not fit in the parent view's extent "
                        + detail::toString(parentExtent));
            }
            // A sub-view can be taken from a const handle of a mutable view: views are handles, like std::span.
            auto* const parentPtr = const_cast<std::byte*>(reinterpret_cast<std::byte const*>(getPtrNative(view)));
            std::size_t offsetBytes = 0;
            for(std::size_t i = 0; i != TDim::value; ++i)
                offsetBytes
                    += static_cast<std::size_t>(m_offsetsElements[i]) * static_cast<std::size_t>(m_pitchBytes[i]);
            m_nativePtr = reinterpret_cast<TElem*>(parentPtr + offsetBytes);
        }

        //! The whole of view.
        template<typename TView>
            requires(!std::is_same_v<std::remove_cv_t<TView>, ViewSubView> && isView<TView>)
        explicit ViewSubView(TView& view)
            : ViewSubView(view, getExtents(view), VecT::zeros())
        {
        }

        [[nodiscard]] auto ownerHandle() const -> detail::MemoryOwner
        {
            return m_owner;
        }

        TDev m_dev;
        VecT m_extentElements;
        VecT m_offsetsElements;
        VecT m_pitchBytes;
        TElem* m_nativePtr = nullptr;

    private:
        detail::MemoryOwner m_owner;
    };

    namespace trait
    {
        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct DevType<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            using type = TDev;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetDev<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            static auto getDev(ViewSubView<TDev, TElem, TDim, TIdx> const& view) -> TDev
            {
                return view.m_dev;
            }
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct DimType<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct ElemType<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            using type = TElem;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct IdxType<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetExtents<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            auto operator()(ViewSubView<TDev, TElem, TDim, TIdx> const& view) const -> Vec<TDim, TIdx>
            {
                return view.m_extentElements;
            }
        };

        //! Offsets relative to the parent view.
        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetOffsets<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            auto operator()(ViewSubView<TDev, TElem, TDim, TIdx> const& view) const -> Vec<TDim, TIdx>
            {
                return view.m_offsetsElements;
            }
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetPitchesInBytes<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            auto operator()(ViewSubView<TDev, TElem, TDim, TIdx> const& view) const -> Vec<TDim, TIdx>
            {
                return view.m_pitchBytes;
            }
        };

        template<typename TDev, typename TElem, typename TDim, typename TIdx>
        struct GetPtrNative<ViewSubView<TDev, TElem, TDim, TIdx>>
        {
            static auto getPtrNative(ViewSubView<TDev, TElem, TDim, TIdx> const& view) -> TElem const*
            {
                return view.m_nativePtr;
            }

            static auto getPtrNative(ViewSubView<TDev, TElem, TDim, TIdx>& view) -> TElem*
            {
                return view.m_nativePtr;
            }
        };

        //! createSubView gives a ViewSubView on every device that does not say otherwise.
        template<typename TDev, typename TSfinae>
        struct CreateSubView
        {
            template<typename TView, typename TExtent, typename TOffsets>
            static auto createSubView(TView& view, TExtent const& extent, TOffsets const& offsets)
            {
                using View = std::remove_cv_t<TView>;
                return ViewSubView<TDev, Elem<View>, Dim<TExtent>, Idx<TExtent>>(view, extent, offsets);
            }
        };
    } // namespace trait
} // namespace alpaka
