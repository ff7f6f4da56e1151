// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! memcpy with a CUDA/HIP device on either side (host to device, device to host, device to device, between two
//! devices), 0-D to N-D, pitched, with offsets: cudaMemcpyAsync / cudaMemcpy2DAsync / cudaMemcpy3DAsync in the
//! queue's stream with cudaMemcpyDefault (unified addressing finds the direction), and the Peer variants between
//! two devices.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Debug.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/detail/mem/ExtentFits.hpp"
#    include "alpaka/detail/mem/StridedRows.hpp"
#    include "alpaka/dev/DevCpu.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/mem/view/Traits.hpp"
#    include "alpaka/mem/view/ViewOwner.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"

#    include <cstddef>
#    include <memory>
#    include <type_traits>
#    include <utility>

namespace alpaka
{
    namespace detail::cudaHip
    {
        //! The native index of the device a view lives on; -1 for host memory.
        template<typename TDev>
        auto nativeDevIdx(TDev const& dev) -> int
        {
            if constexpr(std::is_same_v<TDev, DevCpu>)
                return -1;
            else
                return dev.getNativeHandle();
        }

        template<typename TApi, std::size_t TDim>
        struct TaskCopyUniformCudaHipRt
        {
            void enqueueIn(typename TApi::Stream_t stream) const
            {
                ALPAKA_DEBUG_MINIMAL_LOG_SCOPE_NAMED("memcpy task (" << TApi::name << ")");
                if(m_rows.empty())
                    return;
                bool const peer = m_dstDev >= 0 && m_srcDev >= 0 && m_dstDev != m_srcDev;
                std::size_t const width = m_rows.width;
                if(m_rows.dims == 0)
                {
                    if(peer)
                        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                            TApi, TApi::memcpyPeerAsync(m_dst, m_dstDev, m_src, m_srcDev, width, stream));
                    else
                        ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::memcpyAsync(m_dst, m_src, width, stream));
                }
                else if(fitsPitched3D(m_rows))
                {
                    if constexpr(TDim >= 2)
                        copy3D(
                            m_dst,
                            m_src,
                            m_rows.stride[0][1],
                            m_rows.stride[1][1],
                            m_rows.stride[0][0] / m_rows.stride[0][1],
                            m_rows.stride[1][0] / m_rows.stride[1][1],
                            m_rows.extent[1],
                            m_rows.extent[0],
                            peer,
                            stream);
                }
                else
                {
                    forEachBlock(
                        m_rows,
                        1,
                        [&](auto const& block, std::size_t const* offsets)
                        {
                            copy3D(
                                m_dst + offsets[0],
                                m_src + offsets[1],
                                block.stride[0][0],
                                block.stride[1][0],
                                block.extent[0],
                                block.extent[0],
                                block.extent[0],
                                1u,
                                peer,
                                stream);
                        });
                }
            }

            //! The source is host memory (which may be pageable: see QueueImpl::waitForHostTasks).
            [[nodiscard]] auto readsHostMemory() const -> bool
            {
                return m_srcDev < 0 && !m_rows.empty();
            }

            std::byte* m_dst;
            std::byte const* m_src;
            int m_dstDev;
            int m_srcDev;
            StridedRows<TDim, 2> m_rows;
            detail::MemoryOwner m_dstOwner;
            detail::MemoryOwner m_srcOwner;

