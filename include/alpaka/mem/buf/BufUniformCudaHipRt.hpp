// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>: device memory of a CUDA/HIP device, reference counted. 1-D buffers
//! are plain allocations (cudaMalloc), 2-D buffers pitched (cudaMallocPitch), 3-D buffers pitched 3-D allocations
//! (cudaMalloc3D): rows start at aligned addresses, getPitchesInBytes reports the padding. allocAsyncBuf allocates
//! in stream order (cudaMallocAsync, dense) and frees in the same queue; allocMappedBuf returns pinned host memory
//! (a BufCpu) that the devices can access.

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)

#    include "alpaka/core/Common.hpp"
#    include "alpaka/detail/cudaHip/Check.hpp"
#    include "alpaka/dev/DevCpu.hpp"
#    include "alpaka/dev/DevUniformCudaHipRt.hpp"
#    include "alpaka/mem/buf/BufCpu.hpp"
#    include "alpaka/mem/buf/Traits.hpp"
#    include "alpaka/mem/buf/uniformCudaHip/Copy.hpp"
#    include "alpaka/mem/buf/uniformCudaHip/Fill.hpp"
#    include "alpaka/mem/buf/uniformCudaHip/Set.hpp"
#    include "alpaka/mem/view/ViewAccessOps.hpp"
#    include "alpaka/mem/view/ViewOwner.hpp"
#    include "alpaka/platform/PlatformUniformCudaHipRt.hpp"
#    include "alpaka/queue/QueueUniformCudaHipRt.hpp"
#    include "alpaka/vec/Vec.hpp"

#    include <cstddef>
#    include <functional>
#    include <limits>
#    include <memory>
#    include <stdexcept>
#    include <string>
#    include <type_traits>
#    include <utility>

namespace alpaka
{
    namespace detail::cudaHip
    {
        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct BufImpl
        {
            BufImpl(
                DevUniformCudaHipRt<TApi> dev,
                TElem* pMem,
                std::size_t rowPitchBytes,
                Vec<TDim, TIdx> extent,
                std::function<void(TElem*)> deleter)
                : m_dev(std::move(dev))
                , m_pMem(pMem)
                , m_rowPitchBytes(rowPitchBytes)
                , m_extentElements(extent)
                , m_deleter(std::move(deleter))
            {
            }

            BufImpl(BufImpl const&) = delete;
            auto operator=(BufImpl const&) -> BufImpl& = delete;

            ~BufImpl()
            {
                if(m_deleter && m_pMem)
                    m_deleter(m_pMem);
            }

            DevUniformCudaHipRt<TApi> m_dev;
            TElem* m_pMem;
            std::size_t m_rowPitchBytes; //!< bytes from one row (innermost dimension) to the next
            Vec<TDim, TIdx> m_extentElements;
            std::function<void(TElem*)> m_deleter;
        };

        //! Bytes of the extent, with an error naming the extent on overflow or a negative component.
        template<typename TElem, typename TDim, typename TIdx>
        auto byteCount(Vec<TDim, TIdx> const& extent, char const* what) -> std::size_t
        {
            std::size_t bytes = sizeof(TElem);
            for(std::size_t i = 0; i != TDim::value; ++i)
            {
                if constexpr(std::is_signed_v<TIdx>)
                    if(extent[i] < 0)
                        throw std::runtime_error(
                            std::string(what) + ": the extent " + toString(extent) + " has a negative component");
                auto const n = static_cast<std::size_t>(extent[i]);
                if(n != 0 && bytes > std::numeric_limits<std::size_t>::max() / n)
                    throw std::runtime_error(
                        std::string(what) + ": the extent " + toString(extent) + " overflows std::size_t bytes");
                bytes *= n;
            }
            return bytes;
        }
    } // namespace detail::cudaHip

    template<typename TApi, typename TElem, typename TDim, typename TIdx>
    class BufUniformCudaHipRt : public internal::ViewAccessOps<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
    {
    public:
        BufUniformCudaHipRt(
            DevUniformCudaHipRt<TApi> const& dev,
            TElem* pMem,
            std::size_t rowPitchBytes,
            Vec<TDim, TIdx> const& extent,
            std::function<void(TElem*)> deleter)
            : m_impl(nullptr)
            , m_owner(detail::MemoryOwner::emplacing(m_impl, dev, pMem, rowPitchBytes, extent, std::move(deleter)))
        {
        }

        //! Keeps the allocation alive while a task that uses it is pending.
        [[nodiscard]] auto ownerHandle() const -> detail::MemoryOwner
        {
            return m_owner;
        }

