// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! IsStrictBase<TBase, TDerived>: TBase is a base of TDerived and not TDerived itself.

#include <type_traits>

namespace alpaka::meta
{
    template<typename TBase, typename TDerived>
    using IsStrictBase = std::bool_constant<
        std::is_base_of_v<TBase, TDerived> && !std::is_same_v<std::remove_cv_t<TBase>, std::remove_cv_t<TDerived>>>;
} // namespace alpaka::meta
