// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! One file: classification, the entry table and the launches share the launcher's private state and hot path.
//! JitLauncher (JitLauncher.hpp): argument classification, the in-process table of loaded entries, and the launch on
//! CPU devices (the entry run on the calling thread of a blocking queue, else as a host task of the queue) and GPUs.

#include "JitLauncher.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string_view>

#include <dlfcn.h>

#include "Tracing.hpp"
#include "runtime/ArgConversion.hpp"
#include "runtime/KernelExtents.hpp"
#include "runtime/Tracing.hpp"

namespace pyalpaka::bindings
{
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
    //! The key of a compiled entry, built on every launch: in place, since a std::string of its length would be a heap
    //! allocation per launch. Holds the back-end's name, two characters per argument and a few more.
    class SignatureKey
    {
    public:
        auto operator=(std::string_view text) -> SignatureKey&
        {
            m_size = 0;
            append(text);
            return *this;
        }

        auto operator+=(char c) -> SignatureKey&
        {
            append(std::string_view(&c, 1));
            return *this;
        }

        void append(std::string_view text)
        {
            if(text.size() > m_chars.size() - m_size)
                throw std::logic_error("pyalpaka: a kernel signature key beyond " + std::to_string(m_chars.size()));
            std::memcpy(m_chars.data() + m_size, text.data(), text.size());
            m_size += text.size();
        }

        [[nodiscard]] auto view() const -> std::string_view
        {
            return {m_chars.data(), m_size};
        }

    private:
        std::array<char, 32 + 2 * maxKernelArgs + 24> m_chars{};
        std::size_t m_size = 0;
    };

    struct Signature
    {
        SignatureKey key;
        std::array<rt::Param, maxKernelArgs> params{};
        std::array<int, maxKernelArgs> structOf{};
        std::size_t count = 0;
        bool cooperative = false;
        //! The pointer arguments do not overlap: the no-alias variant (host devices, two pointers or more).
        bool noAlias = false;
        //! The parameter types were given (callAs), not found from the values: named as declared ("std::size_t").
        bool declared = false;
    };

    namespace
    {
        //! Whether a launch may run its kernel with `__restrict` pointers: no struct arguments (whose fields could
        //! hold pointers of their own), at least two pointers, and no two of them overlapping unless both are
        //! read-only (reads through two names of one element are fine under `__restrict`).
        auto pointersApart(Signature const& signature, ArgInfo const* infos) -> bool
        {
            std::size_t pointers = 0;
            for(std::size_t i = 0; i < signature.count; ++i)
            {
                if(signature.structOf[i] != notStruct)
                    return false;
                if(infos[i].kind != ArgInfo::Kind::Pointer)
                    continue;
                ++pointers;
                for(std::size_t j = 0; j < i; ++j)
                {
                    if(infos[j].kind != ArgInfo::Kind::Pointer)
                        continue;
                    bool const bothRead = signature.params[i].kind == rt::ParamKind::ConstPointer
                                          && signature.params[j].kind == rt::ParamKind::ConstPointer;
                    if(rt::spansOverlap(infos[i], infos[j]) && !bothRead)
                        return false;
                }
            }
            return pointers >= 2;
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
        void appendDecimal(SignatureKey& key, std::size_t n)
        {
            std::array<char, 20> digits{};
            auto const end = std::to_chars(digits.data(), digits.data() + digits.size(), n).ptr;
            key.append(std::string_view(digits.data(), static_cast<std::size_t>(end - digits.data())));
        }

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
    } // namespace

    namespace
    {
        template<typename T>
        auto launchOperand(FastArgs const& args, std::size_t i, std::string_view callee, char const* expected) -> T&
        {
            if(args.count < 2)
                throw rt::TypeMismatch(
                    std::string(callee)
                    + "(queue, workdiv, *args) takes a pyalpaka.Queue and a pyalpaka.WorkDiv "
                      "first, got "
                    + std::to_string(args.count) + (args.count == 1 ? " argument" : " arguments"));
            if(auto* const value = boundObject<T>(args.items[i]))
                return *value;
            throw rt::TypeMismatch(
                std::string(callee) + "(queue, workdiv, *args): argument " + std::to_string(i + 1) + " is "
                + py::repr(py::type::of(args.items[i])).cast<std::string>() + ", expected a " + expected);
        }
    } // namespace

    LaunchOperands::LaunchOperands(FastArgs const& args, std::string_view callee)
        : queue(launchOperand<QueueHandle>(args, 0, callee, "pyalpaka.Queue"))
        , workDiv(launchOperand<rt::WorkDiv>(args, 1, callee, "pyalpaka.WorkDiv"))
    {
    }

