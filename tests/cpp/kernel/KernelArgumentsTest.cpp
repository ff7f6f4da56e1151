// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Kernel arguments are copied into the launch: scalars, pointers, trivially copyable structs, empty structs,
// alpaka::Vec and alpaka::test::Array; a kernel object carries its members to every thread.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Array.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/test/event/EventHostManualTrigger.hpp>

#include <chrono>
#include <cstdint>
#include <future>
#include <thread>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Kernel.hpp"

namespace
{
    struct Point
    {
        int x;
        double y;
        char tag;
        std::int16_t values[3];
    };

    struct Empty
    {
    };

    static_assert(std::is_trivially_copyable_v<Point>);
    static_assert(std::is_empty_v<Empty>);

    struct ScalarArgumentsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(
            TAcc const&,
            bool* success,
            int i,
            unsigned u,
            std::int64_t l,
            float f,
            double d,
            char c,
            bool b,
            alpaka::Idx<TAcc> idx) const
        {
            ALPAKA_CHECK(*success, i == -17);
            ALPAKA_CHECK(*success, u == 4000000000u);
            ALPAKA_CHECK(*success, l == -(std::int64_t{1} << 40));
            ALPAKA_CHECK(*success, f == 1.5f);
            ALPAKA_CHECK(*success, d == -0.25);
            ALPAKA_CHECK(*success, c == 'q');
            ALPAKA_CHECK(*success, b);
            ALPAKA_CHECK(*success, idx == alpaka::Idx<TAcc>{123});
        }
    };

    struct PointerArgumentsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const&, bool* success, int const* null, float* pointer, std::uintptr_t address) const
        {
            ALPAKA_CHECK(*success, null == nullptr);
            ALPAKA_CHECK(*success, reinterpret_cast<std::uintptr_t>(pointer) == address);
        }
    };

    struct StructArgumentsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(
            TAcc const&,
            bool* success,
            Point point,
            Empty,
            Point const& byReference,
            alpaka::test::Array<int, 4> array,
            alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>> vec) const
        {
            ALPAKA_CHECK(*success, point.x == 3);
            ALPAKA_CHECK(*success, point.y == 2.5);
            ALPAKA_CHECK(*success, point.tag == 'p');
            ALPAKA_CHECK(*success, point.values[0] == 1 && point.values[1] == -2 && point.values[2] == 300);
            ALPAKA_CHECK(*success, byReference.x == 3);
            for(int i = 0; i < 4; ++i)
                ALPAKA_CHECK(*success, array[i] == i * i);
            // A constexpr local copy: the namespace-scope variable itself is not accessible in CUDA device code.
            constexpr auto expected = alpaka::test::extentBuf<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;
            ALPAKA_CHECK(*success, (vec == expected));
        }
    };

    //! A kernel with state: every thread sees the members it was launched with.
    struct KernelWithMembers
    {
        int m_offset;
        double m_scale;
        Point m_point;

        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const&, bool* success, int expectedOffset) const
        {
            ALPAKA_CHECK(*success, m_offset == expectedOffset);
            ALPAKA_CHECK(*success, m_scale == 0.5);
            ALPAKA_CHECK(*success, m_point.x == 3 && m_point.tag == 'p');
        }
    };

    static_assert(std::is_trivially_copyable_v<KernelWithMembers>);

    //! out[0] = value.
    struct StoreKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, int* out, int value) const
        {
            if(alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc)
               == alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>::zeros())
                out[0] = value;
        }
    };

    auto makePoint() -> Point
    {
        return Point{3, 2.5, 'p', {1, -2, 300}};
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("kernelScalarArguments", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(alpaka::test::extentBuf<alpaka::Dim<Acc>, Idx>);

    int const i = -17;
    CHECK(fixture(ScalarArgumentsKernel{}, i, 4000000000u, -(std::int64_t{1} << 40), 1.5f, -0.25, 'q', true, Idx{123}));
}

TEMPLATE_LIST_TEST_CASE("kernelPointerArguments", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(alpaka::test::extentBuf<alpaka::Dim<Acc>, alpaka::Idx<Acc>>);

    auto buf = alpaka::allocBuf<float, alpaka::Idx<Acc>>(
        alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0),
        alpaka::Vec<alpaka::DimInt<1u>, alpaka::Idx<Acc>>{alpaka::Idx<Acc>{8}});
    float* const pointer = alpaka::getPtrNative(buf);
    CHECK(fixture(PointerArgumentsKernel{}, nullptr, pointer, reinterpret_cast<std::uintptr_t>(pointer)));
}

