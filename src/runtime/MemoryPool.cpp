// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "MemoryPool.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "Errors.hpp"

namespace pyalpaka::rt
{
    namespace
    {
        constexpr std::size_t minClass = 512;

        //! A fault injected for the emulated GPU's proof that it catches ordering bugs (docs/dev/testing-gpu.md):
        //! PYALPAKA_TEST_DROP_POOL_FENCES=1 makes the pool ignore its fences, as a pool that forgot them would.
        auto fencesDropped() -> bool
        {
            static bool const dropped = []
            {
                char const* value = std::getenv("PYALPAKA_TEST_DROP_POOL_FENCES");
                return value != nullptr && std::string_view(value) == "1";
            }();
            return dropped;
        }

        //! Whether a cached block may serve a request ordered on `queue` (null: a request of no queue).
        auto reusable(ReleaseFence const& fence, void const* queue) -> bool
        {
            if(!fence.passed || fencesDropped())
                return true;
            if(queue != nullptr && fence.queue == queue)
                return true;
            return fence.passed();
        }
    } // namespace

    MemoryPool::MemoryPool(Source source, bool caching)
        : m_source(std::move(source))
    {
        m_stats.caching = caching;
    }

    MemoryPool::~MemoryPool()
    {
        // Only blocks nothing uses are left: buffers keep their device, and so its pool, alive.
        for(auto& [size, blocks] : m_cached)
            for(auto& block : blocks)
                m_source.free(block.pointer, size);
    }

    auto MemoryPool::sizeClass(std::size_t bytes) -> std::size_t
    {
        if(bytes <= minClass)
            return minClass;
        if(bytes > std::size_t{1} << 62)
            return bytes; // no class above: such a request fails at the device anyway
        auto const power = std::bit_ceil(bytes);
        auto const step = std::max(minClass, power / 16);
        return (bytes + step - 1) / step * step;
    }

    void MemoryPool::traceAllocation(
        std::int64_t begin, std::size_t bytes, char const* what, alpaka::trace::Op op) const noexcept
    {
        try
        {
            alpaka::trace::recordSpan({op, what, m_source.deviceName, bytes}, nullptr, begin);
        }
        catch(...)
        {
            // A description that cannot be made is a record less, never a failed allocation.
        }
    }

    auto MemoryPool::allocate(std::size_t bytes, void const* queue) -> void*
    {
        auto const traceBegin = alpaka::trace::enabled() ? alpaka::trace::now() : 0;
        auto const size = sizeClass(bytes);
        std::unique_lock lock(m_mutex);
        settleLocked();
        ++m_stats.requests;
        if(auto found = m_cached.find(size); found != m_cached.end())
        {
            auto& blocks = found->second;
            for(auto it = blocks.rbegin(); it != blocks.rend(); ++it)
            {
                if(!reusable(it->fence, queue))
                    continue;
                void* pointer = it->pointer;
                blocks.erase(std::next(it).base());
                if(blocks.empty())
                    m_cached.erase(found);
                m_stats.cachedBytes -= size;
                m_stats.usedBytes += size;
                ++m_stats.reuses;
                if(traceBegin != 0)
                    traceAllocation(traceBegin, bytes, "allocation from the pool");
                return pointer;
            }
        }
        if(m_stats.limitBytes != 0)
        {
            auto const held = m_stats.heldBytes();
            if(held + size > m_stats.limitBytes)
                trimLocked(held + size - m_stats.limitBytes);
            if(size > m_stats.limitBytes || m_stats.heldBytes() + size > m_stats.limitBytes)
                throw OutOfMemory(
                    "cannot allocate " + std::to_string(bytes) + " bytes on " + m_source.deviceName
                    + ": the memory pool's limit of " + formatBytes(m_stats.limitBytes) + " would be exceeded ("
                    + describeLocked() + "; raise pk.memory_pool(device).limit)");
        }
        // The device call outside the lock: other threads keep allocating from the cache meanwhile.
        lock.unlock();
        void* pointer = m_source.allocate(size);
        lock.lock();
        if(pointer == nullptr && trimLocked(~std::size_t{0}) > 0)
        {
            ++m_stats.outOfMemoryRetries;
            lock.unlock();
            pointer = m_source.allocate(size);
            lock.lock();
        }
        if(pointer == nullptr)
            throw OutOfMemory(
                "cannot allocate " + std::to_string(bytes) + " bytes on " + m_source.deviceName + ": out of memory ("
                + describeLocked() + ")");
        ++m_stats.sourceAllocs;
        m_stats.usedBytes += size;
        if(traceBegin != 0)
        {
            lock.unlock();
            traceAllocation(traceBegin, bytes, "allocation from the device");
        }
        return pointer;
    }

