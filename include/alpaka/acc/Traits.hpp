// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Accelerator traits: Acc<T>, concepts::Acc, getAccDevProps<TAcc>(dev), getAccName<TAcc>(), isAccelerator,
//! isSingleThreadAcc, elementLoopsAreContiguous.

#include "alpaka/acc/AccDevProps.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/core/Concepts.hpp"
#include "alpaka/core/Interface.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/idx/Traits.hpp"

#include <type_traits>
#if !ALPAKA_RTC
#    include <string>
#endif

namespace alpaka
{
    //! The concept an accelerator implements.
    struct ConceptAcc;

    //! Upstream 2.1's name of ConceptAcc: the same type, so `concepts::Implements<ConceptAcc, T>` and
    //! `interface::Implements<InterfaceAcc, T>` declare the same thing.
    using InterfaceAcc = ConceptAcc;

    //! Whether T is an accelerator type. Not deprecated here (upstream 2.1 deprecates it for concepts::Acc): 1.x code
    //! uses it, and 1.x wins where the two differ.
    template<typename T>
    inline constexpr bool isAccelerator = concepts::implements<ConceptAcc, T>;

    namespace concepts
    {
        //! An accelerator type: satisfied exactly when isAccelerator<T> (upstream 2.1), for constraining kernels and
        //! helpers as `template<alpaka::concepts::Acc TAcc>`.
        template<typename T>
        concept Acc = isAccelerator<T>;
    } // namespace concepts

    namespace trait
    {
        //! The accelerator type of T (an accelerator is its own).
        template<typename T, typename TSfinae = void>
        struct AccType;

        //! Static getAccDevProps(dev) -> AccDevProps<Dim<TAcc>, Idx<TAcc>>.
        template<typename TAcc, typename TSfinae = void>
        struct GetAccDevProps;

        //! Static getAccName() -> std::string, e.g. "AccCpuSerial<1,int>".
        template<typename TAcc, typename TSfinae = void>
        struct GetAccName;

        //! Whether blocks of TAcc always have exactly one thread.
        template<typename TAcc, typename TSfinae = void>
        struct IsSingleThreadAcc : std::false_type
        {
        };

        //! Whether blocks of TAcc can have more than one thread.
        template<typename TAcc, typename TSfinae = void>
        struct IsMultiThreadAcc : std::bool_constant<!IsSingleThreadAcc<TAcc>::value>
        {
        };

        //! Whether the element loops (uniformElements and friends) give each thread of TAcc one contiguous run of
        //! indices rather than grid-strided chunks: true where the threads are CPU threads, for which a counted loop
        //! vectorizes and a contiguous run streams best; false where consecutive threads should take consecutive
        //! indices (GPU warps coalesce their accesses). See alpaka/exec/detail/ThreadElementRange.hpp.
        template<typename TAcc, typename TSfinae = void>
        struct ElementLoopsAreContiguous : std::false_type
        {
        };
    } // namespace trait

    template<typename T>
    using Acc = typename trait::AccType<T>::type;

    template<typename TAcc>
    inline constexpr bool isSingleThreadAcc = trait::IsSingleThreadAcc<TAcc>::value;

    template<typename TAcc>
    inline constexpr bool isMultiThreadAcc = trait::IsMultiThreadAcc<TAcc>::value;

    template<typename TAcc>
    inline constexpr bool elementLoopsAreContiguous = trait::ElementLoopsAreContiguous<TAcc>::value;

    //! What TAcc supports on dev.
    template<typename TAcc, typename TDev>
    [[nodiscard]] ALPAKA_FN_HOST auto getAccDevProps(TDev const& dev) -> AccDevProps<Dim<TAcc>, Idx<TAcc>>
    {
        using Impl = concepts::ImplementationBase<ConceptAcc, TAcc>;
        return trait::GetAccDevProps<Impl>::getAccDevProps(dev);
    }

#if !ALPAKA_RTC
    //! A readable name of the accelerator type, e.g. "AccCpuSerial<1,int>".
    template<typename TAcc>
    [[nodiscard]] ALPAKA_FN_HOST auto getAccName() -> std::string
    {
        return trait::GetAccName<TAcc>::getAccName();
    }
#endif
} // namespace alpaka
