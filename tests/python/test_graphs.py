# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Launch graphs (docs/graphs.md): ``with q.capture() as graph:`` records a queue's operations, ``graph.launch(q)``
replays.

Each test runs on blocking and non-blocking queues of every available back-end: a multi-kernel time-stepping loop
replayed gives the eager loop's results (shipped and run-time compiled kernels, copies, fills, host tasks); graphs
replay many times, on two queues, inside other captures; events in graphs; and every error: capturing a busy queue,
waiting inside a capture, launching on another device's queue, launching a graph whose capture failed.
"""

from __future__ import annotations

import gc
import threading
import weakref

import numpy as np
import pytest

import pyalpaka as pk

from _support import AXPY

N = 1000
STEPS = 20


def heat_step_source() -> str:
    return r"""
struct HeatStep
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* cur, float* next, std::size_t n, float alpha) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            next[i] = (i == 0 || i + 1 == n) ? cur[i] : cur[i] + alpha * (cur[i - 1] - 2.0f * cur[i] + cur[i + 1]);
    }
};
"""


@pytest.fixture(scope="module")
def heat_kernel(module_kernel_cache) -> pk.Kernel:
    return pk.Kernel(heat_step_source(), "HeatStep")


@pytest.fixture(scope="module")
def axpy_kernel(module_kernel_cache) -> pk.Kernel:
    return pk.Kernel(AXPY, "Axpy")


class Heat:
    """A 1-D heat loop, three operations per step: a run-time compiled stencil, a copy back, a shipped axpy."""

    def __init__(self, device, queue, heat_kernel, axpy_kernel) -> None:
        self.device, self.queue = device, queue
        self.heat, self.axpy = heat_kernel, axpy_kernel
        init = np.zeros(N, np.float32)
        init[::7] = 1.0
        self.cur = pk.empty(device, N, np.float32)
        self.next = pk.empty(device, N, np.float32)
        self.total = pk.empty(device, N, np.float32)
        pk.memcpy(queue, self.cur, init)
        pk.memset(queue, self.total, 0)
        queue.wait()
        self.wd = pk.valid_workdiv(device, N)

    def step(self) -> None:
        q = self.queue
        self.heat(q, self.wd, self.cur, self.next, np.uint64(N), np.float32(0.2))
        pk.memcpy(q, self.cur, self.next)
        pk.kernels.axpy(q, self.wd, np.float32(1.0), self.cur, self.total, N)

    def result(self) -> tuple[np.ndarray, np.ndarray]:
        return self.cur.to_numpy(self.queue), self.total.to_numpy(self.queue)


def test_replay_matches_eager_time_stepping(device, queue, heat_kernel, axpy_kernel):
    eager = Heat(device, queue, heat_kernel, axpy_kernel)
    for _ in range(STEPS):
        eager.step()
    expected = eager.result()

    replayed = Heat(device, queue, heat_kernel, axpy_kernel)
    with queue.capture() as graph:
        assert queue.capturing
        replayed.step()
    assert not queue.capturing
    assert len(graph) == 3
    assert graph.device == device
    assert "nodes=3" in repr(graph)
    # Capturing ran nothing.
    np.testing.assert_array_equal(replayed.result()[1], np.zeros(N, np.float32))
    for _ in range(STEPS):
        graph.launch(queue)
    got = replayed.result()
    np.testing.assert_array_equal(got[0], expected[0])
    np.testing.assert_array_equal(got[1], expected[1])


def test_graph_replays_many_times_in_queue_order(device, queue):
    seen: list[int] = []
    with queue.capture() as graph:
        queue.enqueue(lambda: seen.append(1))
        queue.enqueue(lambda: seen.append(2))
    assert seen == []
    queue.enqueue(lambda: seen.append(0))
    for _ in range(500):
        graph.launch(queue)
    queue.enqueue(graph)  # Queue.enqueue(graph) is graph.launch(queue)
    queue.enqueue(lambda: seen.append(3))
    queue.wait()
    assert seen == [0] + [1, 2] * 501 + [3]


def test_blocking_launch_returns_after_the_work(device):
    q = pk.Queue(device, blocking=True)
    x = pk.empty(device, N, np.float32)
    with q.capture() as graph:
        pk.kernels.fill(q, pk.valid_workdiv(device, N), x, np.float32(5), N)
    graph.launch(q)
    assert q.empty
    np.testing.assert_array_equal(x.to_numpy(q), np.full(N, 5, np.float32))


def test_graph_on_two_queues_of_the_device(device, queue):
    x = pk.empty(device, N, np.int32)
    pk.memset(queue, x, 0)
    queue.wait()
    wd = pk.valid_workdiv(device, N)
    with queue.capture() as graph:
        pk.kernels.iota(queue, wd, x, np.int32(3), N)
    other = pk.Queue(device, blocking=not queue.blocking)
    graph.launch(other)
    other.wait()
    np.testing.assert_array_equal(x.to_numpy(queue), np.arange(3, 3 + N, dtype=np.int32))


def test_numpy_arrays_and_fills_are_recorded_by_reference(device, queue):
    if not device.is_host:
        pytest.skip("NumPy arrays as kernel operands: host devices only")
    host = np.zeros(N, np.float32)
    buf = pk.empty(device, N, np.float32)
    with queue.capture() as graph:
        pk.memset(queue, buf, 0)
        pk.memcpy(queue, host, buf)
    host[:] = 9
    graph.launch(queue)
    queue.wait()
    np.testing.assert_array_equal(host, np.zeros(N, np.float32))


def test_graph_keeps_its_operands_alive(device, queue):
    wd = pk.valid_workdiv(device, N)
    x = pk.empty(device, N, np.float32)
    watcher = weakref.ref(x)
    with queue.capture() as graph:
        pk.kernels.fill(queue, wd, x, np.float32(2), N)
    del x
    gc.collect()
    assert watcher() is not None  # the graph holds the buffer its replay writes
    graph.launch(queue)
    queue.wait()
    np.testing.assert_array_equal(watcher().to_numpy(queue), np.full(N, 2, np.float32))
    del graph
    gc.collect()
    assert watcher() is None


def test_a_graph_launched_while_capturing_is_one_node(device, queue):
    seen: list[str] = []
    with queue.capture() as inner:
        queue.enqueue(lambda: seen.append("a"))
        queue.enqueue(lambda: seen.append("b"))
    with queue.capture() as outer:
        queue.enqueue(lambda: seen.append("start"))
        inner.launch(queue)
        inner.launch(queue)
    assert len(outer) == 3
    outer.launch(queue)
    queue.wait()
    assert seen == ["start", "a", "b", "a", "b"]


def test_events_in_a_graph_are_reached_at_each_replay(device, queue):
    event = pk.Event(device)
    count = []
    with queue.capture() as graph:
        queue.enqueue(lambda: count.append(1))
        queue.enqueue(event)
    assert len(graph) == 2
    for replay in range(1, 4):
        graph.launch(queue)
        event.wait()
        assert len(count) == replay


def test_jit_kernel_first_compiled_during_capture(device, queue, module_kernel_cache):
    kernel = pk.Kernel(AXPY.replace("struct Axpy", "struct AxpyInCapture"), "AxpyInCapture")
    x = pk.empty(device, N, np.float64)
    y = pk.empty(device, N, np.float64)
    pk.memcpy(queue, x, np.ones(N))
    pk.memset(queue, y, 0)
    queue.wait()
    with queue.capture() as graph:
        kernel(queue, pk.valid_workdiv(device, N), 2.0, x, y, np.uint64(N))
    for _ in range(3):
        graph.launch(queue)
    np.testing.assert_array_equal(y.to_numpy(queue), np.full(N, 6.0))


def test_capturing_a_busy_queue_raises(device):
    q = pk.Queue(device, blocking=False)
    release = threading.Event()
    q.enqueue(lambda: release.wait(10))
    with pytest.raises(RuntimeError, match="still has work in flight"), q.capture():
        pass
    assert not q.capturing
    release.set()
    q.wait()
    with q.capture() as graph:  # usable again
        pass
    assert len(graph) == 0


def test_waiting_inside_a_capture_raises_and_the_capture_goes_on(device, queue):
    seen: list[int] = []
    with queue.capture() as graph:
        queue.enqueue(lambda: seen.append(1))
        with pytest.raises(RuntimeError, match="capturing a graph"):
            queue.wait()
        queue.enqueue(lambda: seen.append(2))
    assert len(graph) == 2
    graph.launch(queue)
    queue.wait()
    assert seen == [1, 2]


def test_capture_twice_raises(device, queue):
    with queue.capture(), pytest.raises(RuntimeError, match="already capturing"), queue.capture():
        pass
    assert not queue.capturing


def test_launch_on_another_devices_queue_raises(device, queue):
    others = [b.name for b in pk.backends() if b.available and b.name != device.backend]
    if not others:
        pytest.skip("only one back-end available")
    other = pk.Queue(pk.device(others[0]), blocking=queue.blocking)
    with queue.capture() as graph:
        queue.enqueue(lambda: None)
    with pytest.raises(TypeError, match="launch it on a queue of the device it was captured on"):
        graph.launch(other)
    with pytest.raises(TypeError, match="launch it on a queue of the device it was captured on"):
        other.enqueue(graph)
    other.wait()  # the queue stays usable
    graph.launch(queue)
    queue.wait()


def test_a_capture_that_raises_records_nothing(device, queue):
    with pytest.raises(ZeroDivisionError), queue.capture() as graph:  # noqa: PT012 (raised inside the capture)
        queue.enqueue(lambda: None)
        1 / 0  # noqa: B018 (the exception the capture sees)
    assert not queue.capturing
    assert len(graph) == 0
    with pytest.raises(RuntimeError, match="raised an exception"):
        graph.launch(queue)


def test_launching_a_graph_inside_its_own_capture_raises(device, queue):
    with queue.capture() as graph, pytest.raises(RuntimeError, match="still being captured"):
        graph.launch(queue)
    assert len(graph) == 0
    assert repr(graph).startswith("Graph(")


def test_a_failing_host_task_in_a_replay(device, queue):
    def fail():
        raise ValueError("node failed")

    with queue.capture() as graph:
        queue.enqueue(fail)
    if queue.blocking:
        with pytest.raises(ValueError, match="node failed"):
            graph.launch(queue)
    else:
        graph.launch(queue)
        with pytest.raises(ValueError, match="node failed"):
            queue.wait()
    queue.wait()  # reported once; the queue stays usable


def test_a_failing_host_task_of_a_graph_launched_inside_a_capture(device, queue):
    def fail():
        raise ValueError("inner node failed")

    with queue.capture() as inner:
        queue.enqueue(fail)
    with queue.capture() as outer:
        inner.launch(queue)
    del inner  # the outer graph keeps what the inner one's host node calls
    gc.collect()
    for _ in range(2):  # reported at every replay
        with pytest.raises(ValueError, match="inner node failed"):  # noqa: PT012 (launch or wait: blocking or not)
            outer.launch(queue)
            queue.wait()
    queue.wait()


def test_capture_context_is_entered_once(device, queue):
    capture = queue.capture()
    with capture:
        pass
    with pytest.raises(RuntimeError, match="entered once"), capture:
        pass
