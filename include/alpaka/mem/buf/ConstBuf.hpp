// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream 2.0's read-only buffers: ConstBuf<TDev, TElem, TDim, TIdx>, makeConstBuf(buf), ConstBufCpu (and
//! ConstBufCudaRt / ConstBufHipRt). A read-only buffer shares the memory and the ownership of the buffer it was made
//! from; its elements are const. Here it is a ViewConst of the buffer: a buffer converts to it implicitly, as
//! upstream's mutable buffers convert to their const form.

#include "alpaka/dev/Traits.hpp"
#include "alpaka/mem/buf/BufCpu.hpp"
#include "alpaka/mem/buf/Traits.hpp"
#include "alpaka/mem/view/ViewConst.hpp"

#include <type_traits>
#include <utility>

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
#    include "alpaka/dev/DevCudaRt.hpp"
#endif
#if defined(ALPAKA_ACC_GPU_HIP_ENABLED)
#    include "alpaka/dev/DevHipRt.hpp"
#endif

namespace alpaka
{
    namespace trait
    {
        //! The read-only buffer type of a device: a ViewConst of its buffer type.
        template<typename TDev, typename TElem, typename TDim, typename TIdx, typename TSfinae = void>
        struct ConstBufType
        {
            using type = ViewConst<Buf<TDev, TElem, TDim, TIdx>>;
        };

        //! How a buffer becomes read-only: wrapped in a ViewConst; a ViewConst stays as it is.
        template<typename TBuf, typename TSfinae = void>
        struct MakeConstBuf
        {
            template<typename TBufFwd>
            static auto makeConstBuf(TBufFwd&& buf)
            {
                return ViewConst<TBuf>(std::forward<TBufFwd>(buf));
            }
        };

        template<typename TView>
        struct MakeConstBuf<ViewConst<TView>>
        {
            template<typename TBufFwd>
            static auto makeConstBuf(TBufFwd&& buf) -> ViewConst<TView>
            {
                return std::forward<TBufFwd>(buf);
            }
        };
    } // namespace trait

    //! The read-only buffer of TElem on TDev (a device, or an accelerator: its device).
    template<typename TDev, typename TElem, typename TDim, typename TIdx>
    using ConstBuf = typename trait::ConstBufType<alpaka::Dev<TDev>, TElem, TDim, TIdx>::type;

    //! A read-only buffer sharing buf's memory and ownership.
    template<typename TBuf>
    [[nodiscard]] ALPAKA_FN_HOST auto makeConstBuf(TBuf&& buf)
    {
        return trait::MakeConstBuf<std::remove_cvref_t<TBuf>>::makeConstBuf(std::forward<TBuf>(buf));
    }

    template<typename TElem, typename TDim, typename TIdx>
    using ConstBufCpu = ViewConst<BufCpu<TElem, TDim, TIdx>>;

#if defined(ALPAKA_ACC_GPU_CUDA_ENABLED)
    template<typename TElem, typename TDim, typename TIdx>
    using ConstBufCudaRt = ViewConst<BufCudaRt<TElem, TDim, TIdx>>;
#endif
#if defined(ALPAKA_ACC_GPU_HIP_ENABLED)
    template<typename TElem, typename TDim, typename TIdx>
    using ConstBufHipRt = ViewConst<BufHipRt<TElem, TDim, TIdx>>;
#endif
} // namespace alpaka
