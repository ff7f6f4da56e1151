// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The type-erased runtime: back-ends chosen at run time over accelerators chosen at compile time.
//! Backend, Device, Queue and Event are abstract; each compiled-in back-end implements them: the CPU back-ends with
//! alpaka's types (BackendImpl.hpp, QueueImpl.hpp), the cuda and hip back-ends over the GPU APIs (gpu/GpuRuntime.hpp).
//! Nothing here knows Python.

#include <alpaka/trace/Trace.hpp>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "DType.hpp"
#include "MemoryPool.hpp"
#include "WorkDiv.hpp"

namespace pyalpaka::rt
{
    class Device;
    class Queue;
    class Event;
    class Graph;
    class GpuKernel;

    inline constexpr std::size_t maxBufferDim = 4;

    //! Where memory lives: devices of one memory space and index share pointers (all CPU back-ends share the host).
    enum class MemorySpace : std::uint8_t
    {
        Host,
        Cuda,
        Hip
    };

    //! A strided region of device memory: extents in elements, strides in bytes (NumPy's convention; alpaka's
    //! pitches), the last stride the element size.
    struct Region
    {
        void* data = nullptr;
        //! The device the memory belongs to; null for host memory that no device owns (a NumPy array).
        Device const* device = nullptr;
        std::size_t itemSize = 1;
        std::size_t ndim = 0;
        std::array<std::size_t, maxBufferDim> extent{};
        std::array<std::size_t, maxBufferDim> strides{};
    };

    //! getAccDevProps of a back-end for a dimensionality, as plain numbers.
    struct DevProps
    {
        std::size_t multiProcessorCount = 0;
        Extents gridBlockExtentMax;
        std::size_t gridBlockCountMax = 0;
        Extents blockThreadExtentMax;
        std::size_t blockThreadCountMax = 0;
        Extents threadElemExtentMax;
        std::size_t threadElemCountMax = 0;
        std::size_t sharedMemSizeBytes = 0;
        std::size_t globalMemSizeBytes = 0;
    };

    enum class SubDivRestrictions : std::uint8_t
    {
        EqualExtent,
        CloseToEqualExtent,
        Unrestricted
    };

    //! A back-end compiled into this build (or one that is not, with the reason).
    class Backend
    {
    public:
        virtual ~Backend() = default;

        [[nodiscard]] virtual auto name() const -> std::string const& = 0;
        //! The accelerator's name, e.g. "AccCpuSerial".
        [[nodiscard]] virtual auto accName() const -> std::string = 0;
        [[nodiscard]] virtual auto available() const -> bool = 0;
        //! Why the back-end is unavailable; empty when it is available.
        [[nodiscard]] virtual auto reason() const -> std::string = 0;
        [[nodiscard]] virtual auto deviceCount() -> std::size_t = 0;
        //! Throws std::out_of_range for an index beyond deviceCount().
        [[nodiscard]] virtual auto device(std::size_t index) -> std::shared_ptr<Device> = 0;
        [[nodiscard]] virtual auto props(Device const& dev, std::size_t dim) -> DevProps = 0;
        //! getValidWorkDiv: dims of gridElems and threadElems equal, 1 to 3.
        [[nodiscard]] virtual auto validWorkDiv(
            Device const& dev,
            Extents const& gridElems,
            Extents const& threadElems,
            bool blockThreadsMustDivide,
            SubDivRestrictions restrictions) -> WorkDiv = 0;
        //! Throws std::invalid_argument saying which limit a work division breaks on dev.
        virtual void checkWorkDiv(Device const& dev, WorkDiv const& workDiv) = 0;
        //! How many blocks of a valid block shape a cooperative launch on dev may have (all of them run at once):
        //! alpaka::getMaxActiveBlocks for the CPU back-ends, where the kernel does not matter. The GPU back-ends
        //! answer per kernel (GpuKernel::maxActiveBlocks); here they throw std::invalid_argument.
        [[nodiscard]] virtual auto cooperativeBlocksMax(Device const& dev, std::size_t dim) -> std::size_t;

        //! A device of architecture `arch` that this process has already opened (a GPU device's context exists), or
        //! null: for work that must not open a device of its own, such as compiling the JIT's PTX (a context costs
        //! hundreds of megabytes of the GPU's memory). CPU back-ends have none.
        [[nodiscard]] virtual auto openedDevice(std::string const& arch) -> std::shared_ptr<Device>
        {
            static_cast<void>(arch);
            return nullptr;
        }
    };

    //! One device of a back-end.
    class Device : public std::enable_shared_from_this<Device>
    {
    public:
        virtual ~Device() = default;

