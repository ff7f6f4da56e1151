// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The recorded work of a CPU graph (GraphNodes) and the capture state of a CPU queue (CaptureSlot).
//!
//! A node is the task a queue would have run, stored by value (its arguments, pointers and scalars, as they were at
//! capture), behind one virtual call. Event nodes are the only ones with per-launch state: recording an event or
//! waiting for one refers to "the enqueue of the event current when the graph was launched", exactly as if the work
//! had been enqueued eagerly at launch. Those marks are taken in prepare() when the graph is enqueued and passed to
//! every node's run(); a graph without event nodes launches without allocating.
//!
//! The classes are templates of an unused parameter, named through aliases (GraphNodes = GraphNodesT<>): a unit that
//! never records or launches a graph does not compile them (see meta/DependentType.hpp).

#include "alpaka/core/Message.hpp"
#include "alpaka/detail/cpu/queue/EventState.hpp"
#include "alpaka/detail/sys/Mutex.hpp"
#include "alpaka/meta/DependentType.hpp"

#include <atomic>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace alpaka::detail::cpu
{
    //! The event marks of one launch of a graph, one slot per event node.
    template<typename TLazy = void>
    using LaunchMarksT = std::vector<typename EventStateT<TLazy>::Mark>;
    using LaunchMarks = LaunchMarksT<>;

    class GraphNode
    {
    public:
        GraphNode() = default;
        GraphNode(GraphNode const&) = delete;
        auto operator=(GraphNode const&) -> GraphNode& = delete;
        virtual ~GraphNode() = default;
        //! Takes this node's event mark for a launch (event nodes only; called when the graph is enqueued).
        virtual void prepare([[maybe_unused]] EventState::Mark* marks) const
        {
        }
        //! Does the node's work.
        virtual void run(EventState::Mark* marks) const = 0;

    private:
        template<typename TLazy>
        friend class GraphNodesT;
        template<typename TLazy>
        friend class TaskT;

        //! The next node of its graph, which owns the chain (GraphNodesT), or of the queue's tasks (TaskT::Fifo).
        GraphNode* m_next = nullptr;
    };

    //! The nodes of a graph in capture order. A singly linked list through the nodes themselves (GraphNode::m_next)
    //! rather than a std::vector of std::unique_ptr: every unit that enqueues work compiles the capture path, and the
    //! vector's growth and element code was a hundred functions of it.
    template<typename TLazy = void>
    class GraphNodesT
    {
        using Node = meta::DependentType<GraphNode, TLazy>;

    public:
        GraphNodesT() = default;
        GraphNodesT(GraphNodesT const&) = delete;
        auto operator=(GraphNodesT const&) -> GraphNodesT& = delete;

        ~GraphNodesT()
        {
            for(Node* node = m_first; node != nullptr;)
                delete std::exchange(node, node->m_next);
        }

        //! The marks a launch enqueued now refers to; empty (no allocation) for a graph without event nodes.
        [[nodiscard]] auto prepare() const -> LaunchMarksT<TLazy>
        {
            LaunchMarksT<TLazy> marks;
            if(m_markCount != 0)
            {
                marks.resize(m_markCount);
                for(auto const* node : m_eventNodes)
                    node->prepare(marks.data());
            }
            return marks;
        }

        //! Runs every node in capture order; an exception ends the launch (later nodes do not run).
        void run(EventState::Mark* marks) const
        {
            for(Node const* node = m_first; node != nullptr; node = node->m_next)
                node->run(marks);
        }

        [[nodiscard]] auto size() const noexcept -> std::size_t
        {
            return m_size;
        }

        //! Appends a node and takes it over (deletes it with the graph).
        void add(Node* node) noexcept
        {
            (m_last != nullptr ? m_last->m_next : m_first) = node;
            m_last = node;
            ++m_size;
        }

        //! Adds a node that needs a mark per launch; returns nothing: the node was built with nextMarkSlot().
        void addEventNode(std::unique_ptr<Node> node)
        {
            m_eventNodes.push_back(node.get());
            add(node.release());
            ++m_markCount;
        }

        //! The mark slot the next event node uses.
        [[nodiscard]] auto nextMarkSlot() const noexcept -> std::size_t
        {
            return m_markCount;
        }

    private:
        Node* m_first = nullptr;
        Node* m_last = nullptr;
        std::size_t m_size = 0;
        std::vector<Node const*> m_eventNodes;
        std::size_t m_markCount = 0;
    };

    using GraphNodes = GraphNodesT<>;

    //! A task (kernel, copy, fill, host task) stored by value.
    template<typename TFn>
    class TaskNode final : public GraphNode
    {
    public:
        template<typename TFnFwd>
        explicit TaskNode(TFnFwd&& fn)
            : m_fn(std::forward<TFnFwd>(fn))
        {
        }

        void run(EventState::Mark*) const override
        {
            m_fn();
        }

    private:
        // Tasks are called as non-const lvalues by the queues; a node is run by many launches, never concurrently
        // with itself on one queue, so it keeps that calling convention.
        mutable TFn m_fn;
    };

    //! enqueue(queue, event) while capturing: at each launch the event gets a new enqueue, reached at this point.
    template<typename TLazy = void>
    class EventRecordNodeT final : public GraphNode
    {
    public:
        EventRecordNodeT(std::shared_ptr<EventStateT<TLazy>> state, std::size_t slot)
            : m_state(std::move(state))
            , m_slot(slot)
        {
        }

        void prepare(EventState::Mark* marks) const override
        {
            marks[m_slot] = m_state->markEnqueued();
        }

        void run(EventState::Mark* marks) const override
        {
            m_state->markReady(marks[m_slot]);
        }

    private:
        std::shared_ptr<EventStateT<TLazy>> m_state;
        std::size_t m_slot;
    };

    //! wait(queue, event) while capturing: at each launch, later nodes wait for the event's enqueue current then.
    template<typename TLazy = void>
    class EventWaitNodeT final : public GraphNode
    {
    public:
        EventWaitNodeT(std::shared_ptr<EventStateT<TLazy>> state, std::size_t slot)
            : m_state(std::move(state))
            , m_slot(slot)
        {
        }

        void prepare(EventState::Mark* marks) const override
        {
            marks[m_slot] = m_state->lastEnqueued();
        }

        void run(EventState::Mark* marks) const override
        {
            m_state->waitFor(marks[m_slot]);
        }

    private:
        std::shared_ptr<EventStateT<TLazy>> m_state;
        std::size_t m_slot;
    };

    //! A graph launched into a capturing queue: the whole graph, launched when this node is reached.
    template<typename TLazy = void>
    class ChildGraphNodeT final : public GraphNode
    {
    public:
        explicit ChildGraphNodeT(std::shared_ptr<GraphNodesT<TLazy> const> child)
            : m_child(std::move(child))
        {
        }

        void run(EventState::Mark*) const override
        {
            auto marks = m_child->prepare();
            m_child->run(marks.data());
        }

    private:
        std::shared_ptr<GraphNodesT<TLazy> const> m_child;
    };

    //! Whether a CPU queue records its work into a graph instead of running it, and what it recorded so far.
    template<typename TLazy = void>
    class CaptureSlotT
    {
        using Nodes = GraphNodesT<TLazy>;

    public:
        CaptureSlotT() = default;
        CaptureSlotT(CaptureSlotT const&) = delete;
        auto operator=(CaptureSlotT const&) -> CaptureSlotT& = delete;

        ~CaptureSlotT()
        {
            if(m_nodes != nullptr)
                m_deleteNodes(m_nodes);
        }

        [[nodiscard]] auto active() const noexcept -> bool
        {
            return m_active.load(std::memory_order_acquire);
        }

        //! Starts recording; idle: whether the queue has no work in flight (a graph records work from a clean start).
        void begin(bool idle)
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            if(m_active.load(std::memory_order_relaxed))
                throw std::runtime_error(
                    "alpaka::beginCapture: the queue is already capturing a graph; call alpaka::endCapture first");
            if(!idle)
                throw std::runtime_error(
                    "alpaka::beginCapture: the queue still has work in flight; wait(queue) before capturing, so that "
                    "the graph records only the work enqueued after beginCapture");
            m_nodes = new Nodes();
            m_deleteNodes = &deleteNodes;
            m_active.store(true, std::memory_order_release);
        }

        //! Ends recording and hands out what was recorded.
        auto end() -> std::shared_ptr<Nodes const>
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            if(!m_active.load(std::memory_order_relaxed))
                throw std::runtime_error(
                    "alpaka::endCapture: the queue is not capturing a graph; call alpaka::beginCapture first");
            m_active.store(false, std::memory_order_release);
            return std::shared_ptr<Nodes const>(std::exchange(m_nodes, nullptr));
        }

        //! Records a task (moved or copied in).
        template<typename TTask>
        void record(TTask&& task)
        {
            // Neither std::make_unique nor a std::unique_ptr of each task type: see TaskT's constructor.
            meta::DependentType<GraphNode, TLazy>* const node
                = new TaskNode<std::decay_t<TTask>>(std::forward<TTask>(task));
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            if(!m_nodes)
            {
                delete node;
                throwStoppedCapturing();
            }
            m_nodes->add(node);
        }

        void recordEvent(std::shared_ptr<EventStateT<TLazy>> state)
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            auto& nodes = recording();
            nodes.addEventNode(std::make_unique<EventRecordNodeT<TLazy>>(std::move(state), nodes.nextMarkSlot()));
        }

        void recordEventWait(std::shared_ptr<EventStateT<TLazy>> state)
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            auto& nodes = recording();
            nodes.addEventNode(std::make_unique<EventWaitNodeT<TLazy>>(std::move(state), nodes.nextMarkSlot()));
        }

        void recordGraph(std::shared_ptr<GraphNodesT<TLazy> const> child)
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            auto& nodes = recording();
            nodes.add(new ChildGraphNodeT<TLazy>(std::move(child)));
        }

        //! Throws for an operation that needs the queue's work to run (wait) while it is recorded instead.
        void throwIfActive(char const* operation) const
        {
            if(active())
                throwRuntimeError(
                    "%s: the queue is capturing a graph, so its work has not run and will not run until the graph is "
                    "launched; call alpaka::endCapture first",
                    operation);
        }

    private:
        auto recording() -> GraphNodesT<TLazy>&
        {
            if(!m_nodes)
                throwStoppedCapturing();
            return *m_nodes;
        }

        [[noreturn]] static void throwStoppedCapturing()
        {
            throw std::runtime_error("alpaka: the queue stopped capturing while work was being recorded");
        }

        static void deleteNodes(Nodes* nodes) noexcept
        {
            delete nodes;
        }

        std::atomic<bool> m_active{false};
        sys::Mutex m_mutex;
        // What is being recorded: owned by the slot while it records. A plain pointer rather than a std::shared_ptr
        // or std::unique_ptr, whose code every unit that creates a queue compiled (the slot is part of every queue):
        // its destructor calls the deleter begin() set, so only units that capture compile the graph's destructor.
        Nodes* m_nodes = nullptr;
        void (*m_deleteNodes)(Nodes*) noexcept = nullptr;
    };

    using CaptureSlot = CaptureSlotT<>;
} // namespace alpaka::detail::cpu
