// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

#include "KernelArgs.hpp"

#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <unordered_map>

namespace pyalpaka::bindings
{
    namespace
    {
        auto numpyGeneric() -> py::handle
        {
            static py::object const generic = py::module_::import("numpy").attr("generic");
            return generic;
        }

        auto numpyVoid() -> PyTypeObject*
        {
            static py::object const type = py::module_::import("numpy").attr("void");
            return reinterpret_cast<PyTypeObject*>(type.ptr());
        }

        //! Why a struct value's dtype does not have `layout`, "" when it has (the dtypes may still differ, e.g. in
        //! their align flag, which the bytes do not care about).
        auto layoutMismatch(py::dtype const& got, rt::StructLayout const& layout) -> std::string
        {
            auto const expected = structDType(layout);
            auto const name = std::string(layout.name());
            // dtype.fields is a mappingproxy: copy it into dicts.
            py::dict const gotFields(got.attr("fields"));
            py::dict const wantFields(expected.attr("fields"));
            for(auto const& field : layout.fields)
            {
                auto const fieldName = py::str(std::string(field.name));
                if(!gotFields.contains(fieldName))
                    return "it has no field '" + std::string(field.name) + "', which " + name + " has";
                auto const gotField = gotFields[fieldName].cast<py::tuple>();
                auto const wantField = wantFields[fieldName].cast<py::tuple>();
                if(!gotField[0].equal(wantField[0]))
                    return "its field '" + std::string(field.name) + "' is " + py::str(gotField[0]).cast<std::string>()
                           + ", in " + name + " it is " + py::str(wantField[0]).cast<std::string>();
                if(auto const offset = gotField[1].cast<std::size_t>(); offset != field.offset)
                    return "its field '" + std::string(field.name) + "' is at byte " + std::to_string(offset) + ", in "
                           + name + " at byte " + std::to_string(field.offset)
                           + " (C++ aligns fields: make the dtype with align=True)";
            }
            for(auto const item : gotFields)
            {
                auto const fieldName = item.first.cast<std::string>();
                if(!wantFields.contains(item.first))
                    return "it has a field '" + fieldName + "', which " + name + " does not have";
            }
            if(auto const size = static_cast<std::size_t>(got.itemsize()); size != layout.size)
                return "it is " + std::to_string(size) + " bytes, " + name + " is " + std::to_string(layout.size)
                       + (size < layout.size ? " (C++ pads structs to their alignment: make the dtype with align=True)"
                                             : "");
            return {};
        }

        //! Copies a struct value into `values` after checking that its dtype has the struct's layout.
        void storeStruct(
            rt::StructLayout const& layout,
            py::handle arg,
            std::string const& what,
            ArgValues& values,
            std::size_t index)
        {
            auto const array = py::array::ensure(arg); // a numpy.void scalar is read through a 0-d array of it
            if(!array)
                throw py::error_already_set();
            if(!array.dtype().equal(structDType(layout)))
                if(auto const why = layoutMismatch(array.dtype(), layout); !why.empty())
                    throw rt::TypeMismatch(
                        what + " does not have the layout of the struct " + std::string(layout.name()) + ": " + why
                        + "; expected " + py::repr(structDType(layout)).cast<std::string>());
            std::memcpy(values.storage(index, layout.size), array.data(), layout.size);
        }

        template<typename T>
        void store(ArgSlot& slot, T value)
        {
            static_assert(sizeof(T) <= sizeof(ArgSlot));
            std::memcpy(slot.bytes.data(), &value, sizeof(T));
        }

        //! The dtype of a NumPy array or scalar type from its type number, without calling into Python; false for
        //! the numbers that are not one fixed-size type (long double, strings, objects, ...).
        auto dtypeFromNumber(int number, std::size_t itemSize, rt::DType& out) -> bool
        {
            // NumPy's type numbers: BOOL 0, BYTE 1, UBYTE 2, SHORT 3, USHORT 4, INT 5, UINT 6, LONG 7, ULONG 8,
            // LONGLONG 9, ULONGLONG 10, FLOAT 11, DOUBLE 12, CFLOAT 14, CDOUBLE 15 (their sizes are the platform's).
            static constexpr char kinds[]
                = {'b', 'i', 'u', 'i', 'u', 'i', 'u', 'i', 'u', 'i', 'u', 'f', 'f', '?', 'c', 'c'};
            if(number < 0 || number >= static_cast<int>(sizeof(kinds)) || kinds[number] == '?')
                return false;
            return rt::dtypeFromKind(kinds[number], itemSize, out);
        }

