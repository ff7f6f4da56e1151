// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! QueueTestFixture<std::tuple<TDev, TQueue>>: the first device of TDev's platform and a fresh TQueue on it, for tests
//! written once over alpaka::test::TestQueues.

#include "alpaka/alpaka.hpp"

#include <tuple>

namespace alpaka::test
{
    //! TDevQueue is a (device type, queue type) pair such as an element of TestQueues.
    template<typename TDevQueue>
    struct QueueTestFixture
    {
        using Dev = std::tuple_element_t<0, TDevQueue>;
        using Queue = std::tuple_element_t<1, TDevQueue>;
        using Platform = alpaka::Platform<Dev>;

        QueueTestFixture()
            : m_dev(getDevByIdx(m_platform, 0))
            , m_queue(m_dev)
        {
        }

        Platform m_platform{};
        Dev m_dev;
        Queue m_queue;
    };
} // namespace alpaka::test
