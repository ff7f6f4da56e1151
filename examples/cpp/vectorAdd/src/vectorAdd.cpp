// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// C = A + B on every enabled back-end, checked against the host.

#include <alpaka/alpaka.hpp>
#include <alpaka/example/ExecuteForEachAccTag.hpp>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>

//! c[i] = a[i] + b[i] for the elements this thread owns. The three arrays never overlap: `__restrict` says so, and
//! lets the compiler vectorize without checking (docs/fast-cpu-kernels.md).
struct VectorAddKernel
{
    template<typename TAcc, typename TElem, typename TIdx>
    ALPAKA_FN_ACC void operator()(
        TAcc const& acc,
        TElem const* __restrict const a,
        TElem const* __restrict const b,
        TElem* __restrict const c,
        TIdx const numElements) const
    {
        static_assert(alpaka::Dim<TAcc>::value == 1, "VectorAddKernel expects a 1-dimensional accelerator");
        // uniformElements covers [0, numElements) with the whole grid, whatever the work division.
        for(auto i : alpaka::uniformElements(acc, numElements))
            c[i] = a[i] + b[i];
    }
};

//! Runs the example on the back-end of TAccTag; returns EXIT_SUCCESS or EXIT_FAILURE.
template<typename TAccTag>
auto example(TAccTag const&) -> int
{
    using Dim = alpaka::DimInt<1u>;
    using Idx = std::size_t;
    using Acc = alpaka::TagToAcc<TAccTag, Dim, Idx>;
    using Data = std::uint32_t;
    std::cout << "Using alpaka accelerator: " << alpaka::getAccName<Acc>() << std::endl;

    auto const devAcc = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(devAcc);

    Idx const numElements = 123456;
    alpaka::Vec<Dim, Idx> const extent(numElements);

    // Host inputs with random values.
    auto bufHostA = alpaka::allocBuf<Data, Idx>(devHost, extent);
    auto bufHostB = alpaka::allocBuf<Data, Idx>(devHost, extent);
    auto bufHostC = alpaka::allocBuf<Data, Idx>(devHost, extent);
    std::mt19937 engine(42);
    std::uniform_int_distribution<Data> dist(1, 42);
    for(Idx i = 0; i < numElements; ++i)
    {
        bufHostA[i] = dist(engine);
        bufHostB[i] = dist(engine);
        bufHostC[i] = 0;
    }

    // Device buffers (the same memory kind as the host on CPU back-ends; the copies are still explicit).
    auto bufAccA = alpaka::allocBuf<Data, Idx>(devAcc, extent);
    auto bufAccB = alpaka::allocBuf<Data, Idx>(devAcc, extent);
    auto bufAccC = alpaka::allocBuf<Data, Idx>(devAcc, extent);
    alpaka::memcpy(queue, bufAccA, bufHostA);
    alpaka::memcpy(queue, bufAccB, bufHostB);
    alpaka::memcpy(queue, bufAccC, bufHostC);

    VectorAddKernel const kernel;
    auto const* const pA = std::data(bufAccA);
    auto const* const pB = std::data(bufAccB);
    auto* const pC = std::data(bufAccC);
    alpaka::KernelCfg<Acc> const kernelCfg = {extent, alpaka::Vec<Dim, Idx>{Idx{8}}};
    auto const workDiv = alpaka::getValidWorkDiv(kernelCfg, devAcc, kernel, pA, pB, pC, numElements);
    std::cout << "Work division: " << workDiv << std::endl;

    alpaka::exec<Acc>(queue, workDiv, kernel, pA, pB, pC, numElements);
    alpaka::memcpy(queue, bufHostC, bufAccC);
    alpaka::wait(queue);

    for(Idx i = 0; i < numElements; ++i)
    {
        Data const expected = bufHostA[i] + bufHostB[i];
        if(bufHostC[i] != expected)
        {
            std::cerr << "C[" << i << "] == " << bufHostC[i] << " != " << expected << std::endl;
            return EXIT_FAILURE;
        }
    }
    std::cout << "Execution results correct!" << std::endl;
    return EXIT_SUCCESS;
}

auto main() -> int
{
    // Stops at the first back-end that fails.
    return alpaka::executeForEachAccTag([](auto const& tag) { return example(tag); });
}
