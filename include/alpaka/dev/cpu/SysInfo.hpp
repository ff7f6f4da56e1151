// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's host system queries under its names, alpaka::cpu::detail::getCpuName, getPageSize,
//! getTotalGlobalMemSizeBytes, getFreeGlobalMemSizeBytes and cpuid; the implementation here lives in
//! detail/sys/SysInfo.hpp (what DevCpu's getName, getMemBytes and getFreeMemBytes report).

#include "alpaka/detail/sys/SysInfo.hpp"

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#    include <cpuid.h>
#endif

namespace alpaka::cpu::detail
{
    using ::alpaka::detail::sys::getCpuName;
    using ::alpaka::detail::sys::getFreeGlobalMemSizeBytes;
    using ::alpaka::detail::sys::getPageSize;
    using ::alpaka::detail::sys::getTotalGlobalMemSizeBytes;

    //! The x86 CPUID instruction for leaf `level`, sub-leaf `subfunction`: ex receives EAX, EBX, ECX, EDX. Zeros on
    //! other architectures and for leaves the processor does not have.
    inline auto cpuid(std::uint32_t level, std::uint32_t subfunction, std::uint32_t ex[4]) -> void
    {
        ex[0] = ex[1] = ex[2] = ex[3] = 0u;
#if defined(__x86_64__) || defined(__i386__)
        unsigned eax = 0;
        unsigned ebx = 0;
        unsigned ecx = 0;
        unsigned edx = 0;
        if(__get_cpuid_count(level, subfunction, &eax, &ebx, &ecx, &edx) != 0)
        {
            ex[0] = eax;
            ex[1] = ebx;
            ex[2] = ecx;
            ex[3] = edx;
        }
#else
        static_cast<void>(level);
        static_cast<void>(subfunction);
#endif
    }
} // namespace alpaka::cpu::detail
