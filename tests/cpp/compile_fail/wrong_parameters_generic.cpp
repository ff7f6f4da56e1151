// EXPECT: The kernel cannot be called as kernel\(acc, args...\)
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// An operator() with a template parameter besides the accelerator cannot be named for the accelerator alone, so the
// launch check cannot tell which argument is wrong: the general message.

#include <alpaka/alpaka.hpp>

struct Kernel
{
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC void operator()(TAcc const&, T* out, float* other) const
    {
        *out = *other;
    }
};

int main()
{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, int>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    int value = 0;
    alpaka::exec<Acc>(
        queue, alpaka::WorkDivMembers<alpaka::DimInt<1>, int>{1, 1, 1}, Kernel{}, &value, &value); // int*, not float*
}
