// EXPECT: The work division and the accelerator must have the same dimensionality
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <alpaka/alpaka.hpp>

struct Kernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&) const
    {
    }
};

int main()
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    using Vec2 = alpaka::Vec<alpaka::DimInt<2>, int>;
    alpaka::exec<Acc>(
        queue, alpaka::WorkDivMembers<alpaka::DimInt<2>, int>{Vec2{1, 1}, Vec2{1, 1}, Vec2{1, 1}}, Kernel{});
}
