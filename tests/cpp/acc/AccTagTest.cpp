// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Accelerator tags: names, AccToTag/TagToAcc, accMatchesTags, AccIsEnabled and EnabledAccTags.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    // Whether each back-end is enabled, from the build's macros: the expectations of this file.
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
    constexpr bool serialEnabled = true;
#else
    constexpr bool serialEnabled = false;
#endif
#if defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED)
    constexpr bool threadsEnabled = true;
#else
    constexpr bool threadsEnabled = false;
#endif
#if defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)
    constexpr bool omp2BlocksEnabled = true;
#else
    constexpr bool omp2BlocksEnabled = false;
#endif
#if defined(ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED)
    constexpr bool tbbEnabled = true;
#else
    constexpr bool tbbEnabled = false;
#endif
#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
    constexpr bool cudaEnabled = true;
#else
    constexpr bool cudaEnabled = false;
#endif
} // namespace

TEST_CASE("Accelerator tags name themselves", "[acc]")
{
    CHECK(alpaka::TagCpuSerial::get_name() == "TagCpuSerial");
    CHECK(alpaka::TagCpuThreads::get_name() == "TagCpuThreads");
    CHECK(alpaka::TagCpuOmp2Blocks::get_name() == "TagCpuOmp2Blocks");
    CHECK(alpaka::TagCpuOmp2Threads::get_name() == "TagCpuOmp2Threads");
    CHECK(alpaka::TagCpuTbbBlocks::get_name() == "TagCpuTbbBlocks");
    CHECK(alpaka::TagCpuFibers::get_name() == "TagCpuFibers");
    CHECK(alpaka::TagGpuCudaRt::get_name() == "TagGpuCudaRt");
    CHECK(alpaka::TagGpuHipRt::get_name() == "TagGpuHipRt");
    CHECK(alpaka::TagOmp5::get_name() == "TagOmp5");
    // Every tag in AccTags has a distinct name and satisfies concepts::Tag.
    std::apply(
        [](auto... tags)
        {
            std::string const names[] = {decltype(tags)::get_name()...};
            for(std::size_t i = 0; i != sizeof...(tags); ++i)
                for(std::size_t j = i + 1; j != sizeof...(tags); ++j)
                    CHECK(names[i] != names[j]);
            STATIC_REQUIRE((alpaka::concepts::Tag<decltype(tags)> && ...));
        },
        alpaka::AccTags{});
    STATIC_REQUIRE(!alpaka::concepts::Tag<int>);
    STATIC_REQUIRE(!alpaka::concepts::Tag<alpaka::AccCpuSerial<alpaka::DimInt<1>, int>>);
}

TEMPLATE_LIST_TEST_CASE("AccToTag and TagToAcc are inverse", "[acc]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Tag = alpaka::AccToTag<Acc>;
    STATIC_REQUIRE(std::is_same_v<alpaka::TagToAcc<Tag, alpaka::Dim<Acc>, alpaka::Idx<Acc>>, Acc>);
    STATIC_REQUIRE(alpaka::accMatchesTags<Acc, Tag>);
    STATIC_REQUIRE(alpaka::AccIsEnabled<Tag>::value);
    STATIC_REQUIRE(alpaka::meta::contains<alpaka::EnabledAccTags, Tag>);
    // The tag does not depend on Dim or Idx.
    STATIC_REQUIRE(std::is_same_v<alpaka::AccToTag<alpaka::TagToAcc<Tag, alpaka::DimInt<2>, std::uint32_t>>, Tag>);
}

// Building the tests always enables the serial back-end, so the tests below can name it.
static_assert(serialEnabled, "the C++ tests need the serial back-end");

TEST_CASE("AccToTag and TagToAcc of the serial accelerator", "[acc]")
{
    STATIC_REQUIRE(
        std::is_same_v<alpaka::AccToTag<alpaka::AccCpuSerial<alpaka::DimInt<3>, int>>, alpaka::TagCpuSerial>);
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::TagToAcc<alpaka::TagCpuSerial, alpaka::DimInt<2>, std::size_t>,
                   alpaka::AccCpuSerial<alpaka::DimInt<2>, std::size_t>>);
    STATIC_REQUIRE(std::is_same_v<
                   alpaka::trait::AccToTag<alpaka::AccCpuSerial<alpaka::DimInt<1>, int>>::type,
                   alpaka::TagCpuSerial>);
}

TEST_CASE("accMatchesTags", "[acc]")
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    STATIC_REQUIRE(alpaka::accMatchesTags<Acc, alpaka::TagCpuSerial>);
    STATIC_REQUIRE(!alpaka::accMatchesTags<Acc, alpaka::TagGpuCudaRt>);
    STATIC_REQUIRE(alpaka::accMatchesTags<Acc, alpaka::TagGpuCudaRt, alpaka::TagCpuSerial>);
    STATIC_REQUIRE(!alpaka::accMatchesTags<Acc, alpaka::TagCpuThreads, alpaka::TagGpuHipRt>);
}

TEST_CASE("AccIsEnabled and EnabledAccTags follow the build's back-ends", "[acc]")
{
    STATIC_REQUIRE(alpaka::AccIsEnabled<alpaka::TagCpuSerial>::value == serialEnabled);
    STATIC_REQUIRE(alpaka::AccIsEnabled<alpaka::TagCpuThreads>::value == threadsEnabled);
    STATIC_REQUIRE(alpaka::AccIsEnabled<alpaka::TagCpuOmp2Blocks>::value == omp2BlocksEnabled);
    STATIC_REQUIRE(alpaka::AccIsEnabled<alpaka::TagCpuTbbBlocks>::value == tbbEnabled);
    STATIC_REQUIRE(alpaka::AccIsEnabled<alpaka::TagGpuCudaRt>::value == cudaEnabled);
    // Tags without a back-end in this library are never enabled.
    STATIC_REQUIRE(!alpaka::AccIsEnabled<alpaka::TagGenericSycl>::value);
    STATIC_REQUIRE(!alpaka::AccIsEnabled<alpaka::TagFpgaSyclIntel>::value);

    STATIC_REQUIRE(alpaka::meta::contains<alpaka::EnabledAccTags, alpaka::TagCpuSerial> == serialEnabled);
    STATIC_REQUIRE(alpaka::meta::contains<alpaka::EnabledAccTags, alpaka::TagGpuCudaRt> == cudaEnabled);
    // EnabledAccTags is AccTags filtered, in AccTags' order, so the serial back-end comes first.
    STATIC_REQUIRE(std::is_same_v<alpaka::EnabledAccTags, alpaka::meta::Filter<alpaka::AccTags, alpaka::AccIsEnabled>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::meta::Front<alpaka::EnabledAccTags>, alpaka::TagCpuSerial>);
    // One accelerator per enabled tag in EnabledAccs.
    STATIC_REQUIRE(
        std::tuple_size_v<alpaka::test::EnabledAccs<alpaka::DimInt<1>, int>>
        == std::tuple_size_v<alpaka::EnabledAccTags>);
}

#if !defined(ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED) && !defined(ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED)                  \
    && !defined(ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED) && !defined(ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED)                   \
    && !defined(ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED) && !defined(ALPAKA_ACC_GPU_CUDA_ENABLED)                        \
    && !defined(ALPAKA_ACC_GPU_HIP_ENABLED) && !defined(ALPAKA_ACC_ANY_BT_OMP5_ENABLED)
TEST_CASE("EnabledAccTags of a serial-only build", "[acc]")
{
    STATIC_REQUIRE(std::is_same_v<alpaka::EnabledAccTags, std::tuple<alpaka::TagCpuSerial>>);
}
#endif
