// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! The native peers of the group programs: BabelStream loops (serial, OpenMP, oneTBB; float and double), relaxed
//! atomic increments in OpenMP (the compute program's are in NativeComputeBound.hpp). Defined in NativeStream.cpp and
//! NativeCompute.cpp, which alone include the runtimes' headers (like Native.cpp). Callers check haveOpenMP / haveTbb.

#include <cstddef>
#include <cstdint>

#include "Native.hpp"

namespace bench::native
{
    //! The runtime a native loop is written with.
    enum class Runtime
    {
        Serial,
        Omp,
        Tbb
    };

    //! The six BabelStream kernels.
    enum class StreamOp
    {
        Copy,    //!< c = a
        Mul,     //!< b = s * c
        Add,     //!< c = a + b
        Triad,   //!< a = b + s * c
        Nstream, //!< a += b + s * c
        Dot      //!< sum of a * b
    };

    //! Runs op over n elements with the runtime's plain parallel loop (`omp parallel for schedule(static)`,
    //! `tbb::parallel_for` / `parallel_reduce` over a blocked_range, a for loop). Returns the dot product for Dot, else
    //! 0. Instantiated for float and double.
    template<typename T>
    auto stream(Runtime runtime, StreamOp op, T* a, T* b, T* c, T s, std::size_t n) -> T;

    //! a[i] = b[i] + s * c[i] as `#pragma omp parallel for schedule(static, chunk)`: each thread takes every
    //! (threads)-th run of `chunk` elements, the memory access of a GPU-shaped work division on the back-ends whose
    //! block threads run side by side. Without OpenMP: std::logic_error.
    void triadChunkedOmp(double* a, double const* b, double const* c, double s, std::size_t n, std::size_t chunk);

    //! `omp parallel`: each thread adds 1 to its counter `ops` times with std::atomic_ref::fetch_add (relaxed): all to
    //! counters[0] when shared, else to counters[thread * stride].
    void atomicAddOmp(unsigned long long* counters, std::size_t stride, std::size_t ops, bool shared);

} // namespace bench::native
