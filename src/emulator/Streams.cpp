// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The emulated GPU's streams and events (Emulator.hpp). A stream is a worker thread; what an API call queues
//! on it runs there, in order, after the chaos mode's random delay. An event record is a generation of its event,
//! completed on the recording stream's thread; a wait on it is an operation that blocks its stream until that
//! generation completed. A capturing stream records nodes instead (Graphs.cpp).

#include <algorithm>
#include <cstdlib>
#include <map>
#include <utility>

#include "Emulator.hpp"

namespace pyalpaka::emulator
{
    namespace
    {
        std::mutex registryMutex;
        std::map<void*, Stream*> streams; // live streams by handle
        std::uint64_t streamSerial = 0;
        std::mutex eventMutex;
        std::map<void*, std::unique_ptr<Event>> events;

        auto findEvent(void* handle) -> Event*
        {
            std::lock_guard lock(eventMutex);
            auto const found = events.find(handle);
            return found == events.end() ? nullptr : found->second.get();
        }

    } // namespace

    auto chaosSeed() -> std::uint64_t
    {
        static std::uint64_t const seed = []
        {
            char const* text = std::getenv("PYALPAKA_GPU_EMULATOR_SEED");
            return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 10) : 0ull;
        }();
        return seed;
    }

    auto Event::completer(std::uint64_t generation) -> std::function<void()>
    {
        return [this, generation]
        {
            std::lock_guard lock(mutex);
            if(generation > completed)
            {
                completed = generation;
                when = std::chrono::steady_clock::now();
            }
            completedChanged.notify_all();
        };
    }

    auto Event::waiter(std::uint64_t generation) -> std::function<void()>
    {
        return [this, generation]
        {
            std::unique_lock lock(mutex);
            completedChanged.wait(lock, [&] { return completed >= generation; });
        };
    }

    Stream::Stream(std::uint64_t serial)
        : m_chaos(chaosSeed() * 1'000'003u + serial)
        , m_thread([this] { loop(); })
    {
    }

    void Stream::loop()
    {
        std::uniform_int_distribution<int> delay(0, 300); // microseconds
        for(;;)
        {
            Operation operation;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, [&] { return !m_operations.empty() || m_released; });
                if(m_operations.empty())
                    break;
                operation = std::move(m_operations.front());
                m_operations.pop_front();
                m_busy = true;
            }
            if(chaosSeed() != 0 && (m_chaos() & 1u) != 0)
                std::this_thread::sleep_for(std::chrono::microseconds(delay(m_chaos)));
            std::lock_guard lock(m_mutex);
            // An event record completes its event and leaves the stream idle (where nothing follows it) in one step,
            // as on a GPU: whoever sees the event complete and then queries the stream finds it empty.
            if(!operation.completesEvent)
            {
                m_mutex.unlock();
                operation.work();
                m_mutex.lock();
            }
            else
                operation.work();
            m_busy = false;
            if(m_operations.empty())
                m_idle.notify_all();
        }
        m_thread.detach();
        delete this; // released and drained: nothing refers to the stream any more
    }

    void Stream::enqueue(std::function<void()> work, bool completesEvent)
    {
        std::lock_guard lock(m_mutex);
        m_operations.push_back({std::move(work), completesEvent});
        m_wake.notify_one();
    }

    auto Stream::takeError() -> Result
    {
        if(m_error.empty())
            return Success;
        std::string message = std::move(m_error);
        m_error.clear();
        return fail(LaunchFailed, std::move(message));
    }

    auto Stream::synchronize() -> Result
    {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [&] { return m_operations.empty() && !m_busy; });
        return takeError();
    }

    auto Stream::query() -> Result
    {
        std::lock_guard lock(m_mutex);
        if(!m_operations.empty() || m_busy)
            return NotReady;
        return takeError();
    }

    void Stream::failed(std::string message)
    {
        std::lock_guard lock(m_mutex);
        if(m_error.empty())
            m_error = std::move(message);
    }

    void Stream::release()
    {
        std::lock_guard lock(m_mutex);
        m_released = true;
        m_wake.notify_one();
    }

    auto findStream(void* handle) -> Stream*
    {
        std::lock_guard lock(registryMutex);
        auto const found = streams.find(handle);
        return found == streams.end() ? nullptr : found->second;
    }

    auto synchronizeAll() -> Result
    {
        std::vector<Stream*> live;
        {
            std::lock_guard lock(registryMutex);
            for(auto const& [handle, stream] : streams)
                live.push_back(stream);
        }
        Result first = Success;
        for(auto* stream : live)
            if(Result const status = stream->synchronize(); first == Success)
                first = status;
        return first;
    }

    auto recordNode(Graph& graph, Node node) -> Result
    {
        graph.nodes.push_back(std::move(node));
        return Success;
    }

    auto refuseWhileCapturing(Stream& stream) -> Result
    {
        stream.captureInvalidated = true;
        return fail(CaptureUnsupported, "the stream is capturing a graph");
    }

    auto submit(Stream& stream, std::function<void()> work) -> Result
    {
        if(stream.capture != nullptr)
            return recordNode(*stream.capture, Node{Node::Kind::Work, std::move(work)});
        stream.enqueue(std::move(work));
        return Success;
    }
} // namespace pyalpaka::emulator

using namespace pyalpaka::emulator;

