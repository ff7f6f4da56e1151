// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Heat (one explicit step of the 2-D heat equation, its parameters a struct passed by value) against a host
//! reference on every 2-D accelerator, for grids with and without interior points and every work division of
//! workDivs2D; negative extents in the struct are an empty grid.

#include <alpaka/alpaka.hpp>

#include <cstddef>
#include <cstdint>
#include <kernels/heat.hpp>
#include <limits>
#include <utility>
#include <vector>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/ShippedKernels.hpp"

using namespace kernelstest;

TEMPLATE_LIST_TEST_CASE("heat", "[kernels]", Accs2D)
{
    using Acc = TestType;
    using pyalpaka::kernels::Heat;
    using pyalpaka::kernels::HeatParams;
    alpaka::Queue<Acc, alpaka::NonBlocking> queue(firstDev<Acc>());
    alpaka::meta::forEachType<FloatTypes>(
        [&]<typename T>()
        {
            using Shape = std::pair<std::size_t, std::size_t>;
            for(auto const& [ny, nx] : {Shape{33, 47}, Shape{1, 1}, Shape{2, 5}, Shape{3, 3}, Shape{64, 17}})
            {
                INFO(typeName<T>() << ", ny = " << ny << ", nx = " << nx);
                HeatParams const params{0.5f, static_cast<std::int32_t>(ny), static_cast<std::int32_t>(nx), 0.4};
                auto const r = static_cast<T>(params.alpha * static_cast<double>(params.dt));
                auto const in = values<T>(ny * nx, 77u);
                std::vector<T> want(ny * nx);
                for(std::size_t y = 0; y < ny; ++y)
                    for(std::size_t x = 0; x < nx; ++x)
                    {
                        std::size_t const i = y * nx + x;
                        bool const boundary = y == 0u || x == 0u || y == ny - 1u || x == nx - 1u;
                        want[i] = boundary ? in[i]
                                           : in[i]
                                                 + r
                                                       * (in[i - nx] + in[i + nx] + in[i - 1u] + in[i + 1u]
                                                          - static_cast<T>(4) * in[i]);
                    }
                // out starts as NaN: every element must be written.
                std::vector<T> const out(ny * nx, std::numeric_limits<T>::quiet_NaN());
                auto inDev = toDevice<Acc>(queue, in);
                auto outDev = toDevice<Acc>(queue, out);
                T const* const inPtr = alpaka::getPtrNative(inDev);
                for(auto const& workDiv : workDivs2D<Acc>(ny, nx, Heat{}, inPtr, alpaka::getPtrNative(outDev), params))
                {
                    INFO(describe(workDiv));
                    outDev = toDevice<Acc>(queue, out);
                    run<Acc>(queue, workDiv, Heat{}, inPtr, alpaka::getPtrNative(outDev), params);
                    checkElements(toHost(queue, outDev), want);
                    checkElements(toHost(queue, inDev), in);
                }
            }
            // Negative extents: nothing is read or written.
            std::vector<T> const untouched(4, static_cast<T>(7));
            auto outDev = toDevice<Acc>(queue, untouched);
            T* const outPtr = alpaka::getPtrNative(outDev);
            run<Acc>(
                queue,
                workDivs2D<Acc>(2, 2, Heat{}, outPtr, outPtr, HeatParams{}).front(),
                Heat{},
                outPtr,
                outPtr,
                HeatParams{1.0f, -2, 2, 0.1});
            checkElements(toHost(queue, outDev), untouched);
        });
}
