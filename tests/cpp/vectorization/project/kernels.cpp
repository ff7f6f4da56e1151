// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Kernels whose element loop must vectorize on a CPU back-end, each next to the same loop written natively as a
//! counted loop. Compiled once per back-end (VEC_TAG) and optimization level; RunVectorization.cmake reads the
//! compiler's report for the lines marked `element loop: <name>` and `native loop: <name>` (the markers are on the
//! line of the loop statement, which is where GCC and clang report a loop).

#include <alpaka/alpaka.hpp>

#include <cstddef>

namespace
{
    using Idx = std::size_t;
    using Acc1 = alpaka::TagToAcc<alpaka::VEC_TAG, alpaka::DimInt<1u>, Idx>;
    using Acc2 = alpaka::TagToAcc<alpaka::VEC_TAG, alpaka::DimInt<2u>, Idx>;
    using Vec2 = alpaka::Vec<alpaka::DimInt<2u>, Idx>;

    //! BabelStream's triad, as the README teaches element loops.
    struct Triad
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* a, float const* b, float* c, float s, Idx n) const
        {
            for(auto i : alpaka::uniformElements(acc, n)) // element loop: triad
                c[i] = a[i] + s * b[i];
        }
    };

    //! A polynomial of degree 8 per element: compute-bound, the inner loop fully unrolled.
    struct Horner8
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* x, float* y, Idx n) const
        {
            for(auto i : alpaka::uniformElements(acc, n)) // element loop: horner8
            {
                float const v = x[i];
                float r = 1.0f;
                for(int k = 0; k < 8; ++k)
                    r = r * v + 0.5f;
                y[i] = r;
            }
        }
    };

    //! Degree 32: the inner loop stays a loop. GCC vectorizes such an outer loop only when it needs no run-time alias
    //! check, so the pointers are __restrict (as for a plain loop; see docs/fast-cpu-kernels.md).
    struct Horner32
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* __restrict x, float* __restrict y, Idx n) const
        {
            for(auto i : alpaka::uniformElements(acc, n)) // element loop: horner32
            {
                float const v = x[i];
                float r = 1.0f;
                for(int k = 0; k < 32; ++k)
                    r = r * v + 0.5f;
                y[i] = r;
            }
        }
    };

    //! The same without __restrict: clang vectorizes it with a run-time alias check, GCC does not (nor the native
    //! loop).
    struct Horner32Aliased
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* x, float* y, Idx n) const
        {
            for(auto i : alpaka::uniformElements(acc, n)) // element loop: horner32aliased
            {
                float const v = x[i];
                float r = 1.0f;
                for(int k = 0; k < 32; ++k)
                    r = r * v + 0.5f;
                y[i] = r;
            }
        }
    };

    //! 2-D: rows along Y, the vectorized run along X.
    struct Triad2D
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, float const* a, float const* b, float* c, float s, Idx ny, Idx nx) const
        {
            for(auto y : alpaka::uniformElementsAlongY(acc, ny))
                for(auto x : alpaka::uniformElementsAlongX(acc, nx)) // element loop: alongX
                    c[y * nx + x] = a[y * nx + x] + s * b[y * nx + x];
        }
    };

    //! Blocks working on their own groups: a block per row, its threads along the row.
    struct RowsIndependent
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, float const* a, float const* b, float* c, float s, Idx ny, Idx nx) const
        {
            for(auto y : alpaka::independentGroups(acc, ny))
                for(auto x : alpaka::independentGroupElements(acc, nx)) // element loop: independent
                    c[y * nx + x] = a[y * nx + x] + s * b[y * nx + x];
        }
    };

    //! Groups of block elements, as for shared-memory tiling.
    struct Grouped
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* a, float const* b, float* c, float s, Idx n) const
        {
            for(auto group : alpaka::uniformGroups(acc, n))
                for(auto e : alpaka::uniformGroupElements(acc, group, n)) // element loop: groupElements
                    c[e.global] = a[e.global] + s * b[e.global];
        }
    };

    //! The flattened N-D loop: one loop statement over 2-D indices. Reported, not required (see the docs).
    struct TriadND
    {
        template<typename TAcc>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, float const* a, float const* b, float* c, float s, Idx ny, Idx nx) const
        {
            for(auto const& idx : alpaka::uniformElementsND(acc, Vec2{ny, nx})) // element loop: nd
                c[idx[0] * nx + idx[1]] = a[idx[0] * nx + idx[1]] + s * b[idx[0] * nx + idx[1]];
        }
    };
} // namespace

