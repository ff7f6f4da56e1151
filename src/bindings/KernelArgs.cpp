// SPDX-FileCopyrightText: The pyalpaka authors
// SPDX-License-Identifier: MPL-2.0

//! \file
//! Classifying the Python arguments of a launch (ArgInfo) and converting them to the values of C++ parameters: range
//! checks for numbers, device, contiguity, alignment and read-only checks for pointers; struct values go through
//! StructArgs.hpp.

#include "KernelArgs.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "StructArgs.hpp"
#include "runtime/ArgConversion.hpp"

namespace pyalpaka::bindings
{
    namespace
    {
        auto numpyGeneric() -> py::handle
        {
            static py::object const generic = py::module_::import("numpy").attr("generic");
            return generic;
        }

        //! The classifications that follow from an argument's type alone (NumPy's numeric scalar types), found once
        //! per type. Each entry holds its type, so that a type that goes away (a subclass made in a function) cannot
        //! leave its address to another one.
        class TypeClasses
        {
        public:
            [[nodiscard]] auto find(PyTypeObject const* type) const -> ArgInfo const*
            {
                for(auto const& [known, info] : m_known)
                    if(known.ptr() == reinterpret_cast<PyObject const*>(type))
                        return &info;
                return nullptr;
            }

            void remember(PyTypeObject* type, ArgInfo const& info)
            {
                if(m_known.size() < capacity)
                    m_known.emplace_back(py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(type)), info);
            }

        private:
            //! More types than NumPy has scalar types would be subclasses made over and over: not kept.
            static constexpr std::size_t capacity = 64;
            std::vector<std::pair<py::object, ArgInfo>> m_known;
        };

