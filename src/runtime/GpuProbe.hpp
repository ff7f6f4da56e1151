// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The GPU back-ends' entries: the driver is looked for at run time (dlopen), so that the package imports and works
//! on machines without it, and an unavailable GPU back-end says exactly why.

#include "Runtime.hpp"

namespace pyalpaka::rt
{
    [[nodiscard]] auto probeCuda() -> Backend*;
    [[nodiscard]] auto probeHip() -> Backend*;
} // namespace pyalpaka::rt