    JitLauncher::JitLauncher(std::string name, py::object compile, py::iterable const& structs)
        : m_name(std::move(name))
        , m_compile(std::move(compile))
    {
        for(auto const item : structs)
        {
            auto const pair = item.cast<py::tuple>();
            auto const dtype = pair[1].cast<py::dtype>();
            m_structs.push_back({pair[0].cast<std::string>(), dtype, static_cast<std::size_t>(dtype.itemsize())});
        }
        if(!m_structs.empty())
            m_structsHint = "; struct arguments (" + describeStructs(m_structs)
                            + ") are structured NumPy scalars or 0-d arrays of their dtype, e.g. "
                              "numpy.array(values, dtype)[()]";
    }

    void JitLauncher::call(QueueHandle& queue, rt::WorkDiv const& workDiv, py::args const& args, bool cooperative)
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
            launchOnGpu(queue, entry, workDiv, pending, count, cooperative, args);
            return;
        }

        pending.run = entry.run;
        auto& launch = pending.launch;
        launch.dyn_shared_bytes = dynSharedBytes(entry, launch, *device);
        if(cooperative)
            checkCooperativeGrid(*device, workDiv);

        std::optional<alpaka::trace::Description> traced;
        if(alpaka::trace::enabled())
        {
            traced = describeKernelLaunch(m_name, workDiv, args);
            if(launch.dyn_shared_bytes != 0)
                traced->args += "; " + std::to_string(launch.dyn_shared_bytes) + " B dynamic shared memory";
        }

