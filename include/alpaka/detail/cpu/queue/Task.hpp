// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Type-erased, move-only task of a CPU queue, and the first-in, first-out list of them a non-blocking queue keeps.

#include "alpaka/detail/cpu/queue/GraphNodes.hpp"
#include "alpaka/meta/DependentType.hpp"

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
    //! is compiled for it (<deque> would be in every unit with alpaka.hpp: docs/dev/measurements.md#headers-left-out).
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
} // namespace alpaka::detail::cpu
