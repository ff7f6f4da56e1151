// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! fill of CUDA/HIP device memory with a value: a small grid-stride kernel over rows of the strided region. Needs
//! the GPU language (nvcc, hipcc) in the translation unit, as kernel launches do.

#include "alpaka/core/Common.hpp"

#if(defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)) && ALPAKA_GPU_LANG_ACTIVE             \
    && !ALPAKA_RTC

#    include "alpaka/core/Debug.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/detail/cudaHip/DeviceLanguage.hpp"
#    include "alpaka/detail/mem/ExtentFits.hpp"
#    include "alpaka/detail/mem/StridedRows.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/mem/view/Traits.hpp"
#    include "alpaka/mem/view/ViewOwner.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"

#    include <algorithm>
#    include <cstddef>
#    include <memory>

namespace alpaka
{
    namespace detail::cudaHip
    {
        //! Writes value to rows x count elements, rows rowPitch bytes apart.
        template<typename TElem>
        __global__ void
        fillKernel(std::byte* dst, TElem value, std::size_t count, std::size_t rows, std::size_t rowPitch)
        {
            std::size_t const total = count * rows;
            std::size_t const stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
            for(std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total; i += stride)
            {
                std::size_t const row = i / count;
                reinterpret_cast<TElem*>(dst + row * rowPitch)[i - row * count] = value;
            }
        }

        template<typename TApi, typename TElem, std::size_t TDim>
        struct TaskFillUniformCudaHipRt
        {
            void enqueueIn(typename TApi::Stream_t stream) const
            {
                ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("fill task (" << TApi::name << ")");
                if(m_rows.empty())
                    return;
                std::size_t const count = m_rows.width / sizeof(TElem);
                auto const launch = [&](std::byte* dst, std::size_t rows, std::size_t rowPitch)
                {
                    constexpr std::size_t threads = 256u;
                    std::size_t const blocks = std::min<std::size_t>((count * rows + threads - 1) / threads, 65535u);
                    fillKernel<TElem><<<static_cast<unsigned>(blocks), static_cast<unsigned>(threads), 0, stream>>>(
                        dst, m_value, count, rows, rowPitch);
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::getLastError());
                };
                if(m_rows.dims == 0)
                    launch(m_dst, 1u, 0u);
                else
                {
                    forEachBlock(
                        m_rows,
                        1,
                        [&](auto const& block, std::size_t const* offsets)
                        { launch(m_dst + offsets[0], block.extent[0], block.stride[0][0]); });
                }
            }

            std::byte* m_dst;
            StridedRows<TDim, 1> m_rows;
            TElem m_value;
            detail::MemoryOwner m_owner;
        };
    } // namespace detail::cudaHip

    namespace trait
    {
        template<typename TDim, typename TApi>
        struct CreateTaskFill<TDim, DevUniformCudaHipRt<TApi>>
        {
            template<typename TViewFwd, typename TElem, typename TExtent>
            static auto createTaskFill(TViewFwd&& view, TElem const& value, TExtent const& extent)
            {
                auto const extentVec = getExtents(extent);
                detail::checkExtentFits(view, extentVec, "fill", "destination");
                return detail::cudaHip::TaskFillUniformCudaHipRt<TApi, TElem, TDim::value>{
                    reinterpret_cast<std::byte*>(getPtrNative(view)),
                    detail::makeStridedRowsOf(extentVec, sizeof(TElem), getPitchesInBytes(view)),
                    value,
                    detail::ownerOf(view)};
            }
        };

        template<typename TApi, bool TBlocking, typename TElem, std::size_t TDim>
        struct Enqueue<
            QueueUniformCudaHipRt<TApi, TBlocking>,
            detail::cudaHip::TaskFillUniformCudaHipRt<TApi, TElem, TDim>>
        {
            static auto enqueue(
                QueueUniformCudaHipRt<TApi, TBlocking>& queue,
                detail::cudaHip::TaskFillUniformCudaHipRt<TApi, TElem, TDim> const& task) -> void
            {
                auto const begin = queue.traceBegin();
                queue.dev().makeCurrent();
                task.enqueueIn(queue.getNativeHandle());
                queue.afterEnqueueOf(task, begin);
            }
        };
    } // namespace trait
    template<typename TApi, typename TElem, std::size_t TDim>
    struct trace::trait::Describe<alpaka::detail::cudaHip::TaskFillUniformCudaHipRt<TApi, TElem, TDim>>
    {
        static auto
        describe(alpaka::detail::cudaHip::TaskFillUniformCudaHipRt<TApi, TElem, TDim> const& task) -> Description
        {
            return {Op::Fill, "fill", {}, rowBytes(task.m_rows)};
        }
    };
} // namespace alpaka

#endif
