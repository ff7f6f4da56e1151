// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.JitLauncher: the hot path of pyalpaka.Kernel. It maps the Python arguments of a launch to exact C++ types
//! (PYTHON_API.md: buffers and arrays -> T* (T const* when read-only), NumPy scalars -> their type, int ->
//! std::int64_t, float -> double, bool -> bool; a structured NumPy scalar or 0-d array of a dtype registered in
//! pyalpaka.Kernel's structs= -> that C++ struct, by value), finds the compiled entry for (back-end, dim, types) in
//! an in-process table (no file I/O, no compiler), or asks the Python compile callback for a shared library to load,
//! and launches through the C interface of jit/EntryAbi.h.

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include <dlfcn.h>

#include "KernelArgs.hpp"
#include "QueueHandle.hpp"
#include "jit/EntryAbi.h"

namespace pyalpaka::bindings
{
    namespace
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

        //! A C++ struct a kernel takes by value and the NumPy structured dtype of its layout (Kernel's structs=).
        struct StructType
        {
            std::string name;
            py::object dtype;
            std::size_t size = 0;
        };

        //! Not a struct argument (StructType index).
        constexpr int notStruct = -1;
        //! The key character of a struct argument's kind (the other kinds' are rt::ParamKind's values).
        constexpr char structKeyKind = static_cast<char>(rt::ParamKind::Struct);

        //! "Params = dtype([...]), ..." for messages.
        auto describeStructs(std::vector<StructType> const& structs) -> std::string
        {
            std::string text;
            for(auto const& s : structs)
                text += (text.empty() ? "" : ", ") + s.name + " = " + py::repr(s.dtype).cast<std::string>();
            return text;
        }

        //! The index in `structs` of a struct argument, notStruct for a value that is no structured NumPy value;
        //! TypeError for a structured value that is not a scalar or 0-d array of a registered dtype.
        template<typename TWhat>
        auto structIndex(std::vector<StructType> const& structs, py::handle arg, TWhat const& what) -> int
        {
            auto const dtype = structuredDType(arg);
            if(!dtype)
                return notStruct;
            if(py::isinstance<py::array>(arg))
                if(auto const array = py::reinterpret_borrow<py::array>(arg); array.ndim() != 0)
                    throw rt::TypeMismatch(
                        what() + " is a structured array of shape " + py::repr(array.attr("shape")).cast<std::string>()
                        + "; a struct argument is one value: a structured scalar (array[i]) or a 0-d array");
            for(std::size_t i = 0; i < structs.size(); ++i)
            {
                int const equal = PyObject_RichCompareBool(dtype->ptr(), structs[i].dtype.ptr(), Py_EQ);
                if(equal < 0)
                    throw py::error_already_set();
                if(equal == 1)
                    return static_cast<int>(i);
            }
            throw rt::TypeMismatch(
                what() + " has the structured dtype " + py::repr(*dtype).cast<std::string>() + ", which is not "
                + (structs.empty() ? std::string("registered: pass structs={'CppName': dtype} to pyalpaka.Kernel")
                                   : "a registered struct's: expected " + describeStructs(structs)));
        }

        //! The exact C++ parameter a Python argument maps to; `what()` names the argument in the TypeError of a value
        //! that is no kernel argument ("argument 2 of Scale").
        template<typename TWhat>
        auto exactParam(ArgInfo const& info, py::handle arg, TWhat const& what, std::string const& structsHint = {})
            -> rt::Param
        {
            switch(info.kind)
            {
                case ArgInfo::Kind::Pointer:
                    return {info.readonly ? rt::ParamKind::ConstPointer : rt::ParamKind::Pointer, info.dtype};
                case ArgInfo::Kind::Integer:
                    return {rt::ParamKind::Scalar, info.numpyScalar ? info.dtype : rt::DType::Int64};
                case ArgInfo::Kind::Real:
                    return {rt::ParamKind::Scalar, info.numpyScalar ? info.dtype : rt::DType::Float64};
                case ArgInfo::Kind::Boolean:
                    return {rt::ParamKind::Scalar, rt::DType::Bool};
                default:
                    throw rt::TypeMismatch(
                        what() + " is " + py::repr(py::type::of(arg)).cast<std::string>()
                        + "; kernels take pyalpaka Buffers, NumPy arrays (CPU devices), NumPy scalars, int, float and "
                          "bool"
                        + structsHint);
            }
        }

