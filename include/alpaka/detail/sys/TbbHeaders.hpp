// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The oneTBB headers of the TBB back-end, without <immintrin.h>.
//!
//! oneTBB's detail/_machine.h includes <immintrin.h> on x86 for three functions of SSE and SSE2: _mm_pause, _mm_getcsr
//! and _mm_setcsr. <immintrin.h> declares every intrinsic of every x86 extension (AVX-512, AMX, ...), and it was most
//! of the compile time and memory that the TBB back-end added to a unit that includes alpaka.hpp (measured:
//! docs/dev/measurements.md#headers-left-out). So on x86 with g++ and clang this includes <emmintrin.h>, which declares
//! those three, and keeps <immintrin.h>'s include guard defined while oneTBB's headers are read. The guard is removed
//! again afterwards: a later #include <immintrin.h> reads the whole header, whose parts have guards of their own.
//! Should a oneTBB version use another intrinsic, its headers fail to compile here with that name undeclared.

#include "alpaka/core/Config.hpp"

#if(defined(__x86_64__) || defined(__i386__)) && (ALPAKA_COMP_GNUC || ALPAKA_COMP_CLANG)                               \
    && !defined(_IMMINTRIN_H_INCLUDED) && !defined(__IMMINTRIN_H)
#    include <emmintrin.h>
#    define ALPAKA_DETAIL_TBB_HIDES_IMMINTRIN 1
#    define _IMMINTRIN_H_INCLUDED
#    define __IMMINTRIN_H
#endif

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#if defined(ALPAKA_DETAIL_TBB_HIDES_IMMINTRIN)
#    undef _IMMINTRIN_H_INCLUDED
#    undef __IMMINTRIN_H
#    undef ALPAKA_DETAIL_TBB_HIDES_IMMINTRIN
#endif
