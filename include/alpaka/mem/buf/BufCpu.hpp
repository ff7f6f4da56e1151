// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BufCpu<TElem, TDim, TIdx>: a dense, 64-byte aligned host buffer shared by all CPU back-ends.

#include "alpaka/core/Common.hpp"
#include "alpaka/detail/sys/Allocation.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/buf/Traits.hpp"
#include "alpaka/mem/buf/cpu/Copy.hpp"
#include "alpaka/mem/buf/cpu/Fill.hpp"
#include "alpaka/mem/buf/cpu/Set.hpp"
#include "alpaka/mem/view/ViewAccessOps.hpp"
#include "alpaka/mem/view/ViewOwner.hpp"
#include "alpaka/mem/view/ViewPlainPtr.hpp"
#include "alpaka/mem/view/ViewSubView.hpp"
#include "alpaka/platform/PlatformCpu.hpp"
#include "alpaka/queue/Traits.hpp"
#include "alpaka/vec/Traits.hpp"

#include <type_traits>
#include <utility>

namespace alpaka
{
    namespace detail
    {
        //! A release function that releases nothing (the buffer does not own its memory).
        inline void releaseNothing(void*) noexcept
        {
        }

        //! Calls a deleter object with the memory when the last owner goes (MemoryOwner::keeping).
        template<typename TElem, typename TDeleter>
        struct MemoryWithDeleter
        {
            MemoryWithDeleter(TElem* memory, TDeleter deleter)
                : m_memory(memory)
                , m_deleter(std::move(deleter))
            {
            }

            MemoryWithDeleter(MemoryWithDeleter&& other) noexcept(std::is_nothrow_move_constructible_v<TDeleter>)
                : m_memory(std::exchange(other.m_memory, nullptr))
                , m_deleter(std::move(other.m_deleter))
            {
            }

            MemoryWithDeleter(MemoryWithDeleter const&) = delete;
            auto operator=(MemoryWithDeleter const&) -> MemoryWithDeleter& = delete;
            auto operator=(MemoryWithDeleter&&) -> MemoryWithDeleter& = delete;

            ~MemoryWithDeleter()
            {
                if(m_memory != nullptr)
                    m_deleter(m_memory);
            }

            TElem* m_memory;
            TDeleter m_deleter;
        };

        //! The owner of pMem that every handle of a buffer shares: deleter(pMem) runs when the last handle goes; an
        //! empty deleter (nullptr, a null function pointer, an empty std::function) releases nothing. One type for
        //! every buffer, MemoryOwner, and for the library's own allocations one release function, freeAligned, so
        //! that a buffer type adds no ownership code of its own to a translation unit. Not std::function: every unit
        //! would compile <functional> (measured: docs/dev/measurements.md#headers-left-out).
        template<typename TElem, typename TDeleter>
        auto ownMemory(TElem* pMem, TDeleter deleter) -> MemoryOwner
        {
            void* const mem = const_cast<std::remove_const_t<TElem>*>(pMem);
            if constexpr(std::is_null_pointer_v<TDeleter>)
                return MemoryOwner(mem, &releaseNothing);
            else
            {
                // A lambda also converts to bool (through its function pointer), always true: only pointers and
                // types with an operator bool of their own (std::function) can be empty.
                bool empty = false;
                if constexpr(std::is_pointer_v<TDeleter>)
                    empty = deleter == nullptr;
                else if constexpr(requires(TDeleter const& d) { d.operator bool(); })
                    empty = !static_cast<bool>(deleter);
                if(empty)
                    return MemoryOwner(mem, &releaseNothing);
                if constexpr(
                    std::is_same_v<TDeleter, void (*)(void*)> || std::is_same_v<TDeleter, void (*)(void*) noexcept>)
                    return MemoryOwner(mem, deleter); // as it is: one release function for many buffers
                else
                    return MemoryOwner::keeping(MemoryWithDeleter<TElem, TDeleter>(pMem, std::move(deleter)));
            }
        }
    } // namespace detail

    //! A handle of a host buffer: copies share the memory, which the last of them releases. Each handle carries the
    //! pointer, the extent and the device itself (all immutable), so that only the owner is shared.
    template<typename TElem, typename TDim, typename TIdx>
    class BufCpu : public internal::ViewAccessOps<BufCpu<TElem, TDim, TIdx>>
    {
    public:
        //! Takes ownership of pMem; deleter(pMem) runs when the last copy of the buffer goes (nullptr: no release).
        template<typename TExtent, typename TDeleter>
        BufCpu(DevCpu const& dev, TElem* pMem, TDeleter deleter, TExtent const& extent)
            : m_dev(dev)
            , m_pMem(pMem)
            , m_extentElements(castVec<TIdx>(getExtents(extent)))
            , m_memory(detail::ownMemory(pMem, std::move(deleter)))
        {
            static_assert(Dim<TExtent>::value == TDim::value, "BufCpu: the extent must have dimensionality TDim");
        }

