# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The 2-D heat equation (the script of notebooks/02_heat_equation.ipynb): an explicit finite-difference scheme with
the shipped 5-point stencil kernel, the grid's top edge held hot, checked against the same scheme in NumPy.

    python examples/python/heat_equation.py [--backend NAME] [--plot FILE.png]

One step is u' = u + r·(u_up + u_down + u_left + u_right - 4u) at interior points. With r = 1/4, the largest stable
value, that is the mean of the four neighbours: exactly what pk.kernels.stencil computes (the boundary is kept).
"""

import argparse

import numpy as np

import pyalpaka as pk

NY, NX, STEPS = 64, 96, 1000


def initial_grid() -> np.ndarray:
    grid = np.zeros((NY, NX), dtype=np.float32)
    grid[0, :] = 1.0  # the hot edge; the other edges stay at 0
    return grid


def simulate(dev: pk.Device, grid: np.ndarray, steps: int) -> np.ndarray:
    """`steps` explicit steps on `dev`, ping-ponging between two buffers; returns the final grid."""
    with pk.Queue(dev) as queue:
        # Flat buffers: the kernel takes dense row-major pointers, and flat buffers have no row padding. On a CPU
        # device asarray views the NumPy memory without a copy, so each buffer gets its own copy of the grid.
        current = pk.asarray(grid.ravel().copy(), device=dev, queue=queue)
        following = pk.asarray(grid.ravel().copy(), device=dev, queue=queue)  # holds the fixed boundary too
        workdiv = pk.valid_workdiv(dev, (NY, NX))  # 2-D: [y][x]
        for _ in range(steps):  # enqueued without waiting: the queue keeps the steps in order
            pk.kernels.stencil(queue, workdiv, current, following, NY, NX)
            current, following = following, current
    return current.to_numpy().reshape(NY, NX)


def simulate_numpy(grid: np.ndarray, steps: int) -> np.ndarray:
    u = grid.copy()
    quarter = np.float32(0.25)
    for _ in range(steps):
        nxt = u.copy()
        nxt[1:-1, 1:-1] = quarter * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
        u = nxt
    return u


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", help="the back-end (default: the best available one)")
    parser.add_argument("--plot", help="save a picture of the final temperature to this file (needs matplotlib)")
    arguments = parser.parse_args()
    dev = pk.device(arguments.backend)
    result = simulate(dev, initial_grid(), STEPS)
    expected = simulate_numpy(initial_grid(), STEPS)
    ok = np.allclose(result, expected, rtol=1e-5, atol=1e-6)
    print(
        f"heat_equation {dev.backend} {NY}x{NX}, {STEPS} steps: {'ok' if ok else 'WRONG'}, "
        f"mean temperature {result.mean():.5f} (NumPy {expected.mean():.5f})"
    )
    if arguments.plot:
        import matplotlib

        matplotlib.use("Agg")  # no display needed
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 4.5))
        image = axes.imshow(result, cmap="inferno", origin="upper")
        figure.colorbar(image, ax=axes, label="temperature")
        axes.set_title(f"heat equation after {STEPS} steps ({dev.backend})")
        figure.savefig(arguments.plot, dpi=80)
        print(f"heat_equation: saved {arguments.plot}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
