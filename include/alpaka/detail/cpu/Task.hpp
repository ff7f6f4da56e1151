// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Type-erased, move-only task of a CPU queue, and the interface a CPU device uses to wait for its queues.

#include "alpaka/detail/cpu/DevCpuImpl.hpp"
#include "alpaka/detail/cpu/GraphNodes.hpp"
#include "alpaka/meta/DependentType.hpp"

#include <atomic>
#include <exception>
#include <memory>
#include <utility>

namespace alpaka::detail::cpu
{
    //! A task stored in a queue: any nullary callable, moved in once. A template of an unused parameter (the alias
    //! Task names it): only units with non-blocking queues or graphs compile it (see meta/DependentType.hpp).
    //!
    //! The callable is kept in the graph node a capturing queue records (TaskNode): every enqueue site compiles that
    //! node class anyway, and a second wrapper class of the same shape was five more functions per task type.
    template<typename TLazy = void>
    class TaskT
    {
        using Base = meta::DependentType<GraphNode, TLazy>;

    public:
        TaskT() = default;

        // Owned through std::unique_ptr<Base> from the start: std::make_unique would instantiate a unique_ptr of
        // every task type (there is one per kernel launch site and queue kind), and compile its code.
        template<typename TFn>
        explicit TaskT(TFn&& fn)
            : m_impl(new TaskNode<std::decay_t<TFn>>(std::forward<TFn>(fn)))
        {
        }

        void operator()()
        {
            // Outside a graph a task has no event marks.
            m_impl->run(nullptr);
        }

        explicit operator bool() const noexcept
        {
            return static_cast<bool>(m_impl);
        }

        class Fifo;

    private:
        std::unique_ptr<Base> m_impl;
    };

    //! Tasks first in, first out, linked through the tasks themselves: pushing allocates nothing, and no container
    //! is compiled for it (std::deque was 2 MB of every unit with alpaka.hpp).
    template<typename TLazy>
    class TaskT<TLazy>::Fifo
    {
    public:
        Fifo() = default;
        Fifo(Fifo const&) = delete;
        auto operator=(Fifo const&) -> Fifo& = delete;

        ~Fifo()
        {
            while(!empty())
                pop();
        }

        [[nodiscard]] auto empty() const noexcept -> bool
        {
            return m_head == nullptr;
        }

        //! Appends a task; the task must not be empty (queues push only tasks made from a callable).
        void push(TaskT task) noexcept
        {
            Base* const node = task.m_impl.release();
            node->m_next = nullptr;
            (m_tail != nullptr ? m_tail->m_next : m_head) = node;
            m_tail = node;
        }

        //! Removes and returns the first task; the Fifo must not be empty.
        auto pop() noexcept -> TaskT
        {
            Base* const node = m_head;
            m_head = node->m_next;
            if(m_head == nullptr)
                m_tail = nullptr;
            TaskT task;
            task.m_impl.reset(node);
            return task;
        }

    private:
        Base* m_head = nullptr;
        Base* m_tail = nullptr;
    };

    using Task = TaskT<>;

    //! What a CPU device needs from each of its queues for wait(dev), and the queue's graph capture state. A queue
    //! counts its owners itself (QueueRef: the queue handles, and the device while it waits for the queue) and is
    //! listed by the device through the links below until it is destroyed.
    class ICpuQueue
    {
    public:
        ICpuQueue() = default;
        ICpuQueue(ICpuQueue const&) = delete;
        auto operator=(ICpuQueue const&) -> ICpuQueue& = delete;

        //! One more owner; the caller is an owner already.
        void addRef() noexcept
        {
            m_owners.fetch_add(1, std::memory_order_relaxed);
        }

        //! One more owner unless the last one is gone, when the queue is being destroyed (its destructor then waits
        //! for the device's lock to unlist it, which the caller holds).
        [[nodiscard]] auto tryAddRef() noexcept -> bool
        {
            long owners = m_owners.load(std::memory_order_relaxed);
            while(owners != 0)
                if(m_owners.compare_exchange_weak(owners, owners + 1, std::memory_order_acquire))
                    return true;
            return false;
        }

        //! One owner less; the last one destroys the queue.
        void release() noexcept
        {
            // acq_rel: what every owner did with the queue happens before its destruction.
            if(m_owners.fetch_sub(1, std::memory_order_acq_rel) == 1)
                delete this;
        }

        virtual ~ICpuQueue()
        {
            if(m_listed)
                DevCpuImpl::instance().unregisterQueue(*this);
        }
        //! Waits until the work enqueued before the call has finished; rethrows a recorded error. Throws while the
        //! queue captures a graph (its work would never run).
        virtual void waitAll() = 0;

        [[nodiscard]] auto capture() noexcept -> CaptureSlot&
        {
            return m_capture;
        }

        [[nodiscard]] auto capture() const noexcept -> CaptureSlot const&
        {
            return m_capture;
        }

    private:
        template<typename TLazy>
        friend class DevCpuImplT;

        CaptureSlot m_capture;
        //! A new queue has one owner: the QueueRef made from it.
        std::atomic<long> m_owners{1};
        // The device's list of queues (DevCpuImplT), guarded by its mutex.
        ICpuQueue* m_listPrev = nullptr;
        ICpuQueue* m_listNext = nullptr;
        bool m_listed = false;
    };

    //! The first error a queue recorded; taken (and cleared) by the next wait.
    class ErrorSlot
    {
    public:
        void record(std::exception_ptr error) noexcept
        {
            if(!m_error)
                m_error = std::move(error);
        }

        //! Rethrows and clears the recorded error, if any.
        void rethrow()
        {
            if(m_error)
                std::rethrow_exception(std::exchange(m_error, nullptr));
        }

    private:
        std::exception_ptr m_error;
    };
} // namespace alpaka::detail::cpu
