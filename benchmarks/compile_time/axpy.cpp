// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// (b) of benchmarks/compile_time, the program the compile-time targets are judged on (benchmarks/RESULTS.md): two
// buffers and an axpy launch on a blocking queue of COMPILE_TIME_ACC (run.py defines it: the back-end alone, or
// AccCpuOmp2Blocks among all).
#include <alpaka/alpaka.hpp>

#include <cstddef>

struct Axpy
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float a, float const* x, float* y, std::size_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = a * x[i] + y[i];
    }
};

auto main() -> int
{
    using Acc = alpaka::COMPILE_TIME_ACC<alpaka::DimInt<1>, std::size_t>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
    std::size_t const n = 1 << 20;
    auto x = alpaka::allocBuf<float, std::size_t>(dev, n);
    auto y = alpaka::allocBuf<float, std::size_t>(dev, n);
    alpaka::memset(queue, x, 0);
    alpaka::memset(queue, y, 0);
    auto const workDiv
        = alpaka::getValidWorkDiv(alpaka::KernelCfg<Acc>{n, 0}, dev, Axpy{}, 2.0f, std::data(x), std::data(y), n);
    alpaka::exec<Acc>(queue, workDiv, Axpy{}, 2.0f, std::data(x), std::data(y), n);
    return 0;
}
