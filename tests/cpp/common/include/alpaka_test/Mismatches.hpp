// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Mismatches: collects the first few mismatches of a check for the failure message and counts all of them, so a
//! test over thousands of inputs reports one readable failure instead of thousands.

#include <cstddef>
#include <string>

namespace alpaka_test
{
    class Mismatches
    {
    public:
        void add(std::string const& message)
        {
            if(m_count < 8u)
                m_text += "\n  " + message;
            ++m_count;
        }

        [[nodiscard]] auto count() const -> std::size_t
        {
            return m_count;
        }

        [[nodiscard]] auto text() const -> std::string const&
        {
            return m_text;
        }

    private:
        std::size_t m_count = 0;
        std::string m_text;
    };
} // namespace alpaka_test
