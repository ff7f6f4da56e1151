# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""2-D heat equation by Jacobi sweeps, the grid split across MPI ranks by rows with a halo exchange every step.

The Python twin of src/heat.cpp (same grid, initial field, kernel arithmetic and output; README.md): each rank runs
its rows with pyalpaka's shipped ``pk.kernels.stencil`` (or, with ``--jit``, heat.cpp's kernel from src/Jacobi.hpp
compiled at run time) on the back-end it is given, and exchanges its edge rows with its neighbours through NumPy
arrays with mpi4py.
Run it with ``mpiexec -n 2 python heat.py``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from mpi4py import MPI

import pyalpaka as pk

# heat.cpp's JacobiKernel (src/Jacobi.hpp), compiled at run time by each rank for its back-end (--jit): the way a
# kernel of one's own runs under MPI. Its arithmetic is that of pk.kernels.stencil, so both give the same bits.
JACOBI_FILE = Path(__file__).resolve().parent / "src" / "Jacobi.hpp"


def slab_of(rank: int, size: int, ny: int) -> tuple[int, int]:
    """(first, rows): the interior rows of the global grid that a rank updates, as in heat.cpp's slabOf."""
    base, extra = divmod(ny - 2, size)
    return 1 + rank * base + min(rank, extra), base + (1 if rank < extra else 0)


def initial_field(first_row: int, rows: int, ny: int, nx: int) -> np.ndarray:
    """Global rows [first_row, first_row + rows) of the initial field: top edge 1, other edges 0, a bump inside.

    The bump is heat.cpp's initialValue, 16 u(1-u) v(1-v), with the same operations in the same order, so that both
    programs start from the same bits.
    """
    y = np.arange(first_row, first_row + rows, dtype=np.float64)[:, None]
    x = np.arange(nx, dtype=np.float64)[None, :]
    u = x / np.float64(nx - 1)
    v = y / np.float64(ny - 1)
    field = 16.0 * u * (1.0 - u) * v * (1.0 - v)
    field[:, [0, nx - 1]] = 0.0
    global_rows = np.arange(first_row, first_row + rows)
    field[global_rows == ny - 1] = 0.0
    field[global_rows == 0] = 1.0
    return field


def pick_device(backends: list[str], comm: MPI.Comm) -> pk.Device:
    """This rank's device: back-end backends[rank % len] (pyalpaka's best one when empty); ranks on one node share
    its devices (GPUs) round-robin by their rank on the node."""
    name = backends[comm.rank % len(backends)] if backends else pk.device().backend
    node = comm.Split_type(MPI.COMM_TYPE_SHARED, key=comm.rank)
    local_rank = node.rank
    node.Free()
    return pk.device(f"{name}:{local_rank % len(pk.devices(name))}")


def solve(args: argparse.Namespace, comm: MPI.Comm) -> np.ndarray | None:
    """Runs the steps on this rank; returns the gathered global field on rank 0, None on the others."""
    rank, size, ny, nx = comm.rank, comm.size, args.ny, args.nx
    if nx < 3 or ny < 2 + size:
        raise ValueError("the grid needs nx >= 3 and ny >= 2 + ranks (one interior row per rank)")
    dev = pick_device(args.backend, comm)
    queue = pk.Queue(dev)
    first, own_rows = slab_of(rank, size, ny)
    rows = own_rows + 2  # with a halo row above and below; on the edge ranks the outer one is the fixed boundary
    start = initial_field(first - 1, rows, ny, nx)
    current, following = pk.empty(dev, start.shape, np.float64), pk.empty(dev, start.shape, np.float64)
    pk.memcpy(queue, current, start)
    pk.memcpy(queue, following, start)
    step = pk.Kernel.from_file(JACOBI_FILE, "heat::JacobiKernel") if args.jit else pk.kernels.stencil
    workdiv = pk.valid_workdiv(dev, (rows, nx), thread_elems=(1, 8), block_threads_must_divide=False)

    up = rank - 1 if rank > 0 else MPI.PROC_NULL
    down = rank + 1 if rank + 1 < size else MPI.PROC_NULL
    # Halo rows go through host arrays so that the same code serves GPU back-ends (a CUDA-aware MPI could take the
    # device buffers); buf[k] is a sub-buffer of row k, and pk.memcpy copies it to or from NumPy.
    send_rows = np.empty((2, nx))
    recv_rows = np.empty((2, nx))
    for _ in range(args.steps):
        pk.memcpy(queue, send_rows[0], current[1])
        pk.memcpy(queue, send_rows[1], current[rows - 2])
        queue.wait()
        # Up the ranks, then down; PROC_NULL makes the edge ranks' missing partner a no-op.
        comm.Sendrecv(send_rows[0], dest=up, sendtag=0, recvbuf=recv_rows[1], source=down, recvtag=0)
        comm.Sendrecv(send_rows[1], dest=down, sendtag=1, recvbuf=recv_rows[0], source=up, recvtag=1)
        if up != MPI.PROC_NULL:
            pk.memcpy(queue, current[0], recv_rows[0])
        if down != MPI.PROC_NULL:
            pk.memcpy(queue, current[rows - 1], recv_rows[1])
        step(queue, workdiv, current, following, np.uint64(rows), np.uint64(nx))
        current, following = following, current
    local = current.to_numpy(queue)

    # Gather the rows each rank owns (its slab; the first and last rank also their boundary row) on rank 0.
    own = np.ascontiguousarray(local[(0 if rank == 0 else 1) : (rows if rank + 1 == size else rows - 1)])
    counts = comm.gather(own.size, root=0)
    field = np.empty((ny, nx)) if rank == 0 else None
    comm.Gatherv(own, (field, counts) if rank == 0 else None, root=0)
    lines = comm.gather(f"rank {rank}: rows {first}-{first + own_rows - 1} on {dev.accelerator} ({dev.name})", root=0)
    if rank == 0:
        print(f"heat: {ny} x {nx} grid, {args.steps} steps, {size} rank(s)")
        print("\n".join(lines))
    return field


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ny", type=int, default=130, help="rows of the grid, the two boundary rows included")
    parser.add_argument("--nx", type=int, default=128, help="columns, the two boundary columns included")
    parser.add_argument("--steps", type=int, default=500)
    parser.add_argument("--output", help="write the final field to this .npy file (rank 0)")
    parser.add_argument(
        "--backend",
        type=lambda text: text.split(","),
        default=[],
        help="pyalpaka back-end names, comma-separated: rank r uses the (r mod count)-th (default: the best one)",
    )
    parser.add_argument("--jit", action="store_true", help="compile the Jacobi step (src/Jacobi.hpp) at run time")
    args = parser.parse_args()
    comm = MPI.COMM_WORLD
    try:
        field = solve(args, comm)
    except Exception as error:
        print(f"heat (rank {comm.rank}): {error}", flush=True)
        comm.Abort(1)  # the other ranks may be waiting for this one in a collective
        raise
    if field is None:
        return
    # Summed in row-major order over the gathered field, as heat.cpp does: the same bits for every number of ranks.
    total = 0.0
    for value in field.ravel().tolist():
        total += value
    center = field[args.ny // 2, args.nx // 2]
    print(f"checksum: sum={total:.17g} min={field.min():.17g} max={field.max():.17g} center={center:.17g}")
    if args.output:
        np.save(args.output, field)
        print(f"wrote {args.output}")


if __name__ == "__main__":
    main()
