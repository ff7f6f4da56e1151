// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! isBlocking<TQueue>: whether the test queue blocks its caller, for the queue and event tests (one definition, so
//! that a test program's sources can be compiled as one unit).

#include <alpaka/test/queue/Queue.hpp>

namespace alpaka_test
{
    template<typename TQueue>
    inline constexpr bool isBlocking = alpaka::test::IsBlockingQueue<TQueue>::value;
} // namespace alpaka_test
