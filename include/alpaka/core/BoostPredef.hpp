// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The Boost.Predef macros upstream alpaka exposes (BOOST_COMP_*, BOOST_LANG_*, BOOST_ARCH_*, BOOST_OS_*,
//! BOOST_VERSION_NUMBER, ...), without requiring Boost.
//!
//! Values use Boost.Predef's encoding: BOOST_VERSION_NUMBER(major, minor, patch) is
//! major * 10000000 + minor * 100000 + patch; a detected compiler, language or architecture is its version (or
//! BOOST_VERSION_NUMBER_AVAILABLE, 1, where it has none), an undetected one BOOST_VERSION_NUMBER_NOT_AVAILABLE, 0.
//! As in Boost.Predef, a compiler that imitates another one (clang defines __GNUC__) reports only itself.
//!
//! Include order: Boost.Predef defines its macros unconditionally, so defining them first would make a later
//! `#include <boost/predef.h>` redefine them. Where Boost is installed this header therefore includes it first, as
//! upstream does: a later include is then a no-op (include guards), and an earlier one wins because every fallback
//! below is guarded by #ifndef. Without Boost the fallbacks define everything and nothing can clash.
//! The run-time compilers (NVRTC, hiprtc) never see Boost: they use the fallbacks. So does a translation unit that
//! defines ALPAKA_PREDEF_WITHOUT_BOOST (the tests compare the fallbacks with Boost.Predef that way); such a unit
//! must not include Boost.Predef itself.

#include "alpaka/core/Config.hpp"

#if !ALPAKA_RTC && !defined(ALPAKA_PREDEF_WITHOUT_BOOST) && defined(__has_include)
#    if __has_include(<boost/predef.h>)
#        include <boost/predef.h>
#    endif
#endif

// ---- Version numbers (boost/predef/version_number.h, make.h) -------------------------------------------------------
#ifndef BOOST_VERSION_NUMBER
#    define BOOST_VERSION_NUMBER(major, minor, patch)                                                                  \
        ((((major) % 100) * 10000000) + (((minor) % 100) * 100000) + ((patch) % 100000))
#endif
#ifndef BOOST_VERSION_NUMBER_MAX
#    define BOOST_VERSION_NUMBER_MAX BOOST_VERSION_NUMBER(99, 99, 99999)
#endif
#ifndef BOOST_VERSION_NUMBER_ZERO
#    define BOOST_VERSION_NUMBER_ZERO BOOST_VERSION_NUMBER(0, 0, 0)
#endif
#ifndef BOOST_VERSION_NUMBER_MIN
#    define BOOST_VERSION_NUMBER_MIN BOOST_VERSION_NUMBER(0, 0, 1)
#endif
#ifndef BOOST_VERSION_NUMBER_AVAILABLE
#    define BOOST_VERSION_NUMBER_AVAILABLE BOOST_VERSION_NUMBER_MIN
#endif
#ifndef BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    define BOOST_VERSION_NUMBER_NOT_AVAILABLE BOOST_VERSION_NUMBER_ZERO
#endif
#ifndef BOOST_VERSION_NUMBER_MAJOR
#    define BOOST_VERSION_NUMBER_MAJOR(N) (((N) / 10000000) % 100)
#endif
#ifndef BOOST_VERSION_NUMBER_MINOR
#    define BOOST_VERSION_NUMBER_MINOR(N) (((N) / 100000) % 100)
#endif
#ifndef BOOST_VERSION_NUMBER_PATCH
#    define BOOST_VERSION_NUMBER_PATCH(N) ((N) % 100000)
#endif