// ---- the kernels launched, so that they are instantiated for the back-end ----

void launch1(
    alpaka::Queue<Acc1, alpaka::Blocking>& queue,
    alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx> const& workDiv,
    float const* a,
    float const* b,
    float* c,
    Idx n)
{
    alpaka::exec<Acc1>(queue, workDiv, Triad{}, a, b, c, 3.0f, n);
    alpaka::exec<Acc1>(queue, workDiv, Horner8{}, a, c, n);
    alpaka::exec<Acc1>(queue, workDiv, Horner32{}, a, c, n);
    alpaka::exec<Acc1>(queue, workDiv, Horner32Aliased{}, a, c, n);
    alpaka::exec<Acc1>(queue, workDiv, Grouped{}, a, b, c, 3.0f, n);
}

void launch2(
    alpaka::Queue<Acc2, alpaka::Blocking>& queue,
    alpaka::WorkDivMembers<alpaka::DimInt<2u>, Idx> const& workDiv,
    float const* a,
    float const* b,
    float* c,
    Idx ny,
    Idx nx)
{
    alpaka::exec<Acc2>(queue, workDiv, Triad2D{}, a, b, c, 3.0f, ny, nx);
    alpaka::exec<Acc2>(queue, workDiv, TriadND{}, a, b, c, 3.0f, ny, nx);
}

void launchRows(
    alpaka::Queue<Acc1, alpaka::Blocking>& queue,
    alpaka::WorkDivMembers<alpaka::DimInt<1u>, Idx> const& workDiv,
    float const* a,
    float const* b,
    float* c,
    Idx ny,
    Idx nx)
{
    alpaka::exec<Acc1>(queue, workDiv, RowsIndependent{}, a, b, c, 3.0f, ny, nx);
}

// ---- the same loops, native: what the compiler does with a plain counted loop under the same flags ----

void nativeTriad(float const* a, float const* b, float* c, float s, Idx begin, Idx end)
{
    for(Idx i = begin; i != end; ++i) // native loop: triad
        c[i] = a[i] + s * b[i];
}

void nativeHorner8(float const* x, float* y, Idx begin, Idx end)
{
    for(Idx i = begin; i != end; ++i) // native loop: horner8
    {
        float const v = x[i];
        float r = 1.0f;
        for(int k = 0; k < 8; ++k)
            r = r * v + 0.5f;
        y[i] = r;
    }
}

void nativeHorner32(float const* __restrict x, float* __restrict y, Idx begin, Idx end)
{
    for(Idx i = begin; i != end; ++i) // native loop: horner32
    {
        float const v = x[i];
        float r = 1.0f;
        for(int k = 0; k < 32; ++k)
            r = r * v + 0.5f;
        y[i] = r;
    }
}

void nativeHorner32Aliased(float const* x, float* y, Idx begin, Idx end)
{
    for(Idx i = begin; i != end; ++i) // native loop: horner32aliased
    {
        float const v = x[i];
        float r = 1.0f;
        for(int k = 0; k < 32; ++k)
            r = r * v + 0.5f;
        y[i] = r;
    }
}

void nativeRows(float const* a, float const* b, float* c, float s, Idx ny, Idx nx)
{
    for(Idx y = 0; y < ny; ++y)
        for(Idx x = 0; x != nx; ++x) // native loop: alongX
            c[y * nx + x] = a[y * nx + x] + s * b[y * nx + x];
}
