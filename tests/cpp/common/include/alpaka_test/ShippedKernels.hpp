// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Helpers of the shipped-kernel tests: the accelerators, the work divisions each kernel runs with (getValidWorkDiv
//! and hand-made ones with several elements per thread), deterministic input data and comparisons with a host
//! reference that report the first few mismatches.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Buffers.hpp"
#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Mismatches.hpp"

namespace kernelstest
{
    using alpaka_test::firstDev;
    using alpaka_test::toDevice;
    using alpaka_test::toHost;

    using Accs1D = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::size_t>;
    using Accs2D = alpaka::test::EnabledAccs<alpaka::DimInt<2u>, std::size_t>;

    using FloatTypes = std::tuple<float, double>;
    using FloatAndIntTypes = std::tuple<float, double, std::int32_t, std::int64_t>;

    template<typename TAcc>
    using VecOf = alpaka::Vec<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    template<typename TAcc>
    using WorkDivOf = alpaka::WorkDivMembers<alpaka::Dim<TAcc>, alpaka::Idx<TAcc>>;

    template<typename T>
    auto typeName() -> std::string
    {
        if constexpr(std::is_same_v<T, float>)
            return "float";
        else if constexpr(std::is_same_v<T, double>)
            return "double";
        else if constexpr(std::is_same_v<T, std::int32_t>)
            return "int32";
        else if constexpr(std::is_same_v<T, std::int64_t>)
            return "int64";
        else
            return "?";
    }

    template<typename TWorkDiv>
    auto describe(TWorkDiv const& workDiv) -> std::string
    {
        std::ostringstream os;
        os << workDiv;
        return os.str();
    }

