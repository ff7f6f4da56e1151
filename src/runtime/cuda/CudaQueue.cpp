// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! CudaQueue and CudaEvent: a stream and an event of a device's primary context. Copies and fills of strided
//! regions become 2-D/3-D driver copies and 2-D fills over rows (see StridedRows.hpp).

#include <algorithm>
#include <cstring>
#include <utility>

#include "CudaRuntime.hpp"
#include "runtime/Errors.hpp"
#include "runtime/StridedRows.hpp"

namespace pyalpaka::rt::cuda
{
    namespace
    {
        //! A host task of a non-blocking queue, owned by the driver's callback until it ran.
        struct PendingHostTask
        {
            std::function<void()> task;
            std::shared_ptr<HostTaskErrors> errors;
            std::shared_ptr<std::atomic<std::size_t>> pending; //!< the queue's host tasks not yet run
        };

        //! Runs on the driver's callback thread, which must not call CUDA. The queue counts the task done with the
        //! operations around it (CudaQueue::finish): by an event recorded after it, or by a wait.
        void runHostTask(void* userData)
        {
            std::unique_ptr<PendingHostTask> pending(static_cast<PendingHostTask*>(userData));
            try
            {
                pending->task();
            }
            catch(...)
            {
                pending->errors->record(std::current_exception());
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
                recorded->errors->record(std::current_exception());
            }
        }

        auto capturingError(char const* operation) -> std::runtime_error
        {
            return std::runtime_error(
                std::string(operation)
                + ": the queue is capturing a graph, so its work has not run and will not run until the graph is "
                  "launched; leave the capture first");
        }

        auto isDeviceMemory(Region const& r) -> bool
        {
            return r.device != nullptr && r.device->memorySpace() == MemorySpace::Cuda;
        }

        auto address(Region const& r) -> std::uintptr_t
        {
            return reinterpret_cast<std::uintptr_t>(r.data);
        }

        //! One end of a driver copy at byte offset `offset` of region r.
        template<typename TCopy>
        void setSource(TCopy& c, Region const& r, std::size_t offset)
        {
            if(isDeviceMemory(r))
            {
                c.srcMemoryType = MemoryDevice;
                c.srcDevice = static_cast<CUdeviceptr>(address(r) + offset);
            }
            else
            {
                c.srcMemoryType = MemoryHost;
                c.srcHost = static_cast<std::byte const*>(r.data) + offset;
            }
        }

        template<typename TCopy>
        void setDestination(TCopy& c, Region const& r, std::size_t offset)
        {
            if(isDeviceMemory(r))
            {
                c.dstMemoryType = MemoryDevice;
                c.dstDevice = static_cast<CUdeviceptr>(address(r) + offset);
            }
            else
            {
                c.dstMemoryType = MemoryHost;
                c.dstHost = static_cast<std::byte*>(r.data) + offset;
            }
        }

        //! Enqueues the copy of one block of rows: up to two row dimensions (a 2-D copy for one, a 3-D copy when the
        //! outer pitch is a multiple of the inner one, else a 2-D copy per plane).
        void copyBlock(
            CUstream stream,
            Region const& dst,
            Region const& src,
            RowLayout const& rows,
            std::size_t dstOffset,
            std::size_t srcOffset)
        {
            auto const& inner = rows.dims.empty() ? RowDim{1, rows.width, rows.width} : rows.dims.back();
            bool const twoDims = rows.dims.size() == 2;
            if(twoDims)
            {
                auto const& outer = rows.dims.front();
                if(outer.dstStride % inner.dstStride == 0 && outer.srcStride % inner.srcStride == 0
                   && outer.dstStride / inner.dstStride >= inner.extent
                   && outer.srcStride / inner.srcStride >= inner.extent)
                {
                    Memcpy3D c{};
                    setSource(c, src, srcOffset);
                    setDestination(c, dst, dstOffset);
                    c.srcPitch = inner.srcStride;
                    c.srcHeight = outer.srcStride / inner.srcStride;
                    c.dstPitch = inner.dstStride;
                    c.dstHeight = outer.dstStride / inner.dstStride;
                    c.widthInBytes = rows.width;
                    c.height = inner.extent;
                    c.depth = outer.extent;
                    PYALPAKA_CU_CHECK(cuMemcpy3DAsync_v2, &c, stream);
                    return;
                }
            }
            std::size_t const planes = twoDims ? rows.dims.front().extent : 1;
            for(std::size_t p = 0; p < planes; ++p)
            {
                Memcpy2D c{};
                std::size_t const dstPlane = twoDims ? p * rows.dims.front().dstStride : 0;
                std::size_t const srcPlane = twoDims ? p * rows.dims.front().srcStride : 0;
                setSource(c, src, srcOffset + srcPlane);
                setDestination(c, dst, dstOffset + dstPlane);
                c.srcPitch = inner.srcStride;
                c.dstPitch = inner.dstStride;
                c.widthInBytes = rows.width;
                c.height = inner.extent;
                PYALPAKA_CU_CHECK(cuMemcpy2DAsync_v2, &c, stream);
            }
        }

