#!/usr/bin/env python3
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Build upstream alpaka's examples and unit tests against this repository's headers and print a table.

Usage: scripts/upstream-compat.py --upstream PATH_TO_UPSTREAM_CHECKOUT [--build DIR] [--jobs N] [--only REGEX]

The upstream sources are not part of this repository: the script takes a checkout (for example of the 1.2.0 tag).
Only upstream's example/ and test/unit/ sources and its bundled Catch2 (thirdParty/catch2, built once into the build
folder) are used; every alpaka header, upstream's test helpers under alpaka/test/ included, comes from include/ here.

Each example is compiled and run; each unit-test file is compiled, linked alone with Catch2's main and run; then the
files of each unit-test directory are linked into one program, as upstream's CMake does, and run. The CPU back-ends
are enabled together (--backends), as an upstream build with several of them would. Exit status: 0 when the table
could be produced (failures are data, not errors), 2 when the set-up failed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

BACKENDS = {
    "serial": ("ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED", []),
    "threads": ("ALPAKA_ACC_CPU_B_SEQ_T_THREADS_ENABLED", []),
    "omp2b": ("ALPAKA_ACC_CPU_B_OMP2_T_SEQ_ENABLED", ["-fopenmp"]),
    "omp2t": ("ALPAKA_ACC_CPU_B_SEQ_T_OMP2_ENABLED", ["-fopenmp"]),
    "tbb": ("ALPAKA_ACC_CPU_B_TBB_T_SEQ_ENABLED", ["-ltbb"]),
    "fibers": ("ALPAKA_ACC_CPU_B_SEQ_T_FIBERS_ENABLED", ["-lboost_context"]),
}


# The output that stands for a Catch2 program with no test case for the enabled back-ends.
NO_TESTS = "no test case for these back-ends"


def state_of(r: Result) -> str:
    if r.passed:
        return "pass"
    if r.reason == NO_TESTS:
        return "no tests"
    return "fails" if r.compiled else "no build"


@dataclass
class Result:
    kind: str  # "example", "unit file" or "unit program"
    name: str
    compiled: bool = False
    passed: bool = False
    seconds: float = 0.0
    reason: str = ""
    log: Path | None = None
    extra: dict = field(default_factory=dict)


def run(cmd: list[str], log: Path, timeout: float, cwd: Path | None = None) -> tuple[int, str]:
    """Run `cmd`, append its output to `log`; (exit status, output). A timeout reads as status 124."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=timeout)
        status, out = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as e:
        status = 124
        out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        out += f"\n[timed out after {timeout:.0f} s]\n"
    with log.open("a") as f:
        f.write("$ " + " ".join(cmd) + "\n" + out + "\n")
    return status, out


def first_error(output: str) -> str:
    """The first compiler error or failed check of `output`, shortened for the table."""
    for pattern in (r"error: (.*)", r"FAILED:?(.*)", r"(terminate called.*)", r"(what\(\): .*)", r"(\[timed out.*)"):
        m = re.search(pattern, output)
        if m:
            text = " ".join(m.group(0).split())
            return text[:140]
    lines = [line for line in output.splitlines() if line.strip()]
    return (lines[-1] if lines else "no output")[:140]


def build_catch2(upstream: Path, build: Path, jobs: int) -> Path:
    """Configure, build and install upstream's bundled Catch2 v3 once; returns the install prefix."""
    prefix = build / "catch2-install"
    if (prefix / "include" / "catch2" / "catch_test_macros.hpp").exists():
        return prefix
    src = upstream / "thirdParty" / "catch2"
    if not (src / "CMakeLists.txt").exists():
        sys.exit(f"upstream-compat: {src} has no CMakeLists.txt; expected upstream's bundled Catch2 v3 there")
    bdir = build / "catch2-build"
    log = build / "catch2.log"
    cfg = [
        "cmake",
        "-S",
        str(src),
        "-B",
        str(bdir),
        "-DCMAKE_BUILD_TYPE=Release",
        f"-DCMAKE_INSTALL_PREFIX={prefix}",
        "-DCATCH_INSTALL_DOCS=OFF",
        "-DCATCH_INSTALL_EXTRAS=OFF",
        "-DBUILD_TESTING=OFF",
    ]
    for cmd in (cfg, ["cmake", "--build", str(bdir), "-j", str(jobs)], ["cmake", "--install", str(bdir)]):
        status, _ = run(cmd, log, timeout=1800)
        if status != 0:
            sys.exit(f"upstream-compat: building Catch2 failed ({' '.join(cmd[:2])}); see {log}")
    return prefix


