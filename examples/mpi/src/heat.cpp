// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// 2-D heat equation by Jacobi sweeps, the grid split across MPI ranks by rows with a halo exchange every step; each
// rank runs its rows with alpaka on the back-end it is given. heat.py is the same program in Python; README.md.

#include <alpaka/alpaka.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <mpi.h>

#include "Jacobi.hpp"
#include "Npy.hpp"
#include "Options.hpp"

static_assert(
    std::tuple_size_v<alpaka::EnabledAccTags> > 0,
    "heat: no alpaka back-end is enabled; configure with one of the alpaka_ACC_<backend>_ENABLE options");

namespace heat
{
    //! The interior rows [first, first + rows) of the global grid that one rank updates: the ny - 2 interior rows
    //! in contiguous slabs, the first (ny - 2) % size ranks one row more than the others.
    struct Slab
    {
        std::size_t first;
        std::size_t rows;
    };

    inline auto slabOf(std::size_t rank, std::size_t size, std::size_t ny) -> Slab
    {
        std::size_t const interior = ny - 2u;
        std::size_t const base = interior / size;
        std::size_t const extra = interior % size;
        return {1u + rank * base + std::min(rank, extra), base + (rank < extra ? 1u : 0u)};
    }

    //! The initial field: top edge 1, the other edges 0, inside a bump of height 1 (16 u(1-u) v(1-v)). heat.py
    //! evaluates the same expression in the same order, so both start from the same bits.
    inline auto initialValue(std::size_t y, std::size_t x, std::size_t ny, std::size_t nx) -> double
    {
        if(y == 0u)
            return 1.0;
        if(y + 1u == ny || x == 0u || x + 1u == nx)
            return 0.0;
        double const u = static_cast<double>(x) / static_cast<double>(nx - 1u);
        double const v = static_cast<double>(y) / static_cast<double>(ny - 1u);
        return 16.0 * u * (1.0 - u) * v * (1.0 - v);
    }

