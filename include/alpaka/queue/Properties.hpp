// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Queue properties: a Blocking queue runs each task before enqueue() returns, a NonBlocking queue runs tasks in
//! order on its own worker while the caller continues.

namespace alpaka
{
    struct Blocking
    {
    };

    struct NonBlocking
    {
    };
} // namespace alpaka
