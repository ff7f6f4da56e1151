// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The list of shipped kernels: each kernel of kernels/ with the element types it is compiled for ahead of time. The
//! back-end translation units instantiate registerAotKernels<TTag> once each; Python calls the families as
//! pk.kernels.<family> (on GPUs compiled at run time from kernels/<family>.hpp, the family's name being its header's).
//! Adding a shipped kernel: its header in kernels/, its extent contract and registration here, its line in
//! pyalpaka.kernels' docstring.

#include <cstddef>
#include <cstdint>
#include <kernels/add.hpp>
#include <kernels/axpy.hpp>
#include <kernels/copy.hpp>
#include <kernels/dot.hpp>
#include <kernels/fill.hpp>
#include <kernels/heat.hpp>
#include <kernels/histogram.hpp>
#include <kernels/iota.hpp>
#include <kernels/matmul.hpp>
#include <kernels/mul.hpp>
#include <kernels/nstream.hpp>
#include <kernels/reduce.hpp>
#include <kernels/stencil.hpp>
#include <kernels/triad.hpp>

#include "AotLaunch.hpp"
#include "KernelExtents.hpp"

namespace pyalpaka::rt
{
    template<>
    struct StructLayoutOf<kernels::HeatParams>
    {
        using S = kernels::HeatParams;
        static constexpr auto fields = checkedFields<S>(std::array{
            PYALPAKA_STRUCT_FIELD(S, dt),
            PYALPAKA_STRUCT_FIELD(S, ny),
            PYALPAKA_STRUCT_FIELD(S, nx),
            PYALPAKA_STRUCT_FIELD(S, alpha)});
        static constexpr StructLayout layout{"pyalpaka::kernels::HeatParams", sizeof(S), alignof(S), fields};
    };

    //! Each family's extent contract (KernelExtents.hpp): which arguments are sizes and how many elements each buffer
    //! argument needs of them, read from the kernel's header (argument indices from 0, names as the header has
    //! them). A launch whose sizes need more than a buffer holds is a ValueError on every back-end.
    namespace extentContracts
    {
        //! fill(x, value, n), iota(x, start, n): x[0, n).
        inline constexpr auto fill = extentContract({extentArg(2, "n")}, {holds(0, "x", {0})});
        inline constexpr auto iota = fill;
        //! copy(a, c, n): a[0, n) and c[0, n).
        inline constexpr auto copy = extentContract({extentArg(2, "n")}, {holds(0, "a", {0}), holds(1, "c", {0})});
        //! add(a, b, c, n).
        inline constexpr auto add
            = extentContract({extentArg(3, "n")}, {holds(0, "a", {0}), holds(1, "b", {0}), holds(2, "c", {0})});
        //! reduce(x, sum, n): x[0, n); sum[0], written even for n = 0.
        inline constexpr auto reduce
            = extentContract({extentArg(2, "n")}, {holds(0, "x", {0}), holds(1, "sum", {}, 1)});
        //! axpy(a, x, y, n).
        inline constexpr auto axpy = extentContract({extentArg(3, "n")}, {holds(1, "x", {0}), holds(2, "y", {0})});
        //! mul(b, c, s, n).
        inline constexpr auto mul = extentContract({extentArg(3, "n")}, {holds(0, "b", {0}), holds(1, "c", {0})});
        //! triad(a, b, c, s, n), nstream(a, b, c, s, n).
        inline constexpr auto triad
            = extentContract({extentArg(4, "n")}, {holds(0, "a", {0}), holds(1, "b", {0}), holds(2, "c", {0})});
        inline constexpr auto nstream = triad;
        //! dot(a, b, sum, n): a[0, n), b[0, n); sum[0], written even for n = 0.
        inline constexpr auto dot
            = extentContract({extentArg(3, "n")}, {holds(0, "a", {0}), holds(1, "b", {0}), holds(2, "sum", {}, 1)});
        //! histogram(x, bins, n, nbins, lo, hi): x[0, n), bins[0, nbins).
        inline constexpr auto histogram
            = extentContract({extentArg(2, "n"), extentArg(3, "nbins")}, {holds(0, "x", {0}), holds(1, "bins", {1})});
        //! matmul(A, B, C, m, n, k): A is m x k, B k x n, C m x n, all dense row-major.
        inline constexpr auto matmul = extentContract(
            {extentArg(3, "m"), extentArg(4, "n"), extentArg(5, "k")},
            {holds(0, "A", {0, 2}), holds(1, "B", {2, 1}), holds(2, "C", {0, 1})});
        //! stencil(in, out, ny, nx): in and out are ny x nx.
        inline constexpr auto stencil = extentContract(
            {extentArg(2, "ny"), extentArg(3, "nx")}, {holds(0, "in", {0, 1}), holds(1, "out", {0, 1})});
        //! heat(in, out, params): in and out are params.ny x params.nx (int32 fields; negative ones are an empty grid).
        inline constexpr auto heat = extentContract(
            {extentField(2, "params.ny", StructLayoutOf<kernels::HeatParams>::fields, "ny"),
             extentField(2, "params.nx", StructLayoutOf<kernels::HeatParams>::fields, "nx")},
            {holds(0, "in", {0, 1}), holds(1, "out", {0, 1})});
    } // namespace extentContracts

