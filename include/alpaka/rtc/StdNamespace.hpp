// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Run-time compilation (NVRTC) has no host standard library. The headers in rtc/std/ stand in for the standard
//! headers the kernel-side library includes: each includes the CCCL (libcu++) counterpart, and this header makes its
//! names reachable as std::..., so the library's sources stay the same for every compiler.
//! Put rtc/std first on the run-time compiler's include path, then the library's include directory and CCCL's.

#if defined(__CUDACC_RTC__) || defined(__HIPCC_RTC__)
namespace cuda::std
{
}

namespace std
{
    using namespace ::cuda::std;
} // namespace std
#endif
