// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! A block reduction in shared memory: one block of up to 64 threads sums 64 values with a tree, calling
//! syncBlockThreads after every step (log2(threads) + 1 barriers per launch). With so little arithmetic, the time per
//! launch is the launch plus the barriers: it measures what a back-end's block barrier costs, next to the same tree in
//! one `omp parallel` region with `omp barrier`.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <bit>
#include <sstream>
#include <string>
#include <vector>

#include "Backend.hpp"
#include "Native.hpp"
#include "Stats.hpp"

namespace bench
{
    inline constexpr Idx reduceMaxThreads = 64;

    //! *sum = x[0] + ... + x[threads - 1]; the block's thread count must be a power of two <= reduceMaxThreads.
    struct BlockReduceKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, double const* x, double* sum) const
        {
            using TIdx = alpaka::Idx<TAcc>;
            auto& partial = alpaka::declareSharedVar<double[reduceMaxThreads], __COUNTER__>(acc);
            TIdx const t = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
            TIdx const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
            partial[t] = x[t];
            alpaka::syncBlockThreads(acc);
            for(TIdx stride = threads / 2; stride > 0; stride /= 2)
            {
                if(t < stride)
                    partial[t] += partial[t + stride];
                alpaka::syncBlockThreads(acc);
            }
            if(t == 0)
                *sum = partial[0];
        }
    };

    //! Launches timed per variant turn; a launch here costs far more than an empty one.
    inline constexpr std::size_t reduceLaunchesPerTurn = 50;
    inline constexpr std::size_t reduceWarmup = 5;

    template<typename TAcc>
    auto measureReduce(Context& ctx) -> Session
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        auto const props = alpaka::getAccDevProps<TAcc>(dev);
        Session session;
        session.row.section = "reduce";
        session.row.backend = alpaka::getAccName<TAcc>();
        session.row.metric = "block reduce us";
        session.row.compare = Compare::Difference;
        Idx const maxThreads = std::min(
            {reduceMaxThreads, static_cast<Idx>(props.m_blockThreadCountMax), props.m_blockThreadExtentMax[0]});
        if(maxThreads <= 1)
        {
            session.row.notes = "skipped: one thread per block, no barrier to measure";
            return session;
        }
        // The tree halves the active threads each step.
        Idx const threads = std::bit_floor(maxThreads);
        int const threadsInt = static_cast<int>(threads);

        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        auto hostX = alpaka::allocBuf<double, Idx>(host, reduceMaxThreads);
        auto hostSum = alpaka::allocBuf<double, Idx>(host, Idx{1});
        for(Idx i = 0; i < reduceMaxThreads; ++i)
            hostX[i] = static_cast<double>(i + 1);
        hostSum[0] = 0.0;
        auto devX = alpaka::allocBuf<double, Idx>(dev, reduceMaxThreads);
        auto devSum = alpaka::allocBuf<double, Idx>(dev, Idx{1});
        alpaka::memcpy(queue, devX, hostX);
        // Zeroed, so that a kernel that never writes the sum cannot pass the check by luck.
        alpaka::memcpy(queue, devSum, hostSum);
        double const* const x = alpaka::getPtrNative(devX);
        double* const sum = alpaka::getPtrNative(devSum);
        double const* const nativeX = alpaka::getPtrNative(hostX);
        Shape const shape{1, threads, 1};
        WorkDiv const workDiv = shape.workDiv();

        double nativeSum = 0.0;
        std::vector<Variant> variants;
        variants.push_back({"alpaka", [&] { alpaka::exec<TAcc>(queue, workDiv, BlockReduceKernel{}, x, sum); }});
        if constexpr(native::haveOpenMP)
            variants.push_back({"omp", [&] { nativeSum = native::reduceOmp(nativeX, threadsInt); }});

        std::size_t const perTurn = std::min(ctx.options.reduceLaunches, reduceLaunchesPerTurn);
        interleave(variants, ceilDiv(ctx.options.reduceLaunches, perTurn), reduceWarmup, perTurn);

        // Each launch computes the same sum: check the last ones.
        alpaka::memcpy(queue, hostSum, devSum);
        alpaka::wait(queue);
        double const expected = static_cast<double>(threads * (threads + 1) / 2);
        auto const check = [&](std::string const& who, double got)
        {
            if(got == expected)
                return true;
            std::ostringstream os;
            os << who << ": block reduction over " << threads << " threads gave " << got << ", expected " << expected;
            ctx.errors.push_back(os.str());
            return false;
        };
        bool const correct = check(session.row.backend, hostSum[0]);
        if constexpr(native::haveOpenMP)
            check("native omp reduction", nativeSum);

        session.row.value = median(scaled(samplesOf(variants, "alpaka"), 1e6));
        session.row.best = minimum(scaled(samplesOf(variants, "alpaka"), 1e6));
        session.omp = scaled(samplesOf(variants, "omp"), 1e6);
        session.row.notes = (correct ? "" : "WRONG RESULT, ") + shape.describe() + ", "
                            + std::to_string(std::bit_width(threads)) + " barriers";
        setPeer(session);
        return session;
    }
} // namespace bench
