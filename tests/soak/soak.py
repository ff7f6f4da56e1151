# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Soak: many Python threads sharing a few queues of one device for a while, every result checked.

On each CPU back-end (or those named), --threads threads pick among --queues shared non-blocking queues and loop for
--seconds: allocate buffers (plain and queue-ordered) and drop them, fill them with memset, launch a shipped kernel
(pk.kernels.axpy) and a run-time compiled one, copy, record and wait for events between two queues, capture a graph
on the thread's own queue and replay it, and check each result against NumPy. It passes when every result is right,
nothing hangs (a watchdog dumps every thread's stack and exits 2 when no thread finished an iteration for --hang
seconds) and the process's resident memory grows by less than --rss-growth (default 5 %) after the warm-up (the
first fifth of the run).

    python tests/soak/soak.py [--seconds 60 | --total 60] [--threads 8] [--queues 4] [--backend cpu_serial ...]

The test command (scripts/run-tests.sh) runs it for 60 s over all back-ends (--total 60); the long runs (10 minutes
per back-end) are by hand, their figures in docs/dev/measurements.md.
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import random
import sys
import threading
import time

import numpy as np

import pyalpaka as pk

SCALE = r"""
struct Scale
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float s, float const* x, float* y, std::uint64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            y[i] = s * x[i];
    }
};
"""


def rss_bytes() -> int:
    with open(f"/proc/{os.getpid()}/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Soak:
    def __init__(self, backend: str, args: argparse.Namespace) -> None:
        self.dev = pk.device(backend)
        self.queues = [pk.Queue(self.dev, blocking=False) for _ in range(args.queues)]
        self.private = threading.local()  # each thread's own queue, for captures
        self.scale = pk.Kernel(SCALE, "Scale")
        self.args = args
        self.iterations = 0
        self.progress = time.monotonic()
        self.failures: list[str] = []
        self.count_lock = threading.Lock()

    def step(self, rng: random.Random) -> None:
        index = rng.randrange(len(self.queues))
        q = self.queues[index]
        n = rng.choice((1, 31, 1000, 4096, 50_000))
        x_host = np.arange(n, dtype=np.float32) * np.float32(rng.uniform(0.5, 2))
        kind = rng.randrange(5)
        x = pk.asarray(x_host, device=self.dev, queue=q)
        y = pk.empty(self.dev, n, np.float32, queue=q) if rng.random() < 0.5 else pk.empty(self.dev, n, np.float32)
        wd = pk.valid_workdiv(self.dev, n)
        if kind == 0:  # memset, shipped axpy
            pk.memset(q, y, 0)
            pk.kernels.axpy(q, wd, np.float32(3), x, y, n)
            expected = 3 * x_host
        elif kind == 1:  # run-time compiled kernel
            self.scale(q, wd, np.float32(0.5), x, y, np.uint64(n))
            expected = 0.5 * x_host
        elif kind == 2:  # copy through a third buffer, an event between two queues
            other = self.queues[(index + 1) % len(self.queues)]
            z = pk.empty(self.dev, n, np.float32)
            pk.memcpy(q, z, x)
            event = pk.Event(self.dev)
            q.enqueue(event)
            other.wait_for(event)  # other's copy waits for q's
            pk.memcpy(other, y, z)
            other.wait()
            expected = x_host
        elif kind == 3:  # a graph captured on this thread's own queue (a capture records everything its queue gets)
            mine = self.private.queue
            with mine.capture() as graph:
                pk.memset(mine, y, 0)
                pk.kernels.axpy(mine, wd, np.float32(2), x, y, n)
            graph.launch(mine)
            graph.launch(mine)  # memset then axpy again: the same result
            mine.wait()
            expected = 2 * x_host
        else:  # allocation churn: buffers made and dropped, one kept
            for _ in range(rng.randrange(1, 8)):
                pk.empty(self.dev, rng.choice((16, 4096, 1 << 16)), np.uint8, queue=q if rng.random() < 0.5 else None)
            pk.memcpy(q, y, x)
            expected = x_host
        got = y.to_numpy(q)
        if not np.allclose(got, expected, rtol=1e-6):
            self.failures.append(f"{self.dev} kind {kind}, n {n}: max error {np.max(np.abs(got - expected))}")
        with self.count_lock:
            self.iterations += 1
            self.progress = time.monotonic()

    def worker(self, seed: int, deadline: float) -> None:
        rng = random.Random(seed)
        self.private.queue = pk.Queue(self.dev, blocking=False)
        try:
            while time.monotonic() < deadline and not self.failures:
                self.step(rng)
        # Any error fails the soak, with its text.
        except Exception as error:  # noqa: BLE001
            self.failures.append(f"{self.dev}: {type(error).__name__}: {error}")

    def compile_first(self) -> None:
        """Compiles the run-time kernel before the clock starts: with a cold cache that takes seconds."""
        n = 1000
        q = self.queues[0]
        x = pk.asarray(np.ones(n, np.float32), device=self.dev, queue=q)
        y = pk.empty(self.dev, n, np.float32, queue=q)
        self.scale(q, pk.valid_workdiv(self.dev, n), np.float32(0.5), x, y, np.uint64(n))
        q.wait()

    def run(self, seconds: float) -> tuple[int, int, int]:
        """Iterations done, RSS after the warm-up and at the end."""
        self.compile_first()
        self.progress = time.monotonic()
        start = time.monotonic()
        deadline = start + seconds
        threads = [
            threading.Thread(target=self.worker, args=(seed, deadline), daemon=True)
            for seed in range(self.args.threads)
        ]
        for thread in threads:
            thread.start()
        warm_rss = 0
        while any(t.is_alive() for t in threads):
            time.sleep(0.2)
            if not warm_rss and time.monotonic() - start > seconds / 5:
                warm_rss = rss_bytes()
            if time.monotonic() - self.progress > self.args.hang:
                print(f"soak: no iteration finished for {self.args.hang} s on {self.dev}: stacks follow", flush=True)
                faulthandler.dump_traceback(all_threads=True)
                os._exit(2)
        for q in self.queues:
            q.wait()
        return self.iterations, warm_rss or rss_bytes(), rss_bytes()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="per back-end")
    parser.add_argument("--total", type=float, help="seconds for all back-ends together (overrides --seconds)")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--queues", type=int, default=4)
    parser.add_argument("--hang", type=float, default=120, help="seconds without progress that count as a hang")
    parser.add_argument("--rss-growth", type=float, default=0.05)
    parser.add_argument("--backend", action="append")
    args = parser.parse_args()
    backends = args.backend or [b.name for b in pk.backends() if b.available and pk.device(b.name).is_host]
    if args.total is not None:
        args.seconds = args.total / len(backends)
    failed = False
    for backend in backends:
        soak = Soak(backend, args)
        iterations, warm, end = soak.run(args.seconds)
        growth = (end - warm) / warm
        ok = not soak.failures and growth < args.rss_growth
        failed |= not ok
        print(
            f"{backend:<18} {iterations:>7} iterations in {args.seconds:.0f} s, RSS {warm / 2**20:.0f} -> "
            f"{end / 2**20:.0f} MiB ({growth:+.1%}): {'ok' if ok else 'FAILED'}",
            flush=True,
        )
        for failure in soak.failures[:5]:
            print(f"  {failure}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
