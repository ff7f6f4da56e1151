// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.WorkDiv and _core.valid_workdiv.

#include <algorithm>
#include <atomic>
#include <cctype>

#include "Common.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        auto makeWorkDiv(py::handle gridBlocks, py::handle blockThreads, py::handle threadElems) -> rt::WorkDiv
        {
            rt::WorkDiv w{
                toExtents(gridBlocks, "grid_blocks"),
                blockThreads.is_none() ? rt::Extents{} : toExtents(blockThreads, "block_threads"),
                threadElems.is_none() ? rt::Extents{} : toExtents(threadElems, "thread_elems")};
            // Omitted extents are ones of the grid's dimensionality.
            for(auto* e : {&w.blockThreads, &w.threadElems})
                if(e->dim == 0)
                {
                    e->dim = w.gridBlocks.dim;
                    std::fill_n(e->values.begin(), e->dim, std::size_t{1});
                }
            rt::checkWorkDivShape(w);
            return w;
        }

        auto toRestrictions(std::string name) -> rt::SubDivRestrictions
        {
            std::string key;
            for(char c : name)
                if(c != '_')
                    key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            if(key == "unrestricted")
                return rt::SubDivRestrictions::Unrestricted;
            if(key == "equalextent")
                return rt::SubDivRestrictions::EqualExtent;
            if(key == "closetoequalextent")
                return rt::SubDivRestrictions::CloseToEqualExtent;
            throw std::invalid_argument(
                "restrictions must be 'unrestricted', 'equal_extent' or 'close_to_equal_extent', got '" + name + "'");
        }

        //! rt::hugeCpuGridWarning: a RuntimeWarning, once per process (a program that means it is told once).
        void warnHugeCpuGrid(std::string const& backend, rt::WorkDiv const& workDiv)
        {
            static std::atomic<bool> warned{false};
            if(warned.exchange(true))
                return;
            py::gil_scoped_acquire gil;
            auto const message
                = "pyalpaka: " + rt::toString(workDiv) + " on " + backend
                  + " has 2**32 blocks or more; a CPU runs a grid's blocks one after another on each core (about 1 ns "
                    "each even when empty on serial, OpenMP blocks and oneTBB, 30 ns on std::thread and fibers), so "
                    "the launch takes minutes to hours. A count of elements given as blocks? "
                    "pyalpaka.valid_workdiv(device, n) divides n elements into a few long runs per core. (Shown once.)";
            if(PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0)
                throw py::error_already_set(); // warnings turned into errors: the launch does not happen
        }
    } // namespace

    void bindWorkDivs(py::module_& m)
    {
        rt::hugeCpuGridWarning = &warnHugeCpuGrid;
        py::class_<rt::WorkDiv>(
            m,
            "WorkDiv",
            "A work division: blocks in the grid, threads per block, elements per thread, each a tuple in alpaka's "
            "[z][y][x] order (the last component varies fastest). Omitted block_threads/thread_elems are ones.")
            .def(
                py::init(&makeWorkDiv),
                py::arg("grid_blocks"),
                py::arg("block_threads") = py::none(),
                py::arg("thread_elems") = py::none())
            .def_property_readonly("grid_blocks", [](rt::WorkDiv const& w) { return toTuple(w.gridBlocks); })
            .def_property_readonly("block_threads", [](rt::WorkDiv const& w) { return toTuple(w.blockThreads); })
            .def_property_readonly("thread_elems", [](rt::WorkDiv const& w) { return toTuple(w.threadElems); })
            .def_property_readonly("dim", &rt::WorkDiv::dim, "The number of dimensions (1 to 3).")
            .def_property_readonly(
                "grid_threads",
                [](rt::WorkDiv const& w)
                {
                    auto e = w.gridBlocks;
                    for(std::size_t i = 0; i < e.dim; ++i)
                        e.values[i] *= w.blockThreads.values[i];
                    return toTuple(e);
                },
                "Threads in the grid per dimension.")
            .def_property_readonly(
                "grid_elems",
                [](rt::WorkDiv const& w)
                {
                    auto e = w.gridBlocks;
                    for(std::size_t i = 0; i < e.dim; ++i)
                        e.values[i] *= w.blockThreads.values[i] * w.threadElems.values[i];
                    return toTuple(e);
                },
                "Elements the grid covers per dimension.")
            .def(
                "__eq__",
                [](rt::WorkDiv const& a, py::object const& b)
                { return py::isinstance<rt::WorkDiv>(b) && a == b.cast<rt::WorkDiv const&>(); })
            .def(
                "__hash__",
                [](rt::WorkDiv const& w) {
                    return py::hash(
                        py::make_tuple(toTuple(w.gridBlocks), toTuple(w.blockThreads), toTuple(w.threadElems)));
                })
            .def("__repr__", [](rt::WorkDiv const& w) { return rt::toString(w); })
            .def(py::pickle(
                [](rt::WorkDiv const& w)
                { return py::make_tuple(toTuple(w.gridBlocks), toTuple(w.blockThreads), toTuple(w.threadElems)); },
                [](py::tuple const& t) { return makeWorkDiv(t[0], t[1], t[2]); }));

        m.def(
            "valid_workdiv",
            [](std::shared_ptr<rt::Device> const& dev,
               py::handle gridElems,
               py::handle threadElems,
               bool blockThreadsMustDivide,
               std::string const& restrictions)
            {
                auto const grid = toExtents(gridElems, "grid_elems");
                rt::Extents elems;
                if(threadElems.is_none())
                {
                    // Zeros: the back-end chooses (a few long runs per core on CPUs, one element on GPUs).
                    elems.dim = grid.dim;
                    std::fill_n(elems.values.begin(), elems.dim, std::size_t{0});
                }
                else
                    elems = toExtents(threadElems, "thread_elems");
                auto const r = toRestrictions(restrictions);
                return dev->backend().validWorkDiv(*dev, grid, elems, blockThreadsMustDivide, r);
            },
            py::arg("device"),
            py::arg("grid_elems"),
            py::arg("thread_elems") = py::none(),
            py::arg("block_threads_must_divide") = true,
            py::arg("restrictions") = "unrestricted",
            "alpaka's getValidWorkDiv for the device's back-end: a work division covering grid_elems elements with "
            "thread_elems elements per thread; None (or a component of 0) lets the back-end choose.");
    }
} // namespace pyalpaka::bindings
