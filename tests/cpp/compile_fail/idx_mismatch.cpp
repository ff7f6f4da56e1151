// EXPECT: The work division and the accelerator must have the same index type
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
    alpaka::exec<Acc>(queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, long>{1L, 1L, 1L}, Kernel{});
}