        //! Shares the memory; views into the buffer hold it so the memory outlives them.
        [[nodiscard]] auto ownerHandle() const -> detail::MemoryOwner
        {
            return m_memory;
        }

        //! Copies share the allocation: equal when they are the same buffer (the same owner, even where two
        //! buffers of no elements have the same address).
        [[nodiscard]] auto operator==(BufCpu const& other) const -> bool
        {
            return m_memory == other.m_memory;
        }

        [[nodiscard]] auto operator!=(BufCpu const& other) const -> bool
        {
            return !(*this == other);
        }

        DevCpu m_dev;
        TElem* m_pMem;
        Vec<TDim, TIdx> m_extentElements;
        detail::MemoryOwner m_memory;
    };

    namespace detail
    {
        //! Allocates `extent` elements, dense and aligned, with the given release function.
        template<typename TElem, typename TDim, typename TIdx, typename TExtent, typename TRelease>
        auto allocBufCpu(DevCpu const& dev, TExtent const& extent, TRelease release, char const* what)
            -> BufCpu<TElem, TDim, TIdx>
        {
            auto const extentVec = castVec<TIdx>(getExtents(extent));
            auto* const pMem = static_cast<TElem*>(
                sys::allocateAligned(sys::checkedByteCount<TElem>(extentVec, what), sys::defaultAlignment, what));
            return BufCpu<TElem, TDim, TIdx>(dev, pMem, std::move(release), extentVec);
        }
    } // namespace detail

    namespace trait
    {
        template<typename TElem, typename TDim, typename TIdx>
        struct DevType<BufCpu<TElem, TDim, TIdx>>
        {
            using type = DevCpu;
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct GetDev<BufCpu<TElem, TDim, TIdx>>
        {
            static auto getDev(BufCpu<TElem, TDim, TIdx> const& buf) -> DevCpu
            {
                return buf.m_dev;
            }
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct DimType<BufCpu<TElem, TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct ElemType<BufCpu<TElem, TDim, TIdx>>
        {
            using type = TElem;
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct IdxType<BufCpu<TElem, TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct GetExtents<BufCpu<TElem, TDim, TIdx>>
        {
            auto operator()(BufCpu<TElem, TDim, TIdx> const& buf) const -> Vec<TDim, TIdx>
            {
                return buf.m_extentElements;
            }
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct GetPtrNative<BufCpu<TElem, TDim, TIdx>>
        {
            static auto getPtrNative(BufCpu<TElem, TDim, TIdx> const& buf) -> TElem const*
            {
                return buf.m_pMem;
            }

            static auto getPtrNative(BufCpu<TElem, TDim, TIdx>& buf) -> TElem*
            {
                return buf.m_pMem;
            }
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct BufType<DevCpu, TElem, TDim, TIdx>
        {
            using type = BufCpu<TElem, TDim, TIdx>;
        };

        template<typename TElem, typename TDim, typename TIdx>
        struct BufAlloc<TElem, TDim, TIdx, DevCpu>
        {
            template<typename TExtent>
            static auto allocBuf(DevCpu const& dev, TExtent const& extent) -> BufCpu<TElem, TDim, TIdx>
            {
                return detail::allocBufCpu<TElem, TDim, TIdx>(dev, extent, &detail::sys::freeAligned, "allocBuf");
            }
        };

        //! The memory is released by a task of the queue, so work enqueued before the last handle went away can
        //! still use it.
        template<typename TElem, typename TDim, typename TIdx>
        struct AsyncBufAlloc<TElem, TDim, TIdx, DevCpu>
        {
            template<typename TQueue, typename TExtent>
            static auto allocAsyncBuf(TQueue queue, TExtent const& extent) -> BufCpu<TElem, TDim, TIdx>
            {
                static_assert(std::is_same_v<Dev<TQueue>, DevCpu>, "allocAsyncBuf: the queue must be a CPU queue");
                return detail::allocBufCpu<TElem, TDim, TIdx>(
                    getDev(queue),
                    extent,
                    [queue](TElem* ptr) mutable { alpaka::enqueue(queue, [ptr] { detail::sys::freeAligned(ptr); }); },
                    "allocAsyncBuf");
            }
        };

        template<typename TDim>
        struct HasAsyncBufSupport<TDim, DevCpu> : std::true_type
        {
        };

        //! Host memory is always accessible to the CPU.
        template<typename TElem, typename TDim, typename TIdx>
        struct BufAllocMapped<PlatformCpu, TElem, TDim, TIdx>
        {
            template<typename TExtent>
            static auto
            allocMappedBuf(DevCpu const& host, PlatformCpu const&, TExtent const& extent) -> BufCpu<TElem, TDim, TIdx>
            {
                return BufAlloc<TElem, TDim, TIdx, DevCpu>::allocBuf(host, extent);
            }
        };

        template<>
        struct HasMappedBufSupport<PlatformCpu> : std::true_type
        {
        };
    } // namespace trait
} // namespace alpaka
