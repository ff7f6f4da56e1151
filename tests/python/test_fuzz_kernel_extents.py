# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Property tests of the shipped kernels' extent checks (src/runtime/KernelExtents.hpp): random sizes against random
buffer lengths for fill, axpy, histogram, matmul and heat, on every back-end. Never a crash: either the sizes fit
every buffer and the launch gives NumPy's result (elements beyond the sizes untouched), or it is a ValueError naming
the first buffer of the contract that is too small, with what it holds, and nothing is written.

Buffers are 1-D here: the kernels see pointers, a buffer's shape does not matter to them, only the elements from the
pointer to its end."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import pyalpaka as pk

#: Sizes: small ones that may fit, and ones far beyond any buffer here (up to the largest std::size_t).
SIZE = st.integers(0, 12) | st.sampled_from([13, 2**20, 2**32, 2**63, 2**64 - 1])
LENGTH = st.integers(0, 40)
CONTAINER = st.sampled_from(["numpy", "buffer"])
#: Accepted launches may have a huge size where a zero makes the product fit (stencil-like loops would then run that
#: many empty iterations): kept below this, since the test is about memory, not time.
LOOP_LIMIT = 10_000

# The `device` fixture is a plain pk.device(backend): sharing it across a test's examples is what the test wants.
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


class Launch:
    """Operands on one device: NumPy arrays (host devices) or buffers, read back after the launch."""

    def __init__(self, device: pk.Device, container: str) -> None:
        self.device = device
        self.numpy = container == "numpy" and device.is_host
        self.queue = pk.Queue(device, blocking=True)

    def put(self, array: np.ndarray):
        return array.copy() if self.numpy else pk.asarray(array, device=self.device, queue=self.queue)

    def get(self, operand) -> np.ndarray:
        return operand if self.numpy else operand.to_numpy(self.queue)


def values(length: int, seed: int, dtype=np.float64) -> np.ndarray:
    """Small integers (exact sums and products)."""
    return ((np.arange(length) * (5 * seed + 3) + seed) % 9 - 4).astype(dtype)


def check(kernel: str, call, needs: list[tuple[int, str, int, int]]) -> bool:
    """Runs `call`; needs lists (argument number, name, elements held, elements needed) in the contract's order.
    Returns whether it ran; a ValueError must name the first argument whose need is beyond what it holds."""
    short = next(((number, name, held) for number, name, held, needed in needs if needed > held), None)
    if short is None:
        call()
        return True
    number, name, held = short
    plural = "" if held == 1 else "s"
    message = rf"^argument {number} \({name}\) of pyalpaka\.kernels\.{kernel} holds {held} element{plural}, "
    with pytest.raises(ValueError, match=message):
        call()
    return False


@SETTINGS
@given(n=SIZE, length=LENGTH, container=CONTAINER)
@example(n=2**20, length=40, container="numpy")
def test_fill(device, n, length, container):
    launch = Launch(device, container)
    given_values = values(length, 1)
    x = launch.put(given_values)
    ran = check("fill", lambda: pk.kernels.fill(launch.queue, pk.WorkDiv(1), x, 7.0, n), [(1, "x", length, n)])
    expected = given_values.copy()
    if ran:
        expected[:n] = 7
    np.testing.assert_array_equal(launch.get(x), expected)


@SETTINGS
@given(n=SIZE, x_length=LENGTH, y_length=LENGTH, container=CONTAINER)
@example(n=2**20, x_length=40, y_length=40, container="numpy")  # issue 63
@example(n=2**64 - 1, x_length=0, y_length=0, container="buffer")
def test_axpy(device, n, x_length, y_length, container):
    launch = Launch(device, container)
    x_values, y_values = values(x_length, 1), values(y_length, 2)
    x, y = launch.put(x_values), launch.put(y_values)
    ran = check(
        "axpy",
        lambda: pk.kernels.axpy(launch.queue, pk.valid_workdiv(device, 16), 3.0, x, y, n),
        [(2, "x", x_length, n), (3, "y", y_length, n)],
    )
    if ran:
        y_values[:n] += 3 * x_values[:n]
    np.testing.assert_array_equal(launch.get(x), x_values)
    np.testing.assert_array_equal(launch.get(y), y_values)


