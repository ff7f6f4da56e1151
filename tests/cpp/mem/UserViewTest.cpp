// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The seed's extension model (000, section 13.1): a type the library has never seen becomes a view by specializing
// traits, without deriving from anything. Two user types: a dense 1-D span that relies on the default (dense)
// pitches, and a 2-D image with padded rows that specializes GetPitchesInBytes too.

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "alpaka_test/Mem.hpp"

namespace user
{
    //! A user's non-owning array of samples: no alpaka base class, no alpaka members.
    struct Samples
    {
        std::int32_t* data;
        std::size_t count;
    };

    //! A user's 2-D image whose rows are `stride` pixels apart (stride >= width).
    struct Image
    {
        float* pixels;
        int height;
        int width;
        int stride;
    };
} // namespace user

namespace alpaka::trait
{
    template<>
    struct DevType<user::Samples>
    {
        using type = DevCpu;
    };

    template<>
    struct DimType<user::Samples>
    {
        using type = DimInt<1u>;
    };

    template<>
    struct IdxType<user::Samples>
    {
        using type = std::size_t;
    };

    template<>
    struct ElemType<user::Samples>
    {
        using type = std::int32_t;
    };

    template<>
    struct GetDev<user::Samples>
    {
        static auto getDev(user::Samples const&) -> DevCpu
        {
            return getDevByIdx(PlatformCpu{}, 0);
        }
    };

    template<>
    struct GetExtents<user::Samples>
    {
        auto operator()(user::Samples const& samples) const -> Vec<DimInt<1u>, std::size_t>
        {
            return {samples.count};
        }
    };

    template<>
    struct GetPtrNative<user::Samples>
    {
        static auto getPtrNative(user::Samples const& samples) -> std::int32_t const*
        {
            return samples.data;
        }

        static auto getPtrNative(user::Samples& samples) -> std::int32_t*
        {
            return samples.data;
        }
    };

    template<>
    struct DevType<user::Image>
    {
        using type = DevCpu;
    };

    template<>
    struct DimType<user::Image>
    {
        using type = DimInt<2u>;
    };

    template<>
    struct IdxType<user::Image>
    {
        using type = int;
    };

    template<>
    struct ElemType<user::Image>
    {
        using type = float;
    };

    template<>
    struct GetDev<user::Image>
    {
        static auto getDev(user::Image const&) -> DevCpu
        {
            return getDevByIdx(PlatformCpu{}, 0);
        }
    };

    template<>
    struct GetExtents<user::Image>
    {
        auto operator()(user::Image const& image) const -> Vec<DimInt<2u>, int>
        {
            return {image.height, image.width};
        }
    };

    template<>
    struct GetPitchesInBytes<user::Image>
    {
        auto operator()(user::Image const& image) const -> Vec<DimInt<2u>, int>
        {
            return {image.stride * static_cast<int>(sizeof(float)), static_cast<int>(sizeof(float))};
        }
    };

    template<>
    struct GetPtrNative<user::Image>
    {
        static auto getPtrNative(user::Image const& image) -> float const*
        {
            return image.pixels;
        }

        static auto getPtrNative(user::Image& image) -> float*
        {
            return image.pixels;
        }
    };
} // namespace alpaka::trait

TEST_CASE("A user type with view traits is a view", "[mem][view][user]")
{
    STATIC_REQUIRE(alpaka::isView<user::Samples>);
    STATIC_REQUIRE(alpaka::isView<user::Image>);

    std::vector<std::int32_t> storage(5u);
    user::Samples samples{storage.data(), storage.size()};
    CHECK(alpaka::getExtents(samples)[0] == 5u);
    CHECK(alpaka::getPtrNative(samples) == storage.data());
    // Without a GetPitchesInBytes specialization the view is dense.
    CHECK(alpaka::getPitchesInBytes(samples)[0] == sizeof(std::int32_t));
    CHECK(alpaka::getDev(samples) == memtest::devHost());

    std::vector<float> pixels(3u * 8u);
    user::Image image{pixels.data(), 3, 5, 8};
    CHECK(alpaka::getPitchesInBytes(image) == alpaka::Vec{32, 4});
    CHECK(alpaka::getPitchBytes<1>(image) == 32);
}

