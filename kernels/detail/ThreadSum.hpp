// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! threadSum<T>(acc, n, term): the sum of term(i) over the indices uniformElements(acc, n) gives the calling thread.

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace pyalpaka::kernels::detail
{
    //! On a CPU the thread's indices are one contiguous run, summed in `lanes` independent partial sums (two 64-byte
    //! vectors of T) that the compiler keeps in vector registers: one running sum would be a chain of dependent
    //! additions, one addition's latency per element, and the compiler may not split it itself since floating-point
    //! addition is not associative. On a GPU each thread sums its few elements in order.
    template<typename T, typename TAcc, typename TTerm>
    ALPAKA_FN_ACC auto threadSum(TAcc const& acc, std::size_t n, TTerm const& term) -> T
    {
        using Idx = alpaka::Idx<TAcc>;
        T sum = T{0};
        if constexpr(alpaka::elementLoopsAreContiguous<TAcc>)
        {
            constexpr std::size_t lanes = 128u / sizeof(T) > 0u ? 128u / sizeof(T) : 1u;
            auto const range = alpaka::uniformElements(acc, static_cast<Idx>(n));
            std::size_t i = static_cast<std::size_t>(*range.begin());
            std::size_t const end = static_cast<std::size_t>(*range.end());
            T partial[lanes] = {};
            for(; i + lanes <= end; i += lanes)
                for(std::size_t lane = 0; lane < lanes; ++lane)
                    partial[lane] += term(i + lane);
            for(; i < end; ++i)
                sum += term(i);
            for(std::size_t lane = 0; lane < lanes; ++lane)
                sum += partial[lane];
        }
        else
        {
            for(auto const i : alpaka::uniformElements(acc, static_cast<Idx>(n)))
                sum += term(static_cast<std::size_t>(i));
        }
        return sum;
    }
} // namespace pyalpaka::kernels::detail
