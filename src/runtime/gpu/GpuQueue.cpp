// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! GpuQueue: a stream of a device's primary context. Operations are counted as they complete (by events recorded
//! every few operations, or by a wait) so that callers may release what an operation used; host tasks run on the
//! driver's callback thread and keep their first exception for the next wait. Copies and fills are in
//! GpuCopies.cpp, graph capture and replay in GpuGraph.cpp, events in GpuEvent.cpp.

#include <cstring>
#include <utility>

#include "GpuRuntime.hpp"
#include "runtime/Errors.hpp"
#include "runtime/Tracing.hpp"

namespace pyalpaka::rt::gpu
{
    namespace
    {
        //! A host task of a non-blocking queue, owned by the driver's callback until it ran.
        struct PendingHostTask
        {
            std::function<void()> task;
            std::shared_ptr<alpaka::detail::FirstError> errors;
            std::shared_ptr<std::atomic<std::size_t>> pending; //!< the queue's host tasks not yet run
        };

        //! Runs on the API's callback thread, which must not call the API. The queue counts the task done with the
        //! operations around it (GpuQueue::finish): by an event recorded after it, or by a wait.
        void runHostTask(void* userData)
        {
            std::unique_ptr<PendingHostTask> pending(static_cast<PendingHostTask*>(userData));
            try
            {
                pending->task();
            }
            catch(...)
            {
                pending->errors->capture();
            }
            pending->task = nullptr; // release what the task holds before the operation counts as done
            pending->pending->fetch_sub(1, std::memory_order_release);
        }

        //! The host node of a recorded host task (the graph owns userData; it runs at every replay).
        void runRecordedHostTask(void* userData)
        {
            auto* const recorded = static_cast<RecordedHostTask*>(userData);
            try
            {
                recorded->task();
            }
            catch(...)
            {
                recorded->errors->capture();
            }
        }

        //! The device times of traced operations: pairs of events, read when the trace ends (DeviceSpanSources).
        //! The driver measures between events only: each context gets a reference event whose host time is taken
        //! when it completes, and an operation's times are its events' distances from it.
        class DeviceSpans
        {
        public:
            static auto instance() -> DeviceSpans&
            {
                // Never destroyed, like the trace's recorder: the last records may come while the process exits.
                static auto* const spans = []
                {
                    auto* created = new DeviceSpans;
                    DeviceSpanSources::instance().add([created] { created->flush(); });
                    return created;
                }();
                return *spans;
            }

            //! An event recorded on `stream` now, or null when the driver has none to give.
            static auto recordEvent(Api const& api, StreamHandle stream) noexcept -> EventHandle
            {
                EventHandle event = nullptr;
                if(api.eventCreate(&event, 0) != success)
                    return nullptr;
                if(api.eventRecord(event, stream) != success)
                {
                    (void)api.eventDestroy(event);
                    return nullptr;
                }
                return event;
            }

            //! Keeps an operation's events (the context current, `stream` its queue's) until the trace ends.
            void
            add(Api const& api,
                ContextHandle context,
                StreamHandle stream,
                EventHandle begin,
                EventHandle end,
                alpaka::trace::Description what,
                alpaka::trace::Track const& track)
            {
                std::lock_guard lock(m_mutex);
                referenceOf(api, context, stream);
                m_pending.push_back({&api, context, begin, end, std::move(what), track});
            }

            //! Waits for every pending operation and records its device time.
            void flush() noexcept
            {
                std::vector<Pending> pending;
                std::vector<Reference> references;
                {
                    std::lock_guard lock(m_mutex);
                    pending.swap(m_pending);
                    references.swap(m_references);
                }
                for(auto const& p : pending)
                {
                    auto const& api = *p.api;
                    ContextScope const scope(api, p.context, std::nothrow);
                    if(!scope.entered())
                        continue;
                    float beginMs = 0;
                    float endMs = 0;
                    auto const* ref = find(references, api, p.context);
                    if(ref != nullptr && ref->event != nullptr && api.eventSynchronize(p.end) == success
                       && api.eventElapsedTime(&beginMs, ref->event, p.begin) == success
                       && api.eventElapsedTime(&endMs, ref->event, p.end) == success)
                    {
                        alpaka::trace::Record r;
                        r.op = p.what.op;
                        r.name = p.what.name;
                        r.args = p.what.args;
                        r.bytes = p.what.bytes;
                        r.track = p.track.id;
                        r.trackLabel = p.track.label;
                        r.beginNs = ref->hostNs + static_cast<std::int64_t>(static_cast<double>(beginMs) * 1e6);
                        r.endNs = ref->hostNs + static_cast<std::int64_t>(static_cast<double>(endMs) * 1e6);
                        alpaka::trace::record(r);
                    }
                    (void)api.eventDestroy(p.begin);
                    (void)api.eventDestroy(p.end);
                }
                for(auto const& ref : references)
                {
                    ContextScope const scope(*ref.api, ref.context, std::nothrow);
                    if(scope.entered() && ref.event != nullptr)
                        (void)ref.api->eventDestroy(ref.event);
                }
            }

