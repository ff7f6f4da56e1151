// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A consumer of alpaka: y = a * x + y on the default accelerator, checked on the host.

#include <alpaka/alpaka.hpp>
#include <alpaka/example/ExampleDefaultAcc.hpp>

#include <cstdio>
#include <cstdlib>

struct AxpyKernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float a, float const* x, float* y, int n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = a * x[i] + y[i];
    }
};

auto main() -> int
{
    using Acc = alpaka::ExampleDefaultAcc<alpaka::DimInt<1>, int>;
    auto const devHost = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    auto const devAcc = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(devAcc);

    int const n = 1000;
    auto x = alpaka::allocBuf<float, int>(devHost, n);
    auto y = alpaka::allocBuf<float, int>(devHost, n);
    for(int i = 0; i < n; ++i)
    {
        x[i] = static_cast<float>(i);
        y[i] = 1.0f;
    }
    auto xAcc = alpaka::allocBuf<float, int>(devAcc, n);
    auto yAcc = alpaka::allocBuf<float, int>(devAcc, n);
    alpaka::memcpy(queue, xAcc, x);
    alpaka::memcpy(queue, yAcc, y);

    alpaka::KernelCfg<Acc> const cfg{{n}, {1}, false};
    auto const workDiv = alpaka::getValidWorkDiv(
        cfg, devAcc, AxpyKernel{}, 2.0f, alpaka::getPtrNative(xAcc), alpaka::getPtrNative(yAcc), n);
    alpaka::exec<Acc>(queue, workDiv, AxpyKernel{}, 2.0f, alpaka::getPtrNative(xAcc), alpaka::getPtrNative(yAcc), n);
    alpaka::memcpy(queue, y, yAcc);
    alpaka::wait(queue);

    for(int i = 0; i < n; ++i)
    {
        if(y[i] != 2.0f * static_cast<float>(i) + 1.0f)
        {
            std::printf("consumer: wrong result y[%d] = %f\n", i, static_cast<double>(y[i]));
            return EXIT_FAILURE;
        }
    }
    std::printf("consumer: ok on %s\n", alpaka::getAccName<Acc>().c_str());
    return EXIT_SUCCESS;
}
