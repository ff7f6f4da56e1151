// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueCpuOmp2Collective: upstream's collective queue for code that already runs in an OpenMP parallel region
//! (an MPI+OpenMP program that wants alpaka kernels inside its own parallel sections).
//!
//! Inside a parallel region, every thread of the team makes the same calls, in the same order:
//! - a kernel of AccCpuOmp2Blocks runs once, its blocks shared among the team's threads (no nested region); each
//!   call returns when every block has run;
//! - any other task (a host function, a copy, a memset) runs once, on one thread of the team (`omp single`);
//! - enqueuing an event or waiting for the queue is a barrier of the team; the event is complete afterwards;
//! - a queue waiting for an event makes each thread wait for it.
//! Outside a parallel region the queue is a blocking queue of the CPU device. Enabled by
//! ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED.

#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)

#    include "alpaka/acc/AccCpuOmp2Blocks.hpp"
#    include "alpaka/core/Concepts.hpp"
#    include "alpaka/dev/DevCpu.hpp"
#    include "alpaka/event/EventCpu.hpp"
#    include "alpaka/queue/QueueCpuBlocking.hpp"
#    include "alpaka/queue/Traits.hpp"
#    include "alpaka/test/queue/Queue.hpp"
#    include "alpaka/wait/Traits.hpp"

#    include <atomic>
#    include <cstdint>
#    include <exception>
#    include <memory>
#    include <mutex>
#    include <type_traits>

#    include <omp.h>

namespace alpaka
{
    namespace detail::cpu
    {
        //! What the handles of one collective queue share.
        struct CollectiveQueueState
        {
            explicit CollectiveQueueState(DevCpu const& dev)
                : blocking(dev)
            {
            }

            //! The queue outside parallel regions; serialized by `mutex`, as upstream's.
            QueueCpuBlocking blocking;
            std::mutex mutex;
            //! Threads running a task of the queue inside a parallel region (empty() is false meanwhile).
            std::atomic<std::uint32_t> runningInTeam{0};
        };

        template<typename TTask>
        inline constexpr bool isOmp2BlocksKernelTask = false;

        template<typename TDim, typename TIdx, typename TKernelFnObj, typename... TArgs>
        inline constexpr bool isOmp2BlocksKernelTask<TaskKernelCpuOmp2Blocks<TDim, TIdx, TKernelFnObj, TArgs...>>
            = true;

        //! Counts the calling thread as running a task of the queue for its lifetime.
        class RunningInTeam
        {
        public:
            explicit RunningInTeam(std::atomic<std::uint32_t>& count) noexcept
                : m_count(count)
            {
                m_count.fetch_add(1, std::memory_order_relaxed);
            }

            RunningInTeam(RunningInTeam const&) = delete;
            auto operator=(RunningInTeam const&) -> RunningInTeam& = delete;

            ~RunningInTeam()
            {
                m_count.fetch_sub(1, std::memory_order_release);
            }

        private:
            std::atomic<std::uint32_t>& m_count;
        };

        [[nodiscard]] inline auto inParallelRegion() noexcept -> bool
        {
            return omp_in_parallel() != 0;
        }
    } // namespace detail::cpu

    class QueueCpuOmp2Collective final
        : public concepts::Implements<ConceptCurrentThreadWaitFor, QueueCpuOmp2Collective>
        , public concepts::Implements<ConceptQueue, QueueCpuOmp2Collective>
    {
    public:
        explicit QueueCpuOmp2Collective(DevCpu const& dev)
            : m_dev(dev)
            , m_state(std::make_shared<detail::cpu::CollectiveQueueState>(dev))
        {
        }

        //! Copies are handles of the same queue.
        [[nodiscard]] auto operator==(QueueCpuOmp2Collective const& other) const -> bool
        {
            return m_state == other.m_state;
        }

        [[nodiscard]] auto operator!=(QueueCpuOmp2Collective const& other) const -> bool
        {
            return !(*this == other);
        }

        DevCpu m_dev;
        std::shared_ptr<detail::cpu::CollectiveQueueState> m_state;
    };