        // A blocking queue runs the kernel here; one that captures a graph records it as a host task.
        if(queue.queue().blocking() && !queue.queue().capturing())
        {
            std::array<char, 1024> error{};
            int code = 0;
            {
                py::gil_scoped_release release;
                auto const begin = traced ? alpaka::trace::now() : 0;
                code = entry.run(&launch, error.data(), error.size());
                if(traced)
                    alpaka::trace::recordSpan(*traced, &queue.queue().traceTrack(), begin);
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
                },
                traced ? &*traced : nullptr);
        }
        queue.keepUntilDone(args);
    }

    void JitLauncher::callAs(
        QueueHandle& queue,
        rt::WorkDiv const& workDiv,
        std::vector<rt::Param> const& params,
        ArgInfo const* infos,
        py::args const& args,
        std::string const& caller,
        rt::ExtentContract const* extents)
    {
        auto const device = queue.queue().device();
        device->backend().checkWorkDiv(*device, workDiv);
        if(device->architecture().empty())
            throw std::logic_error(
                m_name
                + ": a launch with given parameter types is for GPU devices (host devices run the kernels "
                  "compiled ahead of time)");
        PendingLaunch pending;
        Signature signature;
        signature.count = args.size();
        signature.declared = true;
        auto& key = signature.key;
        key = device->backend().name();
        key += static_cast<char>('0' + workDiv.dim());
        key += 'D'; // not a kind character (0 to 3): these keys never equal those of call()
        for(std::size_t i = 0; i < signature.count; ++i)
        {
            auto const& param = params[i];
            signature.params[i] = param;
            signature.structOf[i] = notStruct;
            if(param.kind == rt::ParamKind::Struct)
            {
                auto const qualified = rt::cppType(param, true);
                auto const it = std::find_if(
                    m_structs.begin(), m_structs.end(), [&](StructType const& s) { return s.name == qualified; });
                if(it == m_structs.end())
                    throw std::logic_error(m_name + ": the struct " + qualified + " is not registered");
                signature.structOf[i] = static_cast<int>(it - m_structs.begin());
                key += structKeyKind;
                key += static_cast<char>(signature.structOf[i]);
            }
            else
            {
                key += static_cast<char>(param.kind);
                key += static_cast<char>(param.dtype);
            }
            convert(param, infos[i], argAt(args, i), *device, ArgName{i + 1, {}, caller}, pending.values, i);
        }
        if(extents != nullptr)
            rt::checkExtents(
                *extents, params.data(), infos, [&](std::size_t i) { return pending.values.value(i); }, {}, caller);
        key += ':';
        appendDecimal(key, device->index());
        auto const& entry = find(signature, *device, workDiv.dim());
        pending.setLaunch(workDiv, signature.count);
        launchOnGpu(queue, entry, workDiv, pending, signature.count, false, args);
    }

    void JitLauncher::launchOnGpu(
        QueueHandle& queue,
        Entry const& entry,
        rt::WorkDiv const& workDiv,
        PendingLaunch& pending,
        std::size_t count,
        bool cooperative,
        py::args const& args) const
    {
        std::string note;
        if(alpaka::trace::enabled())
            note = describeArgs(args);
        {
            rt::LaunchNote const noted(note.empty() ? nullptr : &note, &m_name);
            py::gil_scoped_release release;
            entry.gpu->launch(queue.queue(), workDiv, pending.pointers.data(), count, cooperative);
        }
        queue.keepUntilDone(args); // the buffers live until the kernel ran
    }

    auto JitLauncher::maxActiveBlocks(
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

    auto JitLauncher::prepare(
        rt::Device& device, std::size_t dim, bool cooperative, py::args const& args, PendingLaunch& pending)
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
            auto const arg = argAt(args, i);
            auto const what = [&] { return "argument " + std::to_string(i + 1) + " of " + m_name; };
            // Numbers and buffers are no structs: the common arguments skip the search of the registered ones.
            auto const* known = classifiedByType(arg);
            signature.structOf[i]
                = known != nullptr || asBuffer(arg) != nullptr ? notStruct : structIndex(m_structs, arg, what);
            if(signature.structOf[i] != notStruct)
            {
                key += structKeyKind;
                key += static_cast<char>(signature.structOf[i]);
                continue;
            }
            infos[i] = known != nullptr ? *known : classifyNamed(arg, what);
            signature.params[i] = exactParam(infos[i], arg, what, m_structsHint);
            key += static_cast<char>(signature.params[i].kind);
            key += static_cast<char>(signature.params[i].dtype);
        }
        if(device.memorySpace() == rt::MemorySpace::Host)
        {
            signature.noAlias = pointersApart(signature, infos.data());
            if(signature.noAlias) // not a kind character: keys stay unambiguous
                key += 'R';
        }
        else // a module per device context
        {
            key += ':';
            appendDecimal(key, device.index());
        }
        for(std::size_t i = 0; i < count; ++i)
        {
            auto const arg = argAt(args, i);
            if(auto const s = signature.structOf[i]; s != notStruct)
            {
                // The struct's bytes as they are: the compiled unit checked that the C++ struct has the
                // dtype's layout. A numpy.void scalar is read through a 0-d array of it.
                auto const size = m_structs[static_cast<std::size_t>(s)].size;
                auto const array = py::array::ensure(arg);
                if(!array || static_cast<std::size_t>(array.itemsize()) != size)
                    throw rt::TypeMismatch(
                        "argument " + std::to_string(i + 1) + " of " + m_name + ": cannot read the struct value");
                std::memcpy(pending.values.storage(i, size), array.data(), size);
                continue;
            }
            convert(signature.params[i], infos[i], arg, device, ArgName{i + 1, {}, m_name}, pending.values, i);
        }
        return signature;
    }

    auto JitLauncher::find(Signature const& signature, rt::Device& device, std::size_t dim) -> Entry const&
    {
        if(auto const it = m_entries.find(signature.key.view()); it != m_entries.end())
            return it->second;
        auto const count = signature.count;
        py::tuple types(count);
        for(std::size_t i = 0; i < count; ++i)
            types[i] = signature.structOf[i] != notStruct
                           ? m_structs[static_cast<std::size_t>(signature.structOf[i])].name
                       : signature.declared ? rt::cppType(signature.params[i], true)
                                            : exactTypeName(signature.params[i]);
        auto const arch = device.architecture();
        auto const path = m_compile(device.backend().name(), dim, types, arch, signature.cooperative, signature.noAlias)
                              .cast<std::string>();
        Entry entry;
        if(arch.empty())
            entry = load(path);
        else
        {
            py::gil_scoped_release release;
            entry.gpu = device.loadGpuKernel(path);
        }
        entry.params.assign(signature.params.begin(), signature.params.begin() + count);
        return m_entries.emplace(std::string(signature.key.view()), std::move(entry)).first->second;
    }

    auto JitLauncher::load(std::string const& path) -> Entry
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
        if(abi == nullptr || entry.dynSharedBytes == nullptr || entry.run == nullptr || abi() != PYALPAKA_ENTRY_ABI)
            throw std::runtime_error(
                "the compiled kernel " + path + " does not have pyalpaka's entry interface version "
                + std::to_string(PYALPAKA_ENTRY_ABI));
        return entry;
    }
} // namespace pyalpaka::bindings
