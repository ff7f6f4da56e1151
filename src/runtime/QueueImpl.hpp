// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueImpl<TQueue> and EventImpl<TEvent>: the runtime's Queue and Event over an alpaka queue and event type.

#include <alpaka/alpaka.hpp>

#include <cstring>
#include <memory>
#include <utility>

#include "Dispatch.hpp"
#include "Errors.hpp"
#include "RegionRows.hpp"
#include "Runtime.hpp"
#include "Tracing.hpp"

namespace pyalpaka::rt
{
    template<typename TEvent>
    class EventImpl final : public Event
    {
    public:
        EventImpl(std::shared_ptr<Device> device, alpaka::Dev<TEvent> const& dev)
            : m_device(std::move(device))
            , m_event(dev)
        {
        }

        [[nodiscard]] auto device() const -> std::shared_ptr<Device> override
        {
            return m_device;
        }

        void wait() override
        {
            alpaka::wait(m_event);
        }

        [[nodiscard]] auto isComplete() const -> bool override
        {
            return alpaka::isComplete(m_event);
        }

        [[nodiscard]] auto native() -> TEvent&
        {
            return m_event;
        }

    private:
        std::shared_ptr<Device> m_device;
        TEvent m_event;
    };

    //! A graph of an alpaka queue type: alpaka::Graph<TQueue> and the device it was captured on.
    template<typename TGraph>
    class GraphImpl final : public Graph
    {
    public:
        GraphImpl(std::shared_ptr<Device> device, TGraph graph)
            : m_device(std::move(device))
            , m_graph(std::move(graph))
        {
        }

        [[nodiscard]] auto device() const -> std::shared_ptr<Device> override
        {
            return m_device;
        }

        [[nodiscard]] auto size() const -> std::size_t override
        {
            return alpaka::getNodeCount(m_graph);
        }

        [[nodiscard]] auto native() const -> TGraph const&
        {
            return m_graph;
        }

    private:
        std::shared_ptr<Device> m_device;
        TGraph m_graph;
    };

    namespace detail
    {
        //! A view of `region` with std::byte elements (the last extent and stride in bytes), so that one memcpy and
        //! memset instantiation per dimensionality serves every element type.
        template<std::size_t TDim, typename TDev>
        auto byteView(TDev const& dev, Region const& region)
        {
            using Vec = alpaka::Vec<alpaka::DimInt<TDim>, std::size_t>;
            Vec extent;
            Vec pitches;
            for(std::size_t i = 0; i < TDim; ++i)
            {
                extent[i] = region.extent[i];
                pitches[i] = region.strides[i];
            }
            extent[TDim - 1] *= region.itemSize;
            pitches[TDim - 1] = 1;
            return alpaka::createView(dev, static_cast<std::byte*>(region.data), extent, pitches);
        }

        template<std::size_t TDim>
        auto byteExtent(Region const& region)
        {
            alpaka::Vec<alpaka::DimInt<TDim>, std::size_t> extent;
            for(std::size_t i = 0; i < TDim; ++i)
                extent[i] = region.extent[i];
            extent[TDim - 1] *= region.itemSize;
            return extent;
        }

        //! Whether the innermost dimension holds its elements next to each other, as byteView needs. DLPack and
        //! NumPy allow any stride there (a transposed or broadcast view); such regions are copied row by row.
        inline auto regionBytes(Region const& region) -> std::uint64_t
        {
            std::uint64_t bytes = region.itemSize;
            for(std::size_t i = 0; i < region.ndim; ++i)
                bytes *= region.extent[i];
            return bytes;
        }

        inline auto denseInnermost(Region const& region) -> bool
        {
            return region.ndim == 0 || region.extent[region.ndim - 1] <= 1
                   || region.strides[region.ndim - 1] == region.itemSize;
        }
    } // namespace detail

    template<typename TQueue>
    class QueueImpl final : public Queue
    {
    public:
        using Dev = alpaka::Dev<TQueue>;
        using NativeEvent = alpaka::Event<TQueue>;
        using NativeGraph = alpaka::Graph<TQueue>;
        static constexpr bool isBlocking = std::is_same_v<TQueue, alpaka::Queue<Dev, alpaka::Blocking>>;

