// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Ownership handles of views: a view into a buffer keeps the buffer's memory alive, so that a sub-view or a queued
//! copy never outlives the memory it points to.
//!
//! The handle is MemoryOwner, one non-template class for every buffer, view and task: an IntrusiveRef
//! (detail/sys/IntrusiveRef.hpp) of a small block that counts the owners and knows how to release the memory. It
//! replaced std::shared_ptr<void>, whose control blocks, allocators and converting constructors every unit that
//! allocated a buffer and enqueued a copy or a memset compiled anew (docs/compile-time.md).

#include "alpaka/detail/sys/IntrusiveRef.hpp"

#include <cstddef>
#include <type_traits>
#include <utility>

namespace alpaka::detail
{
    //! The shared part of a MemoryOwner: how many handles own it, and how to release what it keeps.
    struct OwnerBlock : sys::RefCounted
    {
        //! Releases what the block keeps and deletes the block; runs once, when the last owner goes.
        void (*destroy)(OwnerBlock*) noexcept;

        void release() noexcept
        {
            if(releaseIsLast())
                destroy(this);
        }
    };

    //! A block that calls a release function of the memory: the library's own allocations and every plain function
    //! pointer deleter share this one type.
    struct FunctionOwnerBlock final : OwnerBlock
    {
        void* memory;
        void (*releaseMemory)(void*);

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
            block->releaseMemory = release;
            return block;
        }

        static void destroyThis(OwnerBlock* block) noexcept
        {
            auto* const self = static_cast<FunctionOwnerBlock*>(block);
            if(self->releaseMemory != nullptr)
                self->releaseMemory(self->memory);
            delete self;
        }
    };

    //! A block that keeps any object: a deleter object with its memory, or another owner (a std::shared_ptr).
    template<typename TKept>
    struct KeepingOwnerBlock final : OwnerBlock
    {
        template<typename... TArgs>
        explicit KeepingOwnerBlock(TArgs&&... args)
            : kept(std::forward<TArgs>(args)...)
        {
            destroy = &destroyThis;
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
            return MemoryOwner(new KeepingOwnerBlock<std::decay_t<TKept>>(std::move(kept)));
        }

        //! Keeps a TKept made from args in place until the last owner goes, and points `kept` at it: for an object
        //! that owns the memory itself and can be neither copied nor moved (a GPU buffer's allocation record).
        template<typename TKept, typename... TArgs>
        [[nodiscard]] static auto emplacing(TKept*& kept, TArgs&&... args) -> MemoryOwner
        {
            auto* const block = new KeepingOwnerBlock<TKept>(std::forward<TArgs>(args)...);
            kept = &block->kept;
            return MemoryOwner(block);
        }

        [[nodiscard]] explicit operator bool() const noexcept
        {
            return static_cast<bool>(m_block);
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

        sys::IntrusiveRef<OwnerBlock> m_block;
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
