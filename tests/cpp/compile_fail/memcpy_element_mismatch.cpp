// EXPECT: memcpy: source and destination views must have the same element type
// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include <alpaka/alpaka.hpp>

int main()
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    alpaka::QueueCpuBlocking queue(dev);
    auto floats = alpaka::allocBuf<float, int>(dev, 4);
    auto ints = alpaka::allocBuf<int, int>(dev, 4);
    alpaka::memcpy(queue, floats, ints);
}
