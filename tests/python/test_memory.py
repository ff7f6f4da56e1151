# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Memory pools, queue-ordered and pinned buffers on every back-end (the stand-in CUDA driver's side is in
test_gpu_standin.py): reuse of released blocks, no reuse while queued work may still use a block, limits,
free_all, out-of-memory messages."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from contextlib import contextmanager

import numpy as np
import pytest

import pyalpaka as pk

MIB = 1 << 20


@pytest.fixture
def pool(device: pk.Device):
    """The device's pool with caching on (CPU devices cache only when asked) and nothing cached; restored after."""
    p = pk.memory_pool(device)
    caching, limit = p.caching, p.limit
    p.caching = True
    p.limit = None
    p.free_all()
    yield p
    p.limit = limit
    p.caching = caching
    p.free_all()


@contextmanager
def held_back(queue: pk.Queue):
    """Holds a non-blocking queue's later work back until the with-block ends (a host task waits for a gate)."""
    gate = threading.Event()
    queue.enqueue(gate.wait)
    try:
        yield
    finally:
        gate.set()
        queue.wait()


def test_pool_counts_used_and_held_bytes(device, pool):
    before = pool.used_bytes
    a = pk.empty(device, 1000, np.float32)  # 4000 bytes: the 4096-byte class
    assert pool.used_bytes == before + 4096 and pool.held_bytes >= pool.used_bytes
    del a
    assert pool.used_bytes == before and pool.cached_bytes >= 4096
    stats = pool.stats()
    assert stats["held_bytes"] == stats["used_bytes"] + stats["cached_bytes"]
    assert set(stats) >= {"requests", "reuses", "device_allocations", "device_frees", "out_of_memory_retries"}
    assert pool.device == device and pool.kind == "device" and str(device) in repr(pool)


