// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Accelerator traits: isAccelerator, single/multi-thread, getAccName, getAccDevProps, Dev/Platform/Queue types and
// getFunctionAttributes; generic checks over every test accelerator, exact values for the serial one.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "alpaka_test/Catch.hpp"

namespace
{
    struct NoOpKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const&, int) const
        {
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "Every test accelerator is an accelerator with consistent traits", "[acc]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    STATIC_REQUIRE(alpaka::isAccelerator<Acc>);
    STATIC_REQUIRE(alpaka::isSingleThreadAcc<Acc> != alpaka::isMultiThreadAcc<Acc>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Acc<Acc>, Acc>);
    STATIC_REQUIRE(alpaka::isDevice<alpaka::Dev<Acc>>);
    STATIC_REQUIRE(alpaka::isPlatform<alpaka::Platform<Acc>>);
    STATIC_REQUIRE(alpaka::isQueue<alpaka::Queue<Acc, alpaka::Blocking>>);
    STATIC_REQUIRE(alpaka::isQueue<alpaka::Queue<Acc, alpaka::NonBlocking>>);
    // A queue of an accelerator is the queue of its device.
    STATIC_REQUIRE(
        std::is_same_v<alpaka::Queue<Acc, alpaka::Blocking>, alpaka::Queue<alpaka::Dev<Acc>, alpaka::Blocking>>);

    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const props = alpaka::getAccDevProps<Acc>(dev);
    CHECK(alpaka::isValidAccDevProps(props));
    CHECK(props.m_multiProcessorCount >= 1);
    if constexpr(alpaka::isSingleThreadAcc<Acc>)
        CHECK(props.m_blockThreadCountMax == 1);
    // No single dimension allows more threads than a whole block may have.
    for(std::size_t i = 0; i != alpaka::Dim<Acc>::value; ++i)
        CHECK(props.m_blockThreadExtentMax[i] <= props.m_blockThreadCountMax);

    auto const name = alpaka::getAccName<Acc>();
    std::string const suffix
        = "<" + std::to_string(alpaka::Dim<Acc>::value) + "," + alpaka::core::demangled<alpaka::Idx<Acc>> + ">";
    CHECK(name.rfind("Acc", 0) == 0u);
    CHECK(name.size() > suffix.size());
    CHECK(name.substr(name.size() - suffix.size()) == suffix);

    auto const attributes = alpaka::getFunctionAttributes<Acc>(dev, NoOpKernel{}, 1);
    CHECK(attributes.maxThreadsPerBlock >= 1);
    CHECK(
        static_cast<std::size_t>(attributes.maxThreadsPerBlock)
        <= static_cast<std::size_t>(props.m_blockThreadCountMax));
}

TEST_CASE("isAccelerator is false for non-accelerators", "[acc]")
{
    STATIC_REQUIRE(!alpaka::isAccelerator<int>);
    STATIC_REQUIRE(!alpaka::isAccelerator<alpaka::Vec<alpaka::DimInt<1>, int>>);
    STATIC_REQUIRE(!alpaka::isAccelerator<alpaka::WorkDivMembers<alpaka::DimInt<1>, int>>);
    STATIC_REQUIRE(!alpaka::isAccelerator<alpaka::DevCpu>);
    STATIC_REQUIRE(!alpaka::isAccelerator<alpaka::TagCpuSerial>);
}

TEST_CASE("getAccName of the serial accelerator", "[acc]")
{
    CHECK(alpaka::getAccName<alpaka::AccCpuSerial<alpaka::DimInt<1>, int>>() == "AccCpuSerial<1,int>");
    CHECK(
        alpaka::getAccName<alpaka::AccCpuSerial<alpaka::DimInt<3>, std::size_t>>() == "AccCpuSerial<3,unsigned long>");
    CHECK(
        alpaka::getAccName<alpaka::AccCpuSerial<alpaka::DimInt<0>, std::uint32_t>>() == "AccCpuSerial<0,unsigned int>");
}