TEMPLATE_LIST_TEST_CASE("memcpy, memset and fill work on user views", "[mem][view][user]", alpaka::test::TestQueues)
{
    using Fixture = alpaka::test::QueueTestFixture<TestType>;
    Fixture f;
    auto& queue = f.m_queue;

    SECTION("a dense 1-D user view")
    {
        std::vector<std::int32_t> storage(6u, 0);
        user::Samples samples{storage.data(), storage.size()};
        auto buf = alpaka::allocBuf<std::int32_t, std::size_t>(f.m_dev, std::size_t{6});
        alpaka::fill(queue, buf, std::int32_t{4});

        alpaka::memcpy(queue, samples, buf);
        alpaka::wait(queue);
        CHECK(storage == std::vector<std::int32_t>(6u, 4));

        storage = {1, 2, 3, 4, 5, 6};
        alpaka::memcpy(queue, buf, samples);
        CHECK(memtest::toHost(queue, buf) == std::vector<std::int32_t>{1, 2, 3, 4, 5, 6});

        alpaka::memset(queue, samples, 0u, alpaka::Vec<alpaka::DimInt<1u>, std::size_t>{2u});
        alpaka::fill(queue, samples, std::int32_t{-1}, alpaka::Vec<alpaka::DimInt<1u>, std::size_t>{1u});
        alpaka::wait(queue);
        CHECK(storage == std::vector<std::int32_t>{-1, 0, 3, 4, 5, 6});

        auto sub = alpaka::createSubView(
            samples,
            alpaka::Vec<alpaka::DimInt<1u>, std::size_t>{3u},
            alpaka::Vec<alpaka::DimInt<1u>, std::size_t>{2u});
        CHECK(alpaka::getPtrNative(sub) == storage.data() + 2);
        alpaka::fill(queue, sub, std::int32_t{9});
        alpaka::wait(queue);
        CHECK(storage == std::vector<std::int32_t>{-1, 0, 9, 9, 9, 6});
    }
    SECTION("a 2-D user view with padded rows")
    {
        using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, int>;
        std::vector<float> pixels(3u * 8u, -1.0f);
        user::Image image{pixels.data(), 3, 5, 8};
        std::vector<float> dense(15u);
        for(std::size_t k = 0; k < dense.size(); ++k)
            dense[k] = static_cast<float>(k);
        auto buf = alpaka::allocBuf<float, int>(f.m_dev, Vec2{3, 5});
        memtest::fromHost(queue, buf, dense);

        // Into the image: the padding (3 pixels per row) keeps its value.
        alpaka::memcpy(queue, image, buf);
        alpaka::wait(queue);
        for(std::size_t y = 0; y < 3u; ++y)
            for(std::size_t x = 0; x < 8u; ++x)
                CHECK(pixels[y * 8u + x] == (x < 5u ? static_cast<float>(y * 5u + x) : -1.0f));

        // Out of the image again, through a sub-view of the image.
        auto window = alpaka::createSubView(image, Vec2{2, 2}, Vec2{1, 3});
        CHECK(alpaka::getPitchesInBytes(window) == Vec2{32, 4});
        auto out = alpaka::allocBuf<float, int>(f.m_dev, Vec2{2, 2});
        alpaka::memcpy(queue, out, window);
        CHECK(memtest::toHost(queue, out) == std::vector<float>{8.0f, 9.0f, 13.0f, 14.0f});

        alpaka::memset(queue, image, 0u, Vec2{3, 1});
        alpaka::wait(queue);
        CHECK(pixels[0] == 0.0f);
        CHECK(pixels[8] == 0.0f);
        CHECK(pixels[16] == 0.0f);
        CHECK(pixels[1] == 1.0f);
        CHECK(pixels[5] == -1.0f);
    }
}