// Decoders of vendor version macros, named after the digit layout they read (V major, R minor, P patch).
#ifndef BOOST_PREDEF_MAKE_10_VRP
#    define BOOST_PREDEF_MAKE_10_VRP(V) BOOST_VERSION_NUMBER(((V) / 100) % 10, ((V) / 10) % 10, (V) % 10)
#endif
#ifndef BOOST_PREDEF_MAKE_10_VRR
#    define BOOST_PREDEF_MAKE_10_VRR(V) BOOST_VERSION_NUMBER(((V) / 100) % 10, (V) % 100, 0)
#endif
#ifndef BOOST_PREDEF_MAKE_10_VVRR
#    define BOOST_PREDEF_MAKE_10_VVRR(V) BOOST_VERSION_NUMBER(((V) / 100) % 100, (V) % 100, 0)
#endif
#ifndef BOOST_PREDEF_MAKE_10_VVRRP
#    define BOOST_PREDEF_MAKE_10_VVRRP(V) BOOST_VERSION_NUMBER(((V) / 1000) % 100, ((V) / 10) % 100, (V) % 10)
#endif
#ifndef BOOST_PREDEF_MAKE_10_VVRRPP
#    define BOOST_PREDEF_MAKE_10_VVRRPP(V) BOOST_VERSION_NUMBER(((V) / 10000) % 100, ((V) / 100) % 100, (V) % 100)
#endif
#ifndef BOOST_PREDEF_MAKE_DATE
#    define BOOST_PREDEF_MAKE_DATE(Y, M, D) BOOST_VERSION_NUMBER((Y) % 10000 - 1970, (M) % 100, (D) % 100)
#endif
#ifndef BOOST_PREDEF_MAKE_YYYYMMDD
#    define BOOST_PREDEF_MAKE_YYYYMMDD(V) BOOST_PREDEF_MAKE_DATE(((V) / 10000) % 10000, ((V) / 100) % 100, (V) % 100)
#endif
#ifndef BOOST_PREDEF_MAKE_YYYYMM
#    define BOOST_PREDEF_MAKE_YYYYMM(V) BOOST_PREDEF_MAKE_DATE((V) / 100, (V) % 100, 1)
#endif

// ---- Compilers -----------------------------------------------------------------------------------------------------
#ifndef BOOST_COMP_CLANG
#    if defined(__clang__)
#        define BOOST_COMP_CLANG BOOST_VERSION_NUMBER(__clang_major__, __clang_minor__, __clang_patchlevel__)
#    else
#        define BOOST_COMP_CLANG BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// Intel's classic compiler (icpc); its LLVM successor icpx is a clang and BOOST_COMP_ICPX below.
#ifndef BOOST_COMP_INTEL
#    if defined(__INTEL_COMPILER) && !defined(__clang__)
#        define BOOST_COMP_INTEL BOOST_PREDEF_MAKE_10_VVRR(__INTEL_COMPILER)
#    else
#        define BOOST_COMP_INTEL BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// PGI and its successor nvc++ (both keep the __PGIC__ macros).
#ifndef BOOST_COMP_PGI
#    if defined(__PGI) && defined(__PGIC__) && defined(__PGIC_MINOR__) && defined(__PGIC_PATCHLEVEL__)
#        define BOOST_COMP_PGI BOOST_VERSION_NUMBER(__PGIC__, __PGIC_MINOR__, __PGIC_PATCHLEVEL__)
#    elif defined(__PGI)
#        define BOOST_COMP_PGI BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_COMP_PGI BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// GCC itself, not one of the many compilers that define __GNUC__ for compatibility (EDG front ends among them).
#ifndef BOOST_COMP_GNUC
#    if defined(__GNUC__) && !defined(__clang__) && !defined(__INTEL_COMPILER) && !defined(__PGI) && !defined(__EDG__)
#        define BOOST_COMP_GNUC BOOST_VERSION_NUMBER(__GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__)
#    else
#        define BOOST_COMP_GNUC BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// Visual C++ itself (clang-cl and the Intel compilers define _MSC_VER too). Boost.Predef's formula for VS 2017+.
#ifndef BOOST_COMP_MSVC
#    if defined(_MSC_VER) && !defined(__clang__) && !defined(__INTEL_COMPILER)
#        define BOOST_COMP_MSVC BOOST_VERSION_NUMBER(_MSC_VER / 100, _MSC_VER % 100, _MSC_FULL_VER % 100000)
#    else
#        define BOOST_COMP_MSVC BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// nvcc drives the compilation. Boost.Predef reports nvcc as "emulated" when a host compiler was detected first;
// upstream alpaka (and this header) report it as BOOST_COMP_NVCC.
#if defined(BOOST_COMP_NVCC) && defined(BOOST_COMP_NVCC_EMULATED)
#    undef BOOST_COMP_NVCC
#    define BOOST_COMP_NVCC BOOST_COMP_NVCC_EMULATED
#endif
#ifndef BOOST_COMP_NVCC
#    if defined(__NVCC__) && defined(__CUDACC_VER_MAJOR__)
#        define BOOST_COMP_NVCC BOOST_VERSION_NUMBER(__CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__)
#    elif defined(__NVCC__)
#        define BOOST_COMP_NVCC BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_COMP_NVCC BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// The same correction for nvc++, which Boost.Predef reports as an EDG front end.
#if defined(BOOST_COMP_PGI) && defined(BOOST_COMP_PGI_EMULATED)
#    undef BOOST_COMP_PGI
#    define BOOST_COMP_PGI BOOST_COMP_PGI_EMULATED
#endif

