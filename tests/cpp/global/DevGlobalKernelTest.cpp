// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Kernels see static device variables through var<TAcc>.get(): they read what the host copied in (global and
// constant, scalars and arrays) and write global variables that the host then copies out.

#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "alpaka_test/Global.hpp"

ALPAKA_STATIC_ACC_MEM_GLOBAL alpaka::DevGlobal<TAcc, int> g_kernelInt;
ALPAKA_STATIC_ACC_MEM_CONSTANT alpaka::DevGlobal<TAcc, float const> g_kernelScale;
ALPAKA_STATIC_ACC_MEM_GLOBAL alpaka::DevGlobal<TAcc, double[16]> g_kernelTable;
ALPAKA_STATIC_ACC_MEM_CONSTANT alpaka::DevGlobal<TAcc, std::int32_t const[4][4]> g_kernelWeights;
ALPAKA_STATIC_ACC_MEM_GLOBAL alpaka::DevGlobal<TAcc, std::int32_t[4][4]> g_kernelGrid;

namespace
{
    //! Checks the values the host copied in: g_kernelInt = expected, g_kernelScale = 1.5, table[i] = i / 4,
    //! weights[r][c] = r * 4 + c.
    struct ReadGlobalsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, bool* success, int expected) const
        {
            using Idx = alpaka::Idx<TAcc>;
            ALPAKA_CHECK(*success, g_kernelInt<TAcc>.get() == expected);
            ALPAKA_CHECK(*success, g_kernelScale<TAcc>.get() == 1.5f);
            for(auto i : alpaka::uniformElements(acc, Idx{16}))
            {
                ALPAKA_CHECK(*success, g_kernelTable<TAcc>.get()[i] == static_cast<double>(i) / 4.0);
                ALPAKA_CHECK(*success, g_kernelWeights<TAcc>.get()[i / 4][i % 4] == static_cast<std::int32_t>(i));
            }
        }
    };

    //! Writes the global variables: the scalar once, the arrays element by element across the grid.
    struct WriteGlobalsKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, bool* /* success */, int value) const
        {
            using Idx = alpaka::Idx<TAcc>;
            if(alpaka::oncePerGrid(acc))
                g_kernelInt<TAcc>.get() = value;
            for(auto i : alpaka::uniformElements(acc, Idx{16}))
            {
                g_kernelTable<TAcc>.get()[i] = 3.0 * static_cast<double>(i);
                g_kernelGrid<TAcc>.get()[i / 4][i % 4] = static_cast<std::int32_t>(100 + i);
            }
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("Kernels read device variables the host wrote", "[global][kernel]", globaltest::Accs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using Vec1 = alpaka::Vec<globaltest::Dim1, Idx>;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, Idx>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(Vec1{Idx{16}});
    auto& queue = fixture.getQueue();
    auto const host = globaltest::devHost();

    std::vector<int> scalar{-17};
    std::vector<float> scale{1.5f};
    std::vector<double> table(16u);
    for(std::size_t i = 0; i < table.size(); ++i)
        table[i] = static_cast<double>(i) / 4.0;
    auto weights = alpaka::allocBuf<std::int32_t, Idx>(host, Vec2{4, 4});
    for(Idx k = 0; k < 16; ++k)
        alpaka::getPtrNative(weights)[k] = static_cast<std::int32_t>(k);

    alpaka::memcpy(queue, g_kernelInt<Acc>, scalar);
    alpaka::memcpy(queue, g_kernelScale<Acc>, scale);
    alpaka::memcpy(queue, g_kernelTable<Acc>, table, Vec1{Idx{16}});
    alpaka::memcpy(queue, g_kernelWeights<Acc>, weights);
    CHECK(fixture(ReadGlobalsKernel{}, -17));

    // A later host write is seen by the next launch.
    scalar[0] = 5;
    alpaka::memcpy(queue, g_kernelInt<Acc>, scalar);
    CHECK(fixture(ReadGlobalsKernel{}, 5));
}

TEMPLATE_LIST_TEST_CASE("Kernels write global device variables the host reads", "[global][kernel]", globaltest::Accs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, Idx>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(alpaka::Vec<globaltest::Dim1, Idx>{Idx{16}});
    auto& queue = fixture.getQueue();
    auto const host = globaltest::devHost();

    CHECK(fixture(WriteGlobalsKernel{}, 99));

    std::vector<int> scalar{0};
    std::vector<double> table(16u, 0.0);
    auto grid = alpaka::allocBuf<std::int32_t, Idx>(host, Vec2{4, 4});
    alpaka::memcpy(queue, scalar, g_kernelInt<Acc>);
    alpaka::memcpy(queue, table, g_kernelTable<Acc>);
    alpaka::memcpy(queue, grid, g_kernelGrid<Acc>);
    alpaka::wait(queue);
    CHECK(scalar[0] == 99);
    for(std::size_t i = 0; i < 16u; ++i)
        CHECK(table[i] == 3.0 * static_cast<double>(i));
    for(Idx r = 0; r < 4; ++r)
        for(Idx c = 0; c < 4; ++c)
            CHECK(grid[Vec2{r, c}] == static_cast<std::int32_t>(100 + 4 * r + c));
}
