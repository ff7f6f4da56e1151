# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The shipped kernels (pk.kernels) against NumPy on every back-end, and the errors of kernel launches.

Each test runs on blocking and non-blocking queues of every back-end and loops over the dtypes the kernel is compiled
for, a few sizes, two work divisions (valid_workdiv's, and a hand-made one with several elements per thread and a grid
smaller than the data, so that the kernels' grid-strided loops run) and two kinds of operands (device buffers and, on
host devices, NumPy arrays passed directly); the pairings of work division and operand kind rotate with the size, so
that every pairing runs without running all of them for every size. Values are small integers where the result can
be exact.

One module (over 500 lines) for all shipped kernels: they share the operands, work divisions and rotation above.
"""

from __future__ import annotations

import gc
import re
import subprocess
import sys
import threading
import weakref

import numpy as np
import pytest

import pyalpaka as pk

SIZES = (1, 1000, 4099)
FLOATS = (np.float32, np.float64)
NUMBERS = (np.float32, np.float64, np.int32, np.int64)
#: Relative tolerance of sums of n values.
RTOL = {np.dtype(np.float32): 1e-4, np.dtype(np.float64): 1e-12}


class Operands:
    """Kernel operands of one kind: "buffer" (device buffers filled by memcpy) or "numpy" (arrays passed as is)."""

    def __init__(self, device: pk.Device, queue: pk.Queue, kind: str) -> None:
        self.device, self.queue, self.kind = device, queue, kind

    def put(self, array: np.ndarray):
        if self.kind == "numpy":
            return array.copy()
        buf = pk.empty(self.device, array.shape, array.dtype)
        pk.memcpy(self.queue, buf, array)
        return buf

    def get(self, operand) -> np.ndarray:
        if self.kind == "numpy":
            self.queue.wait()
            return operand
        return operand.to_numpy(self.queue)


def operand_kinds(device: pk.Device) -> list[str]:
    return ["buffer", "numpy"] if device.is_host else ["buffer"]


def workdivs_1d(device: pk.Device, n: int) -> dict[str, pk.WorkDiv]:
    threads = min(4, device.props_for(1)["block_thread_count_max"])
    return {
        "valid": pk.valid_workdiv(device, n),
        "3-elems": pk.WorkDiv(max(1, n // (threads * 3 * 2)), threads, 3),
    }


def workdivs_2d(device: pk.Device, ny: int, nx: int) -> dict[str, pk.WorkDiv]:
    side = min(2, device.props_for(2)["block_thread_extent_max"][0])
    return {
        "valid": pk.valid_workdiv(device, (ny, nx)),
        "2x3-elems": pk.WorkDiv((2, 2), (side, side), (2, 3)),
    }


def pairings(device: pk.Device, workdivs: dict[str, pk.WorkDiv], turn: int):
    """(work division name, work division, operand kind): each work division once, the operand kinds rotated by turn."""
    kinds = operand_kinds(device)
    for i, (name, wd) in enumerate(workdivs.items()):
        yield name, wd, kinds[(i + turn) % len(kinds)]


def cases_1d(device: pk.Device, queue: pk.Queue, dtypes):
    """(dtype, n, work division, operands, label) for the cases a 1-D kernel test covers."""
    for dtype in dtypes:
        for turn, n in enumerate(SIZES):
            for wd_name, wd, kind in pairings(device, workdivs_1d(device, n), turn):
                label = f"{np.dtype(dtype).name} n={n} {wd_name} workdiv {wd} {kind} operands"
                yield np.dtype(dtype).type, n, wd, Operands(device, queue, kind), label


def small_values(n: int, dtype, seed: int) -> np.ndarray:
    """Integers in [-11, 11] (exact in every dtype, so are their sums and small products)."""
    return ((np.arange(n) * (7 * seed + 3) + seed) % 23 - 11).astype(dtype)


# ---- the kernels ---------------------------------------------------------------------------------------------------


def test_fill_and_iota(device, queue):
    for dtype, n, wd, ops, label in cases_1d(device, queue, NUMBERS):
        x = ops.put(np.zeros(n, dtype))
        pk.kernels.fill(queue, wd, x, dtype(7), n)
        np.testing.assert_array_equal(ops.get(x), np.full(n, 7, dtype), err_msg=f"fill {label}")
        pk.kernels.fill(queue, wd, x, -3, n)  # a Python int converts to every element type
        np.testing.assert_array_equal(ops.get(x), np.full(n, -3, dtype), err_msg=f"fill(int) {label}")
        pk.kernels.iota(queue, wd, x, dtype(5), n)
        np.testing.assert_array_equal(ops.get(x), 5 + np.arange(n, dtype=dtype), err_msg=f"iota {label}")
    # Only the first n elements are written.
    x = pk.zeros(device, 10, np.int32, queue=queue)
    pk.kernels.fill(queue, pk.valid_workdiv(device, 6), x, 1, 6)
    np.testing.assert_array_equal(x.to_numpy(queue), [1] * 6 + [0] * 4)


def test_subclasses_of_numpy_scalar_types_are_their_type(device, queue):
    # Launches remember what a NumPy scalar type is, per type: classes made and dropped in a loop (more of them
    # than it keeps) must each be what they derive from, and a dropped class's memory must not pass for another.
    x = pk.zeros(device, 4, np.float32, queue=queue)
    for i in range(70):
        value = type(f"Scalar{i}", ((np.float32, np.int16, np.float64)[i % 3],), {})(i)
        pk.kernels.fill(queue, pk.valid_workdiv(device, 4), x, value, 4)
        np.testing.assert_array_equal(x.to_numpy(queue), np.full(4, float(value), np.float32), err_msg=repr(value))
        del value
        if i % 10 == 0:
            gc.collect()
    with pytest.raises(TypeError, match=r"fill has no variant for the arguments \(float32 buffer, Half, int\)"):
        pk.kernels.fill(queue, pk.valid_workdiv(device, 4), x, type("Half", (np.float16,), {})(1), 4)


def test_copy_and_add(device, queue):
    for dtype, n, wd, ops, label in cases_1d(device, queue, NUMBERS):
        a_values, b_values = small_values(n, dtype, 1), small_values(n, dtype, 2)
        a, b, c = ops.put(a_values), ops.put(b_values), ops.put(np.zeros(n, dtype))
        pk.kernels.copy(queue, wd, a, c, n)
        np.testing.assert_array_equal(ops.get(c), a_values, err_msg=f"copy {label}")
        pk.kernels.add(queue, wd, a, b, c, n)
        np.testing.assert_array_equal(ops.get(c), a_values + b_values, err_msg=f"add {label}")


def test_axpy_mul_triad_nstream(device, queue):
    for dtype, n, wd, ops, label in cases_1d(device, queue, FLOATS):
        x_values, y_values, z_values = (small_values(n, dtype, seed) for seed in (1, 2, 3))
        s = dtype(2.5)  # products with 2.5 of small integers are exact
        x, y, z = ops.put(x_values), ops.put(y_values), ops.put(z_values)
        pk.kernels.axpy(queue, wd, s, x, y, n)
        y_values = s * x_values + y_values
        np.testing.assert_array_equal(ops.get(y), y_values, err_msg=f"axpy {label}")
        pk.kernels.mul(queue, wd, z, x, s, n)  # b = s*c
        z_values = s * x_values
        np.testing.assert_array_equal(ops.get(z), z_values, err_msg=f"mul {label}")
        pk.kernels.triad(queue, wd, x, y, z, 0.5, n)  # a = b + s*c, s a Python float
        x_values = y_values + dtype(0.5) * z_values
        np.testing.assert_array_equal(ops.get(x), x_values, err_msg=f"triad {label}")
        pk.kernels.nstream(queue, wd, x, y, z, s, n)  # a += b + s*c
        x_values = x_values + (y_values + s * z_values)
        np.testing.assert_allclose(ops.get(x), x_values, rtol=1e-6, err_msg=f"nstream {label}")


def check_reduce_and_dot(device, queue):
    rng = np.random.default_rng(0)
    for dtype, n, wd, ops, label in cases_1d(device, queue, NUMBERS):
        if np.issubdtype(dtype, np.integer):
            x_values = small_values(n, dtype, 4)
        else:
            x_values = rng.uniform(-1, 1, n).astype(dtype)
        x = ops.put(x_values)
        total = ops.put(np.zeros(1, dtype))
        pk.kernels.reduce(queue, wd, x, total, n)
        if np.issubdtype(dtype, np.integer):
            assert ops.get(total)[0] == x_values.sum(), label
        else:
            np.testing.assert_allclose(
                ops.get(total)[0],
                x_values.sum(dtype=np.float64),
                rtol=RTOL[np.dtype(dtype)],
                atol=1e-6,
                err_msg=f"reduce {label}",
            )
            y_values = rng.uniform(-1, 1, n).astype(dtype)
            y = ops.put(y_values)
            dot = ops.put(np.full(1, 0.5, dtype))  # the kernel adds to what is there
            pk.kernels.dot(queue, wd, x, y, dot, n)
            expected = 0.5 + np.dot(x_values.astype(np.float64), y_values.astype(np.float64))
            np.testing.assert_allclose(
                ops.get(dot)[0], expected, rtol=RTOL[np.dtype(dtype)], atol=1e-6, err_msg=f"dot {label}"
            )


def histogram_reference(x: np.ndarray, nbins: int, lo, hi) -> np.ndarray:
    """The kernel's binning in the kernel's arithmetic: [lo, hi) in nbins equal bins, NaN and outliers dropped."""
    dtype = x.dtype.type
    inside = x[(x >= lo) & (x < hi)]
    scaled = (inside - dtype(lo)) / (dtype(hi) - dtype(lo)) * dtype(nbins)
    bins = np.minimum(scaled.astype(np.uint64), nbins - 1)
    return np.bincount(bins, minlength=nbins).astype(np.uint32)


def check_histogram(device, queue):
    rng = np.random.default_rng(1)
    for dtype, n, wd, ops, label in cases_1d(device, queue, FLOATS):
        x_values = rng.uniform(-2, 12, n).astype(dtype)
        x_values[::97] = np.nan
        x_values[5::101] = 10  # hi itself is outside
        x_values[7::103] = 0  # lo is inside
        for nbins in (10, 5000):  # 5000 bins do not fit a block's shared copy: counted in global memory
            x = ops.put(x_values)
            bins = ops.put(np.zeros(nbins, np.uint32))
            pk.kernels.histogram(queue, wd, x, bins, n, nbins, dtype(0), dtype(10))
            np.testing.assert_array_equal(
                ops.get(bins), histogram_reference(x_values, nbins, 0, 10), err_msg=f"histogram nbins={nbins} {label}"
            )


def check_matmul(device, queue):
    rng = np.random.default_rng(2)
    for dtype in FLOATS:
        rtol = 1e-5 if dtype is np.float32 else 1e-12
        for turn, (m, n, k) in enumerate([(1, 1, 1), (33, 40, 17), (16, 16, 48), (3, 4, 0)]):
            a_values = rng.uniform(-1, 1, (m, k)).astype(dtype)
            b_values = rng.uniform(-1, 1, (k, n)).astype(dtype)
            expected = (a_values.astype(np.float64) @ b_values.astype(np.float64)).astype(dtype)
            for wd_name, wd, kind in pairings(device, workdivs_2d(device, m, n), turn):
                ops = Operands(device, queue, kind)
                a, b = ops.put(a_values), ops.put(b_values)
                c = ops.put(np.full((m, n), 99, dtype))  # the kernel overwrites C, no zeroing needed
                pk.kernels.matmul(queue, wd, a, b, c, m, n, k)
                np.testing.assert_allclose(
                    ops.get(c),
                    expected,
                    rtol=rtol,
                    atol=rtol,
                    err_msg=f"{np.dtype(dtype).name} m={m} n={n} k={k} {wd_name} {wd} {kind}",
                )


def stencil_reference(grid: np.ndarray) -> np.ndarray:
    out = grid.copy()
    quarter = grid.dtype.type(0.25)
    out[1:-1, 1:-1] = quarter * (grid[:-2, 1:-1] + grid[2:, 1:-1] + grid[1:-1, :-2] + grid[1:-1, 2:])
    return out


def check_stencil(device, queue):
    for dtype in FLOATS:
        for turn, (ny, nx) in enumerate([(1, 1), (2, 5), (3, 3), (20, 30)]):
            grid_values = (np.arange(ny * nx).reshape(ny, nx) % 13).astype(dtype)  # sums of four are exact
            expected = stencil_reference(grid_values)
            for wd_name, wd, kind in pairings(device, workdivs_2d(device, ny, nx), turn):
                ops = Operands(device, queue, kind)
                grid, out = ops.put(grid_values), ops.put(np.zeros((ny, nx), dtype))
                pk.kernels.stencil(queue, wd, grid, out, ny, nx)
                np.testing.assert_array_equal(
                    ops.get(out), expected, err_msg=f"{np.dtype(dtype).name} {ny}x{nx} {wd_name} {wd} {kind}"
                )


def heat_reference(grid: np.ndarray, r) -> np.ndarray:
    out = grid.copy()
    centre = grid[1:-1, 1:-1]
    four = grid.dtype.type(4)
    out[1:-1, 1:-1] = centre + r * (grid[:-2, 1:-1] + grid[2:, 1:-1] + grid[1:-1, :-2] + grid[1:-1, 2:] - four * centre)
    return out


def heat_params(ny: int, nx: int, dt: float = 0.5, alpha: float = 0.25):
    """A HeatParams value: a structured scalar of the dtype the kernel exposes."""
    return np.array((dt, ny, nx, alpha), dtype=pk.kernels.heat.structs["HeatParams"])[()]


def test_heat_takes_its_parameters_as_a_struct(device, queue):
    """pk.kernels.heat(q, wd, in, out, params) with params a HeatParams struct (dt, ny, nx, alpha) passed as a NumPy
    structured scalar or 0-d array; r = alpha*dt = 1/8 and small integers keep the results exact."""
    for dtype in FLOATS:
        for turn, (ny, nx) in enumerate([(1, 1), (2, 5), (3, 3), (20, 30)]):
            grid_values = (np.arange(ny * nx).reshape(ny, nx) % 13).astype(dtype)
            expected = heat_reference(grid_values, dtype(0.125))
            for wd_name, wd, kind in pairings(device, workdivs_2d(device, ny, nx), turn):
                ops = Operands(device, queue, kind)
                params = heat_params(ny, nx)
                for value in (params, np.asarray(params)):  # a numpy.void scalar, a 0-d array
                    grid, out = ops.put(grid_values), ops.put(np.full((ny, nx), np.nan, dtype))
                    pk.kernels.heat(queue, wd, grid, out, value)
                    np.testing.assert_array_equal(
                        ops.get(out),
                        expected,
                        err_msg=f"{np.dtype(dtype).name} {ny}x{nx} {wd_name} {wd} {kind} {type(value).__name__}",
                    )
                    np.testing.assert_array_equal(ops.get(grid), grid_values)


HEAT_FIELDS = [("dt", np.float32), ("ny", np.int32), ("nx", np.int32), ("alpha", np.float64)]


def test_struct_parameters_expose_their_dtype():
    heat = pk.kernels.heat
    dtype = heat.structs["HeatParams"]
    assert list(heat.structs) == ["HeatParams"]
    # The C++ layout: 4 bytes of padding before the double, 24 bytes in all, aligned to 8.
    assert dtype == np.dtype(HEAT_FIELDS, align=True)
    assert [dtype.fields[name][1] for name in dtype.names] == [0, 4, 8, 16]
    assert (dtype.itemsize, dtype.alignment, dtype.isalignedstruct) == (24, 8, True)
    assert heat.structs["HeatParams"] is dtype or heat.structs["HeatParams"] == dtype
    assert {params for _, _, params in heat.signatures} == {
        "(float const*, float*, HeatParams)",
        "(double const*, double*, HeatParams)",
    }
    assert "2-D (float const*, float*, HeatParams)" in heat.__doc__
    assert pk.kernels.stencil.structs == {}


def test_struct_arguments_of_another_layout_are_refused(device):
    """A struct value must have the struct's layout: each mismatch is a TypeError naming the field; values that are
    not one struct pick no variant. Nothing runs, the output keeps its values."""
    q = pk.Queue(device, blocking=False)
    wd = pk.valid_workdiv(device, (4, 4))
    grid, out = pk.zeros(device, 16, np.float32), pk.asarray(np.full(16, 7.0, np.float32), device=device)
    wrong = {
        r"its field 'alpha' is at byte 12, in HeatParams at byte 16 \(C\+\+ aligns fields: make the dtype with "
        r"align=True\)": np.dtype(HEAT_FIELDS),  # packed
        "it has no field 'nx', which HeatParams has": np.dtype([f for f in HEAT_FIELDS if f[0] != "nx"], align=True),
        "its field 'dt' is float64, in HeatParams it is float32": np.dtype(
            [("dt", np.float64), *HEAT_FIELDS[1:]], align=True
        ),
        "its field 'ny' is uint32, in HeatParams it is int32": np.dtype(
            [HEAT_FIELDS[0], ("ny", np.uint32), *HEAT_FIELDS[2:]], align=True
        ),
        "its field 'dt' is >f4, in HeatParams it is float32": np.dtype([("dt", ">f4"), *HEAT_FIELDS[1:]], align=True),
        "it has a field 'extra', which HeatParams does not have": np.dtype(
            [*HEAT_FIELDS, ("extra", np.int32)], align=True
        ),
        "it is 32 bytes, HeatParams is 24": np.dtype(
            {
                "names": [n for n, _ in HEAT_FIELDS],
                "formats": [t for _, t in HEAT_FIELDS],
                "offsets": [0, 4, 8, 16],
                "itemsize": 32,
            }
        ),
    }
    for message, dtype in wrong.items():
        with pytest.raises(
            TypeError,
            match="argument 3 of pyalpaka.kernels.heat does not have the layout of the "
            "struct HeatParams: " + message + "; expected dtype",
        ):
            pk.kernels.heat(q, wd, grid, out, np.zeros((), dtype))
    with pytest.raises(
        TypeError,
        match=r"argument 3 of pyalpaka.kernels.heat: a structured array of shape \(2,\) "
        r"is no kernel argument; a struct argument is one value",
    ):
        pk.kernels.heat(q, wd, grid, out, np.zeros(2, pk.kernels.heat.structs["HeatParams"]))
    for got, value in {"int": 4, r"float32 buffer": grid, r"tuple": (0.5, 4, 4, 0.25)}.items():
        with pytest.raises(
            TypeError,
            match=r"has no variant for the arguments \(float32 buffer, float32 buffer, "
            + got
            + r"\); it takes one of:\n    \(float const\*, float\*, HeatParams\)",
        ):
            pk.kernels.heat(q, wd, grid, out, value)
    # A struct where a number is expected.
    with pytest.raises(TypeError, match=r"no variant for the arguments \(float32 buffer, struct dtype\(\[\('dt'"):
        pk.kernels.fill(q, pk.WorkDiv(1), grid, heat_params(4, 4), 16)
    # Negative extents are an empty grid: nothing is written.
    pk.kernels.heat(q, wd, grid, out, heat_params(-4, 4))
    np.testing.assert_array_equal(out.to_numpy(q), np.full(16, 7.0, np.float32))


def test_the_jit_checks_the_shipped_struct_layout_the_same_way(cpu, module_kernel_cache):
    """The shipped kernel's source compiled at run time with the exposed dtype (what the GPU path does) runs; the
    compile-time layout checks agree with the shipped kernel's descriptor."""
    dtype = pk.kernels.heat.structs["HeatParams"]
    source, name = "#include <kernels/heat.hpp>\n", "pyalpaka::kernels::Heat"
    kernel = pk.Kernel(source, name, structs={"pyalpaka::kernels::HeatParams": dtype})
    q = pk.Queue(cpu, blocking=True)
    grid_values = (np.arange(35).reshape(5, 7) % 13).astype(np.float32)
    out = np.zeros_like(grid_values)
    kernel(q, pk.valid_workdiv(cpu, (5, 7)), grid_values, out, heat_params(5, 7))
    np.testing.assert_array_equal(out, heat_reference(grid_values, np.float32(0.125)))
    packed = pk.Kernel(source, name, structs={"pyalpaka::kernels::HeatParams": np.dtype(HEAT_FIELDS)})
    with pytest.raises(pk.CompileError, match="alpha"):
        packed(q, pk.valid_workdiv(cpu, (5, 7)), grid_values, out, np.zeros((), np.dtype(HEAT_FIELDS)))


