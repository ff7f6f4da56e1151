// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! cpu_backends: every enabled alpaka CPU back-end next to native OpenMP and oneTBB code, in one run:
//! 1. triad bandwidth (GB/s, ratio to `omp parallel for`),
//! 2. empty-kernel launch latency (us, difference to an empty `omp parallel`),
//! 3. a shared-memory block reduction with syncBlockThreads (us, difference to the same tree with `omp barrier`).
//! Progress goes to stderr, the table to stdout. Exits non-zero when a result is wrong; timings never fail the run.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "Backend.hpp"
#include "Launch.hpp"
#include "Native.hpp"
#include "Options.hpp"
#include "Reduce.hpp"
#include "Report.hpp"
#include "Stats.hpp"
#include "Triad.hpp"

namespace
{
    using namespace bench;

    using EnabledAccs = alpaka::test::EnabledAccs<Dim, Idx>;

    auto cpuBackendCount() -> std::size_t
    {
        std::size_t count = 0;
        alpaka::meta::forEachType<EnabledAccs>([&]<typename TAcc>() { count += isCpuBackend<TAcc> ? 1u : 0u; });
        return count;
    }

    //! How the native peers of a section are described in its rows.
    struct NativeRows
    {
        std::string metric;
        std::string ompNote; //!< "" for no pooled OpenMP row
        std::string tbbNote; //!< "" for no pooled TBB row
    };

    //! Runs measure.template operator()<TAcc>() for every enabled CPU back-end, then adds to the report the native
    //! peers (their samples pooled over all sessions of the section: more samples, one value to quote) and the
    //! back-ends' rows, each compared with the peer measured in its own session.
    template<typename TMeasure>
    void runSection(Report& report, std::string const& section, NativeRows const& natives, TMeasure&& measure)
    {
        std::vector<Session> sessions;
        alpaka::meta::forEachType<EnabledAccs>(
            [&]<typename TAcc>()
            {
                if constexpr(isCpuBackend<TAcc>)
                {
                    std::clog << "[" << section << "] " << alpaka::getAccName<TAcc>() << std::endl;
                    sessions.push_back(measure.template operator()<TAcc>());
                }
            });
        std::vector<double> omp, tbb;
        for(auto const& session : sessions)
        {
            omp.insert(omp.end(), session.omp.begin(), session.omp.end());
            tbb.insert(tbb.end(), session.tbb.begin(), session.tbb.end());
        }
        auto const nativeRow = [&](std::string backend, std::vector<double> const& sample, std::string notes)
        {
            Row row;
            row.section = section;
            row.backend = std::move(backend);
            row.metric = natives.metric;
            row.value = median(sample);
            // Rates are better high, times low; the section's rows say which by how they compare.
            row.compare = sessions.empty() ? Compare::Ratio : sessions.front().row.compare;
            row.best = row.compare == Compare::Ratio ? maximum(sample) : minimum(sample);
            row.notes = std::move(notes);
            return row;
        };
        if(!natives.ompNote.empty() && !omp.empty())
            report.add(nativeRow(ompPeer, omp, natives.ompNote));
        if(!natives.tbbNote.empty() && !tbb.empty())
        {
            Row row = nativeRow(tbbPeer, tbb, natives.tbbNote);
            if(!omp.empty())
            {
                row.peer = ompPeer;
                row.peerValue = median(omp);
            }
            report.add(std::move(row));
        }
        for(auto& session : sessions)
            report.add(std::move(session.row));
    }

