# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka.ElementwiseKernel: a kernel from one line of C++ applied to every element, with CuPy's grammar.

Each call is planned once per (device, dtypes, shapes, strides, scalar types): the parameters' dtypes, the
broadcast shape and the dimensions that collapse into one, and the generated alpaka kernel (a ``pk.Kernel``, compiled
and cached on disk like any other). A call whose arguments pass to that kernel as they are is remembered in C++
(``_core.PlannedLauncher``): the next call with the same layouts launches from there without planning in Python."""

from __future__ import annotations

import operator
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import _kargs, _kparams
from ._buffers import empty
from ._core import Buffer, PlannedLauncher, Queue
from ._errors import CompileError
from ._kernel import Kernel
from ._workdiv import valid_workdiv


class Generated:
    """Generated C++ with the line ranges of the user's parts, so that compile errors can name the part."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.parts: list[tuple[str, int, int]] = []  # (what, first line, last line), 1-based

    def add(self, text: str, part: str | None = None) -> None:
        first = len(self.lines) + 1
        self.lines.extend(text.split("\n"))
        if part is not None:
            self.parts.append((part, first, len(self.lines)))

    @property
    def source(self) -> str:
        return "\n".join(self.lines) + "\n"

    def explain(self, kernel: str, error: CompileError, raw: Sequence[str]) -> CompileError:
        """`error` with a first line that names the user's part (operation, preamble, ...) and its line."""
        lines = [line for line, _ in error.diagnostics()]
        where = "in the generated code around it"
        for line in lines:
            for part, first, last in self.parts:
                if first <= line <= last:
                    text = self.lines[line - 1].strip()
                    where = f"in the {part} (its line {line - first + 1}: {text!r})"
                    break
            else:
                continue
            break
        message = f"{kernel} does not compile: the first error is {where}"
        if raw:
            message += f"; raw parameters ({', '.join(raw)}) are whole arrays: index them, e.g. {raw[0]}[i]"
        explained = CompileError(
            message, log=error.log, source=error.source, command=error.command, filename=error.filename,
            generated=error.generated,
        )  # fmt: skip
        return explained.with_traceback(None)


