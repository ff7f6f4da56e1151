// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Scalars are one-dimensional; the specialization lives with the trait, this keeps the upstream include path.

#include "alpaka/dim/Traits.hpp"
