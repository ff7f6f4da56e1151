// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Tracing hooks (alpaka/trace): every operation of a queue reaches the installed sink, on the queue's track, in queue
// order; a CPU queue reports each task's own time (non-blocking ones also their submission), a GPU queue the host's
// submission; nothing is reported without a sink; ScopedTrace writes Chrome trace-event JSON.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>
#include <alpaka/trace/ChromeTrace.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

namespace
{
    namespace trace = alpaka::trace;

    //! Keeps every record, strings copied.
    class Collect final : public trace::Sink
    {
    public:
        void record(trace::Record const& r) noexcept override
        {
            std::lock_guard lock(m_mutex);
            m_events.push_back(
                {r.op,
                 std::string(r.name),
                 std::string(r.args),
                 r.bytes,
                 r.track,
                 std::string(r.trackLabel),
                 r.beginNs,
                 r.endNs,
                 0,
                 r.submission});
        }

        auto take() -> std::vector<trace::Event>
        {
            std::lock_guard lock(m_mutex);
            return std::exchange(m_events, {});
        }

    private:
        std::mutex m_mutex;
        std::vector<trace::Event> m_events;
    };

    //! Installs a sink for the scope.
    struct Installed
    {
        explicit Installed(trace::Sink* sink)
        {
            REQUIRE(trace::install(sink) == nullptr);
        }

        ~Installed()
        {
            trace::install(nullptr);
        }
    };