class ElementwiseKernel(PlannedLauncher):
    """A kernel applied to every element of its arguments, defined as CuPy's ``cupy.ElementwiseKernel``.

    ``in_params`` and ``out_params`` list the parameters, ``"float32 x, T y, raw T z"``: a dtype name or a type
    placeholder (any other identifier, its dtype inferred from the arguments at each call), then the name; ``raw``
    passes the whole array (index it, ``z[i]``) instead of the current element. ``operation`` is C++ run for each
    element ``i`` of the broadcast shape, reading the inputs' elements and assigning the outputs' by name (``z = (x -
    y) * (x - y)``); math functions are called by their plain names (``sqrt``, ``exp``, ``max``, ...) on every
    back-end. ``preamble`` is C++ put before the kernel (helper functions, marked ``ALPAKA_FN_ACC``).

    ``kernel(*inputs[, *outputs], size=None, queue=None)``: inputs are arrays or buffers (broadcast as NumPy does,
    any strides) and numbers; outputs not given are allocated with the broadcast shape and the parameter's dtype
    (NumPy arrays for NumPy inputs, buffers of the inputs' device otherwise). Arrays are converted to the parameters'
    types by CuPy's rule (``same_kind``). Without ``queue`` the call runs on a blocking queue of the arrays' device,
    so results are ready on return. ``size`` sets the number of elements where every array is raw. Returns the
    output (a tuple for several outputs, or with ``return_tuple=True``; None with ``no_return=True``).

    ``options`` (compiler flags) and ``fp_contract`` are those of ``pyalpaka.Kernel``; ``kernel.source`` is the C++
    of the variant compiled last, ``kernel.kernels`` the ``pyalpaka.Kernel`` of each variant.
    """

    def __init__(
        self,
        in_params: str,
        out_params: str,
        operation: str,
        name: str = "kernel",
        reduce_dims: bool = True,
        preamble: str = "",
        no_return: bool = False,
        return_tuple: bool = False,
        *,
        options: Sequence[str] = (),
        fp_contract: str | None = None,
        loop_prep: str = "",
        after_loop: str = "",
    ) -> None:
        super().__init__()  # the repeated call's launch (_core.PlannedLauncher.__call__; any other call: _call)
        self.name = _kparams.check_name(name, "ElementwiseKernel")
        label = f"ElementwiseKernel {self.name!r}"
        self.in_params = _kparams.parse(in_params, "in_params", label)
        self.out_params = _kparams.parse(out_params, "out_params", label)
        _kparams.check_disjoint(label, self.in_params, self.out_params)
        if not self.out_params:
            raise ValueError(f"{label}: out_params is empty; an elementwise kernel has at least one output")
        for what, text in (("operation", operation), ("preamble", preamble), ("loop_prep", loop_prep),
                           ("after_loop", after_loop)):  # fmt: skip
            if not isinstance(text, str):
                raise TypeError(f"{label}: {what} must be a string of C++ code, got {type(text).__name__}")
        if not operation.strip():
            raise ValueError(f"{label}: operation is empty; it is the C++ run for each element, e.g. 'z = x + y'")
        self.params = self.in_params + self.out_params
        _check_raw_use(label, self.params, operation)
        self.operation = operation
        self.preamble = preamble
        self.loop_prep, self.after_loop = loop_prep, after_loop
        self.reduce_dims = bool(reduce_dims)
        self.no_return, self.return_tuple = bool(no_return), bool(return_tuple)
        self.options = tuple(options)
        self.fp_contract = fp_contract
        self._label = label
        self._plans: dict[tuple, _Plan] = {}
        self._raw_inputs = any(p.raw for p in self.in_params)
        self.kernels: dict[str, Kernel] = {}
        self.source: str | None = None
        self._lock = threading.Lock()

    def _call(self, *args: Any, size: int | None = None, queue: Queue | None = None, **kwargs: Any) -> Any:
        """A call that PlannedLauncher.__call__ did not launch itself: planned here (once per layout), launched, and
        remembered there where its arguments pass as they are."""
        given = queue
        if type(queue) is not Queue or kwargs:
            queue = self._queue(args, queue, kwargs)
        # What the plan depends on: one C call per argument (a Python number has no strides: its type instead).
        try:
            key = (queue, size, *[type(a) if type(a) in _NUMBERS else _layout(a) for a in args])
        except AttributeError:
            key = (queue, size, *map(_signature, args))
        if self._raw_inputs:  # a raw input's pointer is const unless it is writable
            key += tuple(_kargs.is_array(a) and _kargs._writeable(a) for a in args[: len(self.in_params)])
        plan = self._plans.get(key)
        if plan is None:
            with self._lock:
                plan = self._plans.get(key) or self._plan(args, size, queue)
                if len(self._plans) > 4096:  # layouts (or queues) that change call after call: start again
                    self._plans.clear()
                self._plans[key] = plan
        try:
            result = plan.run(args, queue)
        except CompileError as error:
            raise plan.generated.explain(self._label, error, plan.raw) from None
        except TypeError:  # the plan does not check what the launch does (a read-only output): its message first
            self._plan(args, size, queue)
            raise
        if plan.converters is not None and (size is None or type(size) is int):
            self._remember_call(given, queue, size, args, plan.converters, plan.kernel, plan.workdiv, plan.values,
                                plan.result_code, plan.n_in)  # fmt: skip
        return result

    def _queue(self, args: tuple, queue: Any, kwargs: dict) -> Queue:
        if kwargs:
            unknown = ", ".join(sorted(kwargs))
            raise TypeError(f"{self._label}: unexpected keyword argument(s) {unknown}; it takes size= and queue=")
        return _kargs.call_queue(self._label, args, queue)

    def _plan(self, args: tuple, size: int | None, queue: Queue) -> _Plan:
        n_in, n_out = len(self.in_params), len(self.out_params)
        if len(args) not in (n_in, n_in + n_out):
            raise TypeError(
                f"{self._label} takes {n_in} input{'s' if n_in != 1 else ''} ({_names(self.in_params)}) and "
                f"optionally the {n_out} output{'s' if n_out != 1 else ''} ({_names(self.out_params)}); "
                f"{len(args)} argument{'s' if len(args) != 1 else ''} given"
            )
        full = list(args) + [None] * (n_in + n_out - len(args))
        dtypes = _kargs.resolve_dtypes(self._label, self.params, full)
        for j, (param, dtype, arg) in enumerate(zip(self.params, dtypes, full)):
            _kparams.cpp_type(dtype, f"{self._label}: {param.type_text()!r}: ")
            if arg is not None:
                _kargs.check_cast(self._label, param, dtype, arg, output=j >= n_in)
                if j >= n_in and not _kargs._writeable(arg):
                    raise TypeError(f"{self._label}: output {param.name} is read-only; pass a writable array")
        named = [(p.name, tuple(a.shape)) for p, a in zip(self.params, full) if a is not None and not p.raw
                 and _kargs.is_array(a)]  # fmt: skip
        shape = _kargs.broadcast(self._label, named)
        if not any(a is not None and not p.raw and _kargs.is_array(a) for p, a in zip(self.params, full)):
            if size is None and not any(p.raw for p, a in zip(self.params, full) if a is not None):
                shape = ()  # numbers only: one element, a 0-d output
            elif size is None:
                raise ValueError(
                    f"{self._label}: the number of elements is undecided: every array parameter is raw (or there "
                    "is none); pass size=N, and index raw parameters with i"
                )
            else:
                shape = (int(size),)
        elif size is not None and int(size) != int(np.prod(shape, dtype=np.int64)):
            raise ValueError(f"{self._label}: size={size} but the arrays broadcast to {shape}; leave size out")
        for param, arg in zip(self.out_params, full[n_in:]):
            if arg is not None and not param.raw and tuple(arg.shape) != shape:
                raise ValueError(
                    f"{self._label}: output {param.name} has shape {tuple(arg.shape)} but the arguments broadcast "
                    f"to {shape}; pass an output of shape {shape} or leave it out"
                )
        for param, arg in zip(self.out_params, full[n_in:]):
            if arg is None and param.raw:
                raise ValueError(f"{self._label}: raw output {param.name} cannot be allocated; pass it")
        return _Plan(self, full, dtypes, shape, queue)

    def _kernel(self, generated: Generated) -> Kernel:
        source = generated.source
        kernel = self.kernels.get(source)
        if kernel is None:
            kernel = Kernel(source, self.name, options=self.options, filename=f"{self.name}.elementwise.cpp",
                            fp_contract=self.fp_contract)  # fmt: skip
            self.kernels[source] = kernel
        self.source = source
        return kernel

    def __repr__(self) -> str:
        return f"ElementwiseKernel({_names(self.in_params)!r} -> {_names(self.out_params)!r}, name={self.name!r})"


