// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The state every handle of the CPU device shares: the queues created on it, so that wait(dev) can wait for all.
//! A template of an unused parameter (the alias DevCpuImpl names it): what registering and waiting use is compiled
//! only in units that create a queue or wait for the device (see meta/DependentType.hpp).

#include "alpaka/detail/cpu/Task.hpp"
#include "alpaka/meta/DependentType.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace alpaka::detail::cpu
{
    template<typename TLazy = void>
    class DevCpuImplT
    {
        using Queue = meta::DependentType<ICpuQueue, TLazy>;

    public:
        //! The one CPU device of the process.
        static auto instance() -> std::shared_ptr<DevCpuImplT> const&
        {
            static auto const impl = std::make_shared<DevCpuImplT>();
            return impl;
        }

        void registerQueue(std::shared_ptr<Queue> const& queue)
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            // Drop queues that are gone so the list does not grow with short-lived queues.
            std::erase_if(m_queues, [](auto const& weak) { return weak.expired(); });
            m_queues.push_back(queue);
        }

        //! Waits for the work enqueued so far into every live queue; rethrows the first recorded error.
        void waitAllQueues()
        {
            std::vector<std::shared_ptr<Queue>> live;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                for(auto const& weak : m_queues)
                    if(auto queue = weak.lock())
                        live.push_back(std::move(queue));
            }
            std::exception_ptr firstError;
            for(auto const& queue : live)
            {
                try
                {
                    queue->waitAll();
                }
                catch(...)
                {
                    if(!firstError)
                        firstError = std::current_exception();
                }
            }
            if(firstError)
                std::rethrow_exception(firstError);
        }

    private:
        std::mutex m_mutex;
        std::vector<std::weak_ptr<Queue>> m_queues;
    };

    using DevCpuImpl = DevCpuImplT<>;
} // namespace alpaka::detail::cpu
