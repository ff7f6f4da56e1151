// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Compiler, language, operating-system and compilation-pass detection used by the rest of the library, with
//! upstream alpaka 2.1's names and values (version numbers, see ALPAKA_VERSION_NUMBER).
//! Everything else tests these macros instead of compiler-specific ones, so porting to a new compiler touches
//! only this file (and detail/AmdGpuArch.hpp for a new AMD GPU).

// Run-time compilers (NVRTC, hiprtc) see only the device pass and no host standard library.
#if defined(__CUDACC_RTC__) || defined(__HIPCC_RTC__)
#    define ALPAKA_RTC 1
#else
#    define ALPAKA_RTC 0
#endif

// ---- Version numbers (upstream 2.1)
// ----------------------------------------------------------------------------------- The detection macros below are
// version numbers, as upstream 2.x's: ALPAKA_VERSION_NUMBER(major, minor, patch) where the compiler, language or
// architecture is present, ALPAKA_VERSION_NUMBER_NOT_AVAILABLE (0) where it is not. So
// `#if ALPAKA_COMP_CLANG` still asks whether, and `#if ALPAKA_COMP_CLANG >= ALPAKA_VERSION_NUMBER(15, 0, 0)` from
// which version. The library itself only tests them for non-zero.

//! major (up to 9999), minor (999) and patch (99999) in one unsigned long long that orders as the versions do:
//! upstream 2.1's encoding (1.2.3 is 100200003).
#define ALPAKA_VERSION_NUMBER(major, minor, patch)                                                                     \
    ((((major) % 10000llu) * 100000000llu) + (((minor) % 1000llu) * 100000llu) + ((patch) % 100000llu))

//! The value of a detection macro whose compiler, language or architecture is absent.
#define ALPAKA_VERSION_NUMBER_NOT_AVAILABLE ALPAKA_VERSION_NUMBER(0llu, 0llu, 0llu)

//! Present, but its version is not known (a run-time compiler, an AMD GPU this list does not name): non-zero, and
//! below every real version. This library's own; upstream has no such value.
#define ALPAKA_VERSION_NUMBER_UNKNOWN ALPAKA_VERSION_NUMBER(0llu, 0llu, 1llu)

// Decoders of vendor version macros, named after their digit layout (as upstream 2.1's).
#define ALPAKA_YYYYMMDD_TO_VERSION(V) ALPAKA_VERSION_NUMBER(((V) / 10000llu), ((V) / 100llu) % 100llu, (V) % 100llu)
#define ALPAKA_YYYYMM_TO_VERSION(V)   ALPAKA_VERSION_NUMBER(((V) / 100llu) % 10000llu, (V) % 100llu, 0llu)
#define ALPAKA_VVRRP_TO_VERSION(V)                                                                                     \
    ALPAKA_VERSION_NUMBER(((V) / 1000llu) % 10000llu, ((V) / 10llu) % 100llu, (V) % 10llu)
#define ALPAKA_VRP_TO_VERSION(V) ALPAKA_VERSION_NUMBER(((V) / 100llu) % 10000llu, ((V) / 10llu) % 10llu, (V) % 10llu)

// ---- Operating system and host architecture (0 or 1) ---------------------------------------------------------------
#ifndef ALPAKA_OS_WINDOWS
#    if defined(_WIN64) || defined(__MINGW64__)
#        define ALPAKA_OS_WINDOWS 1
#    else
#        define ALPAKA_OS_WINDOWS 0
#    endif
#endif
#ifndef ALPAKA_OS_LINUX
#    if defined(__linux) || defined(__linux__) || defined(__gnu_linux__)
#        define ALPAKA_OS_LINUX 1
#    else
#        define ALPAKA_OS_LINUX 0
#    endif
#endif
#ifndef ALPAKA_OS_IOS
#    if defined(__APPLE__)
#        define ALPAKA_OS_IOS 1
#    else
#        define ALPAKA_OS_IOS 0
#    endif
#endif
#ifndef ALPAKA_OS_CYGWIN
#    if defined(__CYGWIN__)
#        define ALPAKA_OS_CYGWIN 1
#    else
#        define ALPAKA_OS_CYGWIN 0
#    endif
#endif
#ifndef ALPAKA_ARCH_X86
#    if defined(__x86_64__) || defined(_M_X64)
#        define ALPAKA_ARCH_X86 1
#    else
#        define ALPAKA_ARCH_X86 0
#    endif
#endif
#ifndef ALPAKA_ARCH_RISCV
#    if defined(__riscv)
#        define ALPAKA_ARCH_RISCV 1
#    else
#        define ALPAKA_ARCH_RISCV 0
#    endif
#endif
#ifndef ALPAKA_ARCH_ARM
#    if defined(__ARM_ARCH) || defined(__arm__) || defined(__arm64)
#        define ALPAKA_ARCH_ARM 1
#    else
#        define ALPAKA_ARCH_ARM 0
#    endif
#endif

