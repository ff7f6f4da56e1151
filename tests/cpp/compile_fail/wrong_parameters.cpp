// EXPECT: KernelArgumentDoesNotConvert.*(TPosition = 1. TArgument = int[*]. TParameter = float[*]|<1, int [*], float [*]>)
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <alpaka/alpaka.hpp>

struct Kernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&, float* out) const
    {
        *out = 1.0f;
    }
};

int main()
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    int value = 0;
    alpaka::exec<Acc>(
        queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, int>{1, 1, 1}, Kernel{}, &value); // int*, not float*
}
