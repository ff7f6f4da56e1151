# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
# One file: every case builds and loads the same stand-in libraries once per session (module fixtures).
"""The GPU back-ends' plumbing, run over STAND-IN libraries, not a GPU: a stand-in CUDA driver
(fake_cuda/fake_libcuda.c) for ``cuda`` and a stand-in HIP runtime (fake_hip/fake_libamdhip64.c, built over the same
fake) for ``hip``, also as ROCm 5.2's library, which lacks a few functions the runtime then replaces.

The stand-ins implement the calls pyalpaka makes on host memory (one device, "stand-in GPU": compute capability 9.0
for CUDA, gfx90a with 64-wide wavefronts for HIP; streams run operations at once; module loading fails with the API's
"no binary for the GPU" error, or, with FAKE_CUDA_MODULES=1, loads any module whose launches only record what they were
given). Each is compiled with ``cc`` into a temporary folder and selected with PYALPAKA_CUDA_DRIVER or
PYALPAKA_HIP_LIBRARY in a subprocess per test: the back-end list is built once per process, so the tests of this
process keep their own. Every test runs on each stand-in unless it is about something only one API has (PTX linking,
NVTX, cuda.h); the script a test runs sees BACKEND ("cuda" or "hip") and GPU (what the stand-in's device should look
like). What these tests cannot show (kernels running, real asynchrony) is covered by test_gpu_hardware.py, which runs
only where a GPU is.

One module: every test shares the stand-in libraries, compiled once per module.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import pyalpaka as pk

from _support import gpu_compiler_missing

HERE = Path(__file__).resolve().parent
# The folder this process imported pyalpaka from (a source tree with its built _core, or an installed
# site-packages), first on the child's import path: the repository's python/ folder has no _core when installed.
PACKAGE_PARENT = Path(pk.__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc) to build the stand-in driver")


@dataclasses.dataclass(frozen=True)
class StandIn:
    """A stand-in library and what its device looks like through pyalpaka."""

    backend: str
    variable: str  # the environment variable that selects the library
    source: str  # under tests/python
    defines: tuple[str, ...]
    arch: str
    compute_capability: tuple[int, int] | None
    accelerator: str
    warp: int
    multiprocessors: int
    shared_bytes: int
    block_extent_3d: tuple[int, int, int]  # alpaka's [z][y][x] order
    grid_extent_3d: tuple[int, int, int]
    module_load: str  # the API function that loads a module, in error messages
    no_binary: str  # the name of its "no binary for the GPU" error
    suffix: str  # of a compiled module
    dlpack: int  # DLPack device type
    compiler: str  # the run-time compiler


CUDA = StandIn(
    "cuda", "PYALPAKA_CUDA_DRIVER", "fake_cuda/fake_libcuda.c", (), "sm_90", (9, 0), "AccGpuCudaRt", 32, 132, 49152,
    (64, 1024, 1024), (65535, 65535, 2147483647), "cuModuleLoadData", "CUDA_ERROR_NO_BINARY_FOR_GPU", ".cubin", 2,
    "nvrtc",
)  # fmt: skip
HIP = dataclasses.replace(
    CUDA,
    backend="hip",
    variable="PYALPAKA_HIP_LIBRARY",
    source="fake_hip/fake_libamdhip64.c",
    arch="gfx90a",
    compute_capability=None,
    accelerator="AccGpuHipRt",
    warp=64,
    multiprocessors=104,
    shared_bytes=65536,
    block_extent_3d=(1024, 1024, 1024),
    grid_extent_3d=(65536, 65536, 2147483647),
    module_load="hipModuleLoadData",
    no_binary="hipErrorNoBinaryForGpu",
    suffix=".hsaco",
    dlpack=10,
    compiler="hiprtc",
)
# ROCm 5.2's libamdhip64 (Debian 12's): no hipLaunchHostFunc, hipEventRecordWithFlags,
# hipModuleLaunchCooperativeKernel or hipGetDevicePropertiesR0600.
HIP_ROCM52 = dataclasses.replace(HIP, defines=("-DFAKE_HIP_ROCM52",))
STANDINS = {"cuda": CUDA, "hip": HIP, "hip-rocm52": HIP_ROCM52}


@pytest.fixture(scope="module", params=["cuda", "hip", "hip-rocm52"])
def gpu(request) -> StandIn:
    """The stand-in a test runs on (tests about one API parametrize this with its name alone)."""
    return STANDINS[request.param]


_compiled: dict[str, Path] = {}


@pytest.fixture(scope="module")
def standin_driver(gpu, tmp_path_factory) -> Path:
    """The stand-in library of `gpu`, compiled for this test run."""
    key = gpu.source + " ".join(gpu.defines)
    if key not in _compiled:
        library = tmp_path_factory.mktemp("standin") / f"lib{gpu.backend}_standin.so"
        subprocess.run(
            ["cc", "-shared", "-fPIC", "-O1", *gpu.defines, "-o", str(library), str(HERE / gpu.source)],
            check=True,
            capture_output=True,
            text=True,
        )
        _compiled[key] = library
    return _compiled[key]


def run_with_driver(
    driver: str | Path,
    code: str,
    tmp_path: Path,
    *,
    gpu: StandIn = CUDA,
    check: bool = True,
    env: dict[str, str] | None = None,
) -> str:
    """Runs `code` (after ``import numpy as np, pyalpaka as pk`` and the definitions of BACKEND and GPU) with the
    stand-in library `driver` selected for `gpu` and the variables of `env`; returns stdout."""
    env = dict(os.environ, **(env or {}))
    env.pop("PYALPAKA_GPU_EMULATOR", None)  # it would take the stand-in's place (the emulator stage sets it)
    env[gpu.variable] = str(driver)
    env["PYALPAKA_CACHE_DIR"] = str(tmp_path / "cache")
    env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE_PARENT), str(HERE), *filter(None, [env.get("PYTHONPATH")])])
    fields = dataclasses.asdict(gpu)
    script = (
        "import types\nimport numpy as np\nimport pyalpaka as pk\n"
        f"BACKEND = {gpu.backend!r}\nGPU = types.SimpleNamespace(**{fields!r})\n" + textwrap.dedent(code)
    )
    result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=600)
    if check:
        assert result.returncode == 0, f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}"
    return result.stdout


@pytest.fixture
def standin(standin_driver, gpu, tmp_path):
    """run(code): runs code in a process whose `gpu` back-end uses the stand-in library."""
    return lambda code, **kwargs: run_with_driver(standin_driver, code, tmp_path, gpu=gpu, **kwargs)


only_cuda = pytest.mark.parametrize("gpu", ["cuda"], indirect=True)


def test_standin_makes_the_backend_available_with_its_device(standin):
    standin("""
        info = {b.name: b for b in pk.backends()}[BACKEND]
        assert info.available and info.reason == "", info
        devices = pk.devices(BACKEND)
        assert len(devices) == 1
        dev = pk.device(BACKEND)
        assert dev is devices[0] or dev == devices[0]
        assert (dev.backend, dev.index, dev.name, dev.accelerator) == (BACKEND, 0, "stand-in GPU", GPU.accelerator)
        assert not dev.is_host
        assert dev.arch == GPU.arch and dev.compute_capability == GPU.compute_capability
        assert dev.memory_bytes == 1 << 30 and dev.free_memory_bytes == 1 << 30
        assert dev.warp_sizes == (GPU.warp,)
        assert pk.device() == dev, "pk.device() prefers an available GPU"
        assert pk.device("cpu").backend != BACKEND
        assert pk.device("cpu_serial").arch is None and pk.device("cpu_serial").compute_capability is None
        try:
            pk.device(BACKEND + ":1")
        except IndexError as e:
            assert "has 1 device" in str(e)
        else:
            raise AssertionError("device 1 exists")
    """)


def test_standin_props_are_in_alpaka_order_and_workdivs_use_alpakas_algorithm(standin):
    standin("""
        dev = pk.device(BACKEND)
        p = dev.props
        assert p["block_thread_count_max"] == 1024 and p["multi_processor_count"] == GPU.multiprocessors
        assert p["shared_mem_size_bytes"] == GPU.shared_bytes and p["global_mem_size_bytes"] == 1 << 30
        assert p["block_thread_extent_max"] == (1024,) and p["grid_block_extent_max"] == (2147483647,)
        p3 = dev.props_for(3)
        # The API's x is alpaka's last index: CUDA's block (x, y, z) = (1024, 1024, 64) is (64, 1024, 1024) here
        assert p3["block_thread_extent_max"] == tuple(GPU.block_extent_3d)
        assert p3["grid_block_extent_max"] == tuple(GPU.grid_extent_3d)
        wd = pk.valid_workdiv(dev, grid_elems=(1 << 20,), thread_elems=(1,))
        assert wd.block_threads == (1024,) and wd.grid_blocks == (1024,)
        wd3 = pk.valid_workdiv(dev, grid_elems=(8, 64, 64), thread_elems=(1, 1, 1))
        assert wd3.dim == 3
        b = wd3.block_threads
        assert b[0] * b[1] * b[2] <= 1024 and b[0] <= GPU.block_extent_3d[0]
        z_beyond = 2 * GPU.block_extent_3d[0]
        for bad in (pk.WorkDiv(grid_blocks=(1,), block_threads=(2048,), thread_elems=(1,)),
                    pk.WorkDiv(grid_blocks=(1, 1, 1), block_threads=(z_beyond, 1, 1), thread_elems=(1, 1, 1))):
            try:
                pk.Kernel("struct K {};", "K")(pk.Queue(dev), bad)
            except ValueError as e:
                assert f"is not valid for '{BACKEND}'" in str(e), e
            else:
                raise AssertionError(f"{bad} accepted")
    """)


def test_standin_nonblocking_queue_releases_what_its_operations_kept(standin):
    standin("""
        import gc, weakref
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking=False)
        dst = pk.zeros(dev, (4,), np.float32, queue=q)
        q.wait()
        refs = []

        def copy_from_temporaries(count):  # each source referenced by the queue alone once copy() returned
            for i in range(count):
                src = np.full(4, len(refs), np.float32)
                refs.append(weakref.ref(src))
                pk.memcpy(q, dst, src)

        copy_from_temporaries(40)
        gc.collect()
        alive = [r() is not None for r in refs]
        # The stand-in runs each operation at once. An event follows every 16th operation and is read 16
        # submissions later at the latest: the first sources are released before any wait, the last are kept.
        assert not alive[0] and alive[-1], alive
        assert sum(alive) <= 32, alive
        assert q.empty
        gc.collect()
        assert not any(r() is not None for r in refs), "q.empty released nothing"
        assert np.array_equal(dst.to_numpy(q), np.full(4, 39, np.float32))
        copy_from_temporaries(3)
        gc.collect()
        assert all(r() is not None for r in refs[-3:]), "released before the queue was known to be done"
        q.wait()
        gc.collect()
        assert not any(r() is not None for r in refs)
    """)


@pytest.mark.parametrize("blocking", [True, False], ids=["blocking", "nonblocking"])
def test_standin_round_trips_1d_to_3d_and_strided(standin, blocking):
    standin(f"""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking={blocking})
        for shape in [(7,), (3, 5), (2, 3, 4), (2, 1, 3, 5)]:
            for dtype in (np.float32, np.int64, np.uint8, np.complex128):
                a = (np.arange(np.prod(shape)) % 251).astype(dtype).reshape(shape)
                buf = pk.asarray(a, device=dev, queue=q)
                assert buf.device == dev and buf.shape == shape and buf.dtype == np.dtype(dtype)
                assert np.array_equal(buf.to_numpy(q), a)
                assert np.array_equal(buf.to_numpy(), a)
        # strided host sources: slices in every dimension, a transposed array, a step in the last dimension
        base = np.arange(6 * 7 * 8, dtype=np.float64).reshape(6, 7, 8)
        for view in (base[1:5, 2:6, 3:7], base[::2, ::3], base.transpose(2, 0, 1), base[..., ::2], base[:, 3]):
            buf = pk.asarray(view, device=dev, queue=q)
            assert np.array_equal(buf.to_numpy(q), view), view.strides
        # device sub-buffers: a strided device source and destination
        whole = pk.asarray(base, device=dev, queue=q)
        part = whole[1:4, 2:5, 1:6]
        assert not part.is_contiguous
        assert np.array_equal(part.to_numpy(q), base[1:4, 2:5, 1:6])
        out = np.zeros((3, 3, 5))
        pk.memcpy(q, out, part)
        q.wait()
        assert np.array_equal(out, base[1:4, 2:5, 1:6])
        # into a strided device destination
        pk.memcpy(q, part, np.full((3, 3, 5), -1.0))
        expected = base.copy()
        expected[1:4, 2:5, 1:6] = -1.0
        assert np.array_equal(whole.to_numpy(q), expected)
        # into a strided host destination
        host = np.zeros((6, 7, 8))
        pk.memcpy(q, host[1:4, 2:5, 1:6], part)
        q.wait()
        assert np.array_equal(host[1:4, 2:5, 1:6], np.full((3, 3, 5), -1.0))
        assert host.sum() == -45
    """)


def test_standin_memset_zeros_and_extents(standin):
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        z = pk.zeros(dev, (4, 5), np.int32)
        assert np.array_equal(z.to_numpy(), np.zeros((4, 5), np.int32))
        z2 = pk.zeros(dev, (3, 3), np.float32, queue=q)
        q.wait()
        assert not z2.to_numpy(q).any()
        buf = pk.asarray(np.zeros((4, 6), np.uint8), device=dev, queue=q)
        pk.memset(q, buf, 7, extent=(2, 3))
        expected = np.zeros((4, 6), np.uint8)
        expected[:2, :3] = 7
        assert np.array_equal(buf.to_numpy(q), expected)
        pk.memset(q, buf[1:3, 2:5], 9)
        expected[1:3, 2:5] = 9
        assert np.array_equal(buf.to_numpy(q), expected)
        pk.memset(q, buf, 255)
        assert (buf.to_numpy(q) == 255).all()
        host = np.zeros(8, np.uint8)
        pk.memset(q, host, 3)  # host memory on a GPU queue: filled in queue order
        q.wait()
        assert (host == 3).all()
        for bad in (-1, 256):
            try:
                pk.memset(q, buf, bad)
            except ValueError:
                pass
            else:
                raise AssertionError(bad)
    """)


