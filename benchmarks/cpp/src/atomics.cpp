// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! atomics: alpaka::atomicAdd on 64-bit counters at each hierarchy level (Threads, Blocks, Grids), with high
//! contention (one counter shared by all threads that the level allows to share it: the block's threads for Threads,
//! everybody for Blocks and Grids) and low contention (a counter per thread, each on its own cache line), next to
//! std::atomic_ref::fetch_add(relaxed) in an `omp parallel` region. One thread per hardware thread: blocks of one
//! thread on the blocks back-ends, one block on the threads back-ends. Reported: ns per operation = wall time / the
//! operations each thread does (so the serial back-end, which runs the threads one after the other, pays for all).

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "Group.hpp"
#include "NativeKernels.hpp"

namespace
{
    using namespace bench;
    using Counter = unsigned long long;

    //! Counters 64 bytes apart, so that the low-contention case shares no cache line.
    constexpr std::size_t stride = 64 / sizeof(Counter);

    template<typename THierarchy>
    struct AtomicAddKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, Counter* counters, std::size_t ops, bool shared) const
        {
            auto const block = static_cast<std::size_t>(alpaka::getIdx<alpaka::Grid, alpaka::Blocks>(acc)[0]);
            auto const threads = static_cast<std::size_t>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0]);
            auto const thread = static_cast<std::size_t>(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0]);
            std::size_t slot = (block * threads + thread) * stride;
            if(shared)
                // hierarchy::Threads promises that only the block's threads touch the counter: one per block.
                slot = std::is_same_v<THierarchy, alpaka::hierarchy::Threads> ? block * stride : 0u;
            for(std::size_t i = 0; i < ops; ++i)
                alpaka::atomicAdd(acc, counters + slot, Counter{1}, THierarchy{});
        }
    };

    template<typename TAcc, typename THierarchy>
    auto
    measureLevel(Options const& options, std::vector<std::string>& errors, char const* level, bool shared) -> Measured
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        Idx const workers = hardwareWorkers();
        Shape shape = streamShape<TAcc>(dev, workers, workers, 1);
        shape.elems = 1;
        std::size_t const alpakaThreads = shape.blocks * shape.threads;
        std::size_t const nativeThreads = static_cast<std::size_t>(std::max(1, native::ompThreads()));
        std::size_t const slots = std::max(alpakaThreads, nativeThreads) * stride;
        auto buf = alpaka::allocBuf<Counter, Idx>(dev, slots);
        Counter* const counters = alpaka::getPtrNative(buf);
        std::size_t const ops = options.atomicOps;

        Counter alpakaTotal = 0, nativeTotal = 0;
        auto const total = [&] { return std::accumulate(counters, counters + slots, Counter{0}); };
        std::vector<Variant> variants;
        variants.push_back(
            {"alpaka",
             [&]
             {
                 std::fill(counters, counters + slots, Counter{0});
                 alpaka::exec<TAcc>(queue, shape.workDiv(), AtomicAddKernel<THierarchy>{}, counters, ops, shared);
                 alpakaTotal = total();
             }});
        std::string const nativeName = "native fetch_add (OpenMP)";
        if constexpr(native::haveOpenMP)
            variants.push_back(
                {nativeName,
                 [&]
                 {
                     std::fill(counters, counters + slots, Counter{0});
                     native::atomicAddOmp(counters, stride, ops, shared);
                     nativeTotal = total();
                 }});
        for(auto& variant : variants)
            variant.run();
        interleave(variants, options.reps, 0, 1);

        std::string const name = alpaka::getAccName<TAcc>();
        auto const check = [&](std::string const& who, Counter got, std::size_t threads)
        {
            if(got != static_cast<Counter>(threads * ops))
            {
                std::ostringstream os;
                os << who << ", " << level << (shared ? " shared" : " own") << " counters: " << got
                   << " increments, expected " << threads * ops;
                errors.push_back(os.str());
            }
        };
        check(name, alpakaTotal, alpakaThreads);
        if constexpr(native::haveOpenMP)
            check(nativeName, nativeTotal, nativeThreads);

        // Wall time per operation of one thread, in ns.
        auto const perOp
            = [&](std::vector<double> const& seconds) { return scaled(seconds, 1e9 / static_cast<double>(ops)); };
        Measured measured;
        measured.row.section = "atomics";
        measured.row.backend = name;
        measured.row.metric = std::string(level) + (shared ? ", shared counter, ns/op" : ", own counter, ns/op");
        measured.row.compare = Compare::Ratio;
        measured.row.notes = shape.describe();
        if constexpr(native::haveOpenMP)
            measured.natives.emplace_back(nativeName, perOp(samplesOf(variants, nativeName)));
        summariseTime(measured, perOp(samplesOf(variants, "alpaka")));
        return measured;
    }

    template<typename TAcc>
    auto measureAtomics(Options const& options, std::vector<std::string>& errors) -> std::vector<Measured>
    {
        std::vector<Measured> rows;
        for(bool const shared : {true, false})
        {
            rows.push_back(measureLevel<TAcc, alpaka::hierarchy::Threads>(options, errors, "Threads", shared));
            rows.push_back(measureLevel<TAcc, alpaka::hierarchy::Blocks>(options, errors, "Blocks", shared));
            rows.push_back(measureLevel<TAcc, alpaka::hierarchy::Grids>(options, errors, "Grids", shared));
        }
        return rows;
    }
} // namespace

auto main(int argc, char** argv) -> int
{
    return groupMain(
        argc,
        argv,
        "atomics",
        Options{},
        [](Options const& options, Report& report, std::vector<std::string>& errors)
        {
            printHeader("atomics", "atomicAdd at each hierarchy level next to relaxed fetch_add", hardwareWorkers());
            std::cout << "  " << options.atomicOps << " increments per thread and run, " << options.reps
                      << " interleaved runs per variant after one dropped run\n";
            report.setSectionTitle(
                "atomics",
                "atomicAdd of 64-bit integers: ns per operation (wall time / operations per thread), median; best = "
                "fastest run; lower is better; vs peer = ratio of times. Shared: one counter for all threads the level "
                "may share it with (Threads: per block); own: one counter per thread");
            runGroup(report, "atomics", [&]<typename TAcc>() { return measureAtomics<TAcc>(options, errors); }, false);
        });
}
