// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! threadElementRange<TAcc>(thread, threads, elems, first, extent): the indices of [first, extent) that thread `thread`
//! of `threads`, with `elems` elements per thread, visits in an element loop along one dimension. Together the threads
//! visit every index once, each thread in increasing order.
//!
//! - Where the threads run as GPU threads (elementLoopsAreContiguous<TAcc> false): a grid-stride loop. Thread t takes
//!   the chunks of `elems` indices that start at first + (t + k * threads) * elems, so consecutive threads touch
//!   consecutive indices at any moment.
//! - Where the threads are CPU threads: one contiguous run per thread, a ContiguousRange whose loop the compiler sees
//!   as `for(i = begin; i != end; ++i)` and vectorizes. While the threads' elements cover the range
//!   (threads * elems >= extent - first) the runs are exactly the GPU's chunks: thread t gets
//!   [first + t * elems, first + (t + 1) * elems). Beyond that the range is cut into runs of ceil(count / threads)
//!   indices: each thread does no more work than in the grid-stride loop, without a jump from chunk to chunk that
//!   would keep the loop from vectorizing.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/exec/detail/ContiguousRange.hpp"
#include "alpaka/exec/detail/StridedChunkRange.hpp"

namespace alpaka::detail
{
    template<typename TAcc, typename TIdx>
    ALPAKA_FN_ACC constexpr auto threadElementRange(TIdx thread, TIdx threads, TIdx elems, TIdx first, TIdx extent)
    {
        if constexpr(elementLoopsAreContiguous<TAcc>)
        {
            TIdx const count = extent > first ? static_cast<TIdx>(extent - first) : TIdx{0};
            TIdx run = elems;
            if(static_cast<TIdx>(threads * elems) < count)
            {
                run = static_cast<TIdx>(count / threads + (count % threads != 0 ? 1 : 0));
                // Past the last run: computing thread * run could overflow for the last threads of a huge range.
                if(thread > static_cast<TIdx>((count - 1) / run))
                    return ContiguousRange<TIdx>(extent, extent); // count > 0 here, so extent == first + count
            }
            // Here thread * run < threads * elems or thread * run < count: no overflow.
            TIdx const offset = static_cast<TIdx>(thread * run);
            if(offset >= count)
                return ContiguousRange<TIdx>(first + count, first + count);
            TIdx const rest = static_cast<TIdx>(count - offset);
            TIdx const begin = static_cast<TIdx>(first + offset);
            return ContiguousRange<TIdx>(begin, static_cast<TIdx>(begin + (run < rest ? run : rest)));
        }
        else
        {
            return StridedChunkRange<TIdx>(
                static_cast<TIdx>(first + thread * elems), elems, static_cast<TIdx>(threads * elems), extent);
        }
    }
} // namespace alpaka::detail
