// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Dynamic block shared memory: the size comes from the kernel's trait::BlockSharedMemDynSizeBytes, the memory is
//! shared by the block's threads, and static shared variables never overlap it.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>

#include "alpaka_test/Block.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    using Word = std::uint32_t;

    //! The value of word i of block `block`'s shared memory.
    ALPAKA_FN_HOST_ACC inline auto pattern(std::size_t block, std::size_t i) -> Word
    {
        return static_cast<Word>(block * 0x10000u + i * 3u + 1u);
    }

    //! Uses blockThreads + extra words of dynamic shared memory (the size the trait below asks for) and a static array.
    struct DynamicKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, alpaka::Idx<TAcc> extra) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            Word* const dyn = alpaka::getDynSharedMem<Word>(acc);
            auto& st = alpaka::declareSharedVar<Word[32], 0>(acc);
            auto& stScalar = alpaka::declareSharedVar<double, 1>(acc);

            Idx const threads = blocktest::blockThreadCount(acc);
            Idx const thread = blocktest::linearThreadIdx(acc);
            std::size_t const block = static_cast<std::size_t>(blocktest::linearBlockIdx(acc));
            std::size_t const words = static_cast<std::size_t>(threads + extra);

            ALPAKA_CHECK(*success, dyn != nullptr);
            ALPAKA_CHECK(*success, alpaka::getDynSharedMem<Word>(acc) == dyn);
            ALPAKA_CHECK(*success, static_cast<void*>(alpaka::getDynSharedMem<double>(acc)) == static_cast<void*>(dyn));
            ALPAKA_CHECK(*success, blocktest::alignedTo(dyn, 16u));
            ALPAKA_CHECK(*success, blocktest::disjoint(dyn, words * sizeof(Word), &st, sizeof(st)));
            ALPAKA_CHECK(*success, blocktest::disjoint(dyn, words * sizeof(Word), &stScalar, sizeof(stScalar)));

            // Every thread writes its word, one thread the extra words and the static variables.
            dyn[thread] = pattern(block, static_cast<std::size_t>(thread));
            if(thread == 0)
            {
                for(std::size_t i = static_cast<std::size_t>(threads); i < words; ++i)
                    dyn[i] = pattern(block, i);
                for(std::size_t i = 0; i < 32u; ++i)
                    st[i] = ~pattern(block, i);
                stScalar = -static_cast<double>(block);
            }
            alpaka::syncBlockThreads(acc);
            for(std::size_t i = 0; i < words; ++i)
                ALPAKA_CHECK(*success, dyn[i] == pattern(block, i));
            for(std::size_t i = 0; i < 32u; ++i)
                ALPAKA_CHECK(*success, st[i] == ~pattern(block, i));
            ALPAKA_CHECK(*success, stScalar == -static_cast<double>(block));
        }
    };

    //! A kernel that asks for `bytes` of dynamic shared memory and touches its ends.
    struct DynamicBytesKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, std::size_t bytes) const -> void
        {
            auto* const mem = alpaka::getDynSharedMem<unsigned char>(acc);
            if(alpaka::oncePerBlock(acc))
            {
                mem[0] = 1u;
                mem[bytes - 1u] = 2u;
            }
            alpaka::syncBlockThreads(acc);
            ALPAKA_CHECK(*success, mem[0] == 1u && mem[bytes - 1u] == 2u);
        }
    };
} // namespace

namespace alpaka::trait
{
    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<DynamicKernel, TAcc>
    {
        template<typename TVec>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            DynamicKernel const&,
            TVec const& blockThreadExtent,
            TVec const& /* threadElemExtent */,
            bool* /* success */,
            Idx<TAcc> extra) -> std::size_t
        {
            return sizeof(Word) * static_cast<std::size_t>(blockThreadExtent.prod() + extra);
        }
    };

    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<DynamicBytesKernel, TAcc>
    {
        template<typename TVec>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            DynamicBytesKernel const&, TVec const&, TVec const&, bool*, std::size_t bytes) -> std::size_t
        {
            return bytes;
        }
    };
} // namespace alpaka::trait

TEMPLATE_LIST_TEST_CASE(
    "getDynSharedMem: size from the kernel's trait, shared by the block, apart from static variables",
    "[block][shared]",
    alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    for(Idx threads : {1, 4})
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(blocktest::makeWorkDiv<Acc>(2, threads));
        for(Idx extra : {0, 1, 100, 2000})
        {
            INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv() << " extra words " << extra);
            CHECK(fixture(DynamicKernel{}, extra));
        }
    }
}

TEMPLATE_LIST_TEST_CASE(
    "getDynSharedMem: the whole advertised shared memory is usable", "[block][shared]", blocktest::Accs1D)
{
    using Acc = TestType;
    auto const props = alpaka::getAccDevProps<Acc>(blocktest::firstDev<Acc>());
    alpaka::test::KernelExecutionFixture<Acc> fixture(blocktest::makeWorkDiv<Acc>(3, 2));
    INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
    std::size_t const bytes = props.m_sharedMemSizeBytes;
    REQUIRE(bytes > 0u);
    CHECK(fixture(DynamicBytesKernel{}, std::size_t{2}));
    CHECK(fixture(DynamicBytesKernel{}, bytes));
}
