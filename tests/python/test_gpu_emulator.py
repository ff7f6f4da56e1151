# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The emulated GPU (src/emulator/, docs/dev/testing-gpu.md).

Two kinds of tests. The driver-level ones load the emulator library with ctypes and call its CUDA driver entry points
directly: streams run their work on their own threads, events complete when their stream reaches them, a wait on
another stream's event waits, copies outside live blocks are refused with the range, the checking mode faults on a
use after free. They run in every pytest run. The back-end-level ones run where this process took the emulator for
its ``cuda`` back-end (``PYALPAKA_GPU_EMULATOR=cuda``, the emulator stage of the test command) and are skipped
elsewhere; the rest of the suite's ``cuda`` cases run on it there too.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk

PACKAGE = Path(pk.__file__).resolve().parent
LIBRARY = PACKAGE / "libpyalpaka_gpu_emulator.so"
PACKAGE_PARENT = PACKAGE.parent

pytestmark = pytest.mark.skipif(not LIBRARY.is_file(), reason=f"this build has no emulator library ({LIBRARY})")


def _emulated() -> pk.Device | None:
    """Device 0 of the GPU back-end that this process took the emulator for, if any."""
    for info in pk.backends():
        if info.name in ("cuda", "hip") and info.available and pk.device(info.name).emulated:
            return pk.device(info.name)
    return None


EMULATED = _emulated()
on_emulator = pytest.mark.skipif(
    EMULATED is None, reason="no back-end is the emulated GPU here (run with PYALPAKA_GPU_EMULATOR=cuda or hip)"
)


class Driver:
    """The emulator's driver entry points through ctypes, with the context current on the calling thread."""

    def __init__(self) -> None:
        self.lib = ctypes.CDLL(str(LIBRARY))
        self.lib.pyalpaka_gpu_emulator_detail.restype = ctypes.c_char_p
        self.check(self.lib.cuInit(0))
        context = ctypes.c_void_p()
        self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(context), 0))
        self.check(self.lib.cuCtxPushCurrent_v2(context))

    def check(self, status: int) -> None:
        assert status == 0, f"status {status}: {self.detail()}"

    def detail(self) -> str:
        return self.lib.pyalpaka_gpu_emulator_detail().decode()

    def stream(self) -> ctypes.c_void_p:
        s = ctypes.c_void_p()
        self.check(self.lib.cuStreamCreate(ctypes.byref(s), 1))
        return s

    def event(self) -> ctypes.c_void_p:
        e = ctypes.c_void_p()
        self.check(self.lib.cuEventCreate(ctypes.byref(e), 0))
        return e

    def alloc(self, nbytes: int) -> int:
        p = ctypes.c_ulonglong()
        self.check(self.lib.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(nbytes)))
        return p.value

    def memset(self, pointer: int, value: int, nbytes: int, stream) -> int:
        return self.lib.cuMemsetD8Async(
            ctypes.c_ulonglong(pointer), ctypes.c_ubyte(value), ctypes.c_size_t(nbytes), stream
        )


HOST_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


@pytest.fixture
def driver() -> Driver:
    return Driver()


def test_a_stream_runs_its_work_on_its_own_thread_in_order(driver):
    stream = driver.stream()
    seen: list[tuple[int, int]] = []

    def work(i: int) -> None:
        time.sleep(0.02 if i == 0 else 0)
        seen.append((i, threading.get_ident()))

    callbacks = [HOST_FN(lambda _, i=i: work(i)) for i in range(3)]
    start = time.perf_counter()
    for callback in callbacks:
        driver.check(driver.lib.cuLaunchHostFunc(stream, callback, None))
    assert time.perf_counter() - start < 0.015, "queuing waited for the work"
    assert driver.lib.cuStreamQuery(stream) == 600  # CUDA_ERROR_NOT_READY while it sleeps
    driver.check(driver.lib.cuStreamSynchronize(stream))
    assert [i for i, _ in seen] == [0, 1, 2]
    assert len({thread for _, thread in seen}) == 1 and seen[0][1] != threading.get_ident()
    driver.check(driver.lib.cuStreamQuery(stream))


