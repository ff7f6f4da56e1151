// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! FiberRing: the threads of one block as fibers of the calling OS thread, which pass control to each other round
//! the ring at every yield (the fibers back-end's barrier waits by yielding). Thread 0 runs on the OS thread's own
//! stack; the others on stacks of 256 KiB from a per-thread pool, so a launch allocates nothing once the pool is warm.
//!
//! Built on Boost.Context's fiber (a user-level context switch: docs/dev/measurements.md#waiting-on-the-cpu), not on
//! Boost.Fiber: a block needs no scheduler, no timers, no fiber-aware mutexes or futures, and <boost/fiber/fiber.hpp>
//! costs every unit that includes alpaka.hpp with this back-end many times the compile time and compiler memory of
//! <boost/context/fiber.hpp> (docs/dev/measurements.md#headers-left-out).

#include "alpaka/detail/cpu/launch/ThreadBody.hpp"

#include <boost/context/fiber.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace alpaka::detail::cpu
{
    //! Stack of every block-thread fiber: large enough for kernels with sizeable local arrays.
    inline constexpr std::size_t fiberStackBytes = std::size_t{256} * 1024u;

    //! The fiber stacks of one OS thread: a stack returned is kept (linked through its own first bytes) and handed out
    //! again; all are freed when the thread ends.
    class FiberStackPool
    {
    public:
        FiberStackPool() = default;
        FiberStackPool(FiberStackPool const&) = delete;
        auto operator=(FiberStackPool const&) -> FiberStackPool& = delete;

        ~FiberStackPool()
        {
            while(m_free != nullptr)
                std::free(std::exchange(m_free, m_free->next));
        }

        //! The lowest address of a stack of fiberStackBytes; throws std::bad_alloc when there is no memory.
        [[nodiscard]] auto take() -> void*
        {
            if(m_free != nullptr)
                return std::exchange(m_free, m_free->next);
            if(void* const stack = std::malloc(fiberStackBytes); stack != nullptr)
                return stack;
            throw std::bad_alloc();
        }

        void give(void* stack) noexcept
        {
            m_free = ::new(stack) FreeStack{m_free};
        }

    private:
        struct FreeStack
        {
            FreeStack* next;
        };

        FreeStack* m_free = nullptr;
    };

    //! Boost.Context's StackAllocator over a FiberStackPool.
    struct PooledFiberStack
    {
        FiberStackPool* pool;

        auto allocate() -> boost::context::stack_context
        {
            boost::context::stack_context stack;
            stack.size = fiberStackBytes;
            stack.sp = static_cast<std::byte*>(pool->take()) + fiberStackBytes; // stacks grow down
            return stack;
        }

        void deallocate(boost::context::stack_context& stack) noexcept
        {
            pool->give(static_cast<std::byte*>(stack.sp) - stack.size);
        }
    };

    class FiberRing
    {
    public:
        //! Runs body(thread) for every thread of [0, threads): thread 0 on the calling context, the others as fibers,
        //! each running until it yields or returns; returns when all have returned. Throws (std::bad_alloc) only
        //! before any of them ran. body must not throw: a fiber has nowhere to send an exception.
        template<typename TBody>
        static void run(std::uint32_t threads, TBody const& body)
        {
            static_assert(std::is_nothrow_invocable_v<TBody const&, std::uint32_t>, "a block thread must not throw");
            runErased(threads, ThreadBody::of(body));
        }

        //! Passes control to the next thread of the calling thread's ring that has not returned; returns when control
        //! comes back round. Outside a ring (or alone in it) this returns at once.
        static void yieldCurrent()
        {
            if(FiberRing* const ring = current(); ring != nullptr)
                ring->yield();
        }

    private:
        //! Not a template (ThreadBody): the fibers' entry function, a Boost.Context fiber of a lambda, is compiled once
        //! rather than for every kernel.
        static void runErased(std::uint32_t threads, ThreadBody body)
        {
            if(threads <= 1u)
            {
                body(0u);
                return;
            }
            FiberRing& ring = ofThisThread();
            if(current() != nullptr)
                throw std::logic_error("alpaka: the fibers of a block started another block on the same thread");
            ring.start(threads, body);
            current() = &ring;
            body(0u);
            while(ring.m_running != 0u)
                ring.yield();
            current() = nullptr;
        }

        struct Slot
        {
            //! The thread's context while it is suspended; empty while it runs and once it has returned.
            boost::context::fiber context;
            bool returned = false;
        };

        static auto ofThisThread() -> FiberRing&
        {
            thread_local FiberRing ring;
            return ring;
        }

        static auto current() -> FiberRing*&
        {
            thread_local FiberRing* ring = nullptr;
            return ring;
        }

        //! Creates the fibers of threads 1..threads-1, not yet started. Should one not be created (no memory), the
        //! others are destroyed unstarted, which runs none of them.
        void start(std::uint32_t threads, ThreadBody body)
        {
            m_slots.clear();
            m_slots.resize(threads);
            try
            {
                for(std::uint32_t thread = 1u; thread < threads; ++thread)
                    m_slots[thread].context = boost::context::fiber(
                        std::allocator_arg,
                        PooledFiberStack{&m_stacks},
                        [this, body, thread](boost::context::fiber&& from) noexcept
                        {
                            arrive(std::move(from));
                            body(thread);
                            return leave(thread);
                        });
            }
            catch(...)
            {
                m_slots.clear();
                throw;
            }
            m_running = threads - 1u;
            m_current = 0u;
        }

        void yield()
        {
            std::uint32_t const next = nextAfter(m_current);
            if(next == m_current)
                return;
            m_previous = m_current;
            m_current = next;
            arrive(std::move(m_slots[next].context).resume());
        }

        //! Keeps the context of the thread that passed control here (none if it returned).
        void arrive(boost::context::fiber&& from) noexcept
        {
            m_slots[m_previous].context = std::move(from);
        }

        //! The context to switch to when thread returns. Thread 0 never returns while a fiber runs, so there is one.
        auto leave(std::uint32_t thread) noexcept -> boost::context::fiber
        {
            m_slots[thread].returned = true;
            --m_running;
            std::uint32_t const next = nextAfter(thread);
            m_previous = thread;
            m_current = next;
            return std::move(m_slots[next].context);
        }

        //! The next thread round the ring after thread that has not returned (thread itself when there is none).
        [[nodiscard]] auto nextAfter(std::uint32_t thread) const noexcept -> std::uint32_t
        {
            auto const count = static_cast<std::uint32_t>(m_slots.size());
            std::uint32_t next = thread;
            do
                next = next + 1u == count ? 0u : next + 1u;
            while(next != thread && m_slots[next].returned);
            return next;
        }

        FiberStackPool m_stacks;
        std::vector<Slot> m_slots;
        std::uint32_t m_running = 0;  //!< fibers (threads 1..) that have not returned
        std::uint32_t m_current = 0;  //!< the thread that runs
        std::uint32_t m_previous = 0; //!< the thread that passed control to m_current
    };
} // namespace alpaka::detail::cpu