// ---- Language of the translation unit: its version (the CUDA or HIP runtime's)
// ---------------------------------------
#if defined(__HIP__) || defined(__HIPCC__) || defined(__HIPCC_RTC__)
#    if !defined(HIP_VERSION_MAJOR) && !defined(__HIPCC_RTC__) && defined(__has_include)
#        if __has_include(<hip/hip_version.h>)
#            include <hip/hip_version.h>
#        endif
#    endif
#    if defined(HIP_VERSION_MAJOR)
#        define ALPAKA_LANG_HIP ALPAKA_VERSION_NUMBER(HIP_VERSION_MAJOR, HIP_VERSION_MINOR, 0)
#    else
#        define ALPAKA_LANG_HIP ALPAKA_VERSION_NUMBER_UNKNOWN
#    endif
#else
#    define ALPAKA_LANG_HIP ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

// nvcc and clang include the CUDA runtime's header before the source; NVRTC only says which compiler it is.
#if(defined(__CUDACC__) || defined(__CUDACC_RTC__)) && !ALPAKA_LANG_HIP
#    if defined(CUDART_VERSION)
#        define ALPAKA_LANG_CUDA ALPAKA_VVRRP_TO_VERSION(CUDART_VERSION)
#    elif defined(CUDA_VERSION)
#        define ALPAKA_LANG_CUDA ALPAKA_VVRRP_TO_VERSION(CUDA_VERSION)
#    elif defined(__CUDACC_VER_MAJOR__)
#        define ALPAKA_LANG_CUDA ALPAKA_VERSION_NUMBER(__CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, 0)
#    else
#        define ALPAKA_LANG_CUDA ALPAKA_VERSION_NUMBER_UNKNOWN
#    endif
#else
#    define ALPAKA_LANG_CUDA ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

// No SYCL back-end here; the macros say what the compiler is, as upstream's.
#ifndef ALPAKA_LANG_SYCL
#    if defined(SYCL_LANGUAGE_VERSION)
#        define ALPAKA_LANG_SYCL ALPAKA_YYYYMMDD_TO_VERSION(SYCL_LANGUAGE_VERSION)
#    else
#        define ALPAKA_LANG_SYCL ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// ---- Compilation pass: device code of a GPU language (the host pass of nvcc/hipcc has both at 0)
// --------------------- ALPAKA_ARCH_PTX is the compute capability compiled for (sm_90: 9.0.0), ALPAKA_ARCH_AMD the gfx
// target (gfx90a: 9.0.10, the last two digits read as hexadecimal); ALPAKA_ARCH_HSA is ALPAKA_ARCH_AMD, its older name.
#if defined(__CUDA_ARCH__)
#    define ALPAKA_ARCH_PTX ALPAKA_VRP_TO_VERSION(__CUDA_ARCH__)
#else
#    define ALPAKA_ARCH_PTX ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

#if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__ == 1
#    include "alpaka/detail/AmdGpuArch.hpp"
#    define ALPAKA_ARCH_AMD ALPAKA_AMDGPU_ARCH
#else
#    define ALPAKA_ARCH_AMD ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif
#define ALPAKA_ARCH_HSA ALPAKA_ARCH_AMD