        QueueImpl(std::shared_ptr<Device> device, Dev const& dev)
            : m_device(std::move(device))
            , m_dev(dev)
            , m_queue(dev)
        {
            auto const& track = alpaka::trace::queueTrack(m_queue);
            alpaka::trace::setQueueLabel(
                m_queue,
                m_device->backend().name() + (isBlocking ? " blocking queue " : " queue ") + std::to_string(track.id));
        }

        ~QueueImpl() override
        {
            // Work still queued uses memory its owners keep alive only until the queue is done with it.
            try
            {
                alpaka::wait(m_queue);
            }
            catch(...)
            {
            }
        }

        [[nodiscard]] auto device() const -> std::shared_ptr<Device> override
        {
            return m_device;
        }

        [[nodiscard]] auto blocking() const -> bool override
        {
            return isBlocking;
        }

        //! Enqueues an alpaka task (a kernel, copy or host task); counts it as completed once it ran, even if it
        //! threw (the queue reports the exception at the next wait). While capturing, the task is only recorded.
        //! Enqueues an alpaka task (a kernel, copy or host task); counts it as completed once it ran, even if it
        //! threw (the queue reports the exception at the next wait). While capturing, the task is only recorded.
        //! A trace shows it as `what`, or as alpaka describes it (alpaka::trace::describe) with the arguments of the
        //! launch that made it (LaunchNote).
        template<typename TTask>
        void submit(TTask&& task, alpaka::trace::Description const* what = nullptr)
        {
            if(alpaka::isCapturing(m_queue))
            {
                alpaka::enqueue(m_queue, std::forward<TTask>(task));
                return;
            }
            auto const& completed = track();
            bool const traced = alpaka::trace::enabled();
            if constexpr(isBlocking)
            {
                Completion done{completed.get()};
                if(traced)
                    m_queue.m_core->runTraced(task, what != nullptr ? *what : describeLaunch(task));
                else
                    alpaka::enqueue(m_queue, std::forward<TTask>(task));
            }
            else
            {
                Counted<std::decay_t<TTask>> counted{std::forward<TTask>(task), completed};
                if(traced)
                {
                    auto description = what != nullptr ? *what : describeLaunch(counted.task);
                    m_queue.m_core->pushTraced(std::move(counted), std::move(description));
                }
                else
                    alpaka::enqueue(m_queue, std::move(counted));
            }
        }

        void enqueueHostTask(std::function<void()> task, alpaka::trace::Description const* what) override
        {
            submit(std::move(task), what);
        }

        [[nodiscard]] auto traceTrack() const -> alpaka::trace::Track const& override
        {
            return alpaka::trace::queueTrack(m_queue);
        }

        void wait() override
        {
            alpaka::trace::Span const span({alpaka::trace::Op::Wait, "wait for " + traceTrack().label});
            alpaka::wait(m_queue);
        }

        [[nodiscard]] auto empty() const -> bool override
        {
            return alpaka::empty(m_queue);
        }

        void record(Event& event) override
        {
            alpaka::enqueue(m_queue, nativeEvent(event));
        }

        void waitFor(Event& event) override
        {
            alpaka::wait(m_queue, nativeEvent(event));
        }

        void copy(Region const& dst, Region const& src) override
        {
            if(!detail::denseInnermost(dst) || !detail::denseInnermost(src))
            {
                submitHostRows(
                    alpaka::trace::Op::Copy,
                    "copy",
                    detail::regionBytes(dst),
                    [dst, src]
                    {
                        auto const rows = copyRows(dst, src);
                        alpaka::detail::forEachRow(
                            rows,
                            [&](std::size_t const* offsets)
                            {
                                std::memmove(
                                    static_cast<std::byte*>(dst.data) + offsets[0],
                                    static_cast<std::byte const*>(src.data) + offsets[1],
                                    rows.width);
                            });
                    });
                return;
            }
            withDim<maxBufferDim>(
                dst.ndim,
                "a copy",
                [&](auto dim)
                {
                    constexpr std::size_t d = decltype(dim)::value;
                    auto dstView = detail::byteView<d>(m_dev, dst);
                    auto const srcView = detail::byteView<d>(m_dev, src);
                    submit(alpaka::createTaskMemcpy(dstView, srcView, detail::byteExtent<d>(dst)));
                });
        }

