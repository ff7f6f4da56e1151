// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The translation unit clang-tidy analyses the headers through (the `tidy` preset; checks in .clang-tidy): a small
//! program that instantiates what users instantiate (kernels with shared memory and atomics on blocking and
//! non-blocking queues of every enabled back-end, buffers, sub-views, copies, memsets, fills, events, host tasks,
//! graphs, work divisions), so that the analysis sees the library's templates as they are used. Other builds only
//! compile it.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <tuple>

namespace
{
    struct Axpy
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float a, float const* x, float* y, std::size_t n) const
        {
            for(auto i : alpaka::uniformElements(acc, n))
                y[i] = a * x[i] + y[i];
        }
    };

    //! One atomic add per block of a block sum in shared memory.
    struct BlockSum
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* x, float* sum, std::size_t n) const
        {
            auto& partial = alpaka::declareSharedVar<float, __COUNTER__>(acc);
            if(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0] == 0)
                partial = 0.0f;
            alpaka::syncBlockThreads(acc);
            float mine = 0.0f;
            for(auto i : alpaka::uniformElements(acc, n))
                mine += x[i];
            alpaka::atomicAdd(acc, &partial, mine, alpaka::hierarchy::Threads{});
            alpaka::syncBlockThreads(acc);
            if(alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0] == 0)
                alpaka::atomicAdd(acc, sum, partial, alpaka::hierarchy::Blocks{});
        }
    };

    template<typename TAcc, typename TQueue>
    void exercise(TQueue& queue)
    {
        using Idx = std::size_t;
        using Dim2 = alpaka::DimInt<2>;
        auto const dev = alpaka::getDev(queue);
        auto const host = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
        Idx const n = 1000;

        auto x = alpaka::allocBuf<float, Idx>(dev, n);
        auto y = alpaka::allocBuf<float, Idx>(dev, n);
        auto sum = alpaka::allocBuf<float, Idx>(dev, Idx{1});
        auto onHost = alpaka::allocBuf<float, Idx>(host, n);
        alpaka::fill(queue, x, 1.0f);
        alpaka::memset(queue, y, 0);
        alpaka::memset(queue, sum, 0);
        alpaka::memcpy(queue, onHost, x);

        auto const workDiv = alpaka::getValidWorkDiv(
            alpaka::KernelCfg<TAcc>{n, Idx{0}}, dev, Axpy{}, 2.0f, std::data(x), std::data(y), n);
        alpaka::exec<TAcc>(queue, workDiv, Axpy{}, 2.0f, std::data(x), std::data(y), n);
        alpaka::exec<TAcc>(queue, workDiv, BlockSum{}, std::data(y), std::data(sum), n);

        // A pitched 2-D buffer and a sub-view of it, copied both ways.
        alpaka::Vec<Dim2, Idx> const extent{Idx{16}, Idx{24}};
        auto matrix = alpaka::allocBuf<double, Idx>(dev, extent);
        auto hostMatrix = alpaka::allocBuf<double, Idx>(host, extent);
        alpaka::Vec<Dim2, Idx> const part{Idx{8}, Idx{8}};
        auto corner = alpaka::createSubView(matrix, part, alpaka::Vec<Dim2, Idx>{Idx{4}, Idx{4}});
        alpaka::memset(queue, matrix, 0);
        alpaka::fill(queue, corner, 1.0);
        alpaka::memcpy(queue, hostMatrix, matrix);

        // The launches again, recorded once and replayed.
        alpaka::wait(queue);
        auto const graph = alpaka::captureGraph(
            queue,
            [&]
            {
                alpaka::exec<TAcc>(queue, workDiv, Axpy{}, 2.0f, std::data(x), std::data(y), n);
                alpaka::memcpy(queue, onHost, y);
            });
        alpaka::enqueue(queue, graph);

        alpaka::Event<TQueue> event(dev);
        alpaka::enqueue(queue, event);
        alpaka::enqueue(queue, [] {});
        alpaka::wait(event);
        alpaka::wait(queue);
        static_cast<void>(alpaka::empty(queue));
    }

    template<typename TAcc>
    void exerciseBackEnd()
    {
        auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
        alpaka::Queue<TAcc, alpaka::Blocking> blocking(dev);
        alpaka::Queue<TAcc, alpaka::NonBlocking> nonBlocking(dev);
        exercise<TAcc>(blocking);
        exercise<TAcc>(nonBlocking);
        alpaka::wait(dev);
    }
} // namespace

auto main() -> int
{
    std::apply(
        [](auto... tags)
        { (exerciseBackEnd<alpaka::TagToAcc<decltype(tags), alpaka::DimInt<1>, std::size_t>>(), ...); },
        alpaka::EnabledAccTags{});
    return 0;
}
