// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Grid-level atomics are atomic against other kernels too: two host threads, each launching kernels on its own
//! blocking queue, add into the same device counters at the same time. Even the serial back-end runs those kernels
//! concurrently, so hierarchy::Grids must really be atomic there.

#include <alpaka/alpaka.hpp>

#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

#include "alpaka_test/Atomic.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    struct AddKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            unsigned long long* count,
            double* sum,
            int* maxSeen,
            unsigned* wrapping,
            int value,
            int reps) const -> void
        {
            for(int rep = 0; rep < reps; ++rep)
            {
                alpaka::atomicAdd(acc, count, 1ull);
                alpaka::atomicAdd(acc, sum, 0.5, alpaka::hierarchy::Grids{});
                alpaka::atomicInc(acc, wrapping, 1000u);
            }
            alpaka::atomicMax(acc, maxSeen, value);
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "kernels on two host threads update the same counters atomically", "[atomic][concurrency]", atomictest::Accs1D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using Queue = alpaka::Queue<Acc, alpaka::Blocking>;
    auto const dev = atomictest::firstDev<Acc>();
    auto const workDiv = atomictest::makeWorkDiv<Acc>(64, 8);
    auto const gridThreads = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(workDiv).prod();
    // Enough work that the two threads overlap for many milliseconds.
    int const launches = 200;
    int const reps = 64;
    INFO(alpaka::getAccName<Acc>() << " " << workDiv);

    Queue setup(dev);
    auto count = alpaka::allocBuf<unsigned long long, Idx>(dev, Idx{1});
    auto sum = alpaka::allocBuf<double, Idx>(dev, Idx{1});
    auto maxSeen = alpaka::allocBuf<int, Idx>(dev, Idx{1});
    auto wrapping = alpaka::allocBuf<unsigned, Idx>(dev, Idx{1});
    alpaka::memset(setup, count, 0u);
    alpaka::memset(setup, sum, 0u);
    alpaka::memset(setup, maxSeen, 0u);
    alpaka::memset(setup, wrapping, 0u);
    alpaka::wait(setup);

    // Both threads start launching at the same moment.
    std::atomic<int> ready{0};
    auto const launcher = [&](int thread)
    {
        Queue queue(dev);
        ready.fetch_add(1);
        while(ready.load() < 2)
            std::this_thread::yield();
        for(int launch = 0; launch < launches; ++launch)
            alpaka::exec<Acc>(
                queue,
                workDiv,
                AddKernel{},
                alpaka::getPtrNative(count),
                alpaka::getPtrNative(sum),
                alpaka::getPtrNative(maxSeen),
                alpaka::getPtrNative(wrapping),
                thread * 1000 + launch,
                reps);
        alpaka::wait(queue);
    };
    std::thread first(launcher, 0);
    std::thread second(launcher, 1);
    first.join();
    second.join();

    auto const expected
        = static_cast<unsigned long long>(2 * launches * reps) * static_cast<unsigned long long>(gridThreads);
    CHECK(atomictest::toHost(setup, count).at(0) == expected);
    CHECK(atomictest::toHost(setup, sum).at(0) == static_cast<double>(expected) * 0.5);
    CHECK(atomictest::toHost(setup, maxSeen).at(0) == 1000 + launches - 1);
    CHECK(atomictest::toHost(setup, wrapping).at(0) == expected % 1001u);
}
