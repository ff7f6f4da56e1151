// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! libFuzzer harness of work-division validation: the runtime's Backend::validWorkDiv and checkWorkDiv on every
//! CPU back-end of the build (what pk.valid_workdiv and every launch call with a user's extents), and the GPU path
//! (subDivideGridElems and describeInvalidWorkDiv over the limits the cuda back-end reads from an H200 and those of an
//! AMD GPU). Any extents, up to 2**64 - 1, in 1 to 3 dimensions (and mismatched ones). A request is either refused
//! with std::invalid_argument, or gives a work division that the same back-end accepts, whose threads cover the grid
//! (where the grid's block limit allows) and whose blocks divide it when asked to; an accepted work division is
//! within every limit, products included.

#include <alpaka/alpaka.hpp>

#include <memory>
#include <stdexcept>
#include <vector>

#include "FuzzInput.hpp"
#include "runtime/AlpakaExtents.hpp"
#include "runtime/BackendImpl.hpp"
#include "runtime/GpuWorkDiv.hpp"

namespace
{
    namespace rt = pyalpaka::rt;
    using u128 = unsigned __int128;

    auto backends() -> std::vector<std::shared_ptr<rt::Backend>> const&
    {
        static auto const all = []
        {
            std::vector<std::shared_ptr<rt::Backend>> list;
#ifdef ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED
            list.push_back(std::make_shared<rt::BackendImpl<alpaka::TagCpuSerial>>("cpu_serial"));
#endif
#ifdef ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED
            list.push_back(std::make_shared<rt::BackendImpl<alpaka::TagCpuThreads>>("cpu_threads"));
#endif
#ifdef ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED
            list.push_back(std::make_shared<rt::BackendImpl<alpaka::TagCpuOmp2Blocks>>("cpu_omp2_blocks"));
#endif
#ifdef ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED
            list.push_back(std::make_shared<rt::BackendImpl<alpaka::TagCpuOmp2Threads>>("cpu_omp2_threads"));
#endif
            return list;
        }();
        return all;
    }

    //! Limits as the cuda back-end computes them (src/runtime/gpu/GpuBackend.cpp) for two GPUs: an H200 (grid
    //! 2**31-1 x 65535 x 65535, blocks 1024 x 1024 x 64 of at most 1024 threads) and an MI250X-like AMD GPU.
    auto gpuProps(std::size_t gpu, std::size_t dim) -> rt::DevProps
    {
        std::size_t const grid[2][3] = {{2147483647, 65535, 65535}, {2147483647, 2147483647, 2147483647}};
        std::size_t const block[2][3] = {{1024, 1024, 64}, {1024, 1024, 1024}};
        rt::DevProps p;
        for(auto* e : {&p.gridBlockExtentMax, &p.blockThreadExtentMax, &p.threadElemExtentMax})
            e->dim = dim;
        long double count = 1;
        for(std::size_t i = 0; i < dim; ++i)
        {
            // x is the last component in alpaka's order.
            p.gridBlockExtentMax.values[dim - 1 - i] = grid[gpu][i];
            p.blockThreadExtentMax.values[dim - 1 - i] = block[gpu][i];
            p.threadElemExtentMax.values[i] = SIZE_MAX;
        }
        for(std::size_t i = 0; i < 3; ++i)
            count *= static_cast<long double>(grid[gpu][i]);
        p.gridBlockCountMax = count >= static_cast<long double>(SIZE_MAX) ? SIZE_MAX : static_cast<std::size_t>(count);
        p.blockThreadCountMax = 1024;
        p.threadElemCountMax = SIZE_MAX;
        return p;
    }

    //! The GPU back-ends' choice and check (src/runtime/GpuWorkDiv.hpp) for limits `props` of the work's
    //! dimensionality.
    auto gpuValidWorkDiv(
        rt::DevProps const& props,
        rt::Extents const& grid,
        rt::Extents const& elems,
        bool mustDivide,
        rt::SubDivRestrictions r) -> rt::WorkDiv
    {
        return rt::gpuValidWorkDiv([&](std::size_t) { return props; }, grid, elems, mustDivide, r);
    }

    void gpuCheckWorkDiv(rt::DevProps const& props, rt::WorkDiv const& w)
    {
        auto const problem = rt::gpuWorkDivProblem([&](std::size_t) { return props; }, w);
        if(!problem.empty())
            throw std::invalid_argument(problem);
    }

    //! An extent: small, near a power of two, or any 64-bit value.
    auto extentFrom(fuzz::Input& in) -> std::size_t
    {
        switch(in.take<std::uint8_t>() % 4)
        {
            case 0:
                return in.take<std::uint8_t>();
            case 1:
                return in.take<std::uint16_t>();
            case 2:
            {
                auto const shift = in.below(64);
                return (std::size_t{1} << shift) + in.take<std::int8_t>();
            }
            default:
                return in.take<std::uint64_t>();
        }
    }

    auto extentsFrom(fuzz::Input& in, std::size_t dim) -> rt::Extents
    {
        rt::Extents e;
        e.dim = dim;
        for(std::size_t i = 0; i < dim && i < rt::maxWorkDivDim; ++i)
            e.values[i] = extentFrom(in);
        return e;
    }

