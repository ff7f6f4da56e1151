// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

/* \file
 * The C interface between the runtime and a kernel compiled at run time for a CPU back-end. The generated shared
 * library exports three functions; only C types cross the boundary, so the library and the extension need not share
 * a C++ ABI.
 *
 *   unsigned pyalpaka_entry_abi(void);                  returns PYALPAKA_ENTRY_ABI
 *   int pyalpaka_dyn_shared_bytes(launch, bytes, e, n); the kernel's dynamic block shared memory for the launch
 *   int pyalpaka_run(launch, e, n);                     runs the kernel to completion on the calling thread
 *
 * The runtime validates a launch itself (the work division against the device, launch->dyn_shared_bytes against the
 * shared memory limit) with its own compiled copy of alpaka's checks before it calls run: compiling those checks and
 * their messages into every kernel would be most of a small kernel's compile time (measured:
 * docs/dev/measurements.md#run-time-compilation).
 *
 * Both return PYALPAKA_ENTRY_OK, PYALPAKA_ENTRY_INVALID_LAUNCH (the launch does not fit the compiled kernel) or
 * PYALPAKA_ENTRY_KERNEL_ERROR (the kernel threw), with a NUL-terminated message of at most n bytes in `e`.
 */

#include <stddef.h>
#include <stdint.h>

#define PYALPAKA_ENTRY_ABI            2u
#define PYALPAKA_ENTRY_OK             0
#define PYALPAKA_ENTRY_INVALID_LAUNCH 1
#define PYALPAKA_ENTRY_KERNEL_ERROR   2

#ifdef __cplusplus
extern "C"
{
#endif

    /* A launch: the work division (dim components each, alpaka's [z][y][x] order) and one pointer per kernel argument
     * to its value (pointer arguments: to the pointer value). */
    struct pyalpaka_launch
    {
        uint64_t dim;
        uint64_t grid_blocks[3];
        uint64_t block_threads[3];
        uint64_t thread_elems[3];
        void const* const* args;
        uint64_t arg_count;
        uint64_t dyn_shared_bytes; /* what pyalpaka_dyn_shared_bytes returned; run gives each block that much */
    };

    typedef unsigned (*pyalpaka_entry_abi_fn)(void);
    typedef int (*pyalpaka_dyn_shared_bytes_fn)(
        struct pyalpaka_launch const* launch, uint64_t* bytes, char* error, size_t error_size);
    typedef int (*pyalpaka_entry_fn)(struct pyalpaka_launch const* launch, char* error, size_t error_size);

#ifdef __cplusplus
}
#endif