    auto run(Options const& options) -> int
    {
        Context ctx;
        ctx.options = options;
        ctx.workers = std::max(1u, std::thread::hardware_concurrency());
        Idx const n = options.n;

        std::cout << "cpu_backends: alpaka CPU back-ends next to native OpenMP and oneTBB code\n"
                  << "  hardware threads " << ctx.workers;
        if constexpr(native::haveOpenMP)
            std::cout << ", OpenMP threads " << native::ompThreads();
        if constexpr(native::haveTbb)
            std::cout << ", TBB threads " << native::tbbThreads();
        std::cout << " (" << native::runtimeVersions() << ")\n"
                  << "  triad N = " << n << " doubles (" << triadBytes(n) / (1u << 20) << " MiB per run), "
                  << options.reps << " repetitions; " << options.launches << " empty launches; "
                  << options.reduceLaunches << " reduction launches per variant\n";
        double const load = loadAverage();
        if(!std::isnan(load))
            std::cout << "  load average (1 min) before the run " << load << "\n";
        if(load >= 0.5 * static_cast<double>(ctx.workers))
            std::cout << "  warning: the cores have been busy (other work, or a build that just ended); the timings "
                         "may be noisy\n";
        if constexpr(!native::haveOpenMP)
            std::cout << "  OpenMP not found at build time: the OpenMP peers are skipped"
                      << (native::haveTbb ? " (oneTBB is the reference)" : "") << "\n";
        if constexpr(!native::haveTbb)
            std::cout << "  oneTBB not found at build time: the TBB peers are skipped\n";
        alpaka::test::writeEnabledAccs<Dim, Idx>(std::cout);
        std::cout << std::flush;
        if(cpuBackendCount() == 0)
        {
            std::cerr << "cpu_backends: no alpaka CPU back-end is enabled (configure with "
                         "-Dalpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE=ON or another alpaka_ACC_CPU_..._ENABLE)\n";
            return EXIT_FAILURE;
        }

        // The native peers' arrays, allocated once; initTriad touches them first with the native schedule.
        auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        auto nativeA = alpaka::allocBuf<double, Idx>(host, n);
        auto nativeB = alpaka::allocBuf<double, Idx>(host, n);
        auto nativeC = alpaka::allocBuf<double, Idx>(host, n);
        ctx.nativeA = alpaka::getPtrNative(nativeA);
        ctx.nativeB = alpaka::getPtrNative(nativeB);
        ctx.nativeC = alpaka::getPtrNative(nativeC);
        native::initTriad(ctx.nativeA, ctx.nativeB, ctx.nativeC, n);

        Report report;
        report.setSectionTitle(
            "triad",
            "Triad a[i] = b[i] + s*c[i]: GB/s (24 bytes per element), median of " + std::to_string(options.reps)
                + " interleaved runs; higher is better; vs peer = ratio");
        report.setSectionTitle(
            "launch",
            "Empty kernel launch (blocking queue, triad work division): us per launch, median of "
                + std::to_string(options.launches) + "; lower is better; vs peer = difference");
        report.setSectionTitle(
            "reduce",
            "Block reduction in shared memory with syncBlockThreads (1 block, <= 64 threads): us per launch, median of "
                + std::to_string(options.reduceLaunches)
                + "; lower is better; vs peer = difference to the same tree in an omp parallel region of as many "
                  "threads with omp barrier");

        runSection(
            report,
            "triad",
            {"triad GB/s",
             "#pragma omp parallel for schedule(static), " + std::to_string(native::ompThreads()) + " threads",
             "tbb::parallel_for(blocked_range), default partitioner"},
            [&]<typename TAcc>() { return measureTriad<TAcc>(ctx); });
        runSection(
            report,
            "launch",
            {"empty launch us",
             "empty #pragma omp parallel {}",
             "empty tbb::parallel_for over " + std::to_string(ctx.workers) + " items"},
            [&]<typename TAcc>() { return measureLaunch<TAcc>(ctx); });
        // The OpenMP peer of the reduction uses each back-end's thread count: no pooled native row.
        runSection(
            report, "reduce", {"block reduce us", "", ""}, [&]<typename TAcc>() { return measureReduce<TAcc>(ctx); });

        report.print(std::cout);
        if(!options.csvPath.empty())
        {
            report.writeCsv(options.csvPath);
            std::cout << "\nCSV written to " << options.csvPath << "\n";
        }
        if(!ctx.errors.empty())
        {
            for(auto const& error : ctx.errors)
                std::cerr << "cpu_backends: ERROR: " << error << "\n";
            return EXIT_FAILURE;
        }
        std::cout << "\nAll results verified.\n";
        return EXIT_SUCCESS;
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    bench::Options options;
    try
    {
        options = bench::parseOptions(argc, argv);
    }
    catch(std::invalid_argument const& error)
    {
        std::cerr << "cpu_backends: " << error.what() << "\n";
        bench::printUsage(std::cerr);
        return EXIT_FAILURE;
    }
    if(options.help)
    {
        bench::printUsage(std::cout);
        return EXIT_SUCCESS;
    }
    try
    {
        return run(options);
    }
    catch(std::exception const& error)
    {
        std::cerr << "cpu_backends: error: " << error.what() << "\n";
        return EXIT_FAILURE;
    }
}
