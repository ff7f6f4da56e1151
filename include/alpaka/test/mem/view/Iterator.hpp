// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! test::begin(view) / test::end(view): a forward iterator over a view's elements in row-major order that honours
//! the view's pitches. It holds the view's native pointer, so it is dereferenced where that memory lives: on the host
//! for host views, inside a kernel on the view's device otherwise (the verify kernels of ViewTest.hpp do that).

#include "alpaka/alpaka.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

namespace alpaka::test
{
    namespace trait
    {
        //! T with the constness of TSource.
        template<typename T, typename TSource>
        using MimicConst = std::conditional_t<std::is_const_v<TSource>, std::add_const_t<T>, std::remove_const_t<T>>;

        //! Iterator over TElem (const: read-only) of a TDim-dimensional view with index type TIdx. It names no view
        //! type: a kernel that takes it needs no view type complete in device code.
        template<typename TElem, typename TDim, typename TIdx>
        class PitchedIterator
        {
        public:
            using value_type = std::remove_const_t<TElem>;
            using reference = TElem&;
            using pointer = TElem*;
            using difference_type = std::ptrdiff_t;
            using iterator_category = std::forward_iterator_tag;

            //! Needed by std::forward_iterator; such an iterator must not be dereferenced.
            PitchedIterator() = default;

            //! Points at element idx (row-major) of view; idx == number of elements is the end.
            template<typename TView>
            ALPAKA_FN_HOST PitchedIterator(TView& view, TIdx idx)
                : m_nativePtr(getPtrNative(view))
                , m_currentIdx(idx)
                , m_extents(getExtents(view))
                , m_pitchBytes(getPitchesInBytes(view))
            {
            }

            ALPAKA_FN_HOST_ACC auto operator++() -> PitchedIterator&
            {
                ++m_currentIdx;
                return *this;
            }

            ALPAKA_FN_HOST_ACC auto operator++(int) -> PitchedIterator
            {
                auto const before = *this;
                ++m_currentIdx;
                return before;
            }

            ALPAKA_FN_HOST_ACC auto operator--() -> PitchedIterator&
            {
                --m_currentIdx;
                return *this;
            }

            ALPAKA_FN_HOST_ACC auto operator--(int) -> PitchedIterator
            {
                auto const before = *this;
                --m_currentIdx;
                return before;
            }

            //! Positions are compared, not views: comparing iterators of different views is meaningless.
            ALPAKA_FN_HOST_ACC auto operator==(PitchedIterator const& other) const -> bool
            {
                return m_currentIdx == other.m_currentIdx;
            }

            ALPAKA_FN_HOST_ACC auto operator!=(PitchedIterator const& other) const -> bool
            {
                return m_currentIdx != other.m_currentIdx;
            }

            ALPAKA_FN_HOST_ACC auto operator*() const -> TElem&
            {
                // Delinearize from the fastest dimension up and add each coordinate's byte distance: pitched
                // memory (rows with padding) is walked correctly.
                std::size_t offsetBytes = 0;
                if constexpr(TDim::value > 0)
                {
                    auto rest = static_cast<std::size_t>(m_currentIdx);
                    for(std::size_t d = TDim::value; d-- > 0;)
                    {
                        auto const extent = static_cast<std::size_t>(m_extents[d]);
                        offsetBytes += (rest % extent) * static_cast<std::size_t>(m_pitchBytes[d]);
                        rest /= extent;
                    }
                }
                using Byte = MimicConst<std::byte, TElem>;
                return *reinterpret_cast<TElem*>(reinterpret_cast<Byte*>(m_nativePtr) + offsetBytes);
            }

            ALPAKA_FN_HOST_ACC auto operator->() const -> TElem*
            {
                return &**this;
            }

        private:
            TElem* m_nativePtr = nullptr;
            TIdx m_currentIdx = 0;
            Vec<TDim, TIdx> m_extents{};
            Vec<TDim, TIdx> m_pitchBytes{};
        };

        //! The iterator type of a TView (const TView: read-only elements).
        template<typename TView>
        using IteratorView = PitchedIterator<
            MimicConst<alpaka::Elem<std::decay_t<TView>>, TView>,
            alpaka::Dim<std::decay_t<TView>>,
            alpaka::Idx<std::decay_t<TView>>>;

        //! Customization point: the first element of a view.
        template<typename TView, typename TSfinae = void>
        struct Begin
        {
            ALPAKA_FN_HOST static auto begin(TView& view) -> IteratorView<TView>
            {
                return IteratorView<TView>(view, 0);
            }
        };

        //! Customization point: one past the last element of a view.
        template<typename TView, typename TSfinae = void>
        struct End
        {
            ALPAKA_FN_HOST static auto end(TView& view) -> IteratorView<TView>
            {
                return IteratorView<TView>(view, getExtentProduct(view));
            }
        };
    } // namespace trait

    template<typename TView>
    using Iterator = trait::IteratorView<TView>;

    template<typename TView>
    ALPAKA_FN_HOST auto begin(TView& view) -> Iterator<TView>
    {
        return trait::Begin<TView>::begin(view);
    }

    template<typename TView>
    ALPAKA_FN_HOST auto end(TView& view) -> Iterator<TView>
    {
        return trait::End<TView>::end(view);
    }
} // namespace alpaka::test
