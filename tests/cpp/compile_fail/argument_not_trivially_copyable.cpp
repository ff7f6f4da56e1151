// EXPECT: Every kernel argument must be trivially copyable
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <alpaka/alpaka.hpp>

#include <string>

struct Kernel
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const&, std::string const&) const
    {
    }
};

int main()
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    alpaka::exec<Acc>(queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, int>{1, 1, 1}, Kernel{}, std::string("x"));
}
