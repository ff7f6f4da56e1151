// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! alpaka.hpp (its lean form, ALPAKA_LEAN_UMBRELLA) with only the serial back-end reads none of the standard headers
//! that the compile-time work took off its path (docs/compile-time.md): one that comes back through a new #include
//! fails this build and names itself. libstdc++ only, whose include guards these are; the build of the header check
//! compiles this file.

#undef ALPAKA_ACC_ANY_BT_OMP5_ENABLED
#undef ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED
#undef ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED
#undef ALPAKA_ACC_GPU_CUDA_ENABLED
#undef ALPAKA_ACC_GPU_HIP_ENABLED
#ifndef ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED
#    define ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED
#endif
// The lean umbrella: without it alpaka.hpp includes upstream's set of standard headers on purpose.
#ifndef ALPAKA_LEAN_UMBRELLA
#    define ALPAKA_LEAN_UMBRELLA
#endif

#include <alpaka/alpaka.hpp>

#if defined(__GLIBCXX__)
#    if defined(_GLIBCXX_ALGORITHM)
#        error "alpaka.hpp includes <algorithm> (7.5 MB): use meta::min/max or a loop"
#    endif
#    if defined(_GLIBCXX_CMATH) && ALPAKA_MATH_LIBM_BUILTINS
#        error "alpaka.hpp includes <cmath> (0.08 s, 9.6 MB): call alpaka::math::libm (math/Libm.hpp)"
#    endif
#    if defined(_GLIBCXX_COMPLEX)
#        error "alpaka.hpp includes <complex> (4.6 MB, and <sstream>)"
#    endif
#    if defined(_GLIBCXX_DEQUE)
#        error "alpaka.hpp includes <deque>"
#    endif
#    if defined(_GLIBCXX_MUTEX) && (defined(__unix__) || defined(__APPLE__))
#        error "alpaka.hpp includes <mutex> (4 MB): use detail::sys::Mutex (detail/sys/Mutex.hpp)"
#    endif
#    if defined(_GLIBCXX_RANDOM)
#        error "alpaka.hpp includes <random> (7.8 MB): see rand/MersenneTwister19937.hpp"
#    endif
#    if defined(_GLIBCXX_SSTREAM)
#        error "alpaka.hpp includes <sstream>: format messages with detail::formatMessage"
#    endif
#    if defined(_GLIBCXX_THREAD) && (defined(__unix__) || defined(__APPLE__))
#        error "alpaka.hpp includes <thread> (3.8 MB): use detail::sys::HostThread"
#    endif
#endif
#if defined(_IMMINTRIN_H_INCLUDED) || defined(__IMMINTRIN_H)
#    error "alpaka.hpp includes <immintrin.h> (100 MB with g++ 12)"
#endif