        private:
            //! depth slices of height rows of m_rows.width; ySize* are the rows per slice of the operands.
            void copy3D(
                std::byte* dst,
                std::byte const* src,
                std::size_t dstRowPitch,
                std::size_t srcRowPitch,
                std::size_t dstYSize,
                std::size_t srcYSize,
                std::size_t height,
                std::size_t depth,
                bool peer,
                typename TApi::Stream_t stream) const
            {
                std::size_t const width = m_rows.width;
                if(depth == 1 && !peer)
                {
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                        TApi, TApi::memcpy2DAsync(dst, dstRowPitch, src, srcRowPitch, width, height, stream));
                    return;
                }
                auto const dstPtr = TApi::makePitchedPtr(dst, dstRowPitch, width, dstYSize);
                auto const srcPtr = TApi::makePitchedPtr(const_cast<std::byte*>(src), srcRowPitch, width, srcYSize);
                auto const extent = TApi::makeExtent(width, height, depth);
                if(peer)
                {
                    typename TApi::Memcpy3DPeerParms_t parms{};
                    parms.dstPtr = dstPtr;
                    parms.dstDevice = m_dstDev;
                    parms.srcPtr = srcPtr;
                    parms.srcDevice = m_srcDev;
                    parms.extent = extent;
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::memcpy3DPeerAsync(&parms, stream));
                }
                else
                {
                    typename TApi::Memcpy3DParms_t parms{};
                    parms.dstPtr = dstPtr;
                    parms.srcPtr = srcPtr;
                    parms.extent = extent;
                    parms.kind = TApi::memcpyDefault;
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::memcpy3DAsync(&parms, stream));
                }
            }
        };

        template<typename TApi, typename TDim, typename TViewDstFwd, typename TViewSrc, typename TExtent>
        auto createTaskCopy(TViewDstFwd&& viewDst, TViewSrc const& viewSrc, TExtent const& extent)
        {
            auto const extentVec = getExtents(extent);
            checkExtentFits(viewDst, extentVec, "memcpy", "destination");
            checkExtentFits(viewSrc, extentVec, "memcpy", "source");
            using Elem = alpaka::Elem<std::remove_cvref_t<TViewDstFwd>>;
            return TaskCopyUniformCudaHipRt<TApi, TDim::value>{
                reinterpret_cast<std::byte*>(getPtrNative(viewDst)),
                reinterpret_cast<std::byte const*>(getPtrNative(viewSrc)),
                nativeDevIdx(getDev(viewDst)),
                nativeDevIdx(getDev(viewSrc)),
                makeStridedRowsOf(extentVec, sizeof(Elem), getPitchesInBytes(viewDst), getPitchesInBytes(viewSrc)),
                ownerOf(viewDst),
                ownerOf(viewSrc)};
        }
    } // namespace detail::cudaHip

    namespace trait
    {
        template<typename TDim, typename TApi>
        struct CreateTaskMemcpy<TDim, DevUniformCudaHipRt<TApi>, DevCpu>
        {
            template<typename TViewDstFwd, typename TViewSrc, typename TExtent>
            static auto createTaskMemcpy(TViewDstFwd&& viewDst, TViewSrc const& viewSrc, TExtent const& extent)
            {
                return detail::cudaHip::createTaskCopy<TApi, TDim>(std::forward<TViewDstFwd>(viewDst), viewSrc, extent);
            }
        };

        template<typename TDim, typename TApi>
        struct CreateTaskMemcpy<TDim, DevCpu, DevUniformCudaHipRt<TApi>>
        {
            template<typename TViewDstFwd, typename TViewSrc, typename TExtent>
            static auto createTaskMemcpy(TViewDstFwd&& viewDst, TViewSrc const& viewSrc, TExtent const& extent)
            {
                return detail::cudaHip::createTaskCopy<TApi, TDim>(std::forward<TViewDstFwd>(viewDst), viewSrc, extent);
            }
        };

        template<typename TDim, typename TApi>
        struct CreateTaskMemcpy<TDim, DevUniformCudaHipRt<TApi>, DevUniformCudaHipRt<TApi>>
        {
            template<typename TViewDstFwd, typename TViewSrc, typename TExtent>
            static auto createTaskMemcpy(TViewDstFwd&& viewDst, TViewSrc const& viewSrc, TExtent const& extent)
            {
                return detail::cudaHip::createTaskCopy<TApi, TDim>(std::forward<TViewDstFwd>(viewDst), viewSrc, extent);
            }
        };

        template<typename TApi, bool TBlocking, std::size_t TDim>
        struct Enqueue<QueueUniformCudaHipRt<TApi, TBlocking>, detail::cudaHip::TaskCopyUniformCudaHipRt<TApi, TDim>>
        {
            static auto enqueue(
                QueueUniformCudaHipRt<TApi, TBlocking>& queue,
                detail::cudaHip::TaskCopyUniformCudaHipRt<TApi, TDim> const& task) -> void
            {
                auto const begin = queue.traceBegin();
                if(task.readsHostMemory())
                    queue.m_spQueueImpl->waitForHostTasks();
                queue.dev().makeCurrent();
                task.enqueueIn(queue.getNativeHandle());
                queue.afterEnqueueOf(task, begin);
            }
        };
    } // namespace trait
    template<typename TApi, std::size_t TDim>
    struct trace::trait::Describe<alpaka::detail::cudaHip::TaskCopyUniformCudaHipRt<TApi, TDim>>
    {
        static auto describe(alpaka::detail::cudaHip::TaskCopyUniformCudaHipRt<TApi, TDim> const& task) -> Description
        {
            return {Op::Copy, "copy", {}, rowBytes(task.m_rows)};
        }
    };
} // namespace alpaka

#endif
