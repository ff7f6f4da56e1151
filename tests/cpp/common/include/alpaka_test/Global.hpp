// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The accelerators the device-variable tests run on: every enabled back-end, 1-D, with both test index types (each
//! accelerator type has its own instance of a device variable).

#include <alpaka/alpaka.hpp>
#include <alpaka/meta/Concatenate.hpp>
#include <alpaka/test/acc/TestAccs.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>

#include "alpaka_test/Catch.hpp"
#include "alpaka_test/Errors.hpp"

namespace globaltest
{
    using Dim1 = alpaka::DimInt<1u>;

    using Accs = alpaka::meta::
        Concatenate<alpaka::test::EnabledAccs<Dim1, std::int32_t>, alpaka::test::EnabledAccs<Dim1, std::size_t>>;

    inline auto devHost() -> alpaka::DevCpu
    {
        return alpaka::getDevByIdx(alpaka::PlatformCpu{}, 0);
    }

    //! Matches exception messages that contain text.
    inline auto contains(std::string const& text)
    {
        return alpaka_test::containsSubstring(text);
    }
} // namespace globaltest