        auto arrayDType(py::dtype const& dtype) -> rt::DType
        {
            rt::DType out{};
            if(dtype.byteorder() != '>'
               && dtypeFromNumber(dtype.num(), static_cast<std::size_t>(dtype.itemsize()), out))
                return out;
            return toDType(dtype); // raises the TypeError that names the dtype
        }

        //! The dtype of a NumPy scalar, cached per scalar type (the hot path of launches with np.float32(...)).
        auto scalarDType(py::handle arg) -> rt::DType
        {
            static std::unordered_map<PyTypeObject*, rt::DType> known;
            auto* type = Py_TYPE(arg.ptr());
            if(auto const it = known.find(type); it != known.end())
                return it->second;
            auto const dtype = toDType(arg.attr("dtype"));
            known.emplace(type, dtype);
            return dtype;
        }

        //! A real value as float or double. A finite double beyond float's range is an error rather than inf (the
        //! conversion itself would be undefined behaviour); inf and nan pass as they are.
        void storeReal(rt::DType target, double value, py::handle arg, std::string const& what, ArgSlot& slot)
        {
            if(target == rt::DType::Float64)
                return store(slot, value);
            if(std::isfinite(value) && std::fabs(value) > static_cast<double>(std::numeric_limits<float>::max()))
                throw std::invalid_argument(
                    what + " = " + py::repr(arg).cast<std::string>() + " is out of range for float");
            return store(slot, static_cast<float>(value));
        }

        //! Element alignment: complex numbers align like their parts.
        auto alignmentOf(rt::DType dtype) -> std::size_t
        {
            auto const i = rt::info(dtype);
            return i.kind == 'c' ? i.size / 2 : i.size;
        }

        //! The integer value of an int-like argument as a 128-bit-free pair: negative flag and magnitude.
        void storeInteger(rt::DType target, py::handle arg, std::string const& what, ArgSlot& slot)
        {
            auto const value = py::reinterpret_steal<py::object>(PyNumber_Index(arg.ptr()));
            if(!value)
                throw py::error_already_set();
            int overflow = 0;
            long long const v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
            unsigned long long u = 0;
            // On overflow v is -1, which says nothing about the sign: overflow does.
            bool const negative = overflow < 0 || (overflow == 0 && v < 0);
            if(overflow > 0)
            {
                u = PyLong_AsUnsignedLongLong(value.ptr());
                if(PyErr_Occurred())
                {
                    PyErr_Clear();
                    overflow = 2;
                }
            }
            auto outOfRange = [&]
            {
                return std::invalid_argument(
                    what + " = " + py::repr(value).cast<std::string>() + " is out of range for "
                    + std::string(rt::info(target).cppName));
            };
            if(overflow < 0 || overflow == 2)
                throw outOfRange();
            auto fits = [&](long long lo, unsigned long long hi)
            { return overflow > 0 ? u <= hi : (v >= lo && (v < 0 || static_cast<unsigned long long>(v) <= hi)); };
            switch(target)
            {
                case rt::DType::Int8:
                    if(!fits(INT8_MIN, INT8_MAX))
                        throw outOfRange();
                    return store(slot, static_cast<std::int8_t>(v));
                case rt::DType::UInt8:
                    if(negative || !fits(0, UINT8_MAX))
                        throw outOfRange();
                    return store(slot, static_cast<std::uint8_t>(v));
                case rt::DType::Int16:
                    if(!fits(INT16_MIN, INT16_MAX))
                        throw outOfRange();
                    return store(slot, static_cast<std::int16_t>(v));
                case rt::DType::UInt16:
                    if(negative || !fits(0, UINT16_MAX))
                        throw outOfRange();
                    return store(slot, static_cast<std::uint16_t>(v));
                case rt::DType::Int32:
                    if(!fits(INT32_MIN, INT32_MAX))
                        throw outOfRange();
                    return store(slot, static_cast<std::int32_t>(v));
                case rt::DType::UInt32:
                    if(negative || !fits(0, UINT32_MAX))
                        throw outOfRange();
                    return store(slot, static_cast<std::uint32_t>(v));
                case rt::DType::Int64:
                    if(overflow > 0)
                        throw outOfRange();
                    return store(slot, static_cast<std::int64_t>(v));
                case rt::DType::UInt64:
                    if(negative)
                        throw outOfRange();
                    return store(slot, overflow > 0 ? static_cast<std::uint64_t>(u) : static_cast<std::uint64_t>(v));
                case rt::DType::Float32:
                case rt::DType::Float64:
                {
                    // Ints here fit 64 bits (larger ones were refused above), which a double holds rounded; the
                    // error check guards the conversion all the same, storeReal checks float's range.
                    double const d = PyLong_AsDouble(value.ptr());
                    if(d == -1.0 && PyErr_Occurred() != nullptr)
                    {
                        PyErr_Clear();
                        throw outOfRange();
                    }
                    return storeReal(target, d, value, what, slot);
                }
                default:
                    throw rt::TypeMismatch(what + " must be " + std::string(rt::info(target).cppName) + ", got an int");
            }
        }
    } // namespace

