// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Device::allocate and allocateMapped: blocks of the device's pools (MemoryPool.hpp), owned by shared pointers whose
//! deleter gives them back, fenced by their queue where they were allocated in queue order.

#include <stdexcept>
#include <utility>

#include "Runtime.hpp"

namespace pyalpaka::rt
{
    namespace
    {
        //! Gives a block back to its pool. Holds the device, and so the pool, alive.
        struct PoolRelease
        {
            std::shared_ptr<Device const> device;
            MemoryPool* pool;
            std::size_t bytes;
            //! Set for a queue-ordered block: the release waits for the work this queue has been given until then.
            std::weak_ptr<Queue> orderedOn;

            void operator()(void* pointer) const noexcept
            {
                ReleaseFence fence;
                if(auto const queue = orderedOn.lock())
                {
                    fence.queue = queue.get();
                    fence.passed = [weak = orderedOn, submitted = queue->submittedCount()]
                    {
                        // A queue that is gone waited for its work when it went.
                        auto const q = weak.lock();
                        return !q || q->completedCount() >= submitted;
                    };
                }
                pool->release(pointer, bytes, std::move(fence));
            }
        };
    } // namespace

    void Device::initMemoryPools(MemoryPool::Source device, std::optional<MemoryPool::Source> mapped)
    {
        bool const caching = memoryPoolEnabled();
        auto const deviceBytes = device.deviceBytes;
        m_pool = std::make_unique<MemoryPool>(std::move(device), caching);
        if(mapped)
            m_mappedPool = std::make_unique<MemoryPool>(std::move(*mapped), caching);
        else
        {
            // Host memory gives no out-of-memory signal to give the cache back on (the system overcommits, then
            // kills): a CPU device's pool keeps at most an eighth of the memory cached. (Page-locked memory does
            // fail when the system refuses it, like device memory.)
            m_pool->setMaxCached(deviceBytes / 8);
        }
    }

    void Device::releaseMemoryPools() noexcept
    {
        m_mappedPool.reset();
        m_pool.reset();
    }

    auto Device::memoryPool() const -> MemoryPool&
    {
        if(!m_pool)
            throw std::logic_error("the device " + name() + " has no memory pool");
        return *m_pool;
    }

    auto Device::mappedMemoryPool() const -> MemoryPool&
    {
        return m_mappedPool ? *m_mappedPool : memoryPool();
    }

    auto Device::allocate(std::size_t bytes, std::shared_ptr<Queue> const& orderedOn) -> std::shared_ptr<void>
    {
        auto& pool = memoryPool();
        void* pointer = pool.allocate(bytes, orderedOn.get());
        // Should the control block fail to allocate, shared_ptr's constructor calls the deleter itself.
        return {pointer, PoolRelease{shared_from_this(), &pool, bytes, orderedOn}};
    }

    auto Device::allocateMapped(std::size_t bytes) -> std::shared_ptr<void>
    {
        auto& pool = mappedMemoryPool();
        void* pointer = pool.allocate(bytes);
        // Should the control block fail to allocate, shared_ptr's constructor calls the deleter itself.
        return {pointer, PoolRelease{shared_from_this(), &pool, bytes, {}}};
    }
} // namespace pyalpaka::rt
