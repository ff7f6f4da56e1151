// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Back-ends and devices: _core.backend_infos(), _core.backend_device(name, index), _core.Device.

#include "Common.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        auto propsDict(rt::Device& dev, std::size_t dim) -> py::dict
        {
            auto const p = dev.backend().props(dev, dim);
            py::dict d;
            d["multi_processor_count"] = p.multiProcessorCount;
            d["grid_block_extent_max"] = toTuple(p.gridBlockExtentMax);
            d["grid_block_count_max"] = p.gridBlockCountMax;
            d["block_thread_extent_max"] = toTuple(p.blockThreadExtentMax);
            d["block_thread_count_max"] = p.blockThreadCountMax;
            d["thread_elem_extent_max"] = toTuple(p.threadElemExtentMax);
            d["thread_elem_count_max"] = p.threadElemCountMax;
            d["shared_mem_size_bytes"] = p.sharedMemSizeBytes;
            d["global_mem_size_bytes"] = p.globalMemSizeBytes;
            return d;
        }

    } // namespace

    void bindDevices(py::module_& m)
    {
        m.def(
            "_opened_device",
            [](std::string const& backend, std::string const& arch) -> std::shared_ptr<rt::Device>
            {
                auto& b = rt::backend(backend);
                return b.available() ? b.openedDevice(arch) : nullptr;
            },
            "A device of `backend` with architecture `arch` that this process has already opened, or None "
            "(see Backend::openedDevice).");
        m.def(
            "backend_infos",
            []
            {
                py::list out;
                for(auto* b : rt::backends())
                    out.append(py::make_tuple(b->name(), b->available(), b->reason(), b->accName()));
                return out;
            },
            "Every back-end of this build as (name, available, reason, accelerator) tuples.");

        m.def(
            "backend_device",
            [](std::string const& name, std::size_t index) { return rt::backend(name).device(index); },
            py::arg("name"),
            py::arg("index") = 0,
            "Device `index` of back-end `name`; BackendUnavailableError for an unknown or unavailable back-end, "
            "IndexError for an index out of range.");

        m.def(
            "backend_device_count",
            [](std::string const& name) { return rt::backend(name).deviceCount(); },
            py::arg("name"));

        py::class_<rt::Device, std::shared_ptr<rt::Device>>(
            m,
            "Device",
            "A device of one back-end. Get one with pyalpaka.device(); all CPU back-ends share the host's memory.")
            .def_property_readonly(
                "backend",
                [](rt::Device const& d) { return d.backend().name(); },
                "The back-end's name, e.g. 'cpu_serial'.")
            .def_property_readonly(
                "accelerator",
                [](rt::Device const& d) { return d.backend().accName(); },
                "The alpaka accelerator of the back-end, e.g. 'AccCpuSerial'.")
            .def_property_readonly("index", &rt::Device::index, "The device's index in its back-end.")
            .def_property_readonly("name", &rt::Device::name, "The device's name as its platform reports it.")
            .def_property_readonly("memory_bytes", &rt::Device::memoryBytes, "Global memory in bytes.")
            .def_property_readonly("free_memory_bytes", &rt::Device::freeMemoryBytes, "Free global memory in bytes.")
            .def_property_readonly(
                "warp_sizes",
                [](rt::Device const& d)
                {
                    auto const sizes = d.warpSizes();
                    return py::tuple(py::cast(sizes));
                },
                "The warp sizes the device supports ((1,) on CPUs).")
            .def_property_readonly(
                "arch",
                [](rt::Device const& d) -> py::object
                {
                    auto arch = d.architecture();
                    if(arch.empty())
                        return py::none();
                    return py::str(arch);
                },
                "The architecture run-time compilation targets on this device ('sm_90' for a CUDA device of compute "
                "capability 9.0); None for CPU devices.")
            .def_property_readonly(
                "compute_capability",
                [](rt::Device const& d) -> py::object
                {
                    auto const arch = d.architecture();
                    if(arch.rfind("sm_", 0) != 0 || arch.size() < 5)
                        return py::none();
                    auto const digits = arch.substr(3);
                    return py::make_tuple(
                        std::stoi(digits.substr(0, digits.size() - 1)), std::stoi(digits.substr(digits.size() - 1)));
                },
                "(major, minor) of a CUDA device; None for other devices.")
            .def(
                "_link_ptx",
                [](rt::Device& d, py::bytes const& ptx)
                {
                    auto text = static_cast<std::string>(ptx);
                    std::string cubin;
                    {
                        py::gil_scoped_release release;
                        cubin = d.linkPtx(text);
                    }
                    return py::bytes(cubin);
                },
                "The CUBIN of PTX for this CUDA device, compiled by its driver (the JIT's last step, see _ptx.py).")
            .def_property_readonly(
                "emulated",
                [](rt::Device const& d) { return isEmulated(d); },
                "Whether the device is the emulated GPU (PYALPAKA_GPU_EMULATOR=cuda): kernels run on the host's cores "
                "with GPU semantics, its memory is host memory (docs/dev/testing-gpu.md).")
            .def_property_readonly(
                "is_host",
                [](rt::Device const& d) { return d.memorySpace() == rt::MemorySpace::Host; },
                "Whether the device's memory is host memory (NumPy can use it directly).")
            .def_property_readonly(
                "props",
                [](rt::Device& d) { return py::module_::import("types").attr("MappingProxyType")(propsDict(d, 1)); },
                "getAccDevProps for 1-D kernels as a read-only mapping (block_thread_count_max, ...); props_for(dim) "
                "gives those of 2-D and 3-D kernels.")
            .def(
                "props_for",
                [](rt::Device& d, std::size_t dim) { return propsDict(d, dim); },
                py::arg("dim"),
                "getAccDevProps for kernels of `dim` dimensions (1 to 3) as a dict; extents are tuples in "
                "[z][y][x] order.")
            .def(
                "wait",
                [](rt::Device& d)
                {
                    py::gil_scoped_release release;
                    d.wait();
                },
                "Waits for every queue of the device.")
            .def(
                "__eq__",
                [](rt::Device const& a, py::object const& other)
                {
                    if(!py::isinstance<rt::Device>(other))
                        return false;
                    auto const& b = other.cast<rt::Device const&>();
                    return &a.backend() == &b.backend() && a.index() == b.index();
                })
            .def("__hash__", [](rt::Device const& d) { return py::hash(py::str(describeDevice(d))); })
            .def(
                "__repr__",
                [](rt::Device const& d) { return "Device('" + describeDevice(d) + "', name='" + d.name() + "')"; })
            .def("__str__", [](rt::Device const& d) { return describeDevice(d); });
    }
} // namespace pyalpaka::bindings