    //! Every component at least 1 and at most its maximum, every product at most its count limit.
    auto withinLimits(rt::DevProps const& p, rt::WorkDiv const& w) -> bool
    {
        struct Level
        {
            rt::Extents const& extent;
            rt::Extents const& max;
            std::size_t countMax;
        };
        Level const levels[]
            = {{w.gridBlocks, p.gridBlockExtentMax, p.gridBlockCountMax},
               {w.blockThreads, p.blockThreadExtentMax, p.blockThreadCountMax},
               {w.threadElems, p.threadElemExtentMax, p.threadElemCountMax}};
        for(auto const& level : levels)
        {
            long double count = 1;
            for(std::size_t i = 0; i < w.dim(); ++i)
            {
                if(level.extent.values[i] < 1 || level.extent.values[i] > level.max.values[i])
                    return false;
                count *= static_cast<long double>(level.extent.values[i]);
            }
            if(count > static_cast<long double>(level.countMax))
                return false;
        }
        return true;
    }
} // namespace

extern "C" auto LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) -> int
{
    fuzz::Input in(data, size);
    auto const& cpu = backends();
    auto const target = in.below(cpu.size() + 2);
    bool const gpu = target >= cpu.size();
    auto const gpuIndex = target - cpu.size();
    std::shared_ptr<rt::Device> device = gpu ? nullptr : cpu[target]->device(0);
    auto const props
        = [&](std::size_t dim) { return gpu ? gpuProps(gpuIndex, dim) : cpu[target]->props(*device, dim); };
    auto const validWorkDiv = [&](rt::Extents const& grid, rt::Extents const& elems, bool divide, auto r)
    {
        return gpu ? gpuValidWorkDiv(props(grid.dim), grid, elems, divide, r)
                   : cpu[target]->validWorkDiv(*device, grid, elems, divide, r);
    };
    auto const checkWorkDiv = [&](rt::WorkDiv const& w)
    { gpu ? gpuCheckWorkDiv(props(w.dim()), w) : cpu[target]->checkWorkDiv(*device, w); };

    // Mostly 1 to 3 dimensions, sometimes 0, 4 or mismatched ones.
    auto const dimByte = in.take<std::uint8_t>();
    std::size_t const dim = dimByte < 240 ? 1 + dimByte % 3 : dimByte % 5;
    std::size_t const elemsDim = (in.take<std::uint8_t>() < 250) ? dim : in.below(4);

    if(in.take<std::uint8_t>() & 1)
    {
        // valid_workdiv(grid_elems, thread_elems, block_threads_must_divide, restrictions)
        auto const grid = extentsFrom(in, dim);
        auto const elems = extentsFrom(in, elemsDim);
        bool const mustDivide = (in.take<std::uint8_t>() & 1) != 0;
        auto const restrictions = static_cast<rt::SubDivRestrictions>(in.below(3));
        if(dim < 1 || dim > 3)
            return 0; // the bindings refuse these before the back-end sees them (Extents hold at most 3)
        rt::WorkDiv w;
        try
        {
            w = validWorkDiv(grid, elems, mustDivide, restrictions);
        }
        catch(std::invalid_argument const&)
        {
            // Mismatched dimensions or a zero grid extent: refused, as documented.
            bool zero = false;
            for(std::size_t i = 0; i < dim; ++i)
                zero = zero || grid.values[i] == 0;
            FUZZ_CHECK(zero || elems.dim != grid.dim);
            return 0;
        }
        FUZZ_CHECK(w.dim() == dim);
        checkWorkDiv(w); // throws (a finding) when the back-end's own choice is refused by it
        FUZZ_CHECK(withinLimits(props(dim), w));
        // Where the grid's limits allow as many blocks as the grid needs, they cover it exactly; beyond them the
        // element loops stride (uniformElements), and fewer blocks are the right answer.
        auto const p = props(dim);
        long double needed = 1;
        bool fits = true;
        std::size_t blocksNeeded[rt::maxWorkDivDim]{};
        for(std::size_t i = 0; i < dim; ++i)
        {
            auto const gridThreads = alpaka::core::divCeil(grid.values[i], w.threadElems.values[i]);
            if(mustDivide)
                FUZZ_CHECK(gridThreads % w.blockThreads.values[i] == 0);
            blocksNeeded[i] = alpaka::core::divCeil(gridThreads, w.blockThreads.values[i]);
            fits = fits && blocksNeeded[i] <= p.gridBlockExtentMax.values[i];
            needed *= static_cast<long double>(blocksNeeded[i]);
        }
        if(fits && needed <= static_cast<long double>(p.gridBlockCountMax))
            for(std::size_t i = 0; i < dim; ++i)
            {
                FUZZ_CHECK(w.gridBlocks.values[i] == blocksNeeded[i]);
                auto const covered
                    = static_cast<u128>(w.gridBlocks.values[i]) * w.blockThreads.values[i] * w.threadElems.values[i];
                FUZZ_CHECK(covered >= grid.values[i]);
            }
        return 0;
    }

    // An explicit work division, as pk.WorkDiv(...) and launches take it.
    rt::WorkDiv w{extentsFrom(in, dim), extentsFrom(in, dim), extentsFrom(in, elemsDim)};
    if(dim > 3)
        return 0;
    try
    {
        checkWorkDiv(w);
    }
    catch(std::invalid_argument const&)
    {
        return 0;
    }
    FUZZ_CHECK(w.dim() >= 1 && w.threadElems.dim == w.dim());
    if(!gpu && (cpu[target]->name() == "cpu_threads" || cpu[target]->name() == "cpu_omp2_threads"))
        return 0; // checked against the launch limits, which exceed the advisory props (BackendImpl::checkWorkDiv)
    FUZZ_CHECK(withinLimits(props(dim), w));
    return 0;
}
