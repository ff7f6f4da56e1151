// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A work division from getValidWorkDiv (both forms) is accepted by the launch and, with each thread taking its
// threadElemExtent elements, covers every element of the grid exactly once.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Extent.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstdint>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Kernel.hpp"

namespace
{
    //! 7, 13, 5, ...: sizes that few block extents divide.
    template<typename TDim, typename TIdx>
    auto primeExtent()
    {
        return alpaka::Vec<TDim, TIdx>(
            [](auto i) {
                return static_cast<TIdx>(i.value % 3u == 0u ? 7u : i.value % 3u == 1u ? 13u : 5u);
            });
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("validWorkDivCoversEveryElementOnce", "[kernel]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(dev);
    kerneltest::CountElementsKernel const kernel;

    using Restrictions = alpaka::GridBlockExtentSubDivRestrictions;
    for(Vec const extent : {alpaka::test::extentBuf<Dim, Idx>, primeExtent<Dim, Idx>(), Vec::ones()})
        for(Vec const threadElemExtent : {Vec::ones(), Vec::all(Idx{2}), Vec::all(Idx{3})})
            for(bool const mustDivide : {true, false})
                for(auto const restrictions :
                    {Restrictions::Unrestricted, Restrictions::CloseToEqualExtent, Restrictions::EqualExtent})
                {
                    INFO(
                        "extent " << kerneltest::vecText(extent) << ", threadElemExtent "
                                  << kerneltest::vecText(threadElemExtent) << ", mustDivide " << mustDivide
                                  << ", restrictions " << static_cast<int>(restrictions));
                    auto counts = kerneltest::zeroedBuffer<std::uint32_t>(queue, extent.prod());
                    std::uint32_t* const pCounts = alpaka::getPtrNative(counts);

                    // Seed form.
                    auto const workDiv
                        = alpaka::getValidWorkDiv<Acc>(dev, extent, threadElemExtent, mustDivide, restrictions);
                    INFO("workDiv " << workDiv);
                    CHECK(alpaka::isValidWorkDiv<Acc>(workDiv, dev));
                    alpaka::exec<Acc>(queue, workDiv, kernel, pCounts, extent);

                    // KernelCfg form, which also honours the kernel's own thread limit.
                    alpaka::KernelCfg<Acc> const cfg{extent, threadElemExtent, mustDivide, restrictions};
                    auto const kernelWorkDiv = alpaka::getValidWorkDiv(cfg, dev, kernel, pCounts, extent);
                    INFO("kernel workDiv " << kernelWorkDiv);
                    CHECK(alpaka::isValidWorkDiv<Acc>(kernelWorkDiv, dev, kernel, pCounts, extent));
                    alpaka::exec<Acc>(queue, kernelWorkDiv, kernel, pCounts, extent);

                    auto const host = kerneltest::toHost(queue, counts);
                    REQUIRE(host.size() == static_cast<std::size_t>(extent.prod()));
                    CHECK(kerneltest::countMismatches(host, 2u) == 0u);
                    if(mustDivide)
                    {
                        // The block extent divides the grid's thread extent.
                        auto const gridThreads = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(workDiv);
                        for(std::size_t d = 0; d != Dim::value; ++d)
                        {
                            CHECK(gridThreads[d] % workDiv.m_blockThreadExtent[d] == 0);
                        }
                    }
                }
}
