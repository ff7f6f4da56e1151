// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Static block shared memory: declareSharedVar identity, layout and alignment, sharing among the threads of a block,
//! independence of blocks, freeSharedVars.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "alpaka_test/Block.hpp"
#include "alpaka_test/Catch.hpp"

namespace
{
    //! A struct that needs more alignment than the arena's headers.
    struct Aligned32
    {
        alignas(32) double value;
        char tag;
    };

    static_assert(alignof(Aligned32) == 32);

    //! Same id: same object; other ids: other, non-overlapping, well-aligned objects shared by all threads of a block.
    struct StaticIdentityKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            auto& a1 = alpaka::declareSharedVar<int, 0>(acc);
            auto& a2 = alpaka::declareSharedVar<int, 0>(acc);
            auto& b = alpaka::declareSharedVar<int, 1>(acc);
            auto& arr = alpaka::declareSharedVar<float[64], 2>(acc);
            auto& s = alpaka::declareSharedVar<Aligned32, 3>(acc);
            auto& d = alpaka::declareSharedVar<double, 4>(acc);
            auto& addressOfA = alpaka::declareSharedVar<int*, 5>(acc);

            ALPAKA_CHECK(*success, &a1 == &a2);
            ALPAKA_CHECK(*success, &a1 != &b);
            // Asking again after other variables still finds the first ones.
            ALPAKA_CHECK(*success, (&alpaka::declareSharedVar<float[64], 2>(acc) == &arr));
            ALPAKA_CHECK(*success, (&alpaka::declareSharedVar<int, 1>(acc) == &b));

            ALPAKA_CHECK(*success, blocktest::alignedTo(&a1, alignof(int)));
            ALPAKA_CHECK(*success, blocktest::alignedTo(&arr, alignof(float)));
            ALPAKA_CHECK(*success, blocktest::alignedTo(&s, 32u));
            ALPAKA_CHECK(*success, blocktest::alignedTo(&d, alignof(double)));
            ALPAKA_CHECK(*success, blocktest::alignedTo(&addressOfA, alignof(int*)));

            void const* const ptrs[] = {&a1, &b, &arr, &s, &d, &addressOfA};
            std::size_t const sizes[] = {sizeof(int), sizeof(int), sizeof(arr), sizeof(s), sizeof(d), sizeof(int*)};
            for(std::size_t i = 0; i < 6u; ++i)
                for(std::size_t j = i + 1u; j < 6u; ++j)
                    ALPAKA_CHECK(*success, blocktest::disjoint(ptrs[i], sizes[i], ptrs[j], sizes[j]));

