// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! libFuzzer harness of the strided copy and fill planning (alpaka/detail/mem/StridedRows.hpp through the runtime's
//! copyRows/setRows): regions of any shape, element size and byte strides (0 included, as broadcasting gives). The
//! rows must address exactly the bytes the element-by-element definition addresses, each pair as often, and copying
//! row by row with memmove, as the CPU queues do, must give the element-by-element result in memory allocated to
//! the regions' exact reach (AddressSanitizer sees every byte beyond it).

#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include "FuzzInput.hpp"
#include "runtime/RegionRows.hpp"

namespace
{
    using pyalpaka::rt::maxBufferDim;
    using pyalpaka::rt::Region;

    //! Calls f(dstOffset, srcOffset) for every element in row-major order: the definition the rows must match.
    template<typename TFn>
    void forEachElement(Region const& dst, Region const& src, TFn&& f)
    {
        for(std::size_t d = 0; d < dst.ndim; ++d)
            if(dst.extent[d] == 0)
                return;
        std::array<std::size_t, maxBufferDim> index{};
        for(;;)
        {
            std::size_t a = 0;
            std::size_t b = 0;
            for(std::size_t d = 0; d < dst.ndim; ++d)
            {
                a += index[d] * dst.strides[d];
                b += index[d] * src.strides[d];
            }
            f(a, b);
            std::size_t d = dst.ndim;
            for(;;)
            {
                if(d == 0)
                    return;
                --d;
                if(++index[d] < dst.extent[d])
                    break;
                index[d] = 0;
            }
        }
    }

    //! One past the last byte a region reaches.
    auto reach(Region const& r) -> std::size_t
    {
        std::size_t last = 0;
        for(std::size_t d = 0; d < r.ndim; ++d)
        {
            if(r.extent[d] == 0)
                return 0;
            last += (r.extent[d] - 1) * r.strides[d];
        }
        return last + r.itemSize;
    }
} // namespace

extern "C" auto LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size) -> int
{
    fuzz::Input in(data, size);
    Region dst;
    dst.ndim = 1 + in.below(maxBufferDim);
    dst.itemSize = 1 + in.below(16);
    Region src = dst;
    std::size_t elements = 1;
    for(std::size_t d = 0; d < dst.ndim; ++d)
    {
        dst.extent[d] = src.extent[d] = in.below(9);
        elements *= dst.extent[d];
    }
    for(std::size_t d = 0; d < dst.ndim; ++d)
    {
        // Strides near multiples of the element size, the layouts real arrays have, and any other.
        dst.strides[d] = in.take<std::uint16_t>() % 512;
        src.strides[d] = in.take<std::uint16_t>() % 512;
    }
    bool const withSet = (in.take<std::uint8_t>() & 1) != 0;

    // The byte pairs of the definition, and of the rows.
    std::vector<std::pair<std::size_t, std::size_t>> expected;
    expected.reserve(elements * dst.itemSize);
    forEachElement(
        dst,
        src,
        [&](std::size_t a, std::size_t b)
        {
            for(std::size_t i = 0; i < dst.itemSize; ++i)
                expected.emplace_back(a + i, b + i);
        });
    auto const rows = pyalpaka::rt::copyRows(dst, src);
    FUZZ_CHECK(rows.dims <= maxBufferDim);
    std::vector<std::pair<std::size_t, std::size_t>> planned;
    alpaka::detail::forEachRow(
        rows,
        [&](std::size_t const* offsets)
        {
            for(std::size_t i = 0; i < rows.width; ++i)
                planned.emplace_back(offsets[0] + i, offsets[1] + i);
        });
    FUZZ_CHECK(planned.size() == expected.size());
    // Row order is the element order wherever the dimensions were merged: the same sequence, not just the same set.
    FUZZ_CHECK(planned == expected);

    // Blocks of the innermost row dimensions (what a 2-D or 3-D driver call copies at once) cover the same bytes.
    for(std::size_t keep = 1; keep <= 2; ++keep)
    {
        std::vector<std::pair<std::size_t, std::size_t>> blocked;
        alpaka::detail::forEachBlock(
            rows,
            keep,
            [&](auto const& block, std::size_t const* base)
            {
                alpaka::detail::forEachRow(
                    block,
                    [&](std::size_t const* offsets)
                    {
                        for(std::size_t i = 0; i < block.width; ++i)
                            blocked.emplace_back(base[0] + offsets[0] + i, base[1] + offsets[1] + i);
                    });
            });
        FUZZ_CHECK(blocked == expected);
    }
    if(alpaka::detail::fitsPitched3D(rows))
        for(std::size_t o = 0; o < 2; ++o)
            FUZZ_CHECK(rows.stride[o][1] != 0 && rows.stride[o][0] % rows.stride[o][1] == 0);

    // The copy itself, as the CPU queues run it, in buffers of exactly the regions' reach.
    auto const dstBytes = reach(dst);
    auto const srcBytes = reach(src);
    if(dstBytes == 0)
    {
        FUZZ_CHECK(expected.empty());
        return 0;
    }
    std::vector<unsigned char> source(srcBytes);
    for(std::size_t i = 0; i < srcBytes; ++i)
        source[i] = static_cast<unsigned char>(i * 131u + 7u);
    std::vector<unsigned char> byRows(dstBytes, 0xEE);
    std::vector<unsigned char> byElements(dstBytes, 0xEE);
    alpaka::detail::forEachRow(
        rows,
        [&](std::size_t const* offsets)
        { std::memmove(byRows.data() + offsets[0], source.data() + offsets[1], rows.width); });
    for(auto const& [a, b] : expected)
        byElements[a] = source[b];
    FUZZ_CHECK(byRows == byElements);

    if(withSet)
    {
        auto const setRows = pyalpaka::rt::setRows(dst);
        std::vector<unsigned char> set(dstBytes, 0);
        alpaka::detail::forEachRow(
            setRows, [&](std::size_t const* offsets) { std::memset(set.data() + offsets[0], 0x5A, setRows.width); });
        std::vector<bool> inRegion(dstBytes, false);
        for(auto const& pair : expected)
            inRegion[pair.first] = true;
        for(std::size_t i = 0; i < dstBytes; ++i)
            FUZZ_CHECK((set[i] == 0x5A) == inRegion[i]);
    }
    return 0;
}