class Builder:
    def __init__(self, args: argparse.Namespace, catch2: Path):
        self.args = args
        self.catch2 = catch2
        self.build: Path = args.build
        macros, libs = [], []
        for name in args.backends.split(","):
            macro, link = BACKENDS[name]
            macros.append(f"-D{macro}")
            libs += [flag for flag in link if flag not in libs]
        compiler = [args.cxx]
        if args.ccache and shutil.which("ccache"):
            compiler = ["ccache", args.cxx]
        # ALPAKA_USE_MDSPAN: as an upstream build with alpaka_USE_MDSPAN=FETCH, whose mdspan code is compiled only then.
        self.compile_cmd = [
            *compiler,
            "-std=c++20",
            args.opt,
            "-w",
            "-DALPAKA_USE_MDSPAN",
            "-I",
            str(REPO / "include"),
            "-isystem",
            str(catch2 / "include"),
            *macros,
            *(["-fopenmp"] if "-fopenmp" in libs else []),
        ]
        self.link_cmd = [args.cxx, "-pthread", *libs]
        self.catch_libs = [str(catch2 / "lib" / "libCatch2Main.a"), str(catch2 / "lib" / "libCatch2.a")]
        if not Path(self.catch_libs[0]).exists():
            self.catch_libs = [str(p) for p in sorted((catch2).glob("lib*/libCatch2Main.a"))] + [
                str(p) for p in sorted((catch2).glob("lib*/libCatch2.a"))
            ]

    def compile(self, src: Path, obj: Path, defines: list[str], includes: list[Path], log: Path) -> tuple[bool, str]:
        obj.parent.mkdir(parents=True, exist_ok=True)
        cmd = self.compile_cmd + defines + [f"-I{p}" for p in includes] + ["-c", str(src), "-o", str(obj)]
        status, out = run(cmd, log, timeout=self.args.compile_timeout)
        return status == 0, out

    def link_and_run(self, objs: list[Path], exe: Path, with_catch: bool, log: Path) -> tuple[bool, bool, str]:
        cmd = (
            self.link_cmd[:1]
            + [str(o) for o in objs]
            + (self.catch_libs if with_catch else [])
            + ["-o", str(exe)]
            + self.link_cmd[1:]
        )
        status, out = run(cmd, log, timeout=600)
        if status != 0:
            return False, False, out
        status, out = run([str(exe)], log, timeout=self.args.run_timeout, cwd=exe.parent)
        if status != 0 and with_catch and "No tests ran" in out:
            # Catch2 v3 fails a program none of whose test cases is compiled in for the enabled back-ends.
            return True, False, NO_TESTS
        return True, status == 0, out


def example_job(b: Builder, directory: Path) -> Result:
    name = directory.name
    r = Result("example", name, log=b.build / "logs" / f"example-{name}.log")
    r.log.unlink(missing_ok=True)
    start = time.monotonic()
    sources = sorted((directory / "src").glob("*.cpp")) or sorted(directory.glob("*.cpp"))
    objs, ok, out = [], True, ""
    for src in sources:
        obj = b.build / "obj" / "example" / name / (src.stem + ".o")
        ok, out = b.compile(src, obj, [], [directory / "src", directory / "include"], r.log)
        if not ok:
            break
        objs.append(obj)
    r.compiled = ok and bool(objs)
    if r.compiled:
        uses_catch = any("catch2" in s.read_text(errors="replace") for s in sources)
        linked, r.passed, out = b.link_and_run(objs, b.build / "bin" / f"example-{name}", uses_catch, r.log)
        r.compiled = linked
    r.reason = "" if r.passed else first_error(out)
    r.seconds = time.monotonic() - start
    return r


def unit_defines(upstream: Path, directory: Path) -> list[str]:
    """The `TEST_UNIT_...` definition that upstream's CMakeLists of `directory` sets, if any."""
    cml = directory / "CMakeLists.txt"
    if not cml.exists():
        return []
    return re.findall(r'target_compile_definitions\([^)]*PRIVATE\s+"?(-D\w+|\w+)"?', cml.read_text())


def unit_name(upstream: Path, src: Path) -> str:
    """`mem/view/ViewConst` for test/unit/mem/view/src/ViewConst.cpp: the name in the table and for --only."""
    return str(src.relative_to(upstream / "test" / "unit").with_suffix("")).replace("/src/", "/")


def unit_file_job(b: Builder, upstream: Path, directory: Path, src: Path) -> Result:
    name = unit_name(upstream, src)
    r = Result("unit file", name, log=b.build / "logs" / ("unit-" + name.replace("/", "-") + ".log"))
    r.log.unlink(missing_ok=True)
    start = time.monotonic()
    defines = [d if d.startswith("-D") else f"-D{d}" for d in unit_defines(upstream, directory)]
    obj = b.build / "obj" / "unit" / (name.replace("/", "-") + ".o")
    r.compiled, out = b.compile(src, obj, defines, [directory / "src", directory / "include"], r.log)
    if r.compiled:
        linked, r.passed, out = b.link_and_run([obj], b.build / "bin" / ("unit-" + name.replace("/", "-")), True, r.log)
        r.compiled = linked
    r.extra["obj"] = obj
    r.extra["dir"] = directory
    r.reason = "" if r.passed else first_error(out)
    r.seconds = time.monotonic() - start
    return r