    struct TracedKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, int* out) const
        {
            if(alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc).sum() == 0)
                out[0] += 1;
        }
    };

    //! memset, kernel, memcpy and an event record on queue, then a wait for all of it.
    template<typename TAcc, typename TQueue>
    void work(TQueue& queue, alpaka::Dev<TAcc> const& dev)
    {
        using Idx = alpaka::Idx<TAcc>;
        using Dim = alpaka::Dim<TAcc>;
        auto const extent = Idx{16};
        auto buf = alpaka::allocBuf<int, Idx>(dev, extent);
        auto other = alpaka::allocBuf<int, Idx>(dev, extent);
        auto const ones = alpaka::Vec<Dim, Idx>::ones();
        alpaka::memset(queue, buf, 0);
        alpaka::exec<TAcc>(
            queue, alpaka::WorkDivMembers<Dim, Idx>(ones, ones, ones), TracedKernel{}, alpaka::getPtrNative(buf));
        alpaka::memcpy(queue, other, buf);
        alpaka::Event<TQueue> event(dev);
        alpaka::enqueue(queue, event);
        alpaka::wait(queue);
    }

    constexpr trace::Op queueOps[] = {trace::Op::Memset, trace::Op::Kernel, trace::Op::Copy, trace::Op::EventRecord};

    template<typename TQueue>
    void checkQueueRecords(
        std::vector<trace::Event> const& events, TQueue const& queue, std::size_t dim, bool cpu, bool blocking)
    {
        auto const& track = trace::queueTrack(queue);
        std::vector<trace::Event> onTrack;
        std::vector<trace::Event> submitted;
        for(auto const& e : events)
            if(e.track == track.id)
                (e.submission ? submitted : onTrack).push_back(e);
        // A CPU queue reports the work itself; a non-blocking one also the submissions; a GPU queue only those.
        auto const& ordered = cpu ? onTrack : submitted;
        REQUIRE(ordered.size() == std::size(queueOps));
        for(std::size_t i = 0; i < ordered.size(); ++i)
        {
            CHECK(ordered[i].op == queueOps[i]);
            CHECK(ordered[i].trackLabel == track.label);
            CHECK(ordered[i].endNs >= ordered[i].beginNs);
            if(i != 0 && cpu)
                CHECK(ordered[i].beginNs >= ordered[i - 1].endNs); // in order, one at a time
        }
        CHECK_THAT(ordered[1].name, alpaka_test::containsSubstring("TracedKernel"));
        // "grid (1, 1) x block (1, 1) x elements (1, 1)"; a 0-D launch has no extents: "grid () x ...".
        CHECK_THAT(ordered[1].args, alpaka_test::containsSubstring(dim == 0 ? "grid () x block ()" : "grid (1"));
        CHECK(ordered[0].bytes == 16 * sizeof(int));
        CHECK(ordered[2].bytes == 16 * sizeof(int));
        if(cpu)
            CHECK(submitted.size() == (blocking ? 0u : std::size(queueOps)));
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("queuesReportEveryOperationInOrder", "[queue][trace]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dev = alpaka::Dev<Acc>;
    constexpr bool cpu = std::is_same_v<Dev, alpaka::DevCpu>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::Queue<Dev, alpaka::Blocking> blocking(dev);
    alpaka::Queue<Dev, alpaka::NonBlocking> nonBlocking(dev);
    trace::setQueueLabel(nonBlocking, "the non-blocking one");
    CHECK(trace::queueTrack(nonBlocking).label == "the non-blocking one");
    CHECK(trace::queueTrack(blocking).id != trace::queueTrack(nonBlocking).id);

    Collect sink;
    {
        Installed const installed(&sink);
        CHECK(trace::enabled());
        work<Acc>(blocking, dev);
        work<Acc>(nonBlocking, dev);
    }
    CHECK_FALSE(trace::enabled());
    auto const events = sink.take();
    constexpr auto dim = alpaka::Dim<Acc>::value;
    checkQueueRecords(events, blocking, dim, cpu, true);
    checkQueueRecords(events, nonBlocking, dim, cpu, false);

    // Without a sink nothing is described or reported.
    work<Acc>(nonBlocking, dev);
    CHECK(sink.take().empty());
}

TEST_CASE("namedTasksSpansAndGraphLaunchesAreReported", "[queue][trace]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::Queue<alpaka::DevCpu, alpaka::NonBlocking> queue(dev);
    Collect sink;
    int ran = 0;
    {
        Installed const installed(&sink);
        alpaka::enqueue(queue, trace::Described{[&ran] { ++ran; }, {trace::Op::HostTask, "halo exchange", "east"}});
        {
            trace::Span const span({trace::Op::Other, "setup"});
        }
        alpaka::wait(queue); // a queue with work in flight cannot capture
        alpaka::beginCapture(queue);
        alpaka::enqueue(queue, [&ran] { ++ran; });
        auto const graph = alpaka::endCapture(queue);
        alpaka::enqueue(queue, graph);
        alpaka::wait(queue);
    }
    CHECK(ran == 2);
    auto const events = sink.take();
    auto const find = [&](std::string const& name, bool submission) -> trace::Event const*
    {
        for(auto const& e : events)
            if(e.name == name && e.submission == submission)
                return &e;
        return nullptr;
    };
    auto const* halo = find("halo exchange", false);
    REQUIRE(halo != nullptr);
    CHECK(halo->args == "east");
    CHECK(halo->track == trace::queueTrack(queue).id);
    auto const* setup = find("setup", false);
    REQUIRE(setup != nullptr);
    CHECK(setup->track == 0);
    auto const* replay = find("graph launch", false);
    REQUIRE(replay != nullptr);
    CHECK(replay->op == trace::Op::GraphLaunch);
    // Capturing records nothing: the host task ran only inside the graph's launch.
    CHECK(find("host task", false) == nullptr);
}

TEST_CASE("scopedTraceWritesChromeTraceJson", "[queue][trace]")
{
    auto const path = std::string("alpaka-trace-test-") + std::to_string(trace::now()) + ".json";
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::Queue<alpaka::DevCpu, alpaka::NonBlocking> queue(dev);
    trace::setQueueLabel(queue, "solver \"main\"");
    {
        trace::ScopedTrace const scoped(path);
        alpaka::enqueue(queue, trace::Described{[] {}, {trace::Op::HostTask, "step\n1"}});
        alpaka::wait(queue);
    }
    std::ifstream file(path);
    std::string const json((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    std::remove(path.c_str());
    CHECK(json.rfind("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", 0) == 0);
    CHECK_THAT(json, alpaka_test::containsSubstring("\"name\":\"solver \\\"main\\\"\""));
    CHECK_THAT(json, alpaka_test::containsSubstring("\"name\":\"step\\n1\",\"cat\":\"host task\",\"ph\":\"X\""));
    CHECK_THAT(json, alpaka_test::containsSubstring("\"name\":\"enqueue step\\n1\""));
    CHECK(json.size() > 2);
    CHECK(json.substr(json.size() - 4) == "\n]}\n");
    CHECK_FALSE(trace::enabled());
}