def test_standin_memcpy_host_device_device(standin):
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking=False)
        a = np.arange(30, dtype=np.float32).reshape(5, 6)
        d1 = pk.empty(dev, (5, 6), np.float32)
        d2 = pk.empty(dev, (5, 6), np.float32)
        pk.memcpy(q, d1, a)          # host -> device
        pk.memcpy(q, d2, d1)         # device -> device
        out = np.zeros_like(a)
        pk.memcpy(q, out, d2)        # device -> host
        q.wait()
        assert np.array_equal(out, a)
        part = np.zeros_like(a)
        pk.memcpy(q, part, d2, extent=(2, 4))
        q.wait()
        assert np.array_equal(part[:2, :4], a[:2, :4]) and not part[2:].any() and not part[:, 4:].any()
        # a CPU buffer as either end
        cpu = pk.asarray(np.zeros_like(a), device="cpu_serial")
        pk.memcpy(q, cpu, d1)
        q.wait()
        assert np.array_equal(np.asarray(cpu), a)
        back = pk.asarray(cpu, device=dev, queue=q)
        assert back.device == dev and np.array_equal(back.to_numpy(q), a)
        again = pk.asarray(d1, device="cpu_serial")
        assert again.device.backend == "cpu_serial" and np.array_equal(np.asarray(again), a)
        try:
            pk.memcpy(q, d1, np.zeros((5, 7), np.float32))
        except ValueError as e:
            assert "extent=" in str(e)
        else:
            raise AssertionError("shape mismatch accepted")
        try:
            pk.memcpy(q, d1, np.zeros((5, 6), np.float64))
        except TypeError as e:
            assert "dtype" in str(e)
        else:
            raise AssertionError("dtype mismatch accepted")
    """)


def test_standin_events_and_wait_for(standin):
    standin("""
        dev = pk.device(BACKEND)
        for blocking in (True, False):
            q1, q2 = pk.Queue(dev, blocking=blocking), pk.Queue(dev, blocking=blocking)
            ev = pk.Event(dev)
            assert ev.is_complete and ev.device == dev
            q1.enqueue(ev)
            q2.wait_for(ev)
            ev.wait()
            assert ev.is_complete
            q1.wait(); q2.wait()
            assert q1.empty and q2.empty
        cpu_event = pk.Event(pk.device("cpu_serial"))
        try:
            pk.Queue(dev).enqueue(cpu_event)
        except TypeError as e:
            assert "create the event on the queue's device" in str(e)
        else:
            raise AssertionError("an event of another device was accepted")
        try:
            pk.Queue(dev).wait_for(cpu_event)
        except TypeError:
            pass
        else:
            raise AssertionError("wait_for accepted an event of another device")
    """)


def test_standin_host_tasks_run_in_order_and_raise_at_wait(standin):
    standin("""
        dev = pk.device(BACKEND)
        order = []
        q = pk.Queue(dev, blocking=False)
        for i in range(5):
            q.enqueue(lambda i=i: order.append(i))
        q.wait()
        assert order == [0, 1, 2, 3, 4]

        def fail():
            raise KeyError("from the host task")

        q.enqueue(fail)
        q.enqueue(lambda: order.append("after"))
        try:
            q.wait()
        except KeyError as e:
            assert "from the host task" in str(e)
        else:
            raise AssertionError("the host task's exception was lost")
        assert order[-1] == "after"
        q.wait()  # reported once

        blocking = pk.Queue(dev, blocking=True)
        try:
            blocking.enqueue(fail)
        except KeyError:
            pass
        else:
            raise AssertionError("a blocking queue's host task exception was lost")
        with pk.Queue(dev) as q3:
            q3.enqueue(lambda: order.append("with"))
        assert order[-1] == "with"
    """)


def test_standin_cuda_array_interface_and_dlpack_device(standin):
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        buf = pk.asarray(np.arange(12, dtype=np.float32).reshape(3, 4), device=dev, queue=q)
        cai = buf.__cuda_array_interface__
        assert cai["version"] == 3 and cai["shape"] == (3, 4) and cai["typestr"] == "<f4"
        assert cai["data"] == (buf.ptr, False) and cai["strides"] == (16, 4)
        assert cai["stream"] is None  # the device's queues were waited for
        sub = buf[1:3, 1:3]
        assert sub.__cuda_array_interface__["data"][0] == buf.ptr + 16 + 4
        assert sub.__cuda_array_interface__["strides"] == (16, 4)
        assert buf.__dlpack_device__() == (GPU.dlpack, 0)  # kDLCUDA / kDLROCM, device 0
        capsule = buf.__dlpack__(stream=None)
        assert type(capsule).__name__ == "PyCapsule"
        buf.__dlpack__(stream=-1)
        buf.__dlpack__(stream=1)
        # DLPack import of CUDA memory: a buffer of the same device over the same memory
        again = pk.from_dlpack(buf)
        assert again.device == dev and again.ptr == buf.ptr and again.shape == (3, 4)
        assert np.array_equal(again.to_numpy(q), np.arange(12, dtype=np.float32).reshape(3, 4))
        strided = pk.from_dlpack(sub)
        assert strided.ptr == sub.ptr and strided.strides == (16, 4)
        host = pk.asarray(np.zeros(3, np.float32), device="cpu_serial")
        assert not hasattr(host, "__cuda_array_interface__")
        try:
            np.asarray(buf)
        except TypeError as e:
            assert "to_numpy" in str(e), e
        else:
            raise AssertionError("np.asarray read GPU memory")
    """)


