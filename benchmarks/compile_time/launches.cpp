// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

// (d) of benchmarks/compile_time: a unit shaped like a test suite's, whose cost is its launches: 20 kernels, each
// launched on a blocking and on a non-blocking queue of every enabled back-end. What one more kernel costs is what a
// unit pays for each launch path compiled again per kernel.
#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <tuple>
#include <utility>

template<int TNumber>
struct Fill
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float* out, std::size_t n, float value) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            out[i] = value + static_cast<float>(TNumber);
    }
};

template<typename TAcc, int... TNumbers>
void launchAll(std::integer_sequence<int, TNumbers...>)
{
    using Idx = std::size_t;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<TAcc>{}, 0);
    alpaka::Queue<TAcc, alpaka::Blocking> blocking(dev);
    alpaka::Queue<TAcc, alpaka::NonBlocking> nonBlocking(dev);
    Idx const n = 64;
    auto out = alpaka::allocBuf<float, Idx>(dev, n);
    alpaka::WorkDivMembers<alpaka::DimInt<1>, Idx> const workDiv(Idx{1}, Idx{1}, n);
    (alpaka::exec<TAcc>(blocking, workDiv, Fill<TNumbers>{}, std::data(out), n, 1.0f), ...);
    (alpaka::exec<TAcc>(nonBlocking, workDiv, Fill<TNumbers>{}, std::data(out), n, 1.0f), ...);
    alpaka::wait(nonBlocking);
}

auto main() -> int
{
    std::apply(
        [](auto... tags)
        {
            (launchAll<alpaka::TagToAcc<decltype(tags), alpaka::DimInt<1>, std::size_t>>(
                 std::make_integer_sequence<int, 20>{}),
             ...);
        },
        alpaka::EnabledAccTags{});
    return 0;
}
