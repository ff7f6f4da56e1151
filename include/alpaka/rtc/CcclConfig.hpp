// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! CCCL settings for run-time compilation, included by every rtc/std stand-in before its CCCL header.
//!
//! _CCCL_META_UNROLL_LIMIT: CCCL's type-list folds are unrolled by preprocessor repetition up to this many types
//! (longer lists recurse, so it changes no result). CCCL picks 10 under nvcc but 16 under NVRTC, and NVRTC's
//! preprocessor spends most of a small kernel's cold compilation expanding the 16-fold repetitions of
//! <cuda/std/__type_traits/type_list.h>, which every <cuda/std/type_traits> includes (measured:
//! docs/dev/measurements.md#run-time-compilation). A value set before (on the command line, say) is kept.

#if !defined(_CCCL_META_UNROLL_LIMIT)
#    define _CCCL_META_UNROLL_LIMIT 10
#endif