def test_standin_bad_inputs_raise_clear_errors(standin):
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        wd = pk.WorkDiv(grid_blocks=(1,), block_threads=(32,), thread_elems=(1,))
        y = pk.zeros(dev, (10,), np.float32)
        host = np.ones(10, np.float32)
        try:
            pk.kernels.axpy(q, wd, np.float32(2), host, y, 10)
        except TypeError as e:
            assert "NumPy array" in str(e) and "pyalpaka.asarray" in str(e), e
            assert "argument 2 of pyalpaka.kernels.axpy" in str(e), e  # the name the user called
        else:
            raise AssertionError("a host array reached a GPU kernel")
        cpu_buf = pk.asarray(host, device="cpu_serial")
        try:
            pk.kernels.axpy(q, wd, np.float32(2), cpu_buf, y, 10)
        except TypeError as e:
            assert "cpu_serial:0" in str(e) and BACKEND + ":0" in str(e), e
            assert "argument 2 of pyalpaka.kernels.axpy" in str(e), e
        else:
            raise AssertionError("a buffer of another device reached a GPU kernel")
        # a CPU queue cannot reach device memory
        try:
            pk.memcpy(pk.Queue(pk.device("cpu_serial")), np.zeros(10, np.float32), y)
        except TypeError as e:
            assert BACKEND + ":0" in str(e) and "cannot reach" in str(e), e
        else:
            raise AssertionError("a CPU queue copied device memory")
        try:
            pk.empty(dev, (1 << 31,), np.float64)
        except MemoryError as e:
            assert "cannot allocate" in str(e) and "stand-in GPU" in str(e), e
        else:
            raise AssertionError("allocated beyond the device's memory")
    """)


def compiler_or_skip(gpu: StandIn) -> None:
    """Skips unless the run-time compiler of `gpu` is installed (launches compile for the stand-in's architecture)."""
    if missing := gpu_compiler_missing(gpu.backend):
        pytest.skip(missing)


def test_standin_kernel_launch_surfaces_the_module_load_error(standin, gpu):
    compiler_or_skip(gpu)
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        x = pk.asarray(np.ones(10, np.float32), device=dev, queue=q)
        y = pk.zeros(dev, (10,), np.float32)
        wd = pk.WorkDiv(grid_blocks=(1,), block_threads=(32,), thread_elems=(1,))
        axpy = pk.Kernel('''
            struct Axpy {
                template<typename TAcc, typename T>
                ALPAKA_FN_ACC void operator()(TAcc const& acc, T a, T const* x, T* y, std::size_t n) const {
                    for(auto i : alpaka::uniformElements(acc, n)) y[i] = a * x[i] + y[i];
                }
            };''', "Axpy")
        messages = []
        for launch in (lambda: axpy(q, wd, np.float32(2), x, y, 10),
                       lambda: pk.kernels.axpy(q, wd, np.float32(2), x, y, 10)):
            try:
                launch()
            except pk.Error as e:
                message = str(e)
                assert GPU.module_load in message and GPU.no_binary in message, message
                assert GPU.suffix in message and GPU.arch in message, message
                messages.append(message)
            else:
                raise AssertionError("a launch on the stand-in driver succeeded")
        # compiled through NVRTC or hiprtc for the device's architecture, into the cache
        types = pk._core.jit_argument_types(np.float32(2), x, y, 10)
        entry = axpy.compile(BACKEND, 1, types, arch=dev.arch)
        assert axpy.compile(dev, 1, types).path == entry.path  # a device compiles for its own architecture
        assert entry.path.is_file() and entry.path.suffix == GPU.suffix and str(entry.path) in messages[0]
        assert y.to_numpy(q).sum() == 0  # nothing ran
    """)


def test_standin_launch_maps_the_work_division_and_passes_the_arguments(standin, standin_driver, gpu):
    # FAKE_CUDA_MODULES=1: the stand-in loads any module, and its launches record what they were given.
    compiler_or_skip(gpu)
    standin(f"""
        import ctypes, gc, os, struct, weakref
        os.environ["FAKE_CUDA_MODULES"] = "1"

        class Launch(ctypes.Structure):
            _fields_ = [("grid", ctypes.c_uint * 3), ("block", ctypes.c_uint * 3), ("shared_bytes", ctypes.c_uint),
                        ("cooperative", ctypes.c_uint), ("params", ctypes.c_ulonglong * 8),
                        ("count", ctypes.c_ulonglong)]

        driver = ctypes.CDLL({str(standin_driver)!r})  # the library the back-end loaded: the same state
        last = Launch.in_dll(driver, "fake_cuda_last_launch")
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking=False)
        fill = pk.Kernel('''
            struct Fill2 {{
                template<typename TAcc>
                ALPAKA_FN_ACC void operator()(TAcc const&, float value, float* out, std::size_t n) const {{
                    if(n != 0) out[0] = value;  // never runs: the stand-in only records the launch
                }}
            }};''', "Fill2")
        out = pk.zeros(dev, (6,), np.float32, queue=q)
        # alpaka's [y][x] grid of 2 x 3 blocks of 4 x 5 threads is CUDA's grid (3, 2, 1) of blocks (5, 4, 1)
        fill(q, pk.WorkDiv(grid_blocks=(2, 3), block_threads=(4, 5), thread_elems=(1, 7)), np.float32(2.5), out, 6)
        assert list(last.grid) == [3, 2, 1] and list(last.block) == [5, 4, 1], (list(last.grid), list(last.block))
        assert last.shared_bytes == 0 and last.cooperative == 0 and last.count == 1
        # the thread-elements extent (alpaka::Vec<2, std::size_t>, its first value), then the arguments
        params = list(last.params)
        assert params[0] == 1
        assert struct.unpack("<f", params[1].to_bytes(8, "little")[:4])[0] == 2.5
        assert params[2] == out.__cuda_array_interface__["data"][0]
        assert params[3] == 6 and params[4] == 0
        # 40 launches on a non-blocking queue: a temporary argument is released at the latest by the wait
        for i in range(40):
            temporary = pk.zeros(dev, (6,), np.float32)
            ref = weakref.ref(temporary)
            fill(q, pk.WorkDiv(grid_blocks=(1,), block_threads=(32,), thread_elems=(1,)), np.float32(i), temporary, 6)
            del temporary
        assert last.count == 41 and list(last.grid) == [1, 1, 1] and list(last.block) == [32, 1, 1]
        q.wait()
        gc.collect()
        assert ref() is None, "the queue kept a launch's argument after the wait"
        assert driver.fake_cuda_context_depth() == 0
    """)


def test_standin_struct_arguments_reach_the_gpu_compiler(standin):
    # A struct argument on a cuda queue: checked and packed as on the CPU, then compiled by NVRTC (where it is
    # installed: the stand-in cannot load the module, which is the error then) with the struct as a parameter of the
    # __global__ entry. A structured value of another dtype is refused before anything is compiled.
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        y = pk.zeros(dev, (4,), np.float64)
        dt = np.dtype([("scale", np.float64), ("n", np.int32)], align=True)
        kernel = pk.Kernel('''
            struct Params { double scale; std::int32_t n; };
            struct Fill {
                template<typename TAcc>
                ALPAKA_FN_ACC void operator()(TAcc const& acc, Params p, double* y) const {
                    for(auto i : alpaka::uniformElements(acc, static_cast<std::size_t>(p.n))) y[i] = p.scale;
                }
            };''', "Fill", structs={"Params": dt})
        wd = pk.WorkDiv(grid_blocks=(1,), block_threads=(32,), thread_elems=(1,))
        try:
            kernel(q, wd, np.zeros((), np.dtype([("scale", np.float32)])), y)
        except TypeError as e:
            assert "argument 1 of Fill has the structured dtype" in str(e), e
        else:
            raise AssertionError("a struct of an unregistered dtype was accepted")
        try:
            kernel(q, wd, np.array((2.0, 4), dtype=dt)[()], y)
        except pk.BackendUnavailableError as e:
            assert GPU.compiler in str(e).lower(), e  # no run-time compiler here
        except pk.Error as e:
            assert GPU.no_binary in str(e) and GPU.suffix in str(e), e
        else:
            raise AssertionError("a launch on the stand-in driver succeeded")
        assert y.to_numpy(q).sum() == 0  # nothing ran
    """)