    //! Runs the solver on this rank with the back-end of TTag; rank 0 prints the summary and writes the field.
    template<typename TTag>
    void run(TTag const&, Options const& opt, int localRank)
    {
        using Dim = alpaka::DimInt<2u>;
        using Idx = std::size_t;
        using Acc = alpaka::TagToAcc<TTag, Dim, Idx>;
        using Vec1 = alpaka::Vec<alpaka::DimInt<1u>, Idx>;
        int rank = 0;
        int size = 1;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        if(opt.nx < 3u || opt.ny < 2u + static_cast<std::size_t>(size))
            throw std::invalid_argument("the grid needs nx >= 3 and ny >= 2 + ranks (one interior row per rank)");

        // Ranks on one node share its devices (GPUs) round-robin by their rank on the node.
        auto const platform = alpaka::Platform<Acc>{};
        auto const devAcc
            = alpaka::getDevByIdx(platform, static_cast<std::size_t>(localRank) % alpaka::getDevCount(platform));
        auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        // Blocking: every step hands rows to MPI, which needs the copies finished anyway.
        alpaka::Queue<Acc, alpaka::Blocking> queue(devAcc);

        // The local block: the slab's rows plus a halo row above and below; local row k is global row first - 1 + k.
        // On the first and last rank the outer halo row is the fixed boundary row and never changes.
        auto const slab = slabOf(static_cast<std::size_t>(rank), static_cast<std::size_t>(size), opt.ny);
        std::size_t const rows = slab.rows + 2u;
        std::size_t const nx = opt.nx;
        std::vector<double> host(rows * nx);
        for(std::size_t k = 0; k < rows; ++k)
            for(std::size_t x = 0; x < nx; ++x)
                host[k * nx + x] = initialValue(slab.first - 1u + k, x, opt.ny, nx);
        auto hostView = alpaka::createView(devHost, host.data(), Vec1{rows * nx});
        auto bufA = alpaka::allocBuf<double, Idx>(devAcc, Vec1{rows * nx});
        auto bufB = alpaka::allocBuf<double, Idx>(devAcc, Vec1{rows * nx});
        alpaka::memcpy(queue, bufA, hostView);
        alpaka::memcpy(queue, bufB, hostView);

        // Halo exchange through host rows, so that it works whatever memory the device has (a CUDA-aware MPI could
        // take device pointers directly). sendRows: the first and last own row; recvRows: the halo rows above/below.
        int const up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
        int const down = rank + 1 < size ? rank + 1 : MPI_PROC_NULL;
        int const count = static_cast<int>(nx);
        std::vector<double> sendRows(2u * nx);
        std::vector<double> recvRows(2u * nx);
        auto exchange = [&](auto& buf)
        {
            auto hostRow = [&](std::vector<double>& rowsOf, std::size_t i)
            { return alpaka::createView(devHost, rowsOf.data() + i * nx, Vec1{nx}); };
            auto devRow = [&](std::size_t k) { return alpaka::createSubView(buf, Vec1{nx}, Vec1{k * nx}); };
            alpaka::memcpy(queue, hostRow(sendRows, 0), devRow(1));
            alpaka::memcpy(queue, hostRow(sendRows, 1), devRow(rows - 2u));
            // Up the ranks, then down; MPI_PROC_NULL makes the edge ranks' missing partner a no-op.
            MPI_Sendrecv(
                sendRows.data(),
                count,
                MPI_DOUBLE,
                up,
                0,
                recvRows.data() + nx,
                count,
                MPI_DOUBLE,
                down,
                0,
                MPI_COMM_WORLD,
                MPI_STATUS_IGNORE);
            MPI_Sendrecv(
                sendRows.data() + nx,
                count,
                MPI_DOUBLE,
                down,
                1,
                recvRows.data(),
                count,
                MPI_DOUBLE,
                up,
                1,
                MPI_COMM_WORLD,
                MPI_STATUS_IGNORE);
            if(up != MPI_PROC_NULL)
                alpaka::memcpy(queue, devRow(0), hostRow(recvRows, 0));
            if(down != MPI_PROC_NULL)
                alpaka::memcpy(queue, devRow(rows - 1u), hostRow(recvRows, 1));
        };

        JacobiKernel const kernel;
        alpaka::KernelCfg<Acc> const cfg{alpaka::Vec<Dim, Idx>{rows, nx}, alpaka::Vec<Dim, Idx>{Idx{1}, Idx{8}}};
        auto const workDiv = alpaka::getValidWorkDiv(cfg, devAcc, kernel, std::data(bufA), std::data(bufB), rows, nx);
        auto* current = &bufA;
        auto* next = &bufB;
        for(std::size_t step = 0; step < opt.steps; ++step)
        {
            exchange(*current);
            alpaka::exec<Acc>(queue, workDiv, kernel, std::data(*current), std::data(*next), rows, nx);
            std::swap(current, next);
        }
        alpaka::memcpy(queue, hostView, *current);

        // Gather the rows each rank owns (its slab; the first and last rank also their boundary row) on rank 0.
        std::size_t const ownFirst = rank == 0 ? 0u : 1u;
        std::size_t const ownEnd = rank + 1 == size ? rows : rows - 1u;
        int const ownCount = static_cast<int>((ownEnd - ownFirst) * nx);
        std::vector<int> counts(static_cast<std::size_t>(size));
        MPI_Gather(&ownCount, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
        std::vector<int> offsets(counts.size(), 0);
        for(std::size_t r = 1; r < counts.size(); ++r)
            offsets[r] = offsets[r - 1u] + counts[r - 1u];
        std::vector<double> field(rank == 0 ? opt.ny * nx : 0u);
        MPI_Gatherv(
            host.data() + ownFirst * nx,
            ownCount,
            MPI_DOUBLE,
            field.data(),
            counts.data(),
            offsets.data(),
            MPI_DOUBLE,
            0,
            MPI_COMM_WORLD);

        // One line per rank, printed by rank 0 in rank order (the ranks' own output would interleave).
        char line[256];
        std::snprintf(
            line,
            sizeof(line),
            "rank %d: rows %zu-%zu on %s (%s)",
            rank,
            slab.first,
            slab.first + slab.rows - 1u,
            alpaka::getAccName<Acc>().c_str(),
            alpaka::getName(devAcc).c_str());
        std::vector<char> lines(rank == 0 ? sizeof(line) * static_cast<std::size_t>(size) : 0u);
        MPI_Gather(line, sizeof(line), MPI_CHAR, lines.data(), sizeof(line), MPI_CHAR, 0, MPI_COMM_WORLD);
        if(rank != 0)
            return;
        std::printf("heat: %zu x %zu grid, %zu steps, %d rank(s)\n", opt.ny, nx, opt.steps, size);
        for(int r = 0; r < size; ++r)
            std::printf("%s\n", lines.data() + static_cast<std::size_t>(r) * sizeof(line));
        // Summed in row-major order over the gathered field: the same bits for every number of ranks.
        double sum = 0.0;
        for(double const value : field)
            sum += value;
        auto const [minIt, maxIt] = std::minmax_element(field.begin(), field.end());
        std::printf(
            "checksum: sum=%.17g min=%.17g max=%.17g center=%.17g\n",
            sum,
            *minIt,
            *maxIt,
            field[(opt.ny / 2u) * nx + nx / 2u]);
        if(!opt.output.empty())
        {
            writeNpy(opt.output, field.data(), opt.ny, nx);
            std::printf("wrote %s\n", opt.output.c_str());
        }
    }
} // namespace heat

auto main(int argc, char** argv) -> int
{
    MPI_Init(&argc, &argv);
    int rank = 0;
    int size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    try
    {
        auto const opt = heat::parse(argc, argv);
        if(opt.help)
        {
            if(rank == 0)
                std::cout << heat::usage() << std::endl;
            MPI_Finalize();
            return EXIT_SUCCESS;
        }
        // The rank among those on the same node, to share the node's GPUs.
        MPI_Comm node = MPI_COMM_NULL;
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
        int localRank = 0;
        MPI_Comm_rank(node, &localRank);
        MPI_Comm_free(&node);
        std::string const name
            = opt.backends.empty() ? "" : opt.backends[static_cast<std::size_t>(rank) % opt.backends.size()];
        if(!heat::withBackend(name, [&](auto const& tag) { heat::run(tag, opt, localRank); }))
            throw std::invalid_argument("back-end '" + name + "' is not enabled; enabled: " + heat::enabledBackends());
    }
    catch(std::exception const& e)
    {
        std::cerr << "heat (rank " << rank << "): " << e.what() << std::endl;
        // The other ranks may be waiting for this one in a collective: end them all.
        MPI_Abort(MPI_COMM_WORLD, EXIT_FAILURE);
    }
    MPI_Finalize();
    return EXIT_SUCCESS;
}
