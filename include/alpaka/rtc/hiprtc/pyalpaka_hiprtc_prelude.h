// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

// Run-time compilation with hiprtc (see README.md): what every stand-in header of this folder includes first.
#if defined(__HIPCC_RTC__)

// hiprtc's built-in prelude typedefs ::int32_t, ::int64_t, ::uint32_t and ::uint64_t (the 64-bit ones as long long),
// where glibc's headers would typedef them again as long: glibc's exact-width headers count as included, and the
// exact-width types the prelude lacks are defined here.
#    define _BITS_STDINT_INTN_H  1
#    define _BITS_STDINT_UINTN_H 1
typedef signed char int8_t;
typedef short int16_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;

// The prelude also defines a few std type traits (integral_constant, is_integral, is_same, ...), which the host
// standard library would define again: its headers are compiled into __pyalpaka_hip_std instead, and std and that
// namespace (and their __detail and ranges) see each other's names. A qualified name finds its own namespace's
// declaration first, so the prelude's traits and the library's coexist.
namespace std
{
}

namespace __pyalpaka_hip_std
{
    using namespace ::std;
}

namespace std
{
    using namespace ::__pyalpaka_hip_std;
}

namespace std::__detail
{
}

namespace __pyalpaka_hip_std::__detail
{
    using namespace ::std::__detail;
}

namespace std::__detail
{
    using namespace ::__pyalpaka_hip_std::__detail;
}

namespace std::ranges
{
}

namespace __pyalpaka_hip_std::ranges
{
    using namespace ::std::ranges;
}

namespace std::ranges
{
    using namespace ::__pyalpaka_hip_std::ranges;
}
#endif
