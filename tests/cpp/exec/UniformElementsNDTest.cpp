// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! uniformElementsND and uniformElementsAlong<I> / AlongX/Y/Z on 2-D and 3-D accelerators: every N-D index of the
//! extent is visited once by the grid, by the thread that owns it along every dimension, and a thread's indices come
//! in row-major order (the last dimension fastest).

#include <alpaka/alpaka.hpp>
#include <alpaka/test/Check.hpp>
#include <alpaka/test/KernelExecutionFixture.hpp>

#include <cstddef>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Exec.hpp"

namespace
{
    enum class NdForm : int
    {
        NdNoExtent,   //!< uniformElementsND(acc)
        Nd,           //!< uniformElementsND(acc, extent)
        AlongXyz,     //!< nested uniformElementsAlongZ/Y/X(acc, extent[i])
        AlongFirst,   //!< nested uniformElementsAlong<I>(acc, first[i], extent[i])
        AlongNoExtent //!< nested uniformElementsAlong<I>(acc)
    };

    //! Whether a comes before b in row-major order.
    template<typename TVec>
    ALPAKA_FN_ACC auto rowMajorLess(TVec const& a, TVec const& b) -> bool
    {
        for(std::size_t i = 0; i != alpaka::Dim<TVec>::value; ++i)
            if(a[i] != b[i])
                return a[i] < b[i];
        return false;
    }

