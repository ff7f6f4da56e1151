// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! The emulated GPU's memory (Emulator.hpp): device and page-locked blocks are host memory, tracked so that every copy
//! and memset can be checked against the live blocks when it is queued. New blocks are filled with 0xCD (memory the
//! kernel did not write reads as garbage, as on a GPU, not as zeros), freed ones with 0xDD. In the checking mode
//! (PYALPAKA_GPU_EMULATOR_CHECK=1) each block is its own mapping that ends at a guard page (a write past its end
//! faults), and a freed block is protected and kept out of reuse (a use after free faults, at the faulting
//! operation). Freeing synchronizes the device first, as cuMemFree does.

#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <sstream>

#include <sys/mman.h>
#include <unistd.h>

#include "Emulator.hpp"
#include "runtime/gpu/GpuApi.hpp"

namespace pyalpaka::emulator
{
    namespace
    {
        constexpr std::size_t totalBytes = std::size_t{8} << 30;
        constexpr std::size_t alignment = 256;         // what cuMemAlloc guarantees
        constexpr std::size_t quarantineLimit = 16384; // protected freed mappings kept in the checking mode

        struct Block
        {
            std::size_t bytes = 0;
            bool host = false;       // page-locked host memory (cuMemHostAlloc)
            void* mapping = nullptr; // the checking mode's mapping, and its size
            std::size_t mappingBytes = 0;
        };

        std::mutex memoryMutex;
        std::map<std::uintptr_t, Block> blocks;
        std::size_t allocatedBytes = 0;
        std::deque<std::pair<void*, std::size_t>> quarantine;

        auto checking() -> bool
        {
            static bool const on = []
            {
                char const* text = std::getenv("PYALPAKA_GPU_EMULATOR_CHECK");
                return text != nullptr && std::strcmp(text, "1") == 0;
            }();
            return on;
        }

        auto pageBytes() -> std::size_t
        {
            static std::size_t const bytes = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
            return bytes;
        }

        auto roundUp(std::size_t value, std::size_t to) -> std::size_t
        {
            return (value + to - 1) / to * to;
        }

        auto allocate(void** pointer, std::size_t bytes, bool host) -> Result
        {
            if(pointer == nullptr || bytes == 0)
                return fail(InvalidValue, "an allocation of 0 bytes");
            std::lock_guard lock(memoryMutex);
            if(bytes > totalBytes - allocatedBytes)
                return fail(OutOfMemory, "the emulated device's memory is used up");
            Block block{bytes, host};
            void* memory = nullptr;
            if(checking())
            {
                // The block's last byte (rounded to the alignment) just before a protected page.
                std::size_t const usable = roundUp(bytes, pageBytes());
                block.mappingBytes = usable + pageBytes();
                block.mapping
                    = ::mmap(nullptr, block.mappingBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
                if(block.mapping == MAP_FAILED)
                    return fail(OutOfMemory, "mmap failed");
                ::mprotect(static_cast<char*>(block.mapping) + usable, pageBytes(), PROT_NONE);
                memory = static_cast<char*>(block.mapping) + usable - roundUp(bytes, alignment);
            }
            else if(::posix_memalign(&memory, alignment, bytes) != 0)
                return fail(OutOfMemory, "the host is out of memory");
            std::memset(memory, 0xCD, bytes);
            blocks[reinterpret_cast<std::uintptr_t>(memory)] = block;
            allocatedBytes += bytes;
            *pointer = memory;
            return Success;
        }

        auto release(void* pointer, bool host, char const* call) -> Result
        {
            if(pointer == nullptr)
                return Success;
            if(Result const status = synchronizeAll(); status != Success)
                return status;
            std::lock_guard lock(memoryMutex);
            auto const found = blocks.find(reinterpret_cast<std::uintptr_t>(pointer));
            if(found == blocks.end() || found->second.host != host)
                return fail(InvalidValue, std::string(call) + ": not the start of a live block of this kind");
            Block const block = found->second;
            blocks.erase(found);
            allocatedBytes -= block.bytes;
            std::memset(pointer, 0xDD, block.bytes);
            if(block.mapping == nullptr)
            {
                std::free(pointer);
                return Success;
            }
            ::mprotect(block.mapping, block.mappingBytes, PROT_NONE);
            quarantine.emplace_back(block.mapping, block.mappingBytes);
            if(quarantine.size() > quarantineLimit)
            {
                ::munmap(quarantine.front().first, quarantine.front().second);
                quarantine.pop_front();
            }
            return Success;
        }

        //! The device side of a copy must lie inside a live block; the host side is the caller's memory.
        auto checkSide(
            char const* call, rt::gpu::MemoryType type, std::uintptr_t device, std::size_t offset, std::size_t extent)
            -> Result
        {
            if(type == rt::gpu::MemoryHost || extent == 0)
                return Success;
            if(type != rt::gpu::MemoryDevice)
                return fail(InvalidValue, std::string(call) + ": a memory type other than host or device");
            return insideBlock(device + offset, extent)
                       ? Success
                       : fail(InvalidValue, outsideMessage(call, device + offset, extent));
        }

        auto sideAddress(rt::gpu::MemoryType type, void const* host, std::uintptr_t device) -> char*
        {
            return type == rt::gpu::MemoryHost ? static_cast<char*>(const_cast<void*>(host))
                                               : reinterpret_cast<char*>(device);
        }
    } // namespace

