// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! MatMul: C = A * B for dense row-major matrices: tiled through block shared memory on GPUs, register- and
//! cache-blocked rows on CPUs.

#include <alpaka/alpaka.hpp>

#include <cstddef>

#include "detail/BlockThreads.hpp"
#include "detail/MatMulCpu.hpp"
#include "detail/Pointee.hpp"

namespace pyalpaka::kernels
{
    namespace detail
    {
        //! Columns of A (rows of B) per shared-memory tile.
        inline constexpr std::size_t matMulTileK = 16u;

        //! Rows (y) and columns (x) of C a block computes at a time: its threads times their elements.
        template<typename TVec>
        ALPAKA_FN_HOST_ACC auto
        matMulTileExtent(TVec const& blockThreadExtent, TVec const& threadElemExtent, std::size_t i) -> std::size_t
        {
            return static_cast<std::size_t>(blockThreadExtent[i]) * static_cast<std::size_t>(threadElemExtent[i]);
        }

        //! Bytes of the shared tiles: tileY x matMulTileK of A, then matMulTileK x tileX of B.
        template<typename T, typename TVec>
        ALPAKA_FN_HOST_ACC auto
        matMulSharedBytes(TVec const& blockThreadExtent, TVec const& threadElemExtent) -> std::size_t
        {
            return (detail::matMulTileExtent(blockThreadExtent, threadElemExtent, 0u)
                    + detail::matMulTileExtent(blockThreadExtent, threadElemExtent, 1u))
                   * detail::matMulTileK * sizeof(T);
        }
    } // namespace detail

    //! C (m x n) = A (m x k) * B (k x n), all dense row-major; any 2-D work division (index order [y][x]).
    //! - GPUs: a block computes tiles of C of (block threads x thread elements) rows and columns, looping over tiles
    //!   when the grid is smaller than C; for each tile it walks k in steps of detail::matMulTileK, staging the slices
    //!   of A and B in shared memory (zero-padded at the edges), and each thread adds the step's products for its
    //!   elements of the tile into C (the first step stores them, so C need not be zeroed). The shared tiles grow with
    //!   the block's element extent: (tile rows + tile columns) * matMulTileK * sizeof(T) bytes.
    //! - CPUs: each thread computes its rectangle of C (one contiguous run of rows and of columns) directly from A
    //!   and B in register tiles of the processor's vector width (detail/MatMulCpu.hpp); no shared memory.
    struct MatMul
    {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void
        operator()(TAcc const& acc, T const* A, T const* B, T* C, std::size_t m, std::size_t n, std::size_t k) const
        {
            static_assert(alpaka::Dim<TAcc>::value == 2, "MatMul needs a 2-D accelerator");
            using Idx = alpaka::Idx<TAcc>;
            if constexpr(alpaka::elementLoopsAreContiguous<TAcc>)
            {
                auto const rows = alpaka::uniformElementsAlong<0>(acc, static_cast<Idx>(m));
                auto const cols = alpaka::uniformElementsAlong<1>(acc, static_cast<Idx>(n));
                if(!rows.empty() && !cols.empty())
                    detail::matMulCpu(detail::MatMulCpuRect<T>{
                        A,
                        B,
                        C,
                        n,
                        k,
                        static_cast<std::size_t>(*rows.begin()),
                        static_cast<std::size_t>(*rows.end()),
                        static_cast<std::size_t>(*cols.begin()),
                        static_cast<std::size_t>(*cols.end())});
            }
            else
                tiled(acc, A, B, C, m, n, k);
        }

