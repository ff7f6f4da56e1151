// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Stencil (one 5-point Jacobi sweep) against a host reference on every 2-D accelerator, for grids with and without
//! interior points and every work division of workDivs2D.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <kernels/stencil.hpp>
#include <limits>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/ShippedKernels.hpp"

using namespace kernelstest;

TEMPLATE_LIST_TEST_CASE("stencil", "[kernels]", Accs2D)
{
    using Acc = TestType;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    alpaka::meta::forEachType<FloatTypes>(
        [&]<typename T>()
        {
            using Shape = std::pair<std::size_t, std::size_t>;
            for(auto const& [ny, nx] :
                {Shape{33, 47}, Shape{1, 1}, Shape{2, 5}, Shape{3, 3}, Shape{64, 17}, Shape{1, 40}})
            {
                INFO(typeName<T>() << ", ny = " << ny << ", nx = " << nx);
                auto const in = values<T>(ny * nx, 51u);
                std::vector<T> want(ny * nx);
                for(std::size_t y = 0; y < ny; ++y)
                    for(std::size_t x = 0; x < nx; ++x)
                    {
                        std::size_t const i = y * nx + x;
                        bool const boundary = y == 0u || x == 0u || y == ny - 1u || x == nx - 1u;
                        want[i] = boundary ? in[i]
                                           : static_cast<T>(0.25) * (in[i - nx] + in[i + nx] + in[i - 1u] + in[i + 1u]);
                    }
                // out starts as NaN: every element must be written.
                std::vector<T> const out(ny * nx, std::numeric_limits<T>::quiet_NaN());
                auto inDev = toDevice<Acc>(queue, in);
                auto outDev = toDevice<Acc>(queue, out);
                T const* const inPtr = alpaka::getPtrNative(inDev);
                for(auto const& workDiv :
                    workDivs2D<Acc>(ny, nx, pyalpaka::kernels::Stencil{}, inPtr, alpaka::getPtrNative(outDev), ny, nx))
                {
                    INFO(describe(workDiv));
                    outDev = toDevice<Acc>(queue, out);
                    run<Acc>(queue, workDiv, pyalpaka::kernels::Stencil{}, inPtr, alpaka::getPtrNative(outDev), ny, nx);
                    checkElements(toHost(queue, outDev), want);
                    checkElements(toHost(queue, inDev), in);
                }
            }
        });
}
