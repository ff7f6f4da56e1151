// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Host copies into and out of static device variables: scalars, const (constant memory) variables, 1-D and 2-D
// arrays, from buffers and std::vector, with and without an explicit extent, on both queue kinds; an extent larger
// than the variable is rejected.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "alpaka_test/Global.hpp"

// Deliberately not initialised at the declaration: upstream forbids it (CUDA constant memory has no initialiser).
ALPAKA_STATIC_ACC_MEM_GLOBAL alpaka::DevGlobal<TAcc, int> g_hostInt;
ALPAKA_STATIC_ACC_MEM_CONSTANT alpaka::DevGlobal<TAcc, float const> g_hostFloat;
ALPAKA_STATIC_ACC_MEM_GLOBAL alpaka::DevGlobal<TAcc, double[16]> g_hostTable;
ALPAKA_STATIC_ACC_MEM_CONSTANT alpaka::DevGlobal<TAcc, std::int32_t const[3][5]> g_hostMatrix;

namespace
{
    template<typename TAcc, typename TQueueProperty>
    void checkHostCopies()
    {
        using Idx = alpaka::Idx<TAcc>;
        using Vec0 = alpaka::Vec<alpaka::DimInt<0u>, Idx>;
        using Vec1 = alpaka::Vec<alpaka::DimInt<1u>, std::size_t>;
        using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, Idx>;
        auto const host = globaltest::devHost();
        alpaka::Queue<TAcc, TQueueProperty> queue(alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0));

        // A scalar through 0-D buffers.
        auto in0 = alpaka::allocBuf<int, Idx>(host, Vec0{});
        auto out0 = alpaka::allocBuf<int, Idx>(host, Vec0{});
        *in0 = 42;
        *out0 = 0;
        alpaka::memcpy(queue, g_hostInt<TAcc>, in0);
        alpaka::memcpy(queue, out0, g_hostInt<TAcc>);
        alpaka::wait(queue);
        CHECK(*out0 == 42);

        // A scalar through one-element std::vectors.
        std::vector<int> inVec{-9};
        std::vector<int> outVec{0};
        alpaka::memcpy(queue, g_hostInt<TAcc>, inVec);
        alpaka::memcpy(queue, outVec, g_hostInt<TAcc>);
        alpaka::wait(queue);
        CHECK(outVec[0] == -9);

        // A const variable is written by the host (it is constant for kernels).
        std::vector<float> scale{2.5f};
        std::vector<float> scaleOut{0.0f};
        alpaka::memcpy(queue, g_hostFloat<TAcc>, scale);
        alpaka::memcpy(queue, scaleOut, g_hostFloat<TAcc>);
        alpaka::wait(queue);
        CHECK(scaleOut[0] == 2.5f);

        // An array, whole and with an explicit extent in both directions.
        auto table = alpaka::allocBuf<double, Idx>(host, Idx{16});
        for(Idx i = 0; i < 16; ++i)
            table[i] = 0.5 * static_cast<double>(i);
        alpaka::memcpy(queue, g_hostTable<TAcc>, table);
        std::vector<double> minusOnes(16u, -1.0);
        alpaka::memcpy(queue, g_hostTable<TAcc>, minusOnes, Vec1{4u});
        std::vector<double> tableOut(16u, 0.0);
        alpaka::memcpy(queue, tableOut, g_hostTable<TAcc>);
        std::vector<double> prefixOut(16u, 7.0);
        alpaka::memcpy(queue, prefixOut, g_hostTable<TAcc>, Vec1{6u});
        alpaka::wait(queue);
        for(std::size_t i = 0; i < 16u; ++i)
        {
            CHECK(tableOut[i] == (i < 4u ? -1.0 : 0.5 * static_cast<double>(i)));
            CHECK(prefixOut[i] == (i < 4u ? -1.0 : i < 6u ? 0.5 * static_cast<double>(i) : 7.0));
        }