def test_reduce_dot_histogram(device, queue):
    """The kernels that accumulate with atomics across blocks."""
    check_reduce_and_dot(device, queue)
    check_histogram(device, queue)


def test_matmul_and_stencil(device, queue):
    """The 2-D kernels, with 2-D work divisions."""
    check_matmul(device, queue)
    check_stencil(device, queue)


# ---- the kernel objects --------------------------------------------------------------------------------------------

DOCUMENTED = [
    "add",
    "axpy",
    "copy",
    "dot",
    "fill",
    "heat",
    "histogram",
    "iota",
    "matmul",
    "mul",
    "nstream",
    "reduce",
    "stencil",
    "triad",
]


def test_names_and_objects():
    assert pk.kernels.names() == DOCUMENTED
    for name in DOCUMENTED:
        kernel = getattr(pk.kernels, name)
        assert kernel.name == name
        assert repr(kernel) == f"<kernel pyalpaka.kernels.{name}>"
        assert f"pyalpaka.kernels.{name}(queue, workdiv, *args)" in kernel.__doc__
        assert pk.kernels.source(name).is_file()
    assert set(DOCUMENTED) <= set(dir(pk.kernels))
    with pytest.raises(AttributeError, match=r"pyalpaka\.kernels has no kernel 'nope'; the shipped kernels are: add"):
        pk.kernels.nope  # noqa: B018
    with pytest.raises(ValueError, match="no shipped kernel 'nope'"):
        pk.kernels.source("nope")


