// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Checking errors in tests: the message of an expected std::runtime_error, and a substring matcher that works with
//! Catch2 v2 and v3.

#include <exception>
#include <stdexcept>
#include <string>
#include <utility>

#include "alpaka_test/Catch.hpp"

namespace alpaka_test
{
    //! Matches messages that contain text: CHECK_THAT(message, containsSubstring("...")).
    inline auto containsSubstring(std::string const& text)
    {
#if defined(ALPAKA_TEST_CATCH2_V3)
        return Catch::Matchers::ContainsSubstring(text);
#else
        return Catch::Matchers::Contains(text);
#endif
    }

    //! Runs fn, which must throw a std::runtime_error (or a type derived from it); returns its message.
    template<typename TFn>
    auto runtimeErrorMessage(TFn&& fn) -> std::string
    {
        try
        {
            std::forward<TFn>(fn)();
        }
        catch(std::runtime_error const& e)
        {
            return e.what();
        }
        catch(std::exception const& e)
        {
            FAIL("expected a std::runtime_error, caught another std::exception: " << e.what());
        }
        catch(...)
        {
            FAIL("expected a std::runtime_error, caught an exception of unknown type");
        }
        FAIL("expected a std::runtime_error, nothing was thrown");
        return {};
    }
} // namespace alpaka_test
