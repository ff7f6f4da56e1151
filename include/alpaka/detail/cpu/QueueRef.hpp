// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueRef<TCore>: an owning handle of a CPU queue's core, counted in the core itself (ICpuQueue's reference count).
//! std::shared_ptr did the same through std::make_shared and std::enable_shared_from_this: some 110 functions of
//! control block, allocator and weak count code in every unit that creates a queue, most of what creating a queue
//! cost the axpy program of benchmarks/compile_time (docs/compile-time.md). This handle is a few small functions per
//! core type.

#include <utility>

namespace alpaka::detail::cpu
{
    //! Shares a core that counts its owners: TCore has addRef() and release() (which deletes it at the last
    //! owner), and a new core starts with one owner, the handle made from it.
    template<typename TCore>
    class QueueRef
    {
    public:
        //! Owns a core that already counts this handle (a new one, or one whose count tryAddRef raised).
        explicit QueueRef(TCore* adopted) noexcept : m_core(adopted)
        {
        }

        QueueRef(QueueRef const& other) noexcept : m_core(other.m_core)
        {
            if(m_core != nullptr)
                m_core->addRef();
        }

        QueueRef(QueueRef&& other) noexcept : m_core(std::exchange(other.m_core, nullptr))
        {
        }

        //! By value: copy and move assignment in one, safe against self-assignment.
        auto operator=(QueueRef other) noexcept -> QueueRef&
        {
            std::swap(m_core, other.m_core);
            return *this;
        }

        ~QueueRef()
        {
            if(m_core != nullptr)
                m_core->release();
        }

        [[nodiscard]] auto operator->() const noexcept -> TCore*
        {
            return m_core;
        }

        [[nodiscard]] auto operator*() const noexcept -> TCore&
        {
            return *m_core;
        }

        //! Handles of the same core.
        [[nodiscard]] friend auto operator==(QueueRef const& a, QueueRef const& b) noexcept -> bool
        {
            return a.m_core == b.m_core;
        }

    private:
        TCore* m_core;
    };
} // namespace alpaka::detail::cpu
