// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! omp::Schedule: how the OpenMP blocks back-end distributes the blocks of a grid (`schedule(kind, chunk)`).

namespace alpaka::omp
{
    struct Schedule
    {
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

        constexpr Schedule(Kind kind = NoSchedule, int chunkSize = 0)
            : kind(kind)
            , chunkSize(chunkSize)
        {
        }

        Kind kind;
        //! 0 lets the runtime choose.
        int chunkSize;
    };
} // namespace alpaka::omp
