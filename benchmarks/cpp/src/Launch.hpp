// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Empty-kernel launch latency of one back-end: what a launch costs beyond the work (creating the task, checking the
//! work division, waking the workers, waiting for the last one), next to an empty `omp parallel` region and an empty
//! `tbb::parallel_for`, the least a native fork-join costs.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <vector>

#include "Backend.hpp"
#include "Native.hpp"
#include "Stats.hpp"

namespace bench
{
    struct EmptyKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const&) const
        {
        }
    };

    //! Launches timed per variant turn: long enough for the runtime to reach its steady state (workers spinning for
    //! the next region), short enough that the turns interleave many times.
    inline constexpr std::size_t launchesPerTurn = 100;
    //! Untimed launches at the start of each turn, which wake the variant's sleeping workers.
    inline constexpr std::size_t launchWarmup = 10;

    template<typename TAcc>
    auto measureLaunch(Context& ctx) -> Session
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        // The triad's work division: the same number of blocks and threads to start and join.
        Shape const shape = streamShape<TAcc>(dev, ctx.options.n, ctx.workers, ctx.options.chunksPerCore);
        WorkDiv const workDiv = shape.workDiv();

        std::vector<Variant> variants;
        // The queue is blocking: exec returns once the kernel has finished.
        variants.push_back({"alpaka", [&] { alpaka::exec<TAcc>(queue, workDiv, EmptyKernel{}); }});
        if constexpr(native::haveOpenMP)
            variants.push_back({"omp", [] { native::emptyOmp(); }});
        if constexpr(native::haveTbb)
            variants.push_back({"tbb", [items = ctx.workers] { native::emptyTbb(items); }});

        std::size_t const perTurn = std::min(ctx.options.launches, launchesPerTurn);
        std::size_t const turns = ceilDiv(ctx.options.launches, perTurn);
        interleave(variants, turns, launchWarmup, perTurn);

        Session session;
        session.row.section = "launch";
        session.row.backend = alpaka::getAccName<TAcc>();
        session.row.metric = "empty launch us";
        session.row.value = median(scaled(samplesOf(variants, "alpaka"), 1e6));
        session.row.best = minimum(scaled(samplesOf(variants, "alpaka"), 1e6));
        session.row.compare = Compare::Difference;
        session.row.notes = shape.describe();
        session.omp = scaled(samplesOf(variants, "omp"), 1e6);
        session.tbb = scaled(samplesOf(variants, "tbb"), 1e6);
        setPeer(session);
        if(auto const target = launchTargetUs<TAcc>())
        {
            std::ostringstream os;
            os << "<= +" << std::fixed << std::setprecision(2) << *target << " us";
            session.row.target = os.str();
            // The target is stated against `omp parallel`; without OpenMP there is nothing to judge it by.
            if(session.row.peer == ompPeer)
                session.row.status = session.row.difference() <= *target ? "met" : "missed";
        }
        return session;
    }
} // namespace bench