    auto insideBlock(std::uintptr_t pointer, std::size_t bytes) -> bool
    {
        std::lock_guard lock(memoryMutex);
        auto found = blocks.upper_bound(pointer);
        if(found == blocks.begin())
            return false;
        --found;
        return pointer - found->first <= found->second.bytes && bytes <= found->second.bytes - (pointer - found->first);
    }

    auto outsideMessage(char const* call, std::uintptr_t pointer, std::size_t bytes) -> std::string
    {
        std::ostringstream text;
        text << call << ": the device range [0x" << std::hex << pointer << ", 0x" << pointer + bytes << std::dec
             << ") (" << bytes << " bytes) is not inside one live block of device memory";
        return text.str();
    }
} // namespace pyalpaka::emulator

using namespace pyalpaka::emulator;
using pyalpaka::rt::gpu::Memcpy2D;
using pyalpaka::rt::gpu::Memcpy3D;

PYALPAKA_EMULATOR_EXPORT Result cuMemGetInfo_v2(std::size_t* free, std::size_t* total)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    std::lock_guard lock(memoryMutex);
    *free = totalBytes - allocatedBytes;
    *total = totalBytes;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuDeviceTotalMem_v2(std::size_t* bytes, int device)
{
    if(device != 0 || bytes == nullptr)
        return InvalidDevice;
    *bytes = totalBytes;
    return Success;
}

PYALPAKA_EMULATOR_EXPORT Result cuMemAlloc_v2(unsigned long long* pointer, std::size_t bytes)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    void* memory = nullptr;
    Result const status = allocate(&memory, bytes, false);
    if(status == Success)
        *pointer = reinterpret_cast<std::uintptr_t>(memory);
    return status;
}

PYALPAKA_EMULATOR_EXPORT Result cuMemFree_v2(unsigned long long pointer)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    return release(reinterpret_cast<void*>(pointer), false, "cuMemFree");
}

PYALPAKA_EMULATOR_EXPORT Result cuMemHostAlloc(void** pointer, std::size_t bytes, unsigned flags)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    if((flags & ~7u) != 0)
        return InvalidValue;
    return allocate(pointer, bytes, true);
}

PYALPAKA_EMULATOR_EXPORT Result cuMemFreeHost(void* pointer)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    return release(pointer, true, "cuMemFreeHost");
}

PYALPAKA_EMULATOR_EXPORT Result cuMemcpy2DAsync_v2(Memcpy2D const* c, void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr || c == nullptr)
        return fail(InvalidHandle, "cuMemcpy2DAsync: not a live stream");
    if(c->srcPitch < c->widthInBytes || c->dstPitch < c->widthInBytes || c->srcArray || c->dstArray)
        return fail(InvalidValue, "cuMemcpy2DAsync: a pitch smaller than the width, or an array");
    if(c->widthInBytes == 0 || c->height == 0)
        return Success;
    std::size_t const srcStart = c->srcY * c->srcPitch + c->srcXInBytes;
    std::size_t const dstStart = c->dstY * c->dstPitch + c->dstXInBytes;
    std::size_t const srcExtent = (c->height - 1) * c->srcPitch + c->widthInBytes;
    std::size_t const dstExtent = (c->height - 1) * c->dstPitch + c->widthInBytes;
    if(Result const s = checkSide("cuMemcpy2DAsync source", c->srcMemoryType, c->srcDevice, srcStart, srcExtent))
        return s;
    if(Result const s = checkSide("cuMemcpy2DAsync destination", c->dstMemoryType, c->dstDevice, dstStart, dstExtent))
        return s;
    char const* src = sideAddress(c->srcMemoryType, c->srcHost, c->srcDevice) + srcStart;
    char* dst = sideAddress(c->dstMemoryType, c->dstHost, c->dstDevice) + dstStart;
    return submit(
        *stream,
        [src, dst, srcPitch = c->srcPitch, dstPitch = c->dstPitch, width = c->widthInBytes, height = c->height]
        {
            for(std::size_t row = 0; row < height; ++row)
                std::memmove(dst + row * dstPitch, src + row * srcPitch, width);
        });
}

