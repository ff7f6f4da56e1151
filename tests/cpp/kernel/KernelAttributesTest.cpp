// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// getFunctionAttributes: what the back-end knows about a kernel (thread limit, dynamic shared memory limit).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Kernel.hpp"

TEMPLATE_LIST_TEST_CASE("getFunctionAttributes", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const props = alpaka::getAccDevProps<Acc>(dev);
    std::uint32_t* const counts = nullptr;
    auto const extent = alpaka::test::extentBuf<Dim, Idx>;

    alpaka::KernelFunctionAttributes const attributes
        = alpaka::getFunctionAttributes<Acc>(dev, kerneltest::CountElementsKernel{}, counts, extent);
    CHECK(attributes.maxThreadsPerBlock >= 1);
    CHECK(
        static_cast<std::size_t>(attributes.maxThreadsPerBlock)
        <= static_cast<std::size_t>(props.m_blockThreadCountMax));
    CHECK(attributes.maxDynamicSharedSizeBytes >= 0);

    if constexpr(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
    {
        // CPU back-ends: the accelerator's limits, and the configured block shared memory (47 KiB by default).
        CHECK(
            static_cast<std::size_t>(attributes.maxThreadsPerBlock)
            == static_cast<std::size_t>(props.m_blockThreadCountMax));
        CHECK(
            attributes.maxDynamicSharedSizeBytes == static_cast<int>(ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB * 1024u));
        CHECK(static_cast<std::size_t>(attributes.maxDynamicSharedSizeBytes) == props.m_sharedMemSizeBytes);
        CHECK(attributes.constSizeBytes == 0u);
        CHECK(attributes.localSizeBytes == 0u);
        CHECK(attributes.sharedSizeBytes == 0u);
        CHECK(attributes.numRegs == 0);
    }
    if constexpr(alpaka::accMatchesTags<Acc, alpaka::TagCpuSerial>)
        CHECK(attributes.maxThreadsPerBlock == 1);

    // The same for a lambda kernel and through an rvalue argument.
    auto const lambda = [] ALPAKA_FN_ACC(Acc const&, int) -> void {};
    auto const lambdaAttributes = alpaka::getFunctionAttributes<Acc>(dev, lambda, 5);
    CHECK(lambdaAttributes.maxThreadsPerBlock == attributes.maxThreadsPerBlock);
    CHECK(lambdaAttributes.maxDynamicSharedSizeBytes == attributes.maxDynamicSharedSizeBytes);
}

TEST_CASE("blockSharedMemoryIsTheConfiguredSize", "[kernel]")
{
    // alpaka_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB (47 unless configured otherwise) sets what the CPU back-ends provide.
    STATIC_REQUIRE(alpaka::detail::cpu::blockSharedMemBytes == ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB * 1024u);
}

TEST_CASE("kernelFunctionAttributesLayout", "[kernel]")
{
    // Upstream's field order and defaults.
    alpaka::KernelFunctionAttributes const attributes{1u, 2u, 3u, 4, 5, 6, 7};
    CHECK(attributes.constSizeBytes == 1u);
    CHECK(attributes.localSizeBytes == 2u);
    CHECK(attributes.sharedSizeBytes == 3u);
    CHECK(attributes.maxDynamicSharedSizeBytes == 4);
    CHECK(attributes.numRegs == 5);
    CHECK(attributes.maxThreadsPerBlock == 7);
    alpaka::KernelFunctionAttributes const zero{};
    CHECK(zero.maxThreadsPerBlock == 0);
    CHECK(zero.maxDynamicSharedSizeBytes == 0);
}