def test_every_kernel_is_compiled_for_every_available_backend(backend):
    if backend in ("cuda", "hip"):
        pytest.skip(f"{backend}: the shipped kernels are compiled at run time there (test_gpu_hardware.py runs them)")
    for name in pk.kernels.names():
        kernel = getattr(pk.kernels, name)
        signatures = [(dim, params) for b, dim, params in kernel.signatures if b == backend]
        assert signatures, f"{name} has no variant for {backend}"
        for dim, params in signatures:
            assert f"{dim}-D {params}" in kernel.__doc__


ELEMENT_TYPES = {
    "fill": ["float", "double", "std::int32_t", "std::int64_t"],
    "iota": ["float", "double", "std::int32_t", "std::int64_t"],
    "copy": ["float", "double", "std::int32_t", "std::int64_t"],
    "add": ["float", "double", "std::int32_t", "std::int64_t"],
    "reduce": ["float", "double", "std::int32_t", "std::int64_t"],
    "axpy": ["float", "double"],
    "mul": ["float", "double"],
    "triad": ["float", "double"],
    "nstream": ["float", "double"],
    "dot": ["float", "double"],
    "histogram": ["float", "double"],
    "matmul": ["float", "double"],
    "stencil": ["float", "double"],
    "heat": ["float", "double"],
}


