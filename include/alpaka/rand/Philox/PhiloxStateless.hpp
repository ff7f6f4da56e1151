// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's parametrized Philox function: rand::engine::PhiloxParams<TCounterSize, TWidth, TRounds> and
//! rand::engine::PhiloxStateless<TParams> with Counter, Key and static generate(counter, key). As upstream's it exists
//! for 4 words of 32 bits; the number of rounds is free. PhiloxStateless<PhiloxParams<4, 32, 10>>::generate is
//! rand::PhiloxStateless4x32x10Vector::generate (rand/RandPhiloxStateless.hpp), which this computes.

#include "alpaka/core/Common.hpp"
#include "alpaka/rand/Philox/MultiplyAndSplit64to32.hpp"
#include "alpaka/rand/Philox/PhiloxConstants.hpp"
#include "alpaka/rand/RandPhiloxStateless.hpp"

namespace alpaka::rand::engine
{
    //! Philox parameters: TCounterSize words of TWidth bits, TRounds rounds.
    template<unsigned TCounterSize, unsigned TWidth, unsigned TRounds>
    struct PhiloxParams
    {
        static constexpr unsigned counterSize = TCounterSize;
        static constexpr unsigned width = TWidth;
        static constexpr unsigned rounds = TRounds;
    };

    template<typename TParams>
    class PhiloxStateless : public PhiloxConstants<TParams>
    {
        static_assert(TParams::counterSize == 4, "PhiloxStateless: implemented for a counter of 4 words");
        static_assert(TParams::width == 32, "PhiloxStateless: implemented for 32-bit words");
        static_assert(TParams::rounds > 0, "PhiloxStateless: the number of rounds must be positive");

    public:
        using Counter = PhiloxStateless4x32x10Vector::Counter;
        using Key = PhiloxStateless4x32x10Vector::Key;
        using Constants = PhiloxConstants<TParams>;

        //! The TParams::rounds-round Philox function of counter under key.
        ALPAKA_FN_HOST_ACC static constexpr auto generate(Counter const& counter, Key const& key) -> Counter
        {
            return PhiloxStateless4x32x10Vector::generateRounds<TParams::rounds>(counter, key);
        }
    };
} // namespace alpaka::rand::engine
