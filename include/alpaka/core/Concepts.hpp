// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! How a composite type (an accelerator) says which base class implements which concept.
//!
//! An accelerator derives from many small implementation classes (work division, indices, atomics, shared
//! memory...). Each of them also derives from Implements<TConcept, TSelf>. A free function such as getIdx(acc)
//! looks up ImplementationBase<ConceptIdxBt, TAcc> and dispatches the trait on that base, so a trait is specialized
//! once per implementation and works for every accelerator built from it. A type that does not name an implementation
//! of a concept is its own implementation, so users can specialize traits directly on their types.
//!
//! Upstream 2.x renamed this namespace to alpaka::interface (alpaka/core/Interface.hpp, which names the same
//! entities); alpaka::concepts also holds the C++20 concepts concepts::Tag and concepts::Acc.

#include <type_traits>

namespace alpaka::concepts
{
    //! Tag base: TBase implements TConcept.
    template<typename TConcept, typename TBase>
    struct Implements
    {
    };

    namespace detail
    {
        template<typename TConcept, typename TBase>
        auto implementer(Implements<TConcept, TBase> const&) -> TBase;

        template<typename TConcept, typename TDerived, typename = void>
        struct ImplementationBaseImpl
        {
            using type = TDerived;
        };

        template<typename TConcept, typename TDerived>
        struct ImplementationBaseImpl<
            TConcept,
            TDerived,
            std::void_t<decltype(detail::implementer<TConcept>(std::declval<TDerived const&>()))>>
        {
            using type = decltype(detail::implementer<TConcept>(std::declval<TDerived const&>()));
        };
    } // namespace detail

    //! True when TDerived (or one of its bases) names an implementation of TConcept.
    template<typename TConcept, typename TDerived>
    inline constexpr bool implements
        = !std::is_same_v<typename detail::ImplementationBaseImpl<TConcept, TDerived>::type, TDerived>
          || std::is_base_of_v<Implements<TConcept, TDerived>, TDerived>;

    //! implements<TConcept, TDerived> as a class with a static `value` member: upstream 1.x's spelling, kept for code
    //! that tests concepts the way upstream's own traits did (`ImplementsConcept<ConceptAcc, T>::value`).
    template<typename TConcept, typename TDerived>
    struct ImplementsConcept
    {
        static constexpr bool value = implements<TConcept, TDerived>;
    };

    //! The base class of TDerived that implements TConcept, or TDerived itself.
    template<typename TConcept, typename TDerived>
    using ImplementationBase = typename detail::ImplementationBaseImpl<TConcept, TDerived>::type;
} // namespace alpaka::concepts
