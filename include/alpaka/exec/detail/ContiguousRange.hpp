// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ContiguousRange<TIdx>: the indices [begin, end), what a thread of a CPU accelerator gets from the element loops.
//! Its iterator only counts, so `for(auto i : range)` is a plain counted loop that GCC and clang vectorize like
//! `for(i = begin; i != end; ++i)`: no chunk jump inside the loop (see threadElementRange in ThreadElementRange.hpp).
//! The iterator is random-access, so `#pragma omp simd` may precede such a loop (OpenMP 5 range-based loops).

#include "alpaka/core/Common.hpp"

#include <cstddef>

namespace alpaka::detail
{
    template<typename TIdx>
    class ContiguousRange
    {
    public:
        class const_iterator
        {
        public:
            using value_type = TIdx;
            using difference_type = std::ptrdiff_t;
            using reference = TIdx;

            constexpr const_iterator() = default;

            ALPAKA_FN_ACC constexpr explicit const_iterator(TIdx index)
                : m_index(index)
            {
            }

            ALPAKA_FN_ACC constexpr auto operator*() const -> TIdx
            {
                return m_index;
            }

            ALPAKA_FN_ACC constexpr auto operator[](difference_type offset) const -> TIdx
            {
                return static_cast<TIdx>(m_index + static_cast<TIdx>(offset));
            }

            ALPAKA_FN_ACC constexpr auto operator++() -> const_iterator&
            {
                ++m_index;
                return *this;
            }

            ALPAKA_FN_ACC constexpr auto operator++(int) -> const_iterator
            {
                const_iterator old = *this;
                ++m_index;
                return old;
            }

            ALPAKA_FN_ACC constexpr auto operator--() -> const_iterator&
            {
                --m_index;
                return *this;
            }

            ALPAKA_FN_ACC constexpr auto operator+=(difference_type offset) -> const_iterator&
            {
                m_index = static_cast<TIdx>(m_index + static_cast<TIdx>(offset));
                return *this;
            }

            ALPAKA_FN_ACC constexpr auto operator-=(difference_type offset) -> const_iterator&
            {
                m_index = static_cast<TIdx>(m_index - static_cast<TIdx>(offset));
                return *this;
            }

            ALPAKA_FN_ACC friend constexpr auto operator+(const_iterator it, difference_type offset) -> const_iterator
            {
                return it += offset;
            }

            ALPAKA_FN_ACC friend constexpr auto operator+(difference_type offset, const_iterator it) -> const_iterator
            {
                return it += offset;
            }

            ALPAKA_FN_ACC friend constexpr auto operator-(const_iterator it, difference_type offset) -> const_iterator
            {
                return it -= offset;
            }

            ALPAKA_FN_ACC friend constexpr auto operator-(const_iterator a, const_iterator b) -> difference_type
            {
                return static_cast<difference_type>(a.m_index) - static_cast<difference_type>(b.m_index);
            }

            ALPAKA_FN_ACC friend constexpr auto operator==(const_iterator a, const_iterator b) -> bool
            {
                return a.m_index == b.m_index;
            }

            ALPAKA_FN_ACC friend constexpr auto operator!=(const_iterator a, const_iterator b) -> bool
            {
                return a.m_index != b.m_index;
            }

            ALPAKA_FN_ACC friend constexpr auto operator<(const_iterator a, const_iterator b) -> bool
            {
                return a.m_index < b.m_index;
            }

            ALPAKA_FN_ACC friend constexpr auto operator<=(const_iterator a, const_iterator b) -> bool
            {
                return a.m_index <= b.m_index;
            }

            ALPAKA_FN_ACC friend constexpr auto operator>(const_iterator a, const_iterator b) -> bool
            {
                return a.m_index > b.m_index;
            }

            ALPAKA_FN_ACC friend constexpr auto operator>=(const_iterator a, const_iterator b) -> bool
            {
                return a.m_index >= b.m_index;
            }

        private:
            TIdx m_index{};
        };

        using iterator = const_iterator;

        constexpr ContiguousRange() = default;

        //! [begin, end); an end before begin is an empty range at begin.
        ALPAKA_FN_ACC constexpr ContiguousRange(TIdx begin, TIdx end)
            : m_begin(begin)
            , m_end(end < begin ? begin : end)
        {
        }

        ALPAKA_FN_ACC constexpr auto begin() const -> const_iterator
        {
            return const_iterator(m_begin);
        }

        ALPAKA_FN_ACC constexpr auto end() const -> const_iterator
        {
            return const_iterator(m_end);
        }

        [[nodiscard]] ALPAKA_FN_ACC constexpr auto size() const -> TIdx
        {
            return static_cast<TIdx>(m_end - m_begin);
        }

        //! Whether the calling thread gets no index at all.
        [[nodiscard]] ALPAKA_FN_ACC constexpr auto empty() const -> bool
        {
            return m_begin == m_end;
        }

    private:
        TIdx m_begin{};
        TIdx m_end{};
    };
} // namespace alpaka::detail
