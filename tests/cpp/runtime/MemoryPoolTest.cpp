// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The runtime's caching allocator (src/runtime/MemoryPool.hpp) over a counting stand-in for a device's allocator:
// size classes, reuse, fences, limits, the out-of-memory retry and its message, and many threads at once.

#include "runtime/MemoryPool.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <set>
#include <thread>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "runtime/Errors.hpp"

namespace
{
    using pyalpaka::rt::MemoryPool;
    using pyalpaka::rt::ReleaseFence;

    //! A device of `capacity` bytes whose allocations are counted.
    struct CountingDevice
    {
        std::size_t capacity;
        std::atomic<std::size_t> inUse = 0;
        std::atomic<int> allocations = 0;
        std::atomic<int> frees = 0;

        auto source() -> MemoryPool::Source
        {
            MemoryPool::Source s;
            s.deviceName = "counting device";
            s.deviceBytes = capacity;
            s.allocate = [this](std::size_t bytes) -> void*
            {
                if(inUse + bytes > capacity)
                    return nullptr;
                inUse += bytes;
                ++allocations;
                return std::malloc(bytes);
            };
            s.free = [this](void* p, std::size_t bytes)
            {
                inUse -= bytes;
                ++frees;
                std::free(p);
            };
            return s;
        }
    };
} // namespace

TEST_CASE("size classes are at most 1/8 above the request", "[runtime][pool]")
{
    CHECK(MemoryPool::sizeClass(0) == 512);
    CHECK(MemoryPool::sizeClass(1) == 512);
    CHECK(MemoryPool::sizeClass(513) == 1024);
    CHECK(MemoryPool::sizeClass(4000) == 4096);
    CHECK(MemoryPool::sizeClass(std::size_t{1} << 20) == std::size_t{1} << 20);
    CHECK(MemoryPool::sizeClass((std::size_t{1} << 20) + 1) == (std::size_t{1} << 20) + (std::size_t{1} << 17));
    for(std::size_t bytes = 1; bytes < (std::size_t{1} << 40); bytes = bytes * 3 + 7)
    {
        auto const size = MemoryPool::sizeClass(bytes);
        CHECK(size >= bytes);
        CHECK(size % 512 == 0);
        CHECK(size - bytes <= std::max<std::size_t>(512, bytes / 8));
    }
}

TEST_CASE("a released block serves the next request of its class", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 30};
    MemoryPool pool(device.source(), true);
    void* a = pool.allocate(1000);
    pool.release(a, 1000);
    CHECK(pool.stats().cachedBytes == 1024);
    CHECK(pool.allocate(900) == a); // same class
    void* b = pool.allocate(5000);  // another class: a block of its own
    CHECK(b != a);
    CHECK(device.allocations == 2);
    pool.release(a, 900);
    pool.release(b, 5000);
    auto const s = pool.stats();
    CHECK(s.usedBytes == 0);
    CHECK(s.requests == 3);
    CHECK(s.reuses == 1);
    CHECK(pool.freeAll() == 1024 + 5120);
    CHECK(device.frees == 2);
    CHECK(device.inUse == 0);
}

TEST_CASE("without caching every release goes back to the device", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 30};
    MemoryPool pool(device.source(), false);
    pool.release(pool.allocate(100), 100);
    CHECK(device.frees == 1);
    CHECK(pool.stats().heldBytes() == 0);
}

TEST_CASE("a fenced block waits for its fence, except for its own queue", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 30};
    MemoryPool pool(device.source(), true);
    int const queue = 0;
    int const otherQueue = 0;
    bool done = false;
    void* a = pool.allocate(4096, &queue);
    pool.release(a, 4096, ReleaseFence{&queue, [&done] { return done; }});
    void* unordered = pool.allocate(4096);
    void* other = pool.allocate(4096, &otherQueue);
    CHECK(unordered != a);
    CHECK(other != a);
    CHECK(pool.freeAll() == 0); // the fenced block stays until its work ran
    CHECK(pool.allocate(4096, &queue) == a);
    pool.release(a, 4096, ReleaseFence{&queue, [&done] { return done; }});
    done = true;
    pool.release(unordered, 4096);
    CHECK(pool.allocate(4096) == unordered); // the most recently released first
    CHECK(pool.allocate(4096) == a);
    pool.release(a, 4096);
    pool.release(unordered, 4096);
    pool.release(other, 4096);
}