        auto typeName(rt::Param const& p) -> std::string
        {
            std::string name(rt::info(p.dtype).cppName);
            if(p.kind == rt::ParamKind::ConstPointer)
                return name + " const*";
            if(p.kind == rt::ParamKind::Pointer)
                return name + "*";
            return name;
        }

        //! Throws the exception a non-OK entry return code stands for.
        [[noreturn]] void raiseEntryError(int code, char const* message)
        {
            if(code == PYALPAKA_ENTRY_INVALID_LAUNCH)
                throw std::invalid_argument(message);
            throw std::runtime_error(message);
        }

        //! The dynamic shared memory the kernel asks for, checked against the device's limit.
        auto dynSharedBytes(Entry const& entry, pyalpaka_launch const& launch, rt::Device& device) -> std::uint64_t
        {
            std::array<char, 1024> error{};
            std::uint64_t bytes = 0;
            if(int const code = entry.dynSharedBytes(&launch, &bytes, error.data(), error.size());
               code != PYALPAKA_ENTRY_OK)
                raiseEntryError(code, error.data());
            if(bytes == 0)
                return 0;
            auto const limit = device.backend().props(device, launch.dim).sharedMemSizeBytes;
            if(bytes > limit)
                throw std::invalid_argument(
                    "kernel launch on '" + device.backend().name() + "': the kernel asks for " + std::to_string(bytes)
                    + " bytes of dynamic block shared memory, at most " + std::to_string(limit)
                    + " bytes per block are available");
            return bytes;
        }

        //! Appends n in decimal (std::to_string would make a string of its own, on every launch).
        void appendDecimal(std::string& text, std::size_t n)
        {
            std::array<char, 20> digits{};
            auto const end = std::to_chars(digits.data(), digits.data() + digits.size(), n).ptr;
            text.append(digits.data(), end);
        }

        //! What a queued launch needs once the Python call has returned: the argument values and the launch.
        struct PendingLaunch
        {
            pyalpaka_launch launch{};
            ArgValues values;
            std::array<void const*, maxKernelArgs> pointers{};
            pyalpaka_entry_fn run = nullptr;

            //! The launch of workDiv with the argument values stored so far.
            void setLaunch(rt::WorkDiv const& workDiv, std::size_t argCount)
            {
                launch.dim = workDiv.dim();
                for(std::size_t i = 0; i < workDiv.dim(); ++i)
                {
                    launch.grid_blocks[i] = workDiv.gridBlocks.values[i];
                    launch.block_threads[i] = workDiv.blockThreads.values[i];
                    launch.thread_elems[i] = workDiv.threadElems.values[i];
                }
                launch.arg_count = argCount;
                for(std::size_t i = 0; i < argCount; ++i)
                    pointers[i] = values.value(i);
                launch.args = pointers.data();
            }
        };

        //! The arguments of one call: their C++ parameters and the key of the compiled entry that takes them.
        struct Signature
        {
            std::string key;
            std::array<rt::Param, maxKernelArgs> params{};
            std::array<int, maxKernelArgs> structOf{};
            std::size_t count = 0;
            bool cooperative = false;
        };

        //! The grid of a cooperative launch must fit the blocks that can run at once.
        void checkCooperativeGrid(rt::Device& device, rt::WorkDiv const& workDiv)
        {
            auto const max = device.backend().cooperativeBlocksMax(device, workDiv.dim());
            if(auto const blocks = workDiv.gridBlocks.product(); blocks > max)
                throw std::invalid_argument(
                    "cooperative kernel launch on '" + device.backend().name() + "': the grid has "
                    + std::to_string(blocks) + " blocks, but at most " + std::to_string(max)
                    + " can run at the same time (pyalpaka.max_active_blocks); a grid barrier needs every block "
                      "running: launch at most that many blocks");
        }

