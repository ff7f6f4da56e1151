// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! PointeeOf: the element type behind a kernel's pointer argument. A kernel's T is deduced from its arguments only, so
//! its BlockSharedMemDynSizeBytes specialization, which sees the arguments but not T, recovers T from them.

#include <type_traits>

namespace pyalpaka::kernels::detail
{
    //! T for T*, T const*, and references to them.
    template<typename TPtr>
    using PointeeOf = std::remove_cv_t<std::remove_pointer_t<std::remove_cvref_t<TPtr>>>;
} // namespace pyalpaka::kernels::detail
