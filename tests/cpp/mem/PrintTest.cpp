// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// print(view, os[, elementSeparator, rowSeparator, rowPrefix, rowSuffix]): upstream's layout, one bracket level per
// dimension, rows separated by the row separator; padding of pitched views is not printed.

#include <sstream>
#include <string>
#include <vector>

#include "alpaka_test/Mem.hpp"

namespace
{
    template<typename TView>
    auto printed(TView const& view) -> std::string
    {
        std::ostringstream os;
        alpaka::print(view, os);
        return os.str();
    }
} // namespace

TEST_CASE("print writes one bracket level per dimension", "[mem][view][print]")
{
    auto const dev = memtest::devHost();
    std::vector<int> values{0, 1, 2, 3, 4, 5, 6, 7};

    CHECK(printed(alpaka::createView(dev, values.data(), 3)) == "[0, 1, 2]");
    CHECK(printed(alpaka::createView(dev, values.data(), alpaka::Vec{2, 3})) == "[[0, 1, 2]\n[3, 4, 5]]");
    CHECK(
        printed(alpaka::createView(dev, values.data(), alpaka::Vec{2, 2, 2}))
        == "[[[0, 1]\n[2, 3]]\n[[4, 5]\n[6, 7]]]");
    CHECK(printed(alpaka::createView(dev, values.data(), alpaka::Vec<alpaka::DimInt<0u>, int>{})) == "0");
    CHECK(printed(values) == "[0, 1, 2, 3, 4, 5, 6, 7]");
}

TEST_CASE("print takes the separators and brackets as arguments", "[mem][view][print]")
{
    auto const dev = memtest::devHost();
    std::vector<int> values{1, 2, 3, 4};
    std::ostringstream os;
    alpaka::print(alpaka::createView(dev, values.data(), alpaka::Vec{2, 2}), os, " ", "; ", "<", ">");
    CHECK(os.str() == "<<1 2>; <3 4>>");
}

TEST_CASE("print shows the elements of pitched views and sub-views, not the padding", "[mem][view][print]")
{
    auto const dev = memtest::devHost();
    // 2 rows of 2 elements, rows 3 elements apart: the third element of each row is padding.
    std::vector<int> values{1, 2, -1, 3, 4, -1};
    auto pitched = alpaka::createView(dev, values.data(), alpaka::Vec{2, 2}, alpaka::Vec{12, 4});
    CHECK(printed(pitched) == "[[1, 2]\n[3, 4]]");

    auto buf = alpaka::allocBuf<int, int>(dev, alpaka::Vec{3, 3});
    for(int k = 0; k < 9; ++k)
        alpaka::getPtrNative(buf)[k] = k;
    CHECK(printed(alpaka::createSubView(buf, alpaka::Vec{2, 2}, alpaka::Vec{1, 1})) == "[[4, 5]\n[7, 8]]");
}

TEST_CASE("print of an empty view prints the brackets of the dimensions that exist", "[mem][view][print]")
{
    auto const dev = memtest::devHost();
    int value = 0;
    CHECK(printed(alpaka::createView(dev, &value, 0)) == "[]");
    CHECK(printed(alpaka::createView(dev, &value, alpaka::Vec{0, 3})) == "[]");
    CHECK(printed(alpaka::createView(dev, &value, alpaka::Vec{2, 0})) == "[[]\n[]]");
}
