// EXPECT: memcpy: the destination view must not have a const element type
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <alpaka/alpaka.hpp>

int main()
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    auto a = alpaka::allocBuf<float, int>(dev, 4);
    auto b = alpaka::allocBuf<float, int>(dev, 4);
    alpaka::memcpy(queue, alpaka::ViewConst(a), b);
}