        //! Fills the rows of one block (at most one row dimension) of device memory.
        void setBlock(CUstream stream, Region const& dst, RowLayout const& rows, std::size_t offset, std::uint8_t byte)
        {
            auto const base = static_cast<CUdeviceptr>(address(dst) + offset);
            if(rows.dims.empty())
                PYALPAKA_CU_CHECK(cuMemsetD8Async, base, byte, rows.width, stream);
            else
                PYALPAKA_CU_CHECK(
                    cuMemsetD2D8Async,
                    base,
                    rows.dims.back().dstStride,
                    byte,
                    rows.width,
                    rows.dims.back().extent,
                    stream);
        }

        void setHostRegion(Region const& dst, std::uint8_t byte)
        {
            auto const rows = rowLayout(dst, dst);
            forEachBlock(
                rows,
                0,
                [&](RowLayout const&, std::size_t offset, std::size_t)
                { std::memset(static_cast<std::byte*>(dst.data) + offset, byte, rows.width); });
        }
    } // namespace

    CudaQueue::CudaQueue(std::shared_ptr<CudaDevice> device, bool blocking)
        : m_device(std::move(device))
        , m_blocking(blocking)
    {
        ContextScope scope(m_device->context());
        PYALPAKA_CU_CHECK(cuStreamCreate, &m_stream, CU_STREAM_NON_BLOCKING);
    }

    CudaQueue::~CudaQueue()
    {
        // Work still queued uses memory its owners keep alive only until the queue is done with it.
        if(driver().cuCtxPushCurrent_v2(m_device->context()) != CUDA_SUCCESS)
            return;
        (void)driver().cuStreamSynchronize(m_stream);
        for(auto const& tracked : m_tracked)
            (void)driver().cuEventDestroy_v2(tracked.event);
        for(auto* event : m_eventPool)
            (void)driver().cuEventDestroy_v2(event);
        (void)driver().cuStreamDestroy_v2(m_stream);
        CUcontext popped = nullptr;
        (void)driver().cuCtxPopCurrent_v2(&popped);
    }

    void CudaQueue::finish(std::uint64_t number)
    {
        if(m_blocking)
        {
            CUresult const status = driver().cuStreamSynchronize(m_stream);
            markCompleted(number);
            check(status, "cuStreamSynchronize");
            return;
        }
        if(number - m_lastTracked < trackEvery)
            return; // counted by the next event, or by the next wait
        CUevent event = nullptr;
        CUresult status = CUDA_SUCCESS;
        if(m_eventPool.empty())
            status = driver().cuEventCreate(&event, CU_EVENT_DISABLE_TIMING);
        else
        {
            event = m_eventPool.back();
            m_eventPool.pop_back();
        }
        if(status == CUDA_SUCCESS)
        {
            status = driver().cuEventRecord(event, m_stream);
            if(status == CUDA_SUCCESS)
            {
                m_tracked.push_back({event, number});
                m_lastTracked = number;
                return;
            }
            m_eventPool.push_back(event);
        }
        // The operation is queued, but no event will count it: wait for it instead.
        (void)driver().cuStreamSynchronize(m_stream);
        markCompleted(number);
        check(status, "cuEventRecord");
    }

    void CudaQueue::markCompleted(std::uint64_t number) const
    {
        auto& completed = completedCounter();
        auto known = completed.load(std::memory_order_relaxed);
        while(known < number && !completed.compare_exchange_weak(known, number, std::memory_order_release))
        {
        }
    }