        private:
            struct Pending
            {
                Api const* api;
                ContextHandle context;
                EventHandle begin;
                EventHandle end;
                alpaka::trace::Description what;
                alpaka::trace::Track track;
            };

            //! Contexts are told apart by their API too: a HIP context handle is its device's number.
            struct Reference
            {
                Api const* api;
                ContextHandle context;
                EventHandle event;
                std::int64_t hostNs;
            };

            static auto
            find(std::vector<Reference> const& references, Api const& api, ContextHandle context) -> Reference const*
            {
                for(auto const& ref : references)
                    if(ref.api == &api && ref.context == context)
                        return &ref;
                return nullptr;
            }

            //! The context's reference event; the first operation traced in a context records it and waits for it.
            void referenceOf(Api const& api, ContextHandle context, StreamHandle stream)
            {
                if(find(m_references, api, context) != nullptr)
                    return;
                EventHandle event = recordEvent(api, stream);
                if(event != nullptr && api.eventSynchronize(event) != success)
                {
                    (void)api.eventDestroy(event);
                    event = nullptr;
                }
                m_references.push_back({&api, context, event, alpaka::trace::now()});
            }

            std::mutex m_mutex;
            std::vector<Pending> m_pending;
            std::vector<Reference> m_references;
        };

        auto capturingError(char const* operation) -> std::runtime_error
        {
            return std::runtime_error(
                std::string(operation)
                + ": the queue is capturing a graph, so its work has not run and will not run until the graph is "
                  "launched; leave the capture first");
        }
    } // namespace

    GpuQueue::GpuQueue(std::shared_ptr<GpuDevice> device, bool blocking)
        : m_device(std::move(device))
        , m_blocking(blocking)
        , m_track{alpaka::trace::newTrackId(), {}}
    {
        m_track.label = std::string(api().backend) + ":" + std::to_string(m_device->index())
                        + (blocking ? " blocking queue " : " queue ") + std::to_string(m_track.id);
        ContextScope scope(api(), m_device->context());
        PYALPAKA_GPU_CHECK(api(), streamCreate, &m_stream, streamNonBlocking);
    }

    GpuQueue::~GpuQueue()
    {
        // Work still queued uses memory its owners keep alive only until the queue is done with it.
        ContextScope const scope(api(), m_device->context(), std::nothrow);
        if(!scope.entered())
            return;
        (void)api().streamSynchronize(m_stream);
        for(auto const& tracked : m_tracked)
            (void)api().eventDestroy(tracked.event);
        for(auto* event : m_eventPool)
            (void)api().eventDestroy(event);
        (void)api().streamDestroy(m_stream);
    }

    void GpuQueue::finish(std::uint64_t number)
    {
        if(m_blocking)
        {
            Result const status = api().streamSynchronize(m_stream);
            markCompleted(number);
            check(api(), status, api().streamSynchronize.symbol);
            return;
        }
        if(number - m_lastTracked < trackEvery)
            return; // counted by the next event, or by the next wait
        EventHandle event = nullptr;
        Result status = success;
        if(m_eventPool.empty())
            status = api().eventCreate(&event, eventDisableTiming);
        else
        {
            event = m_eventPool.back();
            m_eventPool.pop_back();
        }
        if(status == success)
        {
            status = api().eventRecord(event, m_stream);
            if(status == success)
            {
                m_tracked.push_back({event, number});
                m_lastTracked = number;
                return;
            }
            m_eventPool.push_back(event);
        }
        // The operation is queued, but no event will count it: wait for it instead.
        (void)api().streamSynchronize(m_stream);
        markCompleted(number);
        check(api(), status, api().eventRecord.symbol);
    }

    void GpuQueue::markCompleted(std::uint64_t number) const
    {
        auto& completed = completedCounter();
        auto known = completed.load(std::memory_order_relaxed);
        while(known < number && !completed.compare_exchange_weak(known, number, std::memory_order_release))
        {
        }
    }

    auto GpuQueue::completedCount() const -> std::uint64_t
    {
        std::unique_lock lock(m_trackMutex, std::try_to_lock);
        if(lock.owns_lock() && !m_tracked.empty() && submittedCount() >= m_nextPoll)
        {
            m_nextPoll = submittedCount() + trackEvery;
            ContextScope scope(api(), m_device->context());
            // In stream order: the first event not reached ends the scan.
            while(!m_tracked.empty() && api().eventQuery(m_tracked.front().event) == success)
            {
                markCompleted(m_tracked.front().number);
                m_eventPool.push_back(m_tracked.front().event);
                m_tracked.pop_front();
            }
        }
        return Queue::completedCount();
    }

