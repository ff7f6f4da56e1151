// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ALPAKA_AMDGPU_ARCH: the AMD GPU architecture of a HIP device pass as a version number, for ALPAKA_ARCH_AMD
//! (core/Config.hpp includes this header in that pass only). gfx9xy is ALPAKA_VERSION_NUMBER(9, x, y) and gfxMMxy
//! (MM from 10 to 12) ALPAKA_VERSION_NUMBER(MM, x, y), the last two digits read as hexadecimal (gfx90a is 9.0.10), as
//! upstream 2.1 encodes them. clang names the target only by one macro per architecture (__gfx90a__); one it
//! does not list here falls back to its family (__GFX11__ gives 11.0.0) and then to ALPAKA_VERSION_NUMBER_UNKNOWN,
//! which is still non-zero, so the device pass is recognised either way. Define ALPAKA_AMDGPU_ARCH yourself to name
//! an architecture this list lacks. The macros are expanded where ALPAKA_ARCH_AMD is used, after core/Config.hpp.

#ifndef ALPAKA_AMDGPU_ARCH
#    if defined(__gfx900__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 0)
#    elif defined(__gfx902__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 2)
#    elif defined(__gfx904__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 4)
#    elif defined(__gfx906__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 6)
#    elif defined(__gfx908__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 8)
#    elif defined(__gfx909__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 9)
#    elif defined(__gfx90a__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 10)
#    elif defined(__gfx90c__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 12)
#    elif defined(__gfx940__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 4, 0)
#    elif defined(__gfx941__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 4, 1)
#    elif defined(__gfx942__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 4, 2)
#    elif defined(__gfx950__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 5, 0)
#    elif defined(__gfx1010__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 1, 0)
#    elif defined(__gfx1011__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 1, 1)
#    elif defined(__gfx1012__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 1, 2)
#    elif defined(__gfx1013__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 1, 3)
#    elif defined(__gfx1030__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 3, 0)
#    elif defined(__gfx1031__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 3, 1)
#    elif defined(__gfx1032__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 3, 2)
#    elif defined(__gfx1033__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 3, 3)
#    elif defined(__gfx1034__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 3, 4)
#    elif defined(__gfx1035__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 3, 5)
#    elif defined(__gfx1036__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 3, 6)
#    elif defined(__gfx1100__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 0, 0)
#    elif defined(__gfx1101__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 0, 1)
#    elif defined(__gfx1102__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 0, 2)
#    elif defined(__gfx1103__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 0, 3)
#    elif defined(__gfx1150__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 5, 0)
#    elif defined(__gfx1151__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 5, 1)
#    elif defined(__gfx1152__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 5, 2)
#    elif defined(__gfx1153__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 5, 3)
#    elif defined(__gfx1200__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(12, 0, 0)
#    elif defined(__gfx1201__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(12, 0, 1)
#    elif defined(__GFX12__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(12, 0, 0)
#    elif defined(__GFX11__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(11, 0, 0)
#    elif defined(__GFX10__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(10, 0, 0)
#    elif defined(__GFX9__)
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER(9, 0, 0)
#    else
#        define ALPAKA_AMDGPU_ARCH ALPAKA_VERSION_NUMBER_UNKNOWN
#    endif
#endif
