# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
# One file: the plan of a reduction and the C++ it generates (the task loops) are read together.
"""pyalpaka.ReductionKernel: a reduction from a map, a reduce and a post-map expression, with CuPy's grammar.

The reduction is blocked, never one serial accumulator: each task reduces a chunk of the reduced elements in blocks of
256 (32 interleaved accumulators, so that the loop vectorizes), and combines the block results pairwise (a binary
counter over a stack of partial results), so a float32 sum of 10^7 elements rounds like NumPy's pairwise sum. Several
chunks of one output are combined by a second launch (the kernel's combine phase). Reductions over outer axes (the
reduced elements of one output far apart in memory, consecutive outputs adjacent) go row by row over a tile of outputs
(64 KiB of accumulators on a CPU) instead, the rows split among the tasks."""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import _kargs, _kparams
from ._buffers import empty
from ._core import Buffer, Queue
from ._elementwise import _NUMBERS, Generated, _layout, _names, _signature
from ._errors import CompileError
from ._kernel import Kernel
from ._workdiv import valid_workdiv

_BLOCK = 256  # elements per block: 32 accumulators of 8 (independent chains of vector operations)
_LANES = 32
# The accumulators of a task of the row-by-row order, on a CPU: 64 KiB (in L2; a quarter of a fiber's stack). A task
# reads each row's part of its tile in one piece: with 8 KiB the axis-0 sum of a 4096 x 4096 float32 array took 3.9 ms
# (median of 25) on cpu_omp2_blocks, with 64 KiB 2.8 ms (NumPy 4.8 ms).
_TILE_BYTES = 65536


