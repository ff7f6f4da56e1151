// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A type the library knows nothing about becomes a queue by specializing alpaka::trait::Enqueue (partially for any
// task, fully for one task type, or under a SFINAE condition through its TSfinae parameter) and alpaka::trait::Empty;
// with CurrentThreadWaitFor, DevType and GetDev it works with wait(), exec() and memcpy() too. These are the patterns
// of upstream alpaka's manual, "Details" ("Concept Implementations", "Template Specialization Selection on Arbitrary
// Conditions").

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace userqueue
{
    //! A queue that defers every task until somebody waits for it.
    class DeferredQueue
    {
    public:
        explicit DeferredQueue(alpaka::DevCpu const& dev)
            : m_dev(dev)
            , m_tasks(std::make_shared<std::deque<std::function<void()>>>())
        {
        }

        void runAll()
        {
            while(!m_tasks->empty())
            {
                auto task = std::move(m_tasks->front());
                m_tasks->pop_front();
                task();
            }
        }

        alpaka::DevCpu m_dev;
        std::shared_ptr<std::deque<std::function<void()>>> m_tasks;
        int m_userTasksRunAtOnce = 0;
    };

    //! A task type the queue handles specially (full specialization below): it runs at once.
    struct UserTask
    {
        void operator()() const
        {
            *m_target = m_value;
        }

        int* m_target;
        int m_value;
    };

    //! Queues derived from this base accept tasks with TaskId == 1 (SFINAE specialization below).
    struct CountingQueueBase
    {
        int m_countedTasks = 0;
    };

    struct CountingQueue : CountingQueueBase
    {
    };

    struct TaskWithId1
    {
        static constexpr unsigned TaskId = 1u;
        int* m_target;
    };
} // namespace userqueue

namespace alpaka::trait
{
    //! Partial specialization: any task is deferred.
    template<typename TTask>
    struct Enqueue<userqueue::DeferredQueue, TTask>
    {
        template<typename TTaskFwd>
        static auto enqueue(userqueue::DeferredQueue& queue, TTaskFwd&& task) -> void
        {
            queue.m_tasks->emplace_back(std::forward<TTaskFwd>(task));
        }
    };

    //! Full specialization (the seed's signature, taking the task by non-const reference): runs at once.
    template<>
    struct Enqueue<userqueue::DeferredQueue, userqueue::UserTask>
    {
        static auto enqueue(userqueue::DeferredQueue& queue, userqueue::UserTask& task) -> void
        {
            ++queue.m_userTasksRunAtOnce;
            task();
        }
    };

    template<>
    struct Empty<userqueue::DeferredQueue>
    {
        static auto empty(userqueue::DeferredQueue const& queue) -> bool
        {
            return queue.m_tasks->empty();
        }
    };

    template<>
    struct CurrentThreadWaitFor<userqueue::DeferredQueue>
    {
        static auto currentThreadWaitFor(userqueue::DeferredQueue const& queue) -> void
        {
            // The handle shares the task list: waiting through a const handle runs the same tasks.
            userqueue::DeferredQueue copy = queue;
            copy.runAll();
        }
    };

    template<>
    struct DevType<userqueue::DeferredQueue>
    {
        using type = DevCpu;
    };

    template<>
    struct GetDev<userqueue::DeferredQueue>
    {
        static auto getDev(userqueue::DeferredQueue const& queue) -> DevCpu
        {
            return queue.m_dev;
        }
    };

    //! Selected by an arbitrary compile-time condition, through Enqueue's TSfinae parameter.
    template<typename TQueue, typename TTask>
    struct Enqueue<
        TQueue,
        TTask,
        std::enable_if_t<std::is_base_of_v<userqueue::CountingQueueBase, TQueue> && (TTask::TaskId == 1u)>>
    {
        static auto enqueue(TQueue& queue, TTask const& task) -> void
        {
            ++queue.m_countedTasks;
            ++*task.m_target;
        }
    };

    template<typename TQueue>
    struct Empty<TQueue, std::enable_if_t<std::is_base_of_v<userqueue::CountingQueueBase, TQueue>>>
    {
        static auto empty(TQueue const&) -> bool
        {
            return true;
        }
    };
} // namespace alpaka::trait

namespace
{
    //! Writes index + 1 into out for every thread of a 1-D grid.
    struct IotaKernel
    {
        template<typename TAcc, typename TElem>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, TElem* out, TElem count) const
        {
            for(auto i : alpaka::uniformElements(acc, count))
                out[i] = static_cast<TElem>(i + 1u);
        }
    };
} // namespace

