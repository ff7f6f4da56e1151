// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Random numbers in kernels: rand::engine::createDefault(acc, seed, subsequence[, offset]) gives an engine,
//! rand::distribution::createUniformReal<T>(acc), createNormalReal<T>(acc), createUniformUint<T>(acc) give
//! distributions, used as dist(engine). Threads use distinct subsequences (e.g. their global index) of one seed.

#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"

#include <cstdint>

namespace alpaka::rand
{
    //! The concept of a random number implementation of an accelerator.
    struct ConceptRand;

    namespace engine
    {
        namespace trait
        {
            //! Static createDefault(rand, seed, subsequence, offset) -> engine.
            template<typename TRand, typename TSfinae = void>
            struct CreateDefault;
        } // namespace trait

        //! The accelerator's default engine for stream `subsequence` of `seed`, skipping `offset` numbers. By value:
        //! CUDA device code cannot bind namespace-scope constants (a test's seed) to references.
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TRand>
        ALPAKA_FN_HOST_ACC auto createDefault(
            TRand const& rand,
            std::uint64_t const seed = 0,
            std::uint64_t const subsequence = 0,
            std::uint64_t const offset = 0)
        {
            using Impl = concepts::ImplementationBase<ConceptRand, TRand>;
            return trait::CreateDefault<Impl>::createDefault(rand, seed, subsequence, offset);
        }
    } // namespace engine

    namespace distribution
    {
        namespace trait
        {
            //! Static createNormalReal(rand) -> distribution of T.
            template<typename TRand, typename T, typename TSfinae = void>
            struct CreateNormalReal;
            //! Static createUniformReal(rand) -> distribution of T in [0, 1).
            template<typename TRand, typename T, typename TSfinae = void>
            struct CreateUniformReal;
            //! Static createUniformUint(rand) -> distribution of unsigned T over its range.
            template<typename TRand, typename T, typename TSfinae = void>
            struct CreateUniformUint;
        } // namespace trait

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename T, typename TRand>
        ALPAKA_FN_HOST_ACC auto createNormalReal(TRand const& rand)
        {
            using Impl = concepts::ImplementationBase<ConceptRand, TRand>;
            return trait::CreateNormalReal<Impl, T>::createNormalReal(rand);
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename T, typename TRand>
        ALPAKA_FN_HOST_ACC auto createUniformReal(TRand const& rand)
        {
            using Impl = concepts::ImplementationBase<ConceptRand, TRand>;
            return trait::CreateUniformReal<Impl, T>::createUniformReal(rand);
        }

        ALPAKA_NO_HOST_ACC_WARNING
        template<typename T, typename TRand>
        ALPAKA_FN_HOST_ACC auto createUniformUint(TRand const& rand)
        {
            using Impl = concepts::ImplementationBase<ConceptRand, TRand>;
            return trait::CreateUniformUint<Impl, T>::createUniformUint(rand);
        }
    } // namespace distribution
} // namespace alpaka::rand
