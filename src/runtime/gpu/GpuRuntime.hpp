// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The runtime's GPU back-ends, `cuda` and `hip`: one implementation over the API table of GpuApi.hpp (the CUDA
//! driver or the HIP runtime, loaded at run time). A device works in its primary context (HIP's: the device made
//! current), a queue is a stream, an event an API event, a buffer device memory of the API (pooled:
//! runtime/MemoryPool.hpp), and kernels are modules that NVRTC or hiprtc compiled (src/jit/EntryGpu.hpp).

#include <alpaka/detail/FirstError.hpp>

#include <array>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "GpuApi.hpp"
#include "runtime/Nvtx.hpp"
#include "runtime/Runtime.hpp"

namespace pyalpaka::rt::gpu
{
    class GpuBackend;

    //! The device attributes the runtime uses, read once.
    struct DeviceAttributes
    {
        int maxThreadsPerBlock = 0;
        int maxBlockDim[3] = {}; //!< x, y, z
        int maxGridDim[3] = {};  //!< x, y, z
        int sharedMemPerBlock = 0;
        int sharedMemPerBlockOptin = 0;
        int warpSize = 0;
        int multiprocessorCount = 0;
        bool cooperativeLaunch = false;
        int ccMajor = 0;
        int ccMinor = 0;
    };

    class GpuDevice final : public Device
    {
    public:
        GpuDevice(GpuBackend& backend, std::size_t index);
        ~GpuDevice() override;

        [[nodiscard]] auto backend() const -> Backend& override;
        [[nodiscard]] auto index() const -> std::size_t override
        {
            return m_index;
        }

        [[nodiscard]] auto name() const -> std::string override
        {
            return m_name;
        }

        [[nodiscard]] auto memoryBytes() const -> std::size_t override
        {
            return m_totalMemory;
        }

        [[nodiscard]] auto freeMemoryBytes() const -> std::size_t override;
        [[nodiscard]] auto warpSizes() const -> std::vector<std::size_t> override;

        [[nodiscard]] auto memorySpace() const -> MemorySpace override;

        [[nodiscard]] auto makeQueue(bool blocking) -> std::shared_ptr<Queue> override;
        [[nodiscard]] auto makeEvent() -> std::shared_ptr<Event> override;
        void wait() override;
        [[nodiscard]] auto architecture() const -> std::string override;
        [[nodiscard]] auto loadGpuKernel(std::string const& path) -> std::shared_ptr<GpuKernel> override;
        [[nodiscard]] auto linkPtx(std::string const& ptx) -> std::string override;

        //! The API the device's back-end works through.
        [[nodiscard]] auto api() const -> Api const&
        {
            return m_api;
        }

        //! "stand-in GPU (cuda:0)", for messages.
        [[nodiscard]] auto describe() const -> std::string;

        [[nodiscard]] auto context() const -> ContextHandle
        {
            return m_context;
        }

        [[nodiscard]] auto attributes() const -> DeviceAttributes const&
        {
            return m_attributes;
        }

        //! The AccDevProps of this device for a dimensionality, as alpaka's CUDA and HIP accelerators compute them.
        [[nodiscard]] auto props(std::size_t dim) const -> DevProps const&;

    private:
        GpuBackend& m_backend;
        Api const& m_api;
        std::size_t m_index;
        DeviceOrdinal m_device = 0;
        ContextHandle m_context = nullptr;
        std::string m_name;
        std::string m_architecture;
        std::size_t m_totalMemory = 0;
        DeviceAttributes m_attributes;
        std::array<DevProps, maxWorkDivDim> m_props{}; //!< props(dim) for dim 1, 2, 3

        [[nodiscard]] auto computeProps(std::size_t dim) const -> DevProps;
        //! Device memory and page-locked host memory of the API, for the device's pools.
        [[nodiscard]] auto deviceMemory() -> MemoryPool::Source;
        [[nodiscard]] auto pinnedMemory() -> MemoryPool::Source;
    };

    //! A host task recorded into a graph: its host node calls it at every replay, so the graph owns it; exceptions
    //! collect in `errors` until the replay's closing host task reports them to the replaying queue.
    struct RecordedHostTask
    {
        std::function<void()> task;
        std::shared_ptr<alpaka::detail::FirstError> errors;
    };

    class GpuGraph;

    //! What a capture records besides the driver's graph.
    struct CaptureRecord
    {
        std::vector<std::unique_ptr<RecordedHostTask>> hostTasks;
        std::shared_ptr<alpaka::detail::FirstError> errors = std::make_shared<alpaka::detail::FirstError>();
        //! Graphs launched inside the capture (child graph nodes): their host nodes call their recorded tasks.
        std::vector<std::shared_ptr<GpuGraph const>> children;
    };