        // A 2-D const array from and to 2-D buffers; a partial extent of whole rows replaces the first rows.
        auto matrix = alpaka::allocBuf<std::int32_t, Idx>(host, Vec2{3, 5});
        for(Idx r = 0; r < 3; ++r)
            for(Idx c = 0; c < 5; ++c)
                matrix[Vec2{r, c}] = static_cast<std::int32_t>(10 * r + c);
        alpaka::memcpy(queue, g_hostMatrix<TAcc>, matrix);
        auto zeros = alpaka::allocBuf<std::int32_t, Idx>(host, Vec2{3, 5});
        alpaka::memset(queue, zeros, 0u);
        alpaka::memcpy(queue, g_hostMatrix<TAcc>, zeros, Vec2{1, 5});
        auto matrixOut = alpaka::allocBuf<std::int32_t, Idx>(host, Vec2{3, 5});
        alpaka::memcpy(queue, matrixOut, g_hostMatrix<TAcc>);
        alpaka::wait(queue);
        for(Idx r = 0; r < 3; ++r)
            for(Idx c = 0; c < 5; ++c)
                CHECK(matrixOut[Vec2{r, c}] == (r == 0 ? 0 : static_cast<std::int32_t>(10 * r + c)));
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("Host memcpy into and out of device variables", "[global]", globaltest::Accs)
{
    SECTION("blocking queue")
    {
        checkHostCopies<TestType, alpaka::Blocking>();
    }
    SECTION("non-blocking queue")
    {
        checkHostCopies<TestType, alpaka::NonBlocking>();
    }
}

TEMPLATE_LIST_TEST_CASE(
    "memcpy rejects an extent larger than the device variable", "[global][errors]", globaltest::Accs)
{
    using Vec1 = alpaka::Vec<alpaka::DimInt<1u>, std::size_t>;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
    alpaka::Queue<TestType, alpaka::Blocking> queue(alpaka::getDevByIdx(alpaka::Platform<TestType>{}, 0));
    std::vector<double> seventeen(17u, 1.0);

    CHECK_THROWS_AS(alpaka::memcpy(queue, g_hostTable<TestType>, seventeen), std::runtime_error);
    CHECK_THROWS_WITH(
        alpaka::memcpy(queue, g_hostTable<TestType>, seventeen),
        globaltest::contains("memcpy") && globaltest::contains("(17)"));
    CHECK_THROWS_AS(alpaka::memcpy(queue, seventeen, g_hostTable<TestType>), std::runtime_error);
    CHECK_THROWS_AS(alpaka::memcpy(queue, g_hostTable<TestType>, seventeen, Vec1{17u}), std::runtime_error);
    CHECK_THROWS_AS(alpaka::memcpy(queue, seventeen, g_hostTable<TestType>, Vec1{17u}), std::runtime_error);

    std::vector<int> two{1, 2};
    CHECK_THROWS_WITH(alpaka::memcpy(queue, g_hostInt<TestType>, two), globaltest::contains("(2)"));
    auto bigMatrix = alpaka::allocBuf<std::int32_t, int>(globaltest::devHost(), Vec2{4, 5});
    CHECK_THROWS_WITH(alpaka::memcpy(queue, g_hostMatrix<TestType>, bigMatrix), globaltest::contains("(4, 5)"));

    // Nothing was copied: an extent that fits still works and sees the earlier contents.
    CHECK_NOTHROW(alpaka::memcpy(queue, g_hostTable<TestType>, seventeen, Vec1{16u}));
}

TEST_CASE("Each accelerator type has its own instance of a device variable", "[global]")
{
    using AccA = std::tuple_element_t<0, alpaka::test::EnabledAccs<globaltest::Dim1, std::int32_t>>;
    using AccB = std::tuple_element_t<0, alpaka::test::EnabledAccs<globaltest::Dim1, std::size_t>>;
    STATIC_REQUIRE(!std::is_same_v<AccA, AccB>);
    alpaka::Queue<AccA, alpaka::Blocking> queue(alpaka::getDevByIdx(alpaka::Platform<AccA>{}, 0));

    std::vector<int> a{1};
    std::vector<int> b{2};
    alpaka::memcpy(queue, g_hostInt<AccA>, a);
    alpaka::memcpy(queue, g_hostInt<AccB>, b);
    std::vector<int> outA{0};
    std::vector<int> outB{0};
    alpaka::memcpy(queue, outA, g_hostInt<AccA>);
    alpaka::memcpy(queue, outB, g_hostInt<AccB>);
    alpaka::wait(queue);
    CHECK(outA[0] == 1);
    CHECK(outB[0] == 2);
}
