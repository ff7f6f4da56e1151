# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Grid-wide synchronization from Python: ``kernel(q, wd, *args, cooperative=True)`` runs every block at once, so
that the kernel may call ``alpaka::syncGridThreads``; ``pk.max_active_blocks`` says how many blocks that allows.
Every back-end of the build (the GPU ones skip without a GPU); the NVRTC/hiprtc compilations in test_jit_gpu.py."""

from __future__ import annotations

import numpy as np
import pytest

import pyalpaka as pk

from _support import GRID_SUM

# A kernel whose grid barrier runs three rounds in a row, each depending on the one before (upstream's GridSync shape).
ROUNDS = r"""
#include <alpaka/alpaka.hpp>
#include <cstdint>

struct Rounds
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, std::int32_t* counter, std::int32_t* seen) const
    {
        auto const blocks = static_cast<std::int32_t>(alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc).prod());
        auto const me = alpaka::mapIdx<1u>(
            alpaka::getIdx<alpaka::Grid, alpaka::Threads>(acc),
            alpaka::getWorkDiv<alpaka::Grid, alpaka::Threads>(acc))[0];
        for(int round = 0; round < 3; ++round)
        {
            alpaka::atomicAdd(acc, counter, 1, alpaka::hierarchy::Grids{});
            alpaka::syncGridThreads(acc);
            seen[me * 3 + round] = *counter - (round + 1) * blocks; // 0 when every thread arrived, none went on
            alpaka::syncGridThreads(acc);
        }
    }
};
"""

SHAPES = {1: ((4,), (1,)), 2: ((2, 2), (1, 1)), 3: ((1, 2, 2), (1, 1, 1))}


@pytest.fixture(scope="module")
def grid_sum() -> pk.Kernel:
    return pk.Kernel(GRID_SUM, "GridSum")


def _block(device: pk.Device, dim: int = 1) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A block the device can run: the most threads up to 4 per block in 1-D, 2x2 (1x2x2) where it allows them."""
    threads, elems = SHAPES[dim]
    limit = device.props_for(dim)["block_thread_count_max"]
    if int(np.prod(threads)) > limit:
        threads = (1,) * dim
    return threads, elems


def _arrays(device: pk.Device, blocks: int, n: int = 10007):
    x = np.random.default_rng(7).random(n)
    return pk.asarray(x, device), pk.zeros(device, blocks, np.float64), pk.zeros(device, blocks, np.float64), x


@pytest.mark.parametrize("fraction", [1.0, 0.5], ids=["max-blocks", "half-the-blocks"])
def test_two_phase_grid_reduction_in_one_launch(queue, grid_sum, fraction):
    device = queue.device
    threads, elems = _block(device)
    xb, partial, total, x = _arrays(device, 1)
    most = pk.max_active_blocks(grid_sum, device, threads, elems, xb, partial, total, x.size)
    assert most >= 1
    blocks = max(1, min(int(most * fraction), 64))
    xb, partial, total, x = _arrays(device, blocks)
    grid_sum(queue, pk.WorkDiv((blocks,), threads, elems), xb, partial, total, x.size, cooperative=True)
    queue.wait()
    np.testing.assert_allclose(np.asarray(total.to_numpy()), np.full(blocks, x.sum()), rtol=1e-12)
    np.testing.assert_allclose(np.asarray(partial.to_numpy()).sum(), x.sum(), rtol=1e-12)


@pytest.mark.parametrize("dim", [1, 2, 3])
def test_barrier_rounds_in_every_dimensionality(queue, dim):
    device = queue.device
    kernel = pk.Kernel(ROUNDS, "Rounds")
    threads, elems = _block(device, dim)
    counter = pk.zeros(device, 1, np.int32)
    probe = pk.zeros(device, 1, np.int32)
    most = pk.max_active_blocks(kernel, device, threads, elems, counter, probe)
    grid = (1,) * (dim - 1) + (max(1, min(most, 8)),)
    total_threads = int(np.prod(grid)) * int(np.prod(threads))
    seen = pk.zeros(device, total_threads * 3, np.int32)
    kernel(queue, pk.WorkDiv(grid, threads, elems), counter, seen, cooperative=True)
    queue.wait()
    assert counter.to_numpy()[0] == 3 * total_threads
    assert not np.asarray(seen.to_numpy()).any()


def test_a_cooperative_launch_replays_from_a_graph(device, grid_sum):
    if not device.is_host and not device.emulated:
        pytest.skip("a graph of a cooperative launch on a GPU runs on the emulated GPU (PYALPAKA_GPU_EMULATOR)")
    q = pk.Queue(device, blocking=False)
    threads, elems = _block(device)
    xb, partial, total, x = _arrays(device, 1)
    blocks = pk.max_active_blocks(grid_sum, device, threads, elems, xb, partial, total, x.size)
    xb, partial, total, x = _arrays(device, blocks)
    with q.capture() as graph:
        pk.memset(q, partial, 0)
        grid_sum(q, pk.WorkDiv((blocks,), threads, elems), xb, partial, total, x.size, cooperative=True)
    for _ in range(3):
        graph.launch(q)
        q.wait()
        np.testing.assert_allclose(np.asarray(total.to_numpy()), np.full(blocks, x.sum()), rtol=1e-12)


