// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The state shared by the copies of a CUDA/HIP queue: its device, its stream, the first exception a host task
//! of the queue threw (rethrown by wait(queue), as on the CPU back-ends), and, while the queue captures a graph, what
//! the captured host tasks need at every replay.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/detail/FirstError.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/trace/Trace.hpp"

#    include <atomic>
#    include <exception>
#    include <memory>
#    include <stdexcept>
#    include <string>
#    include <utility>
#    include <vector>

namespace alpaka::detail::cudaHip
{
    //! The host tasks a capture recorded: their host nodes point to these payloads at every replay of the graph, and
    //! their exceptions collect in `errors` until a replay's closing host task reports them to the replaying queue.
    struct CapturedHostWork
    {
        std::vector<std::shared_ptr<void>> payloads;
        std::shared_ptr<FirstError> errors = std::make_shared<FirstError>();
    };

    inline auto capturingError(char const* operation) -> std::runtime_error
    {
        return std::runtime_error(
            std::string(operation)
            + ": the queue is capturing a graph, so its work has not run and will not run until the graph is "
              "launched; call alpaka::endCapture first");
    }

    template<typename TApi>
    class QueueImpl
    {
    public:
        //! The stream does not synchronize with the legacy default stream: there is no default queue, whose implicit
        //! synchronization with every other queue would serialize them (upstream alpaka's manual, "Rationale").
        explicit QueueImpl(DevUniformCudaHipRt<TApi> const& dev)
            : m_dev(dev)
            , m_track{trace::newTrackId(), TApi::name}
        {
            m_track.label += " queue " + std::to_string(m_track.id);
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamCreateWithFlags(&m_stream, TApi::streamNonBlocking));
        }

        //! A queue on a stream someone else created and destroys (upstream 2.1's queue from a native stream): the
        //! stream's own flags apply, and the queue does not destroy it.
        QueueImpl(DevUniformCudaHipRt<TApi> const& dev, typename TApi::Stream_t stream)
            : m_dev(dev)
            , m_track{trace::newTrackId(), TApi::name}
            , m_stream(stream)
            , m_ownsStream(false)
        {
            m_track.label += " queue " + std::to_string(m_track.id);
        }

        QueueImpl(QueueImpl const&) = delete;
        auto operator=(QueueImpl const&) -> QueueImpl& = delete;

        //! Work already enqueued still completes: the runtime releases the stream when it is done.
        ~QueueImpl()
        {
            if(!m_ownsStream)
                return;
            ignoreError<TApi>(TApi::setDevice(m_dev.getNativeHandle()));
            ignoreError<TApi>(TApi::streamDestroy(m_stream));
        }

        [[nodiscard]] auto dev() const -> DevUniformCudaHipRt<TApi> const&
        {
            return m_dev;
        }

        [[nodiscard]] auto stream() const -> typename TApi::Stream_t
        {
            return m_stream;
        }

        //! The queue's timeline in traces (alpaka/trace/Trace.hpp).
        [[nodiscard]] auto traceTrack() noexcept -> trace::Track&
        {
            return m_track;
        }

