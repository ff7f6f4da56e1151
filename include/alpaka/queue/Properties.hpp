// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Queue properties: a Blocking queue runs each task before enqueue() returns, a NonBlocking queue runs tasks in
//! order on its own worker while the caller continues. They live in alpaka::property, as upstream's, and are also
//! reachable as alpaka::Blocking / alpaka::NonBlocking (`Queue<TAcc, Blocking>`), the spelling most code uses.

namespace alpaka
{
    namespace property
    {
        //! enqueue() returns when the task has run.
        struct Blocking
        {
        };

        //! enqueue() returns at once; the queue's worker runs the tasks in order.
        struct NonBlocking
        {
        };
    } // namespace property

    using namespace property;
} // namespace alpaka
