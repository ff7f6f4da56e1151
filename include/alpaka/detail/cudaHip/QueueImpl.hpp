// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The state shared by the copies of a CUDA/HIP queue: its device, its stream and the first exception a host task
//! of the queue threw (rethrown by wait(queue), as on the CPU back-ends).

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"

#    include <exception>
#    include <memory>
#    include <mutex>
#    include <utility>

namespace alpaka::detail::cudaHip
{
    template<typename TApi>
    class QueueImpl
    {
    public:
        //! The stream does not synchronize with the legacy default stream: there is no default queue (seed 004).
        explicit QueueImpl(DevUniformCudaHipRt<TApi> const& dev)
            : m_dev(dev)
        {
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamCreateWithFlags(&m_stream, TApi::streamNonBlocking));
        }

        QueueImpl(QueueImpl const&) = delete;
        auto operator=(QueueImpl const&) -> QueueImpl& = delete;

        //! Work already enqueued still completes: the runtime releases the stream when it is done.
        ~QueueImpl()
        {
            ignoreError<TApi>(TApi::setDevice(m_dev.getNativeHandle()));
            ignoreError<TApi>(TApi::streamDestroy(m_stream));
        }

        [[nodiscard]] auto dev() const -> DevUniformCudaHipRt<TApi> const&
        {
            return m_dev;
        }

        [[nodiscard]] auto stream() const -> typename TApi::Stream_t
        {
            return m_stream;
        }

        void synchronize() const
        {
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::streamSynchronize(m_stream));
            rethrowHostTaskError();
        }

        [[nodiscard]] auto empty() const -> bool
        {
            auto const status = TApi::streamQuery(m_stream);
            if(status == TApi::errorNotReady)
            {
                static_cast<void>(TApi::getLastError());
                return false;
            }
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, status);
            return true;
        }

        //! Runs task on the stream's host callback thread, in stream order. The task must not call the runtime API
        //! (a restriction of host callbacks); an exception it throws is kept and rethrown by wait(queue).
        template<typename TTask>
        void enqueueHostTask(TTask&& task)
        {
            struct Payload
            {
                std::decay_t<TTask> task;
                std::weak_ptr<QueueImpl> queue;
            };

            auto payload = std::make_unique<Payload>(Payload{std::forward<TTask>(task), m_self});
            auto const callback = [](void* userData)
            {
                std::unique_ptr<Payload> const owned(static_cast<Payload*>(userData));
                try
                {
                    owned->task();
                }
                catch(...)
                {
                    if(auto const queue = owned->queue.lock())
                        queue->storeHostTaskError(std::current_exception());
                }
            };
            m_dev.makeCurrent();
            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::launchHostFunc(m_stream, callback, payload.get()));
            static_cast<void>(payload.release()); // the callback owns it now
        }

        //! Set by the owning queue right after construction (the callback refers back to the queue weakly).
        std::weak_ptr<QueueImpl> m_self;

    private:
        void storeHostTaskError(std::exception_ptr error)
        {
            std::lock_guard<std::mutex> const lock(m_errorMutex);
            if(!m_hostTaskError)
                m_hostTaskError = std::move(error);
        }

        void rethrowHostTaskError() const
        {
            std::exception_ptr error;
            {
                std::lock_guard<std::mutex> const lock(m_errorMutex);
                error = std::exchange(m_hostTaskError, nullptr);
            }
            if(error)
                std::rethrow_exception(error);
        }

        DevUniformCudaHipRt<TApi> m_dev;
        typename TApi::Stream_t m_stream{};
        mutable std::mutex m_errorMutex;
        mutable std::exception_ptr m_hostTaskError;
    };
} // namespace alpaka::detail::cudaHip

#endif