TEST_CASE("userQueueEnqueueAndEmpty", "[queue][extension]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    userqueue::DeferredQueue queue(dev);
    CHECK(alpaka::empty(queue));

    std::vector<int> sequence;
    alpaka::enqueue(queue, [&sequence] { sequence.push_back(1); });
    auto const named = [&sequence] { sequence.push_back(2); };
    alpaka::enqueue(queue, named);
    CHECK_FALSE(alpaka::empty(queue));
    CHECK(sequence.empty()); // deferred: the library called the user's trait and nothing else

    // The full specialization wins for its task type.
    int target = 0;
    userqueue::UserTask userTask{&target, 5};
    alpaka::enqueue(queue, userTask);
    CHECK(target == 5);
    CHECK(queue.m_userTasksRunAtOnce == 1);
    CHECK(sequence.empty());

    alpaka::wait(queue);
    CHECK(alpaka::empty(queue));
    CHECK(sequence == std::vector<int>{1, 2});
    CHECK(alpaka::getDev(queue) == dev);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<userqueue::DeferredQueue>, alpaka::DevCpu>);
}

TEST_CASE("userQueueSelectedBySfinae", "[queue][extension]")
{
    userqueue::CountingQueue queue;
    int target = 0;
    alpaka::enqueue(queue, userqueue::TaskWithId1{&target});
    userqueue::TaskWithId1 const named{&target};
    alpaka::enqueue(queue, named);
    CHECK(target == 2);
    CHECK(queue.m_countedTasks == 2);
    CHECK(alpaka::empty(queue));
}

TEST_CASE("userQueueRunsMemcpyAndMemsetTasks", "[queue][extension]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    userqueue::DeferredQueue queue(dev);

    constexpr std::size_t n = 64;
    auto src = alpaka::allocBuf<std::uint32_t, std::size_t>(dev, n);
    auto dst = alpaka::allocBuf<std::uint32_t, std::size_t>(dev, n);
    auto zeroed = alpaka::allocBuf<std::uint32_t, std::size_t>(dev, n);
    for(std::size_t i = 0; i < n; ++i)
    {
        src[i] = static_cast<std::uint32_t>(3u * i + 1u);
        dst[i] = 0u;
        zeroed[i] = 0xffffffffu;
    }

    alpaka::memcpy(queue, dst, src);
    alpaka::enqueue(queue, alpaka::createTaskMemset(zeroed, 0u, alpaka::getExtents(zeroed)));
    CHECK_FALSE(alpaka::empty(queue));
    CHECK(dst[n - 1] == 0u); // still deferred

    alpaka::wait(queue);
    CHECK(alpaka::empty(queue));
    bool copied = true;
    bool cleared = true;
    for(std::size_t i = 0; i < n; ++i)
    {
        copied = copied && dst[i] == static_cast<std::uint32_t>(3u * i + 1u);
        cleared = cleared && zeroed[i] == 0u;
    }
    CHECK(copied);
    CHECK(cleared);
}

namespace
{
    using Accs1d = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::uint32_t>;
} // namespace

TEMPLATE_LIST_TEST_CASE("userQueueRunsKernelTasks", "[queue][extension]", Accs1d)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    if constexpr(!std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
    {
        SUCCEED("the user queue runs tasks on the host: only CPU accelerators");
    }
    else
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        userqueue::DeferredQueue queue(dev);

        constexpr Idx n = 100;
        auto buf = alpaka::allocBuf<Idx, Idx>(dev, n);
        for(Idx i = 0; i < n; ++i)
            buf[i] = 0u;
        auto const workDiv
            = alpaka::getValidWorkDiv(alpaka::KernelCfg<Acc>{{n}, {Idx{1}}}, dev, IotaKernel{}, buf.data(), n);

        alpaka::exec<Acc>(queue, workDiv, IotaKernel{}, buf.data(), n);
        auto const task = alpaka::createTaskKernel<Acc>(workDiv, IotaKernel{}, buf.data(), n);
        alpaka::enqueue(queue, task);
        CHECK_FALSE(alpaka::empty(queue));
        CHECK(buf[0] == 0u);

        alpaka::wait(queue);
        CHECK(alpaka::empty(queue));
        bool written = true;
        for(Idx i = 0; i < n; ++i)
            written = written && buf[i] == i + 1u;
        CHECK(written);
    }
}