def test_released_block_serves_the_next_buffer_of_its_size(device, pool):
    a = pk.empty(device, MIB // 4, np.float32)
    first = a.ptr
    del a
    reuses = pool.stats()["reuses"]
    for dtype in (np.float32, np.int32, np.uint8):
        b = pk.empty(device, MIB // np.dtype(dtype).itemsize, dtype)
        assert b.ptr == first
        del b
    assert pool.stats()["reuses"] == reuses + 3
    assert pool.free_all() >= MIB and pool.cached_bytes == 0


def test_block_is_not_reused_while_queued_work_still_reads_it(device, pool):
    q = pk.Queue(device, blocking=False)
    src = pk.zeros(device, MIB // 4, np.float32)
    dst = pk.empty(device, MIB // 4, np.float32)
    with held_back(q):
        pk.memcpy(q, dst, src)  # waits behind the gate: src is still to be read
        used = src.ptr
        del src
        other = pk.empty(device, MIB // 4, np.float32)
        assert other.ptr != used, "a block reused while a queue's copy may still read it"
    again = pk.empty(device, MIB // 4, np.float32)
    assert again.ptr == used


def test_queue_ordered_buffer_is_released_in_its_queues_order(device, pool):
    q = pk.Queue(device, blocking=False)
    other = pk.Queue(device, blocking=False)
    with held_back(q):
        a = pk.empty(device, (64, 64), np.float64, queue=q)
        used = a.ptr
        del a  # released in q's order: after the work q has been given so far, which waits behind the gate
        unordered = pk.empty(device, (64, 64), np.float64)
        on_other_queue = pk.empty(device, (64, 64), np.float64, queue=other)
        assert used not in (unordered.ptr, on_other_queue.ptr)
        same_queue = pk.empty(device, (64, 64), np.float64, queue=q)
        assert same_queue.ptr == used, "later work of the same queue may take the block at once"
        pk.memset(q, same_queue, 1)
        del same_queue
        del unordered, on_other_queue
    # Once q's work ran, any request may take it: three buffers alive at once use the three cached blocks.
    alive = [pk.empty(device, (64, 64), np.float64) for _ in range(3)]
    assert used in [b.ptr for b in alive]


def test_queue_ordered_buffers_reuse_one_block_in_queue_order(device, pool):
    q = pk.Queue(device, blocking=False)
    n = 4096
    results = [pk.empty(device, n, np.uint8) for _ in range(4)]
    pointers = set()
    with held_back(q):
        for value, result in enumerate(results, start=1):
            scratch = pk.empty(device, n, np.uint8, queue=q)  # the previous scratch's block: q runs in order
            pointers.add(scratch.ptr)
            pk.memset(q, scratch, value)
            pk.memcpy(q, result, scratch)
            del scratch  # q need not keep it: its release waits for q's work
    assert len(pointers) == 1
    for value, result in enumerate(results, start=1):
        assert np.array_equal(result.to_numpy(), np.full(n, value, np.uint8)), value


def test_queue_ordered_buffer_used_by_another_queue_is_kept_by_that_queue(device, pool):
    q, other = pk.Queue(device, blocking=False), pk.Queue(device, blocking=False)
    dst = pk.empty(device, 4096, np.uint8)
    with held_back(other):
        scratch = pk.zeros(device, 4096, np.uint8, queue=q)
        used = scratch.ptr
        pk.memcpy(other, dst, scratch)  # other's copy waits behind the gate
        del scratch
        q.wait()
        again = pk.empty(device, 4096, np.uint8, queue=q)
        assert again.ptr != used, "a block reused while another queue's copy may still read it"
    assert np.array_equal(dst.to_numpy(), np.zeros(4096, np.uint8))


def test_queue_ordered_buffers_hold_data_like_any_other(device, queue):
    a = pk.zeros(device, (3, 5), np.int32, queue=queue)
    b = pk.empty(device, (3, 5), np.int32, queue=queue)
    pk.memcpy(queue, b, a)
    assert np.array_equal(b.to_numpy(queue), np.zeros((3, 5), np.int32))
    with pytest.raises(TypeError, match="queue must be a pyalpaka Queue or None, got 3"):
        pk.empty(device, 4, queue=3)


def test_queue_of_another_device_cannot_order_a_buffer(device):
    others = [d for b in pk.backends() if b.available for d in pk.devices(b.name) if d != device]
    if not others:
        pytest.skip("one device only")
    with pytest.raises(ValueError, match=re.escape(f"a queue of {others[0]} cannot order a buffer on {device}")):
        pk.empty(device, 4, queue=pk.Queue(others[0]))


def test_limit_refuses_beyond_it_and_gives_cached_blocks_back(device, pool):
    a = pk.empty(device, MIB, np.uint8)
    del a
    assert pool.cached_bytes >= MIB
    base = pool.used_bytes  # buffers other tests of this process may still hold on the device
    pool.limit = base + MIB // 2  # below what is held: the cache is given back at once
    assert pool.limit == base + MIB // 2 and pool.cached_bytes == 0
    small = pk.empty(device, MIB // 4, np.uint8)
    with pytest.raises(MemoryError, match=r"memory pool's limit of .* would be exceeded \(the pool holds .* in use"):
        pk.empty(device, MIB // 2, np.uint8)
    del small
    pool.limit = 0.5
    assert pool.limit == device.memory_bytes // 2
    pool.limit = None
    assert pool.limit is None


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (0, ValueError, "a memory pool limit of 0 bytes allows nothing: use None for no bound"),
        (-1, ValueError, "a memory pool limit must not be negative, got -1"),
        (1.5, ValueError, r"a fraction of the device's memory in \(0, 1\], got 1.5"),
        (0.0, ValueError, r"a fraction of the device's memory in \(0, 1\], got 0.0"),
        ("1GB", TypeError, "a memory pool limit is an int .* or None, got '1GB'"),
        (1 << 64, ValueError, "a memory pool limit must be below 2\\*\\*64"),
    ],
)
def test_bad_limits_are_refused_by_name(cpu, value, error, message):
    pool = pk.memory_pool(cpu)
    with pytest.raises(error, match=message):
        pool.limit = value
    assert pool.limit is None


def test_memory_pool_kind_is_checked(cpu):
    with pytest.raises(ValueError, match="memory_pool: kind is 'device' or 'pinned', got 'host'"):
        pk.memory_pool(cpu, "host")
    assert pk.memory_pool(cpu, "pinned").kind == "pinned"


def test_out_of_memory_names_the_request_the_device_and_the_pool(device, pool):
    keep = pk.empty(device, 1000, np.uint8)
    with pytest.raises(MemoryError) as caught:
        pk.empty(device, 1 << 60, np.uint8)
    message = str(caught.value)
    assert f"cannot allocate {1 << 60} bytes on" in message and f"{device.backend}:{device.index}" in message
    assert re.search(r"the pool holds \S+ \S+ in use and \S+ \S+ cached in \d+ blocks?", message), message
    del keep


def test_pinned_buffer_is_host_memory_numpy_sees_without_copy(device, queue):
    h = pk.pinned((6, 7), np.float32, device=device)
    assert h.device.is_host and h.is_pinned == (not device.is_host)
    view = np.asarray(h)
    view[...] = np.arange(42, dtype=np.float32).reshape(6, 7)
    assert view.ctypes.data == h.ptr and np.asarray(h)[5, 6] == 41
    d = pk.empty(device, (6, 7), np.float32)
    pk.memcpy(queue, d, h)
    back = pk.pinned((6, 7), np.float32, device=device)
    pk.memcpy(queue, back, d)
    queue.wait()
    assert np.array_equal(np.asarray(back), view)


def test_pinned_without_a_gpu_is_plain_host_memory(cpu):
    h = pk.pinned(5, np.int64, device=cpu)
    assert not h.is_pinned and h.device.is_host and h.shape == (5,) and h.dtype == np.int64


def test_info_shows_each_devices_pool():
    out = subprocess.run(
        [sys.executable, "-m", "pyalpaka", "info"], capture_output=True, text=True, check=True, timeout=300
    ).stdout
    assert "memory pool: " in out and "used" in out and "held" in out
