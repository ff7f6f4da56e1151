# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Work divisions: pk.WorkDiv, pk.valid_workdiv on every back-end, and launches outside a back-end's limits."""

from __future__ import annotations

import math
import pickle
import subprocess
import sys

import numpy as np
import pytest

import pyalpaka as pk

GRIDS = [(1000,), (4099,), (37, 53), (1, 1), (5, 7, 11), (64, 3, 2)]


def prod(values) -> int:
    return math.prod(values)


# ---- pk.WorkDiv ----------------------------------------------------------------------------------------------------


def test_from_ints_and_tuples():
    wd = pk.WorkDiv(grid_blocks=(64,), block_threads=(1,), thread_elems=(16,))
    assert (wd.grid_blocks, wd.block_threads, wd.thread_elems, wd.dim) == ((64,), (1,), (16,), 1)
    assert pk.WorkDiv(64, 1, 16) == wd  # ints are 1-D extents
    assert pk.WorkDiv(np.int64(64), [1], (np.uint8(16),)) == wd  # NumPy integers, any sequence


@pytest.mark.parametrize("grid", [(4,), (4, 5), (4, 5, 6)], ids=["1d", "2d", "3d"])
def test_omitted_extents_are_ones(grid):
    wd = pk.WorkDiv(grid)
    assert wd.dim == len(grid)
    assert wd.grid_blocks == grid
    assert wd.block_threads == (1,) * len(grid)
    assert wd.thread_elems == (1,) * len(grid)
    assert pk.WorkDiv(grid, thread_elems=(2,) * len(grid)).block_threads == (1,) * len(grid)


def test_derived_extents():
    wd = pk.WorkDiv((2, 3, 4), (5, 6, 7), (8, 9, 10))
    assert wd.dim == 3
    assert wd.grid_threads == (10, 18, 28)
    assert wd.grid_elems == (80, 162, 280)


def test_eq_hash_repr_pickle():
    wd = pk.WorkDiv((8, 2), (4, 4), (1, 2))
    same = pk.WorkDiv([8, 2], [4, 4], [1, 2])
    other = pk.WorkDiv((8, 2), (4, 4), (2, 1))
    assert wd == same and hash(wd) == hash(same)
    assert wd != other
    assert wd != (8, 2)
    assert len({wd, same, other}) == 2
    assert repr(wd) == "WorkDiv(grid_blocks=(8, 2), block_threads=(4, 4), thread_elems=(1, 2))"
    assert eval(repr(wd), {"WorkDiv": pk.WorkDiv}) == wd  # noqa: S307 (the repr is a constructor call)
    assert repr(pk.WorkDiv(3)) == "WorkDiv(grid_blocks=(3,), block_threads=(1,), thread_elems=(1,))"
    restored = pickle.loads(pickle.dumps(wd))
    assert restored == wd and restored is not wd


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (((0,),), ValueError, "every extent of a work division must be at least 1"),
        (((4,), (0,)), ValueError, "every extent of a work division must be at least 1"),
        (((4, 4), (1,)), ValueError, "grid_blocks, block_threads and thread_elems must have the same number"),
        (((4,), None, (1, 1)), ValueError, "must have the same number of dimensions"),
        (((1, 2, 3, 4),), ValueError, r"grid_blocks must have 1 to 3 components, got \(1, 2, 3, 4\)"),
        (((),), ValueError, r"grid_blocks must have 1 to 3 components, got \(\)"),
        (((-1,),), ValueError, r"grid_blocks must not be negative, got \(-1,\)"),
        (("ab",), TypeError, "grid_blocks must be an int or a tuple of ints, got 'ab'"),
        (((4,), "1"), TypeError, "block_threads must be an int or a tuple of ints, got '1'"),
        (((4,), (1,), (2.0,)), TypeError, r"thread_elems must be an int or a tuple of ints, got \(2.0,\)"),
        ((True,), TypeError, "grid_blocks must be an int or a tuple of ints, got True"),
        # Regressions: 2**64 was a pybind11 cast error (RuntimeError); bytes were read as a sequence of ints.
        (((2**64,),), ValueError, r"grid_blocks must be below 2\*\*64, got \(18446744073709551616,\)"),
        ((b"\x02",), TypeError, r"grid_blocks must be an int or a tuple of ints, got b'\\x02'"),
    ],
    ids=[
        "zero-grid",
        "zero-threads",
        "mismatched-dims",
        "mismatched-elems",
        "4d",
        "0d",
        "negative",
        "str",
        "str-threads",
        "float",
        "bool",
        "2**64",
        "bytes",
    ],
)
def test_bad_work_divisions(args, error, message):
    with pytest.raises(error, match=message):
        pk.WorkDiv(*args)


