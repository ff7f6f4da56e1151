// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The work division a CPU back-end runs fastest, for getValidWorkDiv when the caller leaves the elements per thread
//! to the back-end (trait::ThreadElemChoice, specialized for the CPU accelerators in CpuAccTraits.hpp).
//!
//! A CPU runs an element loop fastest as one long counted loop per thread (it vectorizes, and streams through
//! memory), so the grid is cut into about as many contiguous parts as there are workers:
//! - back-ends whose blocks run side by side (OpenMP blocks, oneTBB, fibers): blocks of one thread,
//!   blockOversubscription blocks per worker so that a worker that finished early takes another block;
//! - back-ends whose threads of a block run side by side (std::thread, OpenMP threads, OpenMP target on the host):
//!   one block of a thread per core;
//! - serial: one block.
//! The parts go to the slowest dimension first (whole rows of a 2-D grid), and the elements along the fastest one
//! are a multiple of simdGranule, so that no vector straddles two threads' runs. A part has at least
//! minElemsPerWorker elements: below that, waking another thread costs more than it saves.

#include "alpaka/acc/AccDevProps.hpp"
#include "alpaka/core/Utility.hpp"
#include "alpaka/detail/sys/SysInfo.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>

namespace alpaka::detail::cpu
{
    inline constexpr std::size_t blockOversubscription = 4u;
    inline constexpr std::size_t simdGranule = 16u;
    inline constexpr std::size_t minElemsPerWorker = 2048u;

    //! The contiguous parts the grid is cut into. blocksInParallel: whether the back-end's parallelism comes from its
    //! blocks (else from the threads of a block, or none).
    template<typename TDim, typename TIdx>
    auto cpuWorkerParts(AccDevProps<TDim, TIdx> const& props, bool blocksInParallel) -> std::size_t
    {
        if(blocksInParallel)
            return static_cast<std::size_t>(props.m_multiProcessorCount) * blockOversubscription;
        std::size_t const cores = sys::getHardwareThreadCount();
        auto const threadsMax = static_cast<std::size_t>(props.m_blockThreadCountMax);
        return cores < threadsMax ? cores : threadsMax;
    }

    template<typename TDim, typename TIdx>
    auto cpuThreadElemExtent(
        Vec<TDim, TIdx> const& gridElemExtent,
        AccDevProps<TDim, TIdx> const& props,
        bool blocksInParallel) -> Vec<TDim, TIdx>
    {
        constexpr std::size_t dim = TDim::value;
        if constexpr(dim == 0)
            return Vec<TDim, TIdx>::ones();
        else
        {
            std::size_t total = 1;
            for(std::size_t i = 0; i != dim; ++i)
                total *= static_cast<std::size_t>(gridElemExtent[i]);
            std::size_t parts = cpuWorkerParts(props, blocksInParallel);
            std::size_t const partsBySize = total / minElemsPerWorker;
            if(partsBySize < parts)
                parts = partsBySize < 1 ? 1 : partsBySize;

            // Slowest dimension first: each dimension takes as many of the remaining parts as it has room for.
            Vec<TDim, TIdx> elems = Vec<TDim, TIdx>::ones();
            std::size_t rest = parts;
            for(std::size_t i = 0; i != dim; ++i)
            {
                auto const extent = static_cast<std::size_t>(gridElemExtent[i]);
                std::size_t const room = i + 1 == dim ? core::divCeil(extent, simdGranule) : extent;
                std::size_t const cut = rest < room ? rest : (room < 1 ? 1 : room);
                std::size_t run = core::divCeil(extent, cut);
                if(i + 1 == dim && run < extent)
                    run = core::divCeil(run, simdGranule) * simdGranule;
                elems[i] = static_cast<TIdx>(run < extent ? run : extent);
                rest = core::divCeil(rest, cut);
            }
            return elems;
        }
    }

    //! Back-ends whose blocks run side by side get blocks of one thread: more threads per block would only share a
    //! worker (fibers: a block's threads are fibers of one OS thread).
    template<typename TDim, typename TIdx>
    auto cpuBlockThreadCountMax(AccDevProps<TDim, TIdx> const&, bool blocksInParallel) -> TIdx
    {
        return blocksInParallel ? TIdx{1} : TIdx{0};
    }
} // namespace alpaka::detail::cpu
