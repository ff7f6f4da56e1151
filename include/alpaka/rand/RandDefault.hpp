// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! RandDefault: the random number implementation every accelerator uses by default. Philox-4x32-10 and the portable
//! distributions, so a kernel draws the same numbers on every back-end for the same seed and subsequence.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/rand/Distributions.hpp"
#include "alpaka/rand/RandPhilox.hpp"
#include "alpaka/rand/Traits.hpp"

#include <cstdint>

namespace alpaka::rand
{
    class RandDefault : public concepts::Implements<ConceptRand, RandDefault>
    {
    };

    namespace engine::trait
    {
        template<>
        struct CreateDefault<RandDefault>
        {
            ALPAKA_FN_HOST_ACC static auto
            createDefault(RandDefault const&, std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset)
                -> Philox4x32x10
            {
                return Philox4x32x10(seed, subsequence, offset);
            }
        };
    } // namespace engine::trait

    namespace distribution::trait
    {
        template<typename T>
        struct CreateNormalReal<RandDefault, T>
        {
            ALPAKA_FN_HOST_ACC static auto createNormalReal(RandDefault const&) -> NormalReal<T>
            {
                return {};
            }
        };

        template<typename T>
        struct CreateUniformReal<RandDefault, T>
        {
            ALPAKA_FN_HOST_ACC static auto createUniformReal(RandDefault const&) -> UniformReal<T>
            {
                return {};
            }
        };

        template<typename T>
        struct CreateUniformUint<RandDefault, T>
        {
            ALPAKA_FN_HOST_ACC static auto createUniformUint(RandDefault const&) -> UniformUint<T>
            {
                return {};
            }
        };
    } // namespace distribution::trait
} // namespace alpaka::rand
