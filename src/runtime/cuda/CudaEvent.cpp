// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! CudaEvent, and a CudaQueue's record of and wait for one (inside a capture, as external event nodes that each
//! replay performs).

#include <utility>

#include "CudaRuntime.hpp"
#include "runtime/Errors.hpp"

namespace pyalpaka::rt::cuda
{
    namespace
    {
        auto nativeEvent(Event& event, CudaDevice const& queueDevice) -> CudaEvent&
        {
            auto* cuda = dynamic_cast<CudaEvent*>(&event);
            if(cuda == nullptr || cuda->device()->index() != queueDevice.index())
                throw TypeMismatch(
                    "an event of " + event.device()->name() + " (" + event.device()->backend().name()
                    + ") cannot be used with a queue of " + queueDevice.name()
                    + " (cuda): create the event on the queue's device");
            return *cuda;
        }
    } // namespace

    void CudaQueue::record(Event& event)
    {
        auto& cuda = nativeEvent(event, *m_device);
        ContextScope scope(m_device->context());
        if(capturing())
        {
            PYALPAKA_CU_CHECK(cuEventRecordWithFlags, cuda.native(), m_stream, CU_EVENT_RECORD_EXTERNAL);
            return;
        }
        auto const traceBegin = alpaka::trace::enabled() ? alpaka::trace::now() : 0;
        PYALPAKA_CU_CHECK(cuEventRecord, cuda.native(), m_stream);
        if(m_blocking)
            PYALPAKA_CU_CHECK(cuEventSynchronize, cuda.native());
        if(traceBegin != 0)
            alpaka::trace::recordSpan({alpaka::trace::Op::EventRecord, "event record"}, &m_track, traceBegin, true);
    }

    void CudaQueue::waitFor(Event& event)
    {
        auto& cuda = nativeEvent(event, *m_device);
        ContextScope scope(m_device->context());
        if(capturing())
        {
            PYALPAKA_CU_CHECK(cuStreamWaitEvent, m_stream, cuda.native(), CU_EVENT_WAIT_EXTERNAL);
            return;
        }
        auto const traceBegin = alpaka::trace::enabled() ? alpaka::trace::now() : 0;
        PYALPAKA_CU_CHECK(cuStreamWaitEvent, m_stream, cuda.native(), 0u);
        if(m_blocking)
            PYALPAKA_CU_CHECK(cuEventSynchronize, cuda.native());
        if(traceBegin != 0)
            alpaka::trace::recordSpan({alpaka::trace::Op::EventWait, "event wait"}, &m_track, traceBegin, true);
    }

    CudaEvent::CudaEvent(std::shared_ptr<CudaDevice> device)
        : m_device(std::move(device))
    {
        ContextScope scope(m_device->context());
        PYALPAKA_CU_CHECK(cuEventCreate, &m_event, CU_EVENT_DISABLE_TIMING);
    }

    CudaEvent::~CudaEvent()
    {
        ContextScope const scope(m_device->context(), std::nothrow);
        if(scope.entered())
            (void)driver().cuEventDestroy_v2(m_event);
    }

    void CudaEvent::wait()
    {
        ContextScope scope(m_device->context());
        PYALPAKA_CU_CHECK(cuEventSynchronize, m_event);
    }

    auto CudaEvent::isComplete() const -> bool
    {
        ContextScope scope(m_device->context());
        CUresult const status = driver().cuEventQuery(m_event);
        if(status == CUDA_ERROR_NOT_READY)
            return false;
        check(status, "cuEventQuery");
        return true;
    }
} // namespace pyalpaka::rt::cuda
