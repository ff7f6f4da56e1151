// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// A BufCpu's traits asked for where the type is only named (a function returns a reference to it) and not complete
// yet, as downstream code does. The kernel tasks' trait specializations must not look into such a type: asking whether
// it was a task once instantiated BufCpu in the middle of its own DimType lookup, which failed to compile.

#include <alpaka/alpaka.hpp>

#include <cstddef>

#include "alpaka_test/Catch.hpp"

namespace
{
    using Buf = alpaka::BufCpu<unsigned char, alpaka::DimInt<2>, std::size_t>;

    auto get() -> Buf&;

    // The first use of Buf in this unit: BufCpu<unsigned char, 2, size_t> is instantiated from here.
    auto rowPitch() -> std::size_t
    {
        return alpaka::getPitchesInBytes(get())[0];
    }

    auto get() -> Buf&
    {
        static Buf buf = alpaka::allocBuf<unsigned char, std::size_t>(
            alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0), alpaka::Vec<alpaka::DimInt<2>, std::size_t>(3, 5));
        return buf;
    }
} // namespace

TEST_CASE("the traits of a BufCpu named before it is complete", "[mem]")
{
    CHECK(rowPitch() >= 5u);
    CHECK(alpaka::getPitchesInBytes(get())[1] == 1u);
    static_assert(alpaka::Dim<Buf>::value == 2);
}
