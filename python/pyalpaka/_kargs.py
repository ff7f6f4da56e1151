# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""What ElementwiseKernel and ReductionKernel share about their arguments: arrays and scalars, the dtypes of type
placeholders, CuPy's casting rule (``same_kind``), NumPy broadcasting, the collapse of dimensions, the device and
queue of a call, and the generated code's helpers (math functions by their plain names, raw arrays)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from ._core import Buffer, Device, Queue
from ._devices import device as _device
from ._kparams import Param

#: The kinds of NumPy in the order same_kind allows (a kind casts to its own and every later one).
_KIND_RANK = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_PY_SCALARS = {bool: np.dtype(np.bool_), int: np.dtype(np.int64), float: np.dtype(np.float64),
               complex: np.dtype(np.complex128)}  # fmt: skip


def is_array(value: Any) -> bool:
    return isinstance(value, (np.ndarray, Buffer))


def scalar_dtype(value: Any) -> np.dtype | None:
    """The dtype of a scalar argument (a Python number binds as NumPy's default for its kind); None if not one."""
    if isinstance(value, np.generic):
        return value.dtype
    return _PY_SCALARS.get(type(value))


def describe(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"a {value.dtype} array of shape {value.shape}"
    if isinstance(value, Buffer):
        return f"a {value.dtype} buffer of shape {value.shape}"
    return f"{type(value).__name__} {value!r}"


def resolve_dtypes(
    kernel: str, params: Sequence[Param], args: Sequence[Any], extra: dict[str, Any] | None = None
) -> list:
    """The dtype of each parameter for these arguments (None for a missing output): placeholders bound by the
    arrays first (all arrays of one placeholder must share a dtype), then by the scalars; `extra` binds more
    placeholders (a reduction's reduce_type). TypeError naming the parameter where one cannot be inferred."""
    bound: dict[str, tuple[np.dtype, str]] = {}
    for param, arg in zip(params, args):
        if param.placeholder is None or arg is None or not is_array(arg):
            continue
        seen = bound.setdefault(param.placeholder, (arg.dtype, param.name))
        if seen[0] != arg.dtype:
            raise TypeError(
                f"{kernel}: type placeholder {param.placeholder} is {seen[0]} (from {seen[1]}) but {param.name} is "
                f"{describe(arg)}; the arrays of one placeholder must have one dtype (convert one with astype)"
            )
    for param, arg in zip(params, args):
        if param.placeholder is not None and arg is not None and not is_array(arg):
            found = scalar_dtype(arg)
            if found is not None:
                bound.setdefault(param.placeholder, (found, param.name))
    dtypes = []
    for param in params:
        if param.dtype is not None:
            dtypes.append(param.dtype)
        elif param.placeholder in bound:
            dtypes.append(bound[param.placeholder][0])
        elif extra and param.placeholder in extra:
            dtypes.append(np.dtype(extra[param.placeholder]))
        else:
            raise TypeError(
                f"{kernel}: the type of {param.type_text()!r} cannot be inferred: no argument of placeholder "
                f"{param.placeholder} is given; pass the output array (or give the parameter a dtype)"
            )
    return dtypes


def check_cast(kernel: str, param: Param, dtype: np.dtype, arg: Any, output: bool) -> None:
    """TypeError where `arg` does not cast to the parameter's dtype (an output: from it) under 'same_kind'."""
    if is_array(arg):
        if param.raw:
            if arg.dtype != dtype:
                raise TypeError(
                    f"{kernel}: raw parameter {param.type_text()!r} is {dtype} but got {describe(arg)}; raw arrays "
                    f"are passed as they are, so the dtype must be {dtype} (convert with astype)"
                )
            return
        source, target = (dtype, arg.dtype) if output else (arg.dtype, dtype)
        if not np.can_cast(source, target, "same_kind"):
            what = "output" if output else "input"
            raise TypeError(
                f"{kernel}: {what} {param.type_text()!r} ({dtype}) got {describe(arg)}: {source} does not cast to "
                f"{target} under the 'same_kind' rule; pass {dtype} data (e.g. array.astype(numpy.{dtype}))"
            )
        return
    if output:
        raise TypeError(f"{kernel}: output {param.type_text()!r} must be an array or buffer, got {describe(arg)}")
    if param.raw:
        raise TypeError(f"{kernel}: raw parameter {param.type_text()!r} takes an array or buffer, got {describe(arg)}")
    found = scalar_dtype(arg)
    if found is None:
        raise TypeError(
            f"{kernel}: {param.type_text()!r} takes an array, a buffer or a number, got {type(arg).__name__}"
        )
    weak = not isinstance(arg, np.generic)
    if (weak and _KIND_RANK[found.kind] > _KIND_RANK[dtype.kind]) or (
        not weak and not np.can_cast(found, dtype, "same_kind")
    ):
        raise TypeError(
            f"{kernel}: {param.type_text()!r} ({dtype}) got {describe(arg)}, which does not cast to {dtype} under "
            "the 'same_kind' rule"
        )


def convert_scalar(kernel: str, param: Param, dtype: np.dtype, value: Any) -> np.generic:
    try:
        return dtype.type(value)
    except (OverflowError, ValueError):
        info = np.iinfo(dtype) if dtype.kind in "iu" else None
        span = f" [{info.min}, {info.max}]" if info is not None else ""
        raise ValueError(f"{kernel}: {param.type_text()!r} got {value!r}, outside the range of {dtype}{span}") from None


def broadcast(kernel: str, named_shapes: Sequence[tuple[str, tuple[int, ...]]]) -> tuple[int, ...]:
    """NumPy's broadcast of the shapes; ValueError naming the parameters whose shapes do not broadcast."""
    ndim = max((len(s) for _, s in named_shapes), default=0)
    result = [1] * ndim
    owner = [""] * ndim
    for name, shape in named_shapes:
        for axis, extent in enumerate(shape, start=ndim - len(shape)):
            if extent == result[axis] or extent == 1:
                continue
            if result[axis] != 1:
                shapes = ", ".join(f"{n} {s}" for n, s in named_shapes)
                raise ValueError(
                    f"{kernel}: shapes do not broadcast: {name} has extent {extent} in axis {axis - ndim} where "
                    f"{owner[axis]} has {result[axis]} (arguments: {shapes}); NumPy's rule: extents equal or 1"
                )
            result[axis], owner[axis] = extent, name
    return tuple(result)


def element_strides(kernel: str, name: str, array: Any, shape: tuple[int, ...]) -> list[int]:
    """The strides of `array` in elements over the broadcast `shape` (0 where it is broadcast)."""
    itemsize = array.dtype.itemsize
    strides = [0] * (len(shape) - array.ndim)
    for extent, stride in zip(array.shape, array.strides):
        if stride % itemsize:
            raise ValueError(
                f"{kernel}: {name} has a stride of {stride} bytes, not a multiple of its itemsize {itemsize}"
            )
        strides.append(0 if extent == 1 else stride // itemsize)
    return strides


def collapse(shape: Sequence[int], strides: list[list[int]]) -> tuple[list[int], list[list[int]]]:
    """`shape` and each operand's strides with extent-1 dimensions dropped and neighbours merged where every
    operand steps through them as through one dimension."""
    keep = [d for d, e in enumerate(shape) if e != 1]
    out_shape: list[int] = []
    out_strides: list[list[int]] = [[] for _ in strides]
    for d in keep:
        if out_shape and all(s[d] * shape[d] == o[-1] for s, o in zip(strides, out_strides)):
            out_shape[-1] *= shape[d]
            for s, o in zip(strides, out_strides):
                o[-1] = s[d]
            continue
        out_shape.append(shape[d])
        for s, o in zip(strides, out_strides):
            o.append(s[d])
    return out_shape, out_strides


def c_contiguous(array: Any) -> bool:
    expected = array.dtype.itemsize
    for extent, stride in zip(reversed(array.shape), reversed(array.strides)):
        if extent != 1 and stride != expected:
            return False
        expected *= extent
    return True


def flat_layout(array: Any) -> tuple | None:
    """How to pass a strided array to a kernel, which takes dense memory: None for a C-contiguous one, else (the
    index of its lowest-addressed element, the number of elements its memory spans, the offset of its first element
    from the lowest one). Its elements are then at the offset plus the index times the strides."""
    if c_contiguous(array) or 0 in array.shape:
        return None
    itemsize = array.dtype.itemsize
    index = tuple(slice(e - 1, e) if s < 0 else slice(0, 1) for e, s in zip(array.shape, array.strides))
    low = sum((e - 1) * s for e, s in zip(array.shape, array.strides) if s < 0)
    high = sum((e - 1) * s for e, s in zip(array.shape, array.strides) if s > 0)
    return index, (high - low) // itemsize + 1, -low // itemsize


def flat_view(kernel: str, array: Any, layout: tuple) -> np.ndarray:
    """The 1-D dense view of the memory a strided array spans (flat_layout), without a copy."""
    if isinstance(array, Buffer):
        if not array.device.is_host:
            raise ValueError(
                f"{kernel}: a strided view of a buffer on {array.device} cannot be passed; pass a contiguous buffer"
            )
        array = np.asarray(array)
    index, count, _ = layout
    return np.lib.stride_tricks.as_strided(array[index], (count,), (array.dtype.itemsize,))


_default_queues: dict[Device, Queue] = {}
_queues_lock = threading.Lock()


def call_queue(kernel: str, args: Sequence[Any], queue: Queue | None) -> Queue:
    """The queue of a call: `queue` (the launch checks that the buffers are on its device), else a blocking queue
    of the buffers' device (the best CPU device for NumPy arrays), one per device for the process."""
    if queue is not None:
        if not isinstance(queue, Queue):
            raise TypeError(f"{kernel}: queue= takes a pyalpaka.Queue, got {type(queue).__name__}")
        return queue
    devices = {a.device for a in args if isinstance(a, Buffer)}
    if len(devices) > 1:
        raise TypeError(f"{kernel}: the buffers are on different devices ({', '.join(map(str, devices))})")
    dev = devices.pop() if devices else _device("cpu")
    found = _default_queues.get(dev)
    if found is None:
        with _queues_lock:
            found = _default_queues.setdefault(dev, Queue(dev, blocking=True))
    return found


#: Math functions by their plain names, as CuPy's kernels write them (sqrt(x), max(a, b)): lambdas in the kernel's
#: body that call alpaka's math with the accelerator, so one expression compiles on every back-end.
_UNARY = [
    "abs",
    "fabs",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "cbrt",
    "ceil",
    "cos",
    "cosh",
    "erf",
    "exp",
    "floor",
    "isfinite",
    "isinf",
    "isnan",
    "log",
    "log2",
    "log10",
    "round",
    "rsqrt",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "trunc",
]
_BINARY = ["atan2", "copysign", "fmod", "max", "min", "fmax", "fmin", "pow", "remainder"]
_ALIAS = {"fabs": "abs", "fmax": "max", "fmin": "min"}


def kernel_head(name: str, parameters: Sequence[str]) -> str:
    """The generated kernel's struct up to the opening brace of its operator()."""
    return (
        f"struct {name}\n{{\n    template<typename TAcc>\n"
        f"    ALPAKA_FN_ACC void operator()(TAcc const& acc, {', '.join(parameters)}) const\n    {{"
    )


def math_lambdas(indent: str) -> str:
    lines = [
        f"{indent}[[maybe_unused]] auto {n} = [&acc](auto const& _x) "
        f"{{ return alpaka::math::{_ALIAS.get(n, n)}(acc, _x); }};"
        for n in _UNARY
    ]
    lines += [
        f"{indent}[[maybe_unused]] auto {n} = [&acc](auto const& _x, auto const& _y) "
        f"{{ return alpaka::math::{_ALIAS.get(n, n)}(acc, _x, _y); }};"
        for n in _BINARY
    ]
    return "\n".join(lines)


#: The raw arrays of the generated code: the whole array, indexed by the C-order index of its elements.
RAW_HELPERS = r"""
#ifndef INFINITY
#    define INFINITY (__builtin_huge_valf())
#endif
#ifndef NAN
#    define NAN (__builtin_nanf(""))
#endif
namespace pyalpaka_generated
{
    template<typename T>
    struct Raw
    {
        T* m_data;
        std::int64_t m_size;
        ALPAKA_FN_HOST_ACC auto operator[](std::int64_t index) const -> T& { return m_data[index]; }
        ALPAKA_FN_HOST_ACC auto size() const -> std::int64_t { return m_size; }
    };

    template<typename T, int TDim>
    struct RawStrided
    {
        T* m_data;
        std::int64_t m_size;
        std::int64_t m_extents[TDim];
        std::int64_t m_strides[TDim];
        ALPAKA_FN_HOST_ACC auto operator[](std::int64_t index) const -> T&
        {
            std::int64_t offset = 0;
            for(int d = TDim - 1; d >= 0; --d)
            {
                offset += (index % m_extents[d]) * m_strides[d];
                index /= m_extents[d];
            }
            return m_data[offset];
        }
        ALPAKA_FN_HOST_ACC auto size() const -> std::int64_t { return m_size; }
    };

    struct Index
    {
        std::int64_t m_size;
        ALPAKA_FN_HOST_ACC auto size() const -> std::int64_t { return m_size; }
    };
} // namespace pyalpaka_generated
"""


class Layout:
    """A plan's layout: the extents, strides and offsets of its operands as run-time values, so that one compiled
    kernel serves every layout of its dtypes. The kernel takes them as ``std::int64_t const* _layout`` (an array: a
    pointer costs a launch less than a struct) and reads them through ``_L``, a struct of named fields: each an
    ``std::int64_t`` (`count` None) or a pointer to `count` of them."""

    def __init__(self, fields: Sequence[tuple[str, int | None]]) -> None:
        self.where: dict[str, tuple[int, int | None]] = {}
        members, inits, at = [], [], 0
        for name, count in fields:
            self.where[name] = (at, count)
            members.append(f"        std::int64_t{'' if count is None else ' const*'} {name};\n")
            inits.append(f"_layout[{at}]" if count is None else f"_layout + {at}")
            at += 1 if count is None else count
        self.size = at
        self.cpp = (
            "namespace pyalpaka_generated\n{\n    struct Layout\n    {\n" + "".join(members) + "    };\n"
            "} // namespace pyalpaka_generated"
        )
        self.parameter = "std::int64_t const* _layout"
        self.init = f"pyalpaka_generated::Layout const _L{{{', '.join(inits)}}};"

    def value(self, values: dict[str, Any], queue: Queue) -> Any:
        """The array of `values` (arrays padded with zeros), read-only, on the queue's device."""
        array = np.zeros(self.size, np.int64)
        for name, item in values.items():
            at, count = self.where[name]
            if count is None:
                array[at] = item
            else:
                array[at : at + len(item)] = item
        array.flags.writeable = False
        if queue.device.is_host:
            return array
        from ._buffers import asarray

        return asarray(array, device=queue.device, queue=queue)


def offsets_lambda(indent: str, capacity: int) -> str:
    """C++ lambda ``_offsets(u, dims, ext, str, off, count)``: adds to each of `count` offsets the C-order index `u`
    unravelled over the extents ``ext[0..dims)`` times that operand's strides (``str[q * capacity + d]``)."""
    return (
        f"{indent}[[maybe_unused]] auto _offsets = [](std::int64_t _u, std::int64_t _dims, std::int64_t const* _ext,\n"
        f"{indent}    std::int64_t const* _str, std::int64_t* _off, int _count)\n"
        f"{indent}{{\n"
        f"{indent}    for(std::int64_t _d = _dims - 1; _d >= 0; --_d)\n"
        f"{indent}    {{\n"
        f"{indent}        std::int64_t const _c = _d > 0 ? _u % _ext[_d] : _u;\n"
        f"{indent}        _u = _d > 0 ? _u / _ext[_d] : 0;\n"
        f"{indent}        for(int _q = 0; _q < _count; ++_q)\n"
        f"{indent}            _off[_q] += _c * _str[_q * {capacity} + _d];\n"
        f"{indent}    }}\n"
        f"{indent}}};"
    )


def raw_declaration(param: Param, ctype: str, array: Any, args: list[Any], values: list[Any]) -> str:
    """The C++ declaration of raw parameter `param` in the kernel's body, appending the kernel parameters it needs
    to `args` (declarations) and their values to `values`."""
    const = "" if not getattr(array, "readonly", False) and _writeable(array) else " const"
    pointer = f"_p_{param.name}"
    size = int(np.prod(array.shape, dtype=np.int64))
    if c_contiguous(array) or 0 in array.shape:
        return f"pyalpaka_generated::Raw<{ctype}{const}> const {param.name}{{{pointer}, {size}}};"
    itemsize = array.dtype.itemsize
    base = flat_layout(array)[2]  # type: ignore[index]
    if base:
        pointer = f"({pointer} + {base})"
    extents = [int(e) for e in array.shape]
    strides = [int(s) // itemsize for s in array.strides]
    names = []
    for d in range(len(extents)):
        args.append(f"std::int64_t _re_{param.name}_{d}")
        args.append(f"std::int64_t _rs_{param.name}_{d}")
        values.extend((extents[d], strides[d]))
        names.append((f"_re_{param.name}_{d}", f"_rs_{param.name}_{d}"))
    ext = ", ".join(e for e, _ in names)
    st = ", ".join(s for _, s in names)
    return (
        f"pyalpaka_generated::RawStrided<{ctype}{const}, {len(extents)}> const {param.name}"
        f"{{{pointer}, {size}, {{{ext}}}, {{{st}}}}};"
    )


def _writeable(array: Any) -> bool:
    return array.flags.writeable if isinstance(array, np.ndarray) else not array.readonly
