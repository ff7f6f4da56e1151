// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Shared ownership counted in the owned object itself: RefCounted, the count, and IntrusiveRef<T>, the handle. The
//! CPU queues (their cores) and the memory owners of buffers and views use them instead of std::shared_ptr, whose
//! control blocks, allocators and weak counts every unit that creates a queue or a buffer compiled anew
//! (docs/compile-time.md); these are a handful of small functions per owned type.

#include <atomic>
#include <cstddef>
#include <utility>

namespace alpaka::detail::sys
{
    //! The owner count of an object that IntrusiveRef handles share. A new object has one owner: the handle that
    //! adopts it. The derived class provides release(), which calls releaseIsLast() and destroys itself when that
    //! says so (how: delete, or a function pointer of its own).
    class RefCounted
    {
    public:
        RefCounted() = default;
        RefCounted(RefCounted const&) = delete;
        auto operator=(RefCounted const&) -> RefCounted& = delete;

        //! One more owner; the caller is an owner already.
        void addRef() noexcept
        {
            m_owners.fetch_add(1, std::memory_order_relaxed);
        }

        //! One more owner unless the last one is gone (the object is being destroyed, or is about to be): for a
        //! registry that lists objects without owning them.
        [[nodiscard]] auto tryAddRef() noexcept -> bool
        {
            long owners = m_owners.load(std::memory_order_relaxed);
            while(owners != 0)
                if(m_owners.compare_exchange_weak(owners, owners + 1, std::memory_order_acquire))
                    return true;
            return false;
        }

    protected:
        ~RefCounted() = default;

        //! One owner less; true when it was the last, and the caller must destroy the object.
        [[nodiscard]] auto releaseIsLast() noexcept -> bool
        {
            // acq_rel: what every owner did with the object happens before its destruction.
            return m_owners.fetch_sub(1, std::memory_order_acq_rel) == 1;
        }

    private:
        std::atomic<long> m_owners{1};
    };

    //! An owning handle of a T that counts its owners (T has addRef() and release(), as RefCounted's derived
    //! classes do), or of nothing. Copies share the object; the last one releases it. Equal when they hold the same
    //! object.
    template<typename T>
    class IntrusiveRef
    {
    public:
        IntrusiveRef() noexcept = default;

        IntrusiveRef(std::nullptr_t) noexcept
        {
        }

        //! Owns an object that already counts this handle (a new one, or one whose count tryAddRef raised).
        explicit IntrusiveRef(T* adopted) noexcept
            : m_object(adopted)
        {
        }

        IntrusiveRef(IntrusiveRef const& other) noexcept
            : m_object(other.m_object)
        {
            if(m_object != nullptr)
                m_object->addRef();
        }

        IntrusiveRef(IntrusiveRef&& other) noexcept
            : m_object(std::exchange(other.m_object, nullptr))
        {
        }

        //! By value: copy and move assignment in one, safe against self-assignment.
        auto operator=(IntrusiveRef other) noexcept -> IntrusiveRef&
        {
            std::swap(m_object, other.m_object);
            return *this;
        }

        ~IntrusiveRef()
        {
            if(m_object != nullptr)
                m_object->release();
        }

        [[nodiscard]] auto get() const noexcept -> T*
        {
            return m_object;
        }

        [[nodiscard]] auto operator->() const noexcept -> T*
        {
            return m_object;
        }

        [[nodiscard]] auto operator*() const noexcept -> T&
        {
            return *m_object;
        }

        [[nodiscard]] explicit operator bool() const noexcept
        {
            return m_object != nullptr;
        }

        [[nodiscard]] friend auto operator==(IntrusiveRef const& a, IntrusiveRef const& b) noexcept -> bool
        {
            return a.m_object == b.m_object;
        }

    private:
        T* m_object = nullptr;
    };
} // namespace alpaka::detail::sys
