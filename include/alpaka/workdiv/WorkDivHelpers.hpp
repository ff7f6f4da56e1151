// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Choosing a work division: subDivideGridElems (the algorithm), getValidWorkDiv (for an accelerator and device,
//! optionally honouring a kernel's thread limit through KernelCfg) and isValidWorkDiv.

#include "alpaka/acc/Traits.hpp"
#include "alpaka/core/Utility.hpp"
#include "alpaka/dev/Traits.hpp"
#include "alpaka/kernel/Traits.hpp"
#include "alpaka/vec/Traits.hpp"
#include "alpaka/workdiv/ThreadElemChoice.hpp"
#include "alpaka/workdiv/WorkDivMembers.hpp"
#include "alpaka/workdiv/WorkDivValidation.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace alpaka
{
    //! How the threads of a block may be shaped.
    enum class GridBlockExtentSubDivRestrictions
    {
        EqualExtent,        //!< the same number of threads in every dimension
        CloseToEqualExtent, //!< as equal as possible
        Unrestricted        //!< any shape
    };

    //! What a kernel launch needs to cover: the input of getValidWorkDiv's newer form.
    template<typename TAcc>
    struct KernelCfg
    {
        using Vec = alpaka::Vec<Dim<TAcc>, Idx<TAcc>>;

        //! Elements of the grid.
        Vec gridElemExtent = Vec::ones();
        //! Elements each thread processes; a component of 0 leaves it to the back-end (trait::ThreadElemChoice: one
        //! on GPUs, a few long runs per core on CPUs, which vectorize and stream best).
        Vec threadElemExtent = Vec::ones();
        //! Whether the block extent must divide the grid's thread extent (no partial blocks).
        bool blockThreadMustDivideGridThreadExtent = true;
        GridBlockExtentSubDivRestrictions gridBlockExtentSubDivRestrictions
            = GridBlockExtentSubDivRestrictions::Unrestricted;
    };

    namespace detail
    {
        //! Largest divisor of value that is <= limit (at least 1).
        template<typename TIdx>
        constexpr auto largestDivisorAtMost(TIdx value, TIdx limit) -> TIdx
        {
            for(TIdx d = limit < value ? limit : value; d > 1; --d)
                if(value % d == 0)
                    return d;
            return 1;
        }

        //! The product of an extent's components, in long double: it may not fit the index type. Not constexpr: nvcc
        //! compiles constexpr functions for the device too (--expt-relaxed-constexpr), where long double is double.
        template<typename TDim, typename TIdx>
        ALPAKA_FN_HOST auto countOf(Vec<TDim, TIdx> const& extent) -> long double
        {
            long double count = 1;
            for(std::size_t i = 0; i != TDim::value; ++i)
                count *= static_cast<long double>(extent[i]);
            return count;
        }

        //! Halves the largest component of `extent` until the product is at most countMax (>= 1).
        template<typename TDim, typename TIdx>
        ALPAKA_FN_HOST void shrinkToCount(Vec<TDim, TIdx>& extent, TIdx countMax)
        {
            if constexpr(TDim::value > 0)
                while(countOf(extent) > static_cast<long double>(countMax))
                {
                    auto const i = extent.maxElem();
                    extent[i] = static_cast<TIdx>(extent[i] / 2);
                }
        }

        template<typename TIdx>
        constexpr auto gcd(TIdx a, TIdx b) -> TIdx
        {
            while(b != 0)
                a = std::exchange(b, static_cast<TIdx>(a % b));
            return a;
        }

        template<typename TVec>
        void requireAtLeastOne(TVec const& vec, char const* what)
        {
            for(std::size_t i = 0; i != Dim<TVec>::value; ++i)
                if(!(vec[i] >= 1))
                    throwRuntimeError(
                        "getValidWorkDiv: the %s %s has a component below 1; every extent must be at least 1",
                        what,
                        toString(vec).c_str());
        }

        //! threadElemExtent with TAcc's choice (trait::ThreadElemChoice) in place of its components of 0; lowers
        //! kernelBlockThreadCountMax (0: none) to the threads per block that choice is meant for.
        template<typename TAcc, typename TDim, typename TIdx>
        auto resolveThreadElemExtent(
            Vec<TDim, TIdx> const& gridElemExtent,
            Vec<TDim, TIdx> threadElemExtent,
            AccDevProps<TDim, TIdx> const& props,
            TIdx& kernelBlockThreadCountMax) -> Vec<TDim, TIdx>
        {
            bool chosen = false;
            for(std::size_t i = 0; i != TDim::value; ++i)
            {
                if constexpr(std::is_signed_v<TIdx>)
                    if(threadElemExtent[i] < 0)
                        throwRuntimeError(
                            "getValidWorkDiv: the thread element extent %s has a negative component; each must be at "
                            "least 1, or 0 to let the back-end choose",
                            toString(threadElemExtent).c_str());
                chosen = chosen || threadElemExtent[i] == 0;
            }
            if(!chosen)
                return threadElemExtent;
            requireAtLeastOne(gridElemExtent, "grid element extent");
            using Choice = trait::ThreadElemChoice<TAcc>;
            auto const choice = Choice::threadElemExtent(gridElemExtent, props);
            for(std::size_t i = 0; i != TDim::value; ++i)
                if(threadElemExtent[i] == 0)
                    threadElemExtent[i] = choice[i];
            TIdx const limit = Choice::blockThreadCountMax(props);
            if(limit > 0 && (kernelBlockThreadCountMax == 0 || limit < kernelBlockThreadCountMax))
                kernelBlockThreadCountMax = limit;
            return threadElemExtent;
        }
    } // namespace detail

    //! Divides a grid of gridElemExtent elements, threadElemExtent per thread, into blocks the device supports.
    //! kernelBlockThreadCountMax (0: none) further limits the threads per block.
    template<typename TDim, typename TIdx>
    [[nodiscard]] ALPAKA_FN_HOST auto subDivideGridElems(
        Vec<TDim, TIdx> const& gridElemExtent,
        Vec<TDim, TIdx> threadElemExtent,
        AccDevProps<TDim, TIdx> const& props,
        TIdx kernelBlockThreadCountMax = static_cast<TIdx>(0u),
        bool blockThreadMustDivideGridThreadExtent = true,
        GridBlockExtentSubDivRestrictions restrictions
        = GridBlockExtentSubDivRestrictions::Unrestricted) -> WorkDivMembers<TDim, TIdx>
    {
        using Vec = alpaka::Vec<TDim, TIdx>;
        constexpr std::size_t dim = TDim::value;
        detail::requireAtLeastOne(gridElemExtent, "grid element extent");
        detail::requireAtLeastOne(threadElemExtent, "thread element extent");
        if(!isValidAccDevProps(props))
            throw std::runtime_error("getValidWorkDiv: the accelerator's device properties have a limit below 1");

        // Elements per thread never exceed the grid or the device limit.
        threadElemExtent
            = elementwise_min(elementwise_min(threadElemExtent, gridElemExtent), props.m_threadElemExtentMax);
        // Nor their count: halve the largest component until the product fits (it may not even fit TIdx).
        detail::shrinkToCount(threadElemExtent, props.m_threadElemCountMax);
        Vec gridThreadExtent;
        for(std::size_t i = 0; i != dim; ++i)
            gridThreadExtent[i] = core::divCeil(gridElemExtent[i], threadElemExtent[i]);

        Vec blockThreadExtent = elementwise_min(props.m_blockThreadExtentMax, gridThreadExtent);
        if(restrictions == GridBlockExtentSubDivRestrictions::EqualExtent)
            blockThreadExtent = Vec::all(blockThreadExtent.min());

        TIdx threadCountMax = props.m_blockThreadCountMax;
        if(kernelBlockThreadCountMax > 0 && kernelBlockThreadCountMax < threadCountMax)
            threadCountMax = kernelBlockThreadCountMax;

        while(detail::countOf(blockThreadExtent) > static_cast<long double>(threadCountMax))
        {
            if(restrictions == GridBlockExtentSubDivRestrictions::EqualExtent)
            {
                blockThreadExtent = Vec::all(core::nthRootFloor(threadCountMax, static_cast<TIdx>(dim)));
            }
            else if(restrictions == GridBlockExtentSubDivRestrictions::CloseToEqualExtent)
            {
                // A 0-D block has one thread and never gets here, but has no maxElem() to compile.
                if constexpr(dim > 0)
                {
                    auto const i = blockThreadExtent.maxElem();
                    blockThreadExtent[i] = static_cast<TIdx>(blockThreadExtent[i] / 2);
                }
            }
            else
            {
                // Halve the smallest component that is not 1, keeping the fastest (x) dimension for last: wide rows
                // keep memory accesses contiguous.
                std::size_t chosen = dim - 1;
                // dim > 0: no `i + 1 < 0` in the 0-D instantiation for nvcc to warn about.
                for(std::size_t i = 0; dim > 0 && i + 1 < dim; ++i)
                    if(blockThreadExtent[i] > 1
                       && (chosen == dim - 1 || blockThreadExtent[i] < blockThreadExtent[chosen]))
                        chosen = i;
                blockThreadExtent[chosen] = static_cast<TIdx>(blockThreadExtent[chosen] / 2);
            }
        }

        if(blockThreadMustDivideGridThreadExtent)
        {
            if(restrictions == GridBlockExtentSubDivRestrictions::EqualExtent && dim > 0)
            {
                TIdx common = gridThreadExtent[0];
                for(std::size_t i = 0; i != dim; ++i) // from 0, not 1: gcd(common, common) is common
                    common = detail::gcd(common, gridThreadExtent[i]);
                blockThreadExtent = Vec::all(detail::largestDivisorAtMost(common, blockThreadExtent[0]));
            }
            else
            {
                for(std::size_t i = 0; i != dim; ++i)
                    blockThreadExtent[i] = detail::largestDivisorAtMost(gridThreadExtent[i], blockThreadExtent[i]);
            }
        }

        Vec gridBlockExtent;
        for(std::size_t i = 0; i != dim; ++i)
            gridBlockExtent[i] = core::divCeil(gridThreadExtent[i], blockThreadExtent[i]);
        gridBlockExtent = elementwise_min(gridBlockExtent, props.m_gridBlockExtentMax);
        // Beyond the grid's block count the blocks' element loops (uniformElements) stride over the rest.
        detail::shrinkToCount(gridBlockExtent, props.m_gridBlockCountMax);

        return WorkDivMembers<TDim, TIdx>(gridBlockExtent, blockThreadExtent, threadElemExtent);
    }

    //! Seed form (subDivideGridElems without a kernel thread limit).
    template<typename TDim, typename TIdx>
    [[nodiscard]] ALPAKA_FN_HOST auto subDivideGridElems(
        Vec<TDim, TIdx> const& gridElemExtent,
        Vec<TDim, TIdx> const& threadElemExtent,
        AccDevProps<TDim, TIdx> const& props,
        bool blockThreadMustDivideGridThreadExtent,
        GridBlockExtentSubDivRestrictions restrictions
        = GridBlockExtentSubDivRestrictions::Unrestricted) -> WorkDivMembers<TDim, TIdx>
    {
        return subDivideGridElems(
            gridElemExtent,
            threadElemExtent,
            props,
            static_cast<TIdx>(0u),
            blockThreadMustDivideGridThreadExtent,
            restrictions);
    }

    //! Seed form: a valid work division of TAcc on dev for gridElemExtent elements (Vecs or scalars); components of
    //! threadElemExtent that are 0 are chosen for TAcc (see KernelCfg).
    template<
        typename TAcc,
        typename TDev,
        typename TGridElemExtent = Vec<Dim<TAcc>, Idx<TAcc>>,
        typename TThreadElemExtent = Vec<Dim<TAcc>, Idx<TAcc>>>
        requires(isDevice<TDev>)
    [[nodiscard]] ALPAKA_FN_HOST auto getValidWorkDiv(
        TDev const& dev,
        TGridElemExtent const& gridElemExtent = Vec<Dim<TAcc>, Idx<TAcc>>::ones(),
        TThreadElemExtent const& threadElemExtent = Vec<Dim<TAcc>, Idx<TAcc>>::ones(),
        bool blockThreadMustDivideGridThreadExtent = true,
        GridBlockExtentSubDivRestrictions restrictions
        = GridBlockExtentSubDivRestrictions::Unrestricted) -> WorkDivMembers<Dim<TAcc>, Idx<TAcc>>
    {
        using Dim = alpaka::Dim<TAcc>;
        using Idx = alpaka::Idx<TAcc>;
        static_assert(
            alpaka::Dim<TGridElemExtent>::value == Dim::value && alpaka::Dim<TThreadElemExtent>::value == Dim::value,
            "getValidWorkDiv: the extents must have the accelerator's dimensionality");
        auto const props = getAccDevProps<TAcc>(dev);
        auto const grid = castVec<Idx>(getExtents(gridElemExtent));
        auto threadLimit = static_cast<Idx>(0u);
        auto const elems = detail::resolveThreadElemExtent<TAcc>(
            grid, castVec<Idx>(getExtents(threadElemExtent)), props, threadLimit);
        return subDivideGridElems(grid, elems, props, threadLimit, blockThreadMustDivideGridThreadExtent, restrictions);
    }

    //! A valid work division for launching kernelFnObj(args...) as described by cfg on dev; honours the kernel's
    //! thread limit from getFunctionAttributes. Components of cfg.threadElemExtent that are 0 are chosen for TAcc.
    template<typename TAcc, typename TDev, typename TKernelFnObj, typename... TArgs>
    [[nodiscard]] ALPAKA_FN_HOST auto
    getValidWorkDiv(KernelCfg<TAcc> const& cfg, TDev const& dev, TKernelFnObj const& kernelFnObj, TArgs&&... args)
        -> WorkDivMembers<Dim<TAcc>, Idx<TAcc>>
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const attributes = getFunctionAttributes<TAcc>(dev, kernelFnObj, std::forward<TArgs>(args)...);
        auto const props = getAccDevProps<TAcc>(dev);
        auto threadLimit = static_cast<Idx>(attributes.maxThreadsPerBlock);
        auto const elems
            = detail::resolveThreadElemExtent<TAcc>(cfg.gridElemExtent, cfg.threadElemExtent, props, threadLimit);
        return subDivideGridElems(
            cfg.gridElemExtent,
            elems,
            props,
            threadLimit,
            cfg.blockThreadMustDivideGridThreadExtent,
            cfg.gridBlockExtentSubDivRestrictions);
    }

    //! Whether workDiv is valid for TAcc on dev.
    template<typename TAcc, typename TWorkDiv, typename TDev>
        requires(isDevice<TDev> && !isDevice<TWorkDiv>)
    [[nodiscard]] ALPAKA_FN_HOST auto isValidWorkDiv(TWorkDiv const& workDiv, TDev const& dev) -> bool
    {
        return detail::describeInvalidWorkDiv(getAccDevProps<TAcc>(dev), workDiv).empty();
    }

    //! Seed argument order: isValidWorkDiv<TAcc>(dev, workDiv).
    template<typename TAcc, typename TDev, typename TWorkDiv>
        requires(isDevice<TDev> && !isDevice<TWorkDiv>)
    [[nodiscard]] ALPAKA_FN_HOST auto isValidWorkDiv(TDev const& dev, TWorkDiv const& workDiv) -> bool
    {
        return isValidWorkDiv<TAcc>(workDiv, dev);
    }

    //! Whether workDiv is valid for launching kernelFnObj(args...) with TAcc on dev, the kernel's limits included.
    template<typename TAcc, typename TWorkDiv, typename TDev, typename TKernelFnObj, typename... TArgs>
        requires(isDevice<TDev>)
    [[nodiscard]] ALPAKA_FN_HOST auto
    isValidWorkDiv(TWorkDiv const& workDiv, TDev const& dev, TKernelFnObj const& kernelFnObj, TArgs&&... args) -> bool
    {
        using Idx = alpaka::Idx<TAcc>;
        auto const attributes = getFunctionAttributes<TAcc>(dev, kernelFnObj, std::forward<TArgs>(args)...);
        return detail::describeInvalidWorkDiv(
                   getAccDevProps<TAcc>(dev), workDiv, static_cast<Idx>(attributes.maxThreadsPerBlock))
            .empty();
    }
} // namespace alpaka