def test_an_event_completes_when_its_stream_reaches_it_and_times_the_work(driver):
    stream = driver.stream()
    start, end = driver.event(), driver.event()
    sleep = HOST_FN(lambda _: time.sleep(0.05))
    driver.check(driver.lib.cuEventRecord(start, stream))
    driver.check(driver.lib.cuLaunchHostFunc(stream, sleep, None))
    driver.check(driver.lib.cuEventRecord(end, stream))
    assert driver.lib.cuEventQuery(end) == 600
    driver.check(driver.lib.cuEventSynchronize(end))
    driver.check(driver.lib.cuEventQuery(end))
    ms = ctypes.c_float()
    driver.check(driver.lib.cuEventElapsedTime(ctypes.byref(ms), start, end))
    assert 45 <= ms.value < 5000


def test_a_wait_on_another_streams_event_holds_the_stream_back(driver):
    first, second = driver.stream(), driver.stream()
    order: list[str] = []
    slow = HOST_FN(lambda _: (time.sleep(0.05), order.append("first")))
    after = HOST_FN(lambda _: order.append("second"))
    event = driver.event()
    driver.check(driver.lib.cuLaunchHostFunc(first, slow, None))
    driver.check(driver.lib.cuEventRecord(event, first))
    driver.check(driver.lib.cuStreamWaitEvent(second, event, 0))
    driver.check(driver.lib.cuLaunchHostFunc(second, after, None))
    driver.check(driver.lib.cuStreamSynchronize(second))
    assert order == ["first", "second"]


def test_new_device_memory_holds_a_pattern_not_zeros(driver):
    pointer = driver.alloc(4096)
    assert ctypes.string_at(pointer, 16) == b"\xcd" * 16
    driver.check(driver.lib.cuMemFree_v2(ctypes.c_ulonglong(pointer)))


def test_a_memset_beyond_its_block_is_refused_naming_the_range(driver):
    stream = driver.stream()
    pointer = driver.alloc(1000)
    assert driver.memset(pointer, 1, 1000, stream) == 0
    assert driver.memset(pointer + 8, 1, 1000, stream) == 1  # CUDA_ERROR_INVALID_VALUE
    assert "is not inside one live block of device memory" in driver.detail()
    assert f"0x{pointer + 8:x}" in driver.detail()
    driver.check(driver.lib.cuMemFree_v2(ctypes.c_ulonglong(pointer)))
    assert driver.memset(pointer, 1, 16, stream) == 1, "a freed block is not live"


def test_freeing_an_unknown_pointer_is_refused(driver):
    pointer = driver.alloc(64)
    assert driver.lib.cuMemFree_v2(ctypes.c_ulonglong(pointer + 16)) == 1
    assert "not the start of a live block" in driver.detail()
    driver.check(driver.lib.cuMemFree_v2(ctypes.c_ulonglong(pointer)))


def test_a_cubin_is_not_an_emulated_module(driver):
    module = ctypes.c_void_p()
    status = driver.lib.cuModuleLoadData(ctypes.byref(module), b"\x7fELF" + b"\0" * 64)
    assert status == 209  # CUDA_ERROR_NO_BINARY_FOR_GPU
    assert "not a module compiled for the emulated GPU" in driver.detail()


def test_calls_without_a_current_context_are_refused():
    lib = ctypes.CDLL(str(LIBRARY))
    lib.cuInit(0)
    stream = ctypes.c_void_p()
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(lib.cuStreamCreate(ctypes.byref(stream), 1)))
    thread.start()
    thread.join()
    assert result == [201]  # CUDA_ERROR_INVALID_CONTEXT


def _run(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(PACKAGE_PARENT), os.environ.get("PYTHONPATH")])),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], env=environment, capture_output=True, text=True, timeout=300
    )


def test_the_checking_mode_faults_on_a_use_after_free():
    script = f"""
        import ctypes
        lib = ctypes.CDLL({str(LIBRARY)!r})
        lib.cuInit(0)
        context = ctypes.c_void_p()
        lib.cuDevicePrimaryCtxRetain(ctypes.byref(context), 0)
        lib.cuCtxPushCurrent_v2(context)
        pointer = ctypes.c_ulonglong()
        assert lib.cuMemAlloc_v2(ctypes.byref(pointer), ctypes.c_size_t(100)) == 0
        ctypes.memset(pointer.value, 1, 100)
        assert lib.cuMemFree_v2(pointer) == 0
        print("freed", flush=True)
        ctypes.memset(pointer.value, 1, 1)
        print("not faulted")
    """
    plain = _run(script, PYALPAKA_GPU_EMULATOR_CHECK="0")
    assert plain.returncode == 0 and "not faulted" in plain.stdout, plain.stderr
    checked = _run(script, PYALPAKA_GPU_EMULATOR_CHECK="1")
    assert checked.returncode == -11 and checked.stdout.strip() == "freed", (checked.returncode, checked.stderr)