    auto CudaQueue::completedCount() const -> std::uint64_t
    {
        std::unique_lock lock(m_trackMutex, std::try_to_lock);
        if(lock.owns_lock() && !m_tracked.empty() && submittedCount() >= m_nextPoll)
        {
            m_nextPoll = submittedCount() + trackEvery;
            ContextScope scope(m_device->context());
            // In stream order: the first event not reached ends the scan.
            while(!m_tracked.empty() && driver().cuEventQuery(m_tracked.front().event) == CUDA_SUCCESS)
            {
                markCompleted(m_tracked.front().number);
                m_eventPool.push_back(m_tracked.front().event);
                m_tracked.pop_front();
            }
        }
        return Queue::completedCount();
    }

    auto CudaQueue::enqueuedCount() const -> std::uint64_t
    {
        std::lock_guard lock(m_trackMutex); // an operation is counted and enqueued under the lock
        return submittedCount();
    }

    void CudaQueue::completedUpTo(std::uint64_t submitted) const
    {
        std::lock_guard lock(m_trackMutex);
        while(!m_tracked.empty() && m_tracked.front().number <= submitted)
        {
            m_eventPool.push_back(m_tracked.front().event);
            m_tracked.pop_front();
        }
        markCompleted(submitted);
    }

    void CudaQueue::enqueueHostTask(std::function<void()> task)
    {
        ContextScope scope(m_device->context());
        if(capturing())
        {
            auto recorded = std::make_unique<RecordedHostTask>(RecordedHostTask{std::move(task), m_capture->errors});
            PYALPAKA_CU_CHECK(cuLaunchHostFunc, m_stream, &runRecordedHostTask, recorded.get());
            m_capture->hostTasks.push_back(std::move(recorded));
            return;
        }
        if(m_blocking)
        {
            // Runs in this thread, after the work before it, as the CPU back-ends' blocking queues do; not under the
            // lock, since the task may enqueue more work on this queue.
            std::uint64_t number = 0;
            CUresult status = CUDA_SUCCESS;
            {
                std::lock_guard lock(m_trackMutex);
                number = countSubmitted();
                status = driver().cuStreamSynchronize(m_stream);
            }
            struct Count
            {
                CudaQueue const& queue;
                std::uint64_t number;

                ~Count()
                {
                    queue.markCompleted(number);
                }
            } const count{*this, number};
            check(status, "cuStreamSynchronize");
            task();
            return;
        }
        std::lock_guard lock(m_trackMutex);
        auto const number = countSubmitted();
        auto pending
            = std::make_unique<PendingHostTask>(PendingHostTask{std::move(task), m_errors, m_pendingHostTasks});
        m_pendingHostTasks->fetch_add(1, std::memory_order_relaxed);
        if(CUresult const status = driver().cuLaunchHostFunc(m_stream, &runHostTask, pending.get());
           status != CUDA_SUCCESS)
        {
            m_pendingHostTasks->fetch_sub(1, std::memory_order_relaxed);
            check(status, "cuLaunchHostFunc");
        }
        (void)pending.release(); // owned by the callback now
        finish(number);
    }

    void CudaQueue::rethrowHostTaskError()
    {
        m_errors->rethrow();
    }

    void CudaQueue::wait()
    {
        if(capturing())
            throw capturingError("Queue.wait");
        auto const submitted = enqueuedCount();
        {
            ContextScope scope(m_device->context());
            PYALPAKA_CU_CHECK(cuStreamSynchronize, m_stream);
        }
        completedUpTo(submitted);
        rethrowHostTaskError();
    }

    auto CudaQueue::empty() const -> bool
    {
        if(capturing())
            return true; // a capturing stream runs nothing, and querying it would end the capture
        auto const submitted = enqueuedCount();
        ContextScope scope(m_device->context());
        CUresult const status = driver().cuStreamQuery(m_stream);
        if(status == CUDA_ERROR_NOT_READY)
            return false;
        check(status, "cuStreamQuery");
        completedUpTo(submitted);
        return true;
    }

    namespace
    {
        auto nativeEvent(Event& event, CudaDevice const& queueDevice) -> CudaEvent&
        {
            auto* cuda = dynamic_cast<CudaEvent*>(&event);
            if(cuda == nullptr || cuda->device()->index() != queueDevice.index())
                throw TypeMismatch(
                    "an event of " + event.device()->name() + " (" + event.device()->backend().name()
                    + ") cannot be used with a queue of " + queueDevice.name()
                    + " (cuda): create the event on the queue's device");
            return *cuda;
        }
    } // namespace

