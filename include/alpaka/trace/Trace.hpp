// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Tracing hooks: what a queue ran, where and for how long. The library reports each operation of its queues
//! (kernels, copies, memsets, fills, host tasks, events, graph launches) to the one installed trace::Sink, with the
//! time it took on the queue's worker and, for non-blocking queues, the time its submission took on the calling
//! thread. With no sink installed an enqueue costs one relaxed atomic load more; nothing is described or timed.
//!
//! A program installs a sink (trace::ChromeTraceRecorder in alpaka/trace/ChromeTrace.hpp writes Chrome trace-event
//! JSON for Perfetto and chrome://tracing) with trace::install, and names its own work with trace::Described and
//! trace::Span. Not part of upstream alpaka: docs/profiling.md.

#include "alpaka/core/DemangleTypeNames.hpp"
#include "alpaka/detail/sys/Spin.hpp"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>

namespace alpaka::trace
{
    //! The kind of an operation.
    enum class Op : std::uint8_t
    {
        Kernel,
        Copy,
        Memset,
        Fill,
        HostTask,
        EventRecord,
        EventWait,
        GraphLaunch,
        Alloc,
        Free,
        Compile,
        CacheLoad,
        Wait,
        Other
    };

    //! The name a trace file gives the kind ("kernel", "copy", ...).
    [[nodiscard]] constexpr auto opName(Op op) noexcept -> char const*
    {
        constexpr char const* names[]
            = {"kernel",
               "copy",
               "memset",
               "fill",
               "host task",
               "event record",
               "event wait",
               "graph launch",
               "alloc",
               "free",
               "compile",
               "cache load",
               "wait",
               "other"};
        return names[static_cast<std::uint8_t>(op)];
    }

    //! What an operation is, before it runs: its kind, its name (a kernel's type, a copy's direction) and details
    //! (the work division, arguments), and the bytes it moves.
    struct Description
    {
        Op op = Op::HostTask;
        std::string name = "host task";
        std::string args = {};
        std::uint64_t bytes = 0;
    };

    //! A timeline of its own in a trace: a queue. `label` says what it is ("non-blocking queue on DevCpu").
    struct Track
    {
        std::uint64_t id = 0;
        std::string label;
    };

    //! One finished operation as a sink receives it; the strings are valid during the call only.
    struct Record
    {
        Op op = Op::Other;
        std::string_view name;
        std::string_view args;
        std::uint64_t bytes = 0;
        //! The queue the span belongs to; 0 for work of the calling thread itself (an allocation, a compilation,
        //! the host's submission of queued work).
        std::uint64_t track = 0;
        std::string_view trackLabel;
        //! Nanoseconds of trace::now().
        std::int64_t beginNs = 0;
        std::int64_t endNs = 0;
        //! The calling thread's side of an operation that runs on `track` later (the span on the track is its own
        //! record): the enqueue of a non-blocking queue, the launch call of a GPU kernel.
        bool submission = false;
    };

    //! Receives the records; record() is called from any thread, concurrently.
    class Sink
    {
    public:
        Sink() = default;
        Sink(Sink const&) = delete;
        auto operator=(Sink const&) -> Sink& = delete;
        virtual ~Sink() = default;
        virtual void record(Record const& record) noexcept = 0;
    };

    namespace detail
    {
        inline std::atomic<Sink*> activeSink{nullptr};
        //! record() calls under way: install waits for them before a replaced sink can go away.
        inline std::atomic<std::uint32_t> callsInFlight{0};
        inline std::atomic<std::uint64_t> lastTrackId{0};
    } // namespace detail

    //! Whether a sink is installed: the one check an operation makes when tracing is off.
    [[nodiscard]] inline auto enabled() noexcept -> bool
    {
        return detail::activeSink.load(std::memory_order_relaxed) != nullptr;
    }

    //! Installs sink (null: tracing off) and returns the previous one, once no record() call uses it any more: the
    //! caller may destroy it then. Operations that started before still report to the new sink.
    inline auto install(Sink* sink) noexcept -> Sink*
    {
        Sink* const previous = detail::activeSink.exchange(sink, std::memory_order_seq_cst);
        while(detail::callsInFlight.load(std::memory_order_seq_cst) != 0)
            alpaka::detail::sys::cpuYield();
        return previous;
    }

