// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! ALPAKA_CHECK(success, expression): in a test kernel, records a failed expectation (and prints it) instead of
//! aborting, so the host side can assert on the kernel's success flag.

#include <cstdio>

#define ALPAKA_CHECK(success, expression)                                                                              \
    do                                                                                                                 \
    {                                                                                                                  \
        if(!(expression))                                                                                              \
        {                                                                                                              \
            printf("ALPAKA_CHECK failed because '!(%s)'\n", #expression);                                              \
            success = false;                                                                                           \
        }                                                                                                              \
    } while(0)
