// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! WorkDiv: a work division of run-time dimensionality (1 to 3), indices in alpaka's [z][y][x] order.

#include <array>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>

namespace pyalpaka::rt
{
    inline constexpr std::size_t maxWorkDivDim = 3;

    //! Up to three extents, component 0 the slowest-varying, as alpaka orders them.
    struct Extents
    {
        std::size_t dim = 0;
        std::array<std::size_t, maxWorkDivDim> values{};

        [[nodiscard]] auto product() const -> std::size_t
        {
            std::size_t p = 1;
            for(std::size_t i = 0; i < dim; ++i)
                p *= values[i];
            return p;
        }

        [[nodiscard]] auto operator==(Extents const&) const -> bool = default;
    };

    [[nodiscard]] inline auto toString(Extents const& e) -> std::string
    {
        std::string s = "(";
        for(std::size_t i = 0; i < e.dim; ++i)
            s += (i ? ", " : "") + std::to_string(e.values[i]);
        return s + (e.dim == 1 ? ",)" : ")");
    }

    struct WorkDiv
    {
        Extents gridBlocks;
        Extents blockThreads;
        Extents threadElems;

        [[nodiscard]] auto dim() const -> std::size_t
        {
            return gridBlocks.dim;
        }

        [[nodiscard]] auto operator==(WorkDiv const&) const -> bool = default;
    };

    //! The arguments of valid_workdiv every back-end checks first: the same dimensionality, no zero grid extent.
    //! A thread_elems component of 0 leaves the choice to the back-end (alpaka's KernelCfg convention).
    inline void checkValidWorkDivRequest(Extents const& gridElems, Extents const& threadElems)
    {
        if(gridElems.dim != threadElems.dim)
            throw std::invalid_argument(
                "grid_elems " + toString(gridElems) + " and thread_elems " + toString(threadElems)
                + " must have the same number of dimensions");
        for(std::size_t i = 0; i < gridElems.dim; ++i)
            if(gridElems.values[i] == 0)
                throw std::invalid_argument(
                    "valid_workdiv: every grid_elems extent must be at least 1, got grid_elems " + toString(gridElems)
                    + ", thread_elems " + toString(threadElems));
    }

    [[nodiscard]] inline auto toString(WorkDiv const& w) -> std::string
    {
        return "WorkDiv(grid_blocks=" + toString(w.gridBlocks) + ", block_threads=" + toString(w.blockThreads)
               + ", thread_elems=" + toString(w.threadElems) + ")";
    }

    //! Checks what holds for every back-end: 1 to 3 dimensions, the same in all three extents, no zero component.
    //! Throws std::invalid_argument naming the offending extent.
    inline void checkWorkDivShape(WorkDiv const& w)
    {
        if(w.dim() < 1 || w.dim() > maxWorkDivDim)
            throw std::invalid_argument(
                "a work division has 1 to 3 dimensions, got " + std::to_string(w.dim()) + ": " + toString(w));
        if(w.blockThreads.dim != w.dim() || w.threadElems.dim != w.dim())
            throw std::invalid_argument(
                "grid_blocks, block_threads and thread_elems must have the same number of dimensions: " + toString(w));
        for(auto const* e : {&w.gridBlocks, &w.blockThreads, &w.threadElems})
            for(std::size_t i = 0; i < e->dim; ++i)
                if(e->values[i] == 0)
                    throw std::invalid_argument(
                        "every extent of a work division must be at least 1, got " + toString(w));
    }
} // namespace pyalpaka::rt