# ---- pk.valid_workdiv ----------------------------------------------------------------------------------------------


def check_within_limits(device, wd: pk.WorkDiv) -> None:
    props = device.props_for(wd.dim)
    for i in range(wd.dim):
        assert wd.grid_blocks[i] <= props["grid_block_extent_max"][i], (wd, props)
        assert wd.block_threads[i] <= props["block_thread_extent_max"][i], (wd, props)
        assert wd.thread_elems[i] <= props["thread_elem_extent_max"][i], (wd, props)
    assert prod(wd.grid_blocks) <= props["grid_block_count_max"], (wd, props)
    assert prod(wd.block_threads) <= props["block_thread_count_max"], (wd, props)
    assert prod(wd.thread_elems) <= props["thread_elem_count_max"], (wd, props)


def test_valid_workdiv_covers_the_grid_within_limits(device):
    for grid in GRIDS:
        for elems in ((1,) * len(grid), (2,) * len(grid)):
            for must_divide in (True, False):
                wd = pk.valid_workdiv(device, grid, thread_elems=elems, block_threads_must_divide=must_divide)
                assert isinstance(wd, pk.WorkDiv)
                assert wd.dim == len(grid)
                # The requested elements per thread, clipped to the grid (alpaka's getValidWorkDiv does that).
                assert wd.thread_elems == tuple(min(e, g) for e, g in zip(elems, grid)), (grid, wd)
                for i, extent in enumerate(grid):
                    assert wd.grid_blocks[i] * wd.block_threads[i] * wd.thread_elems[i] >= extent, (grid, wd)
                    # No block lies wholly outside the grid.
                    assert (wd.grid_blocks[i] - 1) * wd.block_threads[i] * wd.thread_elems[i] < extent, (grid, wd)
                    if must_divide:
                        assert math.ceil(extent / wd.thread_elems[i]) % wd.block_threads[i] == 0, (grid, wd)
                check_within_limits(device, wd)


def test_valid_workdiv_keeps_counts_within_limits(device):
    # Found by the C++ work-division fuzzer: each extent within its limit, but 2**80 elements per thread or 2**80
    # blocks in all; the work division valid_workdiv returned was then refused by every launch.
    huge = (2**40, 2**40)
    for elems in (huge, (1, 1), (0, 0)):
        wd = pk.valid_workdiv(device, huge, thread_elems=elems, block_threads_must_divide=False)
        check_within_limits(device, wd)


def test_valid_workdiv_defaults(cpu):
    # thread_elems=None (the default) and components of 0 leave the elements per thread to the back-end.
    assert pk.valid_workdiv(cpu, 1000) == pk.valid_workdiv(cpu, (1000,), thread_elems=(0,))
    assert pk.valid_workdiv(cpu, (30, 40)) == pk.valid_workdiv(cpu, (30, 40), thread_elems=(0, 0))
    assert pk.valid_workdiv(cpu, 1000) == pk.valid_workdiv(cpu, 1000, block_threads_must_divide=True)
    assert pk.valid_workdiv(cpu.backend, 1000) == pk.valid_workdiv(cpu, 1000)  # a device name works too
    # Given components are kept, only the zeros are chosen.
    assert pk.valid_workdiv(cpu, (64, 64), thread_elems=(3, 0)).thread_elems[0] == 3


def test_valid_workdiv_chooses_long_runs_on_cpus(device):
    """The default on a CPU: a few contiguous runs per core, each a multiple of 16 elements along x (so that no
    vector of the vectorized element loop straddles two threads); on a GPU one element per thread."""
    for grid in [(1 << 20,), (1000, 1000), (3, 5, 100_001), (1,), (37,)]:
        wd = pk.valid_workdiv(device, grid)
        check_within_limits(device, wd)
        for i, extent in enumerate(grid):
            assert wd.grid_blocks[i] * wd.block_threads[i] * wd.thread_elems[i] >= extent, (grid, wd)
        if device.is_host:
            runs = prod(wd.grid_blocks) * prod(wd.block_threads)
            assert runs <= 4 * max(device.props_for(len(grid))["multi_processor_count"], 8), (grid, wd)
            assert wd.thread_elems[-1] % 16 == 0 or wd.thread_elems[-1] >= grid[-1], (grid, wd)
            if prod(grid) < 2048:  # too small to be worth a second thread
                assert runs == 1, (grid, wd)
        else:
            assert wd.thread_elems == (1,) * len(grid), (grid, wd)


