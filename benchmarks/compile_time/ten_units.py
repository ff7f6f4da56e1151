# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""A project of ten units, each one program with one kernel (two buffers, two memsets, one launch on a blocking
queue), built with CMake and Ninja three ways in one run: with this alpaka and its precompiled alpaka.hpp
(alpaka_PRECOMPILE_HEADERS=ON, one header shared by the ten targets), with this alpaka without it, and with an
upstream alpaka checkout (plain add_executable over its include folder). Wall time of a clean build with -j2, and of
the rebuild after one unit changed; median and best of --repeats rounds in which the three take turns
(docs/compile-time.md, "A precompiled alpaka").

    python benchmarks/compile_time/ten_units.py --upstream PATH [--build-type Release] [--repeats 3] [--units 10]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

UNIT = """#include <alpaka/alpaka.hpp>
#include <cstdio>
struct Kernel{i} {{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float a, float const* x, float* y, std::size_t n) const {{
        for(auto i : alpaka::uniformElements(acc, n)) y[i] = a * x[i] + y[i] + {i}.0f;
    }}
}};
int main() {{
    using Acc = alpaka::AccCpuSerial<alpaka::DimInt<1>, std::size_t>;
    auto const dev = alpaka::getDevByIdx(alpaka::Platform<Acc>{{}}, 0);
    alpaka::Queue<Acc, alpaka::Blocking> queue(dev);
    std::size_t const n = 1024;
    auto x = alpaka::allocBuf<float, std::size_t>(dev, n);
    auto y = alpaka::allocBuf<float, std::size_t>(dev, n);
    alpaka::memset(queue, x, 0);
    alpaka::memset(queue, y, 0);
    auto const wd = alpaka::getValidWorkDiv(
        alpaka::KernelCfg<Acc>{{n, 1}}, dev, Kernel{i}{{}}, 2.0f, std::data(x), std::data(y), n);
    alpaka::exec<Acc>(queue, wd, Kernel{i}{{}}, 2.0f, std::data(x), std::data(y), n);
    alpaka::wait(queue);
    std::printf("%f\\n", static_cast<double>(y[0]));
}}
"""

PROJECT = """cmake_minimum_required(VERSION 3.22)
project(tenUnits LANGUAGES CXX)
if(UPSTREAM)
    foreach(i RANGE {last})
        add_executable(unit${{i}} src/unit${{i}}.cpp)
        target_include_directories(unit${{i}} PRIVATE ${{UPSTREAM}}/include)
        target_compile_definitions(unit${{i}} PRIVATE ALPAKA_ACC_CPU_B_SEQ_T_SEQ_ENABLED)
        target_compile_features(unit${{i}} PRIVATE cxx_std_20)
        target_link_libraries(unit${{i}} PRIVATE pthread)
    endforeach()
else()
    add_subdirectory(${{OURS}} alpaka)
    foreach(i RANGE {last})
        alpaka_add_executable(unit${{i}} src/unit${{i}}.cpp)
        target_link_libraries(unit${{i}} PRIVATE alpaka::alpaka)
    endforeach()
endif()
"""


def build(folder: Path) -> float:
    start = time.perf_counter()
    subprocess.run(["cmake", "--build", str(folder), "-j2"], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", type=Path, required=True, help="an upstream alpaka checkout (its include/)")
    parser.add_argument("--build-type", default="Release")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--units", type=int, default=10)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="alpaka-ten-units-"))
    try:
        (work / "src").mkdir()
        for i in range(args.units):
            (work / "src" / f"unit{i}.cpp").write_text(UNIT.format(i=i))
        (work / "CMakeLists.txt").write_text(PROJECT.format(last=args.units - 1))
        common = ["-G", "Ninja", f"-DCMAKE_BUILD_TYPE={args.build_type}", "-DCMAKE_CXX_COMPILER_LAUNCHER="]
        variants = {
            "this alpaka, precompiled": [f"-DOURS={ROOT}", "-Dalpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE=ON",
                                         "-Dalpaka_PRECOMPILE_HEADERS=ON"],
            "this alpaka, not precompiled": [f"-DOURS={ROOT}", "-Dalpaka_ACC_CPU_B_SEQ_T_SEQ_ENABLE=ON",
                                             "-Dalpaka_PRECOMPILE_HEADERS=OFF"],
            "upstream": [f"-DUPSTREAM={args.upstream.resolve()}"],
        }  # fmt: skip
        clean: dict[str, list[float]] = {name: [] for name in variants}
        rebuild: dict[str, list[float]] = {name: [] for name in variants}
        folders = {}
        for index, (name, options) in enumerate(variants.items()):
            folders[name] = work / f"build-{index}"
            subprocess.run(["cmake", "-S", str(work), "-B", str(folders[name]), *common, *options], check=True,
                           capture_output=True)  # fmt: skip
        changed = work / "src" / "unit3.cpp"
        for _ in range(args.repeats):
            for name, folder in folders.items():
                subprocess.run(["cmake", "--build", str(folder), "--target", "clean"], check=True, capture_output=True)
                clean[name].append(build(folder))
                changed.write_text(changed.read_text() + "\n// changed\n")
                rebuild[name].append(build(folder))
        upstream = statistics.median(clean["upstream"])
        print(f"{args.units} units, CMAKE_BUILD_TYPE={args.build_type or '(empty)'}, -j2, {args.repeats} rounds")
        print(f"{'':30s} {'clean build':>22s} {'vs upstream':>12s} {'one unit changed':>22s}")
        for name in variants:
            c, r = clean[name], rebuild[name]
            ratio = statistics.median(c) / upstream
            print(
                f"{name:30s} {statistics.median(c):8.2f} s (best {min(c):5.2f}) {ratio:11.2f}x"
                f" {statistics.median(r):8.2f} s (best {min(r):5.2f})"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