    void CudaQueue::record(Event& event)
    {
        auto& cuda = nativeEvent(event, *m_device);
        ContextScope scope(m_device->context());
        if(capturing())
        {
            PYALPAKA_CU_CHECK(cuEventRecordWithFlags, cuda.native(), m_stream, CU_EVENT_RECORD_EXTERNAL);
            return;
        }
        PYALPAKA_CU_CHECK(cuEventRecord, cuda.native(), m_stream);
        if(m_blocking)
            PYALPAKA_CU_CHECK(cuEventSynchronize, cuda.native());
    }

    void CudaQueue::waitFor(Event& event)
    {
        auto& cuda = nativeEvent(event, *m_device);
        ContextScope scope(m_device->context());
        if(capturing())
        {
            PYALPAKA_CU_CHECK(cuStreamWaitEvent, m_stream, cuda.native(), CU_EVENT_WAIT_EXTERNAL);
            return;
        }
        PYALPAKA_CU_CHECK(cuStreamWaitEvent, m_stream, cuda.native(), 0u);
        if(m_blocking)
            PYALPAKA_CU_CHECK(cuEventSynchronize, cuda.native());
    }

    void CudaQueue::copy(Region const& dst, Region const& src)
    {
        auto const rows = rowLayout(dst, src);
        if(!isDeviceMemory(src) && !capturing() && m_pendingHostTasks->load(std::memory_order_acquire) != 0)
        {
            // The driver may read pageable host memory when the copy is enqueued, before host tasks enqueued
            // earlier ran (a fill of this NumPy array, say): let them run first.
            ContextScope scope(m_device->context());
            PYALPAKA_CU_CHECK(cuStreamSynchronize, m_stream);
        }
        submit(
            [&](CUstream stream)
            {
                forEachBlock(
                    rows,
                    2,
                    [&](RowLayout const& block, std::size_t dstOffset, std::size_t srcOffset)
                    { copyBlock(stream, dst, src, block, dstOffset, srcOffset); });
            });
    }

    void CudaQueue::set(Region const& dst, std::uint8_t byte)
    {
        if(!isDeviceMemory(dst))
        {
            // Host memory (a NumPy array): filled on the host in queue order.
            enqueueHostTask([dst, byte] { setHostRegion(dst, byte); });
            return;
        }
        auto const rows = rowLayout(dst, dst);
        submit(
            [&](CUstream stream)
            {
                forEachBlock(
                    rows,
                    1,
                    [&](RowLayout const& block, std::size_t offset, std::size_t)
                    { setBlock(stream, dst, block, offset, byte); });
            });
    }

    void CudaQueue::beginCapture()
    {
        if(capturing())
            throw std::runtime_error("Queue.capture: the queue is already capturing a graph");
        if(!empty())
            throw std::runtime_error(
                "Queue.capture: the queue still has work in flight; wait for it before capturing, so that the graph "
                "records only the work enqueued inside the capture");
        ContextScope scope(m_device->context());
        PYALPAKA_CU_CHECK(cuStreamBeginCapture_v2, m_stream, CU_STREAM_CAPTURE_MODE_RELAXED);
        m_capture = std::make_unique<CaptureRecord>();
    }

    auto CudaQueue::endCapture() -> std::shared_ptr<Graph>
    {
        if(!capturing())
            throw std::runtime_error("the queue is not capturing a graph");
        auto record = std::move(*m_capture);
        m_capture.reset(); // also when the driver reports the capture invalidated: the queue is usable again
        ContextScope scope(m_device->context());
        CUgraph graph = nullptr;
        PYALPAKA_CU_CHECK(cuStreamEndCapture, m_stream, &graph);
        return std::make_shared<CudaGraph>(m_device, graph, std::move(record));
    }

    void CudaQueue::launch(Graph& graph)
    {
        auto* cuda = dynamic_cast<CudaGraph*>(&graph);
        if(cuda == nullptr || !isSameDevice(*graph.device(), *m_device))
            throw TypeMismatch(
                "a graph captured on " + graph.device()->name() + " (" + graph.device()->backend().name()
                + ") cannot be launched on a queue of " + m_device->name()
                + " (cuda): launch it on a queue of the device it was captured on");
        if(capturing())
        {
            addChildGraph(*cuda);
            m_capture->children.push_back(cuda->shared_from_this());
            return;
        }
        submit([&](CUstream stream) { PYALPAKA_CU_CHECK(cuGraphLaunch, cuda->exec(), stream); });
        if(cuda->hasHostTasks())
            // Reports what the replay's host nodes raised, at this queue's next wait (or now, if it is blocking).
            enqueueHostTask([replayed = cuda->shared_from_this()] { replayed->rethrowHostTaskErrors(); });
    }

