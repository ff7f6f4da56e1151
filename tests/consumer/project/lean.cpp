// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A unit that sets an alpaka macro before including alpaka: compiled without the precompiled alpaka.hpp (which
// would come before this line), as the configure step says.
#define ALPAKA_LEAN_UMBRELLA
#include <alpaka/alpaka.hpp>

#include <cstdio>

auto main() -> int
{
    auto const dev = alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    std::printf("lean: %s\n", alpaka::getName(dev).c_str());
    return 0;
}