def test_standin_shipped_struct_kernel_reaches_the_gpu_compiler(standin):
    # pk.kernels.heat on a cuda queue: the struct value is checked against the shipped layout, then the kernel is
    # compiled from its shipped source by NVRTC with the struct registered (the stand-in cannot load the module).
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        grid, out = pk.zeros(dev, (12,), np.float32), pk.zeros(dev, (12,), np.float32)
        wd = pk.WorkDiv(grid_blocks=(1, 1), block_threads=(4, 8), thread_elems=(1, 1))
        params = pk.kernels.heat.structs["HeatParams"]
        try:
            pk.kernels.heat(q, wd, grid, out, np.zeros((), np.dtype([(n, params.fields[n][0]) for n in params.names])))
        except TypeError as e:
            assert "does not have the layout of the struct HeatParams" in str(e) and "align=True" in str(e), e
        else:
            raise AssertionError("a packed struct was accepted")
        try:
            pk.kernels.heat(q, wd, grid, out, np.array((0.5, 3, 4, 0.25), dtype=params)[()])
        except pk.BackendUnavailableError as e:
            assert GPU.compiler in str(e).lower(), e  # no run-time compiler here
        except pk.Error as e:
            assert GPU.no_binary in str(e) and GPU.suffix in str(e), e
        else:
            raise AssertionError("a launch on the stand-in driver succeeded")
        assert out.to_numpy(q).sum() == 0  # nothing ran
    """)


def test_standin_shipped_kernel_sizes_are_checked_before_compiling(standin):
    # pk.kernels on a GPU queue take the run-time compiled path (JitLauncher::callAs): sizes beyond a buffer are a
    # ValueError there too (issue 63), before a compiler or the driver is asked for anything, and nothing runs.
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        x, y = pk.zeros(dev, (10,), np.float32), pk.zeros(dev, (10,), np.float32)
        wd = pk.WorkDiv(grid_blocks=(1,), block_threads=(32,), thread_elems=(1,))
        try:
            pk.kernels.axpy(q, wd, np.float32(2), x, y[1:], 10)
        except ValueError as e:
            assert str(e) == "argument 3 (y) of pyalpaka.kernels.axpy holds 9 elements, n = 10 needs 10", e
        else:
            raise AssertionError("a size beyond a buffer reached the GPU")
        grid = pk.zeros(dev, (12,), np.float32)
        params = np.array((0.5, 4, 4, 0.25), dtype=pk.kernels.heat.structs["HeatParams"])[()]
        wd2 = pk.WorkDiv(grid_blocks=(1, 1), block_threads=(4, 8), thread_elems=(1, 1))
        try:
            pk.kernels.heat(q, wd2, grid, y, params)
        except ValueError as e:
            expected = ("argument 1 (in) of pyalpaka.kernels.heat holds 12 elements, "
                        "params.ny * params.nx = 4 * 4 needs 16")
            assert str(e) == expected, e
        else:
            raise AssertionError("a grid beyond its buffer reached the GPU")
        assert y.to_numpy(q).sum() == 0  # nothing ran
    """)


