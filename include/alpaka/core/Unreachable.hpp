// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ALPAKA_UNREACHABLE(value): marks a point control never reaches, typically after an `if constexpr` chain whose
//! every branch returns. The argument is a dummy value of the enclosing function's return type (nothing for void):
//! only where the compiler has no way to say "unreachable" (nvcc before CUDA 11.3 in device code) is it returned,
//! to silence a false "missing return statement" warning. Reaching the point anyway is undefined behaviour.

#include "alpaka/core/Config.hpp"

#if ALPAKA_COMP_NVCC && ALPAKA_ARCH_PTX && defined(__CUDACC_VER_MAJOR__)                                               \
    && (__CUDACC_VER_MAJOR__ < 11 || (__CUDACC_VER_MAJOR__ == 11 && __CUDACC_VER_MINOR__ < 3))
#    define ALPAKA_UNREACHABLE(...) return __VA_ARGS__
#elif ALPAKA_COMP_MSVC
#    define ALPAKA_UNREACHABLE(...) __assume(false)
#elif defined(__GNUC__) || defined(__clang__) || ALPAKA_RTC || ALPAKA_LANG_CUDA || ALPAKA_LANG_HIP
#    define ALPAKA_UNREACHABLE(...) __builtin_unreachable()
#else
#    define ALPAKA_UNREACHABLE(...)
#endif