        auto typeClasses() -> TypeClasses&
        {
            static auto* const classes = new TypeClasses(); // leaked: its references outlive the interpreter
            return *classes;
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

        //! A real value as float or double; ValueError for a finite one beyond float's range.
        void storeReal(rt::DType target, double value, py::handle arg, ArgName const& what, ArgSlot& slot)
        {
            if(!rt::storeRealIfFits(target, value, slot.bytes.data()))
                throw std::invalid_argument(
                    what.str() + " = " + py::repr(arg).cast<std::string>() + " is out of range for float");
        }

        //! Element alignment: complex numbers align like their parts.
        auto alignmentOf(rt::DType dtype) -> std::size_t
        {
            auto const i = rt::info(dtype);
            return i.kind == 'c' ? i.size / 2 : i.size;
        }

        //! An int-like argument (operator.index) stored as `target`; ValueError when out of its range.
        void storeInteger(rt::DType target, py::handle arg, ArgName const& what, ArgSlot& slot)
        {
            auto const value = py::reinterpret_steal<py::object>(PyNumber_Index(arg.ptr()));
            if(!value)
                throw py::error_already_set();
            int overflow = 0;
            long long const v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
            rt::IntegerValue integer;
            // On overflow v is -1, which says nothing about the sign: overflow does.
            if(overflow < 0)
                integer = {true, 0, true};
            else if(overflow > 0)
            {
                integer.magnitude = PyLong_AsUnsignedLongLong(value.ptr());
                if(PyErr_Occurred())
                {
                    PyErr_Clear();
                    integer.beyond64 = true;
                }
            }
            else
                integer = rt::integerValue(v);
            auto const kind = rt::info(target).kind;
            if(kind != 'i' && kind != 'u' && kind != 'f')
                throw rt::TypeMismatch(
                    what.str() + " must be " + std::string(rt::info(target).cppName) + ", got an int");
            if(!rt::storeIntegerIfFits(target, integer, slot.bytes.data()))
                throw std::invalid_argument(
                    what.str() + " = " + py::repr(value).cast<std::string>() + " is out of range for "
                    + std::string(rt::info(target).cppName));
        }
        //! A field of a NumPy scalar's value. NumPy keeps a numeric scalar's value right after the object header
        //! (PyArrayScalar_VAL of its C API: the obval of PyFloatScalarObject, PyLongScalarObject, ...; np.float64's
        //! ob_fval as a Python float): read there, no Python number is made of it on every launch.
        template<typename T>
        auto scalarField(py::handle arg) -> T
        {
            T value;
            std::memcpy(&value, reinterpret_cast<char const*>(arg.ptr()) + sizeof(PyObject), sizeof(T));
            return value;
        }

        //! Stores a NumPy scalar of a numeric `source` dtype as `target` when it is in range; false otherwise (and for
        //! combinations the slow path reports, such as a real for an integer parameter).
        auto storeNumpyScalar(rt::DType target, rt::DType source, py::handle arg, ArgSlot& slot) -> bool
        {
            auto const targetKind = rt::info(target).kind;
            if(targetKind != 'f' && targetKind != 'i' && targetKind != 'u')
                return false;
            rt::IntegerValue integer;
            switch(source)
            {
                case rt::DType::Float32:
                case rt::DType::Float64:
                    return targetKind == 'f'
                           && rt::storeRealIfFits(
                               target,
                               source == rt::DType::Float32 ? scalarField<float>(arg) : scalarField<double>(arg),
                               slot.bytes.data());
                case rt::DType::Int8:
                    integer = rt::integerValue(scalarField<std::int8_t>(arg));
                    break;
                case rt::DType::UInt8:
                    integer = rt::integerValue(scalarField<std::uint8_t>(arg));
                    break;
                case rt::DType::Int16:
                    integer = rt::integerValue(scalarField<std::int16_t>(arg));
                    break;
                case rt::DType::UInt16:
                    integer = rt::integerValue(scalarField<std::uint16_t>(arg));
                    break;
                case rt::DType::Int32:
                    integer = rt::integerValue(scalarField<std::int32_t>(arg));
                    break;
                case rt::DType::UInt32:
                    integer = rt::integerValue(scalarField<std::uint32_t>(arg));
                    break;
                case rt::DType::Int64:
                    integer = rt::integerValue(scalarField<std::int64_t>(arg));
                    break;
                case rt::DType::UInt64:
                    integer = rt::integerValue(scalarField<std::uint64_t>(arg));
                    break;
                default:
                    return false;
            }
            return rt::storeIntegerIfFits(target, integer, slot.bytes.data());
        }
    } // namespace

    auto classifiedByType(py::handle arg) -> ArgInfo const*
    {
        static constexpr auto byKind = [](ArgInfo::Kind kind)
        {
            ArgInfo info;
            info.kind = kind;
            return info;
        };
        static ArgInfo const real = byKind(ArgInfo::Kind::Real);
        static ArgInfo const boolean = byKind(ArgInfo::Kind::Boolean);
        static ArgInfo const integer = byKind(ArgInfo::Kind::Integer);
        auto const* type = Py_TYPE(arg.ptr());
        if(type == &PyFloat_Type)
            return &real;
        if(type == &PyBool_Type)
            return &boolean;
        if(type == &PyLong_Type)
            return &integer;
        return typeClasses().find(type);
    }