    auto structuredDType(py::handle arg) -> std::optional<py::dtype>
    {
        py::dtype dtype;
        if(py::isinstance<py::array>(arg))
            dtype = py::reinterpret_borrow<py::array>(arg).dtype();
        else if(PyObject_TypeCheck(arg.ptr(), numpyVoid()) != 0)
            dtype = py::reinterpret_borrow<py::dtype>(arg.attr("dtype"));
        else
            return std::nullopt;
        if(!dtype.has_fields())
            return std::nullopt;
        return dtype;
    }

    auto structDType(rt::StructLayout const& layout) -> py::dtype
    {
        static auto* made = new std::map<rt::StructLayout const*, py::dtype>(); // leaked: outlives the interpreter
        if(auto const it = made->find(&layout); it != made->end())
            return it->second;
        py::list names;
        py::list formats;
        py::list offsets;
        for(auto const& field : layout.fields)
        {
            names.append(std::string(field.name));
            formats.append(std::string(rt::info(field.dtype).name));
            offsets.append(field.offset);
        }
        py::dict spec;
        spec["names"] = names;
        spec["formats"] = formats;
        spec["offsets"] = offsets;
        spec["itemsize"] = layout.size;
        spec["aligned"] = true;
        auto dtype = py::dtype::from_args(spec);
        made->emplace(&layout, dtype);
        return dtype;
    }

    auto classify(py::handle arg) -> ArgInfo
    {
        ArgInfo info;
        auto* type = Py_TYPE(arg.ptr());
        if(type == &PyFloat_Type)
        {
            info.kind = ArgInfo::Kind::Real;
            return info;
        }
        if(type == &PyBool_Type)
        {
            info.kind = ArgInfo::Kind::Boolean;
            return info;
        }
        if(type == &PyLong_Type)
        {
            info.kind = ArgInfo::Kind::Integer;
            return info;
        }
        if(py::isinstance<Buffer>(arg))
        {
            auto const& b = arg.cast<Buffer const&>();
            info.kind = ArgInfo::Kind::Pointer;
            info.dtype = b.dtype;
            info.pointer = b.data;
            info.readonly = b.readonly;
            info.contiguous = b.contiguous();
            info.device = b.device.get();
            return info;
        }
        if(py::isinstance<py::array>(arg))
        {
            auto const array = py::reinterpret_borrow<py::array>(arg);
            auto const dtype = array.dtype();
            if(dtype.has_fields())
            {
                if(array.ndim() != 0)
                    throw rt::TypeMismatch(
                        "a structured array of shape " + py::repr(array.attr("shape")).cast<std::string>()
                        + " is no kernel argument; a struct argument is one value: a structured scalar (array[i]) or a "
                          "0-d array");
                info.kind = ArgInfo::Kind::Struct;
                return info;
            }
            info.kind = ArgInfo::Kind::Pointer;
            info.dtype = arrayDType(dtype);
            info.pointer = const_cast<void*>(array.data());
            info.readonly = !array.writeable();
            info.contiguous = (array.flags() & py::array::c_style) != 0;
            return info;
        }
        if(py::isinstance(arg, numpyGeneric()))
        {
            if(PyObject_TypeCheck(arg.ptr(), numpyVoid()) != 0 && structuredDType(arg))
            {
                info.kind = ArgInfo::Kind::Struct;
                return info;
            }
            try
            {
                info.dtype = scalarDType(arg);
            }
            catch(rt::TypeMismatch const&)
            {
                return info; // float16, str_, datetime64...: Other, which the launch reports by type
            }
            info.numpyScalar = true;
            auto const kind = rt::info(info.dtype).kind;
            info.kind = kind == 'b'                  ? ArgInfo::Kind::Boolean
                        : kind == 'i' || kind == 'u' ? ArgInfo::Kind::Integer
                        : kind == 'f'                ? ArgInfo::Kind::Real
                                                     : ArgInfo::Kind::Other;
            return info;
        }
        if(PyIndex_Check(arg.ptr()))
            info.kind = ArgInfo::Kind::Integer;
        else if(PyFloat_Check(arg.ptr()))
            info.kind = ArgInfo::Kind::Real;
        return info;
    }