        class JitLauncher
        {
        public:
            JitLauncher(std::string name, py::object compile, py::iterable const& structs)
                : m_name(std::move(name))
                , m_compile(std::move(compile))
            {
                for(auto const item : structs)
                {
                    auto const pair = item.cast<py::tuple>();
                    auto const dtype = pair[1].cast<py::dtype>();
                    m_structs.push_back(
                        {pair[0].cast<std::string>(), dtype, static_cast<std::size_t>(dtype.itemsize())});
                }
                if(!m_structs.empty())
                    m_structsHint = "; struct arguments (" + describeStructs(m_structs)
                                    + ") are structured NumPy scalars or 0-d arrays of their dtype, e.g. "
                                      "numpy.array(values, dtype)[()]";
            }

            void call(QueueHandle& queue, rt::WorkDiv const& workDiv, py::args const& args, bool cooperative)
            {
                auto const device = queue.queue().device();
                // The runtime validates with its own compiled checks (see EntryAbi.h), before a compilation: a bad work
                // division is the caller's error now, not the queue's later.
                device->backend().checkWorkDiv(*device, workDiv);

                // On the stack: a GPU launch and a blocking queue are done with it when this call returns; only a
                // queued host task moves it to the heap.
                PendingLaunch pending;
                auto const signature = prepare(*device, workDiv.dim(), cooperative, args, pending);
                auto const& entry = find(signature, *device, workDiv.dim());
                auto const count = signature.count;
                pending.setLaunch(workDiv, count);

                if(entry.gpu)
                {
                    {
                        py::gil_scoped_release release;
                        entry.gpu->launch(queue.queue(), workDiv, pending.pointers.data(), count, cooperative);
                    }
                    queue.keepUntilDone(args); // the buffers live until the kernel ran
                    return;
                }

                pending.run = entry.run;
                auto& launch = pending.launch;
                launch.dyn_shared_bytes = dynSharedBytes(entry, launch, *device);
                if(cooperative)
                    checkCooperativeGrid(*device, workDiv);

                // A blocking queue runs the kernel here; one that captures a graph records it as a host task.
                if(queue.queue().blocking() && !queue.queue().capturing())
                {
                    std::array<char, 1024> error{};
                    int code = 0;
                    {
                        py::gil_scoped_release release;
                        code = entry.run(&launch, error.data(), error.size());
                    }
                    if(code != PYALPAKA_ENTRY_OK)
                        raiseEntryError(code, error.data());
                    return;
                }
                auto shared = std::make_shared<PendingLaunch>(std::move(pending));
                shared->setLaunch(workDiv, count); // its argument pointers, into the moved values
                {
                    py::gil_scoped_release release;
                    queue.queue().enqueueHostTask(
                        [shared]
                        {
                            std::array<char, 1024> message{};
                            int const code = shared->run(&shared->launch, message.data(), message.size());
                            if(code != PYALPAKA_ENTRY_OK)
                                raiseEntryError(code, message.data());
                        });
                }
                queue.keepUntilDone(args);
            }

