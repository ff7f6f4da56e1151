// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Properties of the CPU device: name, memory, warp sizes, reset, native handle.

#include <alpaka/alpaka.hpp>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    auto isSpace(char c) -> bool
    {
        return std::isspace(static_cast<unsigned char>(c)) != 0;
    }
} // namespace

TEST_CASE("devCpuName", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const name = alpaka::getName(dev);
    INFO("name: '" << name << "'");
    REQUIRE_FALSE(name.empty());
    CHECK_FALSE(isSpace(name.front()));
    CHECK_FALSE(isSpace(name.back()));
    CHECK(name.find('\n') == std::string::npos);
    CHECK(name.find('\0') == std::string::npos);
    // Stable across calls and handles.
    CHECK(alpaka::getName(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0)) == name);
}

TEST_CASE("devCpuMemory", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const total = alpaka::getMemBytes(dev);
    auto const free = alpaka::getFreeMemBytes(dev);
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::getMemBytes(dev)), std::size_t>);
    STATIC_REQUIRE(std::is_same_v<decltype(alpaka::getFreeMemBytes(dev)), std::size_t>);
    INFO("total " << total << " bytes, free " << free << " bytes");
    CHECK(total > 0u);
    CHECK(free > 0u);
    CHECK(free <= total);
}

TEST_CASE("devCpuWarpSizes", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    CHECK(alpaka::getWarpSizes(dev) == std::vector<std::size_t>{1u});
    CHECK(alpaka::getPreferredWarpSize(dev) == 1u);

    // Usable where a constant is needed (upstream declares it constexpr).
    constexpr std::size_t preferred = alpaka::getPreferredWarpSize(dev);
    STATIC_REQUIRE(preferred == 1u);
}

TEST_CASE("devCpuResetIsANoOp", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::QueueCpuNonBlocking queue(dev);
    auto buf = alpaka::allocBuf<std::int32_t, std::size_t>(dev, std::size_t{16});
    for(std::size_t i = 0; i < 16u; ++i)
        buf[i] = static_cast<std::int32_t>(i * 3u);

    alpaka::reset(dev);

    // Buffers, queues and the device itself stay usable.
    for(std::size_t i = 0; i < 16u; ++i)
        CHECK(buf[i] == static_cast<std::int32_t>(i * 3u));
    bool ran = false;
    alpaka::enqueue(queue, [&ran] { ran = true; });
    alpaka::wait(queue);
    CHECK(ran);
    CHECK(alpaka::getMemBytes(dev) > 0u);
    CHECK(alpaka::getDevCount(alpaka::PlatformCpu{}) == 1u);
}

TEST_CASE("devCpuNativeHandle", "[dev]")
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    // The CPU has no runtime handle: upstream reports 0, and every handle of the device reports the same.
    CHECK(alpaka::getNativeHandle(dev) == 0);
    CHECK(alpaka::getNativeHandle(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0)) == alpaka::getNativeHandle(dev));
    STATIC_REQUIRE(std::is_same_v<alpaka::NativeHandle<alpaka::DevCpu>, int>);
}