@pytest.mark.parametrize(
    "restrictions",
    ["unrestricted", "equal_extent", "close_to_equal_extent", "EqualExtent", "CLOSE_TO_EQUAL_EXTENT"],
)
def test_valid_workdiv_restrictions(cpu, restrictions):
    for grid in [(37, 53), (64, 64), (5, 7, 11)]:
        wd = pk.valid_workdiv(
            cpu, grid, thread_elems=(1,) * len(grid), block_threads_must_divide=False, restrictions=restrictions
        )
        for i, extent in enumerate(grid):
            assert wd.grid_blocks[i] * wd.block_threads[i] >= extent
        if restrictions.lower().replace("_", "") == "equalextent":
            assert len(set(wd.block_threads)) == 1, wd
        check_within_limits(cpu, wd)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"grid_elems": 10, "restrictions": "bad"}, ValueError, "restrictions must be 'unrestricted', 'equal_extent'"),
        (
            {"grid_elems": 0},
            ValueError,
            r"valid_workdiv: every grid_elems extent must be at least 1, got grid_elems \(0,\)",
        ),
        ({"grid_elems": (10, 0)}, ValueError, r"every grid_elems extent must be at least 1, got grid_elems \(10, 0\)"),
        ({"grid_elems": 10, "thread_elems": -1}, ValueError, r"thread_elems must not be negative, got -1"),
        ({"grid_elems": (10, 3), "thread_elems": (1,)}, ValueError, r"grid_elems \(10, 3\) and thread_elems \(1,\)"),
        ({"grid_elems": (1, 1, 1, 1)}, ValueError, "grid_elems must have 1 to 3 components"),
        ({"grid_elems": "10"}, TypeError, "grid_elems must be an int or a tuple of ints"),
        ({"grid_elems": 10, "block_threads_must_divide": "yes"}, TypeError, r"valid_workdiv\(\): incompatible"),
    ],
    ids=["restrictions", "zero", "zero-2d", "negative-elems", "mismatched-dims", "4d", "str", "must-divide-str"],
)
def test_valid_workdiv_errors(cpu, kwargs, error, message):
    with pytest.raises(error, match=message):
        pk.valid_workdiv(cpu, **kwargs)


# ---- launches outside the back-end's limits ------------------------------------------------------------------------


def launch_fill(device, wd: pk.WorkDiv) -> None:
    x = pk.zeros(device, 16, np.float32)
    pk.kernels.fill(pk.Queue(device, blocking=True), wd, x, np.float32(1), 16)


def launch_stencil(device, wd: pk.WorkDiv) -> None:
    grid = pk.zeros(device, (4, 4), np.float32)
    out = pk.zeros(device, (4, 4), np.float32)
    pk.kernels.stencil(pk.Queue(device, blocking=True), wd, grid, out, 4, 4)


# The threads and OpenMP-threads back-ends report a few threads per core as their maximum (what valid_workdiv aims
# for) but run the blocks of GPU-shaped work divisions up to a GPU's 1024 threads, as their C++ launch and upstream
# alpaka do (OpenMP within its thread limit, OMP_THREAD_LIMIT, unset here).
THREADS_LAUNCH_LIMIT = 1024


def launch_limits(device, dim: int) -> tuple[list[int], int]:
    """The block thread extent and count maxima a launch is checked against."""
    if device.backend in ("cpu_threads", "cpu_omp2_threads"):
        return [THREADS_LAUNCH_LIMIT] * dim, THREADS_LAUNCH_LIMIT
    props = device.props_for(dim)
    return list(props["block_thread_extent_max"]), props["block_thread_count_max"]