    auto GpuQueue::enqueuedCount() const -> std::uint64_t
    {
        std::lock_guard lock(m_trackMutex); // an operation is counted and enqueued under the lock
        return submittedCount();
    }

    void GpuQueue::completedUpTo(std::uint64_t submitted) const
    {
        std::lock_guard lock(m_trackMutex);
        while(!m_tracked.empty() && m_tracked.front().number <= submitted)
        {
            m_eventPool.push_back(m_tracked.front().event);
            m_tracked.pop_front();
        }
        markCompleted(submitted);
    }

    void GpuQueue::enqueueHostTask(std::function<void()> task, alpaka::trace::Description const* what)
    {
        if(alpaka::trace::enabled() && !capturing())
        {
            // Traced on the callback thread, where the task runs (the driver's host node has no device time).
            task =
                [task = std::move(task), what = what != nullptr ? *what : alpaka::trace::Description{}, track = m_track]
            {
                alpaka::trace::Span const span(what, &track);
                task();
            };
        }
        ContextScope scope(api(), m_device->context());
        if(capturing())
        {
            auto recorded = std::make_unique<RecordedHostTask>(RecordedHostTask{std::move(task), m_capture->errors});
            PYALPAKA_GPU_CHECK(api(), launchHostFunc, m_stream, &runRecordedHostTask, recorded.get());
            m_capture->hostTasks.push_back(std::move(recorded));
            return;
        }
        if(m_blocking)
        {
            // Runs in this thread, after the work before it, as the CPU back-ends' blocking queues do; not under the
            // lock, since the task may enqueue more work on this queue.
            std::uint64_t number = 0;
            Result status = success;
            {
                std::lock_guard lock(m_trackMutex);
                number = countSubmitted();
                status = api().streamSynchronize(m_stream);
            }
            struct Count
            {
                GpuQueue const& queue;
                std::uint64_t number;

                ~Count()
                {
                    queue.markCompleted(number);
                }
            } const count{*this, number};
            check(api(), status, api().streamSynchronize.symbol);
            task();
            return;
        }
        std::lock_guard lock(m_trackMutex);
        auto const number = countSubmitted();
        auto pending
            = std::make_unique<PendingHostTask>(PendingHostTask{std::move(task), m_errors, m_pendingHostTasks});
        m_pendingHostTasks->fetch_add(1, std::memory_order_relaxed);
        if(Result const status = api().launchHostFunc(m_stream, &runHostTask, pending.get()); status != success)
        {
            m_pendingHostTasks->fetch_sub(1, std::memory_order_relaxed);
            check(api(), status, api().launchHostFunc.symbol);
        }
        (void)pending.release(); // owned by the callback now
        finish(number);
    }

    auto GpuQueue::beginTraced() -> TracedStart
    {
        auto const hostBegin = alpaka::trace::now();
        return {hostBegin, DeviceSpans::recordEvent(api(), m_stream)};
    }

    void GpuQueue::endTraced(TracedStart const& start, alpaka::trace::Description const& what)
    {
        alpaka::trace::recordSpan(what, &m_track, start.hostBegin, true);
        if(start.deviceBegin == nullptr)
            return;
        if(EventHandle const end = DeviceSpans::recordEvent(api(), m_stream))
            DeviceSpans::instance().add(api(), m_device->context(), m_stream, start.deviceBegin, end, what, m_track);
        else
            (void)api().eventDestroy(start.deviceBegin);
    }

    void GpuQueue::rethrowHostTaskError()
    {
        m_errors->rethrowAndClear();
    }

    void GpuQueue::wait()
    {
        if(capturing())
            throw capturingError("Queue.wait");
        alpaka::trace::Span const span({alpaka::trace::Op::Wait, "wait for " + m_track.label});
        auto const submitted = enqueuedCount();
        {
            ContextScope scope(api(), m_device->context());
            PYALPAKA_GPU_CHECK(api(), streamSynchronize, m_stream);
        }
        completedUpTo(submitted);
        rethrowHostTaskError();
    }

    auto GpuQueue::empty() const -> bool
    {
        if(capturing())
            return true; // a capturing stream runs nothing, and querying it would end the capture
        auto const submitted = enqueuedCount();
        ContextScope scope(api(), m_device->context());
        Result const status = api().streamQuery(m_stream);
        if(status == errorNotReady)
            return false;
        check(api(), status, api().streamQuery.symbol);
        completedUpTo(submitted);
        return true;
    }
} // namespace pyalpaka::rt::gpu
