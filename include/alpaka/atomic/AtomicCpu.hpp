// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AtomicCpu: atomics of the CPU back-ends. Lock-free through std::atomic_ref for every type the hardware supports
//! (read-modify-writes the hardware lacks, such as min, max and the wrapping counters, are compare-exchange loops);
//! types without lock-free atomics fall back to a small table of spin locks selected by address. Like CUDA's
//! atomics the operations are relaxed: order other memory accesses with mem_fence or syncBlockThreads.

#include "alpaka/atomic/Op.hpp"
#include "alpaka/atomic/Traits.hpp"
#include "alpaka/detail/sys/Spin.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace alpaka
{
    class AtomicCpu
    {
    };

    namespace detail::cpu
    {
        template<typename T>
        inline constexpr bool atomicRefLockFree
            = std::atomic_ref<T>::is_always_lock_free && alignof(T) >= std::atomic_ref<T>::required_alignment;

        //! Serializes operations on types without lock-free atomics; 64 stripes keep unrelated addresses apart.
        class AtomicStripeLock
        {
        public:
            explicit AtomicStripeLock(void const* addr)
                : m_flag(stripe(addr))
            {
                while(m_flag.test_and_set(std::memory_order_acquire))
                    while(m_flag.test(std::memory_order_relaxed))
                        sys::cpuRelax();
            }

            AtomicStripeLock(AtomicStripeLock const&) = delete;
            auto operator=(AtomicStripeLock const&) -> AtomicStripeLock& = delete;

            ~AtomicStripeLock()
            {
                m_flag.clear(std::memory_order_release);
            }

        private:
            static auto stripe(void const* addr) -> std::atomic_flag&
            {
                static std::atomic_flag flags[64] = {};
                auto const bits = reinterpret_cast<std::uintptr_t>(addr);
                return flags[(bits >> 4) % 64u];
            }

            std::atomic_flag& m_flag;
        };

        //! The read-modify-write of TOp on a lock-free atomic_ref.
        template<typename TOp, typename T>
        auto atomicRefOp(T* addr, T const& value) -> T
        {
            std::atomic_ref<T> ref(*addr);
            constexpr auto order = std::memory_order_relaxed;
            if constexpr(std::is_same_v<TOp, AtomicAdd> && !std::is_same_v<T, bool>)
                return ref.fetch_add(value, order);
            else if constexpr(std::is_same_v<TOp, AtomicSub> && !std::is_same_v<T, bool>)
                return ref.fetch_sub(value, order);
            else if constexpr(std::is_same_v<TOp, AtomicExch>)
                return ref.exchange(value, order);
            else if constexpr(std::is_same_v<TOp, AtomicAnd> && std::is_integral_v<T>)
                return ref.fetch_and(value, order);
            else if constexpr(std::is_same_v<TOp, AtomicOr> && std::is_integral_v<T>)
                return ref.fetch_or(value, order);
            else if constexpr(std::is_same_v<TOp, AtomicXor> && std::is_integral_v<T>)
                return ref.fetch_xor(value, order);
            else
            {
                // Compare-exchange loop that applies TOp's rule to the value last seen.
                T old = ref.load(order);
                for(;;)
                {
                    T desired = old;
                    TOp{}(&desired, value);
                    if(ref.compare_exchange_weak(old, desired, order, order))
                        return old;
                }
            }
        }
    } // namespace detail::cpu

    namespace trait
    {
        template<typename TOp, typename T, typename THierarchy>
        struct AtomicOp<TOp, AtomicCpu, T, THierarchy>
        {
            static auto atomicOp(AtomicCpu const&, T* const addr, T const& value) -> T
            {
                if constexpr(detail::cpu::atomicRefLockFree<T>)
                    return detail::cpu::atomicRefOp<TOp>(addr, value);
                else
                {
                    detail::cpu::AtomicStripeLock const lock(addr);
                    return TOp{}(addr, value);
                }
            }

            static auto atomicOp(AtomicCpu const&, T* const addr, T const& compare, T const& value) -> T
            {
                static_assert(std::is_same_v<TOp, AtomicCas>, "only AtomicCas takes a compare value");
                if constexpr(detail::cpu::atomicRefLockFree<T>)
                {
                    T expected = compare;
                    std::atomic_ref<T>(*addr).compare_exchange_strong(
                        expected, value, std::memory_order_relaxed, std::memory_order_relaxed);
                    return expected;
                }
                else
                {
                    detail::cpu::AtomicStripeLock const lock(addr);
                    return TOp{}(addr, compare, value);
                }
            }
        };
    } // namespace trait
} // namespace alpaka
