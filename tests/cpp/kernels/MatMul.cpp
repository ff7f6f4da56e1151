// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! MatMul against a host reference on every 2-D accelerator: shapes that are not multiples of any tile (37 x 29 x 53),
//! single elements, an empty inner dimension, and every work division of workDivs2D (one thread with many elements,
//! many threads with one, partial blocks, grids smaller than C).

#include <alpaka/alpaka.hpp>

#include <cmath>
#include <cstddef>
#include <kernels/matmul.hpp>
#include <limits>
#include <sstream>
#include <vector>

#include "KernelsTestUtils.hpp"
#include "alpaka_test/Catch.hpp"

using namespace kernelstest;

namespace
{
    struct Shape
    {
        std::size_t m;
        std::size_t n;
        std::size_t k;
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("matMul", "[kernels]", Accs2D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    alpaka::meta::forEachType<FloatTypes>(
        [&]<typename T>()
        {
            for(auto const& [m, n, k] :
                {Shape{37, 29, 53},
                 Shape{1, 1, 1},
                 Shape{16, 16, 16},
                 Shape{5, 70, 3},
                 Shape{3, 4, 0},
                 Shape{6, 300, 7}})
            {
                INFO(typeName<T>() << ", m = " << m << ", n = " << n << ", k = " << k);
                // Buffers hold at least one element so that k == 0 still has pointers to pass.
                auto const a = values<T>(std::max<std::size_t>(m * k, 1u), 41u);
                auto const b = values<T>(std::max<std::size_t>(k * n, 1u), 42u);
                // C starts as NaN: every element must be written, none read first.
                std::vector<T> const c(m * n, std::numeric_limits<T>::quiet_NaN());
                std::vector<T> want(m * n);
                std::vector<long double> absoluteTerms(m * n);
                for(std::size_t y = 0; y < m; ++y)
                    for(std::size_t x = 0; x < n; ++x)
                    {
                        long double sum = 0;
                        long double absolute = 0;
                        for(std::size_t i = 0; i < k; ++i)
                        {
                            auto const term
                                = static_cast<long double>(a[y * k + i]) * static_cast<long double>(b[i * n + x]);
                            sum += term;
                            absolute += std::abs(term);
                        }
                        want[y * n + x] = static_cast<T>(sum);
                        absoluteTerms[y * n + x] = absolute;
                    }

                auto aDev = toDevice<Acc>(queue, a);
                auto bDev = toDevice<Acc>(queue, b);
                auto cDev = toDevice<Acc>(queue, c);
                T const* const aPtr = alpaka::getPtrNative(aDev);
                T const* const bPtr = alpaka::getPtrNative(bDev);
                for(auto const& workDiv :
                    workDivs2D<Acc>(m, n, pyalpaka::kernels::MatMul{}, aPtr, bPtr, alpaka::getPtrNative(cDev), m, n, k))
                {
                    INFO(describe(workDiv));
                    cDev = toDevice<Acc>(queue, c);
                    run<Acc>(
                        queue, workDiv, pyalpaka::kernels::MatMul{}, aPtr, bPtr, alpaka::getPtrNative(cDev), m, n, k);
                    auto const got = toHost(queue, cDev);
                    alpaka_test::Mismatches mismatches;
                    for(std::size_t i = 0; i < m * n; ++i)
                    {
                        auto const error
                            = std::abs(static_cast<long double>(got[i]) - static_cast<long double>(want[i]));
                        // !(error <= ...) also catches NaN.
                        if(!(error <= sumTolerance<T>() * (absoluteTerms[i] + 1.0L)))
                        {
                            std::ostringstream os;
                            os << "C[" << i / n << "][" << i % n << "] = " << got[i] << ", expected " << want[i];
                            mismatches.add(os.str());
                        }
                    }
                    INFO(mismatches.count() << " mismatches:" << mismatches.text());
                    CHECK(mismatches.count() == 0u);
                }
            }
        });
}

TEMPLATE_LIST_TEST_CASE("matMulSharedMemoryFollowsTheTile", "[kernels]", Accs2D)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using Vec = VecOf<Acc>;
    float const* const a = nullptr;
    float* const c = nullptr;
    std::size_t const size = 1;
    // GPUs: a tile of (2 * 3) x 16 floats and one of 16 x (4 * 5). CPUs compute from A and B directly: none.
    std::size_t const expected = alpaka::elementLoopsAreContiguous<Acc>
                                     ? 0u
                                     : (6u + 20u) * pyalpaka::kernels::detail::matMulTileK * sizeof(float);
    CHECK(
        alpaka::getBlockSharedMemDynSizeBytes<Acc>(
            pyalpaka::kernels::MatMul{}, Vec{Idx{2}, Idx{4}}, Vec{Idx{3}, Idx{5}}, a, a, c, size, size, size)
        == expected);
}
