// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0
#pragma once

//! \file
//! JitLauncher: the launch path of every kernel compiled at run time. pyalpaka.Kernel derives from it (a launch calls
//! straight into C++), and the shipped kernels' families launch on GPUs through one (KernelFamily, Kernels.cpp).
//!
//! It maps the Python arguments of a launch to C++ parameter types, either the exact types the values have (buffers
//! and arrays -> T*, T const* when read-only; NumPy scalars -> their type; int -> std::int64_t; float -> double;
//! bool -> bool; a structured NumPy scalar or 0-d array of a dtype registered in pyalpaka.Kernel's structs= -> that
//! C++ struct, by value) or a given parameter list (callAs: a shipped kernel's variant). It finds the compiled entry
//! for (back-end, dim, types) in an in-process table (no file I/O, no compiler), or asks the Python compile callback
//! for one and loads it, and launches: on a CPU device a shared library through the C interface of jit/EntryAbi.h,
//! on a GPU a module loaded into the device's context.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "FastCall.hpp"
#include "KernelArgs.hpp"
#include "QueueHandle.hpp"
#include "StructArgs.hpp"
#include "jit/EntryAbi.h"

namespace pyalpaka::bindings
{
    //! A loaded entry library (never unloaded: queued launches may still run its code), or for a GPU device the
    //! module loaded into that device's context.
    struct Entry
    {
        std::shared_ptr<rt::GpuKernel> gpu;
        pyalpaka_dyn_shared_bytes_fn dynSharedBytes = nullptr;
        pyalpaka_entry_fn run = nullptr;
        std::vector<rt::Param> params;
    };

    struct PendingLaunch;
    struct Signature;

    //! The queue and work division a launch `callee(queue, workdiv, *args)` begins with; TypeError naming what is
    //! missing or of another type.
    struct LaunchOperands
    {
        QueueHandle& queue;
        rt::WorkDiv const& workDiv;

        LaunchOperands(FastArgs const& args, std::string_view callee);
    };

    class JitLauncher
    {
    public:
        //! `compile(backend, dim, types, arch, cooperative, no_alias)` returns the path of a compiled entry (a shared
        //! library, or a GPU module where arch is set); `structs`: (C++ name, structured dtype) pairs. A CPU launch
        //! whose pointer arguments do not overlap asks for the no-alias variant.
        JitLauncher(std::string name, py::object compile, py::iterable const& structs);

        //! Launches with the parameter types the arguments map to; `cooperative` runs every block at once.
        void call(QueueHandle& queue, rt::WorkDiv const& workDiv, py::args const& args, bool cooperative);

        //! Launches on a GPU queue with the C++ parameter list `params` (a shipped kernel's variant), converting the
        //! arguments (classified as `infos`) to those types; their struct parameters must be registered under their
        //! qualified names. Errors name an argument "argument i of <caller>" (the Python name the user called).
        //! `extents`, where not null, is checked once the arguments are converted, before anything is compiled.
        void callAs(
            QueueHandle& queue,
            rt::WorkDiv const& workDiv,
            std::vector<rt::Param> const& params,
            ArgInfo const* infos,
            py::args const& args,
            std::string const& caller,
            rt::ExtentContract const* extents = nullptr);

        //! pyalpaka.max_active_blocks: how many blocks of this shape a cooperative launch on `device` may have with
        //! these arguments (alpaka::getMaxActiveBlocks); 0 for a block the device cannot run. Compiles the
        //! cooperative variant, as the launch would.
        auto maxActiveBlocks(
            std::shared_ptr<rt::Device> const& device,
            py::handle blockThreads,
            py::handle threadElems,
            py::args const& args) -> std::size_t;

        //! The kernel's name, as messages give it.
        [[nodiscard]] auto name() const -> std::string const&
        {
            return m_name;
        }

        //! How many entries this kernel has loaded in this process.
        [[nodiscard]] auto loadedCount() const -> std::size_t
        {
            return m_entries.size();
        }

    private:
        //! Classifies the arguments of a kernel on `device` (TypeError/ValueError naming a wrong one, before any
        //! compilation) and stores their values in `pending`.
        auto
        prepare(rt::Device& device, std::size_t dim, bool cooperative, py::args const& args, PendingLaunch& pending)
            -> Signature;
        //! The loaded entry of `signature`, compiled and loaded on first use.
        auto find(Signature const& signature, rt::Device& device, std::size_t dim) -> Entry const&;
        static auto load(std::string const& path) -> Entry;
        //! Launches a GPU entry with the arguments `pending` holds (the launch noted for a trace, the GIL released)
        //! and keeps the argument objects alive until the kernel ran.
        void launchOnGpu(
            QueueHandle& queue,
            Entry const& entry,
            rt::WorkDiv const& workDiv,
            PendingLaunch& pending,
            std::size_t count,
            bool cooperative,
            py::args const& args) const;

        std::string m_name;
        py::object m_compile;
        std::vector<StructType> m_structs;
        std::string m_structsHint; //!< what the message of an argument of another type adds about structs
        //! Looked up with a std::string_view (SignatureKey): no string is made to find an entry.
        struct KeyHash
        {
            using is_transparent = void;

            auto operator()(std::string_view key) const noexcept -> std::size_t
            {
                return std::hash<std::string_view>{}(key);
            }
        };

        std::unordered_map<std::string, Entry, KeyHash, std::equal_to<>> m_entries;
    };
} // namespace pyalpaka::bindings
