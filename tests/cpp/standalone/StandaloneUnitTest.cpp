// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Code written against upstream alpaka 1.x: the back-ends come from alpaka/standalone/*.hpp (the build's definitions
// are undone first), and alpaka.hpp alone provides std::reduce, std::iota, std::inclusive_scan (<numeric>) and
// std::fabs (<cmath>), as upstream's umbrella header does.

#undef ALPAKA_LEAN_UMBRELLA
#undef ALPAKA_ACC_ANY_BT_OMP5_ENABLED
#undef ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED
#undef ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED
#undef ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED
#undef ALPAKA_ACC_GPU_CUDA_ENABLED
#undef ALPAKA_ACC_GPU_HIP_ENABLED

// clang-format off: the standalone headers must come before alpaka.hpp, as upstream's documentation says.
#include <alpaka/standalone/CpuSerial.hpp>
#include <alpaka/standalone/CpuThreads.hpp>
#include <alpaka/alpaka.hpp>
// clang-format on

#include <algorithm>

#include "alpaka_test/Catch.hpp"

#if !defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED) || !defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)
#    error "alpaka/standalone/CpuSerial.hpp and CpuThreads.hpp enable their back-ends"
#endif
#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)
#    error "only the included standalone headers enable back-ends"
#endif

// A name #defined after alpaka.hpp, as downstream code does, that a later <cmath> would turn into a syntax error.
#define isnan(x) ((x) != (x))

namespace
{
    struct Square
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, double* values, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                values[i] = values[i] * values[i];
        }
    };

    template<typename TAcc>
    auto sumOfSquares(std::size_t n) -> double
    {
        using Dim = alpaka::DimInt<1>;
        auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> queue(dev);
        auto values = alpaka::allocBuf<double, std::size_t>(host, alpaka::Vec<Dim, std::size_t>(n));
        double* const data = alpaka::getPtrNative(values);
        std::iota(data, data + n, 1.0);
        auto const workDiv = alpaka::getValidWorkDiv(
            alpaka::KernelCfg<TAcc>{alpaka::Vec<Dim, std::size_t>(n), alpaka::Vec<Dim, std::size_t>(1)},
            dev,
            Square{},
            data,
            n);
        alpaka::exec<TAcc>(queue, workDiv, Square{}, data, n);
        return std::reduce(data, data + n, 0.0);
    }
} // namespace

TEST_CASE("code written against upstream builds with the standalone headers and the full umbrella", "[standalone]")
{
    using Serial = alpaka::AccCpuSerial<alpaka::DimInt<1>, std::size_t>;
    using Threads = alpaka::AccCpuThreads<alpaka::DimInt<1>, std::size_t>;
    // 1^2 + ... + 100^2
    CHECK(sumOfSquares<Serial>(100) == 338350.0);
    CHECK(sumOfSquares<Threads>(100) == 338350.0);
    std::array<int, 4> const values{1, 2, 3, 4};
    std::array<int, 4> prefix{};
    std::inclusive_scan(values.begin(), values.end(), prefix.begin());
    CHECK(prefix == std::array<int, 4>{1, 3, 6, 10});
    CHECK(std::fabs(-2.5) == 2.5);
    CHECK(!isnan(1.0));
}
