// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Function attributes and other language-level macros of the public API.

// Boost.Predef's macros (BOOST_COMP_*, BOOST_VERSION_NUMBER, ...) come with every header, as with upstream's, whose
// tests use them after including only vec/Vec.hpp or dim/Traits.hpp.
#include "alpaka/core/BoostPredef.hpp"
#include "alpaka/core/Config.hpp"
#include "alpaka/core/Version.hpp"

// A GPU back-end is active in this translation unit when it is enabled and the compiler speaks its language.
#if(defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && ALPAKA_LANG_CUDA)                                                          \
    || (defined(ALPAKA_ACC_GPU_HIP_ENABLED) && ALPAKA_LANG_HIP)
#    define ALPAKA_GPU_LANG_ACTIVE 1
#else
#    define ALPAKA_GPU_LANG_ACTIVE 0
#endif

//! ALPAKA_FN_HOST: a function only the host calls. ALPAKA_FN_ACC: a function a kernel calls; it also stays
//! callable from the host so the CPU back-ends of a mixed build can run the same kernel, except in CUDA/HIP-only
//! mode, where it is device-only. ALPAKA_FN_HOST_ACC: callable from both sides.
#if ALPAKA_RTC
// Run-time compilers reject host functions; compiled with -default-device, unannotated functions are device code.
#    define ALPAKA_FN_HOST
#    define ALPAKA_FN_HOST_ACC __host__ __device__
#    define ALPAKA_FN_ACC      __host__ __device__
#elif ALPAKA_GPU_LANG_ACTIVE
#    define ALPAKA_FN_HOST     __host__
#    define ALPAKA_FN_HOST_ACC __host__ __device__
#    if defined(ALPAKA_ACC_GPU_CUDA_ONLY_MODE) || defined(ALPAKA_ACC_GPU_HIP_ONLY_MODE)
#        define ALPAKA_FN_ACC __device__
#    else
#        define ALPAKA_FN_ACC __host__ __device__
#    endif
#else
#    define ALPAKA_FN_HOST
#    define ALPAKA_FN_HOST_ACC
#    define ALPAKA_FN_ACC
#endif

//! Forces inlining where the compiler allows it.
#if ALPAKA_LANG_CUDA
#    define ALPAKA_FN_INLINE __forceinline__
#elif ALPAKA_LANG_HIP
// What HIP's __forceinline__ stands for, spelled out: that macro comes from the HIP runtime headers, which a header
// using ALPAKA_FN_INLINE need not have included.
#    define ALPAKA_FN_INLINE inline __attribute__((always_inline))
#elif ALPAKA_COMP_MSVC
#    define ALPAKA_FN_INLINE __forceinline
#else
#    define ALPAKA_FN_INLINE inline __attribute__((always_inline))
#endif

//! Silences nvcc's warning about a __host__ __device__ template calling a host-only function in an
//! instantiation that never runs on the device. Empty elsewhere: clang (HIP, CUDA) does not warn there and knows no
//! such pragma (hipcc would warn about an unknown one).
#if ALPAKA_COMP_NVCC && ALPAKA_GPU_LANG_ACTIVE
#    define ALPAKA_NO_HOST_ACC_WARNING _Pragma("nv_exec_check_disable")
#else
#    define ALPAKA_NO_HOST_ACC_WARNING
#endif

//! Loop unrolling hint: ALPAKA_UNROLL() lets the compiler choose, ALPAKA_UNROLL(4) asks for a factor.
#define ALPAKA_PP_STRINGIFY_IMPL(...) #__VA_ARGS__
#define ALPAKA_PP_STRINGIFY(...)      ALPAKA_PP_STRINGIFY_IMPL(__VA_ARGS__)
#if ALPAKA_COMP_CLANG || ALPAKA_LANG_CUDA || ALPAKA_LANG_HIP
#    define ALPAKA_UNROLL(...) _Pragma(ALPAKA_PP_STRINGIFY(unroll __VA_ARGS__))
#elif ALPAKA_COMP_GNUC
#    define ALPAKA_UNROLL(...) __VA_OPT__(_Pragma(ALPAKA_PP_STRINGIFY(GCC unroll __VA_ARGS__)))
#else
#    define ALPAKA_UNROLL(...)
#endif

//! Forces loads and stores of shared data to reach memory on GPUs, whose caches are not coherent within a kernel.
#if ALPAKA_GPU_LANG_ACTIVE
#    define ALPAKA_DEVICE_VOLATILE volatile
#else
#    define ALPAKA_DEVICE_VOLATILE
#endif

//! Static device memory: `ALPAKA_STATIC_ACC_MEM_GLOBAL alpaka::DevGlobal<TAcc, T> name;` declares a variable
//! template, one instance per accelerator, used as `name<TAcc>.get()` in kernels and as a memcpy endpoint on the
//! host. Inline so that one definition is shared by every translation unit.
//! GPU code compiled as a whole program per translation unit (no -rdc / -fgpu-rdc, the default) cannot share
//! __device__ variables between translation units: there each translation unit has its own (static) instance, used
//! by its kernels and its memcpy calls alike.
#if ALPAKA_GPU_LANG_ACTIVE && (defined(__CUDACC_RDC__) || defined(__CLANG_RDC__))
#    define ALPAKA_STATIC_ACC_MEM_GLOBAL                                                                               \
        template<typename TAcc>                                                                                        \
        __device__ inline
#    define ALPAKA_STATIC_ACC_MEM_CONSTANT                                                                             \
        template<typename TAcc>                                                                                        \
        __constant__ inline
#elif ALPAKA_GPU_LANG_ACTIVE
#    define ALPAKA_STATIC_ACC_MEM_GLOBAL                                                                               \
        template<typename TAcc>                                                                                        \
        __device__ static
#    define ALPAKA_STATIC_ACC_MEM_CONSTANT                                                                             \
        template<typename TAcc>                                                                                        \
        __constant__ static
#else
#    define ALPAKA_STATIC_ACC_MEM_GLOBAL                                                                               \
        template<typename TAcc>                                                                                        \
        inline
#    define ALPAKA_STATIC_ACC_MEM_CONSTANT                                                                             \
        template<typename TAcc>                                                                                        \
        inline
#endif
