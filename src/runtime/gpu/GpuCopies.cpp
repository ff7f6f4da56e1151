// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! GpuQueue's copies and fills: a strided region is split into rows (alpaka/detail/mem/StridedRows.hpp), and each
//! block of at most two row dimensions becomes one 3-D driver copy where the pitches allow it, else 2-D copies; device
//! memory is filled with 2-D memsets, host memory (a NumPy array) on the host in queue order.

#include <cstring>

#include "GpuRuntime.hpp"
#include "runtime/RegionRows.hpp"

namespace pyalpaka::rt::gpu
{
    namespace
    {
        auto isDeviceMemory(Region const& r) -> bool
        {
            return r.device != nullptr && r.device->memorySpace() != MemorySpace::Host;
        }

        auto address(Region const& r) -> std::uintptr_t
        {
            return reinterpret_cast<std::uintptr_t>(r.data);
        }

        //! One end of a driver copy at byte offset `offset` of region r.
        template<typename TCopy>
        void setSource(TCopy& c, Region const& r, std::size_t offset)
        {
            if(isDeviceMemory(r))
            {
                c.srcMemoryType = MemoryDevice;
                c.srcDevice = static_cast<DevicePtr>(address(r) + offset);
            }
            else
            {
                c.srcMemoryType = MemoryHost;
                c.srcHost = static_cast<std::byte const*>(r.data) + offset;
            }
        }

        template<typename TCopy>
        void setDestination(TCopy& c, Region const& r, std::size_t offset)
        {
            if(isDeviceMemory(r))
            {
                c.dstMemoryType = MemoryDevice;
                c.dstDevice = static_cast<DevicePtr>(address(r) + offset);
            }
            else
            {
                c.dstMemoryType = MemoryHost;
                c.dstHost = static_cast<std::byte*>(r.data) + offset;
            }
        }

        //! Enqueues the copy of one block of at most two row dimensions: a 3-D copy where the outer stride is a whole
        //! number of inner ones (fitsPitched3D), else a 2-D copy per plane.
        void copyBlock(
            Api const& api,
            StreamHandle stream,
            Region const& dst,
            Region const& src,
            CopyRows const& block,
            std::size_t const* offsets)
        {
            if(alpaka::detail::fitsPitched3D(block))
            {
                Memcpy3D c{};
                setSource(c, src, offsets[1]);
                setDestination(c, dst, offsets[0]);
                c.srcPitch = block.stride[1][1];
                c.srcHeight = block.stride[1][0] / block.stride[1][1];
                c.dstPitch = block.stride[0][1];
                c.dstHeight = block.stride[0][0] / block.stride[0][1];
                c.widthInBytes = block.width;
                c.height = block.extent[1];
                c.depth = block.extent[0];
                PYALPAKA_GPU_CHECK(api, memcpy3DAsync, &c, stream);
                return;
            }
            alpaka::detail::forEachBlock(
                block,
                1,
                [&](CopyRows const& plane, std::size_t const* planeOffsets)
                {
                    // One row dimension (or none: a single row, pitches of its own width).
                    bool const rowsDim = plane.dims == 1;
                    Memcpy2D c{};
                    setSource(c, src, offsets[1] + planeOffsets[1]);
                    setDestination(c, dst, offsets[0] + planeOffsets[0]);
                    c.srcPitch = rowsDim ? plane.stride[1][0] : plane.width;
                    c.dstPitch = rowsDim ? plane.stride[0][0] : plane.width;
                    c.widthInBytes = plane.width;
                    c.height = rowsDim ? plane.extent[0] : 1;
                    PYALPAKA_GPU_CHECK(api, memcpy2DAsync, &c, stream);
                });
        }

        //! Fills the rows of one block (at most one row dimension) of device memory.
        void setBlock(
            Api const& api,
            StreamHandle stream,
            Region const& dst,
            SetRows const& block,
            std::size_t offset,
            std::uint8_t byte)
        {
            auto const base = static_cast<DevicePtr>(address(dst) + offset);
            if(block.dims == 0)
                PYALPAKA_GPU_CHECK(api, memsetD8Async, base, byte, block.width, stream);
            else
                PYALPAKA_GPU_CHECK(
                    api, memsetD2D8Async, base, block.stride[0][0], byte, block.width, block.extent[0], stream);
        }

        void setHostRegion(Region const& dst, std::uint8_t byte)
        {
            auto const rows = setRows(dst);
            alpaka::detail::forEachRow(
                rows,
                [&](std::size_t const* offsets)
                { std::memset(static_cast<std::byte*>(dst.data) + offsets[0], byte, rows.width); });
        }
    } // namespace

    namespace
    {
        //! The rows of a strided region: its bytes are rows.width times this.
        template<typename TRows>
        auto rowCount(TRows const& rows) -> std::size_t
        {
            std::size_t count = 1;
            for(std::size_t d = 0; d < rows.dims; ++d)
                count *= rows.extent[d];
            return count;
        }
    } // namespace

    void GpuQueue::copy(Region const& dst, Region const& src)
    {
        auto const rows = copyRows(dst, src);
        if(!isDeviceMemory(src) && !capturing() && m_pendingHostTasks->load(std::memory_order_acquire) != 0)
        {
            // The driver may read pageable host memory when the copy is enqueued, before host tasks enqueued
            // earlier ran (a fill of this NumPy array, say): let them run first.
            ContextScope scope(api(), m_device->context());
            PYALPAKA_GPU_CHECK(api(), streamSynchronize, m_stream);
        }
        submit(
            [&](StreamHandle stream)
            {
                alpaka::detail::forEachBlock(
                    rows,
                    2,
                    [&](CopyRows const& block, std::size_t const* offsets)
                    { copyBlock(api(), stream, dst, src, block, offsets); });
            },
            [&]
            {
                char const* const direction
                    = isDeviceMemory(src) ? (isDeviceMemory(dst) ? "copy device to device" : "copy device to host")
                                          : "copy host to device";
                return alpaka::trace::Description{alpaka::trace::Op::Copy, direction, {}, rows.width * rowCount(rows)};
            });
    }

    void GpuQueue::set(Region const& dst, std::uint8_t byte)
    {
        if(!isDeviceMemory(dst))
        {
            // Host memory (a NumPy array): filled on the host in queue order.
            if(alpaka::trace::enabled())
            {
                alpaka::trace::Description const what{alpaka::trace::Op::Memset, "memset (host memory)"};
                enqueueHostTask([dst, byte] { setHostRegion(dst, byte); }, &what);
            }
            else
                enqueueHostTask([dst, byte] { setHostRegion(dst, byte); });
            return;
        }
        auto const rows = setRows(dst);
        submit(
            [&](StreamHandle stream)
            {
                alpaka::detail::forEachBlock(
                    rows,
                    1,
                    [&](SetRows const& block, std::size_t const* offsets)
                    { setBlock(api(), stream, dst, block, offsets[0], byte); });
            },
            [&] {
                return alpaka::trace::Description{alpaka::trace::Op::Memset, "memset", {}, rows.width * rowCount(rows)};
            });
    }
} // namespace pyalpaka::rt::gpu
