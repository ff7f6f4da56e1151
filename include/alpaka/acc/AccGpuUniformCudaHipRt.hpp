// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! AccGpuUniformCudaHipRt<TApi, TDim, TIdx>: what a kernel sees on a CUDA or HIP GPU, written once for both
//! runtimes; AccGpuCudaRt and AccGpuHipRt derive from it. Built from the built-in variables and intrinsics of the
//! GPU language; constructed only by the kernel entry of kernel/TaskKernelGpuUniformCudaHipRt.hpp. Compiles under
//! NVRTC/hiprtc (no host-only header is reachable from here).

#include "alpaka/core/Common.hpp"

#if ALPAKA_GPU_LANG_ACTIVE

#    include "alpaka/acc/Tag.hpp"
#    include "alpaka/acc/Traits.hpp"
#    include "alpaka/atomic/AtomicHierarchy.hpp"
#    include "alpaka/atomic/AtomicUniformCudaHipBuiltIn.hpp"
#    include "alpaka/block/shared/dyn/BlockSharedMemDynUniformCudaHipBuiltIn.hpp"
#    include "alpaka/block/shared/st/BlockSharedMemStUniformCudaHipBuiltIn.hpp"
#    include "alpaka/block/sync/BlockSyncUniformCudaHipBuiltIn.hpp"
#    include "alpaka/dim/Traits.hpp"
#    include "alpaka/grid/GridSyncUniformCudaHipBuiltIn.hpp"
#    include "alpaka/idx/Traits.hpp"
#    include "alpaka/idx/bt/IdxBtUniformCudaHipBuiltIn.hpp"
#    include "alpaka/idx/gb/IdxGbUniformCudaHipBuiltIn.hpp"
#    include "alpaka/intrinsic/IntrinsicUniformCudaHipBuiltIn.hpp"
#    include "alpaka/math/MathStdLib.hpp"
#    include "alpaka/mem/fence/MemFenceUniformCudaHipBuiltIn.hpp"
#    include "alpaka/rand/RandDefault.hpp"
#    include "alpaka/vec/Vec.hpp"
#    include "alpaka/warp/WarpUniformCudaHipBuiltIn.hpp"
#    include "alpaka/workdiv/WorkDivUniformCudaHipBuiltIn.hpp"

#    include <type_traits>

namespace alpaka
{
    namespace detail::cudaHip
    {
        //! Only the kernel entry constructs GPU accelerators.
        struct GpuLaunchKey
        {
            explicit GpuLaunchKey() = default;
        };
    } // namespace detail::cudaHip

    template<typename TApi, typename TDim, typename TIdx>
    class AccGpuUniformCudaHipRt
        : public WorkDivUniformCudaHipBuiltIn<TDim, TIdx>
        , public IdxGbUniformCudaHipBuiltIn<TDim, TIdx>
        , public IdxBtUniformCudaHipBuiltIn<TDim, TIdx>
        , public AtomicHierarchy<AtomicUniformCudaHipBuiltIn, AtomicUniformCudaHipBuiltIn, AtomicUniformCudaHipBuiltIn>
        , public math::MathStdLib
        , public BlockSharedMemDynUniformCudaHipBuiltIn
        , public BlockSharedMemStUniformCudaHipBuiltIn
        , public BlockSyncUniformCudaHipBuiltIn
        , public GridSyncUniformCudaHipBuiltIn
        , public IntrinsicUniformCudaHipBuiltIn
        , public MemFenceUniformCudaHipBuiltIn
        , public rand::RandDefault
        , public warp::WarpUniformCudaHipBuiltIn
    {
        static_assert(TDim::value <= 3, "The CUDA and HIP back-ends support at most 3 dimensions");
        static_assert(std::is_integral_v<TIdx>, "GPU accelerators: the index type must be an integral type");

    public:
        using Api = TApi;
        using DimT = TDim;
        using IdxT = TIdx;
        //! Marks the GPU accelerators for the traits of kernel/TaskKernelGpuUniformCudaHipRt.hpp.
        static constexpr bool isUniformCudaHipAcc = true;

        __device__ AccGpuUniformCudaHipRt(detail::cudaHip::GpuLaunchKey, Vec<TDim, TIdx> const& threadElemExtent)
            : WorkDivUniformCudaHipBuiltIn<TDim, TIdx>(threadElemExtent)
        {
        }

        AccGpuUniformCudaHipRt(AccGpuUniformCudaHipRt const&) = delete;
        auto operator=(AccGpuUniformCudaHipRt const&) -> AccGpuUniformCudaHipRt& = delete;
    };

    namespace detail::cudaHip
    {
        //! True for AccGpuCudaRt and AccGpuHipRt (specialized by their headers). A variable matched against the class
        //! templates, not a member looked up in TAcc: asking a trait of a type that is not complete yet (a BufCpu
        //! whose trait lookup is under way) must not instantiate it.
        template<typename TAcc>
        inline constexpr bool isGpuAccelerator = false;

        //! AccGpuCudaRt and AccGpuHipRt: the traits below and in kernel/TaskKernelGpuUniformCudaHipRt.hpp.
        template<typename TAcc>
        concept GpuAccelerator = isGpuAccelerator<TAcc>;
    } // namespace detail::cudaHip

    namespace trait
    {
        template<detail::cudaHip::GpuAccelerator TAcc>
        struct AccType<TAcc>
        {
            using type = TAcc;
        };

        template<detail::cudaHip::GpuAccelerator TAcc>
        struct DimType<TAcc>
        {
            using type = typename TAcc::DimT;
        };

        template<detail::cudaHip::GpuAccelerator TAcc>
        struct IdxType<TAcc>
        {
            using type = typename TAcc::IdxT;
        };

        template<detail::cudaHip::GpuAccelerator TAcc>
        struct AccToTag<TAcc>
        {
            using type = typename TAcc::Tag;
        };
    } // namespace trait
} // namespace alpaka

#endif
