// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! trait::ThreadElemChoice<TAcc>: what getValidWorkDiv picks where the caller leaves the elements per thread to the
//! back-end, by giving a threadElemExtent component of 0 (KernelCfg{extent, 0}; pyalpaka: thread_elems=None).
//! An explicit extent is always used as given: a kernel that indexes elements by its thread index alone relies on it.

#include "alpaka/acc/AccDevProps.hpp"
#include "alpaka/vec/Vec.hpp"

namespace alpaka::trait
{
    //! static threadElemExtent(gridElemExtent, props) -> Vec: the elements per thread for every dimension;
    //! static blockThreadCountMax(props) -> Idx: the threads per block the choice is meant for (0: any).
    //! The default, for GPUs: one element per thread, as many threads per block as the device allows.
    template<typename TAcc, typename TSfinae = void>
    struct ThreadElemChoice
    {
        template<typename TDim, typename TIdx>
        static auto threadElemExtent(Vec<TDim, TIdx> const&, AccDevProps<TDim, TIdx> const&) -> Vec<TDim, TIdx>
        {
            return Vec<TDim, TIdx>::ones();
        }

        template<typename TDim, typename TIdx>
        static auto blockThreadCountMax(AccDevProps<TDim, TIdx> const&) -> TIdx
        {
            return TIdx{0};
        }
    };
} // namespace alpaka::trait
