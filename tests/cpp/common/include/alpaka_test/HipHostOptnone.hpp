// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

// Included first in every unit of the hip preset (its CMAKE_CXX_FLAGS): the host pass of a hipcc unit does not
// optimize, the device pass does. hipcc optimizes at -O3 when no level is given, and its host pass then spent most of
// a test unit's time in LLVM's optimizer, which a compile check does not need; -O0 for both passes is not an option:
// ROCm 5.2's device library (ockl) then keeps its wave32 paths, which gfx90a cannot select (permlanex16). Measured in
// docs/dev/testing.md.
#if !defined(__HIP_DEVICE_COMPILE__)
#    pragma clang optimize off
#endif
