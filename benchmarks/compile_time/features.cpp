// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// (c) of benchmarks/compile_time: a kernel that uses static shared memory, a block barrier, atomics and math
// functions, launched once on COMPILE_TIME_ACC (run.py defines it: the back-end alone, or AccCpuOmp2Blocks among
// all).
#include <alpaka/alpaka.hpp>

#include <cstddef>

struct BlockHistogramOfSines
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, double const* x, unsigned* bins, std::size_t n) const
    {
        auto& local = alpaka::declareSharedVar<unsigned[16], __COUNTER__>(acc);
        auto const thread = alpaka::getIdx<alpaka::Block, alpaka::Threads>(acc)[0];
        auto const threads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0];
        for(auto b = thread; b < 16; b += threads)
            local[b] = 0;
        alpaka::syncBlockThreads(acc);
        for(auto i : alpaka::uniformElements(acc, n))
        {
            double const s = alpaka::math::sin(acc, x[i]) * alpaka::math::exp(acc, -alpaka::math::abs(acc, x[i]));
            auto const bin = static_cast<unsigned>(alpaka::math::floor(acc, (s + 1.0) * 8.0)) % 16u;
            alpaka::atomicAdd(acc, &local[bin], 1u, alpaka::hierarchy::Threads{});
        }
        alpaka::syncBlockThreads(acc);
        for(auto b = thread; b < 16; b += threads)
            alpaka::atomicAdd(acc, &bins[b], local[b], alpaka::hierarchy::Blocks{});
    }
};

auto main() -> int
{
    using Acc = alpaka::COMPILE_TIME_ACC<alpaka::DimInt<1>, std::size_t>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
    std::size_t const n = 1 << 16;
    auto x = alpaka::allocBuf<double, std::size_t>(dev, n);
    auto bins = alpaka::allocBuf<unsigned, std::size_t>(dev, std::size_t{16});
    alpaka::memset(queue, x, 0);
    alpaka::memset(queue, bins, 0);
    auto const workDiv = alpaka::getValidWorkDiv(
        alpaka::KernelCfg<Acc>{n, 0}, dev, BlockHistogramOfSines{}, std::data(x), std::data(bins), n);
    alpaka::exec<Acc>(queue, workDiv, BlockHistogramOfSines{}, std::data(x), std::data(bins), n);
    return 0;
}
