/* SPDX-FileCopyrightText: The pyalpaka authors
 * SPDX-License-Identifier: MPL-2.0
 *
 * \file
 * The C interface between the emulated GPU (src/emulator/, PYALPAKA_GPU_EMULATOR) and a kernel module compiled for it.
 * Under the emulator a kernel is compiled by the host compiler from the same source as for NVRTC or hiprtc, for a
 * host accelerator with GPU semantics (blocks of threads that run side by side, block barriers, shared memory), into a
 * shared library. The module image the runtime hands to cuModuleLoadData is that library behind a header:
 *
 *   PYALPAKA_EMULATED_MAGIC (16 bytes), the library's size (8 bytes, little-endian), the library's bytes
 *
 * so that a real driver refuses it (it is no CUBIN) and the emulator refuses a CUBIN. Besides the CPU entry
 * (EntryAbi.h) the library exports the functions below (src/jit/EntryEmulated.hpp defines them). Each GPU function of
 * the module (pyalpaka_kernel, pyalpaka_dyn_shared_bytes: src/jit/EntryGpu.hpp) is reached by its name, with the
 * parameter block a GPU launch passes (`void** kernelParams`: one pointer per parameter to its value).
 *
 *   unsigned pyalpaka_emulated_abi(void);        returns PYALPAKA_EMULATED_ABI
 *   int pyalpaka_emulated_params(function, sizes, capacity, count);
 *       the byte sizes of the function's parameters (at most capacity written, *count set); 1: no such function
 *   int pyalpaka_emulated_run(function, grid, params, error, error_size);
 *       runs the function's grid to completion on the calling thread; PYALPAKA_ENTRY_* of EntryAbi.h
 *   int pyalpaka_emulated_global(name, address, bytes);   a module variable; 1: no such variable
 */

#ifndef PYALPAKA_JIT_EMULATED_ABI_H
#define PYALPAKA_JIT_EMULATED_ABI_H

#include <stddef.h>
#include <stdint.h>

#define PYALPAKA_EMULATED_ABI         1u
#define PYALPAKA_EMULATED_MAGIC       "pyalpaka-emu-mod"
#define PYALPAKA_EMULATED_MAGIC_BYTES 16u

#ifdef __cplusplus
extern "C"
{
#endif

    /* A launch as the GPU API gives it: grid and block x, y, z (x fastest) and the dynamic shared memory. */
    struct pyalpaka_emulated_grid
    {
        unsigned grid[3];
        unsigned block[3];
        uint64_t dyn_shared_bytes;
    };

    typedef unsigned (*pyalpaka_emulated_abi_fn)(void);
    typedef int (*pyalpaka_emulated_params_fn)(
        char const* function, uint64_t* sizes, uint64_t capacity, uint64_t* count);
    typedef int (*pyalpaka_emulated_run_fn)(
        char const* function,
        struct pyalpaka_emulated_grid const* grid,
        void* const* params,
        char* error,
        size_t error_size);
    typedef int (*pyalpaka_emulated_global_fn)(char const* name, void** address, uint64_t* bytes);

#ifdef __cplusplus
}
#endif

#endif
