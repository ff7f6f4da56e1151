# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Turns the CSV files of one benchmark run (benchmarks/run-all.sh writes them to its output folder) into
``results.md`` (the tables, every row with a performance target and how far it is met or missed) and PNG plots next
to it.

    python benchmarks/report.py OUT_DIR

Reads every ``*.csv`` in OUT_DIR (the columns of benchmarks/cpp/src/Report.hpp) and ``meta.json`` (machine, date,
command, load averages, notes) when present. Needs matplotlib for the plots; without it the tables are still written.
"""

from __future__ import annotations

import csv
import json
import math
import re
import sys
from collections import defaultdict
from pathlib import Path

# The order of the groups in results.md: (file stem, heading).
GROUPS = [
    ("cpu_backends", "C++: triad, empty launch, block reduction (cpu_backends)"),
    ("babelstream", "C++: BabelStream (babelstream)"),
    ("launch_latency", "C++: empty-kernel launch latency (launch_latency)"),
    ("atomics", "C++: atomics (atomics)"),
    ("compute", "C++: compute-bound and shipped kernels next to native simd loops (compute)"),
    ("triad_sweep", "C++: triad size sweep (triad_sweep)"),
    ("graph_heat", "C++: heat-equation loop eager, replayed as a launch graph, and direct (graph_heat)"),
    ("gpu_cuda", "GPU: CUDA (gpu_cuda)"),
    ("python_stream", "Python: BabelStream kernels next to NumPy and Numba (stream.py)"),
    ("python_jit", "Python: JIT compile, cache hits, launch overhead (jit.py)"),
    ("python_graphs", "Python: heat-equation loop eager and replayed as a launch graph (graphs.py)"),
    ("python_vs_cpp", "Python next to C++: the same kernels launched from both (vs_cpp.py)"),
    ("python_compute", "Python: compute-bound and shipped kernels next to NumPy and Numba (compute.py)"),
]


def short(backend: str) -> str:
    """AccCpuOmp2Blocks<1,unsigned long> -> AccCpuOmp2Blocks."""
    return re.sub(r"<.*>$", "", backend)


def number(text: str, digits: int = 2) -> str:
    if text in ("", None):
        return "-"
    value = float(text)
    if math.isnan(value):
        return "-"
    return f"{value:.{digits}f}" if abs(value) < 1e5 else f"{value:.3g}"


def versus(row: dict) -> str:
    if row["ratio"]:
        return f"{float(row['ratio']):.3f}x"
    if row["difference"]:
        return f"{float(row['difference']):+.2f}"
    return "-"


def read(folder: Path) -> dict[str, list[dict]]:
    return {path.stem: list(csv.DictReader(path.open())) for path in sorted(folder.glob("*.csv"))}


def table(rows: list[dict]) -> list[str]:
    lines = []
    section = None
    for row in rows:
        if row["section"] != section:
            section = row["section"]
            lines += [
                "",
                f"**{section}**",
                "",
                "| back-end | metric | median | best | peer | peer median | vs peer | target | notes |",
                "|---|---|--:|--:|---|--:|--:|---|---|",
            ]
        target = f"{row['target']} {row['status']}".strip() or "-"
        lines.append(
            f"| {short(row['backend'])} | {row['metric']} | {number(row['value'])} | {number(row['best'])} "
            f"| {short(row['peer']) or '-'} | {number(row['peer_value'])} | {versus(row)} | {target} "
            f"| {row['notes']} |"
        )
    return lines


def shortfall(row: dict) -> str:
    """How far a missed target is missed, in the target's terms."""
    target = row["target"]
    if row["status"] != "missed":
        return ""
    found = re.search(r"([0-9.]+)", target)
    if not found:
        return ""
    goal = float(found.group(1))
    if row["ratio"] and "x" in target:
        return f"{float(row['ratio']):.3f}x vs {goal:g}x: {100 * (goal - float(row['ratio'])):.1f} points short"
    if row["difference"] and "+" in target:
        return f"{float(row['difference']) - goal:+.3f} us over"
    if target.endswith(" ns"):
        return f"{float(row['value']) - goal:+.0f} ns over"
    return f"{float(row['value']) - goal:+.3g} over"


def targets(data: dict[str, list[dict]]) -> list[str]:
    lines = [
        "| program | section | back-end | metric | value | vs peer | target | status | missed by |",
        "|---|---|---|---|--:|--:|---|---|---|",
    ]
    for stem, _ in GROUPS:
        for row in data.get(stem, []):
            if row["target"]:
                lines.append(
                    f"| {stem} | {row['section']} | {short(row['backend'])} | {row['metric']} "
                    f"| {number(row['value'])} | {versus(row)} | {row['target']} | {row['status'] or '-'} "
                    f"| {shortfall(row)} |"
                )
    return lines