        void set(Region const& dst, std::uint8_t byte) override
        {
            if(!detail::denseInnermost(dst))
            {
                submitHostRows(
                    alpaka::trace::Op::Memset,
                    "memset",
                    detail::regionBytes(dst),
                    [dst, byte]
                    {
                        auto const rows = setRows(dst);
                        alpaka::detail::forEachRow(
                            rows,
                            [&](std::size_t const* offsets)
                            { std::memset(static_cast<std::byte*>(dst.data) + offsets[0], byte, rows.width); });
                    });
                return;
            }
            withDim<maxBufferDim>(
                dst.ndim,
                "a fill",
                [&](auto dim)
                {
                    constexpr std::size_t d = decltype(dim)::value;
                    auto view = detail::byteView<d>(m_dev, dst);
                    submit(alpaka::createTaskMemset(view, byte, detail::byteExtent<d>(dst)));
                });
        }

        void beginCapture() override
        {
            alpaka::beginCapture(m_queue);
        }

        auto endCapture() -> std::shared_ptr<Graph> override
        {
            return std::make_shared<GraphImpl<NativeGraph>>(m_device, alpaka::endCapture(m_queue));
        }

        [[nodiscard]] auto capturing() const -> bool override
        {
            return alpaka::isCapturing(m_queue);
        }

        //! One operation that replays the graph (a child node while this queue captures).
        void launch(Graph& graph) override
        {
            alpaka::detail::cpu::enqueueGraph(
                m_queue,
                nativeGraph(graph),
                [this](alpaka::detail::cpu::GraphLaunch replay) { submit(std::move(replay)); });
        }

        [[nodiscard]] auto native() -> TQueue&
        {
            return m_queue;
        }

    private:
        //! alpaka's description of a task, with the arguments of the launch that made it (LaunchNote).
        template<typename TTask>
        static auto describeLaunch(TTask const& task) -> alpaka::trace::Description
        {
            auto what = alpaka::trace::describe(task);
            appendLaunchNote(what);
            return what;
        }

        //! A task of a non-blocking queue that counts itself completed when it ran.
        template<typename TTask>
        struct Counted
        {
            TTask task;
            std::shared_ptr<std::atomic<std::uint64_t>> completed;

            void operator()()
            {
                Completion done{completed.get()};
                task();
            }
        };

        //! A copy or fill of a layout alpaka's views cannot describe, as a host task over its rows (host memory only:
        //! the GPU runtimes have their own strided copies).
        template<typename TRows>
        void submitHostRows(alpaka::trace::Op op, char const* name, std::uint64_t bytes, TRows rows)
        {
            if constexpr(std::is_same_v<Dev, alpaka::DevCpu>)
            {
                if(alpaka::trace::enabled())
                {
                    alpaka::trace::Description const what{op, name + std::string(" (strided rows)"), {}, bytes};
                    submit(std::move(rows), &what);
                }
                else
                    submit(std::move(rows));
            }
            else
                throw std::invalid_argument(
                    "a copy or fill whose innermost dimension is strided is not supported on " + m_device->name());
        }

        struct Completion
        {
            std::atomic<std::uint64_t>* counter;

            ~Completion()
            {
                counter->fetch_add(1, std::memory_order_release);
            }
        };

        auto nativeEvent(Event& event) -> NativeEvent&
        {
            auto* impl = dynamic_cast<EventImpl<NativeEvent>*>(&event);
            if(impl == nullptr || !event.device()->sharesMemoryWith(*m_device))
                throw TypeMismatch(
                    "an event of " + event.device()->name() + " (" + event.device()->backend().name()
                    + ") cannot be used with a queue of " + m_device->name() + " (" + m_device->backend().name()
                    + "): create the event on the queue's device");
            return impl->native();
        }

        auto nativeGraph(Graph& graph) -> NativeGraph const&
        {
            auto* impl = dynamic_cast<GraphImpl<NativeGraph>*>(&graph);
            if(impl == nullptr || !isSameDevice(*graph.device(), *m_device))
                throw TypeMismatch(
                    "a graph captured on " + graph.device()->name() + " (" + graph.device()->backend().name()
                    + ") cannot be launched on a queue of " + m_device->name() + " (" + m_device->backend().name()
                    + "): launch it on a queue of the device it was captured on");
            return impl->native();
        }

        std::shared_ptr<Device> m_device;
        Dev m_dev;
        TQueue m_queue;
    };
} // namespace pyalpaka::rt
