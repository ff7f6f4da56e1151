// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! memset of CUDA/HIP device memory, 0-D to N-D, pitched, with offsets: cudaMemsetAsync / cudaMemset2DAsync /
//! cudaMemset3DAsync in the queue's stream.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Debug.hpp"
#    include "alpaka/detail/cpu/StridedRegion.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/detail/cudaHip/StridedCopy.hpp"
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
                if(isEmptyRegion(m_region))
                    return;
                int const value = static_cast<int>(m_byte);
                std::size_t const width = m_region.innerBytes;
                if(m_region.dims == 0)
                {
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::memsetAsync(m_dst, value, width, stream));
                }
                else if(fitsPitched3D(m_region))
                {
                    if constexpr(TDim >= 2)
                    {
                        std::size_t const rowPitch = m_region.pitch[0][1];
                        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                            TApi,
                            TApi::memset3DAsync(
                                TApi::makePitchedPtr(m_dst, rowPitch, width, m_region.pitch[0][0] / rowPitch),
                                value,
                                TApi::makeExtent(width, m_region.extent[1], m_region.extent[0]),
                                stream));
                    }
                }
                else
                {
                    std::size_t const last = m_region.dims - 1;
                    forEachRowBlock(
                        m_region,
                        [&](std::size_t const* offsets)
                        {
                            ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                                TApi,
                                TApi::memset2DAsync(
                                    m_dst + offsets[0],
                                    m_region.pitch[0][last],
                                    value,
                                    width,
                                    m_region.extent[last],
                                    stream));
                        });
                }
            }

            std::byte* m_dst;
            cpu::StridedRegion<TDim, 1> m_region;
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
                detail::cpu::checkExtentFits(view, extentVec, "memset", "destination");
                using Elem = alpaka::Elem<std::remove_cvref_t<TViewFwd>>;
                return detail::cudaHip::TaskSetUniformCudaHipRt<TApi, TDim::value>{
                    reinterpret_cast<std::byte*>(getPtrNative(view)),
                    detail::cpu::makeRegion(extentVec, sizeof(Elem), getPitchesInBytes(view)),
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
                queue.dev().makeCurrent();
                task.enqueueIn(queue.getNativeHandle());
                queue.afterEnqueue();
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
