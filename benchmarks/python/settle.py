# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Between two measured variants: wait until the process's threads are idle (benchmarks/cpp/src/Stats.hpp does the
same for the C++ programs)."""

from __future__ import annotations

import resource
import time


def process_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def settle(step: float = 0.005, limit: float = 0.5) -> None:
    """Sleeps until the process's threads are idle (under 10 % of a core over a 5 ms step, 0.5 s at most). Threading
    runtimes keep idle workers spinning after a parallel call (libgomp 4-8 ms, OpenBLAS about 100 ms on the project's
    machine) on the cores the next variant needs; each variant is measured after the others' workers went to sleep."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        before = process_cpu_seconds()
        time.sleep(step)
        if process_cpu_seconds() - before < 0.1 * step:
            return
