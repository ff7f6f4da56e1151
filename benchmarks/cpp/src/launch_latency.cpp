// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! launch_latency: what launching an empty kernel costs on every enabled CPU back-end, on a blocking queue (exec
//! returns when the kernel is done) and on a non-blocking one (exec hands the task to the queue's worker, wait joins
//! it), with one block and with many (the triad's work division), next to an empty `#pragma omp parallel` and an
//! empty `tbb::parallel_for`, the least a native fork-join costs. cpu_backends measures the blocking, many-blocks
//! case too; this program adds the other three.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "Group.hpp"
#include "Launch.hpp"
#include "Native.hpp"

namespace
{
    using namespace bench;

    //! One queue kind and work division of a back-end, interleaved with the native peers.
    template<typename TAcc, typename TQueueKind>
    auto measureCase(Options const& options, Shape const& shape, std::string const& what) -> Measured
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, TQueueKind> queue(dev);
        WorkDiv const workDiv = shape.workDiv();

        std::vector<Variant> variants;
        variants.push_back(
            {"alpaka",
             [&]
             {
                 alpaka::exec<TAcc>(queue, workDiv, EmptyKernel{});
                 // A no-op on a blocking queue; the join with the worker on a non-blocking one.
                 alpaka::wait(queue);
             }});
        if constexpr(native::haveOpenMP)
            variants.push_back({ompPeer, [] { native::emptyOmp(); }});
        if constexpr(native::haveTbb)
            variants.push_back({tbbPeer, [items = hardwareWorkers()] { native::emptyTbb(items); }});

        std::size_t const perTurn = std::min(options.launches, launchesPerTurn);
        interleave(variants, ceilDiv(options.launches, perTurn), launchWarmup, perTurn);

        Measured measured;
        measured.row.section = "launch";
        measured.row.backend = alpaka::getAccName<TAcc>();
        measured.row.metric = what;
        measured.row.compare = Compare::Difference;
        measured.row.notes = shape.describe();
        for(auto const& variant : variants)
            if(variant.name != "alpaka")
                measured.natives.emplace_back(variant.name, scaled(variant.seconds, 1e6));
        summariseTime(measured, scaled(samplesOf(variants, "alpaka"), 1e6));
        if(auto const target = launchTargetUs<TAcc>())
        {
            std::ostringstream os;
            os << "<= +" << std::fixed << std::setprecision(2) << *target << " us";
            measured.row.target = os.str();
            if(measured.row.peer == ompPeer)
                measured.row.status = measured.row.difference() <= *target ? "met" : "missed";
        }
        return measured;
    }

    template<typename TAcc>
    auto measureLaunches(Options const& options) -> std::vector<Measured>
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        // The triad's block shape; on the threads back-ends (one block there) as many blocks as the blocks back-ends.
        Shape many = streamShape<TAcc>(dev, options.n, hardwareWorkers(), options.chunksPerCore);
        many.blocks = std::max(many.blocks, hardwareWorkers() * options.chunksPerCore);
        many.elems = 1;
        // One block: of one thread on the blocks back-ends, of the triad's threads on the threads back-ends.
        Shape const one{1, many.threads, 1};
        std::vector<Measured> rows;
        rows.push_back(measureCase<TAcc, alpaka::Blocking>(options, one, "blocking, 1 block, us"));
        rows.push_back(measureCase<TAcc, alpaka::Blocking>(options, many, "blocking, many blocks, us"));
        rows.push_back(measureCase<TAcc, alpaka::NonBlocking>(options, one, "non-blocking, 1 block, us"));
        rows.push_back(measureCase<TAcc, alpaka::NonBlocking>(options, many, "non-blocking, many blocks, us"));
        return rows;
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    return groupMain(
        argc,
        argv,
        "launch_latency",
        Options{},
        [](Options const& options, Report& report, std::vector<std::string>&)
        {
            printHeader("launch_latency", "empty-kernel launches next to empty native regions", hardwareWorkers());
            report.setSectionTitle(
                "launch",
                "Empty kernel launch (exec + wait): us per launch, median of " + std::to_string(options.launches)
                    + "; best = fastest launch; lower is better; vs peer = difference to an empty omp parallel");
            runGroup(report, "launch", [&]<typename TAcc>() { return measureLaunches<TAcc>(options); }, false);
        });
}
