// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! DevGlobal<TAcc, T>: the type of a static device variable declared with ALPAKA_STATIC_ACC_MEM_GLOBAL or
//! ALPAKA_STATIC_ACC_MEM_CONSTANT. Kernels read it with var<TAcc>.get(); the host writes and reads it with memcpy.

#include "alpaka/acc/Tag.hpp"
#include "alpaka/core/Common.hpp"
#include "alpaka/meta/DependentFalseType.hpp"

#include <type_traits>

namespace alpaka
{
    namespace detail
    {
        //! Storage of a device variable where the accelerator runs in the host's address space (CPU back-ends) or
        //! the compiler places it (CUDA/HIP through the macros' qualifiers). T may be const and an array.
        template<typename TTag, typename T>
        struct DevGlobalImplGeneric
        {
            using Type = std::remove_const_t<T>;

            ALPAKA_FN_HOST_ACC auto operator&() -> T*
            {
                return &value;
            }

            ALPAKA_FN_HOST_ACC auto get() -> T&
            {
                return value;
            }

            Type value;
        };

        //! Maps an accelerator tag to its device-variable storage; back-ends specialize it.
        template<typename TTag, typename T, typename TSfinae = void>
        struct DevGlobalTrait
        {
            static_assert(
                meta::dependentFalse<TTag>,
                "DevGlobal: static device variables are not implemented for this accelerator");
        };
    } // namespace detail

    template<typename TAcc, typename T>
    using DevGlobal = typename detail::DevGlobalTrait<AccToTag<TAcc>, T>::Type;
} // namespace alpaka