@pytest.mark.parametrize("gpu", [CUDA, HIP], ids=["cuda", "hip"])
def test_explicit_driver_path_that_does_not_load_names_the_variable(gpu, tmp_path):
    out = run_with_driver(
        tmp_path / "no-such-library.so",
        """
        info = {b.name: b for b in pk.backends()}[BACKEND]
        assert not info.available
        print(info.reason)
        try:
            pk.device(BACKEND)
        except pk.BackendUnavailableError as e:
            assert GPU.variable in str(e)
        else:
            raise AssertionError("an unavailable back-end gave a device")
    """,
        tmp_path,
        gpu=gpu,
    )
    assert f"{gpu.variable}=" in out and "no-such-library.so" in out


@pytest.mark.parametrize(
    ("gpu", "refusal"),
    [(CUDA, "is not a usable CUDA driver: it lacks cuInit"), (HIP, "is not a usable HIP runtime: it lacks hipInit")],
    ids=["cuda", "hip"],
)
def test_a_library_without_the_api_is_refused(gpu, refusal, tmp_path):
    out = run_with_driver(
        "libm.so.6",
        """
        print({b.name: b for b in pk.backends()}[BACKEND].reason)
    """,
        tmp_path,
        gpu=gpu,
    )
    assert refusal in out, out


@pytest.mark.parametrize("gpu", ["cuda", "hip"], indirect=True)
@pytest.mark.parametrize("blocking", [True, False], ids=["blocking", "nonblocking"])
def test_standin_graphs_capture_and_replay(standin, blocking):
    """Launch graphs over stream capture (cuStreamBeginCapture .. cuGraphLaunch); the stand-in replays the recorded
    copies, fills and host functions. Kernel nodes need a GPU (test_gpu_hardware.py)."""
    standin(f"""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking={blocking})
        buf = pk.empty(dev, 8, np.int32)
        host = np.zeros(8, np.int32)
        seen = []
        ev = pk.Event(dev)
        with q.capture() as graph:
            assert q.capturing and q.empty
            pk.memset(q, buf, 1)
            pk.memcpy(q, host, buf)
            q.enqueue(lambda: seen.append(host.copy()))
            q.enqueue(ev)
            try:
                q.wait()
            except RuntimeError as e:
                assert "capturing a graph" in str(e), e
            else:
                raise AssertionError("wait inside a capture")
        assert not q.capturing and len(graph) == 3 and graph.device == dev, (len(graph), graph)
        assert seen == [] and host.sum() == 0, "capturing ran the work"
        for _ in range(3):
            graph.launch(q)
        q.wait()
        assert len(seen) == 3 and all((h == 0x01010101).all() for h in seen)
        # graphs inside captures, Queue.enqueue(graph)
        with q.capture() as outer:
            q.enqueue(graph)
            graph.launch(q)
        assert len(outer) == 2
        outer.launch(q)
        q.wait()
        assert len(seen) == 5
        # a graph of another device
        cpu = pk.Queue(pk.device("cpu_serial"))
        with cpu.capture() as cpu_graph:
            cpu.enqueue(lambda: None)
        for launch in (lambda: cpu_graph.launch(q), lambda: graph.launch(cpu)):
            try:
                launch()
            except TypeError as e:
                assert "launch it on a queue of the device it was captured on" in str(e), e
            else:
                raise AssertionError("graph launched on another device")
        # a host task that raises during a replay is reported by the replaying queue
        def fail():
            raise ValueError("node failed")
        with q.capture() as failing:
            q.enqueue(fail)
        try:
            failing.launch(q)
            q.wait()
        except ValueError as e:
            assert "node failed" in str(e)
        else:
            raise AssertionError("the host node's error was lost")
        q.wait()
    """)


