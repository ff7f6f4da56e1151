// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The index range behind the loop helpers: a thread owns chunks of `chunk` consecutive indices, the first starting at
//! `start`, each next one `stride` further, up to `extent` (exclusive): a grid-stride loop, as GPU threads run it
//! (consecutive threads take consecutive chunks, so a warp's accesses coalesce). CPU threads get a ContiguousRange
//! instead (see ThreadElementRange.hpp): the chunk jump inside operator++ keeps compilers from vectorizing the loop.

#include "alpaka/core/Common.hpp"

#include <cstddef>

namespace alpaka::detail
{
    template<typename TIdx>
    class StridedChunkRange
    {
    public:
        class const_iterator
        {
        public:
            constexpr const_iterator() = default;

            ALPAKA_FN_ACC constexpr const_iterator(TIdx index, TIdx chunkEnd, TIdx chunk, TIdx stride, TIdx extent)
                : m_index(index)
                , m_chunkEnd(chunkEnd)
                , m_chunk(chunk)
                , m_stride(stride)
                , m_extent(extent)
            {
            }

            ALPAKA_FN_ACC constexpr auto operator*() const -> TIdx
            {
                return m_index;
            }

            ALPAKA_FN_ACC constexpr auto operator++() -> const_iterator&
            {
                if(m_chunk == 1)
                {
                    // One element per thread, the usual GPU work division: a plain grid-stride loop, which the
                    // compiler unswitches from the chunked one (the chunk bookkeeping alone made a triad slower than
                    // the same loop written in CUDA: docs/dev/measurements.md#gpu-kernels-and-launches).
                    m_index = static_cast<TIdx>(m_extent - m_index > m_stride ? m_index + m_stride : m_extent);
                    return *this;
                }
                ++m_index;
                if(m_index == m_chunkEnd)
                    nextChunk();
                return *this;
            }

            ALPAKA_FN_ACC constexpr auto operator++(int) -> const_iterator
            {
                const_iterator old = *this;
                ++(*this);
                return old;
            }

            ALPAKA_FN_ACC constexpr auto operator==(const_iterator const& other) const -> bool
            {
                return m_index == other.m_index;
            }

            ALPAKA_FN_ACC constexpr auto operator!=(const_iterator const& other) const -> bool
            {
                return !(*this == other);
            }

        private:
            // At the end of a chunk: jump to the start of the next one, or to the end of the range. A chunk that was
            // cut short ends at the extent, so a full chunk starts m_chunk before its end.
            ALPAKA_FN_ACC constexpr void nextChunk()
            {
                if(m_index >= m_extent)
                {
                    m_index = m_extent;
                    return;
                }
                TIdx const chunkStart = static_cast<TIdx>(m_index - m_chunk);
                if(m_stride >= static_cast<TIdx>(m_extent - chunkStart))
                {
                    m_index = m_extent;
                    return;
                }
                m_index = static_cast<TIdx>(chunkStart + m_stride);
                TIdx const rest = static_cast<TIdx>(m_extent - m_index);
                m_chunkEnd = static_cast<TIdx>(m_index + (m_chunk < rest ? m_chunk : rest));
            }

            TIdx m_index{};
            TIdx m_chunkEnd{};
            TIdx m_chunk{};
            TIdx m_stride{};
            TIdx m_extent{};
        };

        using iterator = const_iterator;

        constexpr StridedChunkRange() = default;

        ALPAKA_FN_ACC constexpr StridedChunkRange(TIdx start, TIdx chunk, TIdx stride, TIdx extent)
            : m_start(start < extent ? start : extent)
            , m_chunk(chunk)
            , m_stride(stride)
            , m_extent(extent)
        {
        }

        ALPAKA_FN_ACC constexpr auto begin() const -> const_iterator
        {
            TIdx const rest = static_cast<TIdx>(m_extent - m_start);
            TIdx const chunkEnd = static_cast<TIdx>(m_start + (m_chunk < rest ? m_chunk : rest));
            return const_iterator(m_start, chunkEnd, m_chunk, m_stride, m_extent);
        }

        ALPAKA_FN_ACC constexpr auto end() const -> const_iterator
        {
            return const_iterator(m_extent, m_extent, m_chunk, m_stride, m_extent);
        }

        //! Whether the calling thread gets no index at all.
        [[nodiscard]] ALPAKA_FN_ACC constexpr auto empty() const -> bool
        {
            return m_start >= m_extent;
        }

    private:
        TIdx m_start{};
        TIdx m_chunk{};
        TIdx m_stride{};
        TIdx m_extent{};
    };
} // namespace alpaka::detail
