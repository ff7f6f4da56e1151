// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// getValidWorkDiv (seed and KernelCfg forms) and isValidWorkDiv (all forms) for every test accelerator.

#include <alpaka/alpaka.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

namespace
{
    struct EmptyKernel
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const&, int, float*) const
        {
        }
    };

    //! Counts the visits of each index of [0, n) (at namespace scope: nvcc rejects a kernel type local to a function).
    struct CountVisits
    {
        template<typename TAcc, typename TIdx>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, unsigned* counts, TIdx n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                alpaka::atomicAdd(acc, &counts[i], 1u, alpaka::hierarchy::Grids{});
        }
    };

    // Per dimension: the grid is covered by blocks * threads * elements.
    template<typename TWorkDiv, typename TVec>
    auto covers(TWorkDiv const& wd, TVec const& gridElems) -> bool
    {
        auto const elems = alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(wd);
        for(std::size_t i = 0; i != TVec::Dim::value; ++i)
            if(elems[i] < gridElems[i])
                return false;
        return true;
    }
} // namespace

TEMPLATE_LIST_TEST_CASE(
    "getValidWorkDiv (seed form) gives valid, covering work divisions", "[workdiv]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    using R = alpaka::GridBlockExtentSubDivRestrictions;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);

    Vec const gridElems([](auto i) { return static_cast<Idx>(97 + 13 * i.value); });
    for(Idx const elemsPerThread : {Idx{1}, Idx{3}})
        for(bool const mustDivide : {false, true})
            for(auto const r : {R::EqualExtent, R::CloseToEqualExtent, R::Unrestricted})
            {
                auto const wd = alpaka::getValidWorkDiv<Acc>(dev, gridElems, Vec::all(elemsPerThread), mustDivide, r);
                INFO("work division " << wd);
                CHECK(alpaka::isValidWorkDiv<Acc>(wd, dev));
                CHECK(covers(wd, gridElems));
                if constexpr(alpaka::isSingleThreadAcc<Acc>)
                    CHECK(wd.m_blockThreadExtent == Vec::ones());
            }

    // Defaults: one element, one element per thread.
    auto const defaults = alpaka::getValidWorkDiv<Acc>(dev);
    CHECK(alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(defaults) == Vec::ones());
    // A scalar extent is accepted where the accelerator is 1-D.
    if constexpr(Dim::value == 1)
    {
        auto const fromScalar = alpaka::getValidWorkDiv<Acc>(dev, Idx{1000}, Idx{1}, false);
        CHECK(alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(fromScalar)[0] >= Idx{1000});
    }
    if constexpr(alpaka::accMatchesTags<Acc, alpaka::TagCpuSerial> && Dim::value > 0)
    {
        // Serial: one thread per block, so one block per group of elements.
        auto const serial = alpaka::getValidWorkDiv<Acc>(dev, gridElems, Vec::ones(), true, R::Unrestricted);
        CHECK(serial.m_gridBlockExtent == gridElems);
    }
}

TEMPLATE_LIST_TEST_CASE(
    "getValidWorkDiv (KernelCfg form) honours the accelerator and the kernel", "[workdiv]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    float* const unused = nullptr;

    Vec const gridElems([](auto i) { return static_cast<Idx>(50 + i.value); });
    alpaka::KernelCfg<Acc> const cfg{
        gridElems, Vec::all(2), false, alpaka::GridBlockExtentSubDivRestrictions::Unrestricted};
    auto const wd = alpaka::getValidWorkDiv(cfg, dev, EmptyKernel{}, 3, unused);
    INFO("work division " << wd);
    CHECK(alpaka::isValidWorkDiv<Acc>(wd, dev, EmptyKernel{}, 3, unused));
    CHECK(covers(wd, gridElems));
    CHECK(wd.m_threadElemExtent == Vec::all(2));
    auto const attributes = alpaka::getFunctionAttributes<Acc>(dev, EmptyKernel{}, 3, unused);
    CHECK(wd.m_blockThreadExtent.prod() <= static_cast<Idx>(attributes.maxThreadsPerBlock));
    if constexpr(alpaka::isSingleThreadAcc<Acc>)
        CHECK(wd.m_blockThreadExtent == Vec::ones());

    // The explicit-template form and default members (ones; must divide; unrestricted).
    alpaka::KernelCfg<Acc> const defaults{};
    CHECK(defaults.gridElemExtent == Vec::ones());
    CHECK(defaults.threadElemExtent == Vec::ones());
    CHECK(defaults.blockThreadMustDivideGridThreadExtent);
    CHECK(defaults.gridBlockExtentSubDivRestrictions == alpaka::GridBlockExtentSubDivRestrictions::Unrestricted);
    auto const one = alpaka::getValidWorkDiv<Acc>(defaults, dev, EmptyKernel{}, 3, unused);
    CHECK(alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(one) == Vec::ones());
}