PYALPAKA_EMULATOR_EXPORT Result cuStreamCreate(void** stream, unsigned flags)
{
    (void)flags;
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    if(stream == nullptr)
        return InvalidValue;
    std::lock_guard lock(registryMutex);
    auto* created = new Stream(++streamSerial);
    streams[created] = created;
    *stream = created;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuStreamDestroy_v2(void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = nullptr;
    {
        std::lock_guard lock(registryMutex);
        auto const found = streams.find(handle);
        if(found == streams.end())
            return fail(InvalidHandle, "cuStreamDestroy: not a live stream");
        stream = found->second;
        streams.erase(found);
    }
    stream->release(); // the driver returns at once; the queued work still runs
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuStreamSynchronize(void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr)
        return fail(InvalidHandle, "cuStreamSynchronize: not a live stream");
    if(stream->capture != nullptr)
        return refuseWhileCapturing(*stream);
    return stream->synchronize();
}

PYALPAKA_EMULATOR_EXPORT Result cuStreamQuery(void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr)
        return fail(InvalidHandle, "cuStreamQuery: not a live stream");
    if(stream->capture != nullptr)
        return refuseWhileCapturing(*stream);
    return stream->query();
}

PYALPAKA_EMULATOR_EXPORT Result cuCtxSynchronize()
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    return synchronizeAll();
}

PYALPAKA_EMULATOR_EXPORT Result cuLaunchHostFunc(void* handle, void (*fn)(void*), void* userData)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr || fn == nullptr)
        return fail(InvalidHandle, "cuLaunchHostFunc: not a live stream, or no function");
    // On the stream's thread, where no context is current (as the driver calls host functions).
    return submit(*stream, [fn, userData] { fn(userData); });
}

PYALPAKA_EMULATOR_EXPORT Result cuEventCreate(void** event, unsigned flags)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    if(event == nullptr || (flags & ~3u) != 0)
        return InvalidValue;
    auto created = std::make_unique<Event>();
    created->timing = (flags & 2u) == 0; // CU_EVENT_DISABLE_TIMING
    std::lock_guard lock(eventMutex);
    *event = created.get();
    events[created.get()] = std::move(created);
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuEventDestroy_v2(void* handle)
{
    // Operations still queued may refer to it: it is kept (a few bytes) and only made unknown to the API.
    std::lock_guard lock(eventMutex);
    auto const found = events.find(handle);
    if(found == events.end())
        return fail(InvalidHandle, "cuEventDestroy: not a live event");
    (void)found->second.release();
    events.erase(found);
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuEventRecordWithFlags(void* eventHandle, void* streamHandle, unsigned flags)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Event* event = findEvent(eventHandle);
    Stream* stream = findStream(streamHandle);
    if(event == nullptr || stream == nullptr)
        return fail(InvalidHandle, "cuEventRecord: not a live event or stream");
    if(flags > 1 || (flags != 0 && stream->capture == nullptr))
        return fail(InvalidValue, "cuEventRecordWithFlags: CU_EVENT_RECORD_EXTERNAL only inside a capture");
    if(stream->capture != nullptr)
        // An external record is replayed by each launch; an internal one is only an edge inside the graph, which
        // runs in order here anyway.
        return flags != 0 ? recordNode(*stream->capture, Node{Node::Kind::Record, {}, event}) : Success;
    std::uint64_t generation = 0;
    {
        std::lock_guard lock(event->mutex); // released before the stream's lock is taken (Stream::loop takes both)
        generation = ++event->recorded;
    }
    stream->enqueue(event->completer(generation), true);
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuEventRecord(void* event, void* stream)
{
    return cuEventRecordWithFlags(event, stream, 0);
}

PYALPAKA_EMULATOR_EXPORT Result cuStreamWaitEvent(void* streamHandle, void* eventHandle, unsigned flags)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Event* event = findEvent(eventHandle);
    Stream* stream = findStream(streamHandle);
    if(event == nullptr || stream == nullptr || flags > 1)
        return fail(InvalidHandle, "cuStreamWaitEvent: not a live event or stream");
    if(stream->capture != nullptr)
        return flags != 0 ? recordNode(*stream->capture, Node{Node::Kind::Wait, {}, event}) : Success;
    std::uint64_t generation = 0;
    {
        std::lock_guard lock(event->mutex);
        generation = event->recorded;
    }
    stream->enqueue(event->waiter(generation));
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuEventQuery(void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Event* event = findEvent(handle);
    if(event == nullptr)
        return fail(InvalidHandle, "cuEventQuery: not a live event");
    std::lock_guard lock(event->mutex);
    return event->completed >= event->recorded ? Success : NotReady;
}

PYALPAKA_EMULATOR_EXPORT Result cuEventSynchronize(void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Event* event = findEvent(handle);
    if(event == nullptr)
        return fail(InvalidHandle, "cuEventSynchronize: not a live event");
    std::unique_lock lock(event->mutex);
    auto const generation = event->recorded;
    event->completedChanged.wait(lock, [&] { return event->completed >= generation; });
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuEventElapsedTime(float* milliseconds, void* startHandle, void* endHandle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Event* start = findEvent(startHandle);
    Event* end = findEvent(endHandle);
    if(milliseconds == nullptr || start == nullptr || end == nullptr)
        return fail(InvalidHandle, "cuEventElapsedTime: not a live event");
    if(!start->timing || !end->timing)
        return fail(InvalidHandle, "cuEventElapsedTime: an event created with CU_EVENT_DISABLE_TIMING");
    std::scoped_lock lock(start->mutex, end->mutex);
    if(start->recorded == 0 || end->recorded == 0)
        return fail(InvalidHandle, "cuEventElapsedTime: an event that was never recorded");
    if(start->completed < start->recorded || end->completed < end->recorded)
        return NotReady;
    *milliseconds = std::chrono::duration<float, std::milli>(end->when - start->when).count();
    return Success;
}