def test_element_types_of_each_kernel(cpu):
    assert sorted(ELEMENT_TYPES) == pk.kernels.names()
    for name, types in ELEMENT_TYPES.items():
        signatures = {params for b, _, params in getattr(pk.kernels, name).signatures if b == cpu.backend}
        assert len(signatures) == len(types), (name, signatures)
        for t in types:
            assert any(params.startswith(f"({t}") for params in signatures), (name, t, signatures)


# ---- launch errors -------------------------------------------------------------------------------------------------


def fill_signatures(backend: str) -> list[str]:
    return [params for b, _, params in pk.kernels.fill.signatures if b == backend]


def test_launch_errors(device):
    """Arguments no variant takes (TypeError listing the variants), integers out of range and work divisions of the
    wrong dimension (ValueError); the queue stays usable."""
    q = pk.Queue(device, blocking=False)
    wd = pk.WorkDiv(1)
    x32, x64 = pk.zeros(device, 4, np.float32), pk.zeros(device, 4, np.float64)
    calls = {
        r"\(float32 buffer, float32 buffer, float64 buffer, int\)": lambda: pk.kernels.add(q, wd, x32, x32, x64, 4),
        r"\(float32 buffer, float\)": lambda: pk.kernels.fill(q, wd, x32, 1.0),  # an argument missing
        r"\(float32 buffer, float, int, int\)": lambda: pk.kernels.fill(q, wd, x32, 1.0, 4, 4),  # one too many
        r"\(float32 buffer, str, int\)": lambda: pk.kernels.fill(q, wd, x32, "1", 4),
        r"\(float32 buffer, numpy.float64, numpy.float32\)": lambda: pk.kernels.fill(
            q, wd, x32, np.float64(1), np.float32(4)
        ),
        r"\(NoneType, int, int\)": lambda: pk.kernels.fill(q, wd, None, 1, 4),
        r"\(float32 buffer, bool, int\)": lambda: pk.kernels.fill(q, wd, x32, True, 4),
        r"\(int32 buffer, float, int\)": lambda: pk.kernels.fill(q, wd, pk.zeros(device, 4, np.int32), 1.5, 4),
    }
    for got, call in calls.items():
        with pytest.raises(TypeError, match=r"has no variant for the arguments " + got + "; it takes one of:") as e:
            call()
        if "kernels.fill" in str(e.value):
            for params in fill_signatures(device.backend):
                assert f"\n    {params}" in str(e.value)
    bins = pk.zeros(device, 1, np.uint32)
    out_of_range = {
        "argument 3 of pyalpaka.kernels.fill = -1 is out of range for std::uint64_t": lambda: pk.kernels.fill(
            q, wd, x32, 1.0, -1
        ),
        "argument 3 of pyalpaka.kernels.fill = 18446744073709551616 is out of range for std::uint64_t": lambda: (
            pk.kernels.fill(q, wd, x32, 1.0, 2**64)
        ),
        # n = 2**63 fits std::size_t (converted without complaint), nbins = 2**32 does not fit std::uint32_t; the
        # error stops the launch before anything runs.
        "argument 4 of pyalpaka.kernels.histogram = 4294967296 is out of range for std::uint32_t": lambda: (
            pk.kernels.histogram(q, wd, x32, bins, 2**63, 2**32, 0, 1)
        ),
        "argument 4 of pyalpaka.kernels.histogram = -1 is out of range for std::uint32_t": lambda: pk.kernels.histogram(
            q, wd, x32, bins, np.uint64(2**64 - 1), -1, 0, 1
        ),
    }
    for message, call in out_of_range.items():
        with pytest.raises(ValueError, match=message):
            call()
    with pytest.raises(TypeError, match=r"kernels.fill\(queue, workdiv, \*args\): argument 2 is <class 'int'>"):
        pk.kernels.fill(q, 4, x32, 1.0, 4)
    with pytest.raises(TypeError, match=r"pyalpaka.kernels.fill\(queue, workdiv, \*args\) takes no keyword"):
        pk.kernels.fill(q, wd, x32, 1.0, 4, cooperative=True)
    with pytest.raises(TypeError, match=r"takes a pyalpaka.Queue and a pyalpaka.WorkDiv first, got 1 argument"):
        pk.kernels.fill(q)
    a = pk.zeros(device, (2, 2), np.float32)
    with pytest.raises(ValueError, match=r"pyalpaka\.kernels\.matmul takes a 2-D work division, got a 1-D one"):
        pk.kernels.matmul(q, pk.WorkDiv(4), a, a, a, 2, 2, 2)
    with pytest.raises(ValueError, match=r"pyalpaka\.kernels\.fill takes a 1-D work division, got a 3-D one"):
        pk.kernels.fill(q, pk.WorkDiv((1, 1, 1)), a, 1.0, 4)
    # Nothing was enqueued by the failed calls; the queue works.
    pk.kernels.fill(q, pk.valid_workdiv(device, 4), x64, 4.0, 4)
    np.testing.assert_array_equal(x64.to_numpy(q), np.full(4, 4.0))