TEMPLATE_LIST_TEST_CASE(
    "isValidWorkDiv accepts valid and rejects invalid work divisions", "[workdiv]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    using WorkDiv = alpaka::WorkDivMembers<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const props = alpaka::getAccDevProps<Acc>(dev);
    float* const unused = nullptr;

    WorkDiv const valid(Vec::all(3), Vec::ones(), Vec::all(2));
    CHECK(alpaka::isValidWorkDiv<Acc>(valid, dev));
    CHECK(alpaka::isValidWorkDiv<Acc>(dev, valid));
    CHECK(alpaka::isValidWorkDiv<Acc>(valid, dev, EmptyKernel{}, 1, unused));
    CHECK(alpaka::isValidWorkDiv(props, valid));

    if constexpr(Dim::value > 0)
    {
        // A zero extent is never valid.
        WorkDiv const zeroGrid(Vec::zeros(), Vec::ones(), Vec::ones());
        CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(zeroGrid, dev));
        CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(dev, zeroGrid));
        CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(zeroGrid, dev, EmptyKernel{}, 1, unused));
        CHECK_FALSE(alpaka::isValidWorkDiv(props, zeroGrid));

        // One thread more than the block extent allows along x.
        if(props.m_blockThreadExtentMax.back() < std::numeric_limits<Idx>::max())
        {
            Vec block = Vec::ones();
            block.back() = static_cast<Idx>(props.m_blockThreadExtentMax.back() + 1);
            WorkDiv const tooWide(Vec::ones(), block, Vec::ones());
            CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(tooWide, dev));
            CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(dev, tooWide));
            CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(tooWide, dev, EmptyKernel{}, 1, unused));
            CHECK_FALSE(alpaka::isValidWorkDiv(props, tooWide));
        }
    }
    if constexpr(alpaka::accMatchesTags<Acc, alpaka::TagCpuSerial> && Dim::value > 0)
    {
        // The serial back-end runs one thread per block.
        WorkDiv const twoThreads(Vec::ones(), Vec::all(2), Vec::ones());
        CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(twoThreads, dev));
        CHECK(props.m_blockThreadCountMax == Idx{1});
    }
}

TEST_CASE("isValidWorkDiv with a kernel limit below the device limit", "[workdiv]")
{
    // The kernel form takes the smaller of getFunctionAttributes(...).maxThreadsPerBlock and the device's limit; on
    // the serial back-end both are 1, so a two-thread block is invalid either way and a one-thread block is valid.
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    float* const unused = nullptr;
    CHECK(alpaka::isValidWorkDiv<Acc>(
        alpaka::WorkDivMembers<alpaka::DimInt<1>, int>(4, 1), dev, EmptyKernel{}, 0, unused));
    CHECK_FALSE(alpaka::isValidWorkDiv<Acc>(
        alpaka::WorkDivMembers<alpaka::DimInt<1>, int>(4, 2), dev, EmptyKernel{}, 0, unused));
}

