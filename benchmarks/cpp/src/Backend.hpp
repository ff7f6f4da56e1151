// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What the measurements share: the back-ends compared, the work division each gets, the scoreboard targets
//! (benchmarks/README.md), and the context (options, native arrays) handed to every measurement.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "Options.hpp"
#include "Report.hpp"
#include "Stats.hpp"

namespace bench
{
    using Dim = alpaka::DimInt<1u>;
    using Idx = std::size_t;
    using WorkDiv = alpaka::WorkDivMembers<Dim, Idx>;

    //! The enabled accelerator list may also hold GPU accelerators (in a CUDA or HIP build); only the CPU back-ends
    //! are compared with native CPU loops.
    template<typename TAcc>
    inline constexpr bool isCpuBackend = alpaka::accMatchesTags<
        TAcc,
        alpaka::TagCpuSerial,
        alpaka::TagCpuThreads,
        alpaka::TagCpuFibers,
        alpaka::TagCpuOmp2Blocks,
        alpaka::TagCpuOmp2Threads,
        alpaka::TagCpuTbbBlocks,
        alpaka::TagOmp5>;

    //! The scoreboard's triad target: >= 0.97x native for the parallel blocks back-ends, >= 0.9x for the threads
    //! back-ends (their threads meet at barriers, which costs); none for the serial back-end (one core) and AccOmp5.
    template<typename TAcc>
    auto triadTarget() -> std::optional<double>
    {
        if constexpr(alpaka::accMatchesTags<TAcc, alpaka::TagCpuOmp2Blocks, alpaka::TagCpuTbbBlocks>)
            return 0.97;
        else if constexpr(
            alpaka::accMatchesTags<TAcc, alpaka::TagCpuThreads, alpaka::TagCpuOmp2Threads, alpaka::TagCpuFibers>)
            return 0.9;
        else
            return std::nullopt;
    }

    //! The scoreboard's launch target: an empty kernel within 1 us of an empty `omp parallel`, for the same back-ends.
    template<typename TAcc>
    auto launchTargetUs() -> std::optional<double>
    {
        if(triadTarget<TAcc>())
            return 1.0;
        return std::nullopt;
    }

    //! A work division as three scalars, 1-D.
    struct Shape
    {
        Idx blocks = 1;
        Idx threads = 1;
        Idx elems = 1;

        [[nodiscard]] auto workDiv() const -> WorkDiv
        {
            return WorkDiv(alpaka::Vec<Dim, Idx>{blocks}, alpaka::Vec<Dim, Idx>{threads}, alpaka::Vec<Dim, Idx>{elems});
        }

        [[nodiscard]] auto describe() const -> std::string
        {
            std::ostringstream os;
            os << blocks << (blocks == 1 ? " block x " : " blocks x ") << threads
               << (threads == 1 ? " thread x " : " threads x ") << elems << " elem";
            return os.str();
        }
    };

    //! Whether the back-end runs several threads per block (AccCpuThreads, AccCpuOmp2Threads, AccCpuFibers), rather
    //! than parallelising over blocks of one thread.
    template<typename TAcc>
    auto hasBlockThreads(alpaka::Dev<TAcc> const& dev) -> bool
    {
        return alpaka::getAccDevProps<TAcc>(dev).m_blockThreadCountMax > 1;
    }

    inline auto ceilDiv(Idx a, Idx b) -> Idx
    {
        return (a + b - 1) / b;
    }

    //! The work division of the streaming kernels (triad, empty launch), the one a user would pick for each kind:
    //! - blocks back-ends: `workers * chunksPerCore` blocks of one thread, each n / blocks contiguous elements;
    //! - threads back-ends: one block of `workers` threads (at most what the back-end allows), each n / threads;
    //! - fibers: the threads of a block take turns on one core, the blocks run on all cores: `workers *
    //!   chunksPerCore` blocks of `fiberBlockThreads` threads (two: a block of several fibers with its barrier, at the
    //!   least cost; each further fiber adds about 0.4 us to a launch on this machine).
    //! The elements per thread stay within the back-end's limit; uniformElements then loops over the rest.
    template<typename TAcc>
    auto streamShape(alpaka::Dev<TAcc> const& dev, Idx n, Idx workers, Idx chunksPerCore) -> Shape
    {
        constexpr Idx fiberBlockThreads = 2;
        auto const props = alpaka::getAccDevProps<TAcc>(dev);
        Shape shape;
        if constexpr(alpaka::accMatchesTags<TAcc, alpaka::TagCpuFibers>)
        {
            shape.threads = fiberBlockThreads;
            shape.blocks = std::max(Idx{1}, std::min(workers * chunksPerCore, ceilDiv(n, shape.threads)));
        }
        else if(hasBlockThreads<TAcc>(dev))
            shape.threads = std::max(
                Idx{1},
                std::min({workers, static_cast<Idx>(props.m_blockThreadCountMax), props.m_blockThreadExtentMax[0]}));
        else
            shape.blocks = std::max(
                Idx{1},
                std::min(
                    {workers * chunksPerCore,
                     n,
                     static_cast<Idx>(props.m_gridBlockCountMax),
                     props.m_gridBlockExtentMax[0]}));
        shape.elems = std::clamp(
            ceilDiv(n, shape.blocks * shape.threads),
            Idx{1},
            std::min(static_cast<Idx>(props.m_threadElemCountMax), props.m_threadElemExtentMax[0]));
        return shape;
    }

    //! Handed to every measurement.
    struct Context
    {
        Options options;
        //! std::thread::hardware_concurrency(): the thread count the alpaka work divisions are sized for.
        Idx workers = 1;
        //! The native peers' triad arrays (owned by main), first touched by the native loop schedule.
        double* nativeA = nullptr;
        double* nativeB = nullptr;
        double* nativeC = nullptr;
        //! Triad runs per variant turn: untimed ones first, then timed ones (see interleave()). One timed run per turn
        //! for the full-size triad; the sweep's small sizes take several, since a single run after the pause between
        //! turns would time the wake-up of the runtime's sleeping threads, not the triad.
        std::size_t triadTurnWarmup = 0;
        std::size_t triadTurnRuns = 1;
        //! Wrong results found so far; any makes the run fail after the table is printed.
        std::vector<std::string> errors = {};
    };

    //! One back-end's measurement in a section: its row, and the samples (in the row's unit) of the native peers
    //! measured interleaved with it, pooled by main() into the rows of the native peers.
    struct Session
    {
        Row row;
        std::vector<double> omp = {};
        std::vector<double> tbb = {};
    };

    inline constexpr char const* ompPeer = "native OpenMP";
    inline constexpr char const* tbbPeer = "native oneTBB";

    //! Compares the row with the OpenMP peer of its own session when there is one, else with the TBB peer.
    inline void setPeer(Session& session)
    {
        if(!session.omp.empty())
        {
            session.row.peer = ompPeer;
            session.row.peerValue = median(session.omp);
        }
        else if(!session.tbb.empty())
        {
            session.row.peer = tbbPeer;
            session.row.peerValue = median(session.tbb);
        }
    }

    //! The samples of the variant called name (empty if there is none).
    inline auto samplesOf(std::vector<Variant> const& variants, std::string const& name) -> std::vector<double>
    {
        for(auto const& variant : variants)
            if(variant.name == name)
                return variant.seconds;
        return {};
    }
} // namespace bench
