# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Compile time of the C++ test suite (the `cpu-all` build, one of the compile-time targets), sampled: the user CPU
seconds of every N-th translation unit of one or more configured build trees, compiled one at a time, the trees
interleaved unit by unit so that a change of the machine's load affects them alike. Compare two checkouts by configuring
each (`cmake --preset cpu-all -B DIR` in each checkout) and passing both build folders; units are matched by their path
relative to their source tree.

    python benchmarks/compile_time/suite.py BUILD_DIR [BUILD_DIR ...] [--every 6] [--csv FILE]

A full build of the suite takes 20 minutes or more on 2 cores; a sample of every 6th unit takes a few, and the
ratio of the sums is what a full build saves (the CI job builds the same units, Debug, with -j2).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path


def units(build_dir: Path) -> dict[str, tuple[list[str], str]]:
    """relative source path -> (compile command writing to /dev/null, working directory)."""
    cache = (build_dir / "CMakeCache.txt").read_text()
    source_dir = next(line.split("=", 1)[1] for line in cache.splitlines() if line.startswith("CMAKE_HOME_DIRECTORY"))
    result = {}
    for entry in json.loads((build_dir / "compile_commands.json").read_text()):
        command = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
        if Path(command[0]).name == "ccache":
            command = command[1:]
        out = command.index("-o")
        command = [*command[: out + 1], os.devnull, *command[out + 2 :]]
        source = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        if source.startswith(os.path.realpath(build_dir) + os.sep):  # the header check's generated units
            relative = "generated/" + os.path.relpath(source, os.path.realpath(build_dir))
        else:
            relative = os.path.relpath(source, os.path.realpath(source_dir))
        result[relative] = (command, entry["directory"])
    return result


def user_seconds(command: list[str], cwd: str) -> float:
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{shlex.join(command)} failed:\n{process.stderr.read().decode(errors='replace')}")
    return usage.ru_utime + usage.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build_dirs", nargs="+", type=Path)
    parser.add_argument("--every", type=int, default=6, help="measure every N-th unit (sorted by path)")
    parser.add_argument("--csv", type=Path)
    arguments = parser.parse_args()
    trees = [units(directory) for directory in arguments.build_dirs]
    common = sorted(set.intersection(*(set(tree) for tree in trees)))
    sample = common[:: arguments.every]
    print(f"{len(sample)} of {len(common)} units in common", file=sys.stderr)
    rows = []
    totals = [0.0] * len(trees)
    for path in sample:
        seconds = []
        for index, tree in enumerate(trees):
            command, cwd = tree[path]
            seconds.append(user_seconds(command, cwd))
            totals[index] += seconds[-1]
        rows.append([path, *seconds])
        print(f"{path}: " + " ".join(f"{s:.2f}" for s in seconds), file=sys.stderr, flush=True)
    print("| tree | units | CPU seconds | ratio to the first |")
    print("|---|--:|--:|--:|")
    for directory, total in zip(arguments.build_dirs, totals):
        print(f"| {directory} | {len(sample)} | {total:.1f} | {total / totals[0]:.2f} |")
    if arguments.csv:
        with arguments.csv.open("w", newline="") as file:
            writer = csv.writer(file)
            writer.writerow(["unit", *map(str, arguments.build_dirs)])
            writer.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
