// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Histogram: counts the values of x that fall into nbins equal bins over [lo, hi).

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "detail/BlockThreads.hpp"

namespace pyalpaka::kernels
{
    namespace detail
    {
        //! Bins a block counts privately in shared memory at most: beyond this the shared copy would not fit (or
        //! would cost more to clear and flush than it saves), and the block counts straight into global memory.
        inline constexpr std::size_t histogramSharedBinsMax = 4096u;

        //! Whether a block of blockThreads threads counts into a shared copy of the bins. A block of one thread has
        //! no one to share with, so it does not.
        ALPAKA_FN_HOST_ACC constexpr auto histogramUsesSharedBins(std::size_t blockThreads, std::uint32_t nbins) -> bool
        {
            return blockThreads > 1u && nbins > 0u && nbins <= histogramSharedBinsMax;
        }

        //! The bin of value, or nbins when it falls outside [lo, hi) or is NaN (every comparison with NaN is false).
        template<typename T>
        ALPAKA_FN_ACC auto histogramBin(T value, std::uint32_t nbins, T lo, T hi) -> std::uint32_t
        {
            if(!(value >= lo && value < hi))
                return nbins;
            // Integer inputs are binned in double, so that (value - lo) / (hi - lo) is not an integer division.
            using Real = std::conditional_t<std::is_floating_point_v<T>, T, double>;
            Real const scaled = (static_cast<Real>(value) - static_cast<Real>(lo))
                                / (static_cast<Real>(hi) - static_cast<Real>(lo)) * static_cast<Real>(nbins);
            // scaled >= 0, so truncation is floor; rounding can make a value just below hi land on nbins.
            auto const bin = static_cast<std::uint32_t>(scaled);
            return bin < nbins ? bin : nbins - 1u;
        }
    } // namespace detail

    //! bins[bin(x[i])] += 1 for every x[i] in [lo, hi), with bin(x) = min(nbins - 1, floor((x - lo) / (hi - lo) *
    //! nbins)); values outside [lo, hi) and NaN are not counted. bins is not cleared first. Blocks of several threads
    //! count into a shared copy of the bins (up to detail::histogramSharedBinsMax bins) and add it to bins at the end.
    //! Any 1-D work division.
    struct Histogram
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(
            TAcc const& acc, T const* x, std::uint32_t* bins, std::size_t n, std::uint32_t nbins, T lo, T hi) const
        {
            if(!detail::histogramUsesSharedBins(detail::blockThreadCount(acc), nbins))
            {
                for(auto i : alpaka::uniformElements(acc, n))
                {
                    std::uint32_t const bin = detail::histogramBin(x[i], nbins, lo, hi);
                    if(bin < nbins)
                        alpaka::atomicAdd(acc, &bins[bin], std::uint32_t{1}, alpaka::hierarchy::Grids{});
                }
                return;
            }

            auto* const shared = alpaka::getDynSharedMem<std::uint32_t>(acc);
            std::size_t const thread = detail::linearBlockThreadIdx(acc);
            std::size_t const threads = detail::blockThreadCount(acc);
            for(std::size_t b = thread; b < nbins; b += threads)
                shared[b] = 0u;
            alpaka::syncBlockThreads(acc);
            for(auto i : alpaka::uniformElements(acc, n))
            {
                std::uint32_t const bin = detail::histogramBin(x[i], nbins, lo, hi);
                if(bin < nbins)
                    alpaka::atomicAdd(acc, &shared[bin], std::uint32_t{1}, alpaka::hierarchy::Threads{});
            }
            alpaka::syncBlockThreads(acc);
            for(std::size_t b = thread; b < nbins; b += threads)
                if(shared[b] != 0u)
                    alpaka::atomicAdd(acc, &bins[b], shared[b], alpaka::hierarchy::Grids{});
        }
    };
} // namespace pyalpaka::kernels

namespace alpaka::trait
{
    //! A shared copy of the bins for blocks of several threads (see detail::histogramUsesSharedBins), else nothing.
    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<pyalpaka::kernels::Histogram, TAcc>
    {
        template<typename TDim, typename TX, typename TBins, typename TN, typename TNbins, typename... TRest>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            pyalpaka::kernels::Histogram const&,
            Vec<TDim, Idx<TAcc>> const& blockThreadExtent,
            Vec<TDim, Idx<TAcc>> const&,
            TX const&,
            TBins const&,
            TN const&,
            TNbins const& nbins,
            TRest const&...) -> std::size_t
        {
            auto const count = static_cast<std::uint32_t>(nbins);
            return pyalpaka::kernels::detail::histogramUsesSharedBins(
                       static_cast<std::size_t>(blockThreadExtent.prod()), count)
                       ? std::size_t{count} * sizeof(std::uint32_t)
                       : 0u;
        }
    };
} // namespace alpaka::trait
