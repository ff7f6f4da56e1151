// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The GPU back-ends' work divisions: alpaka's own choice (subDivideGridElems) and check (describeInvalidWorkDiv)
//! over a device's limits as plain numbers. Shared by the GPU back-ends (gpu/GpuBackend.cpp) and the work-division
//! fuzzer (tests/fuzz/cpp), which checks them against limits of GPUs it has no driver for.

#include <alpaka/workdiv/WorkDivHelpers.hpp>
#include <alpaka/workdiv/WorkDivMembers.hpp>

#include <cstddef>
#include <string>

#include "AlpakaExtents.hpp"
#include "Dispatch.hpp"
#include "Runtime.hpp"

namespace pyalpaka::rt
{
    //! The alpaka work division of w (whose dim must be TDim).
    template<std::size_t TDim>
    auto toAlpaka(WorkDiv const& w)
    {
        return alpaka::WorkDivMembers<alpaka::DimInt<TDim>, std::size_t>(
            toVec<TDim>(w.gridBlocks), toVec<TDim>(w.blockThreads), toVec<TDim>(w.threadElems));
    }

    //! A device's limits as alpaka's AccDevProps for TDim dimensions.
    template<std::size_t TDim>
    auto toAccDevProps(DevProps const& p) -> alpaka::AccDevProps<alpaka::DimInt<TDim>, std::size_t>
    {
        return {
            p.multiProcessorCount,
            toVec<TDim>(p.gridBlockExtentMax),
            p.gridBlockCountMax,
            toVec<TDim>(p.blockThreadExtentMax),
            p.blockThreadCountMax,
            toVec<TDim>(p.threadElemExtentMax),
            p.threadElemCountMax,
            p.sharedMemSizeBytes,
            p.globalMemSizeBytes};
    }

    //! The work division alpaka's GPU back-ends choose for gridElems, with one element per thread where threadElems
    //! leaves the choice (a 0) to the back-end. propsOf(dim) gives the device's limits for a dimensionality.
    template<typename TPropsOf>
    auto gpuValidWorkDiv(
        TPropsOf const& propsOf,
        Extents const& gridElems,
        Extents threadElems,
        bool blockThreadsMustDivide,
        SubDivRestrictions restrictions) -> WorkDiv
    {
        checkValidWorkDivRequest(gridElems, threadElems);
        for(std::size_t i = 0; i < threadElems.dim; ++i)
            if(threadElems.values[i] == 0)
                threadElems.values[i] = 1;
        return withDim<maxWorkDivDim>(
            gridElems.dim,
            "a work division",
            [&](auto d)
            {
                constexpr std::size_t dim = decltype(d)::value;
                auto const w = alpaka::subDivideGridElems(
                    toVec<dim>(gridElems),
                    toVec<dim>(threadElems),
                    toAccDevProps<dim>(propsOf(dim)),
                    blockThreadsMustDivide,
                    static_cast<alpaka::GridBlockExtentSubDivRestrictions>(restrictions));
                return WorkDiv{
                    toExtents(alpaka::getWorkDiv<alpaka::Grid, alpaka::Blocks>(w)),
                    toExtents(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(w)),
                    toExtents(alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(w))};
            });
    }

    //! Why workDiv cannot run on a device of these limits ("" when it can); throws for a malformed work division.
    template<typename TPropsOf>
    auto gpuWorkDivProblem(TPropsOf const& propsOf, WorkDiv const& workDiv) -> std::string
    {
        checkWorkDivShape(workDiv);
        return withDim<maxWorkDivDim>(
            workDiv.dim(),
            "a work division",
            [&](auto d)
            {
                constexpr std::size_t dim = decltype(d)::value;
                return alpaka::detail::describeInvalidWorkDiv(toAccDevProps<dim>(propsOf(dim)), toAlpaka<dim>(workDiv));
            });
    }
} // namespace pyalpaka::rt