def unit_program(b: Builder, upstream: Path, directory: Path, files: list[Result]) -> Result:
    name = str(directory.relative_to(upstream / "test" / "unit"))
    r = Result("unit program", name, log=b.build / "logs" / ("program-" + name.replace("/", "-") + ".log"))
    r.log.unlink(missing_ok=True)
    if not all(f.compiled for f in files):
        r.reason = "a file does not compile: " + ", ".join(f.name for f in files if not f.compiled)
        return r
    r.compiled, r.passed, out = b.link_and_run(
        [f.extra["obj"] for f in files], b.build / "bin" / ("program-" + name.replace("/", "-")), True, r.log
    )
    r.reason = "" if r.passed else first_error(out)
    return r


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--upstream", type=Path, required=True, help="an upstream alpaka checkout (example/, test/unit/)")
    p.add_argument("--build", type=Path, default=REPO / "build" / "upstream-compat")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument(
        "--backends", default="serial,threads,omp2b,omp2t,tbb,fibers", help=f"comma-separated, of {', '.join(BACKENDS)}"
    )
    p.add_argument("--cxx", default="g++")
    p.add_argument("--opt", default="-O2")
    p.add_argument("--ccache", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--only", default="", help="a regular expression: only the examples/files whose name matches")
    p.add_argument("--compile-timeout", type=float, default=900)
    p.add_argument("--run-timeout", type=float, default=600)
    p.add_argument("--skip-examples", action="store_true")
    p.add_argument("--skip-units", action="store_true")
    args = p.parse_args()
    upstream = args.upstream.resolve()
    if not (upstream / "example").is_dir() or not (upstream / "test" / "unit").is_dir():
        print(
            f"upstream-compat: {upstream} has no example/ and test/unit/: not an upstream alpaka checkout",
            file=sys.stderr,
        )
        return 2
    for name in args.backends.split(","):
        if name not in BACKENDS:
            print(
                f"upstream-compat: unknown back-end {name!r}; expected some of {', '.join(BACKENDS)}", file=sys.stderr
            )
            return 2
    args.build = args.build.resolve()
    (args.build / "logs").mkdir(parents=True, exist_ok=True)
    (args.build / "bin").mkdir(exist_ok=True)
    catch2 = build_catch2(upstream, args.build, args.jobs)
    b = Builder(args, catch2)
    only = re.compile(args.only)

    examples = [d for d in sorted((upstream / "example").iterdir()) if d.is_dir() and only.search(d.name)]
    unit_dirs: dict[Path, list[Path]] = {}
    for src in sorted((upstream / "test" / "unit").rglob("*.cpp")):
        directory = src.parent.parent if src.parent.name == "src" else src.parent
        if only.search(unit_name(upstream, src)):
            unit_dirs.setdefault(directory, []).append(src)

    results: list[Result] = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = []
        if not args.skip_examples:
            futures += [pool.submit(example_job, b, d) for d in examples]
        if not args.skip_units:
            futures += [pool.submit(unit_file_job, b, upstream, d, s) for d, srcs in unit_dirs.items() for s in srcs]
        for f in concurrent.futures.as_completed(futures):
            r = f.result()
            results.append(r)
            print(f"  {r.kind:12} {r.name:40} {state_of(r):8} {r.seconds:6.1f} s", flush=True)
        if not args.skip_units:
            by_dir = {d: [r for r in results if r.kind == "unit file" and r.extra["dir"] == d] for d in unit_dirs}
            programs = [pool.submit(unit_program, b, upstream, d, fs) for d, fs in by_dir.items()]
            results += [f.result() for f in programs]

    print_table(results)
    return 0


def print_table(results: list[Result]) -> None:
    order = {"example": 0, "unit file": 1, "unit program": 2}
    results.sort(key=lambda r: (order[r.kind], r.name))
    print()
    print(f"{'kind':13}{'name':40}{'result':10}reason")
    for r in results:
        reason = "" if r.reason == NO_TESTS else r.reason
        print(f"{r.kind:13}{r.name:40}{state_of(r):10}{reason}")
    print()
    for kind in order:
        rs = [r for r in results if r.kind == kind]
        if rs:
            built = sum(r.compiled for r in rs)
            passed = sum(r.passed for r in rs)
            empty = sum(state_of(r) == "no tests" for r in rs)
            print(
                f"{kind + 's':14}{len(rs):4} in all, {built:4} build, {passed:4} pass, {empty:4} have no test case for "
                "these back-ends"
            )


if __name__ == "__main__":
    sys.exit(main())
