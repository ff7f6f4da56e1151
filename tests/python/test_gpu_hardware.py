# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The GPU back-ends on a real GPU or on the emulated GPU (PYALPAKA_GPU_EMULATOR=cuda, docs/dev/testing-gpu.md):
kernels compiled by NVRTC or hiprtc (the host compiler for the emulator) and launched on a queue's stream, shipped
kernels, dynamic shared memory, asynchrony, interoperability (a real GPU only). Each test runs on cuda and on hip; a
back-end is skipped (never passed) where it has neither here, and where it runs over a stand-in library of
test_gpu_standin.py."""

from __future__ import annotations

import numpy as np
import pytest

import pyalpaka as pk

from _support import AXPY, BLOCK_SUM, gpu_compiler_missing, shared_kernel_cache

_BACKENDS = {b.name: b for b in pk.backends()}
_VARIABLE = {"cuda": "PYALPAKA_CUDA_DRIVER", "hip": "PYALPAKA_HIP_LIBRARY"}


def _real_gpu(backend: str) -> str:
    """Why the tests cannot run on `backend` here, or '' where they can."""
    info = _BACKENDS[backend]
    if not info.available:
        return f"{backend}: {info.reason}"
    if pk.device(backend).name == "stand-in GPU":
        return f"{backend} runs over a stand-in library ({_VARIABLE[backend]}), which runs no kernels"
    if pk.device(backend).emulated:
        return ""
    return gpu_compiler_missing(backend)


def _not_on_the_emulator(device: pk.Device, library: str) -> None:
    if device.emulated:
        pytest.skip(f"the emulated GPU's memory is host memory, which {library} would take for a GPU's")


INDEX_2D = r"""
struct Index2D
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, std::int32_t* out, std::size_t rows, std::size_t cols) const
    {
        for(auto idx : alpaka::uniformElementsND(acc, alpaka::Vec<alpaka::DimInt<2>, std::size_t>{rows, cols}))
            out[idx[0] * cols + idx[1]] = static_cast<std::int32_t>(idx[0] * 1000 + idx[1]);
    }
};
"""


@pytest.fixture(scope="module", params=["cuda", "hip"])
def gpu(request):
    """Device 0 of a GPU back-end that has a real GPU here; skips the others with the reason."""
    if reason := _real_gpu(request.param):
        pytest.skip(reason)
    return pk.device(request.param)


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(shared_kernel_cache() or tmp_path / "cache"))


@pytest.mark.parametrize("blocking", [True, False], ids=["blocking", "nonblocking"])
def test_jit_axpy_runs_on_the_gpu(gpu, blocking):
    q = pk.Queue(gpu, blocking=blocking)
    n = 100_000
    x = np.arange(n, dtype=np.float32)
    y = np.ones(n, dtype=np.float32)
    dx, dy = pk.asarray(x, device=gpu, queue=q), pk.asarray(y, device=gpu, queue=q)
    wd = pk.valid_workdiv(gpu, grid_elems=(n,), thread_elems=(1,))
    pk.Kernel(AXPY, "Axpy")(q, wd, np.float32(2), dx, dy, n)
    np.testing.assert_allclose(dy.to_numpy(q), 2 * x + y)


def test_2d_work_division_maps_x_to_the_last_index(gpu):
    q = pk.Queue(gpu)
    out = pk.zeros(gpu, (37, 53), np.int32, queue=q)
    wd = pk.WorkDiv(grid_blocks=(3, 2), block_threads=(4, 32), thread_elems=(4, 1))
    pk.Kernel(INDEX_2D, "Index2D")(q, wd, out, 37, 53)
    rows, cols = np.indices((37, 53))
    assert np.array_equal(out.to_numpy(q), rows * 1000 + cols)


def test_shipped_kernels_run_on_the_gpu(gpu):
    q = pk.Queue(gpu)
    n = 4096
    a = pk.asarray(np.zeros(n), device=gpu, queue=q)
    b = pk.asarray(np.arange(n, dtype=np.float64), device=gpu, queue=q)
    c = pk.asarray(np.full(n, 2.0), device=gpu, queue=q)
    wd = pk.valid_workdiv(gpu, grid_elems=(n,), thread_elems=(1,))
    pk.kernels.triad(q, wd, a, b, c, 3.0, n)
    np.testing.assert_allclose(a.to_numpy(q), np.arange(n) + 6.0)
    total = pk.zeros(gpu, (1,), np.float64, queue=q)
    pk.kernels.reduce(q, pk.WorkDiv((8,), (256,), (1,)), b, total, n)
    assert total.to_numpy(q)[0] == pytest.approx(n * (n - 1) / 2)


def test_shipped_kernel_with_a_struct_parameter_runs_on_the_gpu(gpu):
    """pk.kernels.heat takes a HeatParams struct by value: compiled at run time with the struct, launched with its
    bytes; r = alpha*dt = 1/8 and small integers keep the result exact."""
    q = pk.Queue(gpu)
    ny, nx = 37, 53
    grid = (np.arange(ny * nx).reshape(ny, nx) % 13).astype(np.float32)
    src = pk.asarray(grid.ravel().copy(), device=gpu, queue=q)
    dst = pk.asarray(np.full(ny * nx, np.nan, np.float32), device=gpu, queue=q)
    params = np.array((0.5, ny, nx, 0.25), dtype=pk.kernels.heat.structs["HeatParams"])[()]
    pk.kernels.heat(q, pk.valid_workdiv(gpu, (ny, nx)), src, dst, params)
    expected = grid.copy()
    centre = grid[1:-1, 1:-1]
    expected[1:-1, 1:-1] = centre + np.float32(0.125) * (
        grid[:-2, 1:-1] + grid[2:, 1:-1] + grid[1:-1, :-2] + grid[1:-1, 2:] - np.float32(4) * centre
    )
    np.testing.assert_array_equal(dst.to_numpy(q).reshape(ny, nx), expected)


def test_dynamic_shared_memory_and_its_limit(gpu):
    q = pk.Queue(gpu)
    kernel = pk.Kernel(BLOCK_SUM, "BlockSum")
    x = pk.asarray(np.arange(1024, dtype=np.int64), device=gpu, queue=q)
    sums = pk.zeros(gpu, (4,), np.int64, queue=q)
    kernel(q, pk.WorkDiv((4,), (256,), (1,)), x, sums, np.uint64(1024))
    expected = np.arange(1024).reshape(4, 256).sum(axis=1)
    assert np.array_equal(sums.to_numpy(q), expected)
    with pytest.raises(ValueError, match="dynamic block shared memory"):
        kernel(q, pk.WorkDiv((4,), (256,), (1,)), x, sums, np.uint64((1 << 30) + (1 << 30)))


def test_nonblocking_queue_keeps_arguments_alive_and_orders_with_events(gpu):
    q1, q2 = pk.Queue(gpu, blocking=False), pk.Queue(gpu, blocking=False)
    n = 1 << 20
    x = pk.asarray(np.ones(n, np.float32), device=gpu, queue=q1)
    y = pk.zeros(gpu, (n,), np.float32, queue=q1)
    wd = pk.valid_workdiv(gpu, grid_elems=(n,), thread_elems=(4,))
    kernel = pk.Kernel(AXPY, "Axpy")
    for _ in range(10):
        kernel(q1, wd, np.float32(1), x, y, n)
    del x  # the queue keeps it until the launches ran
    ev = pk.Event(gpu)
    q1.enqueue(ev)
    q2.wait_for(ev)
    out = np.empty(n, np.float32)
    pk.memcpy(q2, out, y)
    q2.wait()
    assert (out == 10).all()
    assert ev.is_complete and q1.empty


def test_host_tasks_run_after_the_work_before_them(gpu):
    q = pk.Queue(gpu, blocking=False)
    n = 1 << 16
    y = pk.zeros(gpu, (n,), np.float32, queue=q)
    seen = []
    pk.kernels.fill(q, pk.valid_workdiv(gpu, grid_elems=(n,), thread_elems=(1,)), y, np.float32(5), n)
    q.enqueue(lambda: seen.append("ran"))
    q.wait()
    assert seen == ["ran"] and (y.to_numpy(q) == 5).all()


def test_interoperability_through_the_cuda_array_interface_and_dlpack(gpu):
    _not_on_the_emulator(gpu, "CuPy")
    cupy = pytest.importorskip("cupy")
    q = pk.Queue(gpu)
    buf = pk.asarray(np.arange(12, dtype=np.float32).reshape(3, 4), device=gpu, queue=q)
    view = cupy.asarray(buf)
    assert view.data.ptr == buf.ptr
    np.testing.assert_array_equal(cupy.asnumpy(view), np.arange(12).reshape(3, 4))
    np.testing.assert_array_equal(cupy.asnumpy(cupy.from_dlpack(buf)), np.arange(12).reshape(3, 4))


def test_cupy_arrays_become_buffers_without_a_copy(gpu):
    _not_on_the_emulator(gpu, "CuPy")
    cupy = pytest.importorskip("cupy")
    array = cupy.arange(4096, dtype=cupy.float64)
    buf = pk.from_dlpack(array)
    assert buf.ptr == array.data.ptr and buf.shape == (4096,) and buf.device.backend == gpu.backend
    q = pk.Queue(gpu)
    cupy.cuda.runtime.deviceSynchronize()
    pk.kernels.fill(q, pk.valid_workdiv(gpu, 4096), buf, 7.0, 4096)
    q.wait()
    assert float(array.sum()) == 7.0 * 4096  # written by the kernel, seen by CuPy


def test_pytorch_tensors_and_buffers_share_memory_both_ways(gpu):
    _not_on_the_emulator(gpu, "PyTorch")
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch sees no CUDA GPU")
    q = pk.Queue(gpu)
    # pyalpaka -> PyTorch: DLPack (versioned where PyTorch asks for it) and __cuda_array_interface__.
    buf = pk.asarray(np.arange(12, dtype=np.float32).reshape(3, 4), device=gpu, queue=q)
    q.wait()
    for tensor in (torch.from_dlpack(buf), torch.as_tensor(buf, device="cuda")):
        assert tensor.data_ptr() == buf.ptr and tuple(tensor.shape) == (3, 4) and tensor.is_cuda
        np.testing.assert_array_equal(tensor.cpu().numpy(), np.arange(12).reshape(3, 4))
    tensor = torch.from_dlpack(buf)
    tensor += 1  # on PyTorch's stream
    torch.cuda.synchronize()
    np.testing.assert_array_equal(buf.to_numpy(q), np.arange(1, 13).reshape(3, 4))
    # PyTorch -> pyalpaka: a buffer over the tensor's memory, written by a kernel, seen by PyTorch.
    t = torch.zeros(4096, dtype=torch.float64, device="cuda")
    torch.cuda.synchronize()
    view = pk.from_dlpack(t)
    assert view.ptr == t.data_ptr() and view.device.backend == gpu.backend and view.shape == (4096,)
    pk.kernels.fill(q, pk.valid_workdiv(gpu, 4096), view, 3.0, 4096)
    q.wait()
    assert float(t.sum()) == 3.0 * 4096
