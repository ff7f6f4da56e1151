// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// Built with the most verbose trace level regardless of the build's alpaka_DEBUG; the test checks the output.
#undef ALPAKA_DEBUG
#define ALPAKA_DEBUG 2
#include <alpaka/alpaka.hpp>

struct EmptyKernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&) const
    {
    }
};

auto main() -> int
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    auto buf = alpaka::allocBuf<int, int>(dev, 4);
    alpaka::memset(queue, buf, 0);
    alpaka::exec<Acc>(queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, int>{2, 1, 1}, EmptyKernel{});
    return 0;
}