        [[nodiscard]] virtual auto backend() const -> Backend& = 0;
        [[nodiscard]] virtual auto index() const -> std::size_t = 0;
        [[nodiscard]] virtual auto name() const -> std::string = 0;
        [[nodiscard]] virtual auto memoryBytes() const -> std::size_t = 0;
        [[nodiscard]] virtual auto freeMemoryBytes() const -> std::size_t = 0;
        [[nodiscard]] virtual auto warpSizes() const -> std::vector<std::size_t> = 0;
        [[nodiscard]] virtual auto memorySpace() const -> MemorySpace = 0;
        //! Device memory of at least `bytes` bytes (aligned for any element type) from the device's pool; the
        //! returned pointer owns it. Its last owner must drop it only once no enqueued work uses the memory, except
        //! for a queue-ordered allocation (`orderedOn`): work of that queue may still use it, and the pool reuses the
        //! memory for others only after that work ran (alpaka's allocAsyncBuf). Throws OutOfMemory.
        [[nodiscard]] auto
        allocate(std::size_t bytes, std::shared_ptr<Queue> const& orderedOn = nullptr) -> std::shared_ptr<void>;
        //! Host memory that this device's copies reach at full speed and its kernels can address (alpaka's
        //! allocMappedBuf): page-locked and mapped on GPU devices, from a pool of its own; on CPU devices the same as
        //! allocate.
        [[nodiscard]] auto allocateMapped(std::size_t bytes) -> std::shared_ptr<void>;
        //! The pool of allocate, and that of allocateMapped (the same on CPU devices).
        [[nodiscard]] auto memoryPool() const -> MemoryPool&;
        [[nodiscard]] auto mappedMemoryPool() const -> MemoryPool&;
        [[nodiscard]] virtual auto makeQueue(bool blocking) -> std::shared_ptr<Queue> = 0;
        [[nodiscard]] virtual auto makeEvent() -> std::shared_ptr<Event> = 0;
        //! Waits for every queue of the device.
        virtual void wait() = 0;

        //! The architecture run-time compilers target for this device ("sm_90"); empty for CPU devices.
        [[nodiscard]] virtual auto architecture() const -> std::string
        {
            return {};
        }

        //! Loads a module compiled at run time (src/jit/EntryGpu.hpp) into this device's context. GPU devices only.
        [[nodiscard]] virtual auto loadGpuKernel(std::string const& path) -> std::shared_ptr<GpuKernel>;

        //! The CUBIN of PTX for this device, compiled by the driver (CUDA devices only; std::runtime_error with the
        //! compiler's log where the driver refuses it).
        [[nodiscard]] virtual auto linkPtx(std::string const& ptx) -> std::string;

        //! Whether memory of `other` can be used directly by this device's kernels and copies.
        [[nodiscard]] auto sharesMemoryWith(Device const& other) const -> bool
        {
            return memorySpace() == other.memorySpace()
                   && (memorySpace() == MemorySpace::Host || index() == other.index());
        }

    protected:
        //! Called by a device's constructor: the device's own allocator, and for GPU devices that of page-locked host
        //! memory. Caching follows $PYALPAKA_MEMORY_POOL; a CPU device's pool (no `mapped`) keeps at most an eighth
        //! of the memory cached.
        void initMemoryPools(MemoryPool::Source device, std::optional<MemoryPool::Source> mapped = std::nullopt);
        //! Gives the cached blocks back: a GPU device calls it before it releases its context.
        void releaseMemoryPools() noexcept;

    private:
        std::unique_ptr<MemoryPool> m_pool;
        std::unique_ptr<MemoryPool> m_mappedPool;
    };

    //! Whether a and b are the same device (of the same back-end).
    [[nodiscard]] inline auto isSameDevice(Device const& a, Device const& b) -> bool
    {
        return &a.backend() == &b.backend() && a.index() == b.index();
    }

    //! An in-order queue of a device. Every operation enqueued through it counts towards completedCount() once it
    //! ran, which lets callers release what an operation used (the Python objects of its arguments).
    class Queue
    {
    public:
        virtual ~Queue() = default;

        [[nodiscard]] virtual auto device() const -> std::shared_ptr<Device> = 0;
        [[nodiscard]] virtual auto blocking() const -> bool = 0;
        //! Runs task on the host in queue order (in this thread for a blocking queue); a trace shows it as `what`
        //! (a host task when null).
        virtual void enqueueHostTask(std::function<void()> task, alpaka::trace::Description const* what = nullptr) = 0;
        //! The queue's timeline in traces (alpaka/trace/Trace.hpp).
        [[nodiscard]] virtual auto traceTrack() const -> alpaka::trace::Track const& = 0;
        //! Waits for all work; rethrows the first error an operation raised since the last wait.
        virtual void wait() = 0;
        [[nodiscard]] virtual auto empty() const -> bool = 0;
        virtual void record(Event& event) = 0;
        //! Makes later work of this queue wait for event.
        virtual void waitFor(Event& event) = 0;
        //! Copies extent elements of src to dst (both regions of this queue's memory space or the host).
        virtual void copy(Region const& dst, Region const& src) = 0;
        //! Sets every byte of dst.
        virtual void set(Region const& dst, std::uint8_t byte) = 0;

