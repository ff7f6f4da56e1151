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

    //! Grids of at least this many blocks on a CPU back-end are reported (hugeCpuGridWarning): a CPU runs a grid's
    //! blocks one after another on each core, about 1 ns each even when empty (serial, OpenMP blocks, oneTBB) and
    //! about 30 ns (std::thread, fibers; measured on the project's machine), so 2^32 blocks take seconds to minutes
    //! before the kernel does anything, 2^40 an hour. Such a grid is usually a count of elements given as blocks.
    inline constexpr std::size_t hugeCpuGridBlocks = std::size_t{1} << 32;

    //! Set by the Python bindings to show that warning (once per process); null, as in C++ programs: no warning.
    inline void (*hugeCpuGridWarning)(std::string const& backend, WorkDiv const& workDiv) = nullptr;

    //! Whether the grid has at least `count` blocks (without overflow: a product of three extents may exceed 2^64).
    [[nodiscard]] inline auto hasAtLeastBlocks(Extents const& gridBlocks, std::size_t count) -> bool
    {
        std::size_t blocks = 1;
        for(std::size_t i = 0; i < gridBlocks.dim; ++i)
        {
            if(gridBlocks.values[i] != 0 && blocks > (count - 1) / gridBlocks.values[i])
                return true; // blocks * value > count - 1
            blocks *= gridBlocks.values[i];
        }
        return blocks >= count;
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
