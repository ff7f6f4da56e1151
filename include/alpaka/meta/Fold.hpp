// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! meta::foldr lives with the other function objects; this header keeps the upstream include path.

#include "alpaka/meta/Functional.hpp"
