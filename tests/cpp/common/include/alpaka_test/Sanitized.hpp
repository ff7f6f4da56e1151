// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! alpaka_test::sanitized: whether the unit is built with AddressSanitizer or ThreadSanitizer (the asan-ubsan and tsan
//! presets). Statistical tests draw fewer numbers there: the sanitizers check memory and ordering, which a tenth of
//! the draws exercises alike, and an -O0 instrumented build draws about 3x slower (cpp.rand: 22 s in cpu-all, 55 s
//! under ASan).

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#    define ALPAKA_TEST_SANITIZED 1
#elif defined(__has_feature)
#    if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#        define ALPAKA_TEST_SANITIZED 1
#    endif
#endif

namespace alpaka_test
{
#ifdef ALPAKA_TEST_SANITIZED
    inline constexpr bool sanitized = true;
#else
    inline constexpr bool sanitized = false;
#endif
} // namespace alpaka_test
