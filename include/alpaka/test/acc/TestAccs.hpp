// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! EnabledAccs<TDim, TIdx>: the accelerators enabled in this build; TestAccs: all of them for every test Dim and Idx.
//! A test written once with TEMPLATE_LIST_TEST_CASE over TestAccs runs on every back-end.

#include "alpaka/alpaka.hpp"
#include "alpaka/meta/CartesianProduct.hpp"
#include "alpaka/meta/Concatenate.hpp"
#include "alpaka/meta/Filter.hpp"
#include "alpaka/meta/ForEachType.hpp"
#include "alpaka/test/dim/TestDims.hpp"
#include "alpaka/test/idx/TestIdxs.hpp"

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <tuple>
#include <type_traits>

namespace alpaka::test
{
    namespace detail
    {
        // A disabled back-end's accelerator is `int`, filtered out below.
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
        template<typename TDim, typename TIdx>
        using AccCpuSerialIfEnabled = AccCpuSerial<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccCpuSerialIfEnabled = int;
#endif
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)
        template<typename TDim, typename TIdx>
        using AccCpuThreadsIfEnabled = AccCpuThreads<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccCpuThreadsIfEnabled = int;
#endif
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED)
        template<typename TDim, typename TIdx>
        using AccCpuFibersIfEnabled = AccCpuFibers<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccCpuFibersIfEnabled = int;
#endif
#if defined(ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED)
        template<typename TDim, typename TIdx>
        using AccCpuTbbBlocksIfEnabled = AccCpuTbbBlocks<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccCpuTbbBlocksIfEnabled = int;
#endif
#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)
        template<typename TDim, typename TIdx>
        using AccCpuOmp2BlocksIfEnabled = AccCpuOmp2Blocks<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccCpuOmp2BlocksIfEnabled = int;
#endif
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED)
        template<typename TDim, typename TIdx>
        using AccCpuOmp2ThreadsIfEnabled = AccCpuOmp2Threads<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccCpuOmp2ThreadsIfEnabled = int;
#endif
#if defined(ALPAKA_ACC_ANY_BT_OMP5_ENABLED)
        template<typename TDim, typename TIdx>
        using AccOmp5IfEnabled = AccOmp5<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccOmp5IfEnabled = int;
#endif
#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && ALPAKA_LANG_CUDA
        template<typename TDim, typename TIdx>
        using AccGpuCudaRtIfEnabled = AccGpuCudaRt<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccGpuCudaRtIfEnabled = int;
#endif
#if defined(ALPAKA_ACC_GPU_HIP_ENABLED) && ALPAKA_LANG_HIP
        template<typename TDim, typename TIdx>
        using AccGpuHipRtIfEnabled = AccGpuHipRt<TDim, TIdx>;
#else
        template<typename TDim, typename TIdx>
        using AccGpuHipRtIfEnabled = int;