def test_block_extent_above_the_maximum(device):
    limit = launch_limits(device, 1)[0][0]
    wd = pk.WorkDiv(1, limit + 1)
    message = rf"is not valid for '{device.backend}': blockThreadExtent \({limit + 1}\) exceeds the maximum \({limit}\)"
    with pytest.raises(ValueError, match=message + " in dimension 0"):
        launch_fill(device, wd)
    launch_fill(device, pk.WorkDiv(1, min(limit, device.props_for(1)["block_thread_count_max"])))  # at the limit: fine


@pytest.mark.parametrize("threads_backend", ["cpu_threads", "cpu_omp2_threads"])
def test_threads_backend_runs_gpu_shaped_blocks(threads_backend):
    if not any(b.name == threads_backend and b.available for b in pk.backends()):
        pytest.skip(f"the {threads_backend} back-end is not available")
    device = pk.device(threads_backend)
    n = 4 * 256
    x = pk.zeros(device, n, np.float32)
    # 256 threads per block: more than the advisory maximum on a machine with fewer than 32 cores.
    pk.kernels.fill(pk.Queue(device, blocking=True), pk.WorkDiv(4, 256), x, np.float32(2), n)
    np.testing.assert_array_equal(x.to_numpy(), np.full(n, 2, np.float32))


def test_block_thread_count_above_the_maximum(device):
    extents, count = launch_limits(device, 2)
    side = math.isqrt(count) + 1  # side * side > count
    if any(side > extent for extent in extents):
        pytest.skip(f"{device}: a block of {count} thread(s) cannot exceed the count without exceeding an extent")
    wd = pk.WorkDiv((1, 1), (side, side))
    message = rf"blockThreadExtent \({side}, {side}\) has {side * side} threads per block, at most {count} are "
    with pytest.raises(ValueError, match=message):
        launch_stencil(device, wd)


def test_too_much_shared_memory(device):
    # On a GPU matmul stages (block threads x thread elements) rows and columns of 16 doubles in shared memory: 1 MiB
    # here. A CPU computes the product without shared memory, so any work division runs there; so does the emulated
    # GPU, whose kernels are compiled for a CPU accelerator.
    a = pk.zeros(device, (4, 4), np.float64)
    wd = pk.WorkDiv((1, 1), (1, 1), (4096, 4096))
    q = pk.Queue(device, blocking=True)
    if device.is_host or device.emulated:
        pk.kernels.matmul(q, wd, a, a, a, 4, 4, 4)
        return
    with pytest.raises(ValueError, match="dynamic block shared memory"):
        pk.kernels.matmul(q, wd, a, a, a, 4, 4, 4)


HUGE_GRID_LAUNCHES = {
    "1-D": "pk.kernels.fill(q, pk.WorkDiv((2**32,)), np.zeros(1, np.float32), np.float32(1), 0)",
    "2-D": "pk.kernels.stencil(q, pk.WorkDiv((2**16, 2**16)), np.zeros(1, np.float32), np.zeros(1, np.float32), 0, 0)",
    "3-D": "pk.Kernel(EMPTY_3D, 'Empty')(q, pk.WorkDiv((2**11, 2**11, 2**10)), 0)",
}


@pytest.mark.parametrize("launch", HUGE_GRID_LAUNCHES.values(), ids=HUGE_GRID_LAUNCHES.keys())
def test_a_grid_of_2_to_the_32_blocks_on_a_cpu_warns(host_device, launch):
    """A grid of 2^32 blocks or more takes minutes to hours on a CPU before the kernel does anything (issue 63: 2^40
    blocks on cpu_serial ran for hours without a word): a RuntimeWarning, once per process, saying what to use. Run
    with warnings as errors in a process of its own, so that the launch stops at the warning instead of running (the
    run-time compiled kernel is never compiled: the work division is checked first)."""
    script = (
        "import numpy as np, pyalpaka as pk\n"
        "EMPTY_3D = 'struct Empty { template<typename A> ALPAKA_FN_ACC void operator()(A const&, int) const {} };'\n"
        f"q = pk.Queue(pk.device({host_device.backend!r}), blocking=True)\n{launch}\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode != 0
    assert "RuntimeWarning: pyalpaka: WorkDiv(grid_blocks=" in done.stderr, done.stderr
    assert f"on {host_device.backend} has 2**32 blocks or more" in done.stderr
    assert "pyalpaka.valid_workdiv(device, n)" in done.stderr and "(Shown once.)" in done.stderr