def plots(data: dict[str, list[dict]], folder: Path) -> list[str]:
    """Writes the PNGs; returns their file names (none without matplotlib)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("report.py: matplotlib not importable: no plots (pip install matplotlib)", file=sys.stderr)
        return []
    written = []

    def save(fig, name):
        fig.tight_layout()
        fig.savefig(folder / name, dpi=72)
        plt.close(fig)
        written.append(name)

    def grouped(ax, rows, group_of, series_of, log=False, value_of=lambda row: float(row["value"])):
        """Bars: one group per group_of(row), one bar per series_of(row), height = value_of(row) (the median)."""
        groups, series, values = [], [], {}
        for row in rows:
            if not row["value"]:
                continue
            g, s = group_of(row), series_of(row)
            groups += [g] if g not in groups else []
            series += [s] if s not in series else []
            values[(g, s)] = value_of(row)
        width = 0.85 / max(1, len(series))
        for k, s in enumerate(series):
            xs = [i + k * width for i in range(len(groups))]
            ax.bar(xs, [values.get((g, s), 0) for g in groups], width, label=s)
        ax.set_xticks([i + 0.85 / 2 - width / 2 for i in range(len(groups))], groups, fontsize=8)
        if log:
            ax.set_yscale("log")
        ax.legend(fontsize=6, ncol=2)

    stream = [r for r in data.get("babelstream", []) if r["section"] == "stream double"]
    if stream:
        fig, ax = plt.subplots(figsize=(10, 4))
        grouped(ax, stream, lambda r: r["metric"].split()[0], lambda r: short(r["backend"]))
        ax.set_ylabel("GB/s (median)")
        ax.set_title("BabelStream, double: alpaka CPU back-ends and native loops")
        save(fig, "stream_double.png")
    launch = data.get("launch_latency", [])
    if launch:
        fig, ax = plt.subplots(figsize=(10, 4))
        grouped(ax, launch, lambda r: r["metric"].replace(", us", ""), lambda r: short(r["backend"]), log=True)
        ax.set_ylabel("us per empty launch (median, log)")
        ax.set_title("Empty-kernel launch latency")
        save(fig, "launch.png")
    sweep = data.get("triad_sweep", [])
    if sweep:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        lines = defaultdict(list)
        for row in sweep:
            exponent = int(re.search(r"2\^(\d+)", row["metric"]).group(1))
            if row["value"]:
                lines[short(row["backend"])].append((exponent, float(row["value"])))
        for name, points in lines.items():
            points.sort()
            ax.plot(
                [p[0] for p in points],
                [p[1] for p in points],
                marker="o",
                label=name,
                linestyle="--" if name.startswith("native") else "-",
            )
        ax.set_xlabel("log2(elements per array)")
        ax.set_ylabel("GB/s (median)")
        ax.set_title("Triad bandwidth by size")
        ax.legend(fontsize=6)
        save(fig, "sweep.png")
    atomics = data.get("atomics", [])
    if atomics:
        fig, ax = plt.subplots(figsize=(10, 4))
        grouped(
            ax,
            atomics,
            lambda r: r["metric"].replace(", ns/op", "").replace(" counter", ""),
            lambda r: short(r["backend"]),
            log=True,
        )
        ax.set_ylabel("ns per operation (median, log)")
        ax.set_title("atomicAdd by hierarchy level and contention")
        save(fig, "atomics.png")
    compute = [r for r in data.get("compute", []) if r["ratio"] and not short(r["backend"]).startswith("native")]
    if compute:
        # One bar per back-end and kernel: the ratio to the native peer measured in the same run (1 = native speed).
        fig, ax = plt.subplots(figsize=(11, 4))
        grouped(
            ax,
            compute,
            lambda r: r["section"].split(":")[0].replace("Shipped ", "").split(" (")[0][:22],
            lambda r: short(r["backend"]),
            value_of=lambda r: float(r["ratio"]),
        )
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_ylabel("vs native peer (median)")
        ax.set_title("Compute-bound and shipped kernels, ratio to the native simd loop")
        ax.tick_params(axis="x", labelsize=6, rotation=30)
        save(fig, "compute.png")
    python = [r for r in data.get("python_stream", []) if r["section"] == "python stream float64"]
    if python:
        fig, ax = plt.subplots(figsize=(9, 4))
        grouped(ax, python, lambda r: r["metric"].split()[0], lambda r: r["backend"])
        ax.set_ylabel("GB/s (median)")
        ax.set_title("BabelStream from Python, float64")
        save(fig, "python_stream.png")
    return written


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    folder = Path(sys.argv[1])
    data = read(folder)
    meta = json.loads((folder / "meta.json").read_text()) if (folder / "meta.json").exists() else {}
    lines = ["# Benchmark results", ""]
    for key in ("date", "machine", "command", "load", "notes"):
        if key in meta:
            value = meta[key]
            lines.append(f"- **{key}**: " + ("; ".join(value) if isinstance(value, list) else str(value)))
    lines += ["", "## Rows with a performance target", "", *targets(data), ""]
    images = plots(data, folder)
    if images:
        lines += ["## Plots", ""] + [f"![{name}]({name})" for name in images] + [""]
    for stem, heading in GROUPS:
        if stem in data:
            lines += [f"## {heading}", *table(data[stem]), ""]
        elif stem in meta.get("skipped", {}):
            lines += [f"## {heading}", "", meta["skipped"][stem], ""]
    (folder / "results.md").write_text("\n".join(lines) + "\n")
    print(f"report.py: wrote {folder / 'results.md'} and {len(images)} plots")
    return 0


if __name__ == "__main__":
    sys.exit(main())
