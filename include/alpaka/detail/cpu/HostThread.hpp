// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! A joinable thread of the host's own thread library: what the non-blocking queue's worker needs from std::thread
//! (start with a callable, join, detach), without <thread>. C++20's <thread> brings
//! <stop_token> and <semaphore>: 4 MB and 0.03 s of every unit that includes alpaka.hpp, which declares the
//! non-blocking queue whether the unit uses one or not. POSIX systems use pthreads (what std::thread wraps there),
//! others std::thread.

#include <exception>
#include <memory>
#include <system_error>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#    include <pthread.h>
#else
#    include <thread>
#endif

namespace alpaka::detail::cpu
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
#if defined(__unix__) || defined(__APPLE__)
            auto* const start = new TFn(std::move(fn));
            int const error = ::pthread_create(&m_handle, nullptr, &run<TFn>, start);
            if(error != 0)
            {
                delete start;
                throw std::system_error(error, std::generic_category(), "alpaka: starting a queue's worker thread");
            }
            m_joinable = true;
#else
            m_thread = std::thread(std::move(fn));
#endif
        }

        HostThread(HostThread&& other) noexcept
#if defined(__unix__) || defined(__APPLE__)
            : m_handle(other.m_handle)
            , m_joinable(std::exchange(other.m_joinable, false))
#else
            : m_thread(std::move(other.m_thread))
#endif
        {
        }

        //! Like std::thread, assigning to a joinable thread ends the program.
        auto operator=(HostThread&& other) noexcept -> HostThread&
        {
            if(joinable())
                std::terminate();
#if defined(__unix__) || defined(__APPLE__)
            m_handle = other.m_handle;
            m_joinable = std::exchange(other.m_joinable, false);
#else
            m_thread = std::move(other.m_thread);
#endif
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
#if defined(__unix__) || defined(__APPLE__)
            return m_joinable;
#else
            return m_thread.joinable();
#endif
        }

        void join()
        {
#if defined(__unix__) || defined(__APPLE__)
            int const error = ::pthread_join(m_handle, nullptr);
            if(error != 0)
                throw std::system_error(error, std::generic_category(), "alpaka: joining a queue's worker thread");
            m_joinable = false;
#else
            m_thread.join();
#endif
        }

        void detach()
        {
#if defined(__unix__) || defined(__APPLE__)
            ::pthread_detach(m_handle);
            m_joinable = false;
#else
            m_thread.detach();
#endif
        }

    private:
#if defined(__unix__) || defined(__APPLE__)
        template<typename TFn>
        static auto run(void* start) noexcept -> void*
        {
            std::unique_ptr<TFn> const fn(static_cast<TFn*>(start));
            (*fn)();
            return nullptr;
        }

        ::pthread_t m_handle{};
        bool m_joinable = false;
#else
        std::thread m_thread;
#endif
    };
} // namespace alpaka::detail::cpu
