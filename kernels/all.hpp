// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Every shipped kernel.

#include "add.hpp"
#include "axpy.hpp"
#include "copy.hpp"
#include "dot.hpp"
#include "fill.hpp"
#include "heat.hpp"
#include "histogram.hpp"
#include "iota.hpp"
#include "matmul.hpp"
#include "mul.hpp"
#include "nstream.hpp"
#include "reduce.hpp"
#include "stencil.hpp"
#include "triad.hpp"
