// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the block barrier of the OpenMP threads back-end; the implementation here lives in
//! block/sync/BlockSyncBarrier.hpp, the barrier of every CPU back-end with several threads per block (upstream's
//! BlockSyncBarrierOmp class is not provided).

#include "alpaka/block/sync/BlockSyncBarrier.hpp"
