# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Compile cost counted in instructions (docs/compile-time.md): how many instructions the compiler proper (g++'s
cc1plus, clang's -cc1) executes for a unit, counted by valgrind's callgrind. Unlike user time on a shared VM, the count
is the same in every run, so a change of 1 % shows; on the project's machine 1 G instructions of cc1plus take about
0.23 s.

Units, each with one back-end (or "all", as run.py):

  std       only the standard and system headers that alpaka's headers include themselves (found with -H)
  a         empty.cpp: <alpaka/alpaka.hpp> and nothing else
  b         axpy.cpp, two buffers and an axpy launch (the program of the compile-time targets)
  stages    axpy.cpp cut after each statement of main (the device, the queue, the buffers, the memsets, the work
            division, the launch): what each step of the program adds

    python benchmarks/compile_time/instructions.py [--units std a b stages] [--backend serial] [--compiler g++]
        [--opt=-O2] [--include DIR] [--jobs 2]

Needs valgrind. A run of a unit takes 40-90 s (callgrind runs the compiler some 50 times slower).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import HERE, INCLUDE, configuration  # the back-end configurations are run.py's


def compiler_proper(driver_command: list[str]) -> list[str]:
    """The command line the driver runs for the compilation itself (cc1plus or clang -cc1), its output discarded."""
    listing = subprocess.run([*driver_command, "-###"], capture_output=True, text=True, check=True).stderr
    for line in listing.splitlines():
        words = shlex.split(line)
        if words and (words[0].endswith("cc1plus") or "-cc1" in words[1:2]):
            if "-o" in words:
                words[words.index("-o") + 1] = os.devnull
            return words
    raise RuntimeError(f"no compiler proper in the output of {' '.join(driver_command)} -###:\n{listing}")


def count_instructions(driver_command: list[str]) -> int:
    """Instructions executed by the compiler proper for this compile command (callgrind's total Ir)."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *compiler_proper(driver_command)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr[-3000:]}")
    collected = re.search(r"Collected\s*:\s*(\d+)", result.stderr)
    if collected is None:
        raise RuntimeError(f"callgrind reported no count:\n{result.stderr[-3000:]}")
    return int(collected.group(1))


def own_headers_unit(driver_command: list[str], include: Path) -> str:
    """A unit of the headers from outside alpaka that alpaka's headers include directly (what -H lists)."""
    listing = subprocess.run([*driver_command, "-H", "-fsyntax-only"], capture_output=True, text=True, check=True)
    stack: list[str] = []
    headers: dict[str, None] = {}
    for line in listing.stderr.splitlines():
        depth = len(line) - len(line.lstrip("."))
        if depth == 0 or not line[depth:].startswith(" "):
            continue
        path = line[depth:].strip()
        del stack[depth - 1 :]
        includer = stack[-1] if stack else ""
        stack.append(path)
        if str(include) in includer and str(include) not in path:
            headers[str(Path(path).resolve())] = None
    return "".join(f'#include "{h}"\n' for h in headers) + "int main() { return 0; }\n"


def axpy_stages() -> list[tuple[str, str]]:
    """axpy.cpp cut after each statement of main: (the last statement kept, the unit's text)."""
    text = (HERE / "axpy.cpp").read_text()
    head, body = text.split("auto main() -> int", 1)
    body = body.strip()[1:-1]  # inside main's braces
    statements = [s.strip() + ";" for s in body.split(";") if s.strip() and not s.strip().startswith("return")]
    stages = []
    for count in range(1, len(statements) + 1):
        kept = "\n    ".join(statements[:count])
        stages.append(
            (
                " ".join(statements[count - 1].split())[:70],
                f"{head}auto main() -> int\n{{\n    {kept}\n    return 0;\n}}\n",
            )
        )
    return stages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--units", nargs="+", default=["std", "a", "b"], choices=["std", "a", "b", "stages"])
    parser.add_argument("--backend", default="serial", help="a back-end of run.py, or all")
    parser.add_argument("--compiler", default="g++")
    parser.add_argument("--opt", default="-O2", help="the optimization flags, as --opt=FLAGS")
    parser.add_argument("--include", type=Path, default=INCLUDE, help="the include folder whose headers to count")
    parser.add_argument("--jobs", type=int, default=1, help="units counted at once (one core each)")
    arguments = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind not found: apt-get install valgrind", file=sys.stderr)
        return 2
    definitions, flags = configuration(arguments.backend)
    include = arguments.include.resolve()

    def driver(source: Path) -> list[str]:
        return [
            arguments.compiler,
            "-std=c++20",
            *arguments.opt.split(),
            f"-I{include}",
            *definitions,
            *flags,
            "-c",
            str(source),
            "-o",
            os.devnull,
        ]

    with tempfile.TemporaryDirectory() as folder:
        units: list[tuple[str, Path]] = []
        if "std" in arguments.units:
            source = Path(folder) / "std_only.cpp"
            source.write_text(own_headers_unit(driver(HERE / "empty.cpp"), include))
            units.append(("std: the headers alpaka includes, alone", source))
        if "a" in arguments.units:
            units.append(("(a) empty.cpp", HERE / "empty.cpp"))
        if "b" in arguments.units:
            units.append(("(b) axpy.cpp", HERE / "axpy.cpp"))
        if "stages" in arguments.units:
            for index, (label, text) in enumerate(axpy_stages()):
                source = Path(folder) / f"stage{index}.cpp"
                source.write_text(text)
                units.append((f"(b) up to: {label}", source))
        with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
            counts = list(pool.map(lambda unit: count_instructions(driver(unit[1])), units))
    print(f"{arguments.compiler} {arguments.opt}, back-end {arguments.backend}, headers {include}")
    print("| unit | G instructions | added |")
    print("|---|--:|--:|")
    previous = None
    for (label, _), count in zip(units, counts):
        added = "" if previous is None else f"{(count - previous) / 1e9:+.3f}"
        print(f"| {label} | {count / 1e9:.3f} | {added} |")
        previous = count
    return 0


if __name__ == "__main__":
    sys.exit(main())