TEMPLATE_LIST_TEST_CASE("kernelStructArguments", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(alpaka::test::extentBuf<Dim, Idx>);

    Point const point = makePoint();
    alpaka::test::Array<int, 4> const array{{0, 1, 4, 9}};
    CHECK(fixture(StructArgumentsKernel{}, point, Empty{}, point, array, alpaka::test::extentBuf<Dim, Idx>));
}

TEMPLATE_LIST_TEST_CASE("kernelWithMembers", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(alpaka::test::extentBuf<alpaka::Dim<Acc>, alpaka::Idx<Acc>>);

    KernelWithMembers const kernel{42, 0.5, makePoint()};
    CHECK(fixture(kernel, 42));
    CHECK(fixture(KernelWithMembers{-1, 0.5, makePoint()}, -1));
}

// [launchBehindHeldQueue]: launches a kernel into a queue that a manual trigger holds. compute-sanitizer makes a launch
// wait for the stream's earlier work, which the trigger holds until this thread, still in the launch, releases it (it
// hung there on an H200): a watchdog thread releases the queue when the launches have not returned after a while, so
// the test finishes under the sanitizer too, there without the guarantee that the kernels ran after the changes.
TEMPLATE_LIST_TEST_CASE("kernelArgumentsAreCopiedAtLaunch", "[kernel][launchBehindHeldQueue]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dev = alpaka::Dev<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<alpaka::Dim<Acc>, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    if(!alpaka::test::isEventHostManualTriggerSupported(dev))
    {
        SUCCEED("needs EventHostManualTrigger");
        return;
    }
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(dev);
    auto out = kerneltest::zeroedBuffer<int>(queue, Idx{2});

    // The queue is held, so the kernels run after the caller changed its variables.
    alpaka::test::EventHostManualTrigger<Dev> trigger(dev);
    // Releases the queue however this scope ends, so that a failure cannot leave it held (and the test hanging); the
    // watchdog releases it when the launches below do not return (trigger() may be called from any thread, any number
    // of times).
    std::promise<void> launched;
    std::thread watchdog(
        [&trigger, returned = launched.get_future()]
        {
            if(returned.wait_for(std::chrono::seconds(5)) == std::future_status::timeout)
                trigger.trigger();
        });
    struct Release
    {
        alpaka::test::EventHostManualTrigger<Dev>& m_trigger;
        std::promise<void>& m_launched;
        std::thread& m_watchdog;

        ~Release()
        {
            m_trigger.trigger();
            try
            {
                m_launched.set_value();
            }
            catch(std::future_error const&) // set already
            {
            }
            m_watchdog.join();
        }
    } const release{trigger, launched, watchdog};
    alpaka::enqueue(queue, trigger);
    int value = 11;
    alpaka::WorkDivMembers<alpaka::Dim<Acc>, Idx> const workDiv{Vec::ones(), Vec::ones(), Vec::ones()};
    alpaka::exec<Acc>(queue, workDiv, StoreKernel{}, alpaka::getPtrNative(out), value);
    int* second = alpaka::getPtrNative(out) + 1;
    auto const task = alpaka::createTaskKernel<Acc>(workDiv, StoreKernel{}, second, value);
    value = 99;
    second = nullptr;
    alpaka::enqueue(queue, task);
    launched.set_value();
    trigger.trigger();

    auto const host = kerneltest::toHost(queue, out);
    CHECK(host[0] == 11);
    CHECK(host[1] == 11);
}
