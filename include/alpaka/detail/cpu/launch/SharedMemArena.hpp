// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Host side of block shared memory for the CPU back-ends: one arena per block, dynamic memory at its start and
//! static variables after it, each found again by its id.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Message.hpp"
#include "alpaka/detail/sys/Spin.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <new>

namespace alpaka::detail::cpu
{
    //! Memory for one block's shared variables: a thread-local arena per size, allocated once and reused by every
    //! launch on that thread, so a launch allocates nothing.
    template<std::size_t TBytes>
    auto threadLocalSharedMemArena() -> std::byte*
    {
        // An owner of its own rather than std::unique_ptr with a deleter: that is some thirty functions (the
        // unique_ptr's std::tuple among them) in every unit that launches a kernel.
        struct Arena
        {
            explicit Arena(std::byte* memory)
                : bytes(memory)
            {
            }

            Arena(Arena const&) = delete;
            auto operator=(Arena const&) -> Arena& = delete;

            ~Arena()
            {
                ::operator delete(bytes, std::align_val_t{64});
            }

            std::byte* const bytes;
        };

        thread_local Arena const arena{
            static_cast<std::byte*>(::operator new(TBytes == 0 ? 1 : TBytes, std::align_val_t{64}))};
        // The static analyzer does not model thread_local storage: it runs the destructor at once and sees a use
        // after free.
        return arena.bytes; // NOLINT(clang-analyzer-cplusplus.NewDelete)
    }

    //! Static shared variables in a byte range: each entry is a header (id, size) followed by the variable. find may
    //! run concurrently with allocate (the end of the used range is published after the header it covers);
    //! allocations must be serialized (LockedSharedVarArena does that for blocks with several threads).
    class SharedVarArena
    {
        struct Header
        {
            std::size_t id;
            std::uint32_t dataOffset; //!< from the header to the variable
            std::uint32_t next;       //!< offset of the next header from the arena start
        };

    public:
        SharedVarArena() = default;

        SharedVarArena(std::byte* base, std::uint32_t capacity)
            : m_base(base)
            , m_capacity(capacity)
        {
        }

        //! Points the arena, emptied, at another byte range (while no thread uses it).
        void reset(std::byte* base, std::uint32_t capacity) noexcept
        {
            m_base = base;
            m_capacity = capacity;
            m_used.store(0, std::memory_order_relaxed);
        }

        //! The variable with this id, or nullptr.
        [[nodiscard]] auto find(std::size_t id) const -> void*
        {
            std::uint32_t offset = 0;
            std::uint32_t const used = m_used.load(std::memory_order_acquire);
            while(offset < used)
            {
                auto* const header = reinterpret_cast<Header*>(m_base + offset);
                if(header->id == id)
                    return reinterpret_cast<std::byte*>(header) + header->dataOffset;
                offset = header->next;
            }
            return nullptr;
        }

        //! A new variable; throws std::runtime_error when the arena is full.
        auto allocate(std::size_t id, std::size_t bytes, std::size_t alignment) -> void*
        {
            auto const align = [](std::size_t value, std::size_t to) { return (value + to - 1) / to * to; };
            std::size_t const headerOffset = m_used.load(std::memory_order_relaxed); // kept aligned for a header
            std::size_t const dataOffset
                = align(reinterpret_cast<std::uintptr_t>(m_base) + headerOffset + sizeof(Header), alignment)
                  - reinterpret_cast<std::uintptr_t>(m_base);
            std::size_t const end = dataOffset + bytes;
            if(end > m_capacity)
                throwRuntimeError(
                    "declareSharedVar: block shared memory exhausted: a variable of %zu bytes does not fit; %zu bytes "
                    "per block are left after the dynamic shared memory (the limit is "
                    "alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB)",
                    bytes,
                    std::size_t{m_capacity});
            auto* const header = reinterpret_cast<Header*>(m_base + headerOffset);
            header->id = id;
            header->dataOffset = static_cast<std::uint32_t>(dataOffset - headerOffset);
            // The next header goes after this variable, aligned; find walks the headers through `next`.
            auto const used = static_cast<std::uint32_t>(align(end, alignof(Header)));
            header->next = used;
            m_used.store(used, std::memory_order_release);
            return m_base + dataOffset;
        }

        //! Forgets all variables (the next block starts empty).
        void clear() noexcept
        {
            m_used.store(0, std::memory_order_relaxed);
        }

        //! The variable with this id, allocated by the first caller.
        auto findOrAllocate(std::size_t id, std::size_t bytes, std::size_t alignment) -> void*
        {
            void* const ptr = find(id);
            return ptr != nullptr ? ptr : allocate(id, bytes, alignment);
        }

    private:
        std::byte* m_base = nullptr;
        std::uint32_t m_capacity = 0;
        std::atomic<std::uint32_t> m_used{0};
    };

    //! The static shared variables of a block whose threads declare them concurrently: lookups of existing variables
    //! take no lock, the first declaration of a variable allocates under a spin lock (held for a few instructions).
    class LockedSharedVarArena
    {
    public:
        LockedSharedVarArena() = default;

        LockedSharedVarArena(std::byte* base, std::uint32_t capacity)
            : m_arena(base, capacity)
        {
        }

        //! Points the arena, emptied, at another byte range (while no thread uses it).
        void reset(std::byte* base, std::uint32_t capacity) noexcept
        {
            m_arena.reset(base, capacity);
        }

        auto findOrAllocate(std::size_t id, std::size_t bytes, std::size_t alignment) -> void*
        {
            if(void* const ptr = m_arena.find(id))
                return ptr;
            while(m_lock.test_and_set(std::memory_order_acquire))
                while(m_lock.test(std::memory_order_relaxed))
                    sys::cpuRelax();
            struct Unlock
            {
                std::atomic_flag& lock;

                ~Unlock()
                {
                    lock.clear(std::memory_order_release);
                }
            } const unlock{m_lock};
            return m_arena.findOrAllocate(id, bytes, alignment);
        }

        //! Only while no thread of the block runs (at the block-end barrier).
        void clear() noexcept
        {
            m_arena.clear();
        }

    private:
        SharedVarArena m_arena;
        std::atomic_flag m_lock;
    };
} // namespace alpaka::detail::cpu
