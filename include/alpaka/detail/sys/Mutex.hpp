// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Mutex, RecursiveMutex and LockGuard: what the CPU queues, events, graphs and the device's queue list need from
//! <mutex>, without <mutex>. libstdc++'s <mutex> brings <chrono> and the timed mutexes into every unit that includes
//! alpaka.hpp (measured: docs/dev/measurements.md#headers-left-out). POSIX systems use a pthread mutex, as std::mutex
//! does there (thread sanitizers know it); elsewhere these are std::mutex and std::recursive_mutex. Both meet
//! BasicLockable, so std::lock_guard and std::unique_lock also work with them.

#if defined(__unix__) || defined(__APPLE__)
#    include <system_error>

#    include <pthread.h>

namespace alpaka::detail::sys
{
    //! Throws what std::mutex throws when the system refuses a lock.
    [[noreturn]] inline void throwLockError(int error)
    {
        throw std::system_error(error, std::generic_category(), "alpaka: locking a mutex");
    }

    //! A pthread mutex of type TType (PTHREAD_MUTEX_DEFAULT or PTHREAD_MUTEX_RECURSIVE).
    template<int TType>
    class PthreadMutex
    {
    public:
        PthreadMutex()
        {
            ::pthread_mutexattr_t attributes;
            ::pthread_mutexattr_init(&attributes);
            ::pthread_mutexattr_settype(&attributes, TType);
            int const error = ::pthread_mutex_init(&m_mutex, &attributes);
            ::pthread_mutexattr_destroy(&attributes);
            if(error != 0)
                throwLockError(error);
        }

        PthreadMutex(PthreadMutex const&) = delete;
        auto operator=(PthreadMutex const&) -> PthreadMutex& = delete;

        ~PthreadMutex()
        {
            ::pthread_mutex_destroy(&m_mutex);
        }

        void lock()
        {
            if(int const error = ::pthread_mutex_lock(&m_mutex); error != 0)
                throwLockError(error);
        }

        void unlock() noexcept
        {
            ::pthread_mutex_unlock(&m_mutex);
        }

    private:
        ::pthread_mutex_t m_mutex;
    };

    using Mutex = PthreadMutex<PTHREAD_MUTEX_DEFAULT>;
    //! A mutex the thread holding it may lock again (it unlocks as often as it locked).
    using RecursiveMutex = PthreadMutex<PTHREAD_MUTEX_RECURSIVE>;
} // namespace alpaka::detail::sys
#else
#    include <mutex>

namespace alpaka::detail::sys
{
    using Mutex = std::mutex;
    using RecursiveMutex = std::recursive_mutex;
} // namespace alpaka::detail::sys
#endif

namespace alpaka::detail::sys
{
    //! Holds a lock for its scope, as std::lock_guard.
    template<typename TMutex>
    class [[nodiscard]] LockGuard
    {
    public:
        explicit LockGuard(TMutex& mutex)
            : m_mutex(mutex)
        {
            m_mutex.lock();
        }

        LockGuard(LockGuard const&) = delete;
        auto operator=(LockGuard const&) -> LockGuard& = delete;

        ~LockGuard()
        {
            m_mutex.unlock();
        }

    private:
        TMutex& m_mutex;
    };
} // namespace alpaka::detail::sys
