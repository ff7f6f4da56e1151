// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The state every handle of the CPU device shares: the queues created on it, so that wait(dev) can wait for all.
//! A template of an unused parameter (the alias DevCpuImpl names it): what registering and waiting use is compiled
//! only in units that create a queue or wait for the device (see meta/DependentType.hpp).

#include "alpaka/detail/FirstError.hpp"
#include "alpaka/detail/sys/IntrusiveRef.hpp"
#include "alpaka/detail/sys/Mutex.hpp"
#include "alpaka/meta/DependentType.hpp"

#include <vector>

namespace alpaka::detail::cpu
{
    //! A queue as the device sees it (detail/cpu/queue/ICpuQueue.hpp). Only declared: the members that use it are
    //! compiled where a queue is created, which includes its definition; a unit without queues does not parse the queue
    //! machinery.
    class ICpuQueue;

    template<typename TLazy = void>
    class DevCpuImplT
    {
        using Queue = meta::DependentType<ICpuQueue, TLazy>;

    public:
        //! The one CPU device of the process. Never destroyed, so that queues and device handles in static storage
        //! may outlive every other static object; a device handle is a plain pointer to it (no reference count, no
        //! std::shared_ptr code in every unit that names the device).
        static auto instance() -> DevCpuImplT&
        {
            static auto* const impl = new DevCpuImplT();
            return *impl;
        }

        //! Adds a queue to the list (an intrusive list: the links are the queue's own members, see ICpuQueue).
        void registerQueue(Queue& queue)
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            queue.m_listPrev = nullptr;
            queue.m_listNext = m_head;
            if(m_head != nullptr)
                m_head->m_listPrev = &queue;
            m_head = &queue;
            queue.m_listed = true;
        }

        //! Removes a queue from the list; the queue's destructor calls it.
        void unregisterQueue(Queue& queue) noexcept
        {
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            if(!queue.m_listed)
                return;
            (queue.m_listPrev != nullptr ? queue.m_listPrev->m_listNext : m_head) = queue.m_listNext;
            if(queue.m_listNext != nullptr)
                queue.m_listNext->m_listPrev = queue.m_listPrev;
            queue.m_listed = false;
        }

        //! Waits for the work enqueued so far into every live queue; rethrows the first recorded error.
        void waitAllQueues()
        {
            auto const live = liveQueues();
            FirstError firstError;
            for(auto const& queue : live)
            {
                try
                {
                    queue->waitAll();
                }
                catch(...)
                {
                    firstError.capture();
                }
            }
            firstError.rethrowIfAny();
        }

        //! Whether every live queue has finished the work enqueued so far (a snapshot: for test helpers that let
        //! the queues settle, not for synchronization).
        [[nodiscard]] auto allQueuesEmpty() -> bool
        {
            for(auto const& queue : liveQueues())
                if(!queue->empty())
                    return false;
            return true;
        }

    private:
        //! Owning handles of the live queues, taken under the lock, to be used without it: a task may create a
        //! queue, which registers here. A queue whose last handle is gone (its destructor has not unlinked it yet)
        //! is left out: it has no work left, and its derived part may be destroyed already. The handles must go
        //! after the lock is released: the last of them may destroy its queue, whose destructor takes the lock to
        //! unlink it.
        [[nodiscard]] auto liveQueues() -> std::vector<sys::IntrusiveRef<Queue>>
        {
            std::vector<sys::IntrusiveRef<Queue>> live;
            sys::LockGuard<sys::Mutex> lock(m_mutex);
            for(Queue* queue = m_head; queue != nullptr; queue = queue->m_listNext)
                if(queue->tryAddRef())
                    live.emplace_back(queue);
            return live;
        }

        sys::Mutex m_mutex;
        Queue* m_head = nullptr;
    };

    using DevCpuImpl = DevCpuImplT<>;
} // namespace alpaka::detail::cpu
