// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of wait(DevCpu) (the trait::CurrentThreadWaitFor<DevCpu> specialization), which lives in
//! dev/DevCpu.hpp.

#include "alpaka/dev/DevCpu.hpp"
#include "alpaka/wait/Traits.hpp"