    //! A stream capture, instantiated once (GraphExecHandle) and replayed with cuGraphLaunch.
    class GpuGraph final
        : public Graph
        , public std::enable_shared_from_this<GpuGraph>
    {
    public:
        //! Takes ownership of graph and instantiates it.
        GpuGraph(std::shared_ptr<GpuDevice> device, GraphHandle graph, CaptureRecord record);
        ~GpuGraph() override;
        GpuGraph(GpuGraph const&) = delete;
        auto operator=(GpuGraph const&) -> GpuGraph& = delete;

        [[nodiscard]] auto device() const -> std::shared_ptr<Device> override;

        [[nodiscard]] auto size() const -> std::size_t override
        {
            return m_nodeCount;
        }

        [[nodiscard]] auto exec() const -> GraphExecHandle
        {
            return m_exec;
        }

        [[nodiscard]] auto graph() const -> GraphHandle
        {
            return m_graph;
        }

        //! Whether a replay runs host tasks, its own or those of graphs launched inside its capture.
        [[nodiscard]] auto hasHostTasks() const -> bool;
        //! Rethrows the first exception a replay's host tasks raised (its own, then those of its child graphs).
        void rethrowHostTaskErrors() const;

    private:
        [[nodiscard]] auto api() const -> Api const&
        {
            return m_device->api();
        }

        std::shared_ptr<GpuDevice> m_device;
        GraphHandle m_graph = nullptr;
        GraphExecHandle m_exec = nullptr;
        std::size_t m_nodeCount = 0;
        CaptureRecord m_record;
    };

    class GpuQueue final : public Queue
    {
    public:
        GpuQueue(std::shared_ptr<GpuDevice> device, bool blocking);
        ~GpuQueue() override;

        [[nodiscard]] auto device() const -> std::shared_ptr<Device> override
        {
            return m_device;
        }

        [[nodiscard]] auto blocking() const -> bool override
        {
            return m_blocking;
        }

        void enqueueHostTask(std::function<void()> task, alpaka::trace::Description const* what = nullptr) override;

        [[nodiscard]] auto traceTrack() const -> alpaka::trace::Track const& override
        {
            return m_track;
        }

        void wait() override;
        [[nodiscard]] auto empty() const -> bool override;
        void record(Event& event) override;
        void waitFor(Event& event) override;
        void copy(Region const& dst, Region const& src) override;
        void set(Region const& dst, std::uint8_t byte) override;
        void beginCapture() override;
        auto endCapture() -> std::shared_ptr<Graph> override;

        [[nodiscard]] auto capturing() const -> bool override
        {
            return m_capture != nullptr;
        }

        void launch(Graph& graph) override;

        //! Enqueues the driver calls of one operation (run with the context current and this queue's stream) and
        //! counts it: a blocking queue synchronises, a non-blocking one records an event after every
        //! trackEvery-th operation, which completedCount() reads. While the stream captures, the calls are only
        //! recorded. Submissions are serialised, so that operation numbers follow stream order.
        //! While tracing, `what` describes the operation (made only then): the trace gets the host's submission
        //! and, once the trace ends, the device's time between events recorded around the operation.
        template<typename TEnqueue, typename TDescribe>
        void submit(TEnqueue&& enqueue, TDescribe&& what)
        {
            ContextScope scope(api(), m_device->context());
            if(capturing())
            {
                enqueue(m_stream);
                return;
            }
            std::lock_guard lock(m_trackMutex);
            // An operation that fails to enqueue never runs: the next event or wait counts past its number.
            auto const number = countSubmitted();
            if(alpaka::trace::enabled())
            {
                auto const description = what();
                NvtxRange const range(description.name, api().nvtx);
                auto const traced = beginTraced();
                enqueue(m_stream);
                endTraced(traced, description);
            }
            else
                enqueue(m_stream);
            finish(number);
        }

        [[nodiscard]] auto gpuDevice() const -> GpuDevice&
        {
            return *m_device;
        }

        //! Counts the operations whose events have been reached, then returns the count.
        [[nodiscard]] auto completedCount() const -> std::uint64_t override;

    private:
        [[nodiscard]] auto api() const -> Api const&
        {
            return m_device->api();
        }

        //! Operations of a non-blocking queue per completion event: recording an event after every operation, and
        //! querying it, added a measurable share of the driver's own launch time to every launch (measured:
        //! docs/dev/measurements.md#gpu-kernels-and-launches). What an operation keeps alive is released at most
        //! trackEvery operations late (or at the next wait, or when empty() finds the queue idle).
        static constexpr std::uint64_t trackEvery = 16;