// ---- Languages -----------------------------------------------------------------------------------------------------
#ifndef BOOST_LANG_STDCPP
#    define BOOST_LANG_STDCPP BOOST_PREDEF_MAKE_YYYYMM(__cplusplus)
#endif

// CUDA: nvcc defines __CUDACC__, clang -x cuda defines __CUDA__ (and __CUDACC__). The toolkit version comes from
// <cuda.h> where something included it, else from nvcc's own major and minor version: CUDA_VERSION has no patch
// level, so Boost.Predef's value (from CUDA_VERSION) has none, and nvcc's build number (13.0.88) must not show.
#ifndef BOOST_LANG_CUDA
#    if(defined(__CUDACC__) || defined(__CUDA__)) && defined(CUDA_VERSION)
#        define BOOST_LANG_CUDA BOOST_PREDEF_MAKE_10_VVRRP(CUDA_VERSION)
#    elif(defined(__CUDACC__) || defined(__CUDA__)) && defined(__CUDACC_VER_MAJOR__)
#        define BOOST_LANG_CUDA BOOST_VERSION_NUMBER(__CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__, 0)
#    elif defined(__CUDACC__) || defined(__CUDA__)
#        define BOOST_LANG_CUDA BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_LANG_CUDA BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// HIP: __HIP__ is defined by hip-clang and by clang in HIP mode. HIP gives no patch level, only a git date.
#if defined(__HIP__) && !ALPAKA_RTC && defined(__has_include)
#    if __has_include(<hip/hip_version.h>)
#        include <hip/hip_version.h>
#    endif
#endif
#ifndef BOOST_LANG_HIP
#    if defined(__HIP__) && defined(HIP_VERSION_MAJOR)
#        define BOOST_LANG_HIP BOOST_VERSION_NUMBER(HIP_VERSION_MAJOR, HIP_VERSION_MINOR, 0)
#    elif defined(__HIP__)
#        define BOOST_LANG_HIP BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_LANG_HIP BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

#ifndef BOOST_COMP_HIP
#    define BOOST_COMP_HIP BOOST_LANG_HIP
#endif