PYALPAKA_EMULATOR_EXPORT Result cuMemcpy3DAsync_v2(Memcpy3D const* c, void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr || c == nullptr)
        return fail(InvalidHandle, "cuMemcpy3DAsync: not a live stream");
    if(c->srcPitch < c->widthInBytes || c->dstPitch < c->widthInBytes || c->srcHeight < c->height
       || c->dstHeight < c->height || c->reserved0 || c->reserved1 || c->srcArray || c->dstArray || c->srcLOD
       || c->dstLOD)
        return fail(InvalidValue, "cuMemcpy3DAsync: a pitch or height smaller than the extent, or an array");
    if(c->widthInBytes == 0 || c->height == 0 || c->depth == 0)
        return Success;
    std::size_t const srcSlice = c->srcPitch * c->srcHeight;
    std::size_t const dstSlice = c->dstPitch * c->dstHeight;
    std::size_t const srcStart = c->srcZ * srcSlice + c->srcY * c->srcPitch + c->srcXInBytes;
    std::size_t const dstStart = c->dstZ * dstSlice + c->dstY * c->dstPitch + c->dstXInBytes;
    std::size_t const srcExtent = (c->depth - 1) * srcSlice + (c->height - 1) * c->srcPitch + c->widthInBytes;
    std::size_t const dstExtent = (c->depth - 1) * dstSlice + (c->height - 1) * c->dstPitch + c->widthInBytes;
    if(Result const s = checkSide("cuMemcpy3DAsync source", c->srcMemoryType, c->srcDevice, srcStart, srcExtent))
        return s;
    if(Result const s = checkSide("cuMemcpy3DAsync destination", c->dstMemoryType, c->dstDevice, dstStart, dstExtent))
        return s;
    char const* src = sideAddress(c->srcMemoryType, c->srcHost, c->srcDevice) + srcStart;
    char* dst = sideAddress(c->dstMemoryType, c->dstHost, c->dstDevice) + dstStart;
    return submit(
        *stream,
        [src, dst, c = *c, srcSlice, dstSlice]
        {
            for(std::size_t z = 0; z < c.depth; ++z)
                for(std::size_t y = 0; y < c.height; ++y)
                    std::memmove(
                        dst + z * dstSlice + y * c.dstPitch, src + z * srcSlice + y * c.srcPitch, c.widthInBytes);
        });
}

PYALPAKA_EMULATOR_EXPORT Result cuMemsetD2D8Async(
    unsigned long long dst, std::size_t pitch, unsigned char value, std::size_t width, std::size_t height, void* handle)
{
    PYALPAKA_EMULATOR_REQUIRE_CONTEXT();
    Stream* stream = findStream(handle);
    if(stream == nullptr)
        return fail(InvalidHandle, "cuMemsetD2D8Async: not a live stream");
    if(pitch < width)
        return fail(InvalidValue, "cuMemsetD2D8Async: a pitch smaller than the width");
    if(width == 0 || height == 0)
        return Success;
    std::size_t const extent = (height - 1) * pitch + width;
    if(!insideBlock(dst, extent))
        return fail(InvalidValue, outsideMessage("cuMemsetD2D8Async", dst, extent));
    auto* target = reinterpret_cast<char*>(dst);
    return submit(
        *stream,
        [=]
        {
            for(std::size_t row = 0; row < height; ++row)
                std::memset(target + row * pitch, value, width);
        });
}

PYALPAKA_EMULATOR_EXPORT Result cuMemsetD8Async(unsigned long long dst, unsigned char value, std::size_t count, void* s)
{
    return cuMemsetD2D8Async(dst, count, value, count, 1, s);
}
