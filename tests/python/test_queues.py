# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Queues and events: host tasks in order, errors raised by host tasks, events across queues, threads."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

import pyalpaka as pk

#: How long a test waits for something that should happen at once before it fails instead of hanging.
PATIENCE_S = 10


class TaskError(Exception):
    """An exception type of the tests' own, so that its arrival at wait() cannot be a coincidence."""


def test_queue_attributes(cpu):
    q = pk.Queue(cpu)
    assert q.device == cpu
    assert q.blocking is False  # the default
    assert repr(q) == f"Queue({cpu}, blocking=False)"
    b = pk.Queue(device=cpu, blocking=True)
    assert b.blocking is True
    assert repr(b) == f"Queue({cpu}, blocking=True)"


def test_host_tasks_run_in_order(queue):
    assert queue.empty
    seen = []
    for i in range(20):
        queue.enqueue(lambda i=i: seen.append(i))
    queue.wait()
    assert seen == list(range(20))
    assert queue.empty


def test_a_copy_from_host_memory_sees_what_earlier_host_tasks_wrote(device, queue):
    # On a GPU the driver may read pageable host memory when the copy is enqueued; the queue must not let it read
    # before the host tasks enqueued ahead of it ran (seen on an H200 before the queue waited for them).
    n = 1 << 16
    host = np.empty(n, np.int32)
    buf = pk.empty(device, n, np.int32)
    out = np.empty(n, np.int32)
    for round_ in range(10):
        host.fill(-1)
        queue.enqueue(lambda: time.sleep(0.001))  # the host tasks after it run late
        pk.memset(queue, host, 0)  # NumPy memory: a host task on a GPU queue
        queue.enqueue(lambda r=round_: host.__setitem__(slice(0, 4), r))
        pk.memcpy(queue, buf, host)
        pk.memcpy(queue, out, buf)
        queue.wait()
        assert (out[:4] == round_).all() and not out[4:].any(), out[:8]


def test_blocking_queue_runs_tasks_before_enqueue_returns(cpu):
    q = pk.Queue(cpu, blocking=True)
    seen = []
    q.enqueue(lambda: seen.append(1))
    assert seen == [1]
    assert q.empty


@pytest.mark.parametrize("blocking", [True, False], ids=["blocking", "nonblocking"])
def test_with_waits_on_exit(cpu, blocking):
    seen = []
    with pk.Queue(cpu, blocking=blocking) as q:
        assert isinstance(q, pk.Queue)
        q.enqueue(lambda: (time.sleep(0.01), seen.append("done")))
    assert seen == ["done"]


def test_with_lets_the_block_exception_through(cpu):
    seen = []
    with pytest.raises(KeyError, match="from the block"), pk.Queue(cpu) as q:  # noqa: PT012 (raised inside q's block)
        q.enqueue(lambda: seen.append("ran"))
        raise KeyError("from the block")
    assert seen == ["ran"]  # __exit__ still waited


def test_with_raises_a_task_error_on_exit(cpu):
    def fail():
        raise TaskError("task failed in a with block")

    with pytest.raises(TaskError, match="task failed in a with block"), pk.Queue(cpu) as q:
        q.enqueue(fail)


def test_host_task_exception_reaches_wait_and_queue_stays_usable(queue):
    def fail():
        raise TaskError("host task 3 failed")

    seen = []
    if queue.blocking:
        # The task runs in enqueue, which raises it at once.
        with pytest.raises(TaskError, match=r"^host task 3 failed$"):
            queue.enqueue(fail)
    else:
        queue.enqueue(fail)
        with pytest.raises(TaskError, match=r"^host task 3 failed$"):
            queue.wait()
    queue.wait()  # reported once: the next wait is clean
    queue.enqueue(lambda: seen.append("after"))
    queue.wait()
    assert seen == ["after"]
    assert queue.empty


def test_only_the_first_error_since_the_last_wait_is_raised(cpu):
    q = pk.Queue(cpu, blocking=False)
    seen = []

    def fail(text):
        raise TaskError(text)

    q.enqueue(lambda: fail("first"))
    q.enqueue(lambda: seen.append("between"))
    q.enqueue(lambda: fail("second"))
    with pytest.raises(TaskError, match=r"^first$"):
        q.wait()
    q.wait()
    assert seen == ["between"]  # later tasks still ran


@pytest.mark.parametrize("work", [3, "text", None], ids=["int", "str", "None"])
def test_enqueue_needs_a_callable_or_event(cpu, work):
    q = pk.Queue(cpu)
    with pytest.raises(
        TypeError, match=f"Queue.enqueue takes an Event, a Graph or a callable \\(a host task\\), got {work!r}"
    ):
        q.enqueue(work)
    q.enqueue(lambda: None)  # still usable
    q.wait()


def test_event_never_enqueued_is_complete(cpu):
    ev = pk.Event(cpu)
    assert ev.is_complete
    assert ev.device == cpu
    ev.wait()  # returns at once
    assert repr(ev) == f"Event({cpu}, complete=True)"


