// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The engine of a non-blocking CPU queue: a worker thread runs the tasks in order while the caller continues.
//! Each task gets a ticket; waiting for the queue means waiting until the worker finished the last ticket handed out.
//! The worker starts with the first task and spins briefly before it sleeps, so back-to-back launches do not pay a
//! thread wake-up each. A template of an unused parameter (the alias NonBlockingQueueCore names it) so that a unit
//! without non-blocking queues does not compile the worker thread's machinery (see meta/DependentType.hpp).

#include "alpaka/detail/FirstError.hpp"
#include "alpaka/detail/cpu/queue/ICpuQueue.hpp"
#include "alpaka/detail/cpu/queue/Task.hpp"
#include "alpaka/detail/sys/HostThread.hpp"
#include "alpaka/detail/sys/Mutex.hpp"
#include "alpaka/detail/sys/Parker.hpp"

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <utility>

namespace alpaka::detail::cpu
{
    template<typename TLazy = void>
    class NonBlockingQueueCoreT final : public ICpuQueue
    {
    public:
        NonBlockingQueueCoreT()
            : ICpuQueue("non-blocking queue")
        {
        }

        NonBlockingQueueCoreT(NonBlockingQueueCoreT const&) = delete;
        auto operator=(NonBlockingQueueCoreT const&) -> NonBlockingQueueCoreT& = delete;

        //! Finishes the queued work, then stops the worker.
        ~NonBlockingQueueCoreT() override
        {
            {
                sys::LockGuard<sys::Mutex> lock(m_state->m_mutex);
                m_state->m_stop.store(true, std::memory_order_seq_cst);
            }
            m_state->m_workerParker.notify();
            if(m_worker.joinable())
            {
                // The last owner can be a task of this very queue (a host task holding the queue): the worker, which
                // co-owns the state, then runs the remaining tasks and ends on its own once this destructor returns.
                if(workerStateOfThisThread() == m_state.get())
                    m_worker.detach();
                else
                    m_worker.join();
            }
        }

        //! Queues a task, any nullary callable; returns its ticket. While tracing is on, the task's run is recorded
        //! on the worker as `describer` describes it, beside the time its submission took here.
        template<typename TFn>
        auto push(TFn&& fn, trace::Describer describer = nullptr) -> std::uint64_t
        {
            // Only the type erasure depends on the callable: the rest is compiled once, not once per task type. The
            // description is made before the callable moves into the task.
            trace::Pending what(describer, trace::taskAddress(fn));
            return pushTask(TaskT<TLazy>(std::forward<TFn>(fn)), std::move(what));
        }

        //! push() with a description of the caller's (the Python runtime's), tracing on.
        template<typename TFn>
        auto pushTraced(TFn&& fn, trace::Description const& what) -> std::uint64_t
        {
            return pushTask(TaskT<TLazy>(std::forward<TFn>(fn)), trace::Pending(what));
        }

        //! push() of a task that signals the completion of the work before it, such as an event's enqueue: the
        //! queue counts the task reached before `signal` runs, so that a thread that sees the signal and enqueued
        //! nothing since finds empty() true. The worker counts a task done only after it released what the task
        //! held (and recorded its trace span), which is after the signal; without this, empty() right after
        //! waiting for the queue's last event was false now and then. `signal` must have no effect
        //! that work enqueued later may depend on after it returns: empty() may be true while it still runs.
        template<typename TFn>
        auto pushSignal(TFn&& signal, trace::Describer describer = nullptr) -> std::uint64_t
        {
            // The worker, which runs the task, co-owns the state: the raw pointer stays valid while it runs.
            return push(
                [state = m_state.get(), signal = std::forward<TFn>(signal)]() mutable
                {
                    state->m_reached.store(state->m_running, std::memory_order_seq_cst);
                    signal();
                },
                describer);
        }

        //! The ticket of the latest task enqueued.
        [[nodiscard]] auto lastTicket() const -> std::uint64_t
        {
            return m_state->m_enqueued.load(std::memory_order_seq_cst);
        }

        //! Waits until the task with this ticket (and every earlier one) has finished.
        void waitForTicket(std::uint64_t ticket)
        {
            if(workerStateOfThisThread() == m_state.get())
                return; // a task waiting for its own queue would wait forever; earlier tasks are done anyway
            State& state = *m_state;
            state.m_doneParker.wait([&] { return state.m_done.load(std::memory_order_seq_cst) >= ticket; });
        }

        void waitAll() override
        {
            capture().throwIfActive("alpaka::wait");
            waitForTicket(lastTicket());
            m_state->m_error.rethrowAndClear();
        }

        //! Whether the work enqueued so far has finished: the worker counted the last task done, or the last task
        //! signalled the completion of everything up to it (pushSignal) - its signal was observable before the
        //! worker finished with the task. Lock-free: it reads two counters of the worker and the enqueue count.
        [[nodiscard]] auto empty() const -> bool override
        {
            State const& state = *m_state;
            auto const done = state.m_done.load(std::memory_order_seq_cst);
            auto const reached = state.m_reached.load(std::memory_order_seq_cst);
            auto const enqueued = state.m_enqueued.load(std::memory_order_seq_cst);
            return done >= enqueued || reached >= enqueued;
        }

