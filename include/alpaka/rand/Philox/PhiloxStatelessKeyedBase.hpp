// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! rand::engine::PhiloxStatelessKeyedBase<TParams>: upstream's Philox function with its key bound: constructed from
//! a Key, called with a Counter.

#include "alpaka/core/Common.hpp"
#include "alpaka/rand/Philox/PhiloxStateless.hpp"

#include <utility>

namespace alpaka::rand::engine
{
    template<typename TParams>
    struct PhiloxStatelessKeyedBase : public PhiloxStateless<TParams>
    {
        using Counter = typename PhiloxStateless<TParams>::Counter;
        using Key = typename PhiloxStateless<TParams>::Key;

        Key const m_key;

        PhiloxStatelessKeyedBase(Key&& key)
            : m_key(std::move(key))
        {
        }

        ALPAKA_FN_HOST_ACC auto operator()(Counter const& counter) const -> Counter
        {
            return this->generate(counter, m_key);
        }
    };
} // namespace alpaka::rand::engine
