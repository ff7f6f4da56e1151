// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// std::vector and std::array: views themselves (1-D, on the host device), and the source of createView with their
// own extent or with any extent, of any dimensionality, that fits in them.

#include <array>
#include <cstddef>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "alpaka_test/Mem.hpp"

TEST_CASE("std::vector and std::array are 1-D host views", "[mem][view][std]")
{
    using Vector = std::vector<float>;
    using Array = std::array<int, 6>;
    STATIC_REQUIRE(alpaka::isView<Vector>);
    STATIC_REQUIRE(alpaka::isView<Array>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<Vector>, alpaka::DevCpu>);
    STATIC_REQUIRE(alpaka::Dim<Vector>::value == 1u);
    STATIC_REQUIRE(alpaka::Dim<Array>::value == 1u);
    STATIC_REQUIRE(std::is_same_v<alpaka::Elem<Array>, int>);

    Vector vec(9u);
    Array arr{};
    CHECK(alpaka::getExtents(vec)[0] == 9u);
    CHECK(alpaka::getExtents(arr)[0] == 6u);
    CHECK(alpaka::getPtrNative(vec) == vec.data());
    CHECK(alpaka::getPtrNative(arr) == arr.data());
    CHECK(alpaka::getPitchesInBytes(vec)[0] == sizeof(float));
    CHECK(alpaka::getDev(vec) == memtest::devHost());
}

TEMPLATE_LIST_TEST_CASE("std::vector and std::array are memcpy endpoints", "[mem][view][std]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    Fixture f;

    std::vector<int> source(8u);
    std::iota(source.begin(), source.end(), 1);
    auto buf = alpaka::allocBuf<int, std::size_t>(f.m_dev, std::size_t{8});
    alpaka::memcpy(f.m_queue, buf, source);

    std::array<int, 8> viaArray{};
    alpaka::memcpy(f.m_queue, viaArray, buf);
    alpaka::wait(f.m_queue);
    CHECK(viaArray == std::array<int, 8>{1, 2, 3, 4, 5, 6, 7, 8});

    // A partial copy from an array into a vector; the rest of the vector keeps its values.
    std::vector<int> target(8u, -1);
    alpaka::memcpy(f.m_queue, target, viaArray, alpaka::Vec<alpaka::DimInt<1u>, std::size_t>{3u});
    alpaka::wait(f.m_queue);
    CHECK(target == std::vector<int>{1, 2, 3, -1, -1, -1, -1, -1});

    alpaka::memset(f.m_queue, target, 0u);
    alpaka::fill(f.m_queue, viaArray, 5);
    alpaka::wait(f.m_queue);
    CHECK(target == std::vector<int>(8u, 0));
    CHECK(viaArray == std::array<int, 8>{5, 5, 5, 5, 5, 5, 5, 5});
}

TEST_CASE("createView over a container", "[mem][view][std]")
{
    auto const dev = memtest::devHost();

    SECTION("std::vector with its own extent")
    {
        std::vector<double> vec(5u, 1.5);
        auto view = alpaka::createView(dev, vec);
        STATIC_REQUIRE(alpaka::Dim<decltype(view)>::value == 1u);
        STATIC_REQUIRE(std::is_same_v<alpaka::Elem<decltype(view)>, double>);
        CHECK(alpaka::getExtents(view)[0] == 5u);
        CHECK(alpaka::getPtrNative(view) == vec.data());
        view[std::size_t{4}] = 2.5;
        CHECK(vec[4] == 2.5);
    }
    SECTION("std::array with its own extent")
    {
        std::array<float, 4> arr{1.0f, 2.0f, 3.0f, 4.0f};
        auto view = alpaka::createView(dev, arr);
        CHECK(alpaka::getExtents(view)[0] == 4u);
        CHECK(view[std::size_t{2}] == 3.0f);
    }
    SECTION("std::vector seen as a 2-D array")
    {
        std::vector<int> vec(12u);
        std::iota(vec.begin(), vec.end(), 0);
        using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
        auto view = alpaka::createView(dev, vec, Vec2{3, 4});
        STATIC_REQUIRE(
            std::is_same_v<decltype(view), alpaka::ViewPlainPtr<alpaka::DevCpu, int, alpaka::DimInt<2u>, int>>);
        CHECK(alpaka::getExtents(view) == Vec2{3, 4});
        CHECK(alpaka::getPitchesInBytes(view) == Vec2{16, 4});
        CHECK(view[Vec2{2, 1}] == 9);
        // A smaller extent than the container is a view of its first elements.
        auto front = alpaka::createView(dev, vec, Vec2{2, 2});
        CHECK(front[Vec2{1, 1}] == 3);
    }
    SECTION("std::array with an extent of its own dimensionality")
    {
        std::array<int, 6> arr{0, 1, 2, 3, 4, 5};
        auto view = alpaka::createView(dev, arr, alpaka::Vec<alpaka::DimInt<3u>, std::size_t>{1u, 2u, 3u});
        CHECK(view[alpaka::Vec<alpaka::DimInt<3u>, std::size_t>{0u, 1u, 0u}] == 3);
    }
    SECTION("an extent larger than the container throws")
    {
        std::vector<int> vec(12u);
        using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
        CHECK_THROWS_AS(alpaka::createView(dev, vec, Vec2{4, 4}), std::runtime_error);
        CHECK_THROWS_WITH(
            alpaka::createView(dev, vec, Vec2{4, 4}),
            memtest::contains("createView") && memtest::contains("(4, 4)") && memtest::contains("16")
                && memtest::contains("12"));
        std::array<float, 3> arr{};
        CHECK_THROWS_WITH(alpaka::createView(dev, arr, 4), memtest::contains("createView"));
    }
}