    private:
        //! A task and what the trace records of it, run on the worker. It keeps a copy of the queue's track: the
        //! worker can outlive the queue's core (see the destructor).
        struct TracedTask
        {
            TaskT<TLazy> task;
            trace::Description what;
            trace::Track track;

            void operator()()
            {
                struct Timed
                {
                    TracedTask const& self;
                    std::int64_t begin;

                    ~Timed()
                    {
                        trace::recordSpan(self.what, &self.track, begin);
                    }
                } const timed{*this, trace::now()};
                task();
            }
        };

        //! push() after the type erasure; a described task is traced.
        auto pushTask(TaskT<TLazy> task, trace::Pending what) -> std::uint64_t
        {
            if(what)
            {
                auto const begin = trace::now();
                trace::Description const& described = *what;
                auto const ticket = pushTask(TaskT<TLazy>(TracedTask{std::move(task), described, traceTrack()}), {});
                trace::recordSpan(described, &traceTrack(), begin, true);
                return ticket;
            }
            State& state = *m_state;
            std::uint64_t ticket = 0;
            {
                sys::LockGuard<sys::Mutex> lock(state.m_mutex);
                // Start the worker before counting the task: if the thread cannot be created, nothing changed.
                if(!m_worker.joinable())
                {
                    m_worker = sys::HostThread([shared = m_state] { shared->workerLoop(); });
                }
                state.m_tasks.push(std::move(task));
                ticket = state.m_enqueued.load(std::memory_order_relaxed) + 1;
                state.m_enqueued.store(ticket, std::memory_order_seq_cst);
            }
            state.m_workerParker.notify();
            return ticket;
        }

        //! What the worker works on. The worker thread co-owns it: a task can release the queue's last handle (the
        //! destructor then runs on the worker, inside the task or while the worker releases it), and the worker must
        //! still be able to finish that task and the ones after it.
        struct State
        {
            void workerLoop()
            {
                workerStateOfThisThread() = this;
                std::uint64_t taken = 0;
                for(;;)
                {
                    m_workerParker.wait(
                        [&] {
                            return m_enqueued.load(std::memory_order_seq_cst) > taken
                                   || m_stop.load(std::memory_order_seq_cst);
                        });
                    TaskT<TLazy> task;
                    {
                        sys::LockGuard<sys::Mutex> lock(m_mutex);
                        if(m_tasks.empty())
                        {
                            if(m_stop.load(std::memory_order_relaxed))
                                return;
                            continue;
                        }
                        task = m_tasks.pop();
                    }
                    ++taken;
                    m_running = taken;
                    try
                    {
                        task();
                    }
                    catch(...)
                    {
                        m_error.capture();
                    }
                    task = TaskT<TLazy>{}; // release what the task held before reporting it done
                    m_done.store(taken, std::memory_order_seq_cst);
                    m_doneParker.notify();
                }
            }

            sys::Mutex m_mutex;
            typename TaskT<TLazy>::Fifo m_tasks;
            FirstError m_error;
            std::atomic<std::uint64_t> m_enqueued{0};
            std::atomic<std::uint64_t> m_done{0};
            // The ticket of the latest task that signalled the completion of itself and all before it (pushSignal),
            // stored before its signal; m_done follows once the worker finished with the task.
            std::atomic<std::uint64_t> m_reached{0};
            // The ticket of the task the worker runs; read and written by the worker only.
            std::uint64_t m_running = 0;
            std::atomic<bool> m_stop{false};
            // The caller and the worker hand work to each other. When they share a core (on 2 cores that is common:
            // another runtime's idle workers spin on the other), a long busy spin holds the core the peer needs to
            // answer: with the other parkers' longer spin an empty exec + wait took several times as long as with this
            // one (docs/dev/measurements.md#waiting-on-the-cpu). So spin briefly, then yield: on a core of its own a
            // yield returns at once, and the wait still ends within a microsecond of the peer's signal.
            static constexpr std::int64_t handOffSpinNs = 2'000;
            sys::Parker m_workerParker{handOffSpinNs};
            sys::Parker m_doneParker{handOffSpinNs};
        };

        //! The state whose worker the calling thread is, if it is a queue's worker: a task that waits for its own
        //! queue must not wait for itself, and a queue destroyed by its own worker must not join it.
        static auto workerStateOfThisThread() noexcept -> State const*&
        {
            static thread_local State const* state = nullptr;
            return state;
        }

        std::shared_ptr<State> m_state = std::make_shared<State>();
        sys::HostThread m_worker;
    };

    using NonBlockingQueueCore = NonBlockingQueueCoreT<>;
} // namespace alpaka::detail::cpu