class ReductionKernel:
    """A reduction kernel, defined as CuPy's ``cupy.ReductionKernel``.

    ``in_params``/``out_params`` use ElementwiseKernel's grammar (no ``raw`` parameters). For each element,
    ``map_expr`` (C++ expression of the inputs' names) gives a value of ``reduce_type`` (a dtype name or a
    placeholder; by default the first output's type); ``reduce_expr`` combines two of them, ``a`` and ``b`` (``a +
    b``, ``max(a, b)``: associative and commutative, in no fixed order); ``identity`` (C++ expression) is its neutral
    element, or None where it has none (``max`` of any dtype): each partial result then starts from its first element,
    and reducing an empty set of elements is a ValueError, as in NumPy; ``post_map_expr`` stores the result ``a`` into
    the outputs (``y = sqrt(a)``).

    ``kernel(*inputs[, *outputs], axis=None, keepdims=False, out=None, queue=None)`` reduces over ``axis`` (None:
    every axis; an int or a tuple) of the inputs' broadcast shape, as NumPy's reductions do; outputs not given are
    allocated. ``kernel.source`` is the C++ of the variant compiled last.
    """

    def __init__(
        self,
        in_params: str,
        out_params: str,
        map_expr: str,
        reduce_expr: str,
        post_map_expr: str,
        identity: Any,
        name: str = "reduce_kernel",
        reduce_type: str | None = None,
        reduce_dims: bool = True,
        preamble: str = "",
        *,
        options: Sequence[str] = (),
        fp_contract: str | None = None,
    ) -> None:
        self.name = _kparams.check_name(name, "ReductionKernel")
        label = self._label = f"ReductionKernel {self.name!r}"
        self.in_params = _kparams.parse(in_params, "in_params", label, reserved=frozenset({"a", "b"}))
        self.out_params = _kparams.parse(out_params, "out_params", label, reserved=frozenset({"a", "b"}))
        _kparams.check_disjoint(label, self.in_params, self.out_params)
        if not self.out_params:
            raise ValueError(f"{label}: out_params is empty; a reduction has at least one output")
        raw = [p.name for p in self.in_params + self.out_params if p.raw]
        if raw:
            raise ValueError(f"{label}: raw parameters ({', '.join(raw)}) are not supported by ReductionKernel")
        for what, text in (("map_expr", map_expr), ("reduce_expr", reduce_expr), ("post_map_expr", post_map_expr)):
            if not isinstance(text, str) or not text.strip():
                raise ValueError(f"{label}: {what} must be a non-empty string of C++, got {text!r}")
        if not isinstance(preamble, str):
            raise TypeError(f"{label}: preamble must be a string of C++ code, got {type(preamble).__name__}")
        if identity is not None and (not isinstance(identity, (str, int, float)) or not str(identity).strip()):
            raise ValueError(
                f"{label}: identity must be the C++ value that reduce_expr leaves unchanged ('0' for a + b) or None "
                f"where there is none (max(a, b)), got {identity!r}"
            )
        if reduce_type is not None and not isinstance(reduce_type, str):
            reduce_type = str(np.dtype(reduce_type))
        if reduce_type is not None and _kparams.dtype_of_name(reduce_type) is None:
            placeholders = {p.placeholder for p in self.in_params + self.out_params if p.placeholder}
            if reduce_type not in placeholders:
                raise ValueError(
                    f"{label}: reduce_type {reduce_type!r} is neither a dtype name nor a placeholder of the "
                    f"parameters ({', '.join(sorted(placeholders)) or 'none'})"
                )
        self.map_expr, self.reduce_expr, self.post_map_expr = map_expr, reduce_expr, post_map_expr
        self.identity = None if identity is None else str(identity)
        self.reduce_type = reduce_type
        self.reduce_dims = bool(reduce_dims)
        self.preamble = preamble
        self.options, self.fp_contract = tuple(options), fp_contract
        self.params = self.in_params + self.out_params
        self.kernels: dict[tuple[str, str], Kernel] = {}
        self.source: str | None = None
        self._plans: dict[tuple, _Plan] = {}
        self._lock = threading.Lock()

    def __call__(self, *args: Any, axis: Any = None, keepdims: bool = False, out: Any = None,
                 queue: Queue | None = None, **kwargs: Any) -> Any:  # fmt: skip
        if kwargs:
            raise TypeError(f"{self._label}: unexpected keyword argument(s) {', '.join(sorted(kwargs))}")
        if out is not None:
            if len(args) != len(self.in_params) or len(self.out_params) != 1:
                raise TypeError(f"{self._label}: out= is the single output, given instead of it as an argument")
            args = (*args, out)
        queue = _kargs.call_queue(self._label, args, queue)
        axis_key = axis if axis is None or isinstance(axis, int) else tuple(axis)
        try:
            key = (queue, axis_key, bool(keepdims), *[type(a) if type(a) in _NUMBERS else _layout(a) for a in args])
        except AttributeError:
            key = (queue, axis_key, bool(keepdims), *map(_signature, args))
        plan = self._plans.get(key)
        if plan is None:
            with self._lock:
                plan = self._plans.get(key) or _Plan(self, args, axis, bool(keepdims), queue)
                if len(self._plans) > 4096:
                    self._plans.clear()
                self._plans[key] = plan
        return plan.run(args, queue)

    def _kernel(self, source: str, name: str) -> Kernel:
        kernel = self.kernels.get((source, name))
        if kernel is None:
            kernel = Kernel(source, name, options=self.options, filename=f"{self.name}.reduction.cpp",
                            fp_contract=self.fp_contract)  # fmt: skip
            self.kernels[(source, name)] = kernel
        self.source = source
        return kernel

    def __repr__(self) -> str:
        return f"ReductionKernel({_names(self.in_params)!r} -> {_names(self.out_params)!r}, name={self.name!r})"


def _axes(label: str, axis: Any, ndim: int) -> tuple[int, ...]:
    if axis is None:
        return tuple(range(ndim))
    items = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
    found = []
    for item in items:
        if not isinstance(item, (int, np.integer)) or isinstance(item, bool):
            raise TypeError(f"{label}: axis takes None, an int or a tuple of ints, got {axis!r}")
        if not -ndim <= item < ndim:
            raise ValueError(f"{label}: axis {item} is out of range for the {ndim}-dimensional broadcast shape")
        found.append(int(item) % ndim)
    if len(set(found)) != len(found):
        raise ValueError(f"{label}: axis {axis!r} names an axis twice")
    return tuple(sorted(found))