TEST_CASE("Serial accelerator: single-threaded, CPU device, platform and queues", "[acc]")
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<2>, std::size_t>;
    STATIC_REQUIRE(alpaka::isSingleThreadAcc<Acc>);
    STATIC_REQUIRE(!alpaka::isMultiThreadAcc<Acc>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Platform<Acc>, alpaka::PlatformCpu>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Queue<Acc, alpaka::Blocking>, alpaka::QueueCpuBlocking>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Queue<Acc, alpaka::NonBlocking>, alpaka::QueueCpuNonBlocking>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Dim<Acc>, alpaka::DimInt<2>>);
    STATIC_REQUIRE(std::is_same_v<alpaka::Idx<Acc>, std::size_t>);
}

TEST_CASE("getAccDevProps of the serial accelerator", "[acc]")
{
    using Idx = std::uint32_t;
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<3>, Idx>;
    using Vec = alpaka::Vec<alpaka::DimInt<3>, Idx>;
    constexpr Idx max = std::numeric_limits<Idx>::max();
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const props = alpaka::getAccDevProps<Acc>(dev);

    // One thread per block; grids and elements per thread are limited only by the index type.
    CHECK(props.m_blockThreadCountMax == 1u);
    CHECK(props.m_blockThreadExtentMax == Vec::ones());
    CHECK(props.m_gridBlockExtentMax == Vec::all(max));
    CHECK(props.m_gridBlockCountMax == max);
    CHECK(props.m_threadElemExtentMax == Vec::all(max));
    CHECK(props.m_threadElemCountMax == max);
    CHECK(props.m_multiProcessorCount >= 1u);
    // Block shared memory: alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB KiB (47 by default, as upstream).
    CHECK(props.m_sharedMemSizeBytes == std::size_t{ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB} * 1024u);
    CHECK(props.m_globalMemSizeBytes == alpaka::getMemBytes(dev));
    CHECK(props.m_globalMemSizeBytes > 0u);
}

TEST_CASE("getFunctionAttributes of the serial accelerator", "[acc]")
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const attributes = alpaka::getFunctionAttributes<Acc>(dev, NoOpKernel{}, 42);
    CHECK(attributes.maxThreadsPerBlock == 1);
    // As upstream: CPU back-ends report their block shared memory as the dynamic shared memory limit.
    CHECK(attributes.maxDynamicSharedSizeBytes == static_cast<int>(ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB * 1024u));
    CHECK(attributes.constSizeBytes == 0u);
    CHECK(attributes.localSizeBytes == 0u);
    CHECK(attributes.sharedSizeBytes == 0u);
    CHECK(attributes.numRegs == 0);
    // The arguments are not needed beyond their types: an rvalue and an lvalue work alike.
    int const arg = 7;
    CHECK(alpaka::getFunctionAttributes<Acc>(dev, NoOpKernel{}, arg).maxThreadsPerBlock == 1);
}

TEST_CASE("AccDevProps is an aggregate in upstream's field order", "[acc]")
{
    using Vec = alpaka::Vec<alpaka::DimInt<1>, int>;
    alpaka::AccDevProps<alpaka::DimInt<1>, int> const props{1, Vec{2}, 3, Vec{4}, 5, Vec{6}, 7, 8u, 9u};
    CHECK(props.m_multiProcessorCount == 1);
    CHECK(props.m_gridBlockExtentMax[0] == 2);
    CHECK(props.m_gridBlockCountMax == 3);
    CHECK(props.m_blockThreadExtentMax[0] == 4);
    CHECK(props.m_blockThreadCountMax == 5);
    CHECK(props.m_threadElemExtentMax[0] == 6);
    CHECK(props.m_threadElemCountMax == 7);
    CHECK(props.m_sharedMemSizeBytes == 8u);
    CHECK(props.m_globalMemSizeBytes == 9u);
}