        [[nodiscard]] auto operator==(BufUniformCudaHipRt const& other) const -> bool
        {
            return m_owner == other.m_owner;
        }

        [[nodiscard]] auto operator!=(BufUniformCudaHipRt const& other) const -> bool
        {
            return !(*this == other);
        }

        //! The allocation, kept alive by m_owner (declared first: m_owner's initialization sets it).
        detail::cudaHip::BufImpl<TApi, TElem, TDim, TIdx>* m_impl;

    private:
        //! The one owner of the allocation, which views and tasks share (ownerHandle).
        detail::MemoryOwner m_owner;
    };

    namespace trait
    {
        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct DevType<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            using type = DevUniformCudaHipRt<TApi>;
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct GetDev<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            static auto getDev(BufUniformCudaHipRt<TApi, TElem, TDim, TIdx> const& buf) -> DevUniformCudaHipRt<TApi>
            {
                return buf.m_impl->m_dev;
            }
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct DimType<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            using type = TDim;
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct ElemType<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            using type = TElem;
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct IdxType<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            using type = TIdx;
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct GetExtents<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            auto operator()(BufUniformCudaHipRt<TApi, TElem, TDim, TIdx> const& buf) const -> Vec<TDim, TIdx>
            {
                return buf.m_impl->m_extentElements;
            }
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct GetPtrNative<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            static auto getPtrNative(BufUniformCudaHipRt<TApi, TElem, TDim, TIdx> const& buf) -> TElem const*
            {
                return buf.m_impl->m_pMem;
            }

            static auto getPtrNative(BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>& buf) -> TElem*
            {
                return buf.m_impl->m_pMem;
            }
        };

