// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of alpaka::QueueHipRtNonBlocking; the alias lives in dev/DevHipRt.hpp with the other HIP host
//! types. Empty unless ALPAKA_ACC_GPU_HIP_ENABLED is defined.

#include "alpaka/dev/DevHipRt.hpp"