def _names(params: Sequence[_kparams.Param]) -> str:
    return ", ".join(p.type_text() for p in params)


#: What a plan depends on of an array, a buffer or a NumPy number (whether an output is writable the launch checks).
_layout = operator.attrgetter("__class__", "dtype", "shape", "strides")


#: Python's numbers, whose type is all a plan depends on: told apart before _layout, not by its AttributeError
#: (raising and catching it cost 1.5 us of a 3-us call).
_NUMBERS = frozenset((bool, int, float, complex))


def _signature(arg: Any) -> Any:
    """What a plan depends on of any argument: a Python number's type."""
    return _layout(arg) if hasattr(arg, "strides") else type(arg)


def _check_raw_use(label: str, params: Sequence[_kparams.Param], code: str) -> None:
    """ValueError where the operation uses a raw parameter as one value (`y = x * 2` for raw x): it is the whole
    array and needs an index. A raw name passed to a function (`f(x, i)`) or followed by [ or . is fine."""
    import re

    for param in params:
        if not param.raw:
            continue
        for match in re.finditer(rf"(?<![\w.]){param.name}\b", code):
            before = code[: match.start()].rstrip()[-1:]
            after = code[match.end() :].lstrip()[:1]
            if after in ("[", ".", "(", ",", ")") or before in ("(", ",", "&", "."):
                continue
            if after == "=" and code[match.end() :].lstrip()[:2] != "==":
                pass  # assigned as a whole: also needs an index
            raise ValueError(
                f"{label}: raw parameter {param.name!r} is used without an index in {code.strip()!r}; a raw "
                f"parameter is the whole array: write {param.name}[i] (or another index)"
            )