    auto matches(std::vector<rt::Param> const& params, ArgInfo const* infos, std::size_t count) -> bool
    {
        if(params.size() != count)
            return false;
        for(std::size_t i = 0; i < count; ++i)
        {
            auto const& p = params[i];
            auto const& a = infos[i];
            if(p.kind == rt::ParamKind::Struct || a.kind == ArgInfo::Kind::Struct)
            {
                if(p.kind != rt::ParamKind::Struct || a.kind != ArgInfo::Kind::Struct)
                    return false;
                continue;
            }
            if(p.kind != rt::ParamKind::Scalar)
            {
                if(a.kind != ArgInfo::Kind::Pointer || a.dtype != p.dtype)
                    return false;
                continue;
            }
            auto const kind = rt::info(p.dtype).kind;
            bool const ok = kind == 'b'   ? a.kind == ArgInfo::Kind::Boolean
                            : kind == 'f' ? a.kind == ArgInfo::Kind::Real || a.kind == ArgInfo::Kind::Integer
                            : kind == 'i' || kind == 'u' ? a.kind == ArgInfo::Kind::Integer
                                                         : false;
            if(!ok)
                return false;
        }
        return true;
    }

    void convert(
        rt::Param const& param,
        ArgInfo const& info,
        py::handle arg,
        rt::Device const& device,
        std::string const& what,
        ArgValues& values,
        std::size_t index)
    {
        if(param.kind == rt::ParamKind::Struct)
            return storeStruct(*param.layout, arg, what, values, index);
        auto& slot = values.slot(index);
        if(param.kind != rt::ParamKind::Scalar)
        {
            if(info.device == nullptr && device.memorySpace() != rt::MemorySpace::Host)
                throw rt::TypeMismatch(
                    what + " is a NumPy array, which a kernel on " + describeDevice(device)
                    + " cannot read: copy it to the device with pyalpaka.asarray(array, device=...) first");
            if(info.device != nullptr && !info.device->sharesMemoryWith(device))
                throw rt::TypeMismatch(
                    what + " is a buffer of " + describeDevice(*info.device) + ", which a kernel on "
                    + describeDevice(device) + " cannot use: copy it with pyalpaka.asarray(buffer, device=...) first");
            if(!info.contiguous)
                throw std::invalid_argument(
                    what + " is not contiguous; kernels taking " + rt::cppType(param)
                    + " need dense row-major memory (copy it into a new buffer first)");
            if(info.readonly && param.kind == rt::ParamKind::Pointer)
                throw std::invalid_argument(
                    what + " is read-only, but the kernel takes " + rt::cppType(param) + " and may write it");
            // A misaligned T* is undefined behaviour in C++: vectorized loops that assume alignment fault on it.
            // NumPy makes such arrays (np.frombuffer with an odd offset), DLPack producers may too.
            if(auto const alignment = alignmentOf(param.dtype);
               reinterpret_cast<std::uintptr_t>(info.pointer) % alignment != 0)
                throw std::invalid_argument(
                    what + " is not aligned to " + std::to_string(alignment) + " bytes, as kernels taking "
                    + rt::cppType(param) + " need (copy it into aligned memory first, e.g. with numpy.array)");
            return store(slot, info.pointer);
        }
        switch(rt::info(param.dtype).kind)
        {
            case 'b':
                return store(slot, static_cast<bool>(PyObject_IsTrue(arg.ptr())));
            case 'f':
                if(info.kind == ArgInfo::Kind::Integer)
                    return storeInteger(param.dtype, arg, what, slot);
                {
                    double const v = PyFloat_AsDouble(arg.ptr());
                    if(v == -1.0 && PyErr_Occurred())
                        throw py::error_already_set();
                    return storeReal(param.dtype, v, arg, what, slot);
                }
            default:
                return storeInteger(param.dtype, arg, what, slot);
        }
    }

    auto describeArg(ArgInfo const& info, py::handle arg) -> std::string
    {
        switch(info.kind)
        {
            case ArgInfo::Kind::Pointer:
                return std::string(rt::info(info.dtype).name) + (info.device ? " buffer" : " array");
            case ArgInfo::Kind::Struct:
                return "struct " + py::repr(*structuredDType(arg)).cast<std::string>();
            default:
                if(info.numpyScalar)
                    return "numpy." + std::string(rt::info(info.dtype).name);
                return py::str(py::type::of(arg).attr("__name__")).cast<std::string>();
        }
    }
} // namespace pyalpaka::bindings
