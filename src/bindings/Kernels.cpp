// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.KernelFamily: a kernel compiled ahead of time for every back-end and several element types, called as
//! family(queue, workdiv, *args); _core.aot_kernels() lists them.

#include <algorithm>
#include <map>

#include "KernelArgs.hpp"
#include "QueueHandle.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        //! The Python function that compiles a shipped kernel for a GPU: (back-end, family, dim, C++ types, arch) ->
        //! path of the module (set by pyalpaka.kernels, which knows the sources).
        auto shippedGpuCompiler() -> py::object&
        {
            static auto* compiler = new py::object(); // leaked: must not be destroyed after the interpreter
            return *compiler;
        }

        //! Modules of shipped kernels loaded on GPU devices, by (family, dim, signature, back-end:device index).
        auto loadedGpuKernels() -> std::map<std::string, std::shared_ptr<rt::GpuKernel>>&
        {
            static auto* loaded = new std::map<std::string, std::shared_ptr<rt::GpuKernel>>();
            return *loaded;
        }

        class KernelFamily
        {
        public:
            KernelFamily(std::string name, std::vector<rt::KernelVariant> const& variants)
                : m_name(std::move(name))
                , m_variants(variants)
            {
            }

            [[nodiscard]] auto name() const -> std::string const&
            {
                return m_name;
            }

            [[nodiscard]] auto variants() const -> std::vector<rt::KernelVariant> const&
            {
                return m_variants;
            }

            void call(QueueHandle& queue, rt::WorkDiv const& workDiv, py::args const& args)
            {
                auto const count = args.size();
                if(count > maxKernelArgs)
                    throw rt::TypeMismatch(qualifiedName() + " got " + std::to_string(count) + " arguments");
                std::array<ArgInfo, maxKernelArgs> infos;
                for(std::size_t i = 0; i < count; ++i)
                    infos[i] = classifyNamed(args[i], [&] { return argumentName(i); });

                auto const device = queue.queue().device();
                if(device->memorySpace() != rt::MemorySpace::Host && !m_variants.empty())
                    return callOnGpu(queue, *device, workDiv, infos, args);
                auto const& backendName = device->backend().name();
                auto const* variant = find(backendName, workDiv.dim(), infos.data(), args);

                ArgValues values;
                std::array<void const*, maxKernelArgs> pointers;
                for(std::size_t i = 0; i < count; ++i)
                {
                    convert(variant->params[i], infos[i], args[i], *queue.queue().device(), argumentName(i), values, i);
                    pointers[i] = values.value(i);
                }
                {
                    py::gil_scoped_release release;
                    variant->launch(queue.queue(), workDiv, pointers.data());
                }
                queue.keepUntilDone(args);
            }

            [[nodiscard]] auto qualifiedName() const -> std::string
            {
                return "pyalpaka.kernels." + m_name;
            }

            [[nodiscard]] auto doc() const -> std::string
            {
                std::string s = qualifiedName() + "(queue, workdiv, *args): the shipped kernel '" + m_name
                                + "', compiled ahead of time. C++ parameter lists:\n";
                std::vector<std::string> seen;
                for(auto const& v : m_variants)
                {
                    auto const line = "    " + std::to_string(v.dim) + "-D " + rt::signature(v.params);
                    if(std::find(seen.begin(), seen.end(), line) == seen.end())
                        seen.push_back(line);
                }
                for(auto const& line : seen)
                    s += line + "\n";
                return s;
            }

        private:
            //! A GPU has no ahead-of-time variants: the variant the arguments pick (with the parameter types of the
            //! CPU builds) is compiled by the run-time compiler from the shipped source, once per device.
            void callOnGpu(
                QueueHandle& queue,
                rt::Device& device,
                rt::WorkDiv const& workDiv,
                std::array<ArgInfo, maxKernelArgs> const& infos,
                py::args const& args)
            {
                device.backend().checkWorkDiv(device, workDiv);
                auto const* variant = find(m_variants.front().backend, workDiv.dim(), infos.data(), args);
                auto const key = m_name + "/" + std::to_string(variant->dim) + rt::signature(variant->params) + "/"
                                 + device.backend().name() + ":" + std::to_string(device.index());
                auto const count = args.size();
                ArgValues values;
                std::array<void const*, maxKernelArgs> pointers;
                for(std::size_t i = 0; i < count; ++i)
                {
                    convert(variant->params[i], infos[i], args[i], *queue.queue().device(), argumentName(i), values, i);
                    pointers[i] = values.value(i);
                }
                auto& loaded = loadedGpuKernels()[key];
                if(!loaded)
                {
                    auto const& compiler = shippedGpuCompiler();
                    if(!compiler)
                        throw rt::BackendUnavailable(qualifiedName() + ": no compiler for GPU back-ends is registered");
                    py::tuple types(variant->params.size());
                    for(std::size_t i = 0; i < variant->params.size(); ++i)
                        types[i] = rt::cppType(variant->params[i], true); // spelled outside the namespace
                    auto const path
                        = compiler(device.backend().name(), m_name, variant->dim, types, device.architecture())
                              .cast<std::string>();
                    std::shared_ptr<rt::GpuKernel> module;
                    {
                        py::gil_scoped_release release;
                        module = device.loadGpuKernel(path);
                    }
                    loaded = std::move(module); // with the GIL: another thread may have loaded it meanwhile
                }
                {
                    py::gil_scoped_release release;
                    loaded->launch(queue.queue(), workDiv, pointers.data(), count);
                }
                queue.keepUntilDone(args);
            }

            [[nodiscard]] auto argumentName(std::size_t i) const -> std::string
            {
                return "argument " + std::to_string(i + 1) + " of " + qualifiedName();
            }

            auto find(std::string const& backend, std::size_t dim, ArgInfo const* infos, py::args const& args)
                -> rt::KernelVariant const*
            {
                auto const count = args.size();
                if(m_lastHit != nullptr && m_lastHit->backend == backend && m_lastHit->dim == dim
                   && matches(m_lastHit->params, infos, count))
                    return m_lastHit;
                std::vector<rt::KernelVariant const*> onBackend;
                for(auto const& v : m_variants)
                    if(v.backend == backend)
                        onBackend.push_back(&v);
                if(onBackend.empty())
                    throw rt::BackendUnavailable(qualifiedName() + " is not compiled for back-end '" + backend + "'");
                std::vector<rt::KernelVariant const*> withDim;
                for(auto const* v : onBackend)
                    if(v->dim == dim)
                        withDim.push_back(v);
                if(withDim.empty())
                    throw std::invalid_argument(
                        qualifiedName() + " takes a " + std::to_string(onBackend.front()->dim)
                        + "-D work division, got a " + std::to_string(dim) + "-D one");
                for(auto const* v : withDim)
                    if(matches(v->params, infos, count))
                        return m_lastHit = v;
                std::string got = "(";
                for(std::size_t i = 0; i < count; ++i)
                {
                    got += (i ? ", " : "") + describeArg(infos[i], args[i]);
                }
                got += ")";
                std::string expected;
                for(auto const* v : withDim)
                    expected += "\n    " + rt::signature(v->params);
                throw rt::TypeMismatch(
                    qualifiedName() + " has no variant for the arguments " + got + "; it takes one of:" + expected);
            }

            std::string m_name;
            std::vector<rt::KernelVariant> const& m_variants;
            rt::KernelVariant const* m_lastHit = nullptr;
        };
    } // namespace

    void bindKernels(py::module_& m)
    {
        py::class_<KernelFamily>(m, "KernelFamily", "A kernel compiled ahead of time (see pyalpaka.kernels).")
            .def_property_readonly("name", &KernelFamily::name)
            .def_property_readonly(
                "signatures",
                [](KernelFamily const& k)
                {
                    py::list out;
                    for(auto const& v : k.variants())
                        out.append(py::make_tuple(v.backend, v.dim, rt::signature(v.params)));
                    return out;
                },
                "(back-end, dim, C++ parameter list) of every compiled variant.")
            .def_property_readonly(
                "structs",
                [](KernelFamily const& k)
                {
                    py::dict out;
                    for(auto const& v : k.variants())
                        for(auto const& p : v.params)
                            if(p.kind == rt::ParamKind::Struct)
                                out[py::str(std::string(p.layout->name()))] = structDType(*p.layout);
                    return out;
                },
                "The NumPy structured dtype of each C++ struct the kernel takes by value, by the struct's name (as "
                "the parameter lists show it): pass a scalar of it, e.g. numpy.array((...), dtype)[()], for the "
                "struct. Empty for kernels without struct parameters.")
            .def_property_readonly("__doc__", &KernelFamily::doc)
            .def(
                "__call__",
                &KernelFamily::call,
                py::arg("queue"),
                py::arg("workdiv"),
                "Launches the kernel on `queue` with `workdiv`; arguments as in the C++ parameter list.")
            .def("__repr__", [](KernelFamily const& k) { return "<kernel " + k.qualifiedName() + ">"; });

        m.def(
            "set_shipped_kernel_compiler",
            [](py::object compiler) { shippedGpuCompiler() = std::move(compiler); },
            py::arg("compiler"),
            "Registers compiler(backend, family, dim, cpp_types, arch) -> module path, which compiles a shipped "
            "kernel for a GPU back-end at run time.");

        m.def(
            "aot_kernels",
            []
            {
                (void)rt::backends(); // registers the kernels of every compiled-in back-end
                py::dict out;
                for(auto const& [name, variants] : rt::aotKernels().families())
                    out[py::str(name)] = py::cast(KernelFamily(name, variants));
                return out;
            },
            "The kernels compiled into this build, by name.");
    }
} // namespace pyalpaka::bindings
