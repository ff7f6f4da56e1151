// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Helpers of the random number tests: the accelerators, buffers to and from the device, and sample statistics.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include "alpaka_test/Buffers.hpp"

namespace randtest
{
    using alpaka_test::deviceBuf;
    using alpaka_test::extentOf;
    using alpaka_test::firstDev;
    using alpaka_test::toHost;

    //! Random numbers do not depend on the dimensionality: 1-D accelerators only.
    using Accs = alpaka::test::EnabledAccs<alpaka::DimInt<1u>, std::uint32_t>;
    using AccFloatPairs = alpaka::meta::CartesianProduct<std::tuple, Accs, std::tuple<float, double>>;

    template<typename T>
    auto typeName() -> char const*
    {
        return sizeof(T) == 4u ? "float" : "double";
    }

    //! Mean, variance, skewness and excess kurtosis of a sample (two passes, in long double).
    struct Moments
    {
        long double mean = 0;
        long double variance = 0;
        long double skewness = 0;
        long double excessKurtosis = 0;
    };

    template<typename T>
    auto momentsOf(std::vector<T> const& sample) -> Moments
    {
        auto const n = static_cast<long double>(sample.size());
        long double sum = 0;
        for(T const x : sample)
            sum += static_cast<long double>(x);
        Moments m;
        m.mean = sum / n;
        long double m2 = 0;
        long double m3 = 0;
        long double m4 = 0;
        for(T const x : sample)
        {
            long double const d = static_cast<long double>(x) - m.mean;
            long double const d2 = d * d;
            m2 += d2;
            m3 += d2 * d;
            m4 += d2 * d2;
        }
        m2 /= n;
        m3 /= n;
        m4 /= n;
        m.variance = m2;
        m.skewness = m3 / std::pow(m2, 1.5L);
        m.excessKurtosis = m4 / (m2 * m2) - 3.0L;
        return m;
    }

    //! Pearson's correlation coefficient of x[i] and y[i].
    template<typename T>
    auto correlation(std::vector<T> const& x, std::vector<T> const& y) -> long double
    {
        auto const n = static_cast<long double>(x.size());
        long double meanX = 0;
        long double meanY = 0;
        for(std::size_t i = 0; i < x.size(); ++i)
        {
            meanX += static_cast<long double>(x[i]);
            meanY += static_cast<long double>(y[i]);
        }
        meanX /= n;
        meanY /= n;
        long double sxy = 0;
        long double sxx = 0;
        long double syy = 0;
        for(std::size_t i = 0; i < x.size(); ++i)
        {
            long double const dx = static_cast<long double>(x[i]) - meanX;
            long double const dy = static_cast<long double>(y[i]) - meanY;
            sxy += dx * dy;
            sxx += dx * dx;
            syy += dy * dy;
        }
        return sxy / std::sqrt(sxx * syy);
    }
} // namespace randtest
