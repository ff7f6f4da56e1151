# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The result rows of the Python benchmarks, in the CSV columns of the C++ programs (benchmarks/cpp/src/Report.hpp),
so that benchmarks/report.py reads both alike."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from pathlib import Path

COLUMNS = [
    "section",
    "backend",
    "metric",
    "value",
    "peer",
    "peer_value",
    "ratio",
    "difference",
    "target",
    "status",
    "notes",
    "best",
]


@dataclass
class Row:
    section: str
    backend: str
    metric: str
    value: float = math.nan
    best: float = math.nan
    peer: str = ""
    peer_value: float = math.nan
    compare: str = "ratio"  # or "difference"
    target: str = ""
    status: str = ""
    notes: str = ""

    def cells(self) -> dict[str, str]:
        number = lambda x: "" if x is None or math.isnan(x) else f"{x:.6g}"  # noqa: E731
        compared = not math.isnan(self.value) and not math.isnan(self.peer_value)
        return {
            "section": self.section,
            "backend": self.backend,
            "metric": self.metric,
            "value": number(self.value),
            "peer": self.peer,
            "peer_value": number(self.peer_value),
            "ratio": number(self.value / self.peer_value) if compared and self.compare == "ratio" else "",
            "difference": number(self.value - self.peer_value) if compared and self.compare == "difference" else "",
            "target": self.target,
            "status": self.status,
            "notes": self.notes,
            "best": number(self.best),
        }


def write_csv(path: str | Path, rows: list[Row]) -> None:
    with open(path, "w", newline="") as file:
        writer = csv.DictWriter(file, COLUMNS)
        writer.writeheader()
        for row in rows:
            writer.writerow(row.cells())


def print_table(rows: list[Row]) -> None:
    """A plain-text table for the terminal, one block per section."""
    section = None
    for row in rows:
        if row.section != section:
            section = row.section
            print(f"\n{section}")
        cells = row.cells()
        versus = ""
        if cells["ratio"]:
            versus = f"{float(cells['ratio']):.3f}x {row.peer}"
        elif cells["difference"]:
            versus = f"{float(cells['difference']):+.2f} vs {row.peer}"
        print(
            f"  {row.backend:<34} {row.metric:<40} {cells['value']:>10} {cells['best']:>10}  {versus:<30} "
            f"{row.target} {row.status}  {row.notes}"
        )