@on_emulator
def test_the_device_says_it_is_emulated_and_its_memory_goes_nowhere_else():
    device = EMULATED
    assert device.emulated and device.arch == "emulated" and "emulated" in device.name
    assert "emulated" in repr(device)
    q = pk.Queue(device)
    buf = pk.asarray(np.arange(8, dtype=np.float32), device=device, queue=q)
    with pytest.raises(BufferError, match="emulated GPU"):
        buf.__dlpack__()
    with pytest.raises(AttributeError, match="emulated GPU"):
        buf.__cuda_array_interface__  # noqa: B018
    assert not pk.device("cpu_serial").emulated


@on_emulator
def test_a_kernel_error_is_reported_by_the_next_wait_with_its_message():
    source = """
        struct Throws
        {
            template<typename TAcc>
            ALPAKA_FN_ACC void operator()(TAcc const&, int* out) const
            {
                out[0] = 1;
                throw std::runtime_error("thrown on the emulated GPU");
            }
        };
    """
    q = pk.Queue(EMULATED, blocking=False)
    out = pk.zeros(EMULATED, 1, np.int32, queue=q)
    pk.Kernel("#include <stdexcept>\n" + source, "Throws")(q, pk.WorkDiv((1,), (1,), (1,)), out)
    with pytest.raises(RuntimeError, match="thrown on the emulated GPU"):
        q.wait()
    q.wait()  # reported once: the stream goes on


_POOL_RACE = """
    import numpy as np
    import os
    import pyalpaka as pk
    device = pk.device(os.environ["PYALPAKA_GPU_EMULATOR"])
    assert device.emulated
    pool = pk.memory_pool(device)
    pool.caching = True
    a, b = pk.Queue(device, blocking=False), pk.Queue(device, blocking=False)
    n = 1 << 15
    wd = pk.valid_workdiv(device, grid_elems=(n,), thread_elems=(1,))
    bad = 0
    for round in range(40):
        x = pk.empty(device, n, np.float32, queue=a)  # queue-ordered on a
        pk.kernels.fill(a, wd, x, np.float32(1), n)
        del x  # released behind a's fill: fenced on a
        y = pk.empty(device, n, np.float32, queue=b)  # another queue: never x's block before a's fill ran
        pk.kernels.fill(b, wd, y, np.float32(2), n)
        a.wait()
        bad += int((y.to_numpy(b) != 2).any())
    print("corrupted rounds:", bad)
"""


@on_emulator
def test_a_dropped_pool_fence_corrupts_data_in_chaos_mode():
    """The proof that the emulator catches what it is for: with the memory pool's fences dropped
    (PYALPAKA_TEST_DROP_POOL_FENCES=1), a queue reuses a block that another queue's kernel is still to write, and in
    chaos mode that write lands after the new owner's: its data is wrong. With the fences, never."""
    env = {"PYALPAKA_GPU_EMULATOR": EMULATED.backend, "PYALPAKA_GPU_EMULATOR_SEED": "1"}
    fenced = _run(_POOL_RACE, **env, PYALPAKA_TEST_DROP_POOL_FENCES="0")
    assert fenced.returncode == 0, fenced.stderr
    assert "corrupted rounds: 0" in fenced.stdout
    dropped = _run(_POOL_RACE, **env, PYALPAKA_TEST_DROP_POOL_FENCES="1")
    assert dropped.returncode == 0, dropped.stderr
    assert "corrupted rounds: 0" not in dropped.stdout, dropped.stdout


def test_an_unknown_emulator_name_makes_both_gpu_back_ends_unavailable_saying_why():
    result = _run(
        """
        import pyalpaka as pk
        for b in pk.backends():
            if b.name in ("cuda", "hip"):
                print(b.name, b.available, b.reason)
        """,
        PYALPAKA_GPU_EMULATOR="rocm",
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2
    for line in lines:
        assert " False PYALPAKA_GPU_EMULATOR=rocm is not a back-end the emulated GPU stands for (cuda or hip)" in line
