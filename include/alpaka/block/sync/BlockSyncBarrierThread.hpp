// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! Upstream's path of the block barrier of the std::thread back-end; the implementation here lives in
//! block/sync/BlockSyncBarrier.hpp, the barrier of every CPU back-end with several threads per block (upstream's
//! BlockSyncBarrierThread class is not provided; core/BarrierThread.hpp has core::threads::BarrierThread).

#include "alpaka/block/sync/BlockSyncBarrier.hpp"