TEMPLATE_LIST_TEST_CASE(
    "getValidWorkDiv chooses the elements per thread where they are given as 0", "[workdiv]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const props = alpaka::getAccDevProps<Acc>(dev);
    if constexpr(Dim::value > 0)
    {
        for(Vec const& gridElems :
            {Vec::ones(),
             Vec::all(Idx{97}),
             Vec([](auto i) { return static_cast<Idx>(i.value + 1 == Dim::value ? 100003 : 7 + i.value); })})
        {
            alpaka::KernelCfg<Acc> const cfg{gridElems, Vec::zeros()};
            auto const wd = alpaka::getValidWorkDiv(cfg, dev, EmptyKernel{}, 1, static_cast<float*>(nullptr));
            auto const seed = alpaka::getValidWorkDiv<Acc>(dev, gridElems, Vec::zeros(), false);
            INFO("grid elements " << gridElems << ": " << wd);
            CHECK(alpaka::isValidWorkDiv<Acc>(wd, dev));
            CHECK(covers(wd, gridElems));
            CHECK(covers(seed, gridElems));
            auto const elems = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(wd);
            if constexpr(alpaka::elementLoopsAreContiguous<Acc>)
            {
                // A CPU: at most a few contiguous runs per core, each thread's run along x a multiple of 16 elements
                // (or all of x), the threads of a block side by side only where blocks are not.
                std::size_t const threads
                    = static_cast<std::size_t>(alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(wd).prod());
                CHECK(threads <= 4u * static_cast<std::size_t>(props.m_multiProcessorCount) * 8u);
                CHECK((elems[Dim::value - 1] % 16 == 0 || elems[Dim::value - 1] >= gridElems[Dim::value - 1]));
                if(alpaka::detail::cpu::CpuAccDescription<Acc>::blocksRunInParallel)
                    CHECK(wd.m_blockThreadExtent == Vec::ones());
                else
                    CHECK(wd.m_gridBlockExtent == Vec::ones());
                // The smallest grids are one run.
                if(gridElems == Vec::ones())
                    CHECK(elems == Vec::ones());
            }
            else
                CHECK(elems == Vec::ones());
        }

        // Only the components given as 0 are chosen.
        Vec given = Vec::zeros();
        given[0] = Idx{3};
        auto const partly = alpaka::getValidWorkDiv<Acc>(dev, Vec::all(Idx{64}), given, false);
        CHECK(alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(partly)[0] == Idx{3});
        // An explicit extent is used as given: kernels that index by their thread index rely on it.
        auto const explicitOnes = alpaka::getValidWorkDiv<Acc>(dev, Vec::all(Idx{64}), Vec::ones(), false);
        CHECK(alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(explicitOnes) == Vec::ones());
        if constexpr(std::is_signed_v<Idx>)
            CHECK_THROWS_WITH(
                alpaka::getValidWorkDiv<Acc>(dev, Vec::all(Idx{64}), Vec::all(Idx{-1}), false),
                alpaka_test::containsSubstring("negative component")
                    && alpaka_test::containsSubstring("0 to let the back-end choose"));
    }
}

TEMPLATE_LIST_TEST_CASE(
    "The chosen work division runs an element loop once per index", "[workdiv]", alpaka::test::TestAccs)
{
    using Acc = TestType;
    using Dim = alpaka::Dim<Acc>;
    using Idx = alpaka::Idx<Acc>;
    if constexpr(Dim::value == 1)
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
        alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
        for(Idx const n : {Idx{1}, Idx{17}, Idx{5000}, Idx{100003}})
        {
            auto counts = alpaka::allocBuf<unsigned, Idx>(dev, n);
            alpaka::memset(queue, counts, 0u);
            alpaka::KernelCfg<Acc> const cfg{n, 0};
            auto const wd = alpaka::getValidWorkDiv(cfg, dev, CountVisits{}, std::data(counts), n);
            INFO(wd);
            alpaka::exec<Acc>(queue, wd, CountVisits{}, std::data(counts), n);
            auto host = alpaka::allocBuf<unsigned, Idx>(alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), n);
            alpaka::memcpy(queue, host, counts);
            alpaka::wait(queue);
            std::size_t wrong = 0;
            for(Idx i = 0; i < n; ++i)
                wrong += std::data(host)[i] != 1u ? 1u : 0u;
            CHECK(wrong == 0u);
        }
    }
}
