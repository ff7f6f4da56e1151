// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A captured time-stepping loop (kernels and a copy per step) replayed on every enabled accelerator gives exactly the
// results of the same loop enqueued eagerly, on blocking and non-blocking queues, replayed many times and on two
// queues of the device.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    //! next[i] = cur[i] + alpha * (cur[i-1] - 2 cur[i] + cur[i+1]) with fixed ends.
    struct HeatStep
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* cur, float* next, std::size_t n, float alpha) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
            {
                if(i == 0 || i + 1 == n)
                    next[i] = cur[i];
                else
                    next[i] = cur[i] + alpha * (cur[i - 1] - 2.0f * cur[i] + cur[i + 1]);
            }
        }
    };

    //! total[0] += the sum of field (one thread: the order of the additions is fixed, so results compare exactly).
    struct Accumulate
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* field, float* total, std::size_t n) const
        {
            if(alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc)[0] != 0)
                return;
            float sum = 0.0f;
            for(std::size_t i = 0; i < n; ++i)
                sum += field[i];
            total[0] += sum;
        }
    };

    template<typename TAcc, typename TQueue>
    struct HeatProblem
    {
        using Dev = alpaka::Dev<TAcc>;
        using Buf = alpaka::Buf<Dev, float, alpaka::DimInt<1>, std::size_t>;

        HeatProblem(Dev const& dev, TQueue& queue, std::size_t size)
            : n(size)
            , cur(alpaka::allocBuf<float, std::size_t>(dev, n))
            , next(alpaka::allocBuf<float, std::size_t>(dev, n))
            , total(alpaka::allocBuf<float, std::size_t>(dev, std::size_t{1}))
            , workDiv(alpaka::getValidWorkDiv(
                  alpaka::KernelCfg<TAcc>{alpaka::Vec<alpaka::DimInt<1>, std::size_t>{n}, {std::size_t{1}}},
                  dev,
                  HeatStep{},
                  static_cast<float const*>(nullptr),
                  static_cast<float*>(nullptr),
                  n,
                  0.0f))
            , single(alpaka::WorkDivMembers<alpaka::DimInt<1>, std::size_t>{
                  std::size_t{1}, std::size_t{1}, std::size_t{1}})
        {
            std::vector<float> init(n);
            for(std::size_t i = 0; i < n; ++i)
                init[i] = (i % 7 == 0) ? 1.0f : 0.0f;
            alpaka::memcpy(queue, cur, alpaka::createView(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), init));
            alpaka::memset(queue, total, 0);
            alpaka::wait(queue);
        }

        //! One step: two kernels and a copy.
        void step(TQueue& queue)
        {
            alpaka::exec<TAcc>(queue, workDiv, HeatStep{}, std::data(cur), std::data(next), n, 0.2f);
            alpaka::exec<TAcc>(queue, single, Accumulate{}, std::data(next), std::data(total), n);
            alpaka::memcpy(queue, cur, next);
        }

        auto field(TQueue& queue) -> std::vector<float>
        {
            std::vector<float> out(n + 1);
            auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
            auto view = alpaka::createView(host, out.data(), n);
            alpaka::memcpy(queue, view, cur);
            auto last = alpaka::createView(host, out.data() + n, std::size_t{1});
            alpaka::memcpy(queue, last, total);
            alpaka::wait(queue);
            return out;
        }

        std::size_t n;
        Buf cur;
        Buf next;
        Buf total;
        alpaka::WorkDivMembers<alpaka::DimInt<1>, std::size_t> workDiv;
        alpaka::WorkDivMembers<alpaka::DimInt<1>, std::size_t> single;
    };

    template<typename TAcc, typename TQueue>
    void checkReplayMatchesEager()
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        TQueue queue(dev);
        constexpr std::size_t n = 1000;
        constexpr int steps = 50;

        HeatProblem<TAcc, TQueue> eager(dev, queue, n);
        for(int s = 0; s < steps; ++s)
            eager.step(queue);
        auto const expected = eager.field(queue);

        HeatProblem<TAcc, TQueue> replayed(dev, queue, n);
        auto const graph = alpaka::captureGraph(queue, [&] { replayed.step(queue); });
        CHECK(alpaka::getNodeCount(graph) == 3u);
        // Capturing ran nothing.
        auto const initial = replayed.field(queue);
        CHECK(initial[n] == 0.0f);
        for(int s = 0; s < steps; ++s)
            alpaka::enqueue(queue, graph);
        CHECK(replayed.field(queue) == expected);

        // A second queue of the device replays the same graph, in order with its other work.
        TQueue other(dev);
        alpaka::enqueue(other, graph);
        alpaka::wait(other);
        alpaka::enqueue(queue, graph);
        eager.step(queue);
        eager.step(queue);
        CHECK(replayed.field(queue) == eager.field(queue));
    }
} // namespace

namespace
{
    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1>, std::size_t>;
} // namespace

TEMPLATE_LIST_TEST_CASE("graphReplayOfATimeSteppingLoopMatchesEagerExecution", "[graph]", Accs1D)
{
    using Acc = TestType;
    checkReplayMatchesEager<Acc, alpaka::Queue<Acc, alpaka::Blocking>>();
    checkReplayMatchesEager<Acc, alpaka::Queue<Acc, alpaka::NonBlocking>>();
}
