// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Triad bandwidth (STREAM's a[i] = b[i] + s * c[i] on doubles) of one back-end, measured interleaved with the
//! native OpenMP and TBB loops. Memory-bound for large N: it shows whether a back-end keeps every core streaming.

#include <alpaka/alpaka.hpp>

#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "Backend.hpp"
#include "Native.hpp"
#include "Stats.hpp"
#include "TriadData.hpp"

namespace bench
{
    //! Writes the inputs. Run with the triad's own work division, so that each page is first touched by the thread
    //! that later streams it (as STREAM does; it matters on NUMA machines).
    struct TriadInitKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, double* a, double* b, double* c, alpaka::Idx<TAcc> n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
            {
                a[i] = 0.0;
                b[i] = triadB(i);
                c[i] = triadC(i);
            }
        }
    };

    //! a[i] = b[i] + s * c[i] written as a user writes it: uniformElements gives each thread its contiguous share.
    struct TriadKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, double* a, double const* b, double const* c, double s, alpaka::Idx<TAcc> n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                a[i] = b[i] + s * c[i];
        }
    };

    //! Times in seconds -> GB/s, sample by sample.
    inline auto bandwidthGBs(std::vector<double> seconds, std::size_t n) -> std::vector<double>
    {
        for(double& value : seconds)
            value = triadBytes(n) / value / 1e9;
        return seconds;
    }

    //! Whether a holds the triad result; a wrong one is recorded (index, value found, value expected) in ctx.errors.
    inline auto checkTriad(Context& ctx, std::string const& who, double const* a, std::size_t n) -> bool
    {
        std::size_t const i = firstTriadMismatch(a, n);
        if(i == n)
            return true;
        std::ostringstream os;
        os << who << ": triad result wrong: a[" << i << "] == " << a[i] << ", expected "
           << triadB(i) + triadScalar * triadC(i);
        ctx.errors.push_back(os.str());
        return false;
    }

    template<typename TAcc>
    auto measureTriad(Context& ctx) -> Session
    {
        Idx const n = ctx.options.n;
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        Shape const shape = streamShape<TAcc>(dev, n, ctx.workers, ctx.options.chunksPerCore);
        WorkDiv const workDiv = shape.workDiv();

        // The back-end's own arrays, so that the first touch is its own (see TriadInitKernel).
        auto bufA = alpaka::allocBuf<double, Idx>(dev, n);
        auto bufB = alpaka::allocBuf<double, Idx>(dev, n);
        auto bufC = alpaka::allocBuf<double, Idx>(dev, n);
        double* const a = alpaka::getPtrNative(bufA);
        double* const b = alpaka::getPtrNative(bufB);
        double* const c = alpaka::getPtrNative(bufC);
        alpaka::exec<TAcc>(queue, workDiv, TriadInitKernel{}, a, b, c, n);
        alpaka::wait(queue);

        std::vector<Variant> variants;
        variants.push_back(
            {"alpaka",
             [&]
             {
                 alpaka::exec<TAcc>(
                     queue,
                     workDiv,
                     TriadKernel{},
                     a,
                     static_cast<double const*>(b),
                     static_cast<double const*>(c),
                     triadScalar,
                     n);
                 alpaka::wait(queue);
             }});
        // On the host the native loops stream over the back-end's own arrays: a run's bandwidth depends on where its
        // pages landed (20-30% apart between two allocations on a VM), and only the same pages compare the code.
        constexpr bool sameArrays = std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>;
        double* const na = sameArrays ? a : ctx.nativeA;
        double const* const nb = sameArrays ? b : ctx.nativeB;
        double const* const nc = sameArrays ? c : ctx.nativeC;
        if constexpr(native::haveOpenMP)
            variants.push_back({"omp", [=] { native::triadOmp(na, nb, nc, triadScalar, n); }});
        if constexpr(native::haveTbb)
            variants.push_back({"tbb", [=] { native::triadTbb(na, nb, nc, triadScalar, n); }});

        // One untimed run each: thread pools start, pages are mapped.
        for(auto& variant : variants)
            variant.run();
        interleave(variants, ctx.options.reps, ctx.triadTurnWarmup, ctx.triadTurnRuns);

        // Every run computes the same values, so checking the last one checks them all.
        std::string const name = alpaka::getAccName<TAcc>();
        bool correct = true;
        if constexpr(std::is_same_v<alpaka::Dev<TAcc>, alpaka::DevCpu>)
            correct = checkTriad(ctx, name, a, n);
        else
        {
            // A back-end with its own device memory: check a host copy.
            auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
            auto hostA = alpaka::allocBuf<double, Idx>(host, n);
            alpaka::memcpy(queue, hostA, bufA);
            alpaka::wait(queue);
            correct = checkTriad(ctx, name, alpaka::getPtrNative(hostA), n);
        }
        if(variants.size() > 1)
            checkTriad(ctx, "native triad (after " + name + ")", na, n);

        Session session;
        session.row.section = "triad";
        session.row.backend = name;
        session.row.metric = "triad GB/s";
        session.row.value = median(bandwidthGBs(samplesOf(variants, "alpaka"), n));
        session.row.best = maximum(bandwidthGBs(samplesOf(variants, "alpaka"), n));
        session.row.compare = Compare::Ratio;
        session.row.notes = (correct ? "" : "WRONG RESULT, ") + shape.describe();
        session.omp = bandwidthGBs(samplesOf(variants, "omp"), n);
        session.tbb = bandwidthGBs(samplesOf(variants, "tbb"), n);
        setPeer(session);
        if(auto const target = triadTarget<TAcc>())
        {
            std::ostringstream os;
            os << ">= " << *target << "x";
            session.row.target = os.str();
            if(!session.row.peer.empty())
                session.row.status = session.row.ratio() >= *target ? "met" : "missed";
        }
        return session;
    }
} // namespace bench
