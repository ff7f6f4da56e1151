// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's home of ALPAKA_THROW_ACC(message), the error a kernel reports: CPU back-ends print the message and
//! throw std::runtime_error(message) (the queue passes it on to exec()/wait()), GPU back-ends print it and abort the
//! kernel. This library defines it next to the assertions, in core/Assert.hpp; this header forwards there.

#include "alpaka/core/Assert.hpp"