class _Plan:
    """One call's layout: the generated kernels, their work divisions and the call's arguments for them."""

    def __init__(self, owner: ReductionKernel, args: tuple, axis: Any, keepdims: bool, queue: Queue) -> None:
        label, n_in, n_out = owner._label, len(owner.in_params), len(owner.out_params)
        if len(args) not in (n_in, n_in + n_out):
            raise TypeError(
                f"{label} takes {n_in} input{'s' if n_in != 1 else ''} ({_names(owner.in_params)}) and optionally "
                f"the {n_out} output{'s' if n_out != 1 else ''} ({_names(owner.out_params)}); {len(args)} given"
            )
        full = list(args) + [None] * (n_in + n_out - len(args))
        dtypes = _kargs.resolve_dtypes(label, owner.params, full)
        rtype = np.dtype(dtypes[n_in] if owner.reduce_type is None else (
            _kparams.dtype_of_name(owner.reduce_type)
            or dtypes[[p.placeholder for p in owner.params].index(owner.reduce_type)]
        ))  # fmt: skip
        for j, (param, dtype, arg) in enumerate(zip(owner.params, dtypes, full)):
            _kparams.cpp_type(dtype, f"{label}: {param.type_text()!r}: ")
            if arg is not None:
                _kargs.check_cast(label, param, dtype, arg, output=j >= n_in)
                if j >= n_in and not _kargs._writeable(arg):
                    raise TypeError(f"{label}: output {param.name} is read-only; pass a writable array")
        arrays = [(p, a) for p, a in zip(owner.in_params, full) if _kargs.is_array(a)]
        shape = _kargs.broadcast(label, [(p.name, tuple(a.shape)) for p, a in arrays])
        axes = _axes(label, axis, len(shape))
        kept = [d for d in range(len(shape)) if d not in axes]
        out_shape = tuple(1 if d in axes else shape[d] for d in range(len(shape))) if keepdims else tuple(
            shape[d] for d in kept)  # fmt: skip
        for param, arg in zip(owner.out_params, full[n_in:]):
            if arg is not None and tuple(arg.shape) != out_shape:
                raise ValueError(
                    f"{label}: output {param.name} has shape {tuple(arg.shape)} but the reduction of "
                    f"{shape} over axis {axes} has shape {out_shape}; pass that shape or leave the output out"
                )
        self.owner, self.n_in, self.out_shape, self.out_dtypes, self.rtype = (
            owner,
            n_in,
            out_shape,
            dtypes[n_in:],
            rtype,
        )
        device = queue.device
        self.host_outputs = device.is_host and not any(isinstance(a, Buffer) for a in full if a is not None)
        self.nout = int(np.prod([shape[d] for d in kept], dtype=np.int64))
        self.nred = int(np.prod([shape[d] for d in axes], dtype=np.int64))
        if owner.identity is None and self.nred == 0 and self.nout:
            raise ValueError(
                f"{label}: reduction over an empty axis (the arguments broadcast to {shape}, reduced over axis "
                f"{axes}) without an identity has no result; give the identity, or reduce a non-empty axis"
            )
        in_names = [p.name for p, _ in arrays]
        out_names = [p.name for p in owner.out_params]
        in_strides = {p.name: _kargs.element_strides(label, p.name, a, shape) for p, a in arrays}
        out_strides = {}
        for param, arg in zip(owner.out_params, full[n_in:]):
            if arg is None:
                st = [0] * len(kept)
                step = 1
                for k in reversed(range(len(kept))):
                    st[k] = step if shape[kept[k]] != 1 else 0
                    step *= shape[kept[k]]
            else:
                whole = _kargs.element_strides(label, param.name, arg, out_shape)
                st = [whole[d] for d in kept] if keepdims else whole
            out_strides[param.name] = st
        k_shape, r_shape = [shape[d] for d in kept], [shape[d] for d in axes]
        k_all = [[in_strides[n][d] for d in kept] for n in in_names] + [out_strides[n] for n in out_names]
        r_all = [[in_strides[n][d] for d in axes] for n in in_names]
        if owner.reduce_dims:
            (k_ext, k_st), (r_ext, r_st) = _kargs.collapse(k_shape, k_all), _kargs.collapse(r_shape, r_all)
        else:
            k_ext, k_st, r_ext, r_st = k_shape, k_all, r_shape, r_all
        ni, nk = len(in_names), len(in_names) + len(out_names)
        outer = bool(ni and k_ext and r_ext and abs(k_st[0][-1]) == 1 and abs(r_st[0][-1]) != 1)
        target = 8 * (os.cpu_count() or 1) if device.is_host else 65536
        tile = max(1, _TILE_BYTES // rtype.itemsize) if device.is_host else 4
        if outer:
            self.tiles = math.ceil(self.nout / tile)
            chunks = max(1, min(math.ceil(target / max(self.tiles, 1)), math.ceil(self.nred / 64)))
        else:
            self.tiles = self.nout
            chunks = max(1, min(math.ceil(target / max(self.nout, 1)), math.ceil(self.nred / 4096)))
        self.chunk = math.ceil(self.nred / chunks) if self.nred else 0
        self.chunks = math.ceil(self.nred / self.chunk) if self.chunk else 1
        self.tasks = self.tiles * self.chunks
        # The source: one per dtypes (and which inputs are numbers). Strides, extents, offsets and the order of the
        # loops are run-time values (a layout struct), so every layout shares one compiled kernel; the loops over
        # unit strides, where vectorization pays, are instantiations of their own inside it.
        rct = _kparams.cpp_type(rtype)
        capacity = max(4, len(k_ext), len(r_ext))
        layout = _kargs.Layout(
            [(n, None) for n in ("phase", "kdim", "rdim", "kunit", "runit", "outer", "tasks", "nout", "nred", "chunk",
                                 "chunks", "tiles")]
            + [("kext", capacity), ("rext", capacity), ("kstr", nk * capacity), ("rstr", max(1, ni) * capacity),
               ("base", max(1, nk))]
        )  # fmt: skip
        decl: list[str] = []
        self.slots: list[tuple[str, int, Any]] = []
        bases = [0] * max(1, nk)
        operand = {name: q for q, name in enumerate(in_names + out_names)}
        maps = []
        for j, (param, dtype, arg) in enumerate(zip(owner.params, dtypes, full)):
            ctype = _kparams.cpp_type(dtype)
            if j < n_in and not _kargs.is_array(arg):
                decl.append(f"{ctype} {param.name}")
                self.slots.append(("scalar", j, (param, dtype)))
                continue
            atype = _kparams.cpp_type(arg.dtype if arg is not None else dtype)
            decl.append(f"{atype}{'' if j >= n_in else ' const'}* _p_{param.name}")
            flat = _kargs.flat_layout(arg) if arg is not None else None
            self.slots.append(("array", j, flat))
            if flat is not None:
                bases[operand[param.name]] = flat[2]
            if j < n_in:
                read = f"_p_{param.name}[_i_{param.name}]"
                maps.append(
                    f"{ctype} const {param.name} = {read if atype == ctype else f'static_cast<{ctype}>({read})'};"
                )
        stores, refs = [], []
        for param, dtype, arg in zip(owner.out_params, dtypes[n_in:], full[n_in:]):
            ctype = _kparams.cpp_type(dtype)
            atype = _kparams.cpp_type(arg.dtype if arg is not None else dtype)
            at = f"_p_{param.name}[_ko[{operand[param.name]}]]"
            if atype == ctype:
                refs.append(f"{ctype}& {param.name} = {at};")
            else:
                refs.append(f"{ctype} {param.name} = static_cast<{ctype}>({at});")
                stores.append(f"{at} = static_cast<{atype}>({param.name});")

        def padded(groups: list[list[int]]) -> list[int]:
            return [s for st in groups for s in (*st, *[0] * (capacity - len(st)))]

        fields = {
            "kdim": len(k_ext), "rdim": len(r_ext),
            "kunit": int(len(k_ext) <= 1 and all(s == 1 for st in k_st[:ni] for s in st)),
            "runit": int(len(r_ext) <= 1 and all(s == 1 for st in r_st for s in st)),
            "outer": int(outer), "tasks": self.tasks, "nout": self.nout, "nred": self.nred, "chunk": self.chunk,
            "chunks": self.chunks, "tiles": self.tiles, "kext": k_ext, "rext": r_ext, "kstr": padded(k_st),
            "rstr": padded(r_st), "base": bases,
        }  # fmt: skip
        self.layout = layout.value({**fields, "phase": 0}, queue)
        # The combine step (chunks > 1) is the same kernel in its second phase: one compile, not two.
        self.combine_layout = layout.value({**fields, "phase": 1}, queue) if self.chunks > 1 else None
        decl += [f"{rct}* _partial", layout.parameter]
        g = Generated()
        g.add("#include <cstdint>\n#include <cstddef>\n" + _kargs.RAW_HELPERS)
        g.add(layout.cpp)
        if owner.preamble.strip():
            g.add(owner.preamble, "preamble")
        ind = " " * 8
        g.add(_kargs.kernel_head(owner.name, decl))
        g.add(f"{ind}{layout.init}\n" + _kargs.math_lambdas(ind) + "\n" + _kargs.offsets_lambda(ind, capacity))
        offs = ", ".join(f"std::int64_t _i_{n}" for n in in_names)
        g.add(f"{ind}auto _map = [&]({offs}) -> {rct} {{ " + " ".join(maps) + f" return static_cast<{rct}>(")
        g.add(owner.map_expr.strip(), "map_expr")
        reduce_head = f"{ind}auto _reduce = [&]({rct} const& a, {rct} const& b) -> {rct} {{ return static_cast<{rct}>("
        g.add(f"{ind}); }};\n{reduce_head}")
        g.add(owner.reduce_expr.strip(), "reduce_expr")
        if owner.identity is not None:
            g.add(f"{ind}); }};\n{ind}{rct} const _identity = static_cast<{rct}>(")
            g.add(owner.identity.strip(), "identity")
            g.add(f"{ind});")
        else:
            g.add(f"{ind}); }};")
        post = [
            f"{ind}auto _post = [&]({rct} const& a, std::int64_t _o) {{",
            f"{ind}    std::int64_t _ko[{max(1, nk)}];",
            f"{ind}    for(int _q = 0; _q < {nk}; ++_q) _ko[_q] = _L.base[_q];",
            f"{ind}    _offsets(_o, _L.kdim, _L.kext, _L.kstr, _ko, {nk});",
            *(f"{ind}    {line}" for line in refs),
        ]
        g.add("\n".join(post))
        g.add(owner.post_map_expr.strip().rstrip(";") + ";", "post_map_expr")
        g.add("\n".join([*(f"{ind}    {line}" for line in stores), f"{ind}}};"]))
        g.add(_loop(ni, rct, tile, owner.identity is not None))
        g.add("    }\n};")
        self.generated = g
        self.kernel = owner._kernel(g.source, owner.name)
        self.combine = self.kernel if self.chunks > 1 else None
        # One task per thread: tasks are long (the default gives few elements a single thread).
        self.workdiv = valid_workdiv(device, self.tasks, thread_elems=1) if self.tasks else None
        self.combine_workdiv = valid_workdiv(device, self.nout) if self.combine is not None and self.nout else None
        # The partial results of the chunks of each output (chunks > 1), else a placeholder that is never read.
        self.partial_shape = (self.chunks * self.nout if self.combine is not None else 1,)
        self.inverse = None

    def run(self, args: tuple, queue: Queue) -> Any:
        owner = self.owner
        outputs = list(args[self.n_in :]) or [self._allocate(d, queue) for d in self.out_dtypes]
        full = (*args[: self.n_in], *outputs)
        launch = []
        for kind, j, info in self.slots:
            if kind == "array":
                launch.append(full[j] if info is None else _kargs.flat_view(owner._label, full[j], info))
            else:
                launch.append(_kargs.convert_scalar(owner._label, info[0], info[1], full[j]))
        shape = self.partial_shape
        launch.append(np.empty(shape, self.rtype) if self.host_outputs else empty(queue.device, shape, self.rtype))
        if self.tasks:
            try:
                self.kernel(queue, self.workdiv, *launch, self.layout)
                if self.combine is not None:
                    self.combine(queue, self.combine_workdiv, *launch, self.combine_layout)
            except CompileError as error:
                raise self.generated.explain(owner._label, error, []) from None
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _allocate(self, dtype: np.dtype, queue: Queue) -> Any:
        if self.host_outputs:
            return np.empty(self.out_shape, dtype)
        if not 1 <= len(self.out_shape) <= 4:
            raise ValueError(
                f"{self.owner._label}: cannot allocate a {len(self.out_shape)}-dimensional output buffer (buffers "
                "have 1 to 4 dimensions); pass the output, e.g. a buffer of shape (1,) with keepdims"
            )
        return empty(queue.device, self.out_shape, dtype)


def _loop(ni: int, rct: str, tile: int, identity: bool) -> str:
    """The task loops of the first kernel. Not outer: each task reduces a chunk of the reduced elements of one output
    in blocks. Outer: each task reduces a chunk of rows for a tile of outputs. Each then stores its result: the
    post-mapped output, or a partial result that the combine kernel reduces. Without an identity every accumulator
    starts from its first element (a chunk is never empty), and the results of a task's blocks and its tail elements
    are combined behind a flag, outside the loops that vectorize."""
    n1 = max(1, ni)
    at_unit = ", ".join(f"_ko[{q}] + _r" for q in range(ni))
    at_general = ", ".join(f"_ko[{q}] + _ro[{q}]" for q in range(ni))
    row_unit = ", ".join(f"_ro[{q}] + _o" for q in range(ni))
    row_general = ", ".join(f"_ro[{q}] + _ko[{q}]" for q in range(ni))
    if identity:
        lane_init = f"for(int _q = 0; _q < {_LANES}; ++_q) _lane[_q] = _identity;"
        lane_start = 0
        finish = f"""                    {rct} _tail = _identity;
                    for(; _r < _r1; ++_r) _tail = _reduce(_tail, _element(_r));
                    {rct} _result = _identity;
                    for(int _k = 0; _k < _top; ++_k) _result = _reduce(_result, _stack[_k]);
                    return _reduce(_result, _tail);"""
        acc_init = "for(std::int64_t _w = 0; _w < _width; ++_w) _acc[_w] = _identity;"
        row_step = "for(std::int64_t _w = 0; _w < _width; ++_w) _acc[_w] = _reduce(_acc[_w], _at(_o0 + _w, _ro));"
    else:
        lane_init = f"for(int _q = 0; _q < {_LANES}; ++_q) _lane[_q] = _element(_r + _q);"
        lane_start = _LANES
        finish = f"""                    {rct} _result{{}};
                    bool _have = _top > 0;
                    if(_have) _result = _stack[0];
                    for(int _k = 1; _k < _top; ++_k) _result = _reduce(_result, _stack[_k]);
                    if(_r < _r1)
                    {{
                        {rct} _tail = _element(_r);
                        for(++_r; _r < _r1; ++_r) _tail = _reduce(_tail, _element(_r));
                        _result = _have ? _reduce(_result, _tail) : _tail;
                    }}
                    return _result;"""
        acc_init = ""
        row_step = (
            "if(_r == _r0)\n                            for(std::int64_t _w = 0; _w < _width; ++_w) "
            "_acc[_w] = _at(_o0 + _w, _ro);\n                        else\n                            "
            "for(std::int64_t _w = 0; _w < _width; ++_w) _acc[_w] = _reduce(_acc[_w], _at(_o0 + _w, _ro));"
        )
    return f"""        if(_L.phase == 1)  // combine: the partial results of each output's chunks
        {{
            for(auto _ot : alpaka::uniformElements(acc, static_cast<std::size_t>(_L.nout)))
            {{
                std::int64_t const _o = static_cast<std::int64_t>(_ot);
                {rct} _result = _partial[_o];
                for(std::int64_t _c = 1; _c < _L.chunks; ++_c) _result = _reduce(_result, _partial[_c * _L.nout + _o]);
                _post(_result, _o);
            }}
            return;
        }}
        auto _store = [&]({rct} const& _v, std::int64_t _c, std::int64_t _o)
        {{
            if(_L.chunks > 1)
                _partial[_c * _L.nout + _o] = _v;
            else
                _post(_v, _o);
        }};
        if(!_L.outer)
        {{
            for(auto _t : alpaka::uniformElements(acc, static_cast<std::size_t>(_L.tasks)))
            {{
                std::int64_t const _o = static_cast<std::int64_t>(_t) % _L.nout;
                std::int64_t const _c = static_cast<std::int64_t>(_t) / _L.nout;
                std::int64_t const _r0 = _c * _L.chunk, _r1 = (_L.nred - _r0 < _L.chunk) ? _L.nred : _r0 + _L.chunk;
                std::int64_t _ko[{n1}] = {{}};
                for(int _q = 0; _q < {ni}; ++_q) _ko[_q] = _L.base[_q];
                _offsets(_o, _L.kdim, _L.kext, _L.kstr, _ko, {ni});
                auto _blocked = [&](auto const& _element) -> {rct}
                {{
                    {rct} _stack[64];
                    int _top = 0;
                    std::uint64_t _blocks = 0;
                    std::int64_t _r = _r0;
                    for(; _r + {_BLOCK} <= _r1; _r += {_BLOCK})
                    {{
                        {rct} _lane[{_LANES}];
                        {lane_init}
                        for(int _j = {lane_start}; _j < {_BLOCK}; _j += {_LANES})
                            for(int _q = 0; _q < {_LANES}; ++_q) _lane[_q] = _reduce(_lane[_q], _element(_r + _j + _q));
                        for(int _w = {_LANES} / 2; _w > 0; _w /= 2)
                            for(int _q = 0; _q < _w; ++_q) _lane[_q] = _reduce(_lane[_q], _lane[_q + _w]);
                        {rct} _s = _lane[0];
                        for(std::uint64_t _b = _blocks; _b & 1u; _b >>= 1) _s = _reduce(_stack[--_top], _s);
                        _stack[_top++] = _s;
                        ++_blocks;
                    }}
{finish}
                }};
                if(_L.runit)
                    _store(_blocked([&](std::int64_t _r) -> {rct} {{ return _map({at_unit}); }}), _c, _o);
                else
                    _store(_blocked([&](std::int64_t _r) -> {rct}
                    {{
                        std::int64_t _ro[{n1}] = {{}};
                        _offsets(_r, _L.rdim, _L.rext, _L.rstr, _ro, {ni});
                        return _map({at_general});
                    }}), _c, _o);
            }}
        }}
        else
        {{
            for(auto _t : alpaka::uniformElements(acc, static_cast<std::size_t>(_L.tasks)))
            {{
                std::int64_t const _tile = static_cast<std::int64_t>(_t) % _L.tiles;
                std::int64_t const _c = static_cast<std::int64_t>(_t) / _L.tiles;
                std::int64_t const _o0 = _tile * {tile}, _width = (_L.nout - _o0 < {tile}) ? _L.nout - _o0 : {tile};
                std::int64_t const _r0 = _c * _L.chunk, _r1 = (_L.nred - _r0 < _L.chunk) ? _L.nred : _r0 + _L.chunk;
                {rct} _acc[{tile}];
                {acc_init}
                auto _rows = [&](auto const& _at)
                {{
                    for(std::int64_t _r = _r0; _r < _r1; ++_r)
                    {{
                        std::int64_t _ro[{n1}] = {{}};
                        for(int _q = 0; _q < {ni}; ++_q) _ro[_q] = _L.base[_q];
                        _offsets(_r, _L.rdim, _L.rext, _L.rstr, _ro, {ni});
                        {row_step}
                    }}
                }};
                if(_L.kunit)
                    _rows([&](std::int64_t _o, std::int64_t const* _ro) -> {rct} {{ return _map({row_unit}); }});
                else
                    _rows([&](std::int64_t _o, std::int64_t const* _ro) -> {rct}
                    {{
                        std::int64_t _ko[{n1}] = {{}};
                        _offsets(_o, _L.kdim, _L.kext, _L.kstr, _ko, {ni});
                        return _map({row_general});
                    }});
                for(std::int64_t _w = 0; _w < _width; ++_w) _store(_acc[_w], _c, _o0 + _w);
            }}
        }}"""
