// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! alpaka.hpp with the oneTBB back-end reads oneTBB's headers without <immintrin.h> (detail/sys/TbbHeaders.hpp), and
//! a later #include <immintrin.h> still declares everything. Built when the TBB back-end is enabled.

#undef ALPAKA_ACC_ANY_BT_OMP5_ENABLED
#undef ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED
#undef ALPAKA_ACC_GPU_CUDA_ENABLED
#undef ALPAKA_ACC_GPU_HIP_ENABLED

#include <alpaka/alpaka.hpp>

#if(defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#    if defined(_IMMINTRIN_H_INCLUDED) || defined(__IMMINTRIN_H)
#        error "the TBB back-end includes <immintrin.h> (100 MB with g++ 12)"
#    endif

#    include <immintrin.h>

// An AVX intrinsic, whose declaration <emmintrin.h> does not have, is declared after all.
static_assert(sizeof(&_mm256_setzero_ps) > 0);
#endif
