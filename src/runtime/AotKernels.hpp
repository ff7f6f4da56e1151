// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The list of shipped kernels: each kernel of kernels/ with the element types it is compiled for ahead of time. The
//! back-end translation units instantiate registerAotKernels<TTag> once each; Python calls the families as
//! pk.kernels.<family> (on GPUs compiled at run time from kernels/<family>.hpp, the family's name being its header's).
//! Adding a shipped kernel: its header in kernels/, its registration here, its line in pyalpaka.kernels' docstring.

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
        using Size = Val<std::size_t>;
        detail::forEach(
            detail::NumberTypes{},
            [&]<typename T>
            {
                addKernel<TTag, 1, k::Fill, Out<T>, Val<T>, Size>(r, b, "fill");
                addKernel<TTag, 1, k::Iota, Out<T>, Val<T>, Size>(r, b, "iota");
                addKernel<TTag, 1, k::Copy, In<T>, Out<T>, Size>(r, b, "copy");
                addKernel<TTag, 1, k::Add, In<T>, In<T>, Out<T>, Size>(r, b, "add");
                addKernel<TTag, 1, k::Reduce, In<T>, Out<T>, Size>(r, b, "reduce");
            });
        detail::forEach(
            detail::FloatTypes{},
            [&]<typename T>
            {
                addKernel<TTag, 1, k::Axpy, Val<T>, In<T>, Out<T>, Size>(r, b, "axpy");
                addKernel<TTag, 1, k::Mul, Out<T>, In<T>, Val<T>, Size>(r, b, "mul");
                addKernel<TTag, 1, k::Triad, Out<T>, In<T>, In<T>, Val<T>, Size>(r, b, "triad");
                addKernel<TTag, 1, k::Nstream, Out<T>, In<T>, In<T>, Val<T>, Size>(r, b, "nstream");
                addKernel<TTag, 1, k::Dot, In<T>, In<T>, Out<T>, Size>(r, b, "dot");
                addKernel<TTag, 1, k::Histogram, In<T>, Out<std::uint32_t>, Size, Val<std::uint32_t>, Val<T>, Val<T>>(
                    r, b, "histogram");
                addKernel<TTag, 2, k::MatMul, In<T>, In<T>, Out<T>, Size, Size, Size>(r, b, "matmul");
                addKernel<TTag, 2, k::Stencil, In<T>, Out<T>, Size, Size>(r, b, "stencil");
                addKernel<TTag, 2, k::Heat, In<T>, Out<T>, ByValue<k::HeatParams>>(r, b, "heat");
            });
    }
} // namespace pyalpaka::rt
