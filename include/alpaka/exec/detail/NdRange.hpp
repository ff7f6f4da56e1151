// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! NdRange<TVec, TRange>: the N-D product of one index range per dimension, yielding Vecs with the last dimension
//! fastest (what uniformElementsND iterates over).

#include "alpaka/core/Common.hpp"

#include <cstddef>

namespace alpaka::detail
{
    //! N-D product of per-dimension ranges; yields Vecs, the last dimension fastest.
    template<typename TVec, typename TRange>
    class NdRange
    {
        static constexpr auto dim = TVec::Dim::value;

    public:
        class const_iterator
        {
        public:
            using value_type = TVec;

            ALPAKA_FN_ACC constexpr const_iterator(NdRange const* range, bool atEnd)
                : m_range(range)
                , m_atEnd(atEnd)
            {
                if(!m_atEnd)
                    for(std::size_t i = 0; i != dim; ++i)
                    {
                        m_iters[i] = range->m_ranges[i].begin();
                        m_value[i] = *m_iters[i];
                    }
            }

            ALPAKA_FN_ACC constexpr auto operator*() const -> TVec const&
            {
                return m_value;
            }

            ALPAKA_FN_ACC constexpr auto operator++() -> const_iterator&
            {
                for(std::size_t i = dim; i-- > 0;)
                {
                    ++m_iters[i];
                    if(m_iters[i] != m_range->m_ranges[i].end())
                    {
                        m_value[i] = *m_iters[i];
                        return *this;
                    }
                    m_iters[i] = m_range->m_ranges[i].begin();
                    m_value[i] = *m_iters[i];
                }
                m_atEnd = true;
                return *this;
            }

            ALPAKA_FN_ACC constexpr auto operator==(const_iterator const& other) const -> bool
            {
                return m_atEnd == other.m_atEnd && (m_atEnd || m_value == other.m_value);
            }

            ALPAKA_FN_ACC constexpr auto operator!=(const_iterator const& other) const -> bool
            {
                return !(*this == other);
            }

        private:
            NdRange const* m_range;
            bool m_atEnd;
            typename TRange::const_iterator m_iters[dim == 0 ? 1 : dim] = {};
            TVec m_value;
        };

        ALPAKA_FN_ACC constexpr explicit NdRange(TRange const (&ranges)[dim == 0 ? 1 : dim])
        {
            for(std::size_t i = 0; i != dim; ++i)
                m_ranges[i] = ranges[i];
        }

        ALPAKA_FN_ACC constexpr auto begin() const -> const_iterator
        {
            for(std::size_t i = 0; i != dim; ++i)
                if(m_ranges[i].empty())
                    return end();
            return const_iterator(this, false);
        }

        ALPAKA_FN_ACC constexpr auto end() const -> const_iterator
        {
            return const_iterator(this, true);
        }

    private:
        TRange m_ranges[dim == 0 ? 1 : dim] = {};
    };
} // namespace alpaka::detail