    struct NdKernel
    {
        template<typename TAcc, typename TVec>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc,
            bool* success,
            unsigned* counts,
            alpaka::Idx<TAcc>* owners,
            TVec extent,
            TVec first,
            NdForm form) const -> void
        {
            using Idx = alpaka::Idx<TAcc>;
            constexpr std::size_t dim = alpaka::Dim<TAcc>::value;
            Idx const thread = exectest::linearGridThreadIdx(acc);
            bool any = false;
            TVec previous = TVec::zeros();
            auto const visit = [&](TVec const& idx)
            {
                bool inside = true;
                for(std::size_t i = 0; i != dim; ++i)
                    inside = inside && idx[i] >= first[i] && idx[i] < extent[i];
                ALPAKA_CHECK(*success, inside);
                ALPAKA_CHECK(*success, !any || rowMajorLess(previous, idx));
                if(inside)
                {
                    Idx const linear = alpaka::mapIdx<1u>(idx, extent)[0];
                    alpaka::atomicAdd(acc, &counts[linear], 1u);
                    alpaka::atomicExch(acc, &owners[linear], thread);
                }
                any = true;
                previous = idx;
            };

            switch(form)
            {
                case NdForm::NdNoExtent:
                    for(auto const& idx : alpaka::uniformElementsND(acc))
                        visit(idx);
                    break;
                case NdForm::Nd:
                    for(auto const& idx : alpaka::uniformElementsND(acc, extent))
                        visit(idx);
                    break;
                case NdForm::AlongXyz:
                    if constexpr(dim == 2u)
                    {
                        for(Idx y : alpaka::uniformElementsAlongY(acc, extent[0]))
                            for(Idx x : alpaka::uniformElementsAlongX(acc, extent[1]))
                                visit(TVec{y, x});
                    }
                    else
                    {
                        for(Idx z : alpaka::uniformElementsAlongZ(acc, extent[0]))
                            for(Idx y : alpaka::uniformElementsAlongY(acc, extent[1]))
                                for(Idx x : alpaka::uniformElementsAlongX(acc, extent[2]))
                                    visit(TVec{z, y, x});
                    }
                    break;
                case NdForm::AlongFirst:
                    if constexpr(dim == 2u)
                    {
                        for(Idx y : alpaka::uniformElementsAlong<0>(acc, first[0], extent[0]))
                            for(Idx x : alpaka::uniformElementsAlong<1>(acc, first[1], extent[1]))
                                visit(TVec{y, x});
                    }
                    else
                    {
                        for(Idx z : alpaka::uniformElementsAlong<0>(acc, first[0], extent[0]))
                            for(Idx y : alpaka::uniformElementsAlong<1>(acc, first[1], extent[1]))
                                for(Idx x : alpaka::uniformElementsAlong<2>(acc, first[2], extent[2]))
                                    visit(TVec{z, y, x});
                    }
                    break;
                case NdForm::AlongNoExtent:
                    if constexpr(dim == 2u)
                    {
                        for(Idx y : alpaka::uniformElementsAlong<0>(acc))
                            for(Idx x : alpaka::uniformElementsAlong<1>(acc))
                                visit(TVec{y, x});
                    }
                    else
                    {
                        for(Idx z : alpaka::uniformElementsAlong<0>(acc))
                            for(Idx y : alpaka::uniformElementsAlong<1>(acc))
                                for(Idx x : alpaka::uniformElementsAlong<2>(acc))
                                    visit(TVec{z, y, x});
                    }
                    break;
            }
        }
    };

    template<typename TAcc>
    auto checkNd(
        alpaka::test::KernelExecutionFixture<TAcc>& fixture,
        NdForm form,
        exectest::VecOf<TAcc> extent,
        exectest::VecOf<TAcc> first) -> void
    {
        using Idx = alpaka::Idx<TAcc>;
        using Vec = exectest::VecOf<TAcc>;
        constexpr std::size_t dim = alpaka::Dim<TAcc>::value;
        auto const& workDiv = fixture.getWorkDiv();
        auto const elems = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(workDiv);
        auto const gridThreads = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(workDiv);
        if(form == NdForm::NdNoExtent || form == NdForm::AlongNoExtent)
            extent = alpaka::getWorkDiv<alpaka::Grid, alpaka::Elems>(workDiv);
        if(form != NdForm::AlongFirst)
            first = Vec::zeros();
        std::size_t const size = static_cast<std::size_t>(extent.prod());

        auto& queue = fixture.getQueue();
        auto counts = exectest::zeroedBuf<unsigned, TAcc>(queue, size);
        auto owners = exectest::zeroedBuf<Idx, TAcc>(queue, size);
        INFO(
            alpaka::getAccName<TAcc>() << " " << workDiv << " form " << static_cast<int>(form) << " extent " << extent
                                       << " first " << first);
        CHECK(fixture(NdKernel{}, alpaka::getPtrNative(counts), alpaka::getPtrNative(owners), extent, first, form));

        auto const hostCounts = exectest::toHost(queue, counts);
        auto const hostOwners = exectest::toHost(queue, owners);
        std::size_t wrong = 0;
        std::size_t wrongOwner = 0;
        for(std::size_t linear = 0; linear < size; ++linear)
        {
            Vec const idx = alpaka::mapIdx<dim>(alpaka::Vec<alpaka::DimInt<1u>, Idx>{static_cast<Idx>(linear)}, extent);
            bool inside = true;
            Vec owner;
            for(std::size_t i = 0; i != dim; ++i)
            {
                inside = inside && idx[i] >= first[i];
                owner[i] = inside ? exectest::expectedOwner<TAcc>(idx[i], first[i], extent[i], elems[i], gridThreads[i])
                                  : Idx{0};
            }
            if(hostCounts[linear] != (inside ? 1u : 0u))
                ++wrong;
            if(inside && hostOwners[linear] != alpaka::mapIdx<1u>(owner, gridThreads)[0])
                ++wrongOwner;
        }
        CHECK(wrong == 0u);
        CHECK(wrongOwner == 0u);
    }

    template<typename TAcc>
    auto checkAllForms() -> void
    {
        using Idx = alpaka::Idx<TAcc>;
        using Vec = exectest::VecOf<TAcc>;
        constexpr std::size_t dim = alpaka::Dim<TAcc>::value;
        std::vector<exectest::Vec3> const extents{
            {7u, 5u, 9u}, {1u, 1u, 1u}, {3u, 16u, 20u}, {4u, 0u, 4u}, {2u, 33u, 3u}};
        for(auto const& spec : exectest::workDivSpecs())
        {
            alpaka::test::KernelExecutionFixture<TAcc> fixture(
                exectest::makeWorkDiv<TAcc>(spec.blocks, spec.threads, spec.elems));
            checkNd(fixture, NdForm::NdNoExtent, Vec::zeros(), Vec::zeros());
            checkNd(fixture, NdForm::AlongNoExtent, Vec::zeros(), Vec::zeros());
            for(auto const& extent3 : extents)
            {
                auto const extent = alpaka::castVec<Idx>(alpaka::subVecEnd<alpaka::DimInt<dim>>(extent3));
                checkNd(fixture, NdForm::Nd, extent, Vec::zeros());
                checkNd(fixture, NdForm::AlongXyz, extent, Vec::zeros());
                checkNd(fixture, NdForm::AlongFirst, extent, Vec::all(Idx{1}));
                Vec first = Vec::zeros();
                first[dim - 1u] = 2;
                checkNd(fixture, NdForm::AlongFirst, extent, first);
            }
        }
    }
} // namespace

TEMPLATE_LIST_TEST_CASE("uniformElementsND and Along<I> on 2-D accelerators", "[exec]", exectest::Accs2D)
{
    checkAllForms<TestType>();
}

TEMPLATE_LIST_TEST_CASE("uniformElementsND and Along<I> on 3-D accelerators", "[exec]", exectest::Accs3D)
{
    checkAllForms<TestType>();
}