def test_read_only_and_strided_operands(host_device):
    q = pk.Queue(host_device, blocking=True)
    wd = pk.WorkDiv(1)
    frozen = np.arange(4, dtype=np.float32)
    frozen.flags.writeable = False
    out = np.zeros(4, np.float32)
    pk.kernels.copy(q, wd, frozen, out, 4)  # read-only input for a `float const*`: fine
    np.testing.assert_array_equal(out, frozen)
    read_only = r"argument 2 of pyalpaka.kernels.copy is read-only, but the kernel takes float\* and may write it"
    with pytest.raises(ValueError, match=read_only):
        pk.kernels.copy(q, wd, out, frozen, 4)
    strided = r"argument 1 of pyalpaka.kernels.fill is not contiguous; kernels taking float\* need dense row-major"
    with pytest.raises(ValueError, match=strided):
        pk.kernels.fill(q, wd, np.zeros(8, np.float32)[::2], 1.0, 4)
    sub = pk.zeros(host_device, (4, 4), np.float32)[:, 1:3]
    with pytest.raises(ValueError, match=r"argument 1 of pyalpaka\.kernels\.fill is not contiguous"):
        pk.kernels.fill(q, wd, sub, 1.0, 8)


def test_operands_of_other_devices(device):
    q = pk.Queue(device, blocking=True)
    wd = pk.WorkDiv(1)
    host_array = np.zeros(4, np.float32)
    serial_buffer = pk.zeros("cpu_serial", 4, np.float32)
    if device.is_host:
        # Host memory is host memory: NumPy arrays and buffers of every CPU back-end work.
        pk.kernels.fill(q, wd, host_array, 2.0, 4)
        pk.kernels.fill(q, wd, serial_buffer, 3.0, 4)
        np.testing.assert_array_equal(host_array, 2.0)
        np.testing.assert_array_equal(np.asarray(serial_buffer), 3.0)
    else:
        with pytest.raises(TypeError, match=r"is a NumPy array, which a kernel on .* cannot read: copy it to"):
            pk.kernels.fill(q, wd, host_array, 2.0, 4)
        with pytest.raises(TypeError, match=r"is a buffer of cpu_serial:0, which a kernel on .* cannot use"):
            pk.kernels.fill(q, wd, serial_buffer, 3.0, 4)


