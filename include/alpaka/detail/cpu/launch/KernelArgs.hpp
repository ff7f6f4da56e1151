// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! KernelArgs: the arguments a CPU kernel task keeps until it runs, and call(), which calls a function with them.
//! A std::tuple would do the same with more code per launched kernel: libstdc++ builds it from a chain of
//! _Tuple_impl and _Head_base classes, each with its family of constrained constructors, and std::apply goes through
//! std::get and std::__invoke; a unit that launches many kernels compiled each of those for every argument list
//! (dozens of functions per kernel: docs/dev/measurements.md#code-per-launched-kernel). Here the arguments are bases
//! of one class, one per argument.

#include <cstddef>
#include <utility>

namespace alpaka::detail::cpu
{
    //! One argument, told apart from the others of the same type by its position.
    template<std::size_t TIndex, typename TArg>
    struct KernelArg
    {
        template<typename TFwd>
        explicit KernelArg(TFwd&& arg)
            : value(std::forward<TFwd>(arg))
        {
        }

        TArg value;
    };

    template<typename TIndices, typename... TArgs>
    class KernelArgsOf;

    //! The arguments are public bases: code that deduces TIndices and TArgs from a KernelArgsOf passes them on
    //! directly (static_cast<KernelArg<TIndices, TArgs> const&>(args).value..., as checkCpuLaunch does), which
    //! compiles no function of its own.
    template<std::size_t... TIndices, typename... TArgs>
    class KernelArgsOf<std::index_sequence<TIndices...>, TArgs...> : public KernelArg<TIndices, TArgs>...
    {
    public:
        //! std::in_place_t keeps this constructor from standing in for the copy constructor.
        template<typename... TFwd>
        explicit KernelArgsOf(std::in_place_t, TFwd&&... args)
            : KernelArg<TIndices, TArgs>(std::forward<TFwd>(args))...
        {
        }

        //! fn(first..., args...), each argument as a const lvalue: a kernel call is call(kernelFnObj, acc). One
        //! function per callee and argument list, where passing a lambda to a std::apply-like function would be three
        //! (that function, the lambda, std::forward of it).
        template<typename TFn, typename... TFirst>
        void call(TFn const& fn, TFirst const&... first) const
        {
            fn(first..., static_cast<KernelArg<TIndices, TArgs> const&>(*this).value...);
        }
    };

    template<typename... TArgs>
    using KernelArgs = KernelArgsOf<std::index_sequence_for<TArgs...>, TArgs...>;
} // namespace alpaka::detail::cpu
