// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// (a) of benchmarks/compile_time: the cost of including the library and nothing else.
#include <alpaka/alpaka.hpp>

auto main() -> int
{
    return 0;
}
