// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Traits shared by several concepts: NativeHandle / getNativeHandle(x), the back-end's own handle of a device,
//! queue or event (a cudaStream_t, a hipEvent_t, the index of a CPU device, ...).

#include "alpaka/core/Common.hpp"

#include <utility>

namespace alpaka
{
    namespace trait
    {
        //! Static getNativeHandle(x): the back-end's own handle of a device, queue or event. Only the types that have
        //! one specialize it; getNativeHandle on any other type does not compile.
        template<typename T, typename TSfinae = void>
        struct NativeHandle;
    } // namespace trait

    //! The back-end's own handle of x.
    template<typename T>
    [[nodiscard]] ALPAKA_FN_HOST auto getNativeHandle(T const& x)
    {
        return trait::NativeHandle<T>::getNativeHandle(x);
    }

    //! The type of getNativeHandle(x) (upstream's alias).
    template<typename T>
    using NativeHandle = decltype(getNativeHandle(std::declval<T const&>()));
} // namespace alpaka