    //! The division {blocks, threads, elems} with threads and elements per thread cut down to TAcc's limits (halving
    //! the largest component), so one list of hand-made divisions serves every back-end.
    template<typename TAcc>
    auto clippedWorkDiv(VecOf<TAcc> const& blocks, VecOf<TAcc> threads, VecOf<TAcc> elems) -> WorkDivOf<TAcc>
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const props = alpaka::getAccDevProps<TAcc>(firstDev<TAcc>());
        threads = alpaka::elementwise_min(threads, props.m_blockThreadExtentMax);
        elems = alpaka::elementwise_min(elems, props.m_threadElemExtentMax);
        auto const halveLargest = [](VecOf<TAcc>& v)
        {
            std::size_t largest = 0;
            for(std::size_t i = 0; i != alpaka::Dim<TAcc>::value; ++i)
                if(v[i] > v[largest])
                    largest = i;
            v[largest] = static_cast<Idx>(v[largest] / 2);
        };
        while(threads.prod() > props.m_blockThreadCountMax)
            halveLargest(threads);
        while(elems.prod() > props.m_threadElemCountMax)
            halveLargest(elems);
        return WorkDivOf<TAcc>(blocks, threads, elems);
    }

    //! The 1-D divisions a kernel over n elements runs with: getValidWorkDiv with 1 and 4 elements per thread, and
    //! hand-made ones: grids smaller than n (every thread loops), several elements per thread, thread counts that are
    //! not powers of two, and a single thread.
    template<typename TAcc, typename TKernel, typename... TArgs>
    auto workDivs1D(std::size_t n, TKernel const& kernel, TArgs const&... args) -> std::vector<WorkDivOf<TAcc>>
    {
        using Idx = alpaka::Idx<TAcc>;
        using Vec = VecOf<TAcc>;
        auto const dev = firstDev<TAcc>();
        auto const extent = Vec{static_cast<Idx>(n)};
        return {
            alpaka::getValidWorkDiv(alpaka::KernelCfg<TAcc>{extent, Vec{Idx{1}}}, dev, kernel, args...),
            alpaka::getValidWorkDiv(alpaka::KernelCfg<TAcc>{extent, Vec{Idx{4}}}, dev, kernel, args...),
            clippedWorkDiv<TAcc>(Vec{Idx{3}}, Vec{Idx{7}}, Vec{Idx{5}}),
            clippedWorkDiv<TAcc>(Vec{Idx{2}}, Vec{Idx{4}}, Vec{Idx{64}}),
            clippedWorkDiv<TAcc>(Vec{Idx{5}}, Vec{Idx{3}}, Vec{Idx{1}}),
            clippedWorkDiv<TAcc>(Vec{Idx{1}}, Vec{Idx{1}}, Vec{Idx{1}})};
    }

    //! The 2-D divisions ([y][x]) a kernel over m x n elements runs with, in the spirit of workDivs1D.
    template<typename TAcc, typename TKernel, typename... TArgs>
    auto workDivs2D(std::size_t m, std::size_t n, TKernel const& kernel, TArgs const&... args)
        -> std::vector<WorkDivOf<TAcc>>
    {
        using Idx = alpaka::Idx<TAcc>;
        using Vec = VecOf<TAcc>;
        auto const dev = firstDev<TAcc>();
        auto const extent = Vec{static_cast<Idx>(m), static_cast<Idx>(n)};
        auto const v = [](std::size_t y, std::size_t x) { return Vec{static_cast<Idx>(y), static_cast<Idx>(x)}; };
        return {
            alpaka::getValidWorkDiv(alpaka::KernelCfg<TAcc>{extent, v(1, 1)}, dev, kernel, args...),
            alpaka::getValidWorkDiv(alpaka::KernelCfg<TAcc>{extent, v(2, 3)}, dev, kernel, args...),
            alpaka::getValidWorkDiv(alpaka::KernelCfg<TAcc>{extent, v(1, 1), false}, dev, kernel, args...),
            clippedWorkDiv<TAcc>(v(2, 3), v(3, 4), v(2, 5)),
            clippedWorkDiv<TAcc>(v(1, 2), v(5, 2), v(3, 1)),
            clippedWorkDiv<TAcc>(v(4, 4), v(2, 8), v(1, 1)),
            clippedWorkDiv<TAcc>(v(1, 1), v(1, 1), v(1, 1))};
    }

    //! n deterministic values: in [-1, 1) for floating-point types, in [-50, 50] for integers.
    template<typename T>
    auto values(std::size_t n, std::uint32_t seed) -> std::vector<T>
    {
        std::vector<T> out(n);
        std::uint32_t state = seed * 2654435761u + 1u;
        for(auto& value : out)
        {
            state = state * 1664525u + 1013904223u;
            auto const bits = state >> 8; // 24 bits
            if constexpr(std::is_floating_point_v<T>)
                value = static_cast<T>(static_cast<double>(bits) / 8388608.0 - 1.0);
            else
                value = static_cast<T>(static_cast<std::int64_t>(bits % 101u) - 50);
        }
        return out;
    }

    //! Whether got is want: exactly for integers, within a few units in the last place for floating-point types
    //! (a GPU compiler may contract a * b + c into one fused operation).
    template<typename T>
    auto nearlyEqual(T got, T want) -> bool
    {
        if constexpr(std::is_floating_point_v<T>)
            return got == want
                   || std::abs(got - want) <= 4 * std::numeric_limits<T>::epsilon() * std::max(std::abs(want), T{1});
        else
            return got == want;
    }

    //! Checks got[i] against want[i] with nearlyEqual, reporting the first mismatches.
    template<typename T>
    void checkElements(std::vector<T> const& got, std::vector<T> const& want)
    {
        REQUIRE(got.size() == want.size());
        alpaka_test::Mismatches mismatches;
        for(std::size_t i = 0; i < want.size(); ++i)
            if(!nearlyEqual(got[i], want[i]))
            {
                std::ostringstream os;
                os << "[" << i << "] = " << got[i] << ", expected " << want[i];
                mismatches.add(os.str());
            }
        INFO(mismatches.count() << " mismatches:" << mismatches.text());
        CHECK(mismatches.count() == 0u);
    }

    //! The relative tolerance of a floating-point sum, relative to the sum of the absolute values of its terms.
    template<typename T>
    constexpr auto sumTolerance() -> double
    {
        return std::is_same_v<T, float> ? 1e-4 : 1e-12;
    }

    //! The 1-D sizes: one element, a round number, and a prime above a power of two.
    inline constexpr std::size_t sizes1D[] = {1u, 1000u, 4099u};

    //! Calls fn.template operator()<T>(n) for every type T of TTypes and every n of sizes1D, with both in the
    //! failure message.
    template<typename TTypes, typename TFn>
    void forEachTypeAndSize(TFn&& fn)
    {
        alpaka::meta::forEachType<TTypes>(
            [&]<typename T>()
            {
                for(std::size_t const n : sizes1D)
                {
                    INFO(typeName<T>() << ", n = " << n);
                    fn.template operator()<T>(n);
                }
            });
    }

    //! Runs kernel(args...) over workDiv and waits.
    template<typename TAcc, typename TQueue, typename TKernel, typename... TArgs>
    void run(TQueue& queue, WorkDivOf<TAcc> const& workDiv, TKernel const& kernel, TArgs const&... args)
    {
        alpaka::exec<TAcc>(queue, workDiv, kernel, args...);
        alpaka::wait(queue);
    }
} // namespace kernelstest