def test_numpy_arguments_stay_alive_on_a_non_blocking_queue(host_device):
    """An array created in the call and dropped at once is still the kernel's input when the kernel runs."""
    q = pk.Queue(host_device, blocking=False)
    gate = threading.Event()
    q.enqueue(lambda: gate.wait(10))  # holds the queue: the kernel below has not run when the call returns
    n = 1000
    out = np.zeros(n, np.int64)
    source = np.arange(n, dtype=np.int64) * 3
    alive = weakref.ref(source)
    pk.kernels.copy(q, pk.valid_workdiv(host_device, n), source, out, n)
    pk.kernels.add(q, pk.valid_workdiv(host_device, n), np.arange(n, dtype=np.int64), np.ones(n, np.int64), out, n)
    del source
    gc.collect()
    assert alive() is not None  # the queue holds it
    assert not out.any()  # nothing ran yet
    gate.set()
    q.wait()
    np.testing.assert_array_equal(out, np.arange(n) + 1)
    gc.collect()
    assert alive() is None  # released once the work is done


# ---- sizes against the buffers -------------------------------------------------------------------------------------

#: Elements of the buffers below, and a size far beyond them (the crash of issue 63: axpy with n = 1 << 20).
N = 1000
BIG = 1 << 20


class Given:
    """The operands of refused launches and the values they were given: a refused launch changes none of them."""

    def __init__(self, ops: Operands) -> None:
        self.ops, self.operands = ops, []

    def __call__(self, array: np.ndarray):
        operand = self.ops.put(array)
        self.operands.append((operand, array))
        return operand

    def assert_unchanged(self) -> None:
        for operand, array in self.operands:
            np.testing.assert_array_equal(self.ops.get(operand), array)


def refusal(name: str, number: int, argument: str, rest: str) -> str:
    """The message of a launch of pk.kernels.<name> whose sizes need more than argument `number` holds."""
    return f"^argument {number} \\({re.escape(argument)}\\) of pyalpaka\\.kernels\\.{name} holds {re.escape(rest)}$"