        //! Innermost pitch sizeof(TElem), next the row pitch of the allocation, outer pitches dense over the rows.
        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct GetPitchesInBytes<BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>>
        {
            auto operator()(BufUniformCudaHipRt<TApi, TElem, TDim, TIdx> const& buf) const -> Vec<TDim, TIdx>
            {
                Vec<TDim, TIdx> pitches = Vec<TDim, TIdx>::zeros();
                constexpr std::size_t dim = TDim::value;
                if constexpr(dim > 0)
                {
                    auto const& extent = buf.m_impl->m_extentElements;
                    pitches[dim - 1] = static_cast<TIdx>(sizeof(TElem));
                    if constexpr(dim > 1)
                    {
                        pitches[dim - 2] = static_cast<TIdx>(buf.m_impl->m_rowPitchBytes);
                        for(std::size_t i = dim - 2; i-- > 0;)
                            pitches[i] = static_cast<TIdx>(pitches[i + 1] * extent[i + 1]);
                    }
                }
                return pitches;
            }
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct BufType<DevUniformCudaHipRt<TApi>, TElem, TDim, TIdx>
        {
            using type = BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>;
        };

        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct BufAlloc<TElem, TDim, TIdx, DevUniformCudaHipRt<TApi>>
        {
            template<typename TExtent>
            static auto allocBuf(DevUniformCudaHipRt<TApi> const& dev, TExtent const& extent)
                -> BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>
            {
                auto const extentVec = castVec<TIdx>(getExtents(extent));
                std::size_t const bytes = detail::cudaHip::byteCount<TElem>(extentVec, "allocBuf");
                constexpr std::size_t dim = TDim::value;
                std::size_t const widthBytes
                    = dim == 0 ? sizeof(TElem) : static_cast<std::size_t>(extentVec[dim - 1]) * sizeof(TElem);
                auto const deleter = [dev](TElem* ptr)
                {
                    detail::cudaHip::ignoreError<TApi>(TApi::setDevice(dev.getNativeHandle()));
                    detail::cudaHip::ignoreError<TApi>(TApi::free(ptr));
                };
                if(bytes == 0) // nothing to allocate; the runtime rejects empty pitched allocations
                    return {dev, nullptr, widthBytes, extentVec, nullptr};

                dev.makeCurrent();
                void* ptr = nullptr;
                std::size_t rowPitch = widthBytes;
                if constexpr(dim == 2)
                {
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                        TApi, TApi::mallocPitch(&ptr, &rowPitch, widthBytes, static_cast<std::size_t>(extentVec[0])));
                }
                else if constexpr(dim == 3)
                {
                    typename TApi::PitchedPtr_t pitched{};
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                        TApi,
                        TApi::malloc3D(
                            &pitched,
                            TApi::makeExtent(
                                widthBytes,
                                static_cast<std::size_t>(extentVec[1]),
                                static_cast<std::size_t>(extentVec[0]))));
                    ptr = pitched.ptr;
                    rowPitch = pitched.pitch;
                }
                else // 0-D, 1-D, and dense above 3-D
                {
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::malloc(&ptr, bytes));
                }
                return {dev, static_cast<TElem*>(ptr), rowPitch, extentVec, deleter};
            }
        };

        //! Stream-ordered allocation: usable by the queue's later work, freed in the queue after the last owner is
        //! gone.
        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct AsyncBufAlloc<TElem, TDim, TIdx, DevUniformCudaHipRt<TApi>>
        {
            template<typename TQueue, typename TExtent>
            static auto
            allocAsyncBuf(TQueue queue, TExtent const& extent) -> BufUniformCudaHipRt<TApi, TElem, TDim, TIdx>
            {
                auto const dev = getDev(queue);
                auto const extentVec = castVec<TIdx>(getExtents(extent));
                std::size_t const bytes = detail::cudaHip::byteCount<TElem>(extentVec, "allocAsyncBuf");
                constexpr std::size_t dim = TDim::value;
                std::size_t const widthBytes
                    = dim == 0 ? sizeof(TElem) : static_cast<std::size_t>(extentVec[dim - 1]) * sizeof(TElem);
                if(bytes == 0)
                    return {dev, nullptr, widthBytes, extentVec, nullptr};
                dev.makeCurrent();
                void* ptr = nullptr;
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::mallocAsync(&ptr, bytes, queue.getNativeHandle()));
                queue.afterEnqueue();
                auto deleter = [queue](TElem* p)
                {
                    detail::cudaHip::ignoreError<TApi>(TApi::setDevice(queue.dev().getNativeHandle()));
                    detail::cudaHip::ignoreError<TApi>(TApi::freeAsync(p, queue.getNativeHandle()));
                };
                return {dev, static_cast<TElem*>(ptr), widthBytes, extentVec, std::move(deleter)};
            }
        };

        template<typename TApi, typename TDim>
        struct HasAsyncBufSupport<TDim, DevUniformCudaHipRt<TApi>> : std::true_type
        {
        };

        //! Pinned host memory, mapped into the address space of every device (cudaHostAlloc, mapped and portable).
        template<typename TApi, typename TElem, typename TDim, typename TIdx>
        struct BufAllocMapped<PlatformUniformCudaHipRt<TApi>, TElem, TDim, TIdx>
        {
            template<typename TExtent>
            static auto allocMappedBuf(DevCpu const& host, PlatformUniformCudaHipRt<TApi> const&, TExtent const& extent)
                -> BufCpu<TElem, TDim, TIdx>
            {
                auto const extentVec = castVec<TIdx>(getExtents(extent));
                std::size_t const bytes = detail::cudaHip::byteCount<TElem>(extentVec, "allocMappedBuf");
                void* ptr = nullptr;
                if(bytes != 0)
                    ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(
                        TApi, TApi::hostMalloc(&ptr, bytes, TApi::hostAllocMappedPortable));
                return BufCpu<TElem, TDim, TIdx>(
                    host,
                    static_cast<TElem*>(ptr),
                    [](TElem* p)
                    {
                        if(p)
                            detail::cudaHip::ignoreError<TApi>(TApi::hostFree(p));
                    },
                    extentVec);
            }
        };

        template<typename TApi>
        struct HasMappedBufSupport<PlatformUniformCudaHipRt<TApi>> : std::true_type
        {
        };

        //! A device reaches mapped host memory through its device pointer (the same address with unified
        //! addressing).
        template<typename TElem, typename TDim, typename TIdx, typename TApi>
        struct GetPtrDev<BufCpu<TElem, TDim, TIdx>, DevUniformCudaHipRt<TApi>>
        {
            static auto
            getPtrDev(BufCpu<TElem, TDim, TIdx> const& buf, DevUniformCudaHipRt<TApi> const& dev) -> TElem const*
            {
                return devicePointer(const_cast<TElem*>(getPtrNative(buf)), dev);
            }

            static auto getPtrDev(BufCpu<TElem, TDim, TIdx>& buf, DevUniformCudaHipRt<TApi> const& dev) -> TElem*
            {
                return devicePointer(getPtrNative(buf), dev);
            }

        private:
            static auto devicePointer(TElem* hostPtr, DevUniformCudaHipRt<TApi> const& dev) -> TElem*
            {
                dev.makeCurrent();
                void* devPtr = nullptr;
                ALPAKA_UNIFORM_CUDA_HIP_RT_CHECK(TApi, TApi::hostGetDevicePointer(&devPtr, hostPtr));
                return static_cast<TElem*>(devPtr);
            }
        };
    } // namespace trait
} // namespace alpaka

#endif
