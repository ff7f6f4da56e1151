// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ICpuQueue: what the CPU device needs from each of its queues (wait(dev) waits for them all), and QueueRef, the
//! owning handle of a queue's core that the queue classes hold.

#include "alpaka/detail/cpu/queue/DevCpuImpl.hpp"
#include "alpaka/detail/cpu/queue/GraphNodes.hpp"
#include "alpaka/detail/sys/IntrusiveRef.hpp"
#include "alpaka/trace/Trace.hpp"

#include <string>

namespace alpaka::detail::cpu
{
    //! A CPU queue's core as the device sees it, with the queue's graph capture state. A queue counts its owners
    //! itself (QueueRef: the queue handles, and the device while it waits for the queue) and is listed by the device
    //! through the links below until it is destroyed.
    class ICpuQueue : public sys::RefCounted
    {
    public:
        //! One owner less; the last one destroys the queue.
        void release() noexcept
        {
            if(releaseIsLast())
                delete this;
        }

        virtual ~ICpuQueue()
        {
            if(m_listed)
                DevCpuImpl::instance().unregisterQueue(*this);
        }

        //! Waits until the work enqueued before the call has finished; rethrows a recorded error. Throws while the
        //! queue captures a graph (its work would never run).
        virtual void waitAll() = 0;

        //! Whether the work enqueued so far has finished.
        [[nodiscard]] virtual auto empty() const -> bool = 0;

        [[nodiscard]] auto capture() noexcept -> CaptureSlot&
        {
            return m_capture;
        }

        [[nodiscard]] auto capture() const noexcept -> CaptureSlot const&
        {
            return m_capture;
        }

        //! The queue's timeline in a trace (alpaka/trace/Trace.hpp); its label may be changed before the queue is
        //! shared with other threads (trace::setQueueLabel).
        [[nodiscard]] auto traceTrack() noexcept -> trace::Track&
        {
            return m_track;
        }

    protected:
        //! `kind` names the queue in traces with its number: "non-blocking queue 3".
        explicit ICpuQueue(char const* kind)
            : m_track{trace::newTrackId(), kind}
        {
            m_track.label += ' ';
            m_track.label += std::to_string(m_track.id);
        }

    private:
        template<typename TLazy>
        friend class DevCpuImplT;

        CaptureSlot m_capture;
        trace::Track m_track;
        // The device's list of queues (DevCpuImplT), guarded by its mutex.
        ICpuQueue* m_listPrev = nullptr;
        ICpuQueue* m_listNext = nullptr;
        bool m_listed = false;
    };

    //! An owning handle of a queue's core (a new core has one owner: the handle made from it).
    template<typename TCore>
    using QueueRef = sys::IntrusiveRef<TCore>;
} // namespace alpaka::detail::cpu
