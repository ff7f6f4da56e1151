// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What the group programs (babelstream, launch_latency, atomics, compute, triad_sweep, graph_heat) share: a
//! measurement of one back-end yields several rows, each with the native samples measured interleaved with it;
//! runGroup() runs it for every enabled CPU back-end and adds to the report, per row key (section and metric), the
//! native peers' rows (their samples pooled over all sessions) followed by the back-ends' rows. groupMain() is the
//! common main().

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "Backend.hpp"
#include "Native.hpp"
#include "Options.hpp"
#include "Report.hpp"
#include "Stats.hpp"

namespace bench
{
    //! One row of an alpaka back-end and the samples of the native peers measured in its session (same unit). The
    //! first native listed is the row's peer.
    struct Measured
    {
        Row row;
        std::vector<std::pair<std::string, std::vector<double>>> natives = {};
    };

    //! Sets the row's value (median) and best sample from its samples, and its peer from the first native.
    inline void summarise(Measured& measured, std::vector<double> const& samples, bool higher)
    {
        measured.row.value = median(samples);
        measured.row.best = higher ? maximum(samples) : minimum(samples);
        if(!measured.natives.empty() && !measured.natives.front().second.empty())
        {
            measured.row.peer = measured.natives.front().first;
            measured.row.peerValue = median(measured.natives.front().second);
        }
    }

    //! Rate-like rows: larger is better.
    inline void summariseRate(Measured& measured, std::vector<double> const& samples)
    {
        summarise(measured, samples, true);
    }

    //! Time-like rows: smaller is better.
    inline void summariseTime(Measured& measured, std::vector<double> const& samples)
    {
        summarise(measured, samples, false);
    }

    using EnabledAccs = alpaka::test::EnabledAccs<Dim, Idx>;

    //! Runs measure.template operator()<TAcc>() (a std::vector<Measured>) for every enabled CPU back-end, then adds the
    //! rows to the report key by key, in the order the keys first appeared: pooled native rows first, then the
    //! back-ends. A pooled native row is compared with the first native of its key (when it is another one).
    template<typename TMeasure>
    void runGroup(Report& report, std::string const& group, TMeasure&& measure, bool higher)
    {
        std::vector<Measured> all;
        alpaka::meta::forEachType<EnabledAccs>(
            [&]<typename TAcc>()
            {
                if constexpr(isCpuBackend<TAcc>)
                {
                    std::clog << "[" << group << "] " << alpaka::getAccName<TAcc>() << std::endl;
                    for(auto& measured : measure.template operator()<TAcc>())
                        all.push_back(std::move(measured));
                }
            });
        std::vector<std::pair<std::string, std::string>> keys;
        for(auto const& measured : all)
        {
            std::pair<std::string, std::string> key{measured.row.section, measured.row.metric};
            if(std::find(keys.begin(), keys.end(), key) == keys.end())
                keys.push_back(key);
        }
        // Sections must stay contiguous for the printed table: stable-sort the keys by the section's first appearance.
        std::vector<std::string> sections;
        for(auto const& key : keys)
            if(std::find(sections.begin(), sections.end(), key.first) == sections.end())
                sections.push_back(key.first);
        for(auto const& section : sections)
            for(auto const& key : keys)
            {
                if(key.first != section)
                    continue;
                // Pool the natives of every session of this key, by name, in the order they first appear.
                std::vector<std::pair<std::string, std::vector<double>>> pooled;
                Compare compare = Compare::Ratio;
                for(auto const& measured : all)
                {
                    if(measured.row.section != key.first || measured.row.metric != key.second)
                        continue;
                    compare = measured.row.compare;
                    for(auto const& [name, samples] : measured.natives)
                    {
                        auto it = std::find_if(
                            pooled.begin(), pooled.end(), [&](auto const& entry) { return entry.first == name; });
                        if(it == pooled.end())
                            it = pooled.insert(pooled.end(), {name, {}});
                        it->second.insert(it->second.end(), samples.begin(), samples.end());
                    }
                }
                for(auto const& [name, samples] : pooled)
                {
                    if(samples.empty())
                        continue;
                    Row row;
                    row.section = key.first;
                    row.backend = name;
                    row.metric = key.second;
                    row.compare = compare;
                    row.value = median(samples);
                    row.best = higher ? maximum(samples) : minimum(samples);
                    row.notes = "pooled over the back-ends' sessions";
                    if(name != pooled.front().first && !pooled.front().second.empty())
                    {
                        row.peer = pooled.front().first;
                        row.peerValue = median(pooled.front().second);
                    }
                    report.add(std::move(row));
                }
                for(auto& measured : all)
                    if(measured.row.section == key.first && measured.row.metric == key.second)
                        report.add(std::move(measured.row));
            }
    }

    //! Prints the header every program shares: threads, runtimes, load average, enabled back-ends.
    inline void printHeader(std::string const& program, std::string const& what, Idx workers)
    {
        std::cout << program << ": " << what << "\n  hardware threads " << workers;
        if constexpr(native::haveOpenMP)
            std::cout << ", OpenMP threads " << native::ompThreads();
        if constexpr(native::haveTbb)
            std::cout << ", TBB threads " << native::tbbThreads();
        std::cout << " (" << native::runtimeVersions() << ")\n";
        double const load = loadAverage();
        if(!std::isnan(load))
            std::cout << "  load average (1 min) before the run " << load << "\n";
        if(load >= 0.5 * static_cast<double>(workers))
            std::cout << "  warning: the cores have been busy; the timings may be noisy\n";
        alpaka::test::writeEnabledAccs<Dim, Idx>(std::cout);
        std::cout << std::flush;
    }

    //! The main() of a group program: parses the options (with the program's defaults), calls run(options, report,
    //! errors), prints the table, writes the CSV, and fails when a result was wrong.
    template<typename TRun>
    auto groupMain(int argc, char** argv, std::string const& program, Options const& defaults, TRun&& run) -> int
    {
        Options options;
        try
        {
            options = parseOptions(argc, argv, defaults);
        }
        catch(std::invalid_argument const& error)
        {
            std::cerr << program << ": " << error.what() << "\n";
            printUsage(std::cerr);
            return EXIT_FAILURE;
        }
        if(options.help)
        {
            printUsage(std::cout);
            return EXIT_SUCCESS;
        }
        try
        {
            Report report;
            std::vector<std::string> errors;
            run(options, report, errors);
            report.print(std::cout);
            if(!options.csvPath.empty())
            {
                report.writeCsv(options.csvPath);
                std::cout << "\nCSV written to " << options.csvPath << "\n";
            }
            for(auto const& error : errors)
                std::cerr << program << ": ERROR: " << error << "\n";
            if(!errors.empty())
                return EXIT_FAILURE;
            std::cout << "\nAll results verified.\n";
            return EXIT_SUCCESS;
        }
        catch(std::exception const& error)
        {
            std::cerr << program << ": error: " << error.what() << "\n";
            return EXIT_FAILURE;
        }
    }

    //! std::thread::hardware_concurrency(), at least 1.
    inline auto hardwareWorkers() -> Idx
    {
        return std::max(Idx{1}, static_cast<Idx>(std::thread::hardware_concurrency()));
    }
} // namespace bench