// clang compiling CUDA itself (not through nvcc): its value is clang's version.
#ifndef BOOST_COMP_CLANG_CUDA
#    if defined(__clang__) && defined(__CUDA__)
#        define BOOST_COMP_CLANG_CUDA BOOST_COMP_CLANG
#    else
#        define BOOST_COMP_CLANG_CUDA BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// Intel's LLVM compiler in SYCL mode: __INTEL_LLVM_COMPILER is YYYYUPP (2023.1.0 is 20230100, read as (53,1,0)).
#ifndef BOOST_COMP_ICPX
#    if defined(SYCL_LANGUAGE_VERSION) && defined(__INTEL_LLVM_COMPILER)
#        define BOOST_COMP_ICPX BOOST_PREDEF_MAKE_YYYYMMDD(__INTEL_LLVM_COMPILER)
#    else
#        define BOOST_COMP_ICPX BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// ---- Architectures -------------------------------------------------------------------------------------------------
// The device pass of CUDA: __CUDA_ARCH__ 860 is (8,6,0). Written so that 1000 and later read (10,0,0), where
// Boost.Predef's MAKE_10_VRP would drop the leading digit.
#ifndef BOOST_ARCH_PTX
#    if defined(__CUDA_ARCH__)
#        define BOOST_ARCH_PTX                                                                                         \
            BOOST_VERSION_NUMBER((__CUDA_ARCH__) / 100, ((__CUDA_ARCH__) / 10) % 10, (__CUDA_ARCH__) % 10)
#    else
#        define BOOST_ARCH_PTX BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// The device pass of HIP. __HIP_DEVICE_COMPILE__ says nothing about the target's features, hence no version.
#ifndef BOOST_ARCH_HSA
#    if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__ == 1 && defined(__HIP__)
#        define BOOST_ARCH_HSA BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_ARCH_HSA BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

#ifndef BOOST_ARCH_X86_64
#    if defined(__x86_64__) || defined(__x86_64) || defined(__amd64__) || defined(__amd64) || defined(_M_X64)
#        define BOOST_ARCH_X86_64 BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_ARCH_X86_64 BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
#ifndef BOOST_ARCH_X86_32
#    if defined(__i386__) || defined(__i386) || defined(_M_IX86) || defined(_X86_)
#        define BOOST_ARCH_X86_32 BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_ARCH_X86_32 BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
#ifndef BOOST_ARCH_X86
#    if BOOST_ARCH_X86_32 || BOOST_ARCH_X86_64
#        define BOOST_ARCH_X86 BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_ARCH_X86 BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
#ifndef BOOST_ARCH_ARM
#    if defined(__ARM_ARCH)
#        define BOOST_ARCH_ARM BOOST_VERSION_NUMBER(__ARM_ARCH, 0, 0)
#    elif defined(__aarch64__) || defined(_M_ARM64)
#        define BOOST_ARCH_ARM BOOST_VERSION_NUMBER(8, 0, 0)
#    elif defined(__arm__) || defined(_M_ARM)
#        define BOOST_ARCH_ARM BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_ARCH_ARM BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif

// ---- Operating systems ---------------------------------------------------------------------------------------------
#ifndef BOOST_OS_LINUX
#    if defined(__linux__) || defined(__linux) || defined(linux)
#        define BOOST_OS_LINUX BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_OS_LINUX BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
#ifndef BOOST_OS_WINDOWS
#    if defined(_WIN32) || defined(_WIN64) || defined(__WIN32__) || defined(__TOS_WIN__) || defined(__WINDOWS__)
#        define BOOST_OS_WINDOWS BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_OS_WINDOWS BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
#ifndef BOOST_OS_MACOS
#    if defined(__APPLE__) && defined(__MACH__)
#        define BOOST_OS_MACOS BOOST_VERSION_NUMBER(10, 0, 0)
#    else
#        define BOOST_OS_MACOS BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
#ifndef BOOST_OS_UNIX
#    if defined(unix) || defined(__unix) || defined(_XOPEN_SOURCE) || defined(_POSIX_SOURCE)
#        define BOOST_OS_UNIX BOOST_VERSION_NUMBER_AVAILABLE
#    else
#        define BOOST_OS_UNIX BOOST_VERSION_NUMBER_NOT_AVAILABLE
#    endif
#endif