TEST_CASE("a fenced block goes back to the device only after its fence passed", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 30};
    MemoryPool pool(device.source(), false); // no caching: an unfenced release goes back at once
    int const queue = 0;
    bool done = false;
    void* a = pool.allocate(4096, &queue);
    pool.release(a, 4096, ReleaseFence{&queue, [&done] { return done; }});
    CHECK(device.frees == 0); // queued work may still use it
    CHECK(pool.freeAll() == 0);
    done = true;
    pool.release(pool.allocate(100), 100); // any later call settles what passed
    CHECK(device.frees == 2);
    CHECK(device.inUse == 0);
}

TEST_CASE("max cached bytes bounds the cache, not the buffers", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 30};
    MemoryPool pool(device.source(), true);
    pool.setMaxCached(8192);
    std::vector<void*> blocks;
    for(int i = 0; i < 4; ++i)
        blocks.push_back(pool.allocate(4096));
    for(void* block : blocks)
        pool.release(block, 4096);
    CHECK(pool.stats().cachedBytes == 8192);
    CHECK(device.frees == 2);
    pool.setMaxCached(4096);
    CHECK(pool.stats().cachedBytes == 4096);
    pool.freeAll();
}

TEST_CASE("the limit bounds what the pool holds", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 30};
    MemoryPool pool(device.source(), true);
    void* a = pool.allocate(8192);
    pool.release(a, 8192);
    pool.setLimit(4096); // below the cache: given back
    CHECK(device.inUse == 0);
    void* b = pool.allocate(4096);
    CHECK_THROWS_AS(pool.allocate(512), pyalpaka::rt::OutOfMemory);
    try
    {
        (void)pool.allocate(512);
    }
    catch(pyalpaka::rt::OutOfMemory const& e)
    {
        CHECK(std::string(e.what()).find("limit of 4.0 KiB would be exceeded") != std::string::npos);
    }
    pool.release(b, 4096);
    pool.setLimit(0);
    pool.freeAll();
}

TEST_CASE("out of memory gives the cache back and tries again", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 20};
    MemoryPool pool(device.source(), true);
    void* a = pool.allocate(600 * 1024);
    pool.release(a, 600 * 1024);
    void* b = pool.allocate(700 * 1024); // does not fit beside the cached block
    CHECK(pool.stats().outOfMemoryRetries == 1);
    CHECK(pool.stats().cachedBytes == 0);
    try
    {
        (void)pool.allocate(700 * 1024);
        FAIL("allocated beyond the device");
    }
    catch(pyalpaka::rt::OutOfMemory const& e)
    {
        std::string const message = e.what();
        CHECK(message.find("cannot allocate 716800 bytes on counting device: out of memory") != std::string::npos);
        CHECK(message.find("704.0 KiB in use and 0 B cached in 0 blocks") != std::string::npos);
    }
    pool.release(b, 700 * 1024);
}

TEST_CASE("threads allocate and release concurrently", "[runtime][pool]")
{
    CountingDevice device{std::size_t{1} << 32};
    MemoryPool pool(device.source(), true);
    std::vector<std::thread> threads;
    std::atomic<bool> overlap = false;
    for(int t = 0; t < 4; ++t)
        threads.emplace_back(
            [&, t]
            {
                std::vector<void*> mine;
                for(int i = 0; i < 2000; ++i)
                {
                    std::size_t const bytes = 512u * static_cast<std::size_t>(1 + (i + t) % 5);
                    auto* p = static_cast<unsigned char*>(pool.allocate(bytes));
                    p[0] = static_cast<unsigned char>(t); // the block is this thread's alone
                    p[bytes - 1] = static_cast<unsigned char>(t);
                    if(p[0] != t || p[bytes - 1] != t)
                        overlap = true;
                    pool.release(p, bytes);
                }
            });
    for(auto& thread : threads)
        thread.join();
    CHECK_FALSE(overlap);
    CHECK(pool.stats().usedBytes == 0);
    CHECK(pool.stats().requests == 8000);
    CHECK(device.allocations <= 4 * 5);
}
