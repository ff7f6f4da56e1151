// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! omp::Schedule: how the OpenMP blocks back-end distributes the blocks of a grid (`schedule(kind, chunk)`), and
//! omp::getSchedule / omp::setSchedule, the OpenMP runtime schedule (run-sched-var) that Schedule::Runtime uses.
//! Usable with and without OpenMP.

#include "alpaka/core/Common.hpp"

#if defined(_OPENMP) && !ALPAKA_RTC
#    include <omp.h>
#endif

namespace alpaka::omp
{
    struct Schedule
    {
        //! The kinds of OpenMP's schedule clause; those omp_sched_t has carry its values.
        enum Kind
        {
            //! Leave the schedule to the OpenMP runtime's default.
            NoSchedule,
            Static = 1u,
            Dynamic = 2u,
            Guided = 3u,
            Auto = 4u,
            Runtime = 5u
        };

        constexpr Schedule(Kind scheduleKind = NoSchedule, int scheduleChunkSize = 0)
            : kind(scheduleKind)
            , chunkSize(scheduleChunkSize)
        {
        }

        Kind kind;
        //! 0 lets the runtime choose.
        int chunkSize;
    };

    //! The schedule `schedule(runtime)` loops use: OpenMP's run-sched-var. Without OpenMP (3.0 or newer) the default
    //! Schedule{} (NoSchedule, chunk 0).
    ALPAKA_FN_HOST inline auto getSchedule() -> Schedule
    {
#if defined(_OPENMP) && _OPENMP >= 200805 && !ALPAKA_RTC
        omp_sched_t ompKind{};
        int chunkSize = 0;
        omp_get_schedule(&ompKind, &chunkSize);
        // OpenMP 4.5 may set the monotonic modifier (the top bit) on the kind; Schedule has no such modifier.
        auto const kind = static_cast<unsigned>(ompKind) & 0x7fff'ffffu;
        return Schedule{static_cast<Schedule::Kind>(kind), chunkSize};
#else
        return Schedule{};
#endif
    }

    //! Sets the schedule later `schedule(runtime)` loops use (from outside a parallel region: inside one it has no
    //! immediate effect). NoSchedule and Runtime name no schedule and change nothing; so does everything without
    //! OpenMP (3.0 or newer).
    ALPAKA_FN_HOST inline auto setSchedule(Schedule schedule) -> void
    {
#if defined(_OPENMP) && _OPENMP >= 200805 && !ALPAKA_RTC
        if(schedule.kind != Schedule::NoSchedule && schedule.kind != Schedule::Runtime)
            omp_set_schedule(static_cast<omp_sched_t>(schedule.kind), schedule.chunkSize);
#else
        static_cast<void>(schedule);
#endif
    }
} // namespace alpaka::omp
