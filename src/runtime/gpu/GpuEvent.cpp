// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! GpuEvent, and a GpuQueue's record of and wait for one (inside a capture, as external event nodes that each
//! replay performs).

#include <utility>

#include "GpuRuntime.hpp"
#include "runtime/Errors.hpp"

namespace pyalpaka::rt::gpu
{
    namespace
    {
        auto nativeEvent(Event& event, GpuDevice const& queueDevice) -> GpuEvent&
        {
            auto* gpu = dynamic_cast<GpuEvent*>(&event);
            if(gpu == nullptr || gpu->device().get() != &queueDevice)
                throw TypeMismatch(
                    "an event of " + event.device()->name() + " (" + event.device()->backend().name()
                    + ") cannot be used with a queue of " + queueDevice.describe()
                    + ": create the event on the queue's device");
            return *gpu;
        }
    } // namespace

    void GpuQueue::record(Event& event)
    {
        auto& gpu = nativeEvent(event, *m_device);
        ContextScope scope(api(), m_device->context());
        if(capturing())
        {
            PYALPAKA_GPU_CHECK(api(), eventRecordWithFlags, gpu.native(), m_stream, eventRecordExternal);
            return;
        }
        auto const traceBegin = alpaka::trace::enabled() ? alpaka::trace::now() : 0;
        PYALPAKA_GPU_CHECK(api(), eventRecord, gpu.native(), m_stream);
        if(m_blocking)
            PYALPAKA_GPU_CHECK(api(), eventSynchronize, gpu.native());
        if(traceBegin != 0)
            alpaka::trace::recordSpan({alpaka::trace::Op::EventRecord, "event record"}, &m_track, traceBegin, true);
    }

    void GpuQueue::waitFor(Event& event)
    {
        auto& gpu = nativeEvent(event, *m_device);
        ContextScope scope(api(), m_device->context());
        if(capturing())
        {
            PYALPAKA_GPU_CHECK(api(), streamWaitEvent, m_stream, gpu.native(), eventWaitExternal);
            return;
        }
        auto const traceBegin = alpaka::trace::enabled() ? alpaka::trace::now() : 0;
        PYALPAKA_GPU_CHECK(api(), streamWaitEvent, m_stream, gpu.native(), 0u);
        if(m_blocking)
            PYALPAKA_GPU_CHECK(api(), eventSynchronize, gpu.native());
        if(traceBegin != 0)
            alpaka::trace::recordSpan({alpaka::trace::Op::EventWait, "event wait"}, &m_track, traceBegin, true);
    }

    GpuEvent::GpuEvent(std::shared_ptr<GpuDevice> device)
        : m_device(std::move(device))
    {
        ContextScope scope(api(), m_device->context());
        PYALPAKA_GPU_CHECK(api(), eventCreate, &m_event, eventDisableTiming);
    }

    GpuEvent::~GpuEvent()
    {
        ContextScope const scope(api(), m_device->context(), std::nothrow);
        if(scope.entered())
            (void)api().eventDestroy(m_event);
    }

    void GpuEvent::wait()
    {
        ContextScope scope(api(), m_device->context());
        PYALPAKA_GPU_CHECK(api(), eventSynchronize, m_event);
    }

    auto GpuEvent::isComplete() const -> bool
    {
        ContextScope scope(api(), m_device->context());
        Result const status = api().eventQuery(m_event);
        if(status == errorNotReady)
            return false;
        check(api(), status, api().eventQuery.symbol);
        return true;
    }
} // namespace pyalpaka::rt::gpu