@SETTINGS
@given(n=SIZE, nbins=st.integers(0, 12) | st.sampled_from([2**20, 2**32 - 1]), x_length=LENGTH, bins_length=LENGTH)
@example(n=5, nbins=11, x_length=5, bins_length=10)
def test_histogram(device, n, nbins, x_length, bins_length):
    launch = Launch(device, "buffer")
    x_values = values(x_length, 3) + 4  # in [0, 8]
    x, bins = launch.put(x_values), launch.put(np.full(bins_length, 5, np.uint32))
    ran = check(
        "histogram",
        lambda: pk.kernels.histogram(launch.queue, pk.valid_workdiv(device, 16), x, bins, n, nbins, 0.0, 10.0),
        [(1, "x", x_length, n), (2, "bins", bins_length, nbins)],
    )
    expected = np.full(bins_length, 5, np.uint32)
    if ran and nbins > 0:
        inside = x_values[:n]
        index = np.minimum((inside / 10.0 * nbins).astype(np.int64), nbins - 1)
        expected[:nbins] += np.bincount(index, minlength=nbins).astype(np.uint32)
    np.testing.assert_array_equal(launch.get(bins), expected)


@SETTINGS
@given(m=SIZE, n=SIZE, k=SIZE, lengths=st.tuples(LENGTH, LENGTH, LENGTH), container=CONTAINER)
@example(m=3, n=5, k=4, lengths=(12, 20, 15), container="numpy")
@example(m=2**32, n=1, k=2**32, lengths=(12, 20, 15), container="buffer")
def test_matmul(device, m, n, k, lengths, container):
    fits = m * k <= lengths[0] and k * n <= lengths[1] and m * n <= lengths[2]
    assume(not fits or max(m, n, k) <= LOOP_LIMIT)
    launch = Launch(device, container)
    a_values, b_values, c_values = (values(length, seed) for seed, length in enumerate(lengths))
    a, b, c = (launch.put(v) for v in (a_values, b_values, c_values))
    ran = check(
        "matmul",
        lambda: pk.kernels.matmul(launch.queue, pk.valid_workdiv(device, (4, 4)), a, b, c, m, n, k),
        [(1, "A", lengths[0], m * k), (2, "B", lengths[1], k * n), (3, "C", lengths[2], m * n)],
    )
    if ran:
        product = a_values[: m * k].reshape(m, k) @ b_values[: k * n].reshape(k, n)
        c_values[: m * n] = product.reshape(-1)
    np.testing.assert_array_equal(launch.get(c), c_values)


def heat_reference(grid: np.ndarray, r: float) -> np.ndarray:
    out = grid.copy()
    centre = grid[1:-1, 1:-1]
    out[1:-1, 1:-1] = centre + r * (grid[:-2, 1:-1] + grid[2:, 1:-1] + grid[1:-1, :-2] + grid[1:-1, 2:] - 4 * centre)
    return out


@SETTINGS
@given(
    ny=st.integers(-3, 8) | st.sampled_from([2**31 - 1]),
    nx=st.integers(-3, 8) | st.sampled_from([2**31 - 1]),
    lengths=st.tuples(LENGTH, LENGTH),
    container=CONTAINER,
)
@example(ny=4, nx=5, lengths=(16, 40), container="numpy")
@example(ny=-4, nx=4, lengths=(0, 0), container="buffer")  # a negative extent is an empty grid
def test_heat(device, ny, nx, lengths, container):
    cells = max(ny, 0) * max(nx, 0)
    assume(cells > max(lengths) or max(ny, nx) <= LOOP_LIMIT)
    launch = Launch(device, container)
    in_values, out_values = values(lengths[0], 1), values(lengths[1], 2)
    grid, out = launch.put(in_values), launch.put(out_values)
    params = np.array((0.5, ny, nx, 0.25), dtype=pk.kernels.heat.structs["HeatParams"])[()]
    ran = check(
        "heat",
        lambda: pk.kernels.heat(launch.queue, pk.valid_workdiv(device, (4, 4)), grid, out, params),
        [(1, "in", lengths[0], cells), (2, "out", lengths[1], cells)],
    )
    if ran and cells > 0:
        out_values[:cells] = heat_reference(in_values[:cells].reshape(ny, nx), 0.125).reshape(-1)
    np.testing.assert_array_equal(launch.get(grid), in_values)
    np.testing.assert_array_equal(launch.get(out), out_values)


def test_messages_name_the_sizes(cpu):
    """The message says which sizes need how many elements, also when their product is beyond 64 bits."""
    q = pk.Queue(cpu, blocking=True)
    a = np.zeros(12)
    message = re.escape(f"argument 1 (A) of pyalpaka.kernels.matmul holds 12 elements, m * k = {2**40} * {2**40}")
    with pytest.raises(ValueError, match="^" + message + " needs 2\\*\\*64 or more$"):
        pk.kernels.matmul(q, pk.WorkDiv((1, 1)), a, a, a, 2**40, 0, 2**40)
    with pytest.raises(ValueError, match=r"^argument 1 \(x\) of pyalpaka\.kernels\.fill holds 1 element, n = 2 "):
        pk.kernels.fill(q, pk.WorkDiv(1), np.zeros(1), 1.0, 2)
