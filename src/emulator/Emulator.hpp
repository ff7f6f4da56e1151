// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The emulated GPU: a library with the CUDA driver's entry points (the ones the runtime binds, src/runtime/gpu/
//! CudaApi.cpp) that runs on the host, asynchronously, with real data. PYALPAKA_GPU_EMULATOR=cuda makes the runtime
//! load it in place of libcuda (docs/dev/testing-gpu.md). What each part emulates:
//! - memory (Memory.cpp): host memory; new blocks are filled with a pattern, freed blocks poisoned; in the checking
//! mode
//!   (PYALPAKA_GPU_EMULATOR_CHECK=1) every block ends at a guard page and a freed block is protected and never reused;
//!   the device side of every copy and memset must lie inside one live block;
//! - streams (Streams.cpp): a worker thread each, running its operations in order; events complete when their stream
//!   reaches them; waits on events of other streams wait; capture records, graphs replay; the chaos mode
//!   (PYALPAKA_GPU_EMULATOR_SEED) delays every operation by a random amount, so that a missing dependency shows;
//! - kernels (Modules.cpp): a module is a shared library compiled by the host compiler (src/jit/EmulatedAbi.h), run
//!   on the stream's thread with the launch's grid and parameter block.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#define PYALPAKA_EMULATOR_EXPORT extern "C" __attribute__((visibility("default")))

//! The start of an entry point that acts on the current context: the driver initialised and a context current on the
//! calling thread, or the driver's error for each.
#define PYALPAKA_EMULATOR_REQUIRE_CONTEXT()                                                                            \
    if(!::pyalpaka::emulator::initialised())                                                                           \
        return ::pyalpaka::emulator::NotInitialized;                                                                   \
    if(!::pyalpaka::emulator::contextCurrent())                                                                        \
    return ::pyalpaka::emulator::fail(::pyalpaka::emulator::InvalidContext, "no context is current on this thread")

namespace pyalpaka::emulator
{
    using Result = int;

    //! The CUresult values the emulator returns.
    enum Status : Result
    {
        Success = 0,
        InvalidValue = 1,
        OutOfMemory = 2,
        NotInitialized = 3,
        InvalidDevice = 101,
        InvalidImage = 200,
        InvalidContext = 201,
        NoBinaryForGpu = 209,
        InvalidHandle = 400,
        NotFound = 500,
        NotReady = 600,
        LaunchFailed = 719,
        CooperativeLaunchTooLarge = 720,
        NotSupported = 801,
        CaptureUnsupported = 900,
        CaptureInvalidated = 901
    };

    //! Returns `result` and keeps `message` as the calling thread's detail of it (pyalpaka_gpu_emulator_detail).
    auto fail(Result result, std::string message) -> Result;
    auto initialised() -> bool;
    //! Whether the calling thread has the (one) context current: the API's calls act on the current context.
    auto contextCurrent() -> bool;

    //! An event: each record is a generation; it is complete when its latest recorded generation completed.
    struct Event
    {
        std::mutex mutex;
        std::condition_variable completedChanged;
        std::uint64_t recorded = 0;
        std::uint64_t completed = 0;
        std::chrono::steady_clock::time_point when{};
        bool timing = true;

        //! The operation that completes generation `generation` (run where the stream reaches it).
        auto completer(std::uint64_t generation) -> std::function<void()>;
        //! The operation that waits until generation `generation` completed.
        auto waiter(std::uint64_t generation) -> std::function<void()>;
    };

    struct Graph;

    //! A node of a captured graph. Record and Wait nodes take their event's generation when the graph is launched.
    struct Node
    {
        enum class Kind
        {
            Work,
            Record,
            Wait,
            Child
        } kind = Kind::Work;
        std::function<void()> work;
        Event* event = nullptr;
        Graph* child = nullptr;
    };

    struct Graph
    {
        std::vector<Node> nodes;
    };

    //! A stream: a worker thread that runs its operations in order.
    class Stream
    {
    public:
        explicit Stream(std::uint64_t serial);
        Stream(Stream const&) = delete;
        auto operator=(Stream const&) -> Stream& = delete;

        //! Queues an operation (the caller checked that the stream does not capture); `completesEvent` for an event
        //! record, which runs under the stream's lock (Stream::loop says why).
        void enqueue(std::function<void()> work, bool completesEvent = false);
        //! Waits until every operation queued so far ran; returns (and clears) the error of a kernel that failed.
        auto synchronize() -> Result;
        //! Success where every operation ran, NotReady otherwise; the error of a failed kernel as synchronize.
        auto query() -> Result;
        //! Destroys the stream once its queued operations ran (its thread ends and frees it).
        void release();
        //! Called on the stream's thread by an operation that failed (a kernel): reported by the next synchronize.
        void failed(std::string message);

        //! The graph the stream captures into, or null; only calling threads touch these.
        Graph* capture = nullptr;
        bool captureInvalidated = false;

    private:
        void loop();
        auto takeError() -> Result;

        std::mutex m_mutex;
        std::condition_variable m_wake;
        std::condition_variable m_idle;
        struct Operation
        {
            std::function<void()> work;
            bool completesEvent = false;
        };

        std::deque<Operation> m_operations;
        bool m_busy = false;
        bool m_released = false;
        std::string m_error;
        std::mt19937_64 m_chaos;
        std::thread m_thread;
    };

    //! The stream behind a handle, or null where the handle names no live stream.
    auto findStream(void* handle) -> Stream*;
    //! Waits until every live stream ran what was queued (cuCtxSynchronize, cuMemFree); the first kernel error.
    auto synchronizeAll() -> Result;
    //! Adds a node to a graph being captured.
    auto recordNode(Graph& graph, Node node) -> Result;
    //! Synchronising with a capturing stream is refused and invalidates the capture, as the driver does.
    auto refuseWhileCapturing(Stream& stream) -> Result;
    //! Queues `work` on `stream`, or adds it to the graph the stream captures.
    auto submit(Stream& stream, std::function<void()> work) -> Result;

    //! Whether [pointer, pointer + bytes) lies inside one live device (or mapped page-locked) block.
    auto insideBlock(std::uintptr_t pointer, std::size_t bytes) -> bool;
    //! The message of a device range that is not inside a live block.
    auto outsideMessage(char const* call, std::uintptr_t pointer, std::size_t bytes) -> std::string;

    //! The chaos mode's seed, or 0 where it is off.
    auto chaosSeed() -> std::uint64_t;
} // namespace pyalpaka::emulator
