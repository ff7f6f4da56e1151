// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! How a launch reads a kernel argument from its slot (pyalpaka_launch::args of EntryAbi.h: one pointer per argument
//! to its value; for a pointer argument, to the pointer value). One definition for the kernels compiled ahead of time
//! (src/runtime/AotLaunch.hpp) and those compiled at run time (EntryCpu.hpp).

#include <cstring>

namespace pyalpaka::jit
{
    //! The value an argument slot holds (memcpy: the slot's bytes are the value's object representation, and the
    //! slot need not be aligned for T).
    template<typename T>
    auto load(void const* slot) -> T
    {
        T value;
        std::memcpy(&value, slot, sizeof(T));
        return value;
    }
} // namespace pyalpaka::jit
