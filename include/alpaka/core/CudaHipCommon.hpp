// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The built-in vector types of CUDA and HIP (char1 ... ulonglong4, float3, dim3, ...) as alpaka extents, as
//! upstream's core/CudaHipCommon.hpp makes them: Dim is the number of components, Elem the component type, Idx
//! std::size_t, and getExtents / getOffsets give the components as a Vec in alpaka's [z][y][x] order (w first for
//! four components). cuda::trait::isCudaBuiltInType<T> and hip::trait::isHipBuiltInType<T> tell whether T is one.
//! Also includes the runtime's header (<cuda_runtime.h>, <hip/hip_runtime.h>). Empty unless a GPU back-end is enabled.

#include "alpaka/core/Common.hpp"

#if(defined(ALPAKA_ACC_GPU_CUDA_ENABLED) || defined(ALPAKA_ACC_GPU_HIP_ENABLED)) && !ALPAKA_RTC

#    include "alpaka/dim/DimIntegralConst.hpp"
#    include "alpaka/dim/Traits.hpp"
#    include "alpaka/elem/Traits.hpp"
#    include "alpaka/extent/Traits.hpp"
#    include "alpaka/idx/Traits.hpp"
#    include "alpaka/offset/Traits.hpp"
#    include "alpaka/vec/Vec.hpp"

#    include <cstddef>

#    if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
#        include <cuda_runtime.h>
#    else
#        include <hip/hip_runtime.h>
#    endif

namespace alpaka
{
    namespace detail::cudaHip
    {
        //! The number of components of a built-in vector type; 0 for other types.
        template<typename T>
        inline constexpr std::size_t builtInVectorDim = 0;

#    define ALPAKA_DETAIL_BUILT_IN_VECTOR(type, dim)                                                                   \
        template<>                                                                                                     \
        inline constexpr std::size_t builtInVectorDim<type> = dim;
#    define ALPAKA_DETAIL_BUILT_IN_VECTORS(base)                                                                       \
        ALPAKA_DETAIL_BUILT_IN_VECTOR(base##1, 1)                                                                      \
        ALPAKA_DETAIL_BUILT_IN_VECTOR(base##2, 2)                                                                      \
        ALPAKA_DETAIL_BUILT_IN_VECTOR(base##3, 3)                                                                      \
        ALPAKA_DETAIL_BUILT_IN_VECTOR(base##4, 4)

// CUDA 13 deprecates the 4-component vectors of 64-bit types (for long4_16a, long4_32a, ...), which are still
// built-in types: named here without the warning.
#    if defined(__NV_SILENCE_DEPRECATION_BEGIN)
        __NV_SILENCE_DEPRECATION_BEGIN
#    endif
        ALPAKA_DETAIL_BUILT_IN_VECTORS(char)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(uchar)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(short)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(ushort)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(int)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(uint)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(long)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(ulong)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(longlong)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(ulonglong)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(float)
        ALPAKA_DETAIL_BUILT_IN_VECTORS(double)
#    if defined(__NV_SILENCE_DEPRECATION_END)
        __NV_SILENCE_DEPRECATION_END
#    endif
#    if defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && CUDART_VERSION >= 13000
        ALPAKA_DETAIL_BUILT_IN_VECTOR(long4_16a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(long4_32a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(ulong4_16a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(ulong4_32a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(longlong4_16a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(longlong4_32a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(ulonglong4_16a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(ulonglong4_32a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(double4_16a, 4)
        ALPAKA_DETAIL_BUILT_IN_VECTOR(double4_32a, 4)
#    endif
#    undef ALPAKA_DETAIL_BUILT_IN_VECTORS
#    undef ALPAKA_DETAIL_BUILT_IN_VECTOR

        template<>
        inline constexpr std::size_t builtInVectorDim<dim3> = 3;

        template<typename T>
        concept BuiltInVector = builtInVectorDim<T> != 0;
    } // namespace detail::cudaHip

#    if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
    namespace cuda::trait
    {
        template<typename T>
        inline constexpr bool isCudaBuiltInType = alpaka::detail::cudaHip::BuiltInVector<T>;
    } // namespace cuda::trait
#    endif

#    if defined(ALPAKA_ACC_GPU_HIP_ENABLED)
    namespace hip::trait
    {
        template<typename T>
        inline constexpr bool isHipBuiltInType = alpaka::detail::cudaHip::BuiltInVector<T>;
    } // namespace hip::trait
#    endif

    namespace trait
    {
        template<detail::cudaHip::BuiltInVector T>
        struct DimType<T>
        {
            using type = DimInt<detail::cudaHip::builtInVectorDim<T>>;
        };

        template<detail::cudaHip::BuiltInVector T>
        struct ElemType<T>
        {
            using type = decltype(T{}.x);
        };

        template<detail::cudaHip::BuiltInVector T>
        struct IdxType<T>
        {
            using type = std::size_t;
        };

        template<detail::cudaHip::BuiltInVector T>
        struct GetExtents<T>
        {
            ALPAKA_NO_HOST_ACC_WARNING
            ALPAKA_FN_HOST_ACC constexpr auto
            operator()(T const& value) const -> Vec<DimInt<detail::cudaHip::builtInVectorDim<T>>, std::size_t>
            {
                constexpr std::size_t dim = detail::cudaHip::builtInVectorDim<T>;
                auto const c = [](auto component) { return static_cast<std::size_t>(component); };
                if constexpr(dim == 1)
                    return {c(value.x)};
                else if constexpr(dim == 2)
                    return {c(value.y), c(value.x)};
                else if constexpr(dim == 3)
                    return {c(value.z), c(value.y), c(value.x)};
                else
                    return {c(value.w), c(value.z), c(value.y), c(value.x)};
            }
        };

        //! Upstream's: the components again (a built-in vector used as an offset is one).
        template<detail::cudaHip::BuiltInVector T>
        struct GetOffsets<T> : GetExtents<T>
        {
        };
    } // namespace trait
} // namespace alpaka

#endif