            //! pyalpaka.max_active_blocks: how many blocks of this shape a cooperative launch on `device` may have with
            //! these arguments (alpaka::getMaxActiveBlocks); 0 for a block the device cannot run. Compiles the
            //! cooperative variant, as the launch would.
            auto maxActiveBlocks(
                std::shared_ptr<rt::Device> const& device,
                py::handle blockThreads,
                py::handle threadElems,
                py::args const& args) -> std::size_t
            {
                auto block = toExtents(blockThreads, "block_threads");
                auto elems = toExtents(threadElems, "thread_elems");
                rt::WorkDiv shape{{}, block, elems};
                shape.gridBlocks.dim = block.dim;
                std::fill_n(shape.gridBlocks.values.begin(), block.dim, std::size_t{1});
                rt::checkWorkDivShape(shape);
                try
                {
                    device->backend().checkWorkDiv(*device, shape);
                }
                catch(std::invalid_argument const&)
                {
                    return 0; // a block shape the device cannot run, as alpaka::getMaxActiveBlocks says
                }
                PendingLaunch pending;
                auto const signature = prepare(*device, shape.dim(), true, args, pending);
                auto const& entry = find(signature, *device, shape.dim());
                pending.setLaunch(shape, signature.count);
                if(entry.gpu)
                {
                    py::gil_scoped_release release;
                    return entry.gpu->maxActiveBlocks(shape, pending.pointers.data(), signature.count);
                }
                std::array<char, 1024> error{};
                std::uint64_t bytes = 0;
                if(int const code = entry.dynSharedBytes(&pending.launch, &bytes, error.data(), error.size());
                   code != PYALPAKA_ENTRY_OK)
                    raiseEntryError(code, error.data());
                if(bytes > device->backend().props(*device, shape.dim()).sharedMemSizeBytes)
                    return 0;
                return device->backend().cooperativeBlocksMax(*device, shape.dim());
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
                -> Signature
            {
                Signature signature;
                auto const count = args.size();
                if(count > maxKernelArgs)
                    throw rt::TypeMismatch(
                        m_name + ": at most " + std::to_string(maxKernelArgs) + " kernel arguments, got "
                        + std::to_string(count));
                signature.count = count;
                signature.cooperative = cooperative;
                std::array<ArgInfo, maxKernelArgs> infos;
                auto& key = signature.key;
                key = device.backend().name();
                key += static_cast<char>('0' + dim);
                if(cooperative) // not a kind character (0 to 3): keys stay unambiguous
                    key += 'C';
                for(std::size_t i = 0; i < count; ++i)
                {
                    auto const what = [&] { return "argument " + std::to_string(i + 1) + " of " + m_name; };
                    signature.structOf[i] = structIndex(m_structs, args[i], what);
                    if(signature.structOf[i] != notStruct)
                    {
                        key += structKeyKind;
                        key += static_cast<char>(signature.structOf[i]);
                        continue;
                    }
                    infos[i] = classifyNamed(args[i], what);
                    signature.params[i] = exactParam(infos[i], args[i], what, m_structsHint);
                    key += static_cast<char>(signature.params[i].kind);
                    key += static_cast<char>(signature.params[i].dtype);
                }
                if(device.memorySpace() != rt::MemorySpace::Host) // a module per device context
                {
                    key += ':';
                    appendDecimal(key, device.index());
                }
                for(std::size_t i = 0; i < count; ++i)
                {
                    if(auto const s = signature.structOf[i]; s != notStruct)
                    {
                        // The struct's bytes as they are: the compiled unit checked that the C++ struct has the
                        // dtype's layout. A numpy.void scalar is read through a 0-d array of it.
                        auto const size = m_structs[static_cast<std::size_t>(s)].size;
                        auto const array = py::array::ensure(args[i]);
                        if(!array || static_cast<std::size_t>(array.itemsize()) != size)
                            throw rt::TypeMismatch(
                                "argument " + std::to_string(i + 1) + " of " + m_name
                                + ": cannot read the struct value");
                        std::memcpy(pending.values.storage(i, size), array.data(), size);
                        continue;
                    }
                    convert(
                        signature.params[i],
                        infos[i],
                        args[i],
                        device,
                        "argument " + std::to_string(i + 1) + " of " + m_name,
                        pending.values,
                        i);
                }
                return signature;
            }

            auto find(Signature const& signature, rt::Device& device, std::size_t dim) -> Entry const&
            {
                if(auto const it = m_entries.find(signature.key); it != m_entries.end())
                    return it->second;
                auto const count = signature.count;
                py::tuple types(count);
                for(std::size_t i = 0; i < count; ++i)
                    types[i] = signature.structOf[i] == notStruct
                                   ? typeName(signature.params[i])
                                   : m_structs[static_cast<std::size_t>(signature.structOf[i])].name;
                auto const arch = device.architecture();
                auto const path
                    = m_compile(device.backend().name(), dim, types, arch, signature.cooperative).cast<std::string>();
                Entry entry;
                if(arch.empty())
                    entry = load(path);
                else
                {
                    py::gil_scoped_release release;
                    entry.gpu = device.loadGpuKernel(path);
                }
                entry.params.assign(signature.params.begin(), signature.params.begin() + count);
                return m_entries.emplace(signature.key, std::move(entry)).first->second;
            }

            static auto load(std::string const& path) -> Entry
            {
                void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
                if(handle == nullptr)
                {
                    char const* error = ::dlerror();
                    throw std::runtime_error("cannot load the compiled kernel " + path + ": " + (error ? error : "?"));
                }
                auto abi = reinterpret_cast<pyalpaka_entry_abi_fn>(::dlsym(handle, "pyalpaka_entry_abi"));
                Entry entry;
                entry.dynSharedBytes
                    = reinterpret_cast<pyalpaka_dyn_shared_bytes_fn>(::dlsym(handle, "pyalpaka_dyn_shared_bytes"));
                entry.run = reinterpret_cast<pyalpaka_entry_fn>(::dlsym(handle, "pyalpaka_run"));
                if(abi == nullptr || entry.dynSharedBytes == nullptr || entry.run == nullptr
                   || abi() != PYALPAKA_ENTRY_ABI)
                    throw std::runtime_error(
                        "the compiled kernel " + path + " does not have pyalpaka's entry interface version "
                        + std::to_string(PYALPAKA_ENTRY_ABI));
                return entry;
            }

            std::string m_name;
            py::object m_compile;
            std::vector<StructType> m_structs;
            std::string m_structsHint; //!< what the message of an argument of another type adds about structs
            std::unordered_map<std::string, Entry> m_entries;
        };
    } // namespace