def test_more_blocks_than_can_run_at_once_is_a_value_error_and_runs_nothing(queue, grid_sum):
    device = queue.device
    threads, elems = _block(device)
    xb, partial, total, x = _arrays(device, 1)
    most = pk.max_active_blocks(grid_sum, device, threads, elems, xb, partial, total, x.size)
    xb, partial, total, x = _arrays(device, most + 1)
    with pytest.raises(
        ValueError,
        match=rf"cooperative kernel launch on .*the grid has {most + 1} blocks, but at "
        rf"most {most} .*max_active_blocks",
    ):
        grid_sum(queue, pk.WorkDiv((most + 1,), threads, elems), xb, partial, total, x.size, cooperative=True)
    queue.wait()
    assert not np.asarray(partial.to_numpy()).any()


def test_sync_in_a_launch_that_is_not_cooperative_is_an_error(device, grid_sum):
    xb, partial, total, x = _arrays(device, 1)
    q = pk.Queue(device, blocking=True)
    if device.is_host or device.emulated:  # the emulated GPU's kernels are the CPU's: they fail when run
        with pytest.raises(RuntimeError, match="not launched cooperatively"):
            grid_sum(q, pk.WorkDiv((1,), (1,), (1,)), xb, partial, total, x.size)
    else:  # the GPU kernel fails to compile, saying what to do
        with pytest.raises(pk.CompileError, match="cooperative=True"):
            grid_sum(q, pk.WorkDiv((1,), (1,), (1,)), xb, partial, total, x.size)


def test_max_active_blocks_per_back_end(device, grid_sum):
    xb, partial, total, x = _arrays(device, 1)
    args = (xb, partial, total, x.size)
    most = pk.max_active_blocks(grid_sum, device, 1, 1, *args)
    if device.backend == "cpu_omp2_blocks":  # one block per thread of the OpenMP team
        assert most >= 1
    elif device.is_host:  # blocks run one after another, or (oneTBB) with no promise that they run at once
        assert most == 1
    assert pk.max_active_blocks(grid_sum, device, (1,), [1], *args) == most  # any sequence of extents
    # A block the device cannot run: 0, as alpaka::getMaxActiveBlocks says.
    too_many = 1 << 40  # beyond every back-end's thread count (AccCpuThreads runs blocks past its advisory maximum)
    assert pk.max_active_blocks(grid_sum, device, too_many, 1, *args) == 0


def test_max_active_blocks_rejects_what_is_not_a_kernel_launch(device, grid_sum):
    xb, partial, total, x = _arrays(device, 1)
    with pytest.raises(TypeError, match=r"max_active_blocks takes a pyalpaka\.Kernel"):
        pk.max_active_blocks(pk.kernels.triad, device, 1, 1)
    with pytest.raises(ValueError, match="thread_elems"):
        pk.max_active_blocks(grid_sum, device, (1, 1), (1,), xb, partial, total, x.size)
    with pytest.raises(TypeError, match="argument 2 of GridSum is <class 'str'>"):
        pk.max_active_blocks(grid_sum, device, 1, 1, xb, "partial", total, x.size)


def test_the_cooperative_variant_is_compiled_and_cached_apart(device, grid_sum, tmp_path, monkeypatch):
    if not device.is_host:
        pytest.skip("CPU compilation")
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path))
    kernel = pk.Kernel(GRID_SUM, "GridSum")
    types = ("double const*", "double*", "double*", "std::int64_t")
    plain = kernel.compile(device, 1, types)
    cooperative = kernel.compile(device, 1, types, cooperative=True)
    assert plain.key != cooperative.key and plain.path != cooperative.path
    assert kernel.compile(device, 1, types, cooperative=True) == cooperative
    # A kernel that never synchronizes the grid runs the same either way.
    xb, partial, total, x = _arrays(device, 1)
    q = pk.Queue(device, blocking=True)
    kernel(q, pk.WorkDiv((1,), (1,), (1,)), xb, partial, total, x.size, cooperative=True)
    assert kernel.loaded_variants == 1
    np.testing.assert_allclose(total.to_numpy()[0], x.sum(), rtol=1e-12)


def test_cooperative_is_keyword_only(device, grid_sum):
    xb, partial, total, x = _arrays(device, 1)
    q = pk.Queue(device, blocking=True)
    with pytest.raises(TypeError):
        grid_sum(q, pk.WorkDiv((1,), (1,), (1,)), xb, partial, total, x.size, cooperative="yes")