#define ALPAKA_DEVICE_PASS (ALPAKA_ARCH_PTX || ALPAKA_ARCH_HSA)

// ---- Compilers: the version of each that compiles this unit ---------------------------------------------------------
// nvcc forwards host code to a host compiler; ALPAKA_COMP_NVCC says nvcc drives the compilation.
#if defined(__NVCC__)
#    define ALPAKA_COMP_NVCC ALPAKA_VERSION_NUMBER(__CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__)
#else
#    define ALPAKA_COMP_NVCC ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

#if defined(__clang__)
#    define ALPAKA_COMP_CLANG ALPAKA_VERSION_NUMBER(__clang_major__, __clang_minor__, __clang_patchlevel__)
#else
#    define ALPAKA_COMP_CLANG ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

// Only the real GCC: clang, icc and nvc++ define __GNUC__ too.
#if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER) && !defined(__NVCOMPILER)
#    if defined(__GNUC_PATCHLEVEL__)
#        define ALPAKA_COMP_GNUC ALPAKA_VERSION_NUMBER(__GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__)
#    else
#        define ALPAKA_COMP_GNUC ALPAKA_VERSION_NUMBER(__GNUC__, __GNUC_MINOR__, 0)
#    endif
#else
#    define ALPAKA_COMP_GNUC ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

// _MSC_FULL_VER is VVRRPPPPP (19.39.33523 is 193933523).
#if defined(_MSC_VER) && !defined(__clang__)
#    define ALPAKA_COMP_MSVC                                                                                           \
        ALPAKA_VERSION_NUMBER((_MSC_FULL_VER) / 10000000, ((_MSC_FULL_VER) / 100000) % 100, (_MSC_FULL_VER) % 100000)
#else
#    define ALPAKA_COMP_MSVC ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

// clang compiling CUDA itself (not through nvcc).
#if ALPAKA_COMP_CLANG && defined(__CUDA__) && !ALPAKA_LANG_HIP
#    define ALPAKA_COMP_CLANG_CUDA ALPAKA_COMP_CLANG
#else
#    define ALPAKA_COMP_CLANG_CUDA ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

// clang compiling HIP (hipcc): the HIP version, as upstream.
#ifndef ALPAKA_COMP_HIP
#    if defined(__HIP__)
#        define ALPAKA_COMP_HIP ALPAKA_LANG_HIP
#    else
#        define ALPAKA_COMP_HIP ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

#ifndef ALPAKA_COMP_ICPX
#    if defined(SYCL_LANGUAGE_VERSION) && defined(__INTEL_LLVM_COMPILER)
#        define ALPAKA_COMP_ICPX ALPAKA_YYYYMMDD_TO_VERSION(__INTEL_LLVM_COMPILER)
#    else
#        define ALPAKA_COMP_ICPX ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
// oneAPI is recognised by its compiler, icpx (upstream leaves the macro undefined without it; 0 here).
#ifndef ALPAKA_LANG_ONEAPI
#    define ALPAKA_LANG_ONEAPI ALPAKA_COMP_ICPX
#endif

#if defined(__PGI)
#    define ALPAKA_COMP_PGI ALPAKA_VERSION_NUMBER(__PGIC__, __PGIC_MINOR__, __PGIC_PATCHLEVEL__)
#else
#    define ALPAKA_COMP_PGI ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

#if defined(__ibmxl__)
#    define ALPAKA_COMP_IBM ALPAKA_VERSION_NUMBER(__ibmxl_version__, __ibmxl_release__, __ibmxl_modification__)
#else
#    define ALPAKA_COMP_IBM ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#endif

// ---- OpenMP: the version of the specification (_OPENMP is its date, 201511 for 4.5: 2015.11.0, as upstream) ---------
#ifndef ALPAKA_OMP
#    if defined(_OPENMP)
#        define ALPAKA_OMP ALPAKA_YYYYMM_TO_VERSION(_OPENMP)
#    else
#        define ALPAKA_OMP ALPAKA_VERSION_NUMBER_NOT_AVAILABLE
#    endif
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