    auto classify(py::handle arg) -> ArgInfo
    {
        if(auto const* known = classifiedByType(arg))
            return *known;
        ArgInfo info;
        auto* type = Py_TYPE(arg.ptr());
        if(auto const* buffer = asBuffer(arg))
        {
            auto const& b = *buffer;
            info.kind = ArgInfo::Kind::Pointer;
            info.dtype = b.dtype;
            info.pointer = b.data;
            rt::setElementSpan(
                info,
                b.data,
                b.size() == 0,
                b.itemSize(),
                b.shape.size(),
                [&](std::size_t d) {
                    return std::pair{
                        static_cast<std::ptrdiff_t>(b.shape[d]), static_cast<std::ptrdiff_t>(b.strides[d])};
                });
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
            rt::setElementSpan(
                info,
                info.pointer,
                array.size() == 0,
                static_cast<std::size_t>(array.itemsize()),
                static_cast<std::size_t>(array.ndim()),
                [&](std::size_t d)
                {
                    auto const i = static_cast<py::ssize_t>(d);
                    return std::pair{
                        static_cast<std::ptrdiff_t>(array.shape(i)), static_cast<std::ptrdiff_t>(array.strides(i))};
                });
            info.readonly = !array.writeable();
            info.contiguous = (array.flags() & py::array::c_style) != 0;
            return info;
        }
        if(py::isinstance(arg, numpyGeneric()))
        {
            if(PyObject_TypeCheck(arg.ptr(), numpyVoidType()) != 0 && structuredDType(arg))
            {
                info.kind = ArgInfo::Kind::Struct;
                return info;
            }
            try
            {
                info.dtype = toDType(arg.attr("dtype"));
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
            typeClasses().remember(type, info);
            return info;
        }
        if(PyIndex_Check(arg.ptr()))
            info.kind = ArgInfo::Kind::Integer;
        else if(PyFloat_Check(arg.ptr()))
            info.kind = ArgInfo::Kind::Real;
        return info;
    }

    void convert(
        rt::Param const& param,
        ArgInfo const& info,
        py::handle arg,
        rt::Device const& device,
        ArgName const& what,
        ArgValues& values,
        std::size_t index)
    {
        if(param.kind == rt::ParamKind::Struct)
            return storeStruct(*param.layout, arg, what.str(), values, index);
        auto& slot = values.slot(index);
        if(param.kind != rt::ParamKind::Scalar)
        {
            if(info.device == nullptr && device.memorySpace() != rt::MemorySpace::Host)
                throw rt::TypeMismatch(
                    what.str() + " is a NumPy array, which a kernel on " + describeDevice(device)
                    + " cannot read: copy it to the device with pyalpaka.asarray(array, device=...) first");
            if(info.device != nullptr && info.device != &device && !info.device->sharesMemoryWith(device))
                throw rt::TypeMismatch(
                    what.str() + " is a buffer of " + describeDevice(*info.device) + ", which a kernel on "
                    + describeDevice(device) + " cannot use: copy it with pyalpaka.asarray(buffer, device=...) first");
            if(!info.contiguous)
                throw std::invalid_argument(
                    what.str() + " is not contiguous; kernels taking " + rt::cppType(param)
                    + " need dense row-major memory (copy it into a new buffer first)");
            if(info.readonly && param.kind == rt::ParamKind::Pointer)
                throw std::invalid_argument(
                    what.str() + " is read-only, but the kernel takes " + rt::cppType(param) + " and may write it");
            // A misaligned T* is undefined behaviour in C++: vectorized loops that assume alignment fault on it.
            // NumPy makes such arrays (np.frombuffer with an odd offset), DLPack producers may too.
            if(auto const alignment = alignmentOf(param.dtype);
               reinterpret_cast<std::uintptr_t>(info.pointer) % alignment != 0)
                throw std::invalid_argument(
                    what.str() + " is not aligned to " + std::to_string(alignment) + " bytes, as kernels taking "
                    + rt::cppType(param) + " need (copy it into aligned memory first, e.g. with numpy.array)");
            return store(slot, info.pointer);
        }
        if(info.numpyScalar && storeNumpyScalar(param.dtype, info.dtype, arg, slot))
            return;
        // Python numbers, and NumPy scalars out of the parameter's range (whose messages the paths below make).
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

    auto exactTypeName(rt::Param const& p) -> std::string
    {
        std::string name(rt::info(p.dtype).cppName);
        if(p.kind == rt::ParamKind::ConstPointer)
            return name + " const*";
        if(p.kind == rt::ParamKind::Pointer)
            return name + "*";
        return name;
    }
} // namespace pyalpaka::bindings