    void bindJitKernels(py::module_& m)
    {
        py::class_<JitLauncher>(
            m,
            "JitLauncher",
            "The launch path of pyalpaka.Kernel: argument types -> loaded entry (compiled on first use by the "
            "callback) -> launch.")
            .def(
                py::init<std::string, py::object, py::iterable const&>(),
                py::arg("name"),
                py::arg("compile"),
                py::arg("structs") = py::tuple(),
                "`structs`: (C++ name, structured dtype) pairs; a structured NumPy scalar or 0-d array of one of "
                "these dtypes is passed as that struct, by value.")
            // pyalpaka.Kernel derives from this class, so that a launch calls straight into C++.
            .def(
                "__call__",
                &JitLauncher::call,
                py::arg("queue"),
                py::arg("workdiv"),
                py::arg("cooperative") = false, // keyword-only: it follows the *args
                "Launches on `queue` with `workdiv` and the kernel arguments. cooperative=True runs every block at "
                "once, so that the kernel may call alpaka::syncGridThreads (at most max_active_blocks blocks).")
            .def(
                "_max_active_blocks",
                &JitLauncher::maxActiveBlocks,
                py::arg("device"),
                py::arg("block_threads"),
                py::arg("thread_elems"),
                "pyalpaka.max_active_blocks for this kernel.")
            .def_property_readonly("loaded_count", &JitLauncher::loadedCount, "Entries loaded in this process.");

        m.def(
            "jit_argument_types",
            [](py::args const& args)
            {
                py::tuple types(args.size());
                for(std::size_t i = 0; i < args.size(); ++i)
                {
                    auto const what = [&] { return "argument " + std::to_string(i + 1); };
                    types[i] = typeName(exactParam(classifyNamed(args[i], what), args[i], what));
                }
                return types;
            },
            "The C++ types the JIT passes these Python values as (e.g. ('float*', 'std::int64_t')).");
    }
} // namespace pyalpaka::bindings