    private:
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC static void
        tiled(TAcc const& acc, T const* A, T const* B, T* C, std::size_t m, std::size_t n, std::size_t k)
        {
            using Idx = alpaka::Idx<TAcc>;
            constexpr std::size_t tileK = detail::matMulTileK;
            auto const blockThreads = alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc);
            auto const threadElems = alpaka::getWorkDiv<alpaka::Thread, alpaka::Elems>(acc);
            std::size_t const tileY = detail::matMulTileExtent(blockThreads, threadElems, 0u);
            std::size_t const tileX = detail::matMulTileExtent(blockThreads, threadElems, 1u);
            T* const tileA = alpaka::getDynSharedMem<T>(acc);
            T* const tileB = tileA + tileY * tileK;
            std::size_t const thread = detail::linearBlockThreadIdx(acc);
            std::size_t const threads = detail::blockThreadCount(acc);
            // k == 0 still takes one step (of zeros) so that C is written.
            std::size_t const steps = k == 0u ? 1u : (k + tileK - 1u) / tileK;

            // Every thread of a block runs the same tile and step iterations: the barriers below are reached by all.
            for(Idx const groupY : alpaka::uniformGroupsAlong<0>(acc, static_cast<Idx>(m)))
            {
                std::size_t const y0 = static_cast<std::size_t>(groupY) * tileY;
                for(Idx const groupX : alpaka::uniformGroupsAlong<1>(acc, static_cast<Idx>(n)))
                {
                    std::size_t const x0 = static_cast<std::size_t>(groupX) * tileX;
                    for(std::size_t step = 0; step < steps; ++step)
                    {
                        std::size_t const k0 = step * tileK;
                        for(std::size_t i = thread; i < tileY * tileK; i += threads)
                        {
                            std::size_t const row = y0 + i / tileK;
                            std::size_t const col = k0 + i % tileK;
                            tileA[i] = row < m && col < k ? A[row * k + col] : T{0};
                        }
                        for(std::size_t i = thread; i < tileK * tileX; i += threads)
                        {
                            std::size_t const row = k0 + i / tileX;
                            std::size_t const col = x0 + i % tileX;
                            tileB[i] = row < k && col < n ? B[row * n + col] : T{0};
                        }
                        alpaka::syncBlockThreads(acc);

                        for(auto const y : alpaka::uniformGroupElementsAlong<0>(acc, groupY, static_cast<Idx>(m)))
                        {
                            T const* const rowA = tileA + static_cast<std::size_t>(y.local) * tileK;
                            for(auto const x : alpaka::uniformGroupElementsAlong<1>(acc, groupX, static_cast<Idx>(n)))
                            {
                                T const* const colB = tileB + static_cast<std::size_t>(x.local);
                                T sum = T{0};
                                for(std::size_t kk = 0; kk < tileK; ++kk)
                                    sum += rowA[kk] * colB[kk * tileX];
                                T& c = C[static_cast<std::size_t>(y.global) * n + static_cast<std::size_t>(x.global)];
                                c = step == 0u ? sum : c + sum;
                            }
                        }
                        // The next step overwrites the tiles the slower threads may still be reading.
                        alpaka::syncBlockThreads(acc);
                    }
                }
            }
        }
    };
} // namespace pyalpaka::kernels

namespace alpaka::trait
{
    //! GPUs: the A and B tiles, (block threads x thread elements) rows of A and as many columns of B,
    //! detail::matMulTileK deep, of the arguments' element type. CPUs: none.
    template<typename TAcc>
    struct BlockSharedMemDynSizeBytes<pyalpaka::kernels::MatMul, TAcc>
    {
        template<typename TDim, typename TA, typename... TRest>
        ALPAKA_FN_HOST_ACC static auto getBlockSharedMemDynSizeBytes(
            pyalpaka::kernels::MatMul const&,
            Vec<TDim, Idx<TAcc>> const& blockThreadExtent,
            Vec<TDim, Idx<TAcc>> const& threadElemExtent,
            TA const&,
            TRest const&...) -> std::size_t
        {
            if constexpr(elementLoopsAreContiguous<TAcc>)
                return std::size_t{0};
            else
                return pyalpaka::kernels::detail::matMulSharedBytes<pyalpaka::kernels::detail::PointeeOf<TA>>(
                    blockThreadExtent, threadElemExtent);
        }
    };
} // namespace alpaka::trait