@pytest.mark.parametrize("gpu", ["hip-rocm52"], indirect=True)
def test_standin_rocm52_graphs_refuse_host_tasks_and_events_with_the_reason(standin):
    """ROCm 5.2 has neither hipLaunchHostFunc nor hipEventRecordWithFlags: host tasks run through stream callbacks
    outside graphs, and a capture refuses a host task or an event with an error naming what is missing; copies and
    fills are captured and replayed as on every other runtime."""
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking=False)
        seen = []
        q.enqueue(lambda: seen.append("outside"))
        q.wait()
        assert seen == ["outside"]
        for refused, missing in ((lambda: q.enqueue(lambda: None), "hipLaunchHostFunc"),
                                 (lambda: q.enqueue(pk.Event(dev)), "hipEventRecordWithFlags")):
            try:
                with q.capture():
                    refused()
            except pk.Error as e:
                assert missing in str(e) and "ROCm" in str(e), e
            else:
                raise AssertionError(f"captured what needs {missing}")
            assert not q.capturing
        buf = pk.empty(dev, 8, np.int32)
        host = np.zeros(8, np.int32)
        with q.capture() as graph:
            pk.memset(q, buf, 2)
            pk.memcpy(q, host, buf)
        graph.launch(q)
        q.wait()
        assert (host == 0x02020202).all()
    """)


def test_standin_contexts_are_balanced_and_memory_is_freed(standin, standin_driver):
    standin(f"""
        import ctypes, gc
        driver = ctypes.CDLL({str(standin_driver)!r})  # the library the back-end loaded: the same state
        dev = pk.device(BACKEND)
        before = driver.fake_cuda_live_allocations()
        q = pk.Queue(dev, blocking=False)
        bufs = [pk.asarray(np.ones((3, 4)), device=dev, queue=q) for _ in range(5)]
        pk.memset(q, bufs[0], 0)
        q.enqueue(lambda: None)
        ev = pk.Event(dev)
        q.enqueue(ev)
        q.wait()
        assert ev.is_complete and q.empty
        assert driver.fake_cuda_live_allocations() == before + 5
        del bufs
        gc.collect()
        q.wait()
        # Released buffers stay in the device's pool until free_all gives them back.
        assert driver.fake_cuda_live_allocations() == before + 5
        assert pk.memory_pool(dev).free_all() == 5 * 512
        assert driver.fake_cuda_live_allocations() == before, "buffers were not freed"
        assert driver.fake_cuda_context_depth() == 0, "a context push without its pop"
        try:
            pk.memset(q, pk.empty(dev, (4,)), 300)
        except ValueError:
            pass
        assert driver.fake_cuda_context_depth() == 0
    """)


def test_standin_pool_reuses_released_blocks_without_the_driver(standin, standin_driver):
    standin(f"""
        import ctypes
        driver = ctypes.CDLL({str(standin_driver)!r})
        dev = pk.device(BACKEND)
        pool = pk.memory_pool(dev)
        assert pool.caching and pool.limit is None and pool.kind == "device"
        a = pk.empty(dev, 1 << 18)  # 1 MiB
        first, live = a.ptr, driver.fake_cuda_live_allocations()
        assert pool.used_bytes == 1 << 20 and pool.held_bytes == 1 << 20
        del a
        assert pool.used_bytes == 0 and pool.held_bytes == 1 << 20 and pool.cached_bytes == 1 << 20
        for _ in range(100):
            b = pk.empty(dev, 1 << 18)
            assert b.ptr == first
            del b
        assert driver.fake_cuda_live_allocations() == live, "the pool asked the driver again"
        stats = pool.stats()
        assert stats["reuses"] == 100 and stats["device_allocations"] == 1, stats
        # A size of another class is a block of its own.
        c = pk.empty(dev, 3 << 18)
        assert c.ptr != first and driver.fake_cuda_live_allocations() == live + 1
        del c
        assert pool.free_all() == 4 << 20 and pool.held_bytes == 0
        assert driver.fake_cuda_live_allocations() == live - 1
        assert BACKEND + ":0" in repr(pool) and "held=0 B" in repr(pool)
    """)


def test_standin_pool_keeps_a_block_while_another_queue_may_still_read_it(standin):
    standin("""
        import os
        dev = pk.device(BACKEND)
        q2 = pk.Queue(dev, blocking=False)
        b = pk.zeros(dev, 1 << 18, queue=q2)  # queued on q2: the queue holds it until it knows the fill ran
        used = b.ptr
        del b
        c = pk.empty(dev, 1 << 18)
        assert c.ptr != used, "a block reused while q2 may still use it"
        q2.wait()  # now the fill has run and q2 lets go of the buffer
        d = pk.empty(dev, 1 << 18)
        assert d.ptr == used
    """)


def test_standin_queue_ordered_buffer_is_fenced_by_its_queue(standin):
    standin("""
        dev = pk.device(BACKEND)
        q = pk.Queue(dev, blocking=False)
        other = pk.Queue(dev, blocking=False)
        a = pk.empty(dev, (256, 256), np.float32, queue=q)
        pk.memset(q, a, 1)
        a_ptr = a.ptr
        q.wait()
        pk.memset(q, pk.zeros(dev, 4, queue=q), 0)  # q has work again, not yet counted done
        del a  # released in q's order: q's work may still use it
        b = pk.empty(dev, (256, 256), np.float32)
        assert b.ptr != a_ptr, "a queue-ordered block reused before its queue's work ran"
        c = pk.empty(dev, (256, 256), np.float32, queue=q)
        assert c.ptr == a_ptr, "later work of the same queue may take the block at once"
        del c
        d = pk.empty(dev, (256, 256), np.float32, queue=other)
        assert d.ptr != a_ptr
        q.wait()
        e = pk.empty(dev, (256, 256), np.float32)
        assert e.ptr == a_ptr
        try:
            pk.empty(dev, 4, queue=pk.Queue(pk.device("cpu_serial")))
        except ValueError as error:
            assert "cannot order a buffer on " + BACKEND + ":0" in str(error), error
        else:
            raise AssertionError("a CPU queue ordered a GPU buffer")
    """)


def test_standin_out_of_memory_frees_the_pool_then_names_what_it_holds(standin, standin_driver):
    standin(f"""
        import ctypes
        driver = ctypes.CDLL({str(standin_driver)!r})
        dev = pk.device(BACKEND)
        pool = pk.memory_pool(dev)
        a = pk.empty(dev, 600 << 20, np.uint8)
        del a  # cached: 600 MiB of the stand-in's 1 GiB
        b = pk.empty(dev, 700 << 20, np.uint8)  # the driver refuses, the pool gives its cache back and retries
        assert pool.stats()["out_of_memory_retries"] == 1 and pool.cached_bytes == 0
        try:
            pk.empty(dev, 400 << 20, np.uint8)
        except MemoryError as e:
            message = str(e)
            assert "cannot allocate 419430400 bytes on stand-in GPU (" + BACKEND + ":0)" in message, message
            assert "704.0 MiB in use and 0 B cached" in message, message  # 700 MiB, in its size class
        else:
            raise AssertionError("allocated beyond the device's memory")
        pool.limit = 0.75  # of 1 GiB
        assert pool.limit == 768 << 20
        try:
            pk.empty(dev, 100 << 20, np.uint8)
        except MemoryError as e:
            assert "limit of 768.0 MiB would be exceeded" in str(e), e
        else:
            raise AssertionError("allocated beyond the pool's limit")
        del b
        pool.limit = 1 << 20  # below what is cached: given back at once
        assert pool.held_bytes == 0 and driver.fake_cuda_live_allocations() == 0
        pool.limit = None
    """)


def test_standin_memory_pool_off_allocates_from_the_driver_each_time(standin_driver, gpu, tmp_path):
    code = f"""
        import ctypes
        driver = ctypes.CDLL({str(standin_driver)!r})
        dev = pk.device(BACKEND)
        pool = pk.memory_pool(dev)
        assert not pool.caching
        a = pk.empty(dev, 1000)
        assert driver.fake_cuda_live_allocations() == 1
        del a
        assert driver.fake_cuda_live_allocations() == 0 and pool.held_bytes == 0
        print(pool.stats()["device_frees"])
    """
    assert run_with_driver(standin_driver, code, tmp_path, gpu=gpu, env={"PYALPAKA_MEMORY_POOL": "0"}).strip() == "1"
    bad = """
        try:
            pk.device(BACKEND)
        except ValueError as e:
            print(e)
    """
    out = run_with_driver(standin_driver, bad, tmp_path, gpu=gpu, env={"PYALPAKA_MEMORY_POOL": "maybe"})
    expected = "PYALPAKA_MEMORY_POOL must be 1 (pool device memory, the default) or 0 (allocate directly), got 'maybe'"
    assert expected in out, out


def test_standin_pinned_buffers_are_page_locked_host_memory(standin, standin_driver):
    standin(f"""
        import ctypes
        driver = ctypes.CDLL({str(standin_driver)!r})
        dev = pk.device(BACKEND)
        h = pk.pinned((4, 5), np.float64, device=dev)
        assert h.is_pinned and h.device.is_host and h.shape == (4, 5) and "pinned=True" in repr(h)
        assert driver.fake_cuda_live_pinned_allocations() == 1
        view = np.asarray(h)  # zero-copy, like every host buffer
        view[...] = np.arange(20.0).reshape(4, 5)
        assert np.asarray(h)[3, 4] == 19.0 and view.ctypes.data == h.ptr
        q = pk.Queue(dev, blocking=False)
        d = pk.empty(dev, (4, 5), np.float64)
        pk.memcpy(q, d, h)
        back = pk.pinned((4, 5), np.float64, device=dev)
        pk.memcpy(q, back, d)
        q.wait()
        assert np.array_equal(np.asarray(back), view)
        assert h[1:3].is_pinned
        pinned_pool = pk.memory_pool(dev, "pinned")
        assert pinned_pool.used_bytes == 2 * 512
        del h, view, back
        assert pinned_pool.used_bytes == 0 and pinned_pool.free_all() == 2 * 512
        assert driver.fake_cuda_live_pinned_allocations() == 0
    """)


def compiles_against(include: Path, check: Path, *options: str) -> None:
    """Asserts that the compile-only ABI check `check` compiles, warning-free, against a vendor's headers in
    `include` and the runtime's own declarations; skips without a C++ compiler."""
    compiler = shutil.which("c++")
    if compiler is None:
        pytest.skip("no C++ compiler here")
    repository = HERE.parent.parent
    folders = [f"-I{repository / 'src'}", f"-I{repository / 'include'}", f"-I{include}"]
    result = subprocess.run(
        [compiler, "-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", *options, *folders, str(check)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def test_driver_declarations_match_the_toolkits_cuda_h():
    """GpuApi.hpp and CudaAbi.hpp declare the driver API themselves (the package builds without the toolkit); where
    cuda.h is installed, a compile-only check compares layouts, constants and entry points with it."""
    cuda_h = next(
        (
            Path(d) / "include" / "cuda.h"
            for d in (os.environ.get("CUDA_HOME", ""), "/usr/local/cuda")
            if d and (Path(d) / "include" / "cuda.h").is_file()
        ),
        None,
    )
    if cuda_h is None:
        pytest.skip("no CUDA toolkit headers (cuda.h) here")
    compiles_against(cuda_h.parent, HERE / "fake_cuda" / "check_driver_abi.cpp")


def test_hip_declarations_match_rocms_hip_runtime_api_h():
    """GpuApi.hpp and HipAbi.hpp declare what the HIP back-end uses of the HIP runtime themselves (the package builds
    without ROCm); where ROCm's hip_runtime_api.h is installed, a compile-only check compares enumerators, layouts
    and the signatures of every function HipApi.cpp binds with it."""
    roots = [os.environ.get("ROCM_PATH", ""), "/opt/rocm", "/usr"]
    include = next(
        (Path(r) / "include" for r in roots if r and (Path(r) / "include/hip/hip_runtime_api.h").is_file()), None
    )
    if include is None:
        pytest.skip("no ROCm headers (hip/hip_runtime_api.h) here")
    compiles_against(include, HERE / "fake_hip" / "check_hip_abi.cpp", "-D__HIP_PLATFORM_AMD__")


STANDIN_AXPY = """
    struct Axpy {
        template<typename TAcc, typename T>
        ALPAKA_FN_ACC void operator()(TAcc const& acc, T a, T const* x, T* y, std::size_t n) const {
            for(auto i : alpaka::uniformElements(acc, n)) y[i] = a * x[i] + y[i];
        }
    };"""


@only_cuda
def test_standin_compiling_without_an_opened_device_opens_none(standin, standin_driver, gpu):
    # Compiling for an architecture before any device was opened: NVRTC's own CUBIN, and no GPU context is created
    # for the driver's PTX compiler (a context costs hundreds of megabytes of a GPU's memory).
    compiler_or_skip(gpu)
    standin(f"""
        import ctypes
        driver = ctypes.CDLL({str(standin_driver)!r})
        entry = pk.Kernel({STANDIN_AXPY!r}, "Axpy").compile("cuda", 1, ["float", "float const*", "float*",
                                                                        "std::size_t"], arch="sm_90")
        assert entry.path.read_bytes().startswith(b"\\x7fELF")
        assert driver.fake_cuda_primary_retains() == 0
    """)


@only_cuda
def test_standin_jit_module_is_the_drivers_link_of_the_stripped_ptx(standin, gpu):
    # With a device of the architecture opened, NVRTC writes PTX, _ptx.py removes the module variables that nothing
    # uses (CCCL's and alpaka's constexpr members under -default-device), and the driver compiles the rest: the
    # stand-in's "CUBIN" is the PTX it was given. PYALPAKA_PTX_LINK=0 keeps NVRTC's own CUBIN (an ELF file).
    compiler_or_skip(gpu)
    standin(f"""
        import json, os
        os.environ["FAKE_CUDA_MODULES"] = "1"
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        x, y = pk.zeros(dev, (8,), np.float32, queue=q), pk.zeros(dev, (8,), np.float32, queue=q)
        axpy = pk.Kernel({STANDIN_AXPY!r}, "Axpy")
        types = pk._core.jit_argument_types(np.float32(2), x, y, 8)
        entry = axpy.compile(dev, 1, types)
        module = entry.path.read_bytes()
        assert module.startswith(b"FAKE-CUBIN\\n.version") or module.startswith(b"FAKE-CUBIN\\n//"), module[:80]
        assert b".entry pyalpaka_kernel" in module and b"pyalpaka_dyn_shared_kind" in module
        assert b"integral_constant" not in module and b"cccl_is_signed_integer" not in module
        record = json.loads(entry.path.with_name(entry.key + ".json").read_text())
        assert "unused module variables removed" in record["linker"], record
        assert any(option.startswith("--gpu-architecture=compute_") for option in record["command"]), record
        axpy(q, pk.WorkDiv(1, 32, 1), np.float32(2), x, y, 8)  # the stand-in loads and "runs" it
        q.wait()

        os.environ["PYALPAKA_PTX_LINK"] = "0"
        direct = pk.Kernel({STANDIN_AXPY.replace("Axpy", "AxpyDirect")!r}, "AxpyDirect").compile(dev, 1, types)
        assert direct.path.read_bytes().startswith(b"\\x7fELF")
        assert "linker" not in json.loads(direct.path.with_name(direct.key + ".json").read_text())
    """)


@only_cuda
def test_standin_link_error_falls_back_to_nvrtcs_cubin(standin, gpu):
    # A driver that refuses the PTX (the stand-in refuses PTX naming pyalpaka_fake_link_error): one warning that
    # names its error, and NVRTC compiles the CUBIN itself.
    compiler_or_skip(gpu)
    standin('''
        import warnings
        dev = pk.device(BACKEND)
        refused = pk.Kernel("""
            __device__ unsigned pyalpaka_fake_link_error;
            struct Count {
                template<typename TAcc>
                ALPAKA_FN_ACC void operator()(TAcc const& acc) const {
                    alpaka::atomicAdd(acc, &pyalpaka_fake_link_error, 1u);
                }
            };""", "Count")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            entry = refused.compile(dev, 1, [])
        messages = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
        assert len(messages) == 1 and "did not compile the PTX" in messages[0], messages
        assert "CUDA_ERROR_INVALID_PTX" in messages[0] and "pyalpaka_fake_link_error" in messages[0], messages
        assert entry.path.read_bytes().startswith(b"\\x7fELF")
    ''')


@pytest.mark.parametrize("blocking", [False, True], ids=["nonblocking", "blocking"])
def test_standin_trace_has_device_spans_per_queue_and_host_submissions(standin, blocking, tmp_path):
    """A trace of a GPU queue: the host's submission of each operation and, from the events recorded around it, its
    device span on the queue's track (the stand-in runs everything in no time)."""
    path = tmp_path / "gpu.json"
    standin(f"""
        import json
        dev = pk.device(BACKEND)
        queues = [pk.Queue(dev, blocking={blocking}) for _ in range(2)]
        with pk.trace({str(path)!r}) as t:
            for q in queues:
                buf = pk.empty(dev, 256, np.float32)
                event = pk.Event(dev)
                q.enqueue(event)
                q.wait_for(event)
                pk.memset(q, buf, 0)
                host = np.ones(256, np.float32)
                pk.memcpy(q, buf, host)
                pk.memcpy(q, host, buf)
                with q.capture() as graph:
                    pk.memset(q, buf, 1)
                graph.launch(q)
                q.wait()
        device = [e for e in t.events if e.track and not e.submission]
        host = [e for e in t.events if e.submission]
        expected = ["memset", "copy host to device", "copy device to host", "graph launch"]
        tracks = sorted({{e.track for e in device}})
        assert len(tracks) == 2, tracks
        for track in tracks:
            spans = sorted((e for e in device if e.track == track), key=lambda e: e.begin_ns)
            assert [e.name for e in spans] == expected, spans
            assert spans[0].track_label.startswith(BACKEND + ":0"), spans[0]
            assert spans[1].bytes == 1024 and spans[3].details == "1 operations"
            assert [e.name for e in host if e.track == track] == ["event record", "event wait", *expected]
        assert any(e.kind == "alloc" and BACKEND + ":0" in e.details for e in t.events)
        assert any(e.kind == "wait" for e in t.events)
        document = json.load(open({str(path)!r}))
        names = [e["args"]["name"] for e in document["traceEvents"] if e.get("name") == "thread_name"]
        assert sum(n.startswith(BACKEND + ":0") for n in names) == 2, names
    """)


def test_standin_trace_opens_nvtx_ranges_named_after_the_work(standin, gpu, tmp_path):
    """With an NVTX library (here a stand-in that logs), a trace makes the cuda back-end's operations NVTX ranges
    named after them, each closed again; without a trace it opens none. The hip back-end opens none (NVTX is
    NVIDIA's)."""
    library = tmp_path / "libnvtx_standin.so"
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-O1", "-o", str(library), str(HERE / "fake_cuda" / "fake_nvtx.c")],
        check=True,
        capture_output=True,
        text=True,
    )
    log = tmp_path / "nvtx.log"
    standin(
        """
        assert pk._core.nvtx_available()
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        buf = pk.empty(dev, 64, np.float32)
        pk.memset(q, buf, 0)  # no trace: no range
        with pk.trace():
            pk.memset(q, buf, 1)
            pk.memcpy(q, np.zeros(64, np.float32), buf)
            q.wait()
        """,
        env={"PYALPAKA_NVTX_LIBRARY": str(library), "FAKE_NVTX_LOG": str(log)},
    )
    lines = log.read_text().splitlines() if log.exists() else []
    expected = ["push memset", "pop", "push copy device to host", "pop"] if gpu.backend == "cuda" else []
    assert lines == expected, lines


def test_a_missing_nvtx_library_leaves_tracing_working(standin, tmp_path):
    standin(
        """
        assert not pk._core.nvtx_available()
        dev = pk.device(BACKEND)
        q = pk.Queue(dev)
        with pk.trace() as t:
            pk.memset(q, pk.empty(dev, 8, np.uint8), 0)
            q.wait()
        assert [e.name for e in t.events if e.kind == "memset"] == ["memset", "memset"]
        """,
        env={"PYALPAKA_NVTX_LIBRARY": str(tmp_path / "no-such-library.so")},
    )
