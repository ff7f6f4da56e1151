// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// The example helpers: ExampleDefaultAcc picks the most capable enabled back-end, executeForEachAccTag calls a
// function once per enabled back-end and stops at the first that reports success (true / non-zero).

#include <alpaka/alpaka.hpp>
#include <alpaka/example/ExampleDefaultAcc.hpp>
#include <alpaka/example/ExecuteForEachAccTag.hpp>

#include <cstddef>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "alpaka_test/Catch.hpp"

namespace
{
    constexpr std::size_t enabledCount = std::tuple_size_v<alpaka::EnabledAccTags>;
} // namespace

TEST_CASE("ExampleDefaultAcc is an enabled accelerator of the requested Dim and Idx", "[acc]")
{
    using Acc = alpaka::ExampleDefaultAcc<alpaka::DimInt<2>, std::size_t>;
    STATIC_REQUIRE(alpaka::isAccelerator<Acc>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dim<Acc>, alpaka::DimInt<2>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Idx<Acc>, std::size_t>);
    STATIC_REQUIRE(alpaka::AccIsEnabled<alpaka::AccToTag<Acc>>::value);
}

#if !defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED) && !defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)                  \
    && !defined(ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED) && !defined(ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED)                   \
    && !defined(ALPAKA_ACC_GPU_CUDA_ENABLED) && !defined(ALPAKA_ACC_GPU_HIP_ENABLED)
TEST_CASE("ExampleDefaultAcc is the serial accelerator when no other back-end is enabled", "[acc]")
{
    STATIC_REQUIRE(
        std::
            is_same_v<alpaka::ExampleDefaultAcc<alpaka::DimInt<1>, int>, alpaka::AccCpuSerial<alpaka::DimInt<1>, int>>);
}
#endif

TEST_CASE("executeForEachAccTag visits every enabled tag in order when nothing succeeds", "[acc]")
{
    std::vector<std::string> visited;
    auto const result = alpaka::executeForEachAccTag(
        [&](auto const& tag)
        {
            visited.push_back(std::remove_cvref_t<decltype(tag)>::get_name());
            return false;
        });
    STATIC_REQUIRE(std::is_same_v<std::remove_const_t<decltype(result)>, bool>);
    CHECK_FALSE(result);
    REQUIRE(visited.size() == enabledCount);
    std::vector<std::string> expected;
    std::apply([&](auto... tags) { (expected.push_back(decltype(tags)::get_name()), ...); }, alpaka::EnabledAccTags{});
    CHECK(visited == expected);
    CHECK(visited.front() == "TagCpuSerial");
}

TEST_CASE("executeForEachAccTag stops at the first success", "[acc]")
{
    int calls = 0;
    bool const result = alpaka::executeForEachAccTag(
        [&](auto const&)
        {
            ++calls;
            return true;
        });
    CHECK(result);
    CHECK(calls == 1);

    // Examples return int from main-like functions: non-zero (a failure exit code) stops the loop.
    calls = 0;
    bool const failed = alpaka::executeForEachAccTag(
        [&](auto const&) -> int
        {
            ++calls;
            return 1;
        });
    CHECK(failed);
    CHECK(calls == 1);
    calls = 0;
    bool const allSucceeded = alpaka::executeForEachAccTag(
        [&](auto const&) -> int
        {
            ++calls;
            return 0;
        });
    CHECK_FALSE(allSucceeded);
    CHECK(calls == static_cast<int>(enabledCount));
}

namespace
{
    //! A functor, not a generic lambda: nvcc rejects generic __host__ __device__ lambdas.
    struct IncrementFirstFour
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, int* out) const
        {
            // Threads beyond the 4 elements (a block may not divide them) do nothing.
            auto const i = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc)[0];
            if(i < 4)
                out[i] += 1;
        }
    };
} // namespace

TEST_CASE("executeForEachAccTag lets the callable run a kernel per back-end", "[acc]")
{
    // The way examples use it: build the accelerator from the tag and launch on it.
    int launched = 0;
    alpaka::executeForEachAccTag(
        [&](auto const& tag)
        {
            using Acc = alpaka::TagToAcc<std::remove_cvref_t<decltype(tag)>, alpaka::DimInt<1>, int>;
            auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
            alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
            auto buf = alpaka::allocBuf<int, int>(dev, 4);
            alpaka::memset(queue, buf, 0);
            auto const workDiv = alpaka::getValidWorkDiv<Acc>(dev, 4, 1, false);
            alpaka::exec<Acc>(queue, workDiv, IncrementFirstFour{}, alpaka::getPtrNative(buf));
            auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
            auto hostBuf = alpaka::allocBuf<int, int>(host, 4);
            alpaka::memcpy(queue, hostBuf, buf);
            alpaka::wait(queue);
            for(int i = 0; i < 4; ++i)
                CHECK(alpaka::getPtrNative(hostBuf)[i] == 1);
            ++launched;
            return false;
        });
    CHECK(launched == static_cast<int>(enabledCount));
}