    //! Hands record to the installed sink, if any.
    inline void record(Record const& record) noexcept
    {
        detail::callsInFlight.fetch_add(1, std::memory_order_seq_cst);
        if(Sink* const sink = detail::activeSink.load(std::memory_order_seq_cst))
            sink->record(record);
        detail::callsInFlight.fetch_sub(1, std::memory_order_release);
    }

    //! The clock of every record: nanoseconds of CLOCK_MONOTONIC (Python's time.monotonic_ns on Linux).
    [[nodiscard]] inline auto now() noexcept -> std::int64_t
    {
        return alpaka::detail::sys::monotonicNanoseconds();
    }

    //! A number no other track of this process has.
    [[nodiscard]] inline auto newTrackId() noexcept -> std::uint64_t
    {
        return detail::lastTrackId.fetch_add(1, std::memory_order_relaxed) + 1;
    }

    //! Records what ran from `beginNs` until now. Cold and out of line, like the descriptions: every unit's enqueue
    //! paths call it, and tracing is the exception.
    ALPAKA_MESSAGE_FN inline void
    recordSpan(Description const& what, Track const* track, std::int64_t beginNs, bool submission = false) noexcept
    {
        Record r;
        r.op = what.op;
        r.name = what.name;
        r.args = what.args;
        r.bytes = what.bytes;
        if(track != nullptr)
        {
            r.track = track->id;
            r.trackLabel = track->label;
        }
        r.beginNs = beginNs;
        r.endNs = now();
        r.submission = submission;
        record(r);
    }

    //! The bytes a strided copy or memset of `rows` touches (in one operand).
    template<typename TRows>
    [[nodiscard]] auto rowBytes(TRows const& rows) noexcept -> std::uint64_t
    {
        std::uint64_t bytes = rows.width;
        for(std::size_t d = 0; d < rows.dims; ++d)
            bytes *= rows.extent[d];
        return bytes;
    }

    //! A kernel launch: "grid (4, 1) x block (256, 1) x elements (1, 1)", and its dynamic shared memory. Not a
    //! template: one copy per unit, whatever the number of kernels.
    ALPAKA_MESSAGE_FN inline auto describeKernel(
        std::string name,
        std::size_t dim,
        std::size_t const* grid,
        std::size_t const* block,
        std::size_t const* elems,
        std::uint64_t sharedBytes) -> Description
    {
        Description what{Op::Kernel, std::move(name)};
        what.args.reserve(128); // the work division and, from Python, the arguments: one allocation
        auto const append = [&](char const* label, std::size_t const* extent)
        {
            what.args += label;
            what.args += '(';
            for(std::size_t i = 0; i != dim; ++i)
            {
                if(i != 0)
                    what.args += ", ";
                what.args += std::to_string(extent[i]);
            }
            what.args += ')';
        };
        append("grid ", grid);
        append(" x block ", block);
        append(" x elements ", elems);
        if(sharedBytes != 0)
            what.args += ", " + std::to_string(sharedBytes) + " B dynamic shared memory";
        return what;
    }

    //! describeKernel of the kernel type `kernel`, demangled here: the launch sites pass typeid, one function
    //! instantiation less per kernel.
    ALPAKA_MESSAGE_FN inline auto describeKernel(
        std::type_info const& kernel,
        std::size_t dim,
        std::size_t const* grid,
        std::size_t const* block,
        std::size_t const* elems,
        std::uint64_t sharedBytes) -> Description
    {
        return describeKernel(core::demangle(kernel.name()), dim, grid, block, elems, sharedBytes);
    }

    namespace trait
    {
        //! How a queue describes a task of type TTask: specialize for a task type of your own. Any nullary callable
        //! without a specialization is a host task.
        template<typename TTask, typename TSfinae = void>
        struct Describe
        {
            static auto describe(TTask const&) -> Description
            {
                return {};
            }
        };
    } // namespace trait

    template<typename TTask>
    [[nodiscard]] auto describe(TTask const& task) -> Description
    {
        return trait::Describe<TTask>::describe(task);
    }