    namespace detail
    {
        template<typename... T>
        struct Types
        {
        };

        using FloatTypes = Types<float, double>;
        using NumberTypes = Types<float, double, std::int32_t, std::int64_t>;

        template<typename... T, typename TFn>
        void forEach(Types<T...>, TFn&& f)
        {
            (f.template operator()<T>(), ...);
        }
    } // namespace detail

    template<typename TTag>
    void registerAotKernels(KernelRegistry& r, std::string const& b)
    {
        namespace k = pyalpaka::kernels;
        namespace c = extentContracts;
        using Size = Val<std::size_t>;
        detail::forEach(
            detail::NumberTypes{},
            [&]<typename T>
            {
                addKernel<TTag, 1, k::Fill, Out<T>, Val<T>, Size>(r, b, "fill", c::fill);
                addKernel<TTag, 1, k::Iota, Out<T>, Val<T>, Size>(r, b, "iota", c::iota);
                addKernel<TTag, 1, k::Copy, In<T>, Out<T>, Size>(r, b, "copy", c::copy);
                addKernel<TTag, 1, k::Add, In<T>, In<T>, Out<T>, Size>(r, b, "add", c::add);
                addKernel<TTag, 1, k::Reduce, In<T>, Out<T>, Size>(r, b, "reduce", c::reduce);
            });
        detail::forEach(
            detail::FloatTypes{},
            [&]<typename T>
            {
                addKernel<TTag, 1, k::Axpy, Val<T>, In<T>, Out<T>, Size>(r, b, "axpy", c::axpy);
                addKernel<TTag, 1, k::Mul, Out<T>, In<T>, Val<T>, Size>(r, b, "mul", c::mul);
                addKernel<TTag, 1, k::Triad, Out<T>, In<T>, In<T>, Val<T>, Size>(r, b, "triad", c::triad);
                addKernel<TTag, 1, k::Nstream, Out<T>, In<T>, In<T>, Val<T>, Size>(r, b, "nstream", c::nstream);
                addKernel<TTag, 1, k::Dot, In<T>, In<T>, Out<T>, Size>(r, b, "dot", c::dot);
                addKernel<TTag, 1, k::Histogram, In<T>, Out<std::uint32_t>, Size, Val<std::uint32_t>, Val<T>, Val<T>>(
                    r, b, "histogram", c::histogram);
                addKernel<TTag, 2, k::MatMul, In<T>, In<T>, Out<T>, Size, Size, Size>(r, b, "matmul", c::matmul);
                addKernel<TTag, 2, k::Stencil, In<T>, Out<T>, Size, Size>(r, b, "stencil", c::stencil);
                addKernel<TTag, 2, k::Heat, In<T>, Out<T>, ByValue<k::HeatParams>>(r, b, "heat", c::heat);
            });
    }
} // namespace pyalpaka::rt
