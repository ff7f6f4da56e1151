// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Queries of the host system: processor name, memory and page sizes, number of hardware threads.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#    include <cpuid.h>
#endif
#if defined(__unix__) || defined(__APPLE__)
#    include <unistd.h>
#endif
// std::thread::hardware_concurrency is sysconf(_SC_NPROCESSORS_ONLN) on POSIX systems; <thread> would add C++20's
// <stop_token> and <semaphore> to the kernel side of every CPU back-end.
#if !defined(_SC_NPROCESSORS_ONLN)
#    include <thread>
#endif

namespace alpaka::detail::sys
{
    //! The processor's brand string, "CPU" where it cannot be read.
    inline auto getCpuName() -> std::string
    {
#if defined(__x86_64__) || defined(__i386__)
        unsigned regs[12] = {};
        unsigned maxExt = __get_cpuid_max(0x80000000u, nullptr);
        if(maxExt >= 0x80000004u)
        {
            for(unsigned i = 0; i < 3; ++i)
                __get_cpuid(0x80000002u + i, &regs[4 * i], &regs[4 * i + 1], &regs[4 * i + 2], &regs[4 * i + 3]);
            std::string name(reinterpret_cast<char const*>(regs), sizeof(regs));
            name = name.c_str(); // cut at the first NUL
            auto const first = name.find_first_not_of(' ');
            auto const last = name.find_last_not_of(' ');
            if(first != std::string::npos)
                return name.substr(first, last - first + 1);
        }
#endif
        // C stdio, not <fstream>, which every translation unit would compile
        // (docs/dev/measurements.md#headers-left-out).
        if(std::FILE* const cpuinfo = std::fopen("/proc/cpuinfo", "r"))
        {
            char buffer[512];
            std::string name;
            while(name.empty() && std::fgets(buffer, sizeof buffer, cpuinfo) != nullptr)
            {
                std::string const line(buffer, std::strcspn(buffer, "\n"));
                if(line.rfind("model name", 0) == 0 || line.rfind("Processor", 0) == 0)
                {
                    auto const colon = line.find(':');
                    if(colon != std::string::npos && colon + 2 <= line.size())
                        name = line.substr(colon + 2);
                }
            }
            std::fclose(cpuinfo);
            if(!name.empty())
                return name;
        }
        return "CPU";
    }

    //! Total physical memory in bytes.
    inline auto getTotalGlobalMemSizeBytes() -> std::size_t
    {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
        long const pages = sysconf(_SC_PHYS_PAGES);
        long const pageSize = sysconf(_SC_PAGE_SIZE);
        if(pages > 0 && pageSize > 0)
            return static_cast<std::size_t>(pages) * static_cast<std::size_t>(pageSize);
#endif
        return 0;
    }

    //! The size of a memory page in bytes (4096 where it cannot be read).
    inline auto getPageSize() -> std::size_t
    {
#if defined(_SC_PAGE_SIZE)
        long const pageSize = sysconf(_SC_PAGE_SIZE);
        if(pageSize > 0)
            return static_cast<std::size_t>(pageSize);
#endif
        return 4096u;
    }

    //! Memory available to new allocations in bytes (MemAvailable, which counts reclaimable caches).
    inline auto getFreeGlobalMemSizeBytes() -> std::size_t
    {
        if(std::FILE* const meminfo = std::fopen("/proc/meminfo", "r"))
        {
            char line[256];
            unsigned long long kib = 0;
            bool found = false;
            while(!found && std::fgets(line, sizeof line, meminfo) != nullptr)
                found = std::sscanf(line, "MemAvailable: %llu", &kib) == 1;
            std::fclose(meminfo);
            if(found)
                return static_cast<std::size_t>(kib) * 1024u;
        }
#if defined(_SC_AVPHYS_PAGES) && defined(_SC_PAGE_SIZE)
        long const pages = sysconf(_SC_AVPHYS_PAGES);
        long const pageSize = sysconf(_SC_PAGE_SIZE);
        if(pages > 0 && pageSize > 0)
            return static_cast<std::size_t>(pages) * static_cast<std::size_t>(pageSize);
#endif
        return 0;
    }

    //! Hardware threads of the machine (at least 1). Asked once: glibc reads a file in /sys for it, which would cost
    //! microseconds on every kernel launch that checks its work division.
    inline auto getHardwareThreadCount() -> std::size_t
    {
        static std::size_t const count = []
        {
#if defined(_SC_NPROCESSORS_ONLN)
            long const n = sysconf(_SC_NPROCESSORS_ONLN);
#else
            auto const n = std::thread::hardware_concurrency();
#endif
            return n <= 0 ? std::size_t{1} : static_cast<std::size_t>(n);
        }();
        return count;
    }
} // namespace alpaka::detail::sys
