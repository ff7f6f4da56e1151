// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.MemoryPool (pk.memory_pool(device)): a device's pool of buffer memory, its statistics and its limit.

#include <cmath>

#include "Common.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        //! The Python object of a device's pool: the device keeps the pool alive.
        struct PoolHandle
        {
            std::shared_ptr<rt::Device> device;
            bool pinned = false;

            [[nodiscard]] auto pool() const -> rt::MemoryPool&
            {
                return pinned ? device->mappedMemoryPool() : device->memoryPool();
            }

            [[nodiscard]] auto kind() const -> char const*
            {
                return pinned ? "pinned" : "device";
            }
        };

        //! A bound in bytes (`what`: "limit", "max_cached_bytes") from an int (bytes), a float in (0, 1] (a fraction
        //! of the device's memory) or None (0: no bound).
        auto toLimit(py::handle value, rt::MemoryPool const& pool, std::string const& what) -> std::size_t
        {
            if(value.is_none())
                return 0;
            if(py::isinstance<py::float_>(value))
            {
                auto const fraction = value.cast<double>();
                if(!(fraction > 0.0 && fraction <= 1.0))
                    throw std::invalid_argument(
                        "a memory pool " + what
                        + " given as a float is a fraction of the device's memory in (0, 1], got "
                        + py::repr(value).cast<std::string>());
                return std::max<std::size_t>(
                    1, static_cast<std::size_t>(std::floor(fraction * static_cast<double>(pool.source().deviceBytes))));
            }
            auto const bytes = toCount(
                value,
                value,
                "a memory pool " + what
                    + " is an int (bytes), a float (a fraction of the device's memory) or None, got ",
                "a memory pool " + what + " must not be negative, got ",
                "a memory pool " + what + " must be below 2**64, got ");
            if(bytes == 0)
                throw std::invalid_argument(
                    "a memory pool " + what + " of 0 bytes allows nothing: use None for no bound (or caching = False)");
            return bytes;
        }

        auto statsDict(rt::MemoryPoolStats const& s) -> py::dict
        {
            py::dict d;
            d["used_bytes"] = s.usedBytes;
            d["cached_bytes"] = s.cachedBytes;
            d["held_bytes"] = s.heldBytes();
            d["limit"] = s.limitBytes == 0 ? py::object(py::none()) : py::object(py::int_(s.limitBytes));
            d["max_cached_bytes"]
                = s.maxCachedBytes == 0 ? py::object(py::none()) : py::object(py::int_(s.maxCachedBytes));
            d["caching"] = s.caching;
            d["requests"] = s.requests;
            d["reuses"] = s.reuses;
            d["device_allocations"] = s.sourceAllocs;
            d["device_frees"] = s.sourceFrees;
            d["out_of_memory_retries"] = s.outOfMemoryRetries;
            return d;
        }

        auto poolRepr(PoolHandle const& h) -> std::string
        {
            auto const s = h.pool().stats();
            return "MemoryPool(" + describeDevice(*h.device) + (h.pinned ? ", pinned" : "")
                   + ", used=" + rt::formatBytes(s.usedBytes) + ", held=" + rt::formatBytes(s.heldBytes())
                   + ", limit=" + (s.limitBytes == 0 ? std::string("None") : rt::formatBytes(s.limitBytes))
                   + (s.caching ? "" : ", caching=False") + ")";
        }
    } // namespace

    void bindMemoryPools(py::module_& m)
    {
        py::class_<PoolHandle>(
            m,
            "MemoryPool",
            "The pool a device's buffers come from. A released buffer's memory stays in the pool (held) and serves "
            "the next buffer of its size class without asking the device (PYALPAKA_MEMORY_POOL=0, or caching = "
            "False, turns that off).")
            .def_property_readonly(
                "device", [](PoolHandle const& h) { return h.device; }, "The device whose memory the pool holds.")
            .def_property_readonly(
                "kind",
                &PoolHandle::kind,
                "'device' (the device's memory) or 'pinned' (page-locked host memory for the device's copies).")
            .def_property_readonly(
                "used_bytes",
                [](PoolHandle const& h) { return h.pool().stats().usedBytes; },
                "Bytes in buffers alive now (each rounded up to its size class).")
            .def_property_readonly(
                "held_bytes",
                [](PoolHandle const& h) { return h.pool().stats().heldBytes(); },
                "Bytes the pool has from the device: used_bytes plus the cached blocks kept for reuse.")
            .def_property_readonly(
                "cached_bytes",
                [](PoolHandle const& h) { return h.pool().stats().cachedBytes; },
                "Bytes of released blocks kept for reuse (held_bytes - used_bytes).")
            .def_property(
                "limit",
                [](PoolHandle const& h) -> py::object
                {
                    auto const limit = h.pool().stats().limitBytes;
                    return limit == 0 ? py::object(py::none()) : py::object(py::int_(limit));
                },
                [](PoolHandle const& h, py::handle value)
                {
                    auto const bytes = toLimit(value, h.pool(), "limit");
                    py::gil_scoped_release release;
                    h.pool().setLimit(bytes);
                },
                "The most bytes the pool may hold (used and cached together), or None. Set an int (bytes), a float "
                "(a fraction of the device's memory) or None; a buffer beyond it raises MemoryError. A lower limit "
                "gives cached blocks back at once.")
            .def_property(
                "max_cached_bytes",
                [](PoolHandle const& h) -> py::object
                {
                    auto const bytes = h.pool().stats().maxCachedBytes;
                    return bytes == 0 ? py::object(py::none()) : py::object(py::int_(bytes));
                },
                [](PoolHandle const& h, py::handle value)
                {
                    auto const bytes = toLimit(value, h.pool(), "max_cached_bytes");
                    py::gil_scoped_release release;
                    h.pool().setMaxCached(bytes);
                },
                "The most bytes the pool keeps in cached blocks, or None (no bound: GPU pools, which give their "
                "cache back when the device runs out); a release beyond it goes back to the device. CPU devices "
                "keep at most an eighth of the memory. Set like limit.")
            .def_property(
                "caching",
                [](PoolHandle const& h) { return h.pool().stats().caching; },
                [](PoolHandle const& h, bool caching)
                {
                    py::gil_scoped_release release;
                    h.pool().setCaching(caching);
                },
                "Whether released blocks are kept for reuse; False gives the cached ones back at once.")
            .def(
                "free_all",
                [](PoolHandle const& h)
                {
                    py::gil_scoped_release release;
                    return h.pool().freeAll();
                },
                "Gives every cached block back to the device (blocks that a queue-ordered release still fences stay); "
                "returns the bytes given back. Buffers alive keep their memory.")
            .def(
                "stats",
                [](PoolHandle const& h) { return statsDict(h.pool().stats()); },
                "The pool's counters at this moment: bytes used, cached, held, the limit, and how many requests were "
                "served from the cache (reuses) or by the device.")
            .def("__repr__", &poolRepr);

        m.def(
            "memory_pool",
            [](std::shared_ptr<rt::Device> const& device, std::string const& kind)
            {
                if(kind != "device" && kind != "pinned")
                    throw std::invalid_argument("memory_pool: kind is 'device' or 'pinned', got '" + kind + "'");
                return PoolHandle{device, kind == "pinned"};
            },
            py::arg("device"),
            py::arg("kind") = "device",
            "The pool of `device`'s buffers, or with kind='pinned' that of its page-locked host buffers (GPU devices; "
            "a CPU device has one pool for both).");
    }
} // namespace pyalpaka::bindings
