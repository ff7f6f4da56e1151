// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Ownership handles of views: a view into a buffer keeps the buffer's memory alive, so that a sub-view or a queued
//! copy never outlives the memory it points to.
//!
//! The handle is MemoryOwner, one non-template class for every buffer, view and task, counted in a small block of
//! its own. It replaced std::shared_ptr<void>: each unit that allocated a buffer and enqueued a copy or a memset
//! compiled some 80 functions of shared_ptr control blocks, allocators and converting constructors for it
//! (docs/compile-time.md); this is a handful, compiled once.

#include <atomic>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace alpaka::detail
{
    //! The shared part of a MemoryOwner: how many handles own it, and how to release what it keeps.
    struct OwnerBlock
    {
        std::atomic<long> owners{1};
        //! Releases what the block keeps and deletes the block; runs once, when the last owner goes.
        void (*destroy)(OwnerBlock*) noexcept;
    };

    //! A block that calls a release function of the memory: the library's own allocations and every plain function
    //! pointer deleter share this one type.
    struct FunctionOwnerBlock final : OwnerBlock
    {
        void* memory;
        void (*release)(void*);

        //! A new block owning memory; should the block's allocation fail, the memory is released (as std::shared_ptr
        //! does), so that it is not lost.
        static auto make(void* memory, void (*release)(void*)) -> FunctionOwnerBlock*
        {
            FunctionOwnerBlock* block = nullptr;
            try
            {
                block = new FunctionOwnerBlock;
            }
            catch(...)
            {
                if(release != nullptr)
                    release(memory);
                throw;
            }
            block->destroy = &destroyThis;
            block->memory = memory;
            block->release = release;
            return block;
        }

        static void destroyThis(OwnerBlock* block) noexcept
        {
            auto* const self = static_cast<FunctionOwnerBlock*>(block);
            if(self->release != nullptr)
                self->release(self->memory);
            delete self;
        }
    };

    //! A block that keeps any object: a deleter object with its memory, or another owner (a std::shared_ptr).
    template<typename TKept>
    struct KeepingOwnerBlock final : OwnerBlock
    {
        explicit KeepingOwnerBlock(TKept keptObject)
            : kept(std::move(keptObject))
        {
        }

        TKept kept;

        static void destroyThis(OwnerBlock* block) noexcept
        {
            delete static_cast<KeepingOwnerBlock*>(block);
        }
    };

    //! Shared ownership of memory (or of nothing: a default one). Copies own the same block; the last one releases
    //! the memory. Equal when they own the same block.
    class MemoryOwner
    {
    public:
        MemoryOwner() noexcept = default;

        MemoryOwner(std::nullptr_t) noexcept
        {
        }

        //! Owns memory that release(memory) frees (release must not throw; a null release frees nothing).
        MemoryOwner(void* memory, void (*release)(void*))
            : m_block(FunctionOwnerBlock::make(memory, release))
        {
        }

        //! Keeps a copy of kept until the last owner goes: a deleter object whose destructor releases the memory, or
        //! another shared owner. The object's destructor must not throw.
        template<typename TKept>
        [[nodiscard]] static auto keeping(TKept kept) -> MemoryOwner
        {
            using Block = KeepingOwnerBlock<std::decay_t<TKept>>;
            auto* const block = new Block(std::move(kept));
            block->destroy = &Block::destroyThis;
            return MemoryOwner(block);
        }

        MemoryOwner(MemoryOwner const& other) noexcept
            : m_block(other.m_block)
        {
            if(m_block != nullptr)
                m_block->owners.fetch_add(1, std::memory_order_relaxed);
        }

        MemoryOwner(MemoryOwner&& other) noexcept
            : m_block(std::exchange(other.m_block, nullptr))
        {
        }

        //! By value: copy and move assignment in one, safe against self-assignment.
        auto operator=(MemoryOwner other) noexcept -> MemoryOwner&
        {
            std::swap(m_block, other.m_block);
            return *this;
        }

        ~MemoryOwner()
        {
            // acq_rel: every owner's use of the memory happens before its release.
            if(m_block != nullptr && m_block->owners.fetch_sub(1, std::memory_order_acq_rel) == 1)
                m_block->destroy(m_block);
        }

        [[nodiscard]] explicit operator bool() const noexcept
        {
            return m_block != nullptr;
        }

        [[nodiscard]] friend auto operator==(MemoryOwner const& a, MemoryOwner const& b) noexcept -> bool
        {
            return a.m_block == b.m_block;
        }

    private:
        explicit MemoryOwner(OwnerBlock* adopted) noexcept
            : m_block(adopted)
        {
        }

        OwnerBlock* m_block = nullptr;
    };

    //! The shared ownership a view holds of its memory, or an empty owner for views over memory the caller owns.
    template<typename TView>
    auto ownerOf(TView const& view) -> MemoryOwner
    {
        if constexpr(requires { view.ownerHandle(); })
            return view.ownerHandle();
        else
            return nullptr;
    }
} // namespace alpaka::detail