class _Plan:
    """One call's layout: the generated kernel, its work division and how the call's arguments become its own."""

    def __init__(self, owner: ElementwiseKernel, full: list, dtypes: list, shape: tuple, queue: Queue) -> None:
        self.owner = owner
        label, params = owner._label, owner.params
        n_in = len(owner.in_params)
        self.n = int(np.prod(shape, dtype=np.int64))
        self.shape = shape
        self.out_dtypes = dtypes[n_in:]
        device = queue.device
        self.host_outputs = device.is_host and not any(isinstance(a, Buffer) for a in full if a is not None)
        self.layout = _output_order(full, params, shape) if self.host_outputs else list(range(len(shape)))
        identity = self.layout == list(range(len(shape)))
        self.inverse = None if identity else tuple(int(d) for d in np.argsort(self.layout))
        strided_args = [(p, a) for p, a in zip(params, full) if not p.raw and (a is None or _kargs.is_array(a))]
        strides = [
            _kargs.element_strides(label, p.name, a, shape) if a is not None else _allocated_strides(shape, self.layout)
            for p, a in strided_args
        ]
        extents, strides = _kargs.collapse(shape, strides) if owner.reduce_dims else (list(shape), strides)
        g = Generated()
        g.add("#include <cstdint>\n#include <cstddef>" + _kargs.RAW_HELPERS)
        # The strides, extents and offsets are run-time values (a layout struct), so that every layout of these
        # dtypes shares one compiled kernel; its loop over dense operands (every stride 1) is one of its own.
        ops = {p.name: q for q, (p, _) in enumerate(strided_args)}
        capacity = max(4, len(extents))
        if ops:
            counts = {"n": None, "ndim": None, "unit": None, "ext": capacity, "str": len(ops) * capacity}
            layout = _kargs.Layout([*counts.items(), ("base", len(ops))])
            g.add(layout.cpp)
        if owner.preamble.strip():
            g.add(owner.preamble, "preamble")
        decl, extra, values, body, stores = [], [], [], [], []
        bases = [0] * len(ops)  # the offset of an operand's first element in the memory passed (flat_layout)
        self.slots: list[tuple[str, int, Any]] = []  # ("array", j, flat layout) or ("scalar", j, (param, dtype))
        for j, (param, dtype, arg) in enumerate(zip(params, dtypes, full)):
            ctype = _kparams.cpp_type(dtype)
            output = j >= n_in
            if arg is not None and not _kargs.is_array(arg):
                decl.append(f"{ctype} {param.name}")
                self.slots.append(("scalar", j, (param, dtype)))
                continue
            atype = _kparams.cpp_type(arg.dtype if arg is not None else dtype)
            writable = output or (param.raw and _kargs._writeable(arg))
            decl.append(f"{atype}{'' if writable else ' const'}* _p_{param.name}")
            flat = _kargs.flat_layout(arg) if arg is not None else None
            self.slots.append(("array", j, flat))
            if param.raw:
                more: list[str] = []
                body.append(_kargs.raw_declaration(param, atype, arg, more, values))
                extra.extend(more)
                continue
            if flat is not None:
                bases[ops[param.name]] = flat[2]
            at = f"_p_{param.name}[_o_{param.name}]"
            if output and atype == ctype:
                body.append(f"{ctype}& {param.name} = {at};")
            elif output:
                body.append(f"{ctype} {param.name} = static_cast<{ctype}>({at});")
                stores.append(f"{at} = static_cast<{atype}>({param.name});")
            else:
                body.append(f"{ctype} const {param.name} = {at if atype == ctype else f'static_cast<{ctype}>({at})'};")
        if ops:
            unit = len(extents) <= 1 and not any(bases) and all(s == 1 for st in strides for s in st)
            flat_strides = [s for st in strides for s in (*st, *[0] * (capacity - len(st)))]
            # The number of elements is in the layout too: an argument fewer to pass costs a launch less.
            extra.append(layout.parameter)
            values.append(layout.value({"n": self.n, "ndim": len(extents), "unit": int(unit), "ext": extents,
                                        "str": flat_strides, "base": bases}, queue))  # fmt: skip
        else:
            extra.append("std::size_t _n")
            values.append(self.n)
        self.values = tuple(values)
        ind = " " * 8
        g.add(_kargs.kernel_head(owner.name, decl + extra))
        g.add(_kargs.math_lambdas(ind))
        if ops:
            g.add(f"{ind}{layout.init}\n{ind}std::size_t const _n = static_cast<std::size_t>(_L.n);")
            g.add(_kargs.offsets_lambda(ind, capacity))
        g.add(f"{ind}pyalpaka_generated::Index const _ind{{static_cast<std::int64_t>(_n)}};")
        g.add("\n".join(ind + line for line in body if line.startswith("pyalpaka_generated")))
        if owner.loop_prep.strip():
            g.add(owner.loop_prep, "loop_prep")
        names = list(ops)
        offsets = "".join(f", std::int64_t const _o_{name}" for name in names)
        g.add(f"{ind}auto _element = [&]([[maybe_unused]] std::ptrdiff_t const i{offsets})\n{ind}{{")
        g.add("\n".join(ind + "    " + line for line in body if not line.startswith("pyalpaka_generated")))
        g.add(owner.operation.strip().rstrip(";") + ";", "operation")
        g.add("\n".join([*(ind + "    " + line for line in stores), f"{ind}}};"]))
        loop = f"{ind}for(auto _k : alpaka::uniformElements(acc, _n))"
        index = "static_cast<std::ptrdiff_t>(_k)"
        if not ops:
            g.add(f"{loop}\n{ind}    _element({index});")
        else:
            dense = ", ".join(["static_cast<std::int64_t>(_k)"] * len(names))
            general = ", ".join(f"_o[{q}]" for q in range(len(names)))
            g.add(
                f"{ind}if(_L.unit)\n{ind}{{\n{ind}    {loop.strip()}\n{ind}        _element({index}, {dense});\n"
                f"{ind}}}\n{ind}else\n{ind}{{\n{ind}    {loop.strip()}\n{ind}    {{\n"
                f"{ind}        std::int64_t _o[{len(names)}];\n"
                f"{ind}        for(int _q = 0; _q < {len(names)}; ++_q)\n{ind}            _o[_q] = _L.base[_q];\n"
                f"{ind}        _offsets(static_cast<std::int64_t>(_k), _L.ndim, _L.ext, _L.str, _o, {len(names)});\n"
                f"{ind}        _element({index}, {general});\n{ind}    }}\n{ind}}}"
            )
        if owner.after_loop.strip():
            g.add(owner.after_loop, "after_loop")
        g.add("    }\n};")
        self.generated = g
        self.kernel = owner._kernel(g)
        self.raw = [p.name for p in params if p.raw]
        self.workdiv = valid_workdiv(device, self.n) if self.n else None
        self.params, self.n_in, self.n_args = params, n_in, len(params)
        single = len(params) - n_in == 1 and not owner.return_tuple and not owner.no_return
        # What PlannedLauncher returns of a remembered call: the output among the arguments, None or their tuple.
        self.result_code = n_in if single else -1 if owner.no_return else -2
        # A call to remember (PlannedLauncher._remember_call): every array passed as it is (no view of a strided
        # array, no output to allocate); numbers converted to their parameter's NumPy type where they are not of it.
        fast = bool(self.n) and all(info is None and full[j] is not None for kind, j, info in self.slots
                                    if kind == "array")  # fmt: skip
        self.converters = tuple(
            None if kind == "array" or type(full[j]) is info[1].type else info[1].type for kind, j, info in self.slots
        ) if fast else None  # fmt: skip

    def run(self, args: tuple, queue: Queue) -> Any:
        owner = self.owner
        outputs = list(args[self.n_in :])
        full = args
        if not outputs:  # new ones: passed as the dense array, returned as the view of the planned layout
            dense = [self._allocate(dtype, queue) for dtype in self.out_dtypes]
            outputs = [a.transpose(self.inverse) if self.inverse else a for a in dense]
            full = (*args, *dense)
        launch = list(full)
        for kind, j, info in self.slots:
            if kind == "array" and info is not None:
                launch[j] = _kargs.flat_view(owner._label, full[j], info)
            elif kind == "scalar" and type(full[j]) is not info[1].type:
                launch[j] = _kargs.convert_scalar(owner._label, info[0], info[1], full[j])
        if self.n:
            self.kernel(queue, self.workdiv, *launch, *self.values)
        return self.result(outputs)

    def result(self, outputs: Sequence[Any]) -> Any:
        if self.owner.no_return:
            return None
        if len(outputs) == 1 and not self.owner.return_tuple:
            return outputs[0]
        return tuple(outputs)

    def _allocate(self, dtype: np.dtype, queue: Queue) -> Any:
        if self.host_outputs:
            return np.empty(tuple(self.shape[d] for d in self.layout), dtype)
        if len(self.shape) == 0 or len(self.shape) > 4:
            raise ValueError(
                f"{self.owner._label}: cannot allocate a {len(self.shape)}-dimensional output buffer (buffers have "
                "1 to 4 dimensions); pass the output"
            )
        return empty(queue.device, self.shape, dtype)


def _output_order(full: list, params: Sequence[_kparams.Param], shape: tuple) -> list[int]:
    """The order of dimensions of a new output (NumPy's 'K'): that of the first input with the full number of
    dimensions, outermost (largest stride) first; C order otherwise."""
    for param, arg in zip(params, full):
        if arg is not None and not param.raw and _kargs.is_array(arg) and len(arg.shape) == len(shape) and shape:
            strides = [abs(s) if e != 1 else 0 for s, e in zip(arg.strides, arg.shape)]
            return sorted(range(len(shape)), key=lambda d: -strides[d])
    return list(range(len(shape)))


def _allocated_strides(shape: tuple, order: list[int]) -> list[int]:
    strides = [0] * len(shape)
    step = 1
    for d in reversed(order):
        strides[d] = 0 if shape[d] == 1 else step
        step *= shape[d]
    return strides
