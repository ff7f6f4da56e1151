// EXPECT: KernelArgumentCountDiffers.*(TParameters = 2. long unsigned int TArguments = 1|<2, 1>)
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <alpaka/alpaka.hpp>

struct Kernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&, float* out, int n) const
    {
        *out = static_cast<float>(n);
    }
};

int main()
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    float value = 0;
    alpaka::exec<Acc>(queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, int>{1, 1, 1}, Kernel{}, &value); // no n
}
