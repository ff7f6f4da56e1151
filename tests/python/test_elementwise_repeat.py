# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The repeated call of pk.ElementwiseKernel (_core.PlannedLauncher): a call with the layout of the call before
launches from C++ without planning in Python; every change of what the plan depends on (a dtype, a shape, strides,
writability, a number's type, the queue, size=) is planned again and gives NumPy's result; errors stay those of a
first call; threads that call one kernel with different layouts each get their own result."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import pyalpaka as pk


@pytest.fixture(scope="module", autouse=True)
def cache_dir(module_kernel_cache):
    return module_kernel_cache


def counted(kernel: pk.ElementwiseKernel) -> list[int]:
    """Counts the calls that reach the Python planning path (_call) of `kernel`."""
    calls = [0]
    planned = kernel._call

    def count(*args, **kwargs):
        calls[0] += 1
        return planned(*args, **kwargs)

    kernel._call = count
    return calls


def test_a_repeated_call_launches_from_cpp_and_a_changed_layout_is_planned_again(serial):
    axpy = pk.ElementwiseKernel("T a, T x, T y", "T z", "z = a * x + y", "repeat_axpy")
    calls = counted(axpy)
    x, y, z = np.arange(6, dtype=np.float32), np.ones(6, np.float32), np.empty(6, np.float32)
    for step in range(5):  # new values each time, the same layout: planned once
        assert axpy(np.float32(step), x + step, y, z, queue=serial) is z
        np.testing.assert_array_equal(z, step * (x + step) + 1)
    assert calls[0] == 1
    changes = [
        (np.float32(2), x.reshape(2, 3), y.reshape(2, 3), np.empty((2, 3), np.float32)),  # shape
        (np.float64(2), x.astype(np.float64), y.astype(np.float64), np.empty(6)),  # dtypes
        (np.float32(2), x[::2], y[::2], np.empty(3, np.float32)),  # strides (a view the plan makes)
        (np.float32(2), x[:3], y[:3], np.empty(3, np.float32)),  # extent
        (2.0, x, y, z),  # a Python float for a placeholder: its own dtype rule
    ]
    for args in changes:
        before = calls[0]
        out = axpy(*args, queue=serial)
        a, xs, ys = (np.asarray(v) for v in args[:3])
        np.testing.assert_allclose(out, a * xs + ys, rtol=1e-6)
        assert calls[0] == before + 1, args
    before = calls[0]
    axpy(2.0, x, y, z, queue=serial)  # the last layout again
    assert calls[0] == before


def test_numbers_are_converted_to_the_parameter_type_on_the_repeated_path(serial):
    scale = pk.ElementwiseKernel("float32 x, float32 s, int8 k", "float32 z", "z = x * s + k", "repeat_scale")
    calls = counted(scale)
    x, z = np.arange(4, dtype=np.float32), np.empty(4, np.float32)
    for s in (0.5, 1.25, 3.0):
        scale(x, s, 3, z, queue=serial)
        np.testing.assert_array_equal(z, x * np.float32(s) + 3)
    assert calls[0] == 1
    # Out of int8's range: the conversion fails in C++, the call is planned and the error is the planner's.
    with pytest.raises(ValueError, match=r"'int8 k' got 300, outside the range of int8 \[-128, 127\]"):
        scale(x, 1.0, 300, z, queue=serial)
    scale(x, 2.0, -3, z, queue=serial)
    np.testing.assert_array_equal(z, x * 2 - 3)


def test_queue_size_and_writability_are_part_of_the_layout(serial):
    fill = pk.ElementwiseKernel("raw T x", "T z", "z = x[i] + 1", "repeat_fill")
    calls = counted(fill)
    x, z = np.arange(5.0), np.zeros(5)
    fill(x, z, queue=serial)
    fill(x, z, queue=serial)
    assert calls[0] == 1
    other = pk.Queue(pk.device("cpu_serial"), blocking=True)
    fill(x, z, queue=other)  # another queue
    fill(x, z)  # none: the default queue
    assert calls[0] == 3
    np.testing.assert_array_equal(z, x + 1)
    # size= where every array is raw: a changed size is planned again, an unchanged one is not.
    copy = pk.ElementwiseKernel("raw T x", "raw T z", "z[i] = x[i] * 2", "repeat_raw_copy")
    copies = counted(copy)
    out = np.zeros(5)
    copy(x, out, size=3, queue=serial)
    copy(x, out, size=3, queue=serial)
    copy(x, out, size=5, queue=serial)
    assert copies[0] == 2
    np.testing.assert_array_equal(out, x * 2)
    # A read-only output after a writable one: planned, and refused as on a first call.
    frozen = z.copy()
    frozen.flags.writeable = False
    with pytest.raises(TypeError, match=r"output z is read-only"):
        fill(x, frozen, queue=serial)


def test_results_of_the_repeated_path_match_the_planned_path(serial):
    both = pk.ElementwiseKernel("T x", "T lo, T hi", "lo = x - 1; hi = x + 1", "repeat_two_outputs")
    quiet = pk.ElementwiseKernel("T x", "T y", "y = 2 * x", "repeat_quiet", no_return=True)
    single = pk.ElementwiseKernel("T x", "T y", "y = 2 * x", "repeat_tuple", return_tuple=True)
    x, lo, hi = np.arange(3.0), np.empty(3), np.empty(3)
    for _ in range(2):  # planned, then remembered: the same kind of result
        pair = both(x, lo, hi, queue=serial)
        assert isinstance(pair, tuple) and pair[0] is lo and pair[1] is hi
        assert quiet(x, hi, queue=serial) is None
        result = single(x, lo, queue=serial)
        assert isinstance(result, tuple) and len(result) == 1 and result[0] is lo
    np.testing.assert_array_equal(hi, 2 * x)
    with pytest.raises(TypeError, match=r"unexpected keyword argument\(s\) stream"):
        both(x, lo, hi, stream=None)


def test_buffers_on_a_cpu_device_are_remembered_by_their_layout(serial):
    add = pk.ElementwiseKernel("T x, T y", "T z", "z = x + y", "repeat_buffers")
    calls = counted(add)
    dev = serial.device
    x, y = pk.asarray(np.arange(8.0), device=dev), pk.asarray(np.ones(8), device=dev)
    z = pk.empty(dev, (8,), np.float64)
    add(x, y, z, queue=serial)
    add(x, y, z, queue=serial)
    assert calls[0] == 1
    np.testing.assert_array_equal(z.to_numpy(), np.arange(8.0) + 1)
    add(x[:4], y[:4], pk.empty(dev, (4,), np.float64), queue=serial)  # another shape
    assert calls[0] == 2


def test_threads_calling_one_kernel_with_different_layouts(serial):
    twice = pk.ElementwiseKernel("T x", "T y", "y = x + x", "repeat_threads")
    errors: list[BaseException] = []

    def work(n: int) -> None:
        queue = pk.Queue(pk.device("cpu_serial"), blocking=True)
        x = np.arange(n, dtype=np.float64 if n % 2 else np.float32)
        y = np.empty_like(x)
        try:
            for _ in range(200):
                twice(x, y, queue=queue)
                np.testing.assert_array_equal(y, 2 * x)
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in (3, 4, 5, 6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]