#endif

        //! Upstream's names of the aliases above (its AccTagTest and other tests use them); the SYCL accelerators are
        //! never available here.
        template<typename TDim, typename TIdx>
        using AccCpuSerialIfAvailableElseInt = AccCpuSerialIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccCpuThreadsIfAvailableElseInt = AccCpuThreadsIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccCpuFibersIfAvailableElseInt = AccCpuFibersIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccCpuTbbIfAvailableElseInt = AccCpuTbbBlocksIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccCpuOmp2BlocksIfAvailableElseInt = AccCpuOmp2BlocksIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccCpuOmp2ThreadsIfAvailableElseInt = AccCpuOmp2ThreadsIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccOmp5IfAvailableElseInt = AccOmp5IfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccGpuCudaRtIfAvailableElseInt = AccGpuCudaRtIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccGpuHipRtIfAvailableElseInt = AccGpuHipRtIfEnabled<TDim, TIdx>;
        template<typename TDim, typename TIdx>
        using AccCpuSyclIfAvailableElseInt = int;
        template<typename TDim, typename TIdx>
        using AccFpgaSyclIntelIfAvailableElseInt = int;
        template<typename TDim, typename TIdx>
        using AccGpuSyclIntelIfAvailableElseInt = int;

        //! Accelerators of the back-ends that get every Dim and Idx of the test matrix: serial, whose code paths for
        //! dimensions and index types the other back-ends share.
        template<typename TDim, typename TIdx>
        using FullMatrixAccs = std::tuple<AccCpuSerialIfEnabled<TDim, TIdx>>;

        //! The other back-ends.
        template<typename TDim, typename TIdx>
        using OtherAccs = std::tuple<
            AccCpuThreadsIfEnabled<TDim, TIdx>,
            AccCpuFibersIfEnabled<TDim, TIdx>,
            AccCpuTbbBlocksIfEnabled<TDim, TIdx>,
            AccCpuOmp2BlocksIfEnabled<TDim, TIdx>,
            AccCpuOmp2ThreadsIfEnabled<TDim, TIdx>,
            AccOmp5IfEnabled<TDim, TIdx>,
            AccGpuCudaRtIfEnabled<TDim, TIdx>,
            AccGpuHipRtIfEnabled<TDim, TIdx>>;

        template<typename TDim, typename TIdx>
        using AllAccs = meta::Concatenate<FullMatrixAccs<TDim, TIdx>, OtherAccs<TDim, TIdx>>;

        template<template<typename, typename> typename TAccs, typename TDimIdx>
        struct EnabledAccsOfPair;

        template<template<typename, typename> typename TAccs, typename TDim, typename TIdx>
        struct EnabledAccsOfPair<TAccs, std::tuple<TDim, TIdx>>
        {
            using type = meta::Filter<TAccs<TDim, TIdx>, std::is_class>;
        };

        template<template<typename, typename> typename TAccs, typename TPairs>
        struct AccsOfPairs;

        template<template<typename, typename> typename TAccs, typename... TPairs>
        struct AccsOfPairs<TAccs, std::tuple<TPairs...>>
        {
            using type = meta::Concatenate<std::tuple<>, typename EnabledAccsOfPair<TAccs, TPairs>::type...>;
        };

        //! Dim and Idx pairs the other back-ends are tested with: each dimensionality class (0-D, 1-D, N-D) and each
        //! index type once, which keeps the suite's build time linear in the number of back-ends.
#if defined(ALPAKA_TEST_FULL_MATRIX)
        using OtherPairs = meta::CartesianProduct<std::tuple, TestDims, TestIdxs>;
#else
        using OtherPairs = std::tuple<
            std::tuple<DimInt<0u>, std::int32_t>,
            std::tuple<DimInt<1u>, std::size_t>,
            std::tuple<DimInt<3u>, std::int32_t>>;
#endif
    } // namespace detail

    //! The enabled accelerators for a Dim and Idx, as a std::tuple of types.
    template<typename TDim, typename TIdx>
    using EnabledAccs = meta::Filter<detail::AllAccs<TDim, TIdx>, std::is_class>;

    //! The enabled accelerators the suite runs on: serial for every Dim of TestDims and Idx of TestIdxs, the other
    //! back-ends for detail::OtherPairs (every pair too with ALPAKA_TEST_FULL_MATRIX).
#if defined(ALPAKA_TEST_GPU_ONLY)
    //! GPU builds (option alpaka_TEST_GPU_ONLY) test the GPU accelerators only, with the Dim/Idx pairs of the
    //! non-serial back-ends: nvcc/hipcc compile every case, which is the slow part of such a build, and the cpu presets
    //! test the host back-ends.
    template<typename TDim, typename TIdx>
    using GpuAccsOfPair
        = std::tuple<detail::AccGpuCudaRtIfEnabled<TDim, TIdx>, detail::AccGpuHipRtIfEnabled<TDim, TIdx>>;

    using TestAccs = typename detail::AccsOfPairs<GpuAccsOfPair, detail::OtherPairs>::type;
#else
    using TestAccs = meta::Concatenate<
        typename detail::AccsOfPairs<detail::FullMatrixAccs, meta::CartesianProduct<std::tuple, TestDims, TestIdxs>>::
            type,
        typename detail::AccsOfPairs<detail::OtherAccs, detail::OtherPairs>::type>;
#endif

    //! Prints "Accelerators enabled: AccCpuSerial<1,int> ...".
    template<typename TDim, typename TIdx>
    auto writeEnabledAccs(std::ostream& os) -> void
    {
        os << "Accelerators enabled: ";
        meta::forEachType<EnabledAccs<TDim, TIdx>>([&]<typename TAcc>() { os << getAccName<TAcc>() << " "; });
        os << "\n";
    }
} // namespace alpaka::test
