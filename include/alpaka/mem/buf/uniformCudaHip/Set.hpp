// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! memset of CUDA/HIP device memory, 0-D to N-D, pitched, with offsets: cudaMemsetAsync / cudaMemset2DAsync /
//! cudaMemset3DAsync in the queue's stream.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Debug.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/detail/mem/ExtentFits.hpp"
#    include "alpaka/detail/mem/StridedRows.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/mem/view/Traits.hpp"
#    include "alpaka/mem/view/ViewOwner.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"

#    include <cstddef>
#    include <cstdint>
#    include <memory>
#    include <type_traits>

namespace alpaka
{
    namespace detail::cudaHip
    {
        template<typename TApi, std::size_t TDim>
        struct TaskSetUniformCudaHipRt
        {
            void enqueueIn(typename TApi::Stream_t stream) const
            {
                ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("memset task (" << TApi::name << ")");
                if(m_rows.empty())
                    return;
                int const value = static_cast<int>(m_byte);
                std::size_t const width = m_rows.width;
                if(m_rows.dims == 0)
                {
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::memsetAsync(m_dst, value, width, stream));
                }
                else if(fitsPitched3D(m_rows))
                {
                    if constexpr(TDim >= 2)
                    {
                        std::size_t const rowPitch = m_rows.stride[0][1];
                        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                            TApi,
                            TApi::memset3DAsync(
                                TApi::makePitchedPtr(m_dst, rowPitch, width, m_rows.stride[0][0] / rowPitch),
                                value,
                                TApi::makeExtent(width, m_rows.extent[1], m_rows.extent[0]),
                                stream));
                    }
                }
                else
                {
                    forEachBlock(
                        m_rows,
                        1,
                        [&](auto const& block, std::size_t const* offsets)
                        {
                            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                                TApi,
                                TApi::memset2DAsync(
                                    m_dst + offsets[0], block.stride[0][0], value, width, block.extent[0], stream));
                        });
                }
            }

            std::byte* m_dst;
            StridedRows<TDim, 1> m_rows;
            std::uint8_t m_byte;
            detail::MemoryOwner m_owner;
        };
    } // namespace detail::cudaHip

    namespace trait
    {
        template<typename TDim, typename TApi>
        struct CreateTaskMemset<TDim, DevUniformCudaHipRt<TApi>>
        {
            template<typename TViewFwd, typename TExtent>
            static auto createTaskMemset(TViewFwd&& view, std::uint8_t const& byte, TExtent const& extent)
            {
                auto const extentVec = getExtents(extent);
                detail::checkExtentFits(view, extentVec, "memset", "destination");
                using Elem = alpaka::Elem<std::remove_cvref_t<TViewFwd>>;
                return detail::cudaHip::TaskSetUniformCudaHipRt<TApi, TDim::value>{
                    reinterpret_cast<std::byte*>(getPtrNative(view)),
                    detail::makeStridedRowsOf(extentVec, sizeof(Elem), getPitchesInBytes(view)),
                    byte,
                    detail::ownerOf(view)};
            }
        };

        template<typename TApi, bool TBlocking, std::size_t TDim>
        struct Enqueue<QueueUniformCudaHipRt<TApi, TBlocking>, detail::cudaHip::TaskSetUniformCudaHipRt<TApi, TDim>>
        {
            static auto enqueue(
                QueueUniformCudaHipRt<TApi, TBlocking>& queue,
                detail::cudaHip::TaskSetUniformCudaHipRt<TApi, TDim> const& task) -> void
            {
                auto const begin = queue.traceBegin();
                queue.dev().makeCurrent();
                task.enqueueIn(queue.getNativeHandle());
                queue.afterEnqueueOf(task, begin);
            }
        };
    } // namespace trait
    template<typename TApi, std::size_t TDim>
    struct trace::trait::Describe<alpaka::detail::cudaHip::TaskSetUniformCudaHipRt<TApi, TDim>>
    {
        static auto describe(alpaka::detail::cudaHip::TaskSetUniformCudaHipRt<TApi, TDim> const& task) -> Description
        {
            return {Op::Memset, "memset", {}, rowBytes(task.m_rows)};
        }
    };
} // namespace alpaka

#endif