    namespace trait
    {
        template<>
        struct DevType<QueueCpuOmp2Collective>
        {
            using type = DevCpu;
        };

        template<>
        struct GetDev<QueueCpuOmp2Collective>
        {
            static auto getDev(QueueCpuOmp2Collective const& queue) -> DevCpu
            {
                return queue.m_dev;
            }
        };

        template<>
        struct EventType<QueueCpuOmp2Collective>
        {
            using type = EventCpu;
        };

        //! Kernels of AccCpuOmp2Blocks run collectively in a parallel region; every other task once per team.
        template<typename TTask>
        struct Enqueue<QueueCpuOmp2Collective, TTask, std::enable_if_t<std::is_invocable_v<TTask&>>>
        {
            template<typename TTaskFwd>
            static auto enqueue(QueueCpuOmp2Collective& queue, TTaskFwd&& task) -> void
            {
                auto& state = *queue.m_state;
                if(!detail::cpu::inParallelRegion())
                {
                    std::lock_guard<std::mutex> const lock(state.mutex);
                    alpaka::enqueue(state.blocking, std::forward<TTaskFwd>(task));
                    return;
                }
                // Work enqueued by other threads before the region comes first.
                alpaka::wait(state.blocking);
                detail::cpu::RunningInTeam const running(state.runningInTeam);
                if constexpr(detail::cpu::isOmp2BlocksKernelTask<std::remove_cvref_t<TTaskFwd>>)
                    task.runInTeam();
                else
                {
                    // An exception must not leave the `single` block (OpenMP forbids it): it is rethrown after.
                    std::exception_ptr error;
#    pragma omp single nowait
                    {
                        try
                        {
                            task();
                        }
                        catch(...)
                        {
                            error = std::current_exception();
                        }
                    }
                    if(error)
                        std::rethrow_exception(error);
                }
            }
        };

        template<>
        struct Enqueue<QueueCpuOmp2Collective, EventCpu>
        {
            static auto enqueue(QueueCpuOmp2Collective& queue, EventCpu const& event) -> void
            {
                auto& state = *queue.m_state;
                if(!detail::cpu::inParallelRegion())
                {
                    alpaka::enqueue(state.blocking, event);
                    return;
                }
                // The team's work so far is done at the barrier; one thread records the event, and the barrier at
                // the end of `single` keeps every thread until it has.
                alpaka::wait(state.blocking);
#    pragma omp barrier
#    pragma omp single
                alpaka::enqueue(state.blocking, event);
            }
        };

        template<>
        struct Empty<QueueCpuOmp2Collective>
        {
            static auto empty(QueueCpuOmp2Collective const& queue) -> bool
            {
                return queue.m_state->runningInTeam.load(std::memory_order_acquire) == 0
                       && alpaka::empty(queue.m_state->blocking);
            }
        };

        //! In a parallel region a barrier of the team (every thread calls it); outside, the blocking queue's wait.
        template<>
        struct CurrentThreadWaitFor<QueueCpuOmp2Collective>
        {
            static auto currentThreadWaitFor(QueueCpuOmp2Collective const& queue) -> void
            {
                auto& state = *queue.m_state;
                if(detail::cpu::inParallelRegion())
                {
                    alpaka::wait(state.blocking);
#    pragma omp barrier
                }
                else
                {
                    std::lock_guard<std::mutex> const lock(state.mutex);
                    alpaka::wait(state.blocking);
                }
            }
        };

        template<>
        struct WaiterWaitFor<QueueCpuOmp2Collective, EventCpu>
        {
            static auto waiterWaitFor(QueueCpuOmp2Collective& queue, EventCpu const& event) -> void
            {
                if(detail::cpu::inParallelRegion())
                    alpaka::wait(event);
                else
                    alpaka::wait(queue.m_state->blocking, event);
            }
        };
    } // namespace trait

    namespace test::trait
    {
        template<>
        struct IsBlockingQueue<QueueCpuOmp2Collective> : std::true_type
        {
        };
    } // namespace test::trait
} // namespace alpaka

#endif