        //! From now on the queue records its operations into a graph instead of running them. Throws
        //! std::runtime_error while the queue has work in flight or already captures.
        virtual void beginCapture() = 0;
        //! Stops recording; the graph of the operations enqueued since beginCapture.
        virtual auto endCapture() -> std::shared_ptr<Graph> = 0;
        [[nodiscard]] virtual auto capturing() const -> bool = 0;
        //! Replays graph in queue order (recorded as one operation while this queue captures). Throws TypeMismatch
        //! for a graph of another device.
        virtual void launch(Graph& graph) = 0;

        //! Operations enqueued so far, and those of them that have run.
        [[nodiscard]] auto submittedCount() const -> std::uint64_t
        {
            return m_submitted.load(std::memory_order_relaxed);
        }

        //! Operations complete in queue order, so the first completedCount() operations are those that have run.
        [[nodiscard]] virtual auto completedCount() const -> std::uint64_t
        {
            return m_completed->load(std::memory_order_acquire);
        }

    protected:
        //! Counts an operation as submitted; the returned counter is to be incremented once it has run.
        auto track() -> std::shared_ptr<std::atomic<std::uint64_t>> const&
        {
            m_submitted.fetch_add(1, std::memory_order_relaxed);
            return m_completed;
        }

        //! Counts an operation as submitted; its number (1 for the first), for a queue that counts operations done
        //! by number through completedCounter() instead of one by one.
        auto countSubmitted() -> std::uint64_t
        {
            return m_submitted.fetch_add(1, std::memory_order_relaxed) + 1;
        }

        //! The completion counter, for a queue that counts operations done outside their own callbacks.
        [[nodiscard]] auto completedCounter() const -> std::atomic<std::uint64_t>&
        {
            return *m_completed;
        }

    private:
        std::atomic<std::uint64_t> m_submitted = 0;
        std::shared_ptr<std::atomic<std::uint64_t>> m_completed = std::make_shared<std::atomic<std::uint64_t>>(0);
    };

    class Event
    {
    public:
        virtual ~Event() = default;

        [[nodiscard]] virtual auto device() const -> std::shared_ptr<Device> = 0;
        virtual void wait() = 0;
        [[nodiscard]] virtual auto isComplete() const -> bool = 0;
    };

    //! Operations a queue recorded between beginCapture and endCapture, replayed by Queue::launch on any queue of
    //! the device. Arguments were recorded by value: the memory they point to must outlive the graph's launches.
    class Graph
    {
    public:
        virtual ~Graph() = default;

        [[nodiscard]] virtual auto device() const -> std::shared_ptr<Device> = 0;
        //! The number of recorded operations.
        [[nodiscard]] virtual auto size() const -> std::size_t = 0;
    };

    //! A kernel compiled at run time for a GPU and loaded on one device: the two entries of src/jit/EntryGpu.hpp.
    //! args[i] points to the value of kernel parameter i, as in a KernelVariant's launch.
    class GpuKernel
    {
    public:
        virtual ~GpuKernel() = default;

        //! Launches on queue (a queue of the kernel's device); dynamic shared memory comes from the kernel's
        //! BlockSharedMemDynSizeBytes for this work division and these arguments. Throws std::invalid_argument when
        //! the launch does not fit the device.
        //! `cooperative`: every block at once (cuLaunchCooperativeKernel), refused with std::invalid_argument when the
        //! grid has more blocks than maxActiveBlocks.
        virtual void launch(
            Queue& queue,
            WorkDiv const& workDiv,
            void const* const* args,
            std::size_t argCount,
            bool cooperative = false)
            = 0;

        //! The blocks of workDiv's block shape that can be resident at once for these arguments (the limit of a
        //! cooperative launch); 0 when such a block cannot run at all.
        [[nodiscard]] virtual auto
        maxActiveBlocks(WorkDiv const& workDiv, void const* const* args, std::size_t argCount) -> std::size_t = 0;
    };

    //! Every back-end this build knows, available or not, in the order of preference of pk.device().
    [[nodiscard]] auto backends() -> std::vector<Backend*> const&;
    //! The back-end of that name; throws BackendUnavailable for an unknown name (listing the known ones).
    [[nodiscard]] auto backend(std::string const& name) -> Backend&;
} // namespace pyalpaka::rt
