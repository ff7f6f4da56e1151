// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka::interface: upstream 2.x's name of the interface machinery that 1.x calls alpaka::concepts
//! (alpaka/core/Concepts.hpp). The names here are the same entities as the 1.x ones, not copies, so code of either
//! version interoperates: a class that derives from concepts::Implements<X, T> satisfies
//! interface::ImplementsInterface<X, T>, and one that derives from interface::Implements<X, T> is found by every
//! trait of this library.

#include "alpaka/core/Concepts.hpp"

// <windows.h> (through objbase.h) defines `interface` as a macro; this header must still compile after it, and leave
// the macro as it was. Only then, because the run-time compilers do not know these pragmas.
#if defined(interface)
#    define ALPAKA_DETAIL_INTERFACE_IS_MACRO
#    pragma push_macro("interface")
#    undef interface
#endif

namespace alpaka::interface
{
    //! Tag base: TBase implements TInterface (the same class template as concepts::Implements).
    using concepts::Implements;

    //! Whether TDerived (or one of its bases) implements TInterface, as a static `value` (2.x's name of
    //! concepts::ImplementsConcept).
    template<typename TInterface, typename TDerived>
    using ImplementsInterface = concepts::ImplementsConcept<TInterface, TDerived>;

    //! The base class of TDerived that implements TInterface, or TDerived itself (the same alias template as
    //! concepts::ImplementationBase).
    using concepts::ImplementationBase;
} // namespace alpaka::interface

#if defined(ALPAKA_DETAIL_INTERFACE_IS_MACRO)
#    pragma pop_macro("interface")
#    undef ALPAKA_DETAIL_INTERFACE_IS_MACRO
#endif
