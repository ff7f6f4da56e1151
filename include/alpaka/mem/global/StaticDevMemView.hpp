// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! createStaticDevMemView(pMem, dev, extent): the seed's way to reach a static device variable from the host, as a
//! view that memcpy accepts. On CPU devices the variable is ordinary memory; GPU back-ends resolve the symbol.

#include "alpaka/core/Common.hpp"
#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/mem/view/Traits.hpp"
#include "alpaka/mem/view/ViewPlainPtr.hpp"

namespace alpaka
{
    namespace trait
    {
        //! Static createStaticDevMemView(pMem, dev, extent).
        template<typename TDev, typename TSfinae = void>
        struct CreateStaticDevMemView;

        template<>
        struct CreateStaticDevMemView<DevCpu>
        {
            template<typename TElem, typename TExtent>
            static auto createStaticDevMemView(TElem* pMem, DevCpu const& dev, TExtent const& extent)
            {
                return createView(dev, pMem, extent);
            }
        };
    } // namespace trait

    //! A view over the static device variable at pMem (e.g. &var<TAcc>.get()) with the given extent.
    template<typename TElem, typename TDev, typename TExtent>
    [[nodiscard]] ALPAKA_FN_HOST auto createStaticDevMemView(TElem* pMem, TDev const& dev, TExtent const& extent)
    {
        return trait::CreateStaticDevMemView<TDev>::createStaticDevMemView(pMem, dev, extent);
    }
} // namespace alpaka
