// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Where a thread runs, and moving it off a core: how a pool worker that the scheduler woke up on its launcher's core
//! gets a core of its own (see WorkerPool). Linux only; elsewhere the queries answer "unknown" and nothing moves.

#if defined(__linux__)
#    include <sched.h>
#endif

namespace alpaka::detail::sys
{
    //! The logical CPU the calling thread runs on, -1 where unknown. A hint: the thread may move at any time.
    inline auto currentCpu() noexcept -> int
    {
#if defined(__linux__)
        return sched_getcpu();
#else
        return -1;
#endif
    }

    //! Moves the calling thread off `cpu` to another CPU it may run on, keeping its affinity mask: the mask without
    //! `cpu` makes the kernel migrate the thread at once, the mask put back does not move it again. Nothing happens
    //! where the thread may run on `cpu` alone or not at all, or the mask cannot be read or set.
    inline void moveOffCpu(int cpu) noexcept
    {
#if defined(__linux__)
        if(cpu < 0 || cpu >= CPU_SETSIZE)
            return;
        cpu_set_t allowed;
        CPU_ZERO(&allowed);
        if(sched_getaffinity(0, sizeof allowed, &allowed) != 0 || CPU_COUNT(&allowed) < 2 || !CPU_ISSET(cpu, &allowed))
            return;
        cpu_set_t others = allowed;
        CPU_CLR(cpu, &others);
        if(sched_setaffinity(0, sizeof others, &others) == 0)
            sched_setaffinity(0, sizeof allowed, &allowed);
#else
        static_cast<void>(cpu);
#endif
    }
} // namespace alpaka::detail::sys
