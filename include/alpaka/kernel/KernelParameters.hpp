// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Names the argument of a launch that a kernel cannot take. Where the kernel's operator() is one function for the
//! accelerator (a template over the accelerator alone, or no template), its parameter types are known, and a launch
//! whose arguments do not fit instantiates KernelArgumentDoesNotConvert<position, argument, parameter>::report() (or
//! KernelArgumentCountDiffers<parameters, arguments>::report()), whose static assertion fails: the compiler's "in
//! instantiation of" line then names the argument by position, counted from 1 after the accelerator, and both
//! types (pyalpaka reads it back, python/pyalpaka/_signature.py). A member function rather than the class itself,
//! so that Clang reports one error: a failed class instantiation would also void the consteval check using it.
//! Kernel-side (NVRTC and hiprtc compile it): no standard header beyond <type_traits>.

#include "alpaka/meta/DependentFalseType.hpp"

#include <cstddef>
#include <type_traits>

namespace alpaka::detail
{
    template<typename... T>
    struct KernelTypeList
    {
    };

    //! The parameter types of a member-function pointer type; void where it is not one.
    template<typename TFn>
    struct KernelOperatorParameters
    {
        using type = void;
    };

    template<typename TObj, typename TResult, typename... TParams>
    struct KernelOperatorParameters<TResult (TObj::*)(TParams...) const>
    {
        using type = KernelTypeList<TParams...>;
    };

    template<typename TObj, typename TResult, typename... TParams>
    struct KernelOperatorParameters<TResult (TObj::*)(TParams...) const noexcept>
    {
        using type = KernelTypeList<TParams...>;
    };

    //! decltype(&TKernelFnObj::operator()) where operator() is no template and not overloaded; void otherwise.
    template<typename TKernelFnObj, typename TSfinae = void>
    struct KernelPlainOperator
    {
        using type = void;
    };

    template<typename TKernelFnObj>
    struct KernelPlainOperator<TKernelFnObj, std::void_t<decltype(&TKernelFnObj::operator())>>
    {
        using type = decltype(&TKernelFnObj::operator());
    };

    //! The operator() a launch on TAcc calls, where one function is it: the template over the accelerator alone
    //! instantiated for TAcc, else the plain one; void where it cannot be named (overloads, more template parameters).
    template<typename TKernelFnObj, typename TAcc, typename TSfinae = void>
    struct KernelOperator : KernelPlainOperator<TKernelFnObj>
    {
    };

    template<typename TKernelFnObj, typename TAcc>
    struct KernelOperator<TKernelFnObj, TAcc, std::void_t<decltype(&TKernelFnObj::template operator()<TAcc>)>>
    {
        using type = decltype(&TKernelFnObj::template operator()<TAcc>);
    };

    template<std::size_t TIndex, typename THead, typename... TTail>
    struct KernelTypeAt : KernelTypeAt<TIndex - 1, TTail...>
    {
    };

    template<typename THead, typename... TTail>
    struct KernelTypeAt<0, THead, TTail...>
    {
        using type = THead;
    };

    //! Instantiated by a launch whose argument at TPosition (1: the first after the accelerator; 0: the accelerator)
    //! does not convert to the kernel's parameter: the compiler's instantiation note shows the position and types.
    template<std::size_t TPosition, typename TArgument, typename TParameter>
    struct KernelArgumentDoesNotConvert
    {
        static constexpr void report()
        {
            static_assert(
                meta::dependentFalse<TArgument>,
                "A kernel argument does not convert to its parameter: the instantiation of "
                "KernelArgumentDoesNotConvert above names it: TPosition (1 is the first argument after the "
                "accelerator), TArgument (its type), TParameter (the kernel's parameter type)");
        }
    };

    //! Instantiated by a launch with a number of arguments other than the kernel's parameters after the accelerator.
    template<std::size_t TParameters, std::size_t TArguments>
    struct KernelArgumentCountDiffers
    {
        static constexpr void report()
        {
            static_assert(
                TParameters == TArguments,
                "The kernel takes another number of arguments: the instantiation of KernelArgumentCountDiffers "
                "above says how many: TParameters (after the accelerator), TArguments (given)");
        }
    };

    struct KernelCallNotReported
    {
    };

    //! The position of the first argument (0: the accelerator) that does not convert to its parameter; the count
    //! of arguments where all convert. Only for lists of one length.
    template<typename... TParams, typename... TArgs>
    constexpr auto
    firstUnconvertibleKernelArgument(KernelTypeList<TParams...>*, KernelTypeList<TArgs...>*) -> std::size_t
    {
        constexpr bool converts[] = {std::is_convertible_v<TArgs const&, TParams>...};
        for(std::size_t i = 0; i != sizeof...(TArgs); ++i)
            if(!converts[i])
                return i;
        return sizeof...(TArgs);
    }

    template<bool TSameCount, typename TParams, typename TArgs>
    struct KernelArgumentMismatch
    {
        using type = KernelCallNotReported;
    };

    template<typename... TParams, typename... TArgs>
    struct KernelArgumentMismatch<false, KernelTypeList<TParams...>, KernelTypeList<TArgs...>>
    {
        using type = KernelArgumentCountDiffers<sizeof...(TParams) - 1, sizeof...(TArgs) - 1>;
    };

    template<std::size_t TPosition, typename TParams, typename TArgs>
    struct KernelArgumentAt
    {
        using type = KernelCallNotReported; // each converts alone: the call fails for another reason
    };

    template<std::size_t TPosition, typename... TParams, typename... TArgs>
        requires(TPosition < sizeof...(TArgs))
    struct KernelArgumentAt<TPosition, KernelTypeList<TParams...>, KernelTypeList<TArgs...>>
    {
        using type = KernelArgumentDoesNotConvert<
            TPosition,
            typename KernelTypeAt<TPosition, TArgs...>::type,
            typename KernelTypeAt<TPosition, TParams...>::type>;
    };

    template<typename... TParams, typename... TArgs>
    struct KernelArgumentMismatch<true, KernelTypeList<TParams...>, KernelTypeList<TArgs...>>
        : KernelArgumentAt<
              firstUnconvertibleKernelArgument(
                  static_cast<KernelTypeList<TParams...>*>(nullptr), static_cast<KernelTypeList<TArgs...>*>(nullptr)),
              KernelTypeList<TParams...>,
              KernelTypeList<TArgs...>>
    {
    };

    template<typename TParams, typename... TArgs>
    struct KernelCallReport
    {
        using type = KernelCallNotReported; // the parameters are unknown
    };

    template<typename... TParams, typename... TArgs>
    struct KernelCallReport<KernelTypeList<TParams...>, TArgs...>
        : KernelArgumentMismatch<
              sizeof...(TParams) == sizeof...(TArgs),
              KernelTypeList<TParams...>,
              KernelTypeList<TArgs...>>
    {
    };

    //! What reports that kernel(acc, args...) cannot be called: KernelArgumentDoesNotConvert or
    //! KernelArgumentCountDiffers where the parameters are known and the fault is found, else KernelCallNotReported.
    //! Its report() produces the message.
    template<typename TKernelFnObj, typename TAcc, typename... TArgs>
    using KernelCallReportOf = typename KernelCallReport<
        typename KernelOperatorParameters<typename KernelOperator<TKernelFnObj, TAcc>::type>::type,
        TAcc,
        TArgs...>::type;
} // namespace alpaka::detail