            // One thread writes, every thread reads after the barrier.
            Idx const block = blocktest::linearBlockIdx(acc);
            if(alpaka::oncePerBlock(acc))
            {
                a1 = 42;
                b = -7 - static_cast<int>(block);
                for(int i = 0; i < 64; ++i)
                    arr[i] = static_cast<float>(i) * 0.5f;
                s.value = 3.25;
                s.tag = 'x';
                d = static_cast<double>(block) + 0.5;
                addressOfA = &a1;
            }
            alpaka::syncBlockThreads(acc);
            ALPAKA_CHECK(*success, addressOfA == &a1);
            ALPAKA_CHECK(*success, a2 == 42);
            ALPAKA_CHECK(*success, b == -7 - static_cast<int>(block));
            for(int i = 0; i < 64; ++i)
                ALPAKA_CHECK(*success, arr[i] == static_cast<float>(i) * 0.5f);
            ALPAKA_CHECK(*success, s.value == 3.25);
            ALPAKA_CHECK(*success, s.tag == 'x');
            ALPAKA_CHECK(*success, d == static_cast<double>(block) + 0.5);
        }
    };

    //! Each block's shared variables are its own: values written by other blocks never show up, over several rounds.
    struct PerBlockKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success, alpaka::Idx<TAcc>* out) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            auto& blockValue = alpaka::declareSharedVar<Idx, 0>(acc);
            auto& slots = alpaka::declareSharedVar<Idx[blocktest::maxBlockThreads], 1>(acc);
            Idx const block = blocktest::linearBlockIdx(acc);
            Idx const thread = blocktest::linearThreadIdx(acc);
            Idx const threads = blocktest::blockThreadCount(acc);
            ALPAKA_CHECK(*success, threads <= static_cast<Idx>(blocktest::maxBlockThreads));

            for(Idx round = 0; round < 8; ++round)
            {
                if(thread == 0)
                    blockValue = static_cast<Idx>(block * 100 + round);
                slots[thread] = static_cast<Idx>(block * 1000 + thread * 10 + round);
                alpaka::syncBlockThreads(acc);
                ALPAKA_CHECK(*success, blockValue == static_cast<Idx>(block * 100 + round));
                Idx const other = static_cast<Idx>((thread + 1) % threads);
                ALPAKA_CHECK(*success, slots[other] == static_cast<Idx>(block * 1000 + other * 10 + round));
                // Nobody writes the next round's values before everyone has read this round's.
                alpaka::syncBlockThreads(acc);
            }
            if(thread == 0)
                out[block] = blockValue;
        }
    };

    //! After freeSharedVars (called by every thread between barriers) new variables can be declared and are shared.
    struct FreeKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            auto& before = alpaka::declareSharedVar<int, 0>(acc);
            if(alpaka::oncePerBlock(acc))
                before = 5;
            alpaka::syncBlockThreads(acc);
            ALPAKA_CHECK(*success, before == 5);
            alpaka::syncBlockThreads(acc);
            alpaka::freeSharedVars(acc);
            alpaka::syncBlockThreads(acc);

            auto& after = alpaka::declareSharedVar<int[4], 1>(acc);
            if(alpaka::oncePerBlock(acc))
                for(int i = 0; i < 4; ++i)
                    after[i] = 10 + i;
            alpaka::syncBlockThreads(acc);
            for(int i = 0; i < 4; ++i)
                ALPAKA_CHECK(*success, after[i] == 10 + i);
        }
    };

    //! More than half of the CPU back-ends' block shared memory per variable.
    inline constexpr std::size_t bigBytes = std::size_t{ALPAKA_BLOCK_SHARED_DYN_MEMBER_ALLOC_KIB} * 1024u * 3u / 5u;

    //! CPU back-ends: freeSharedVars gives the memory back, so two variables that do not fit together fit in turn.
    struct FreeReusesMemoryKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto operator()(TAcc const& acc, bool* success) const -> void
        {
            auto& first = alpaka::declareSharedVar<std::uint8_t[bigBytes], 10>(acc);
            if(alpaka::oncePerBlock(acc))
                first[bigBytes - 1u] = 1u;
            alpaka::syncBlockThreads(acc);
            ALPAKA_CHECK(*success, first[bigBytes - 1u] == 1u);
            alpaka::syncBlockThreads(acc);
            alpaka::freeSharedVars(acc);
            alpaka::syncBlockThreads(acc);

            auto& second = alpaka::declareSharedVar<std::uint8_t[bigBytes], 11>(acc);
            if(alpaka::oncePerBlock(acc))
                second[bigBytes - 1u] = 2u;
            alpaka::syncBlockThreads(acc);
            ALPAKA_CHECK(*success, second[bigBytes - 1u] == 2u);
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("declareSharedVar: identity, layout and sharing", "[block][shared]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    for(alpaka::Idx<Acc> threads : {1, 2, 4})
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(blocktest::makeWorkDiv<Acc>(2, threads));
        INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
        CHECK(fixture(StaticIdentityKernel{}));
    }
}

TEMPLATE_LIST_TEST_CASE(
    "declareSharedVar: every block has its own variables", "[block][shared]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Idx = alpaka::Idx<Acc>;
    alpaka::test::KernelExecutionFixture<Acc> fixture(blocktest::makeWorkDiv<Acc>(3, 4));
    auto const blocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(fixture.getWorkDiv()).prod();
    INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());

    auto out = alpaka::allocBuf<Idx, Idx>(blocktest::firstDev<Acc>(), blocks);
    alpaka::memset(fixture.getQueue(), out, 0xff);
    CHECK(fixture(PerBlockKernel{}, alpaka::getPtrNative(out)));
    auto const host = blocktest::toHost(fixture.getQueue(), out);
    for(Idx block = 0; block < blocks; ++block)
        CHECK(host[static_cast<std::size_t>(block)] == static_cast<Idx>(block * 100 + 7));
}

TEMPLATE_LIST_TEST_CASE("freeSharedVars releases the block's variables", "[block][shared]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    alpaka::test::KernelExecutionFixture<Acc> fixture(blocktest::makeWorkDiv<Acc>(2, 2));
    INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
    CHECK(fixture(FreeKernel{}));
    // Only the CPU back-ends take static shared memory from a run-time arena; on GPUs it is laid out at compile time.
    if constexpr(std::is_same_v<alpaka::Dev<Acc>, alpaka::DevCpu>)
        CHECK(fixture(FreeReusesMemoryKernel{}));
}
