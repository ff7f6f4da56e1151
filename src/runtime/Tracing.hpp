// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! What the runtime adds to alpaka's tracing hooks (alpaka/trace/Trace.hpp): the arguments of the launch under way,
//! which the queue appends to alpaka's description of the kernel task (LaunchNote), and the spans a GPU back-end
//! can only report once the device has run them (DeviceSpanSources, read when a trace ends). docs/profiling.md.

#include <alpaka/trace/Trace.hpp>

#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace pyalpaka::rt
{
    //! What the bindings know of the launch the calling thread is making, while tracing is on: the arguments
    //! ("float32[1000], float32[1000], 0.5") and, for a GPU kernel, its name.
    struct LaunchNoteText
    {
        std::string const* args = nullptr;
        std::string const* kernel = nullptr;
    };

    inline auto currentLaunchNote() noexcept -> LaunchNoteText&
    {
        static thread_local LaunchNoteText note;
        return note;
    }

    //! Sets the calling thread's launch note for the scope (null pointers: none).
    class LaunchNote
    {
    public:
        explicit LaunchNote(std::string const* args, std::string const* kernel = nullptr) noexcept
            : m_previous(std::exchange(currentLaunchNote(), LaunchNoteText{args, kernel}))
        {
        }

        LaunchNote(LaunchNote const&) = delete;
        auto operator=(LaunchNote const&) -> LaunchNote& = delete;

        ~LaunchNote()
        {
            currentLaunchNote() = m_previous;
        }

    private:
        LaunchNoteText m_previous;
    };

    //! Adds the launch note to a description of the launch's task: "grid (4) x ...; arguments: float32[1000], 2".
    inline void appendLaunchNote(alpaka::trace::Description& what)
    {
        if(auto const* note = currentLaunchNote().args; note != nullptr && !note->empty())
        {
            if(!what.args.empty())
                what.args += "; ";
            what.args += "arguments: ";
            what.args += *note;
        }
    }

    //! Back-ends whose operations' device times are known only after the fact (the CUDA back-end's event pairs)
    //! register a function that records them; a trace calls them all before it is written.
    class DeviceSpanSources
    {
    public:
        static auto instance() -> DeviceSpanSources&
        {
            // Never destroyed: a back-end may still report while the process exits.
            static auto* sources = new DeviceSpanSources;
            return *sources;
        }

        void add(std::function<void()> flush)
        {
            std::lock_guard lock(m_mutex);
            m_flushes.push_back(std::move(flush));
        }

        //! Records every finished span of every source.
        void flushAll()
        {
            std::vector<std::function<void()>> flushes;
            {
                std::lock_guard lock(m_mutex);
                flushes = m_flushes;
            }
            for(auto const& flush : flushes)
                flush();
        }

    private:
        std::mutex m_mutex;
        std::vector<std::function<void()>> m_flushes;
    };
} // namespace pyalpaka::rt