    //! A task with its description: enqueue(queue, trace::Described{task, {trace::Op::HostTask, "fill halo"}}) names
    //! a host task in the trace.
    template<typename TTask>
    struct Described
    {
        TTask task;
        Description what;

        void operator()()
        {
            task();
        }
    };

    template<typename TTask>
    Described(TTask, Description) -> Described<TTask>;

    namespace trait
    {
        template<typename TTask>
        struct Describe<Described<TTask>>
        {
            static auto describe(Described<TTask> const& task) -> Description
            {
                return task.what;
            }
        };
    } // namespace trait

    //! How a queue makes the description of a task it got by address, only while tracing is on: a function per task
    //! type that the queue calls through a pointer, so that the enqueue path itself is compiled once.
    using Describer = auto (*)(void const* task) -> Description;

    //! The Describer of tasks of type TTask (trace::describe).
    template<typename TTask>
    auto describeAt(void const* task) -> Description
    {
        return describe(*static_cast<TTask const*>(task));
    }

    //! The Describer of tasks of type TTask; a function (enqueue(queue, &f)) is a host task.
    template<typename TTask>
    constexpr auto describerOf() noexcept -> Describer;

    //! Where a Describer finds the task: its address, null for a function.
    template<typename TTask>
    auto taskAddress(TTask& task) noexcept -> void const*
    {
        if constexpr(std::is_object_v<TTask>)
            return std::addressof(task);
        else
            return nullptr;
    }

    //! The Describer of the queue's own work of kind TOp (an event's record or wait, a graph launch).
    template<Op TOp>
    auto describeOp(void const*) -> Description
    {
        return {TOp, opName(TOp)};
    }

    template<typename TTask>
    constexpr auto describerOf() noexcept -> Describer
    {
        if constexpr(std::is_object_v<TTask>)
            return &describeAt<TTask>;
        else
            return &describeOp<Op::HostTask>;
    }

    //! A description made only while tracing is on (by a Describer, at the enqueue), owned until the operation is
    //! recorded. Making and destroying it are out of line: an enqueue site compiles a test of a pointer, not the
    //! strings of a description.
    class Pending
    {
    public:
        Pending() = default;

        Pending(Describer describer, void const* task)
        {
            if(describer != nullptr && enabled())
                make(describer, task);
        }

        explicit Pending(Description const& what)
        {
            copy(what);
        }

        Pending(Pending&& other) noexcept
            : m_what(other.m_what)
        {
            other.m_what = nullptr;
        }

        Pending(Pending const&) = delete;
        auto operator=(Pending const&) -> Pending& = delete;
        auto operator=(Pending&&) -> Pending& = delete;

        ~Pending()
        {
            if(m_what != nullptr)
                destroy();
        }

        //! Whether there is a description: tracing was on when the operation was enqueued.
        [[nodiscard]] explicit operator bool() const noexcept
        {
            return m_what != nullptr;
        }

        [[nodiscard]] auto operator*() const noexcept -> Description const&
        {
            return *m_what;
        }

    private:
        ALPAKA_MESSAGE_FN void make(Describer describer, void const* task)
        {
            m_what = new Description(describer(task));
        }

        ALPAKA_MESSAGE_FN void copy(Description const& what)
        {
            m_what = new Description(what);
        }

        ALPAKA_MESSAGE_FN void destroy() noexcept
        {
            delete m_what;
        }

        Description* m_what = nullptr;
    };

    //! Records the work of the calling thread from construction to destruction (on `track` when given), when
    //! tracing is on: { trace::Span span({trace::Op::Other, "setup"}); ... }.
    class Span
    {
    public:
        explicit Span(Description what, Track const* track = nullptr)
        {
            if(enabled())
            {
                m_what = std::move(what);
                m_track = track;
                m_begin = now();
                m_on = true;
            }
        }

        Span(Span const&) = delete;
        auto operator=(Span const&) -> Span& = delete;

        ~Span()
        {
            if(m_on)
                recordSpan(m_what, m_track, m_begin);
        }

    private:
        Description m_what;
        Track const* m_track = nullptr;
        std::int64_t m_begin = 0;
        bool m_on = false;
    };
} // namespace alpaka::trace
