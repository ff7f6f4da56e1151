// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Compiler, language and compilation-pass detection used by the rest of the library.
//! Everything else tests these macros instead of compiler-specific ones, so porting to a new compiler touches
//! only this file.

// Run-time compilers (NVRTC, hiprtc) see only the device pass and no host standard library.
#if defined(__CUDACC_RTC__) || defined(__HIPCC_RTC__)
#    define ALPAKA_RTC 1
#else
#    define ALPAKA_RTC 0
#endif

// Language of the translation unit.
#if defined(__HIP__) || defined(__HIPCC__) || defined(__HIPCC_RTC__)
#    define ALPAKA_LANG_HIP 1
#else
#    define ALPAKA_LANG_HIP 0
#endif

#if(defined(__CUDACC__) || defined(__CUDACC_RTC__)) && !ALPAKA_LANG_HIP
#    define ALPAKA_LANG_CUDA 1
#else
#    define ALPAKA_LANG_CUDA 0
#endif

// Compilation pass: device code of a GPU language (the host pass of nvcc/hipcc has both at 0).
#if defined(__CUDA_ARCH__)
#    define ALPAKA_ARCH_PTX 1
#else
#    define ALPAKA_ARCH_PTX 0
#endif

#if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__ == 1
#    define ALPAKA_ARCH_HSA 1
#else
#    define ALPAKA_ARCH_HSA 0
#endif

#define ALPAKA_DEVICE_PASS (ALPAKA_ARCH_PTX || ALPAKA_ARCH_HSA)

// Compilers. nvcc forwards host code to a host compiler; ALPAKA_COMP_NVCC says nvcc drives the compilation.
#if defined(__NVCC__)
#    define ALPAKA_COMP_NVCC 1
#else
#    define ALPAKA_COMP_NVCC 0
#endif

#if defined(__clang__)
#    define ALPAKA_COMP_CLANG 1
#else
#    define ALPAKA_COMP_CLANG 0
#endif

#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER) && !defined(__NVCOMPILER)
#    define ALPAKA_COMP_GNUC 1
#else
#    define ALPAKA_COMP_GNUC 0
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#    define ALPAKA_COMP_MSVC 1
#else
#    define ALPAKA_COMP_MSVC 0
#endif

// clang compiling CUDA itself (not through nvcc).
#if ALPAKA_COMP_CLANG && defined(__CUDA__) && !ALPAKA_LANG_HIP
#    define ALPAKA_COMP_CLANG_CUDA 1
#else
#    define ALPAKA_COMP_CLANG_CUDA 0
#endif

// Debug level of the library: 0 none, 1 minimal traces, 2 everything (sizes, pointers, work divisions).
#define ALPAKA_DEBUG_DISABLED 0
#define ALPAKA_DEBUG_MINIMAL  1
#define ALPAKA_DEBUG_FULL     2
#ifndef ALPAKA_DEBUG
#    define ALPAKA_DEBUG ALPAKA_DEBUG_DISABLED
#endif

// Bytes of block shared memory (static and dynamic together) a CPU back-end provides per block.
#ifndef ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB
#    define ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB 47u
#endif
