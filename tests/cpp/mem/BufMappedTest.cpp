// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// allocMappedBuf in both template parameter orders (upstream 1.0 put the platform first, later versions last),
// allocMappedBufIfSupported, and the support traits of the CPU.

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "alpaka_test/Mem.hpp"

TEST_CASE("The CPU supports async and mapped buffers", "[mem][buf][mapped]")
{
    STATIC_REQUIRE(alpaka::hasMappedBufSupport<alpaka::PlatformCpu>);
    STATIC_REQUIRE(alpaka::hasAsyncBufSupport<alpaka::DevCpu, alpaka::DimInt<0u>>);
    STATIC_REQUIRE(alpaka::hasAsyncBufSupport<alpaka::DevCpu, alpaka::DimInt<1u>>);
    STATIC_REQUIRE(alpaka::hasAsyncBufSupport<alpaka::DevCpu, alpaka::DimInt<3u>>);
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::Buf<alpaka::DevCpu, float, alpaka::DimInt<2u>, int>,
                   alpaka::BufCpu<float, alpaka::DimInt<2u>, int>>);
    // Buf also accepts anything that has a device type, e.g. a queue.
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::Buf<alpaka::QueueCpuBlocking, float, alpaka::DimInt<1u>, int>,
                   alpaka::BufCpu<float, alpaka::DimInt<1u>, int>>);
}

TEMPLATE_LIST_TEST_CASE(
    "allocMappedBuf gives host memory in both template orders", "[mem][buf][mapped]", alpaka::test::TestIdxs)
{
    using Idx = TestType;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, Idx>;
    alpaka::PlatformCpu const platform{};
    auto const host = memtest::devHost();
    alpaka::QueueCpuBlocking queue(host);
    Vec2 const extent{3, 7};

    auto elemFirst = alpaka::allocMappedBuf<std::int32_t, Idx>(host, platform, extent);
    auto platformFirst = alpaka::allocMappedBuf<alpaka::PlatformCpu, std::int32_t, Idx>(host, platform, extent);
    auto ifSupported = alpaka::allocMappedBufIfSupported<std::int32_t, Idx>(host, platform, extent);
    using Expected = alpaka::BufCpu<std::int32_t, alpaka::DimInt<2u>, Idx>;
    STATIC_REQUIRE(std::is_same_v<decltype(elemFirst), Expected>);
    STATIC_REQUIRE(std::is_same_v<decltype(platformFirst), Expected>);
    STATIC_REQUIRE(std::is_same_v<decltype(ifSupported), Expected>);

    for(auto* buf : {&elemFirst, &platformFirst, &ifSupported})
    {
        CHECK(alpaka::getExtents(*buf) == extent);
        CHECK(alpaka::getDev(*buf) == host);
        CHECK(reinterpret_cast<std::uintptr_t>(alpaka::getPtrNative(*buf)) % 64u == 0u);
        // Host-accessible: written directly, then used as a memcpy endpoint.
        for(Idx y = 0; y < extent[0]; ++y)
            for(Idx x = 0; x < extent[1]; ++x)
                (*buf)[Vec2{y, x}] = static_cast<std::int32_t>(y * 100 + x);
    }
    alpaka::memcpy(queue, platformFirst, elemFirst);
    CHECK(platformFirst[Vec2{2, 6}] == 206);
    CHECK(elemFirst != platformFirst);
    CHECK(alpaka::getPtrNative(elemFirst) != alpaka::getPtrNative(platformFirst));

    // A one-dimensional extent may be a plain integer.
    auto scalarExtent = alpaka::allocMappedBuf<double, Idx>(host, platform, Idx{5});
    CHECK(alpaka::getExtents(scalarExtent) == alpaka::Vec<alpaka::DimInt<1u>, Idx>{5});
}
