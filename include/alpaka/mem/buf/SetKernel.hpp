// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! MemSetKernel: upstream's kernel that sets every byte of a pitched N-D region to a value, usable with any
//! accelerator: kernel(acc, value, dst, extent, pitch), with extent a Vec of Dim<TAcc> components whose last one
//! counts bytes, and pitch the pitches in bytes (getPitchesInBytes; pitch[d] is the distance of consecutive indices
//! of dimension d, the last component is not read). Each thread sets the bytes it owns (uniformElementsND). The
//! memset of this library's buffers does not launch it.

#include "alpaka/core/Common.hpp"
#include "alpaka/dim/Traits.hpp"
#include "alpaka/exec/UniformElements.hpp"
#include "alpaka/idx/Traits.hpp"
#include "alpaka/vec/Vec.hpp"

#include <cstddef>
#include <cstdint>

namespace alpaka
{
    class MemSetKernel
    {
    public:
        ALPAKA_NO_HOST_ACC_WARNING
        template<typename TAcc, typename TExtent, typename TPitch>
        ALPAKA_FN_ACC auto operator()(
            TAcc const& acc, std::uint8_t const val, std::uint8_t* dst, TExtent extent, TPitch pitch) const -> void
        {
            using AccIdx = Idx<TAcc>;
            constexpr std::size_t dim = Dim<TAcc>::value;
            auto bytes = Vec<Dim<TAcc>, AccIdx>::zeros();
            for(std::size_t d = 0; d != dim; ++d)
                bytes[d] = static_cast<AccIdx>(extent[d]);
            for(auto const idx : uniformElementsND(acc, bytes))
            {
                std::size_t offset = static_cast<std::size_t>(idx[dim - 1]);
                // dim > 0: no `d + 1 < 0` in the 0-D instantiation for nvcc to warn about.
                for(std::size_t d = 0; dim > 0 && d + 1 < dim; ++d)
                    offset += static_cast<std::size_t>(idx[d]) * static_cast<std::size_t>(pitch[d]);
                dst[offset] = val;
            }
        }
    };
} // namespace alpaka
