// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The standard containers that are views: std::vector and std::array.

#include "alpaka/mem/view/ViewStdArray.hpp"
#include "alpaka/mem/view/ViewStdVector.hpp"
