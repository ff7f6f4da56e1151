// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Estimates pi by throwing random points into the unit square and counting those inside the quarter circle. Each
// thread draws from its own subsequence of one seed; hits are summed per block in shared memory (atomics among the
// block's threads) and then once per block into the global total (atomics among blocks).

#include <alpaka/alpaka.hpp>
#include <alpaka/example/ExecuteForEachAccTag.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iomanip>
#include <iostream>

struct PiKernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(
        TAcc const& acc,
        std::uint64_t const samplesPerThread,
        std::uint64_t const seed,
        unsigned long long* const totalHits) const
    {
        auto& blockHits = alpaka::declareSharedVar<unsigned long long, __COUNTER__>(acc);
        if(alpaka::oncePerBlock(acc))
            blockHits = 0;
        alpaka::syncBlockThreads(acc);

        auto const thread = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc)[0];
        auto engine = alpaka::rand::engine::createDefault(acc, seed, thread);
        auto uniform = alpaka::rand::distribution::createUniformReal<float>(acc);
        unsigned long long hits = 0;
        for(std::uint64_t i = 0; i < samplesPerThread; ++i)
        {
            float const x = uniform(engine);
            float const y = uniform(engine);
            hits += (x * x + y * y <= 1.0f) ? 1u : 0u;
        }

        alpaka::atomicAdd(acc, &blockHits, hits, alpaka::hierarchy::Threads{});
        alpaka::syncBlockThreads(acc);
        if(alpaka::oncePerBlock(acc))
            alpaka::atomicAdd(acc, totalHits, blockHits, alpaka::hierarchy::Blocks{});
    }
};

template<typename TAccTag>
auto estimatePi(TAccTag const&) -> int
{
    using Idx = std::uint32_t;
    using Acc = alpaka::TagToAcc<TAccTag, alpaka::DimInt<1>, Idx>;
    auto const devAcc = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(devAcc);

    // 2^24 samples: the standard error of the estimate is about 1.6 / sqrt(2^24) = 4e-4, well inside 3 digits.
    Idx const threads = 1u << 12;
    std::uint64_t const samplesPerThread = 1u << 12;
    auto const workDiv = alpaka::getValidWorkDiv<Acc>(
        devAcc,
        alpaka::Vec<alpaka::DimInt<1>, Idx>{threads},
        alpaka::Vec<alpaka::DimInt<1>, Idx>{Idx{1}},
        true,
        alpaka::GridBlockExtentSubDivRestrictions::Unrestricted);

    auto hitsAcc = alpaka::allocBuf<unsigned long long, Idx>(devAcc, Idx{1});
    alpaka::memset(queue, hitsAcc, 0);
    alpaka::exec<Acc>(queue, workDiv, PiKernel{}, samplesPerThread, std::uint64_t{2026}, std::data(hitsAcc));
    auto hitsHost = alpaka::allocBuf<unsigned long long, Idx>(devHost, Idx{1});
    alpaka::memcpy(queue, hitsHost, hitsAcc);
    alpaka::wait(queue);

    double const samples = static_cast<double>(threads) * static_cast<double>(samplesPerThread);
    double const pi = 4.0 * static_cast<double>(hitsHost[0]) / samples;
    double const error = std::abs(pi - 3.141592653589793);
    bool const ok = error < 5e-3;
    std::cout << alpaka::getAccName<Acc>() << ": pi = " << std::setprecision(6) << pi << "  (error " << error
              << (ok ? ", within the tolerance)" : ", TOO LARGE)") << std::endl;
    return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

auto main() -> int
{
    return alpaka::executeForEachAccTag([](auto const& tag) { return estimatePi(tag); });
}