def too_large(name: str, put: Given, t) -> list[tuple[tuple, str]]:
    """(arguments, message) of launches of pk.kernels.<name> whose sizes need more than a buffer holds."""

    def vec(n: int = N):
        return put(small_values(n, t, 1))

    def grid(ny: int, nx: int):
        return put(np.ones((ny, nx), t))

    def says(number: int, argument: str, rest: str) -> str:
        return refusal(name, number, argument, rest)

    s = t(2)
    if name in ("fill", "iota"):
        return [
            ((vec(), s, N + 1), says(1, "x", "1000 elements, n = 1001 needs 1001")),
            ((vec(), s, BIG), says(1, "x", "1000 elements, n = 1048576 needs 1048576")),
            ((vec(N + 7)[7:], s, N + 1), says(1, "x", "1000 elements, n = 1001 needs 1001")),  # from its pointer on
            ((vec(0), s, 1), says(1, "x", "0 elements, n = 1 needs 1")),
        ]
    if name == "copy":
        return [((vec(), vec(N - 1), N), says(2, "c", "999 elements, n = 1000 needs 1000"))]
    if name == "add":
        return [((vec(), vec(N - 1), vec(), N), says(2, "b", "999 elements, n = 1000 needs 1000"))]
    if name == "reduce":
        return [
            ((vec(), vec(1), BIG), says(1, "x", "1000 elements, n = 1048576 needs 1048576")),
            ((vec(), vec(0), N), says(2, "sum", "0 elements, the kernel needs 1")),
            ((vec(), vec(0), 0), says(2, "sum", "0 elements, the kernel needs 1")),  # written even for n = 0
        ]
    if name == "axpy":
        return [
            ((s, vec(), vec(), BIG), says(2, "x", "1000 elements, n = 1048576 needs 1048576")),
            ((s, vec(), vec(N - 1), N), says(3, "y", "999 elements, n = 1000 needs 1000")),
            (
                (s, vec(), vec(), np.uint64(2**64 - 1)),
                says(2, "x", f"1000 elements, n = {2**64 - 1} needs {2**64 - 1}"),
            ),
        ]
    if name == "mul":
        return [((vec(), vec(), s, BIG), says(1, "b", "1000 elements, n = 1048576 needs 1048576"))]
    if name in ("triad", "nstream"):
        return [
            ((vec(), vec(), vec(N - 1), s, N), says(3, "c", "999 elements, n = 1000 needs 1000")),
            ((vec(N - 1), vec(), vec(), s, N), says(1, "a", "999 elements, n = 1000 needs 1000")),
        ]
    if name == "dot":
        return [
            ((vec(), vec(), vec(1), BIG), says(1, "a", "1000 elements, n = 1048576 needs 1048576")),
            ((vec(), vec(N - 1), vec(1), N), says(2, "b", "999 elements, n = 1000 needs 1000")),
            ((vec(), vec(), vec(0), N), says(3, "sum", "0 elements, the kernel needs 1")),
        ]
    if name == "histogram":
        bins = put(np.zeros(10, np.uint32))
        return [
            ((vec(), bins, N, 11, t(0), t(10)), says(2, "bins", "10 elements, nbins = 11 needs 11")),
            ((vec(), bins, BIG, 10, t(0), t(10)), says(1, "x", "1000 elements, n = 1048576 needs 1048576")),
        ]
    if name == "matmul":
        a, b, c = grid(3, 4), grid(4, 5), grid(3, 5)
        return [
            ((a, b, c, 3, 5, 5), says(1, "A", "12 elements, m * k = 3 * 5 needs 15")),
            ((a, b, c, 3, 6, 4), says(2, "B", "20 elements, k * n = 4 * 6 needs 24")),
            ((a, b, grid(2, 5), 3, 5, 4), says(3, "C", "10 elements, m * n = 3 * 5 needs 15")),
            ((a, b, c, 2**32, 5, 2**32), says(1, "A", f"12 elements, m * k = {2**32} * {2**32} needs 2**64 or more")),
        ]
    if name == "stencil":
        return [
            ((grid(4, 4), grid(4, 4), 4, 5), says(1, "in", "16 elements, ny * nx = 4 * 5 needs 20")),
            ((grid(4, 5), grid(4, 4), 4, 5), says(2, "out", "16 elements, ny * nx = 4 * 5 needs 20")),
        ]
    if name == "heat":
        big = 2**31 - 1
        return [
            (
                (grid(4, 4), grid(4, 4), heat_params(4, 5)),
                says(1, "in", "16 elements, params.ny * params.nx = 4 * 5 needs 20"),
            ),
            (
                (grid(4, 5), grid(4, 4), heat_params(5, 4)),
                says(2, "out", "16 elements, params.ny * params.nx = 5 * 4 needs 20"),
            ),
            (
                (grid(4, 4), grid(4, 4), heat_params(big, big)),
                says(1, "in", f"16 elements, params.ny * params.nx = {big} * {big} needs {big * big}"),
            ),
        ]
    raise AssertionError(f"no refused launches for pk.kernels.{name}: add them here")


def workdiv_for(device: pk.Device, kernel) -> pk.WorkDiv:
    dim = kernel.signatures[0][1]
    return pk.valid_workdiv(device, 16 if dim == 1 else (4, 4))


@pytest.mark.parametrize("name", DOCUMENTED)
def test_sizes_beyond_a_buffer_are_value_errors(name, device, queue):
    """Sizes that need more elements than a buffer holds (from its pointer to its end) are a ValueError naming the
    argument, what it holds and what the sizes need, before anything runs: none of the operands changes (issue 63:
    axpy with n = 1 << 20 over 1000 elements ended the interpreter with SIGSEGV)."""
    kernel = getattr(pk.kernels, name)
    wd = workdiv_for(device, kernel)
    for dtype in FLOATS:
        for kind in operand_kinds(device):
            put = Given(Operands(device, queue, kind))
            for args, message in too_large(name, put, dtype):
                with pytest.raises(ValueError, match=message):
                    kernel(queue, wd, *args)
            put.assert_unchanged()


