// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! TestIdxs: the index types every test runs with. Two by default (a signed 32-bit and an unsigned 64-bit type) so
//! that the suite stays quick to build; ALPAKA_TEST_ALL_IDX_TYPES adds the other two.

#include <cstddef>
#include <cstdint>
#include <tuple>

namespace alpaka::test
{
#if defined(ALPAKA_TEST_ALL_IDX_TYPES)
    using TestIdxs = std::tuple<std::int32_t, std::uint32_t, std::int64_t, std::size_t>;
#else
    using TestIdxs = std::tuple<std::int32_t, std::size_t>;
#endif
} // namespace alpaka::test