    void MemoryPool::release(void* pointer, std::size_t bytes, ReleaseFence fence) noexcept
    {
        auto const traceBegin = alpaka::trace::enabled() ? alpaka::trace::now() : 0;
        auto const size = sizeClass(bytes);
        {
            std::lock_guard lock(m_mutex);
            m_stats.usedBytes -= size;
            // A fenced block stays whatever the settings: work may still use it, and a host device's free would
            // not wait for that work. Settling (in allocate) gives it back once the fence passed. The fence is not
            // asked here: releases may run on threads that must not call the driver (CUDA's callback thread).
            bool const pending = static_cast<bool>(fence.passed);
            bool const fits = (m_stats.limitBytes == 0 || m_stats.heldBytes() + size <= m_stats.limitBytes)
                              && (m_stats.maxCachedBytes == 0 || m_stats.cachedBytes + size <= m_stats.maxCachedBytes);
            if(pending || (m_stats.caching && fits))
            {
                try
                {
                    m_cached[size].push_back({pointer, std::move(fence)});
                    m_stats.cachedBytes += size;
                    if(traceBegin != 0)
                        traceAllocation(traceBegin, bytes, "release to the pool", alpaka::trace::Op::Free);
                    return;
                }
                catch(std::bad_alloc const&)
                {
                    if(pending)
                        return; // neither noted nor safe to free: the block is lost rather than freed under work
                }
            }
            ++m_stats.sourceFrees;
        }
        m_source.free(pointer, size);
        if(traceBegin != 0)
            traceAllocation(traceBegin, bytes, "release to the device", alpaka::trace::Op::Free);
    }

    void MemoryPool::settleLocked()
    {
        if(m_cached.empty())
            return;
        if(!m_stats.caching)
            trimLocked(~std::size_t{0});
        else if(m_stats.maxCachedBytes != 0 && m_stats.cachedBytes > m_stats.maxCachedBytes)
            trimLocked(m_stats.cachedBytes - m_stats.maxCachedBytes);
        else if(m_stats.limitBytes != 0 && m_stats.heldBytes() > m_stats.limitBytes)
            trimLocked(m_stats.heldBytes() - m_stats.limitBytes);
    }

    auto MemoryPool::trimLocked(std::size_t target) -> std::size_t
    {
        std::size_t freed = 0;
        for(auto it = m_cached.rbegin(); it != m_cached.rend() && freed < target;)
        {
            auto const size = it->first;
            auto& blocks = it->second;
            auto keep = std::partition(
                blocks.begin(),
                blocks.end(),
                [](Cached const& block) { return block.fence.passed && !block.fence.passed(); });
            for(auto block = keep; block != blocks.end() && freed < target; ++block)
            {
                m_source.free(block->pointer, size);
                block->pointer = nullptr;
                freed += size;
                m_stats.cachedBytes -= size;
                ++m_stats.sourceFrees;
            }
            blocks.erase(
                std::remove_if(keep, blocks.end(), [](Cached const& block) { return block.pointer == nullptr; }),
                blocks.end());
            if(blocks.empty())
                it = decltype(it)(m_cached.erase(std::next(it).base()));
            else
                ++it;
        }
        return freed;
    }

    auto MemoryPool::freeAll() -> std::size_t
    {
        std::lock_guard lock(m_mutex);
        return trimLocked(~std::size_t{0});
    }

    void MemoryPool::setLimit(std::size_t bytes)
    {
        std::lock_guard lock(m_mutex);
        m_stats.limitBytes = bytes;
        if(bytes != 0 && m_stats.heldBytes() > bytes)
            trimLocked(m_stats.heldBytes() - bytes);
    }

    void MemoryPool::setMaxCached(std::size_t bytes)
    {
        std::lock_guard lock(m_mutex);
        m_stats.maxCachedBytes = bytes;
        if(bytes != 0 && m_stats.cachedBytes > bytes)
            trimLocked(m_stats.cachedBytes - bytes);
    }

    void MemoryPool::setCaching(bool caching)
    {
        std::lock_guard lock(m_mutex);
        m_stats.caching = caching;
        if(!caching)
            trimLocked(~std::size_t{0});
    }

    auto MemoryPool::stats() const -> MemoryPoolStats
    {
        std::lock_guard lock(m_mutex);
        return m_stats;
    }

    auto MemoryPool::describeLocked() const -> std::string
    {
        std::size_t blocks = 0;
        for(auto const& [size, cached] : m_cached)
            blocks += cached.size();
        return "the pool holds " + formatBytes(m_stats.usedBytes) + " in use and " + formatBytes(m_stats.cachedBytes)
               + " cached in " + std::to_string(blocks) + " block" + (blocks == 1 ? "" : "s")
               + (m_stats.limitBytes != 0 ? ", limit " + formatBytes(m_stats.limitBytes) : "");
    }

    auto memoryPoolEnabled() -> bool
    {
        char const* value = std::getenv("PYALPAKA_MEMORY_POOL");
        if(value == nullptr)
            return true;
        std::string const v(value);
        if(v.empty() || v == "1" || v == "on" || v == "true")
            return true;
        if(v == "0" || v == "off" || v == "false")
            return false;
        throw std::invalid_argument(
            "PYALPAKA_MEMORY_POOL must be 1 (pool device memory, the default) or 0 (allocate directly), got '" + v
            + "'");
    }

    auto formatBytes(std::size_t bytes) -> std::string
    {
        static constexpr std::array<char const*, 5> units{"B", "KiB", "MiB", "GiB", "TiB"};
        if(bytes < 1024)
            return std::to_string(bytes) + " B";
        auto value = static_cast<double>(bytes);
        std::size_t unit = 0;
        while(value >= 1024 && unit + 1 < units.size())
        {
            value /= 1024;
            ++unit;
        }
        std::array<char, 32> text{};
        std::snprintf(text.data(), text.size(), "%.1f %s", value, units[unit]);
        return text.data();
    }
} // namespace pyalpaka::rt