@pytest.mark.parametrize(
    "launch",
    [
        "pk.kernels.stencil(q, wd, e, e.copy(), 2**63, 0)",
        "pk.kernels.stencil(q, wd, e, e.copy(), 0, 2**63)",
        "pk.kernels.heat(q, wd, e, e.copy(), np.array((0.5, 2**31 - 1, 0, 0.25), HEAT))",
        "pk.kernels.matmul(q, wd, e, e.copy(), e.copy(), 2**63, 0, 0)",
        "pk.kernels.matmul(q, wd, e, e.copy(), e.copy(), 0, 2**63, 0)",
    ],
    ids=["stencil-rows", "stencil-columns", "heat-rows", "matmul-rows", "matmul-columns"],
)
def test_empty_grids_of_huge_extents_return_at_once(launch, host_device):
    """A grid with no element whose other extent is huge fits any buffer; the kernel must not visit its 2^63 empty
    rows (the stencil did: a launch that never ended). In a process of its own, so that a regression fails (after a
    minute) instead of hanging the test run."""
    script = (
        "import numpy as np, pyalpaka as pk\n"
        f"q = pk.Queue(pk.device({host_device.backend!r}), blocking=True)\n"
        "wd = pk.valid_workdiv(q.device, (4, 4))\n"
        "e = np.zeros(0, np.float32)\n"
        "HEAT = pk.kernels.heat.structs['HeatParams']\n"
        f"{launch}\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


def test_sizes_that_fit_exactly_run(device, queue):
    """Buffers of exactly the elements the sizes need, also views that start inside an array and end with it, run and
    give NumPy's results."""
    rng = np.random.default_rng(3)
    k = pk.kernels
    for dtype in FLOATS:
        t = np.dtype(dtype).type
        for kind in operand_kinds(device):
            ops = Operands(device, queue, kind)
            wd1, wd2 = pk.valid_workdiv(device, N), pk.valid_workdiv(device, (6, 9))
            label = f"{np.dtype(dtype).name} {kind}"

            whole = ops.put(np.zeros(N + 7, dtype))
            x = whole[7:]  # N elements from its pointer on
            k.fill(queue, wd1, x, t(3), N)
            np.testing.assert_array_equal(ops.get(whole), np.r_[np.zeros(7), np.full(N, 3)], err_msg=label)
            k.iota(queue, wd1, x, t(5), N)
            np.testing.assert_array_equal(ops.get(x), 5 + np.arange(N), err_msg=label)

            a_values, b_values = small_values(N, dtype, 1), small_values(N, dtype, 2)
            a, b, c = ops.put(a_values), ops.put(b_values), ops.put(np.zeros(N, dtype))
            k.copy(queue, wd1, a, c, N)
            np.testing.assert_array_equal(ops.get(c), a_values, err_msg=label)
            k.add(queue, wd1, a, b, c, N)
            np.testing.assert_array_equal(ops.get(c), a_values + b_values, err_msg=label)
            k.axpy(queue, wd1, t(2), a, c, N)
            np.testing.assert_array_equal(ops.get(c), 3 * a_values + b_values, err_msg=label)
            k.mul(queue, wd1, c, a, t(2), N)
            np.testing.assert_array_equal(ops.get(c), 2 * a_values, err_msg=label)
            k.triad(queue, wd1, c, a, b, t(2), N)
            np.testing.assert_array_equal(ops.get(c), a_values + 2 * b_values, err_msg=label)
            k.nstream(queue, wd1, c, a, b, t(2), N)
            np.testing.assert_array_equal(ops.get(c), 2 * a_values + 4 * b_values, err_msg=label)
            total = ops.put(np.zeros(1, dtype))
            k.reduce(queue, wd1, a, total, N)
            assert ops.get(total)[0] == a_values.sum(), label
            total = ops.put(np.zeros(1, dtype))
            k.dot(queue, wd1, a, b, total, N)
            assert ops.get(total)[0] == np.dot(a_values, b_values), label
            k.reduce(queue, wd1, a, ops.put(np.zeros(1, dtype)), 0)  # n = 0 still needs sum's one element

            x_values = rng.uniform(-2, 12, N).astype(dtype)
            bins = ops.put(np.zeros(7, np.uint32))
            k.histogram(queue, wd1, ops.put(x_values), bins, N, 7, t(0), t(10))
            np.testing.assert_array_equal(ops.get(bins), histogram_reference(x_values, 7, 0, 10), err_msg=label)

            m, n, kk = 6, 9, 5
            a_values = rng.uniform(-1, 1, (m, kk)).astype(dtype)
            b_values = rng.uniform(-1, 1, (kk, n)).astype(dtype)
            c = ops.put(np.zeros((m, n), dtype))
            k.matmul(queue, wd2, ops.put(a_values), ops.put(b_values), c, m, n, kk)
            rtol = 1e-5 if dtype is np.float32 else 1e-12
            np.testing.assert_allclose(ops.get(c), a_values @ b_values, rtol=rtol, atol=rtol, err_msg=label)

            grid_values = (np.arange(6 * 9).reshape(6, 9) % 13).astype(dtype)
            out = ops.put(np.zeros((6, 9), dtype))
            k.stencil(queue, wd2, ops.put(grid_values), out, 6, 9)
            np.testing.assert_array_equal(ops.get(out), stencil_reference(grid_values), err_msg=label)
            k.heat(queue, wd2, ops.put(grid_values), out, heat_params(6, 9))
            np.testing.assert_array_equal(ops.get(out), heat_reference(grid_values, t(0.125)), err_msg=label)
