// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! oncePerGrid is true in exactly one thread of the grid (the first), oncePerBlock in exactly one thread of every
//! block (its first).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Exec.hpp"

namespace
{
    struct OnceKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC auto
        operator()(TAcc const& acc, bool* success, unsigned* gridCount, unsigned* blockCounts) const -> void
        {
            using Vec = exectest::VecOf<TAcc>;
            bool const grid = alpaka::oncePerGrid(acc);
            bool const block = alpaka::oncePerBlock(acc);
            if(grid)
            {
                alpaka::atomicAdd(acc, gridCount, 1u);
                ALPAKA_CHECK(*success, (alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc) == Vec::zeros()));
                ALPAKA_CHECK(*success, block);
            }
            if(block)
            {
                alpaka::atomicAdd(acc, &blockCounts[exectest::linearBlockIdx(acc)], 1u);
                ALPAKA_CHECK(*success, (alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc) == Vec::zeros()));
            }
        }
    };
} // namespace

TEMPLATE_LIST_TEST_CASE("oncePerGrid and oncePerBlock pick one thread", "[exec]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    for(auto const& spec : exectest::workDivSpecs())
    {
        alpaka::test::KernelExecutionFixture<Acc> fixture(
            exectest::makeWorkDiv<Acc>(spec.blocks, spec.threads, spec.elems));
        auto& queue = fixture.getQueue();
        auto const blocks = alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(fixture.getWorkDiv()).prod();
        INFO(alpaka::getAccName<Acc>() << " " << fixture.getWorkDiv());
        auto gridCount = exectest::zeroedBuf<unsigned, Acc>(queue, 1u);
        auto blockCounts = exectest::zeroedBuf<unsigned, Acc>(queue, static_cast<std::size_t>(blocks));
        CHECK(fixture(OnceKernel{}, alpaka::getPtrNative(gridCount), alpaka::getPtrNative(blockCounts)));
        CHECK(exectest::toHost(queue, gridCount).at(0) == 1u);
        std::size_t wrong = 0;
        for(unsigned const count : exectest::toHost(queue, blockCounts))
            if(count != 1u)
                ++wrong;
        CHECK(wrong == 0u);
    }
}