def test_event_and_empty_follow_a_held_queue(device):
    """A non-blocking queue held by a host task: not empty, its event incomplete, until the task ends."""
    q = pk.Queue(device, blocking=False)
    gate = threading.Event()
    ev = pk.Event(device)
    q.enqueue(lambda: gate.wait(PATIENCE_S))
    q.enqueue(ev)
    assert not q.empty
    assert not ev.is_complete
    assert repr(ev) == f"Event({device}, complete=False)"
    gate.set()
    ev.wait()
    assert ev.is_complete
    q.wait()
    assert q.empty
    # Recorded again, the event is incomplete until the queue reaches the new position.
    q.enqueue(lambda: gate.wait(PATIENCE_S))
    q.enqueue(ev)
    ev.wait()
    assert ev.is_complete


def test_empty_once_the_event_recorded_last_is_complete(device, queue):
    """Issue 59: once the event recorded last is complete, the queue is empty. On the CPU back-ends it was not, in
    4-37 of 3,000 rounds: the worker reached the event before it counted the event's task done."""
    buf = pk.empty(device, 16, np.int32)
    ev = pk.Event(device)
    rounds = 2000
    ran = []
    not_empty = 0
    for i in range(rounds):
        # Device work (a memset) in most rounds, a host task in every fourth; then the event.
        if i % 4 == 3:
            queue.enqueue(lambda: ran.append(1))
        else:
            pk.memset(queue, buf, i % 256)
        queue.enqueue(ev)
        # Both ways to see the event complete: wait for it, or poll it.
        if i % 2 == 0:
            ev.wait()
        else:
            deadline = time.monotonic() + PATIENCE_S
            while not ev.is_complete:
                assert time.monotonic() < deadline, "the event was never reached"
                time.sleep(0)  # lets a host task on the queue's worker take the GIL
        if not queue.empty:
            not_empty += 1
    queue.wait()
    assert not_empty == 0, f"{not_empty} of {rounds} rounds found the queue busy after its last event"
    assert len(ran) == rounds // 4
    assert queue.empty


def test_wait_for_orders_two_queues(device):
    """Work enqueued after wait_for(ev) in a second queue runs after the first queue reached ev."""
    for second_blocking in (False, True):
        first = pk.Queue(device, blocking=False)
        second = pk.Queue(device, blocking=second_blocking)
        gate = threading.Event()
        order = []

        def held_task(gate=gate, order=order):
            assert gate.wait(PATIENCE_S), "the test never opened the gate"
            order.append("first")

        first.enqueue(held_task)
        ev = pk.Event(device)
        first.enqueue(ev)
        assert not ev.is_complete
        if second_blocking:
            # A blocking queue waits for the event in the calling thread, so someone else opens the gate.
            opener = threading.Timer(0.05, gate.set)
            opener.start()
            second.wait_for(ev)
            assert order == ["first"]
            second.enqueue(lambda order=order: order.append("second"))
            opener.join()
        else:
            second.wait_for(ev)  # returns at once
            second.enqueue(lambda order=order: order.append("second"))
            time.sleep(0.05)
            assert order == []  # the second queue is held by the event
            assert not second.empty
            gate.set()
        second.wait()
        first.wait()
        assert order == ["first", "second"], f"second queue blocking={second_blocking}"


@pytest.mark.parametrize("blocking", [True, False], ids=["blocking", "nonblocking"])
def test_wait_for_a_complete_event_does_not_wait(cpu, blocking):
    q = pk.Queue(cpu, blocking=blocking)
    ev = pk.Event(cpu)
    q.wait_for(ev)
    seen = []
    q.enqueue(lambda: seen.append(1))
    q.wait()
    assert seen == [1]


def test_threads_with_their_own_queues(device):
    """Several Python threads, each with a queue of its own, launch kernels at the same time."""
    n = 2000
    threads = 4
    results: dict[int, np.ndarray] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def worker(t: int) -> None:
        try:
            q = pk.Queue(device, blocking=t % 2 == 0)
            wd = pk.valid_workdiv(device, n)
            x = pk.empty(device, n, np.float64)
            y = pk.empty(device, n, np.float64)
            start.wait(PATIENCE_S)
            for _ in range(5):
                pk.kernels.iota(q, wd, x, float(t), n)
                pk.kernels.fill(q, wd, y, 1.0, n)
                pk.kernels.axpy(q, wd, float(t + 1), x, y, n)
            results[t] = y.to_numpy(q)
        except BaseException as e:  # noqa: BLE001 (reported by the main thread)
            errors.append(e)

    workers = [threading.Thread(target=worker, args=(t,)) for t in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(PATIENCE_S * 3)
    assert not any(w.is_alive() for w in workers), "a worker thread hangs"
    assert not errors, errors
    for t in range(threads):
        expected = (t + 1) * (t + np.arange(n, dtype=np.float64)) + 1.0
        np.testing.assert_array_equal(results[t], expected)


def test_device_wait_waits_for_its_queues(cpu):
    q = pk.Queue(cpu, blocking=False)
    seen = []
    q.enqueue(lambda: (time.sleep(0.02), seen.append(1)))
    cpu.wait()
    assert seen == [1]
    q.wait()
