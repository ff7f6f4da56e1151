// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! triad_sweep: cpu_backends' triad (double) over sizes from 2^10 to 2^26 elements, every enabled CPU back-end next
//! to `omp parallel for` and oneTBB on the back-end's own arrays: where the launch cost stops mattering and each
//! back-end reaches the bandwidth of the caches and then of memory. --reps turns per size and variant; each turn
//! starts with the pause of interleave() (settle()) and two untimed runs, then times up to 100 back-to-back runs (fewer
//! for the large sizes, one from 2^20 elements on).

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "Group.hpp"
#include "Triad.hpp"

namespace
{
    using namespace bench;

    template<typename TAcc>
    auto measureSweep(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        std::vector<Measured> rows;
        for(std::size_t e = options.sweepMin; e <= options.sweepMax; e += options.sweepStep)
        {
            Context ctx;
            ctx.options = options;
            ctx.options.n = std::size_t{1} << e;
            ctx.workers = hardwareWorkers();
            // Back-to-back runs, as an application streams: per turn two untimed runs (they wake the workers that
            // slept through the pause between turns) and enough timed ones for about 2^20 elements.
            ctx.triadTurnWarmup = 2;
            ctx.triadTurnRuns = std::clamp((std::size_t{1} << 20) >> e, std::size_t{1}, std::size_t{100});
            // The native peers stream over the back-end's arrays (host back-ends), so their own arrays stay unset.
            Session session = measureTriad<TAcc>(ctx);
            errors.insert(errors.end(), ctx.errors.begin(), ctx.errors.end());

            Measured measured;
            measured.row = session.row;
            measured.row.section = "sweep";
            measured.row.metric = "triad GB/s, n = 2^" + std::to_string(e);
            // The targets belong to cpu_backends' full-size triad, not to each point of the curve.
            measured.row.target.clear();
            measured.row.status.clear();
            measured.row.notes += ", " + std::to_string(ctx.triadTurnRuns) + " timed runs per turn";
            if(!session.omp.empty())
                measured.natives.emplace_back(ompPeer, session.omp);
            if(!session.tbb.empty())
                measured.natives.emplace_back(tbbPeer, session.tbb);
            rows.push_back(std::move(measured));
        }
        return rows;
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    return groupMain(
        argc,
        argv,
        "triad_sweep",
        Options{},
        [](Options const& options, Report& report, std::vector<std::string>& errors)
        {
            printHeader("triad_sweep", "triad bandwidth over array sizes", hardwareWorkers());
            std::cout << "  sizes 2^" << options.sweepMin << " ... 2^" << options.sweepMax << " (step 2^"
                      << options.sweepStep << "), " << options.reps << " interleaved turns per variant\n";
            report.setSectionTitle(
                "sweep",
                "Triad a = b + s*c (double) by size: GB/s (24 bytes per element), median; best = fastest run; higher "
                "is better; vs peer = ratio");
            runGroup(report, "sweep", [&]<typename TAcc>() { return measureSweep<TAcc>(options, errors); }, true);
        });
}
