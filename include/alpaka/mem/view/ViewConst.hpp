// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ViewConst<TView>: a view of the same memory that only allows reading (its element type is const).

#include "alpaka/core/Common.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewAccessOps.hpp"
#include "alpaka/mem/view/ViewOwner.hpp"

#include <type_traits>
#include <utility>

namespace alpaka
{
    template<typename TView>
    struct ViewConst : internal::ViewAccessOps<ViewConst<TView>>
    {
        static_assert(!std::is_const_v<TView>, "ViewConst: TView must not be const, ViewConst adds the const");
        static_assert(!std::is_reference_v<TView>, "ViewConst: TView must not be a reference");

        ViewConst(TView const& view)
            : m_view(view)
        {
        }

        ViewConst(TView&& view)
            : m_view(std::move(view))
        {
        }

        [[nodiscard]] auto ownerHandle() const -> detail::MemoryOwner
        {
            return detail::ownerOf(m_view);
        }

        TView m_view;
    };

    template<typename TView>
    ViewConst(TView) -> ViewConst<std::decay_t<TView>>;

    namespace trait
    {
        template<typename TView>
        struct DevType<ViewConst<TView>> : DevType<TView>
        {
        };

        template<typename TView>
        struct GetDev<ViewConst<TView>>
        {
            static auto getDev(ViewConst<TView> const& view)
            {
                return alpaka::getDev(view.m_view);
            }
        };

        template<typename TView>
        struct DimType<ViewConst<TView>> : DimType<TView>
        {
        };

        template<typename TView>
        struct ElemType<ViewConst<TView>>
        {
            using type = Elem<TView> const;
        };

        template<typename TView>
        struct IdxType<ViewConst<TView>> : IdxType<TView>
        {
        };

        template<typename TView>
        struct GetExtents<ViewConst<TView>>
        {
            auto operator()(ViewConst<TView> const& view) const
            {
                return getExtents(view.m_view);
            }
        };

        template<typename TView>
        struct GetOffsets<ViewConst<TView>>
        {
            auto operator()(ViewConst<TView> const& view) const
            {
                return getOffsets(view.m_view);
            }
        };

        template<typename TView>
        struct GetPitchesInBytes<ViewConst<TView>>
        {
            auto operator()(ViewConst<TView> const& view) const
            {
                return getPitchesInBytes(view.m_view);
            }
        };

        template<typename TView>
        struct GetPtrNative<ViewConst<TView>>
        {
            static auto getPtrNative(ViewConst<TView> const& view) -> Elem<TView> const*
            {
                return alpaka::getPtrNative(view.m_view);
            }
        };
    } // namespace trait
} // namespace alpaka
