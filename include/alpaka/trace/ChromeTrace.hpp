// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ChromeTraceRecorder: a trace::Sink that keeps every record and writes them as Chrome trace-event JSON, which
//! Perfetto (ui.perfetto.dev) and chrome://tracing open: one track per queue and one per host thread. ScopedTrace
//! records from its construction to its destruction into a file:
//!
//!     {
//!         alpaka::trace::ScopedTrace trace("run.json");
//!         ... // enqueue work, wait for it
//!     }
//!
//! Not included by alpaka.hpp (it may use the standard headers the library's own headers avoid): a program that
//! writes traces includes it.

#include "alpaka/detail/sys/Mutex.hpp"
#include "alpaka/trace/Trace.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace alpaka::trace
{
    //! A record as the recorder keeps it: owned strings, and the host thread it came from.
    struct Event
    {
        Op op = Op::Other;
        std::string name;
        std::string args;
        std::uint64_t bytes = 0;
        std::uint64_t track = 0;
        std::string trackLabel;
        std::int64_t beginNs = 0;
        std::int64_t endNs = 0;
        //! The recording thread: 1 for the first thread that recorded, 2 for the next, ...
        std::uint32_t thread = 0;
        bool submission = false;
    };

    namespace detail
    {
        //! The calling thread's number in traces (1 for the first thread asking).
        inline auto traceThreadNumber() noexcept -> std::uint32_t
        {
            static std::atomic<std::uint32_t> last{0};
            static thread_local std::uint32_t const number = last.fetch_add(1, std::memory_order_relaxed) + 1;
            return number;
        }

        inline void appendJsonString(std::string& out, std::string_view text)
        {
            out += '"';
            for(char const c : text)
            {
                switch(c)
                {
                    case '"':
                        out += "\\\"";
                        break;
                    case '\\':
                        out += "\\\\";
                        break;
                    case '\n':
                        out += "\\n";
                        break;
                    case '\t':
                        out += "\\t";
                        break;
                    default:
                        if(static_cast<unsigned char>(c) < 0x20)
                        {
                            char escaped[8];
                            std::snprintf(escaped, sizeof(escaped), "\\u%04x", static_cast<unsigned>(c));
                            out += escaped;
                        }
                        else
                            out += c;
                }
            }
            out += '"';
        }

        //! Microseconds since `origin`, as trace-event JSON counts time, to the nanosecond.
        inline void appendMicroseconds(std::string& out, std::int64_t ns)
        {
            char text[32];
            std::snprintf(text, sizeof(text), "%.3f", static_cast<double>(ns) / 1000.0);
            out += text;
        }

        //! The JSON tid of a track: host threads first (their number), queues after them.
        inline auto jsonTid(Event const& event) -> std::uint64_t
        {
            constexpr std::uint64_t queueTids = 1'000'000;
            return event.track != 0 && !event.submission ? queueTids + event.track : event.thread;
        }
    } // namespace detail

    //! Chrome trace-event JSON of `events` ("X" spans, one metadata name per track), times relative to `originNs`.
    inline auto toChromeJson(
        std::vector<Event> const& events, std::int64_t originNs, std::string_view processName = "alpaka") -> std::string
    {
        std::string out = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
        out += "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":";
        detail::appendJsonString(out, processName);
        out += "}}";
        std::vector<std::uint64_t> named;
        auto const nameTrack = [&](std::uint64_t tid, std::string const& label)
        {
            for(auto const t : named)
                if(t == tid)
                    return;
            named.push_back(tid);
            out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":" + std::to_string(tid)
                   + ",\"args\":{\"name\":";
            detail::appendJsonString(out, label);
            out += "}},\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":" + std::to_string(tid)
                   + ",\"args\":{\"sort_index\":" + std::to_string(tid) + "}}";
        };
        for(auto const& event : events)
        {
            auto const tid = detail::jsonTid(event);
            if(event.track != 0 && !event.submission)
                nameTrack(tid, event.trackLabel.empty() ? "queue " + std::to_string(event.track) : event.trackLabel);
            else
                nameTrack(tid, "host thread " + std::to_string(event.thread));
            out += ",\n{\"name\":";
            detail::appendJsonString(out, event.submission ? "enqueue " + event.name : event.name);
            out += ",\"cat\":";
            detail::appendJsonString(out, opName(event.op));
            out += ",\"ph\":\"X\",\"pid\":1,\"tid\":" + std::to_string(tid) + ",\"ts\":";
            detail::appendMicroseconds(out, event.beginNs - originNs);
            out += ",\"dur\":";
            detail::appendMicroseconds(out, event.endNs - event.beginNs);
            out += ",\"args\":{\"kind\":";
            detail::appendJsonString(out, opName(event.op));
            if(!event.args.empty())
            {
                out += ",\"details\":";
                detail::appendJsonString(out, event.args);
            }
            if(event.bytes != 0)
            {
                out += ",\"bytes\":" + std::to_string(event.bytes);
                if((event.op == Op::Copy || event.op == Op::Memset || event.op == Op::Fill) && !event.submission
                   && event.endNs > event.beginNs)
                {
                    char rate[32];
                    std::snprintf(
                        rate,
                        sizeof(rate),
                        "%.3f",
                        static_cast<double>(event.bytes) / static_cast<double>(event.endNs - event.beginNs));
                    out += ",\"GB/s\":";
                    out += rate;
                }
            }
            if(event.track != 0)
            {
                out += event.submission ? ",\"runs on\":" : ",\"queue\":";
                detail::appendJsonString(
                    out, event.trackLabel.empty() ? "queue " + std::to_string(event.track) : event.trackLabel);
            }
            out += "}}";
        }
        out += "\n]}\n";
        return out;
    }

    //! Writes text to path; throws std::runtime_error naming the file when it cannot.
    inline void writeTextFile(std::string const& path, std::string const& text)
    {
        std::FILE* const file = std::fopen(path.c_str(), "wb");
        if(file == nullptr)
            throw std::runtime_error("cannot write the trace file '" + path + "'");
        bool const written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
        bool const closed = std::fclose(file) == 0;
        if(!written || !closed)
            throw std::runtime_error("cannot write the trace file '" + path + "' (disk full?)");
    }

    //! Keeps every record; thread-safe. Each recording thread appends to a buffer of its own, so a queue's worker
    //! and the thread feeding it do not wait for each other; take() gathers the buffers. The records of a thread
    //! that ran out of memory are dropped and counted.
    class ChromeTraceRecorder final : public Sink
    {
    public:
        ChromeTraceRecorder() = default;

        void record(Record const& r) noexcept override
        {
            try
            {
                // The track's label is kept once per thread and track, not per record (take() puts it back).
                Event event{
                    r.op,
                    std::string(r.name),
                    std::string(r.args),
                    r.bytes,
                    r.track,
                    {},
                    r.beginNs,
                    r.endNs,
                    detail::traceThreadNumber(),
                    r.submission};
                ThreadBuffer& buffer = threadBuffer();
                alpaka::detail::sys::LockGuard<alpaka::detail::sys::Mutex> lock(buffer.mutex);
                if(r.track != 0 && !buffer.knows(r.track))
                    buffer.labels.push_back({r.track, std::string(r.trackLabel)});
                buffer.events.push_back(std::move(event));
            }
            catch(...)
            {
                m_dropped.fetch_add(1, std::memory_order_relaxed);
            }
        }

        //! The records so far, by begin time, and forgets them.
        [[nodiscard]] auto take() -> std::vector<Event>
        {
            std::vector<Event> all;
            std::vector<TrackLabel> labels;
            {
                alpaka::detail::sys::LockGuard<alpaka::detail::sys::Mutex> lock(m_buffersMutex);
                for(Buffers* node = m_buffers; node != nullptr; node = node->next)
                {
                    alpaka::detail::sys::LockGuard<alpaka::detail::sys::Mutex> bufferLock(node->buffer.mutex);
                    all.reserve(all.size() + node->buffer.events.size());
                    for(auto& event : node->buffer.events)
                        all.push_back(std::move(event));
                    node->buffer.events.clear();
                    for(auto const& label : node->buffer.labels)
                        labels.push_back(label);
                }
            }
            std::sort(
                labels.begin(),
                labels.end(),
                [](TrackLabel const& a, TrackLabel const& b) { return a.track < b.track; });
            for(auto& event : all)
            {
                if(event.track == 0)
                    continue;
                auto const found = std::lower_bound(
                    labels.begin(),
                    labels.end(),
                    event.track,
                    [](TrackLabel const& label, std::uint64_t track) { return label.track < track; });
                if(found != labels.end() && found->track == event.track)
                    event.trackLabel = found->label;
            }
            std::stable_sort(
                all.begin(), all.end(), [](Event const& a, Event const& b) { return a.beginNs < b.beginNs; });
            return all;
        }

        //! Records lost to a failed allocation.
        [[nodiscard]] auto dropped() const noexcept -> std::uint64_t
        {
            return m_dropped.load(std::memory_order_relaxed);
        }

        ChromeTraceRecorder(ChromeTraceRecorder const&) = delete;
        auto operator=(ChromeTraceRecorder const&) -> ChromeTraceRecorder& = delete;

        ~ChromeTraceRecorder() override
        {
            while(m_buffers != nullptr)
                delete std::exchange(m_buffers, m_buffers->next);
        }

    private:
        struct TrackLabel
        {
            std::uint64_t track;
            std::string label;
        };

        struct ThreadBuffer
        {
            alpaka::detail::sys::Mutex mutex;
            //! A deque: growing it never moves the records already kept.
            std::deque<Event> events;
            //! The label of each track this thread recorded on (a queue keeps its label once it is in use).
            std::vector<TrackLabel> labels;

            [[nodiscard]] auto knows(std::uint64_t track) const noexcept -> bool
            {
                for(auto const& label : labels)
                    if(label.track == track)
                        return true;
                return false;
            }
        };

        //! The buffers, one per thread that recorded, linked; they live as long as the recorder.
        struct Buffers
        {
            ThreadBuffer buffer;
            Buffers* next = nullptr;
        };

        //! The calling thread's buffer of this recorder (a thread remembers the last recorder it recorded into; the
        //! recorder's number tells a new recorder at an old one's address apart).
        auto threadBuffer() -> ThreadBuffer&
        {
            struct Cached
            {
                std::uint64_t recorder = 0;
                ThreadBuffer* buffer = nullptr;
            };

            static thread_local Cached cached;
            if(cached.recorder != m_number)
            {
                auto* node = new Buffers;
                {
                    alpaka::detail::sys::LockGuard<alpaka::detail::sys::Mutex> lock(m_buffersMutex);
                    node->next = m_buffers;
                    m_buffers = node;
                }
                cached = {m_number, &node->buffer};
            }
            return *cached.buffer;
        }

        static auto nextNumber() noexcept -> std::uint64_t
        {
            static std::atomic<std::uint64_t> last{0};
            return last.fetch_add(1, std::memory_order_relaxed) + 1;
        }

        std::uint64_t const m_number = nextNumber();
        alpaka::detail::sys::Mutex m_buffersMutex;
        Buffers* m_buffers = nullptr;
        std::atomic<std::uint64_t> m_dropped{0};
    };

    //! Records every operation from construction to destruction and writes the trace to `path` then. Wait for the
    //! queues before it ends: work still running then is not in the file. One at a time.
    class ScopedTrace
    {
    public:
        explicit ScopedTrace(std::string path)
            : m_path(std::move(path))
            , m_origin(now())
        {
            m_previous = install(&m_recorder);
        }

        ScopedTrace(ScopedTrace const&) = delete;
        auto operator=(ScopedTrace const&) -> ScopedTrace& = delete;

        //! Stops recording and writes the file (an error is reported on stderr: a destructor cannot throw).
        ~ScopedTrace()
        {
            install(m_previous);
            try
            {
                writeTextFile(m_path, toChromeJson(m_recorder.take(), m_origin));
            }
            catch(std::exception const& e)
            {
                std::fprintf(stderr, "alpaka::trace: %s\n", e.what());
            }
        }

        [[nodiscard]] auto recorder() noexcept -> ChromeTraceRecorder&
        {
            return m_recorder;
        }

    private:
        std::string m_path;
        std::int64_t m_origin;
        ChromeTraceRecorder m_recorder;
        Sink* m_previous = nullptr;
    };
} // namespace alpaka::trace