        //! The start of a traced operation: the host's time, and an event recorded on the stream (null when the
        //! driver refused one: the trace then has the host's side only).
        struct TracedStart
        {
            std::int64_t hostBegin;
            EventHandle deviceBegin;
        };

        auto beginTraced() -> TracedStart;
        void endTraced(TracedStart const& start, alpaka::trace::Description const& what);

        //! Counts operation `number` (submitted under m_trackMutex): see submit().
        void finish(std::uint64_t number);
        //! Every operation up to `number` has run.
        void markCompleted(std::uint64_t number) const;
        //! The operations submitted and enqueued on the stream so far.
        [[nodiscard]] auto enqueuedCount() const -> std::uint64_t;
        //! After a synchronisation that began when `submitted` operations were submitted: they all ran.
        void completedUpTo(std::uint64_t submitted) const;
        void rethrowHostTaskError();
        void addChildGraph(GpuGraph const& graph);

        std::shared_ptr<GpuDevice> m_device;
        bool m_blocking;
        alpaka::trace::Track m_track;
        StreamHandle m_stream = nullptr;
        std::shared_ptr<alpaka::detail::FirstError> m_errors = std::make_shared<alpaka::detail::FirstError>();
        std::unique_ptr<CaptureRecord> m_capture;
        //! Host tasks enqueued whose callback has not run (a copy from host memory waits for them).
        std::shared_ptr<std::atomic<std::size_t>> m_pendingHostTasks = std::make_shared<std::atomic<std::size_t>>(0);
        //! A non-blocking queue's completion events not yet seen reached, in stream order, each with the number of
        //! the operation it follows; reached events count operations up to that number done and return to the pool.
        //! An event costs the host far less than a host callback, and, unlike one, does not hold the stream up
        //! until the host answers.
        struct TrackedEvent
        {
            EventHandle event;
            std::uint64_t number;
        };

        mutable std::mutex m_trackMutex;
        mutable std::deque<TrackedEvent> m_tracked;
        mutable std::vector<EventHandle> m_eventPool;
        std::uint64_t m_lastTracked = 0; //!< the number of the operation the last event follows
        //! completedCount() asks the driver again only once this many operations were submitted: releasing what
        //! operations kept alive needs no answer per launch.
        mutable std::uint64_t m_nextPoll = 0;
    };

    class GpuEvent final : public Event
    {
    public:
        explicit GpuEvent(std::shared_ptr<GpuDevice> device);
        ~GpuEvent() override;

        [[nodiscard]] auto device() const -> std::shared_ptr<Device> override
        {
            return m_device;
        }

        void wait() override;
        [[nodiscard]] auto isComplete() const -> bool override;

        [[nodiscard]] auto native() const -> EventHandle
        {
            return m_event;
        }

    private:
        [[nodiscard]] auto api() const -> Api const&
        {
            return m_device->api();
        }

        std::shared_ptr<GpuDevice> m_device;
        EventHandle m_event = nullptr;
    };

    class GpuBackend final : public Backend
    {
    public:
        GpuBackend(Api const& api, std::size_t deviceCount);

        [[nodiscard]] auto api() const -> Api const&
        {
            return m_api;
        }

        [[nodiscard]] auto name() const -> std::string const& override
        {
            return m_name;
        }

        [[nodiscard]] auto accName() const -> std::string override
        {
            return m_api.accName;
        }

        [[nodiscard]] auto available() const -> bool override
        {
            return true;
        }

        [[nodiscard]] auto reason() const -> std::string override
        {
            return {};
        }

        [[nodiscard]] auto deviceCount() -> std::size_t override
        {
            return m_deviceCount;
        }

        [[nodiscard]] auto device(std::size_t index) -> std::shared_ptr<Device> override;
        [[nodiscard]] auto openedDevice(std::string const& arch) -> std::shared_ptr<Device> override;
        [[nodiscard]] auto props(Device const& dev, std::size_t dim) -> DevProps override;
        [[nodiscard]] auto validWorkDiv(
            Device const& dev,
            Extents const& gridElems,
            Extents const& threadElems,
            bool blockThreadsMustDivide,
            SubDivRestrictions restrictions) -> WorkDiv override;
        void checkWorkDiv(Device const& dev, WorkDiv const& workDiv) override;

    private:
        Api const& m_api;
        std::string m_name;
        std::size_t m_deviceCount;
        std::mutex m_mutex;
        std::vector<std::shared_ptr<GpuDevice>> m_devices;
    };

    //! The back-end of a loaded API when it has a device; otherwise null and `reason` says why.
    [[nodiscard]] auto makeGpuBackend(ApiLoad const& load, std::string& reason) -> Backend*;
} // namespace pyalpaka::rt::gpu
