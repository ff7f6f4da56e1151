// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Scalars are their own index type; the specialization lives with the trait, this keeps the upstream include path.

#include "alpaka/idx/Traits.hpp"
