# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Launch graphs from Python (docs/graphs.md): a 2-D heat equation, three run-time compiled kernels per step (stencil,
boundary, copy back), STEPS steps, eager (three kernel calls per step) against replayed (`graph.launch(q)` of a
one-step graph), on a blocking and a non-blocking queue of every available back-end, for a small and a large grid.
On a non-blocking queue each launch also pays the hand-off to the queue's worker thread (once per graph launch,
once per kernel call when eager).

The floor is a graph of UNROLL steps replayed STEPS/UNROLL times: the Python cost of a launch is spread over
3*UNROLL nodes, so it measures what the nodes themselves cost. The Python overhead per node is then
(time per step - floor per step) / 3; the launch-graph target is <= 0.5 us per replayed node on the CPU back-ends,
next to Warp's published 1.0 us per replayed launch. Every variant's final field is checked against the eager one.

    python benchmarks/python/graphs.py [--steps 1000] [--reps 5] [--quick] [--csv FILE]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import pyalpaka as pk

from rows import Row, write_csv

SOURCE = r"""
struct HeatStep
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* u, float* v, std::uint64_t ny, std::uint64_t nx) const
    {
        for(auto i : alpaka::uniformElements(acc, ny * nx))
        {
            auto const y = i / nx, x = i % nx;
            v[i] = (y == 0 || x == 0 || y + 1 == ny || x + 1 == nx)
                       ? u[i]
                       : u[i] + 0.2f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1] - 4.0f * u[i]);
        }
    }
};

struct HotEdge
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float* v, std::uint64_t nx) const
    {
        for(auto x : alpaka::uniformElements(acc, nx))
            v[x] = 1.0f;
    }
};

struct CopyBack
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float const* v, float* u, std::uint64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            u[i] = v[i];
    }
};
"""

UNROLL = 50
TARGET_US = 0.5
WARP_US = 1.0


class Heat:
    def __init__(self, dev: pk.Device, queue: pk.Queue, kernels, ny: int, nx: int) -> None:
        self.queue, self.kernels = queue, kernels
        self.ny, self.nx = np.uint64(ny), np.uint64(nx)
        self.u = pk.zeros(dev, ny * nx, np.float32, queue=queue)
        self.v = pk.zeros(dev, ny * nx, np.float32, queue=queue)
        self.wd = pk.valid_workdiv(dev, ny * nx)
        self.wd_edge = pk.valid_workdiv(dev, nx)
        queue.wait()

    def step(self) -> None:
        step, edge, copy = self.kernels
        q = self.queue
        step(q, self.wd, self.u, self.v, self.ny, self.nx)
        edge(q, self.wd_edge, self.v, self.nx)
        copy(q, self.wd, self.v, self.u, self.ny * self.nx)

    def reset(self) -> None:
        pk.memset(self.queue, self.u, 0)
        pk.memset(self.queue, self.v, 0)
        self.queue.wait()

    def field(self) -> np.ndarray:
        return self.u.to_numpy(self.queue)


def timed(run, reps: int) -> list[float]:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def measure(dev: pk.Device, kernels, ny: int, nx: int, steps: int, reps: int, blocking: bool) -> dict[str, list[float]]:
    queue = pk.Queue(dev, blocking=blocking)
    heat = Heat(dev, queue, kernels, ny, nx)
    for _ in range(2):  # load every kernel's entry and warm the pools
        heat.step()
    queue.wait()
    with queue.capture() as one_step:
        heat.step()
    with queue.capture() as many_steps:
        for _ in range(UNROLL):
            heat.step()
    assert len(one_step) == 3 and len(many_steps) == 3 * UNROLL

    def eager():
        for _ in range(steps):
            heat.step()
        queue.wait()

    def replayed():
        for _ in range(steps):
            one_step.launch(queue)
        queue.wait()

    def unrolled():
        for _ in range(steps // UNROLL):
            many_steps.launch(queue)
        queue.wait()

    variants = {"eager": eager, "replayed": replayed, "floor": unrolled}
    fields = {}
    for name, run in variants.items():
        heat.reset()
        run()
        fields[name] = heat.field()
    for name in ("replayed", "floor"):
        np.testing.assert_array_equal(fields[name], fields["eager"], err_msg=f"{name} differs from eager")
    times: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(reps):  # interleaved, so that a noisy moment hits every variant
        for name, run in variants.items():
            times[name] += timed(run, 1)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="100 steps, 2 repetitions, small grid only")
    parser.add_argument("--backends", nargs="*", help="default: every available back-end")
    parser.add_argument("--csv")
    args = parser.parse_args()
    steps, reps = (100, 2) if args.quick else (args.steps, args.reps)
    steps = max(UNROLL, steps - steps % UNROLL)
    grids = [(64, 64)] if args.quick else [(64, 64), (512, 512)]
    names = args.backends or [b.name for b in pk.backends() if b.available]
    kernels = tuple(pk.Kernel(SOURCE, name) for name in ("HeatStep", "HotEdge", "CopyBack"))

    rows: list[Row] = []
    print(
        f"{steps} steps, 3 kernels per step, median of {reps}; us per step, and per node above the floor "
        f"(a {UNROLL}-step graph) | target <= {TARGET_US} us per replayed node; Warp: {WARP_US} us per replay"
    )
    print(
        f"{'backend':18} {'queue':>11} {'grid':>9} {'eager':>9} {'replayed':>9} {'floor':>9} {'eager/node':>11} "
        f"{'replay/node':>11}"
    )
    for name, (ny, nx), blocking in ((n, g, b) for n in names for g in grids for b in (True, False)):
        dev = pk.device(name)
        times = measure(dev, kernels, ny, nx, steps, reps, blocking)
        per_step = {k: statistics.median(v) / steps * 1e6 for k, v in times.items()}
        best = {k: min(v) / steps * 1e6 for k, v in times.items()}
        eager_node = (per_step["eager"] - per_step["floor"]) / 3
        replay_node = (per_step["replayed"] - per_step["floor"]) / 3
        kind = "blocking" if blocking else "nonblocking"
        grid = f"{ny}x{nx} {kind}"
        print(
            f"{name:18} {kind:>11} {ny}x{nx:<5} {per_step['eager']:9.2f} {per_step['replayed']:9.2f} "
            f"{per_step['floor']:9.2f} {eager_node:11.2f} {replay_node:11.2f}"
        )
        for variant in ("eager", "replayed", "floor"):
            rows.append(Row("graphs", name, f"{grid} {variant} us/step", per_step[variant], best[variant]))
        status = "met" if replay_node <= TARGET_US else "missed"
        rows.append(
            Row(
                "graphs",
                name,
                f"{grid} replayed node overhead us",
                replay_node,
                peer="floor",
                target=f"<= {TARGET_US} us",
                status=status,
                notes=f"eager: {eager_node:.2f} us/node; Warp {WARP_US} us/replay",
            )
        )
    if args.csv:
        write_csv(args.csv, rows)


if __name__ == "__main__":
    main()
