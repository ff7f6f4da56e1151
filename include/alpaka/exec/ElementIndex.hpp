// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ElementIndex: an element's index in the grid (global) and in its block (local).

namespace alpaka
{
    template<typename TIdx>
    struct ElementIndex
    {
        TIdx global;
        TIdx local;
    };
} // namespace alpaka
