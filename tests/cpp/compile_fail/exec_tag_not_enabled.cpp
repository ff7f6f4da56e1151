// EXPECT: exec<TTag>: the back-end of this tag is not enabled in this build
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
    using Vec1 = alpaka::Vec<alpaka::DimInt<1>, int>;
    // The check builds only the serial back-end: the CUDA tag has no accelerator.
    alpaka::exec<alpaka::TagGpuCudaRt>(
        queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, int>{Vec1{1}, Vec1{1}, Vec1{1}}, Kernel{});
}
