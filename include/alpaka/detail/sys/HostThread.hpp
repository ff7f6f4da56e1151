// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! HostThread: a joinable thread of the host's own thread library, with what the non-blocking queue's worker and the
//! std::thread back-end's worker pool need from std::thread (start with a callable, joinable, join, detach, move),
//! without <thread>. C++20's <thread> brings <stop_token> and <semaphore> into every unit that includes alpaka.hpp,
//! which declares the non-blocking queue whether the unit uses one or not (measured:
//! docs/dev/measurements.md#headers-left-out). POSIX systems use pthreads (what std::thread wraps there); elsewhere
//! HostThread is std::thread.

#if defined(__unix__) || defined(__APPLE__)
#    include <exception>
#    include <memory>
#    include <system_error>
#    include <utility>

#    include <pthread.h>

namespace alpaka::detail::sys
{
    class HostThread
    {
    public:
        HostThread() = default;

        //! Starts a thread that runs fn(); throws std::system_error if the system cannot start one. An exception
        //! that escapes fn ends the program (std::terminate), as with std::thread.
        template<typename TFn>
        explicit HostThread(TFn fn)
        {
            auto* const start = new TFn(std::move(fn));
            int const error = ::pthread_create(&m_handle, nullptr, &run<TFn>, start);
            if(error != 0)
            {
                delete start;
                throw std::system_error(error, std::generic_category(), "alpaka: starting a worker thread");
            }
            m_joinable = true;
        }

        HostThread(HostThread&& other) noexcept
            : m_handle(other.m_handle)
            , m_joinable(std::exchange(other.m_joinable, false))
        {
        }

        //! Like std::thread, assigning to a joinable thread ends the program.
        auto operator=(HostThread&& other) noexcept -> HostThread&
        {
            if(joinable())
                std::terminate();
            m_handle = other.m_handle;
            m_joinable = std::exchange(other.m_joinable, false);
            return *this;
        }

        //! Like std::thread, a thread still joinable when its handle is destroyed ends the program.
        ~HostThread()
        {
            if(joinable())
                std::terminate();
        }

        [[nodiscard]] auto joinable() const noexcept -> bool
        {
            return m_joinable;
        }

        void join()
        {
            int const error = ::pthread_join(m_handle, nullptr);
            if(error != 0)
                throw std::system_error(error, std::generic_category(), "alpaka: joining a worker thread");
            m_joinable = false;
        }

        void detach()
        {
            ::pthread_detach(m_handle);
            m_joinable = false;
        }

    private:
        template<typename TFn>
        static auto run(void* start) noexcept -> void*
        {
            std::unique_ptr<TFn> const fn(static_cast<TFn*>(start));
            (*fn)();
            return nullptr;
        }

        ::pthread_t m_handle{};
        bool m_joinable = false;
    };
} // namespace alpaka::detail::sys
#else
#    include <thread>

namespace alpaka::detail::sys
{
    using HostThread = std::thread;
} // namespace alpaka::detail::sys
#endif
