// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! MemoryPool: a caching allocator over a device's own allocator. Released blocks stay with the pool, sorted by size
//! class, and later requests of the same class take them back without a driver call: a GPU program that makes a
//! temporary per step allocates from the driver only while its working set grows (docs/memory.md says why this
//! design rather than the driver's stream-ordered pool).
//!
//! When a block may be reused is the caller's promise plus an optional fence. The promise: a block is released only
//! once no enqueued work uses it any more, except work that the fence covers. (The bindings keep what a queued
//! operation uses alive until it ran, so their releases keep it; a queue-ordered buffer's release is fenced by its
//! queue instead.) A fenced block is reused by later work of the fence's queue at once (queue order puts that work
//! after the guarded uses) and by anyone else once the fence has passed.

#include <alpaka/trace/Trace.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace pyalpaka::rt
{
    //! Guards a released block until the work that may still use it has run.
    struct ReleaseFence
    {
        //! The queue whose work the fence waits for; a request ordered on the same queue may take the block at once.
        void const* queue = nullptr;
        //! Whether that work has run (called under the pool's lock, by allocate, freeAll and the setters, never by
        //! release; must not call back into the pool).
        std::function<bool()> passed;
    };

    //! What a pool's counters say at one moment.
    struct MemoryPoolStats
    {
        std::size_t usedBytes = 0;      //!< in blocks that buffers own (rounded up to the size class)
        std::size_t cachedBytes = 0;    //!< in released blocks kept for reuse
        std::size_t limitBytes = 0;     //!< the most the pool may hold (used + cached); 0: no limit
        std::size_t maxCachedBytes = 0; //!< the most the pool keeps in cached blocks; 0: no bound
        bool caching = true;
        std::uint64_t requests = 0;           //!< allocations asked of the pool
        std::uint64_t reuses = 0;             //!< of them, served by a cached block
        std::uint64_t sourceAllocs = 0;       //!< allocations asked of the device
        std::uint64_t sourceFrees = 0;        //!< blocks given back to the device
        std::uint64_t outOfMemoryRetries = 0; //!< device refusals answered by freeing the cache and trying again

        [[nodiscard]] auto heldBytes() const -> std::size_t
        {
            return usedBytes + cachedBytes;
        }
    };

    class MemoryPool
    {
    public:
        //! The device's own allocator.
        struct Source
        {
            //! `bytes` of memory aligned for any element type, or null when the device has no memory left (other
            //! failures throw).
            std::function<void*(std::size_t bytes)> allocate;
            //! Returns memory of allocate (never throws: called from destructors).
            std::function<void(void* pointer, std::size_t bytes)> free;
            //! "NVIDIA H200 (cuda:0)": for error messages.
            std::string deviceName;
            //! The device's memory, for limits given as a fraction of it.
            std::size_t deviceBytes = 0;
        };

        //! `caching` false: every release goes straight back to the device (the pool only counts and limits).
        MemoryPool(Source source, bool caching);
        ~MemoryPool();
        MemoryPool(MemoryPool const&) = delete;
        auto operator=(MemoryPool const&) -> MemoryPool& = delete;

        //! A block of at least `bytes` bytes (at least one). `queue`: the queue whose later work alone uses the block
        //! first (a queue-ordered buffer), which may take blocks fenced on that queue. Throws OutOfMemory naming the
        //! device, the request and what the pool holds, after giving the cached blocks back to the device and trying
        //! once more.
        [[nodiscard]] auto allocate(std::size_t bytes, void const* queue = nullptr) -> void*;

        //! Takes back a block of allocate (`bytes` as requested there); fenced until `fence` passed when given. A
        //! fenced block goes back to the device only after its fence passed, even without caching.
        void release(void* pointer, std::size_t bytes, ReleaseFence fence = {}) noexcept;

        //! Gives every cached block whose fence passed back to the device; the bytes given back.
        auto freeAll() -> std::size_t;

        //! The most the pool may hold in used and cached blocks together; 0: no limit. Cached blocks beyond a lower
        //! limit are given back at once.
        void setLimit(std::size_t bytes);
        //! The most the pool keeps cached; a release beyond it goes back to the device. 0: no bound (a GPU pool gives
        //! its cache back when the device runs out instead; host memory has no such signal).
        void setMaxCached(std::size_t bytes);
        void setCaching(bool caching);
        [[nodiscard]] auto stats() const -> MemoryPoolStats;
        [[nodiscard]] auto source() const -> Source const&
        {
            return m_source;
        }

        //! The size class a request of `bytes` is served from: a multiple of 1/16 of the next power of two (at least
        //! 512 bytes), so at most 1/8 more than asked (just above a power of two), mostly less.
        [[nodiscard]] static auto sizeClass(std::size_t bytes) -> std::size_t;

    private:
        struct Cached
        {
            void* pointer;
            ReleaseFence fence;
        };

        Source m_source;
        mutable std::mutex m_mutex;
        //! Released blocks by size class, the most recently released last (its memory is the likeliest in caches).
        std::map<std::size_t, std::vector<Cached>> m_cached;
        MemoryPoolStats m_stats;

        //! Frees cached blocks whose fence passed, largest classes first, until `target` bytes are freed; the bytes
        //! freed. Under the lock.
        auto trimLocked(std::size_t target) -> std::size_t;
        //! Gives back what the settings no longer allow to keep, of the blocks whose fence passed since they came
        //! back (a fenced block is kept until then, caching or not). Under the lock.
        void settleLocked();
        [[nodiscard]] auto describeLocked() const -> std::string;
        //! Records an allocation or release that began at `begin` (trace::now()) in a trace; `what` says whether
        //! the pool or the device served it.
        void traceAllocation(
            std::int64_t begin,
            std::size_t bytes,
            char const* what,
            alpaka::trace::Op op = alpaka::trace::Op::Alloc) const noexcept;
    };

    //! Whether $PYALPAKA_MEMORY_POOL allows caching: unset, "1", "on", "true" yes; "0", "off", "false" no. Throws
    //! std::invalid_argument for any other value.
    [[nodiscard]] auto memoryPoolEnabled() -> bool;

    //! "1.5 MiB", "512 B": sizes in messages.
    [[nodiscard]] auto formatBytes(std::size_t bytes) -> std::string;
} // namespace pyalpaka::rt
