// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Every thread of a 3-D grid says hello with its index and its linearized index.

#include <alpaka/alpaka.hpp>
#include <alpaka/example/ExampleDefaultAcc.hpp>

#include <cstdio>
#include <cstdlib>
#include <iostream>

//! Prints "[z, y, x][linear: i] Hello World" for the calling thread.
struct HelloWorldKernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc) const
    {
        using Idx = alpaka::Idx<TAcc>;
        // The thread's position and the size of the grid, both counted in threads, in [z][y][x] order.
        auto const globalThreadIdx = alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc);
        auto const globalThreadExtent = alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc);
        // Row-major linear index: x is the fastest dimension.
        auto const linear = alpaka::mapIdx<1u>(globalThreadIdx, globalThreadExtent)[0];
        printf(
            "[z: %u, y: %u, x: %u][linear: %u] Hello World\n",
            static_cast<unsigned>(globalThreadIdx[0]),
            static_cast<unsigned>(globalThreadIdx[1]),
            static_cast<unsigned>(globalThreadIdx[2]),
            static_cast<unsigned>(static_cast<Idx>(linear)));
    }
};

auto main() -> int
{
    // A 3-D index space with std::size_t indices on the best enabled accelerator.
    using Dim = alpaka::DimInt<3>;
    using Idx = std::size_t;
    using Acc = alpaka::ExampleDefaultAcc<Dim, Idx>;
    std::cout << "Using alpaka accelerator: " << alpaka::getAccName<Acc>() << std::endl;

    // The accelerator only says how to parallelize; a device runs the work, fed through a queue.
    auto const platform = alpaka::Platform<Acc>{};
    auto const device = alpaka::getDevByIdx(platform, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(device);

    // 4 x 2 x 4 threads, one element each; let alpaka split them into blocks the accelerator supports.
    using Vec = alpaka::Vec<Dim, Idx>;
    auto const threadsPerGrid = Vec{4u, 2u, 4u};
    auto const elementsPerThread = Vec::ones();
    auto const workDiv = alpaka::getValidWorkDiv<Acc>(
        device, threadsPerGrid, elementsPerThread, false, alpaka::GridBlockExtentSubDivRestrictions::Unrestricted);

    alpaka::exec<Acc>(queue, workDiv, HelloWorldKernel{});
    alpaka::wait(queue);
    return EXIT_SUCCESS;
}
