// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The runtime's exception types; the bindings translate each to the Python exception of the same meaning.
//! std::invalid_argument (bad values: shapes, extents, work divisions) becomes ValueError.

#include <new>
#include <stdexcept>
#include <string>

namespace pyalpaka::rt
{
    //! An argument of the wrong type, element type or device: Python's TypeError.
    struct TypeMismatch : std::invalid_argument
    {
        using std::invalid_argument::invalid_argument;
    };

    //! A back-end that this build does not have, or that cannot run here: pyalpaka.BackendUnavailableError.
    struct BackendUnavailable : std::runtime_error
    {
        using std::runtime_error::runtime_error;
    };

    //! An allocation the device refused, with the size and the device: Python's MemoryError.
    class OutOfMemory : public std::bad_alloc
    {
    public:
        explicit OutOfMemory(std::string message)
            : m_message(std::move(message))
        {
        }

        [[nodiscard]] auto what() const noexcept -> char const* override
        {
            return m_message.c_str();
        }

    private:
        std::string m_message;
    };
} // namespace pyalpaka::rt