        void synchronize() const
        {
            if(capturing())
                throw capturingError("alpaka::wait");
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamSynchronize(m_stream));
            rethrowHostTaskError();
        }

        //! A capturing stream runs nothing (and must not be queried: that would end the capture).
        [[nodiscard]] auto empty() const -> bool
        {
            if(capturing())
                return true;
            auto const status = TApi::streamQuery(m_stream);
            if(status == TApi::errorNotReady)
            {
                static_cast<void>(TApi::getLastError());
                return false;
            }
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, status);
            return true;
        }

        //! Runs task on the stream's host callback thread, in stream order. The task must not call the runtime API
        //! (a restriction of host callbacks); an exception it throws is kept and rethrown by wait(queue).
        template<typename TTask>
        void enqueueHostTask(TTask&& task)
        {
            if(capturing())
                return captureHostTask(std::forward<TTask>(task));
            struct Payload
            {
                std::decay_t<TTask> task;
                std::weak_ptr<QueueImpl> queue;
                std::shared_ptr<std::atomic<std::size_t>> pending;
            };

            auto payload = std::make_unique<Payload>(Payload{std::forward<TTask>(task), m_self, m_pendingHostTasks});
            auto const callback = [](void* userData)
            {
                std::unique_ptr<Payload> const owned(static_cast<Payload*>(userData));
                try
                {
                    owned->task();
                }
                catch(...)
                {
                    if(auto const queue = owned->queue.lock())
                        queue->m_hostTaskError.capture();
                }
                owned->pending->fetch_sub(1, std::memory_order_release);
            };
            m_dev.makeCurrent();
            m_pendingHostTasks->fetch_add(1, std::memory_order_relaxed);
            if(auto const status = TApi::launchHostFunc(m_stream, callback, payload.get()); status != TApi::success)
            {
                m_pendingHostTasks->fetch_sub(1, std::memory_order_relaxed);
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, status);
            }
            static_cast<void>(payload.release()); // the callback owns it now
        }

        //! Waits until the host tasks enqueued so far have run. An asynchronous copy from pageable host memory may
        //! read that memory when it is enqueued (the runtime stages it at once), before earlier host tasks of the
        //! stream ran: such a copy calls this first, so that it sees what they wrote (a host task filling a host
        //! buffer, then a copy of it to the device). Nothing to wait for while capturing: nothing runs then.
        void waitForHostTasks() const
        {
            if(capturing() || m_pendingHostTasks->load(std::memory_order_acquire) == 0)
                return;
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamSynchronize(m_stream));
        }

        [[nodiscard]] auto capturing() const noexcept -> bool
        {
            return m_capture != nullptr;
        }

        //! Starts a stream capture; the queue must be idle.
        void beginCapture()
        {
            if(capturing())
                throw std::runtime_error(
                    "alpaka::beginCapture: the queue is already capturing a graph; call alpaka::endCapture first");
            if(!empty())
                throw std::runtime_error(
                    "alpaka::beginCapture: the queue still has work in flight; wait(queue) before capturing, so that "
                    "the graph records only the work enqueued after beginCapture");
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamBeginCapture(m_stream));
            m_capture = std::make_unique<CapturedHostWork>();
        }

        //! Ends the stream capture (also when the runtime reports it invalidated: the queue is usable again) and
        //! returns the captured graph with its host work.
        auto endCapture() -> std::pair<typename TApi::Graph_t, CapturedHostWork>
        {
            if(!capturing())
                throw std::runtime_error(
                    "alpaka::endCapture: the queue is not capturing a graph; call alpaka::beginCapture first");
            auto hostWork = std::move(*m_capture);
            m_capture.reset();
            typename TApi::Graph_t graph{};
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamEndCapture(m_stream, &graph));
            return {graph, std::move(hostWork)};
        }

        //! Throws where the runtime cannot record host-side work (host tasks, event records and waits) in a graph.
        void requireHostWorkCapturable(char const* operation) const
        {
            if constexpr(!TApi::capturesHostWork)
                if(capturing())
                    throw std::runtime_error(
                        std::string(operation) + ": the " + TApi::version
                        + " cannot record this into a graph (no capturable host functions or external event nodes); "
                          "enqueue it outside the capture");
        }

        //! Set by the owning queue right after construction (the callback refers back to the queue weakly).
        std::weak_ptr<QueueImpl> m_self;

    private:
        //! A host task recorded into the graph: the payload outlives this call (the graph owns it) and is run by
        //! every replay; its exceptions go to the graph's error slot.
        template<typename TTask>
        void captureHostTask(TTask&& task)
        {
            requireHostWorkCapturable("alpaka::enqueue(queue, hostTask)");
            if constexpr(TApi::capturesHostWork)
            {
                struct Payload
                {
                    std::decay_t<TTask> task;
                    std::shared_ptr<FirstError> errors;
                };

                auto payload = std::make_shared<Payload>(Payload{std::forward<TTask>(task), m_capture->errors});
                auto const callback = [](void* userData)
                {
                    auto* const recorded = static_cast<Payload*>(userData);
                    try
                    {
                        recorded->task();
                    }
                    catch(...)
                    {
                        recorded->errors->capture();
                    }
                };
                m_dev.makeCurrent();
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::launchHostFunc(m_stream, callback, payload.get()));
                m_capture->payloads.push_back(std::move(payload));
            }
        }

        void rethrowHostTaskError() const
        {
            m_hostTaskError.rethrowAndClear();
        }

        DevUniformCudaHipRt<TApi> m_dev;
        trace::Track m_track;
        typename TApi::Stream_t m_stream{};
        //! False for a queue on a stream of someone else's.
        bool m_ownsStream = true;
        //! The first exception of a host task since the last wait (the callbacks record it).
        mutable FirstError m_hostTaskError;
        std::unique_ptr<CapturedHostWork> m_capture;
        //! Host tasks enqueued whose callback has not finished (shared with the callbacks, which may outlive this).
        std::shared_ptr<std::atomic<std::size_t>> m_pendingHostTasks = std::make_shared<std::atomic<std::size_t>>(0);
    };
} // namespace alpaka::detail::cudaHip

#endif