    //! The driver refuses cuGraphLaunch on a capturing stream: the graph joins the capture as one child graph node
    //! after the capture's current dependencies, and becomes the dependency of what is captured next.
    void CudaQueue::addChildGraph(CudaGraph const& child)
    {
        ContextScope scope(m_device->context());
        int status = 0;
        unsigned long long id = 0;
        CUgraph captured = nullptr;
        CUgraphNode const* dependencies = nullptr;
        void const* edgeData = nullptr;
        std::size_t count = 0;
        PYALPAKA_CU_CHECK(
            cuStreamGetCaptureInfo_v3, m_stream, &status, &id, &captured, &dependencies, &edgeData, &count);
        CUgraphNode node = nullptr;
        PYALPAKA_CU_CHECK(cuGraphAddChildGraphNode, &node, captured, dependencies, count, child.graph());
        PYALPAKA_CU_CHECK(
            cuStreamUpdateCaptureDependencies_v2, m_stream, &node, nullptr, 1, CU_STREAM_SET_CAPTURE_DEPENDENCIES);
    }

    auto CudaGraph::hasHostTasks() const -> bool
    {
        return !m_record.hostTasks.empty()
               || std::any_of(
                   m_record.children.begin(),
                   m_record.children.end(),
                   [](auto const& child) { return child->hasHostTasks(); });
    }

    void CudaGraph::rethrowHostTaskErrors() const
    {
        m_record.errors->rethrow();
        for(auto const& child : m_record.children)
            child->rethrowHostTaskErrors();
    }

    CudaGraph::CudaGraph(std::shared_ptr<CudaDevice> device, CUgraph graph, CaptureRecord record)
        : m_device(std::move(device))
        , m_graph(graph)
        , m_record(std::move(record))
    {
        ContextScope scope(m_device->context());
        CUresult status = driver().cuGraphInstantiateWithFlags(&m_exec, m_graph, 0);
        if(status == CUDA_SUCCESS)
            status = driver().cuGraphGetNodes(m_graph, nullptr, &m_nodeCount);
        if(status != CUDA_SUCCESS)
        {
            if(m_exec != nullptr)
                (void)driver().cuGraphExecDestroy(m_exec);
            (void)driver().cuGraphDestroy(m_graph);
            check(status, "cuGraphInstantiateWithFlags");
        }
    }

    CudaGraph::~CudaGraph()
    {
        if(driver().cuCtxPushCurrent_v2(m_device->context()) != CUDA_SUCCESS)
            return;
        (void)driver().cuGraphExecDestroy(m_exec); // the driver frees it after launches still in flight
        (void)driver().cuGraphDestroy(m_graph);
        CUcontext popped = nullptr;
        (void)driver().cuCtxPopCurrent_v2(&popped);
    }

    auto CudaGraph::device() const -> std::shared_ptr<Device>
    {
        return m_device;
    }

    CudaEvent::CudaEvent(std::shared_ptr<CudaDevice> device)
        : m_device(std::move(device))
    {
        ContextScope scope(m_device->context());
        PYALPAKA_CU_CHECK(cuEventCreate, &m_event, CU_EVENT_DISABLE_TIMING);
    }

    CudaEvent::~CudaEvent()
    {
        if(driver().cuCtxPushCurrent_v2(m_device->context()) != CUDA_SUCCESS)
            return;
        (void)driver().cuEventDestroy_v2(m_event);
        CUcontext popped = nullptr;
        (void)driver().cuCtxPopCurrent_v2(&popped);
    }

    void CudaEvent::wait()
    {
        ContextScope scope(m_device->context());
        PYALPAKA_CU_CHECK(cuEventSynchronize, m_event);
    }

    auto CudaEvent::isComplete() const -> bool
    {
        ContextScope scope(m_device->context());
        CUresult const status = driver().cuEventQuery(m_event);
        if(status == CUDA_ERROR_NOT_READY)
            return false;
        check(status, "cuEventQuery");
        return true;
    }
} // namespace pyalpaka::rt::cuda
