// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! MatMul against a host reference on every 2-D accelerator: shapes that are not multiples of any tile (37 x 29 x 53),
//! single elements, an empty inner dimension, and every work division of workDivs2D (one thread with many elements,
//! many threads with one, partial blocks, grids smaller than C).

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <kernels/matmul.hpp>
#include <limits>
#include <sstream>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/ShippedKernels.hpp"

using namespace kernelstest;

namespace
{
    struct Shape
    {
        std::size_t m;
        std::size_t n;
        std::size_t k;
    };

    //! A * B in long double, and the sum of the absolute terms of each element (its rounding error bound).
    template<typename T>
    struct Reference
    {
        Reference(std::vector<T> const& a, std::vector<T> const& b, Shape shape)
            : shape(shape)
            , want(shape.m * shape.n)
            , absoluteTerms(shape.m * shape.n)
        {
            auto const [m, n, k] = shape;
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
        }

        //! The elements of got that differ from the reference by more than the rounding allows (NaN included).
        auto mismatches(std::vector<T> const& got) const -> alpaka_test::Mismatches
        {
            alpaka_test::Mismatches mismatches;
            for(std::size_t i = 0; i < shape.m * shape.n; ++i)
            {
                auto const error = std::abs(static_cast<long double>(got[i]) - static_cast<long double>(want[i]));
                // !(error <= ...) also catches NaN.
                if(!(error <= sumTolerance<T>() * (absoluteTerms[i] + 1.0L)))
                {
                    std::ostringstream os;
                    os << "C[" << i / shape.n << "][" << i % shape.n << "] = " << got[i] << ", expected " << want[i];
                    mismatches.add(os.str());
                }
            }
            return mismatches;
        }

        Shape shape;
        std::vector<T> want;
        std::vector<long double> absoluteTerms;
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("matMul", "[kernels]", Accs2D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    alpaka::meta::forEachType<FloatTypes>(
        [&]<typename T>()
        {
            // 45 x 77 x 300: register tiles of the CPU kernel with edges on both sides and two blocks of k.
            for(auto const& shape :
                {Shape{37, 29, 53},
                 Shape{1, 1, 1},
                 Shape{16, 16, 16},
                 Shape{5, 70, 3},
                 Shape{3, 4, 0},
                 Shape{6, 300, 7},
                 Shape{45, 77, 300}})
            {
                auto const [m, n, k] = shape;
                INFO(typeName<T>() << ", m = " << m << ", n = " << n << ", k = " << k);
                // Buffers hold at least one element so that k == 0 still has pointers to pass.
                auto const a = values<T>(std::max<std::size_t>(m * k, 1u), 41u);
                auto const b = values<T>(std::max<std::size_t>(k * n, 1u), 42u);
                // C starts as NaN: every element must be written, none read first.
                std::vector<T> const c(m * n, std::numeric_limits<T>::quiet_NaN());
                Reference<T> const reference(a, b, shape);

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
                    auto const mismatches = reference.mismatches(toHost(queue, cDev));
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

// The CPU kernel's instruction sets, each one this processor has (the AVX-512 and AVX2 functions are compiled for
// their instruction set whatever this test is compiled for): whole matrices, and rectangles of C that start and end
// inside the matrix, as a thread's share does. Elements outside the rectangle stay untouched.
TEST_CASE("matMulCpuEveryInstructionSet", "[kernels]")
{
    using pyalpaka::kernels::detail::MatMulCpuIsa;
    using pyalpaka::kernels::detail::MatMulCpuRect;
    alpaka::meta::forEachType<FloatTypes>(
        [&]<typename T>()
        {
            for(auto const isa : {MatMulCpuIsa::Baseline, MatMulCpuIsa::Avx2, MatMulCpuIsa::Avx512})
            {
                if(!pyalpaka::kernels::detail::matMulCpuHas(isa))
                    continue;
                for(auto const& shape : {Shape{45, 77, 300}, Shape{64, 64, 64}, Shape{9, 33, 1}, Shape{3, 4, 0}})
                {
                    auto const [m, n, k] = shape;
                    INFO(
                        typeName<T>() << ", instruction set " << static_cast<int>(isa) << ", m = " << m << ", n = " << n
                                      << ", k = " << k);
                    auto const a = values<T>(std::max<std::size_t>(m * k, 1u), 43u);
                    auto const b = values<T>(std::max<std::size_t>(k * n, 1u), 44u);
                    Reference<T> const reference(a, b, shape);
                    std::vector<T> whole(m * n, std::numeric_limits<T>::quiet_NaN());
                    pyalpaka::kernels::detail::matMulCpuWith(
                        isa, MatMulCpuRect<T>{a.data(), b.data(), whole.data(), n, k, 0, m, 0, n});
                    auto const mismatches = reference.mismatches(whole);
                    INFO(mismatches.count() << " mismatches:" << mismatches.text());
                    CHECK(mismatches.count() == 0u);

                    // Rows [m/5, m - 1), columns [n/7, n - 2): those are right (a rectangle's edges may round
                    // differently from the whole matrix's: another kernel computes them), the rest keeps its sentinel.
                    T const sentinel = T{-7};
                    std::vector<T> part(m * n, sentinel);
                    std::size_t const y0 = m / 5u;
                    std::size_t const y1 = m - 1u;
                    std::size_t const x0 = n / 7u;
                    std::size_t const x1 = n - 2u;
                    pyalpaka::kernels::detail::matMulCpuWith(
                        isa, MatMulCpuRect<T>{a.data(), b.data(), part.data(), n, k, y0, y1, x0, x1});
                    std::vector<T> merged = whole;
                    std::size_t touched = 0;
                    for(std::size_t y = 0; y < m; ++y)
                        for(std::size_t x = 0; x < n; ++x)
                        {
                            if(y >= y0 && y < y1 && x >= x0 && x < x1)
                                merged[y * n + x] = part[y * n + x];
                            else
                                touched += part[y * n + x] == sentinel ? 0u : 1u;
                        }
                    auto const partMismatches = reference.mismatches(merged);
                    INFO(partMismatches.count() << " mismatches in the rectangle:" << partMismatches.text());
                    CHECK(partMismatches.count() == 0u);
                    CHECK(touched == 0u);
                }
            }
        });
}
