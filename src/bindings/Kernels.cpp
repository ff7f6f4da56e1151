// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! _core.KernelFamily: a kernel compiled ahead of time for every back-end and several element types, called as
//! family(queue, workdiv, *args); _core.aot_kernels() lists them.

#include <algorithm>

#include "JitLauncher.hpp"
#include "KernelArgs.hpp"
#include "QueueHandle.hpp"
#include "StructArgs.hpp"
#include "Tracing.hpp"
#include "runtime/KernelExtents.hpp"
#include "runtime/Tracing.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
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
                    infos[i] = classifyNamed(argAt(args, i), [&] { return argumentName(i); });

                auto const device = queue.queue().device();
                if(device->memorySpace() != rt::MemorySpace::Host && !m_variants.empty())
                    return callOnGpu(queue, workDiv, infos.data(), args);
                auto const& backendName = device->backend().name();
                auto const* variant = find(backendName, workDiv.dim(), infos.data(), args);

                ArgValues values;
                std::array<void const*, maxKernelArgs> pointers;
                for(std::size_t i = 0; i < count; ++i)
                {
                    convert(
                        variant->params[i],
                        infos[i],
                        argAt(args, i),
                        *queue.queue().device(),
                        ArgName{i + 1, "pyalpaka.kernels.", m_name},
                        values,
                        i);
                    pointers[i] = values.value(i);
                }
                if(variant->extents != nullptr)
                    rt::checkExtents(
                        *variant->extents,
                        variant->params.data(),
                        infos.data(),
                        [&](std::size_t i) { return pointers[i]; },
                        "pyalpaka.kernels.",
                        m_name);
                if(alpaka::trace::enabled())
                {
                    // The queue describes the kernel task; the arguments only the bindings know.
                    auto const note = describeArgs(args);
                    rt::LaunchNote const noted(&note);
                    py::gil_scoped_release release;
                    variant->launch(queue.queue(), workDiv, pointers.data());
                }
                else
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

            //! The kernel that compiles this family for GPUs at run time (a pyalpaka.Kernel of the shipped source,
            //! set by pyalpaka.kernels), or None.
            [[nodiscard]] auto gpuKernel() const -> py::object const&
            {
                return m_gpuKernel;
            }

            void setGpuKernel(py::object kernel)
            {
                if(!kernel.is_none() && !py::isinstance<JitLauncher>(kernel))
                    throw rt::TypeMismatch(qualifiedName() + ".gpu_kernel must be a pyalpaka.Kernel");
                m_gpuKernel = std::move(kernel);
            }

            //! The C++ type of the kernel ("pyalpaka::kernels::Triad").
            [[nodiscard]] auto cppName() const -> std::string const&
            {
                return m_variants.front().kernelType;
            }

        private:
            //! A GPU has no ahead-of-time variants: the variant the arguments pick (with the parameter types of the
            //! CPU builds) is compiled from the shipped source by the family's run-time kernel, once per device.
            void callOnGpu(QueueHandle& queue, rt::WorkDiv const& workDiv, ArgInfo const* infos, py::args const& args)
            {
                auto const* variant = find(m_variants.front().backend, workDiv.dim(), infos, args);
                if(m_gpuKernel.is_none())
                    throw rt::BackendUnavailable(
                        qualifiedName() + ": no run-time kernel compiles this family for GPU back-ends");
                boundObject<JitLauncher>(m_gpuKernel)
                    ->callAs(queue, workDiv, variant->params, infos, args, qualifiedName(), variant->extents);
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
                   && rt::matches(m_lastHit->params, infos, count))
                    return m_lastHit;
                auto const choice = rt::chooseVariant(m_variants, backend, dim, infos, count);
                switch(choice.failure)
                {
                    case rt::VariantChoice::Failure::None:
                        return m_lastHit = choice.variant;
                    case rt::VariantChoice::Failure::NotOnBackend:
                        throw rt::BackendUnavailable(
                            qualifiedName() + " is not compiled for back-end '" + backend + "'");
                    case rt::VariantChoice::Failure::OtherDim:
                        throw std::invalid_argument(
                            qualifiedName() + " takes a " + std::to_string(choice.expectedDim)
                            + "-D work division, got a " + std::to_string(dim) + "-D one");
                    case rt::VariantChoice::Failure::NoMatch:
                        break;
                }
                std::string got = "(";
                for(std::size_t i = 0; i < count; ++i)
                    got += (i ? ", " : "") + describeArg(infos[i], args[i]);
                got += ")";
                std::string expected;
                for(auto const* v : choice.candidates)
                    expected += "\n    " + rt::signature(v->params);
                throw rt::TypeMismatch(
                    qualifiedName() + " has no variant for the arguments " + got + "; it takes one of:" + expected);
            }

            std::string m_name;
            std::vector<rt::KernelVariant> const& m_variants;
            rt::KernelVariant const* m_lastHit = nullptr;
            py::object m_gpuKernel = py::none();
        };

        //! KernelFamily.__call__(queue, workdiv, *args).
        auto launchFamily(py::handle self, FastArgs const& args) -> py::object
        {
            auto& family = *boundObject<KernelFamily>(self); // the method's descriptor checked self's type
            if(args.keywordCount() != 0)
                throw rt::TypeMismatch(
                    family.qualifiedName() + "(queue, workdiv, *args) takes no keyword arguments, got '"
                    + std::string(args.keyword(0)) + "'");
            LaunchOperands const operands(args, family.qualifiedName());
            family.call(operands.queue, operands.workDiv, args.from(2));
            return py::none();
        }

        PyMethodDef launchFamilyMethod{
            "__call__",
            reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&fastMethod<&launchFamily>)),
            METH_FASTCALL | METH_KEYWORDS,
            "__call__($self, queue, workdiv, /, *args)\n--\n\n"
            "Launches the kernel on `queue` with `workdiv`; arguments as in the C++ parameter list."};
    } // namespace

    void bindKernels(py::module_& m)
    {
        auto family
            = py::class_<KernelFamily>(m, "KernelFamily", "A kernel compiled ahead of time (see pyalpaka.kernels).")
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
                      "The NumPy structured dtype of each C++ struct the kernel takes by value, by the struct's name "
                      "(as "
                      "the parameter lists show it): pass a scalar of it, e.g. numpy.array((...), dtype)[()], for the "
                      "struct. Empty for kernels without struct parameters.")
                  .def_property_readonly(
                      "cpp_name", &KernelFamily::cppName, "The kernel's C++ type (\"pyalpaka::kernels::Triad\").")
                  .def_property(
                      "gpu_kernel",
                      &KernelFamily::gpuKernel,
                      &KernelFamily::setGpuKernel,
                      "The pyalpaka.Kernel that compiles this family for GPU back-ends at run time (e.g. to precompile "
                      "it: "
                      "gpu_kernel.compile(\"cuda\", dim, types, arch=\"sm_90\")).")
                  .def_property_readonly("__doc__", &KernelFamily::doc)
                  .def("__repr__", [](KernelFamily const& k) { return "<kernel " + k.qualifiedName() + ">"; });
        defFastMethod(family, launchFamilyMethod); // called at launch rate: FastCall.hpp

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
