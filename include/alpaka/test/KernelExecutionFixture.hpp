// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! KernelExecutionFixture<TAcc>: runs a test kernel on TAcc's first device. The kernel receives `bool* success` after
//! the accelerator, sets it with ALPAKA_CHECK, and operator() returns it.

#include "alpaka/alpaka.hpp"
#include "alpaka/test/Check.hpp"
#include "alpaka/test/queue/Queue.hpp"

#include <cstdint>
#include <type_traits>
#include <utility>

namespace alpaka::test
{
    //! TIsCooperative: launch with createTaskCooperativeKernel (the kernel may call syncGridThreads).
    template<typename TAcc, bool TIsCooperative = false>
    class KernelExecutionFixture
    {
    public:
        using Acc = TAcc;
        using Dim = alpaka::Dim<Acc>;
        using Idx = alpaka::Idx<Acc>;
        using Platform = alpaka::Platform<Acc>;
        using Device = Dev<Acc>;
        using Queue = test::DefaultQueue<Device>;
        using WorkDiv = WorkDivMembers<Dim, Idx>;

        explicit KernelExecutionFixture(WorkDiv workDiv)
            : KernelExecutionFixture(makeQueue(), std::move(workDiv))
        {
        }

        //! A work division covering extent elements with one element per thread.
        template<typename TExtent>
            requires(!std::is_same_v<TExtent, WorkDiv> && !std::is_same_v<TExtent, Queue>)
        explicit KernelExecutionFixture(TExtent const& extent)
            : KernelExecutionFixture(makeQueue(), extent)
        {
        }

        KernelExecutionFixture(Queue queue, WorkDiv workDiv)
            : m_devHost(getDevByIdx(PlatformCpu{}, 0))
            , m_device(getDev(queue))
            , m_queue(std::move(queue))
            , m_workDiv(std::move(workDiv))
        {
        }

        template<typename TExtent>
            requires(!std::is_same_v<TExtent, WorkDiv>)
        KernelExecutionFixture(Queue queue, TExtent const& extent)
            : KernelExecutionFixture(
                  queue,
                  getValidWorkDiv<Acc>(
                      getDev(queue),
                      extent,
                      Vec<Dim, Idx>::ones(),
                      false,
                      GridBlockExtentSubDivRestrictions::Unrestricted))
        {
        }

        //! Runs kernelFnObj(acc, success, args...) and returns whether every ALPAKA_CHECK held.
        template<typename TKernelFnObj, typename... TArgs>
        auto operator()(TKernelFnObj const& kernelFnObj, TArgs&&... args) -> bool
        {
            using Vec1 = Vec<DimInt<1u>, Idx>;
            auto bufAccResult = allocBuf<bool, Idx>(m_device, Vec1{Idx{1}});
            memset(m_queue, bufAccResult, static_cast<std::uint8_t>(true));
            if constexpr(TIsCooperative)
                enqueue(
                    m_queue,
                    createTaskCooperativeKernel<Acc>(
                        m_workDiv, kernelFnObj, getPtrNative(bufAccResult), std::forward<TArgs>(args)...));
            else
                exec<Acc>(m_queue, m_workDiv, kernelFnObj, getPtrNative(bufAccResult), std::forward<TArgs>(args)...);
            auto bufHostResult = allocBuf<bool, Idx>(m_devHost, Vec1{Idx{1}});
            memcpy(m_queue, bufHostResult, bufAccResult);
            wait(m_queue);
            return *getPtrNative(bufHostResult);
        }

        [[nodiscard]] auto getWorkDiv() const -> WorkDiv const&
        {
            return m_workDiv;
        }

        [[nodiscard]] auto getQueue() -> Queue&
        {
            return m_queue;
        }

    private:
        static auto makeQueue() -> Queue
        {
            return Queue(getDevByIdx(Platform{}, 0));
        }

        DevCpu m_devHost;
        Device m_device;
        Queue m_queue;
        WorkDiv m_workDiv;
    };
} // namespace alpaka::test
