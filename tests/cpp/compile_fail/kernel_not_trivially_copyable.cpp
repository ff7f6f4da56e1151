// EXPECT: The kernel function object must be trivially copyable
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <alpaka/alpaka.hpp>

#include <vector>

struct Kernel
{
    std::vector<int> data; // owns host memory: cannot be copied to a device

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
    alpaka::exec<Acc>(queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, int>{1, 1, 1}, Kernel{});
}
