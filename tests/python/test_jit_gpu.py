# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
# One file: every case compiles through the same target fixtures (NVRTC and hiprtc found, probed and skipped once).
"""Run-time compilation for the GPU back-ends: NVRTC to CUBIN for sm_90 and hiprtc to a code object for gfx90a; the
generated entry, the cache, the error messages and the command line. Needs the compilers (the CUDA toolkit's NVRTC
and CCCL headers; ROCm's libamdhip64), not a GPU."""

from __future__ import annotations

import functools
import json
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import pyalpaka as pk
from pyalpaka import _gpu_compiler, _rtc

from _support import AXPY, AXPY_TYPES, BLOCK_SUM, GRID_SUM, gpu_compiler_missing

EM_CUDA = 190


EM_AMDGPU = 224
# MI200 and MI300: gfx942 needs a hiprtc newer than ROCm 5.2's (Debian 12's), which the test skips saying so.
TARGETS = [("cuda", "sm_90", EM_CUDA), ("hip", "gfx90a", EM_AMDGPU), ("hip", "gfx942", EM_AMDGPU)]


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))


def usable(backend: str) -> None:
    """Skips unless the run-time compiler of `backend` is installed (CI has both) and, for hiprtc, has the system
    headers it needs."""
    if missing := gpu_compiler_missing(backend):
        pytest.skip(missing)
    if backend == "hip" and (missing := _hiprtc_missing_system_header()):
        pytest.skip(f"hip: the hiprtc found here lacks a system header: {missing}")


@functools.cache
def _hiprtc_missing_system_header() -> str | None:
    """The C header hiprtc could not find compiling AXPY (a hiprtc library without its compiler's builtin headers,
    as some GPU machines without ROCm carry), or None. Any other compile error is left to the tests to report."""
    try:
        # Another kernel name: the tests that expect AXPY's first compile to be a miss still get one.
        pk.Kernel(AXPY.replace("struct Axpy", "struct HiprtcProbe"), "HiprtcProbe").compile(
            "hip", 1, AXPY_TYPES, arch="gfx90a"
        )
    except pk.CompileError as error:
        found = re.search(r"fatal error: '([a-z_]+\.h)' file not found", str(error))
        if found:
            return f"{found.group(1)} ({str(error).splitlines()[0]})"
    return None


@pytest.fixture
def nvrtc_or_skip():
    usable("cuda")


@pytest.fixture(params=TARGETS, ids=[t[0] if t[0] == "cuda" else f"hip-{t[1]}" for t in TARGETS])
def target(request):
    """(back-end, architecture, ELF machine of its code) for each GPU target whose compiler is installed and knows
    the target."""
    backend, arch, _ = request.param
    usable(backend)
    if backend == "hip":
        compiler = _rtc.hiprtc()
        known = _rtc.hiprtc_targets(compiler.path)
        if known is not None and arch not in known:
            pytest.skip(f"hip: the hiprtc here ({compiler.path}, {compiler.identity}) cannot compile for {arch}")
    return request.param


def elf_machine(code: bytes) -> int:
    assert code[:4] == b"\x7fELF", "not an ELF file"
    return struct.unpack_from("<H", code, 18)[0]


def elf_symbol_size(code: bytes, name: str) -> int:
    """The size of symbol `name` in the symbol table of a 64-bit little-endian ELF file (CUBIN, AMD code object)."""
    (section_offset,) = struct.unpack_from("<Q", code, 0x28)
    entry_size, count = struct.unpack_from("<HH", code, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", code, section_offset + i * entry_size) for i in range(count)]
    for _, kind, _, _, offset, size, link, _, _, symbol_size in sections:
        if kind != 2:  # SHT_SYMTAB
            continue
        strings = sections[link][4]
        for at in range(offset, offset + size, symbol_size):
            (name_offset,) = struct.unpack_from("<I", code, at)
            end = code.index(b"\0", strings + name_offset)
            if code[strings + name_offset : end] == name.encode():
                return struct.unpack_from("<Q", code, at + 16)[0]
    raise AssertionError(f"no symbol {name} in the code")


def elf_code(code: bytes) -> dict[bytes, bytes]:
    """The machine code of a 64-bit little-endian ELF file: its .text sections by name (the notes record options)."""
    (section_offset,) = struct.unpack_from("<Q", code, 0x28)
    entry_size, count, names_index = struct.unpack_from("<HHH", code, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", code, section_offset + i * entry_size) for i in range(count)]
    names = sections[names_index][4]
    found = {}
    for name_offset, _, _, _, offset, size, *_ in sections:
        name = code[names + name_offset : code.index(b"\0", names + name_offset)]
        if name.startswith(b".text"):
            found[name] = code[offset : offset + size]
    return found


def test_compiles_code_for_the_architecture_with_both_entries(target):
    backend, arch, machine = target
    entry = pk.Kernel(AXPY, "Axpy").compile(backend, 1, AXPY_TYPES, arch=arch)
    assert not entry.hit and entry.compile_seconds > 0
    assert entry.path.suffix == (".cubin" if backend == "cuda" else ".hsaco")
    code = entry.path.read_bytes()
    assert elf_machine(code) == machine
    # The unmangled names the module loader looks up, and the architecture in the code's notes.
    assert b"pyalpaka_kernel" in code and b"pyalpaka_dyn_shared_bytes" in code
    # 1 byte: Axpy does not specialize BlockSharedMemDynSizeBytes, so its launches skip pyalpaka_dyn_shared_bytes.
    assert elf_symbol_size(code, "pyalpaka_dyn_shared_kind") == 1
    # The architecture: in the notes of NVRTC's CUBIN and hiprtc's code object; the driver's CUBIN (made where a
    # device of the architecture is present, see _ptx.py) says it in its ELF flags (bits 8-15: 90 for sm_90).
    (flags,) = struct.unpack_from("<I", code, 0x30)
    assert arch.encode() in code or (backend == "cuda" and (flags >> 8) & 0xFF == int(arch[3:]))


def test_second_compile_is_a_hit_in_process_and_in_a_new_kernel_object(nvrtc_or_skip):
    first = pk.Kernel(AXPY, "Axpy")
    entry = first.compile("cuda", 1, AXPY_TYPES, arch=90)
    assert first.compile("cuda", 1, AXPY_TYPES, arch="sm_90") is entry
    again = pk.Kernel(AXPY, "Axpy").compile("cuda", 1, AXPY_TYPES, arch="compute_90")
    assert again.hit and again.key == entry.key and again.path == entry.path


def test_architecture_and_types_are_part_of_the_key(nvrtc_or_skip):
    kernel = pk.Kernel(AXPY, "Axpy")
    sm90 = kernel.compile("cuda", 1, AXPY_TYPES, arch="sm_90")
    sm80 = kernel.compile("cuda", 1, AXPY_TYPES, arch="sm_80")
    doubles = kernel.compile("cuda", 1, ["double", "double const*", "double*", "std::size_t"], arch="sm_90")
    assert len({sm90.key, sm80.key, doubles.key}) == 3
    assert b"sm_80" in sm80.path.read_bytes()


def test_changing_an_included_header_misses(tmp_path, nvrtc_or_skip):
    header = tmp_path / "scale.hpp"
    header.write_text("#pragma once\nconstexpr float scale = 2.0f;\n")
    source = tmp_path / "scaled.cu"
    source.write_text('#include "scale.hpp"\n' + AXPY.replace("a * x[i]", "scale * a * x[i]"))
    first = pk.Kernel.from_file(source, "Axpy").compile("cuda", 1, AXPY_TYPES, arch="sm_90")
    assert pk.Kernel.from_file(source, "Axpy").compile("cuda", 1, AXPY_TYPES, arch="sm_90").hit
    header.write_text("#pragma once\nconstexpr float scale = 3.0f;\n")
    changed = pk.Kernel.from_file(source, "Axpy").compile("cuda", 1, AXPY_TYPES, arch="sm_90")
    assert not changed.hit and changed.path.read_bytes() != first.path.read_bytes()


@pytest.mark.parametrize(
    ("header", "name", "dim", "types"),
    [
        ("reduce", "pyalpaka::kernels::Reduce", 1, ["double const*", "double*", "std::size_t"]),
        (
            "matmul",
            "pyalpaka::kernels::MatMul",
            2,
            ["float const*", "float const*", "float*", "std::size_t", "std::size_t", "std::size_t"],
        ),
        (
            "histogram",
            "pyalpaka::kernels::Histogram",
            1,
            ["float const*", "std::uint32_t*", "std::size_t", "std::uint32_t", "float", "float"],
        ),
    ],
    ids=["reduce", "matmul", "histogram"],
)
def test_shipped_kernels_with_shared_memory_and_atomics_compile(target, header, name, dim, types):
    backend, arch, machine = target
    entry = pk.Kernel(f"#include <kernels/{header}.hpp>\n", name).compile(backend, dim, types, arch=arch)
    assert elf_machine(entry.path.read_bytes()) == machine


def test_shipped_kernel_with_a_struct_parameter_compiles(target):
    """pk.kernels.heat takes a HeatParams struct: the GPU path compiles its shipped source with the struct registered
    under its qualified name (the run-time layout checks pass against the exposed dtype)."""
    backend, arch, machine = target
    types = ("double const*", "double*", "pyalpaka::kernels::HeatParams")
    entry = pk.kernels.heat.gpu_kernel.compile(backend, 2, types, arch=arch)
    assert elf_machine(entry.path.read_bytes()) == machine


def test_every_shipped_kernel_compiles(target):
    """Each shipped kernel (one of its parameter lists) through the path a launch on the GPU takes: its
    gpu_kernel, the shipped source compiled at run time for the target."""
    backend, arch, machine = target
    for name in pk.kernels.names():
        family = getattr(pk.kernels, name)
        dim, params = min((d, p) for _, d, p in family.signatures)
        types = [t if t not in family.structs else f"pyalpaka::kernels::{t}" for t in params.strip("()").split(", ")]
        entry = family.gpu_kernel.compile(backend, dim, types, arch=arch)
        assert elf_machine(entry.path.read_bytes()) == machine, name


def test_syntax_error_shows_the_users_line(target):
    backend, arch, _ = target
    source = (
        "struct Broken\n{\n    template<typename TAcc>\n"
        "    ALPAKA_FN_ACC void operator()(TAcc const&, float* x) const\n"
        "    {\n        x[0] = not_declared;\n    }\n};\n"
    )
    with pytest.raises(pk.CompileError) as caught:
        pk.Kernel(source, "Broken").compile(backend, 1, ["float*"], arch=arch)
    error = caught.value
    assert error.diagnostics()[0][0] == 6
    assert ">    6 |         x[0] = not_declared;" in str(error)
    assert ("nvrtc" if backend == "cuda" else "hiprtc") in str(error) and arch in str(error)
    # compute_90 where NVRTC wrote PTX for the driver to compile (a device of the architecture is present)
    assert any(arch in part or arch.replace("sm_", "compute_") in part for part in error.command)


def test_wrong_argument_types_raise_compile_error_saying_so(target):
    backend, arch, _ = target
    with pytest.raises(pk.CompileError, match="Axpy") as caught:
        pk.Kernel(AXPY, "Axpy").compile(backend, 1, ["float", "int*", "float*", "std::size_t"], arch=arch)
    assert "The kernel cannot be called as kernel(acc, args...)" in str(caught.value)


def test_a_wrong_argument_type_found_by_the_gpu_compiler_is_a_type_error(target):
    """A kernel whose parameter list the Python side cannot read (a class template): NVRTC's and hiprtc's report
    of the library's check (alpaka/kernel/KernelParameters.hpp) is read back into a TypeError naming the argument."""
    backend, arch, _ = target
    # T through an alias, which the Python side does not follow.
    source = AXPY.replace("struct Axpy\n{", "template<typename T> struct AxpyOf\n{\n    using Elem = T;")
    source = source.replace("template<typename TAcc, typename T>", "template<typename TAcc>")
    source = source.replace("T a, T const* x, T* y", "Elem a, Elem const* x, Elem* y")
    expected = (
        r"^argument 2 of AxpyOf<float>: a float64 array or buffer \(double ?\*\) cannot be passed as "
        r"(const float|float const) ?\* \(found by the compiler\)"
    )
    with pytest.raises(TypeError, match=expected):
        pk.Kernel(source, "AxpyOf<float>").compile(backend, 1, ["float", "double*", "float*", "std::size_t"], arch=arch)


def test_bad_targets_are_value_errors(nvrtc_or_skip):
    kernel = pk.Kernel(AXPY, "Axpy")
    with pytest.raises(ValueError, match="needs arch="):
        kernel.compile("cuda", 1, AXPY_TYPES)
    with pytest.raises(ValueError, match="sm_90"):
        kernel.compile("cuda", 1, AXPY_TYPES, arch="volta")
    with pytest.raises(ValueError, match="gfx90a"):
        kernel.compile("hip", 1, AXPY_TYPES, arch="sm_90")
    with pytest.raises(ValueError, match="GPU back-ends"):
        kernel.compile("cpu_serial", 1, AXPY_TYPES, arch="sm_90")


def test_hiprtc_identity_names_the_hip_runtime_in_this_and_later_processes():
    """hiprtc's own version says little (ROCm 5.2's is 9.0): the HIP runtime's version, part of the cache key, is
    read where the library has one, and remembered with the version for processes that do not load the library."""
    usable("hip")
    compiler = _rtc.hiprtc()
    if compiler.runtime is None:
        pytest.skip(f"hip: {compiler.path} has no hipRuntimeGetVersion")
    assert re.fullmatch(r"hiprtc \d+\.\d+, HIP \d+\.\d+\.\d+", compiler.identity), compiler.identity
    child = subprocess.run(
        [sys.executable, "-c", "from pyalpaka import _rtc; print(_rtc.hiprtc().identity)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert child.stdout.strip() == compiler.identity


def test_a_target_the_hiprtc_does_not_know_is_a_value_error_naming_those_it_knows():
    """hiprtc of ROCm 5.2 aborts the process on a target its LLVM lacks: the target is checked against the list ROCm's
    amd_comgr gives, before hiprtc sees it."""
    usable("hip")
    known = _rtc.hiprtc_targets(_rtc.hiprtc().path)
    if known is None:
        pytest.skip("hip: no amd_comgr next to the hiprtc here to ask for its targets")
    assert "gfx90a" in known and all(t.startswith("gfx") for t in known), known
    with pytest.raises(ValueError, match=r"cannot compile for 'gfx9ff': its code generator knows .*gfx90a"):
        pk.Kernel(AXPY, "Axpy").compile("hip", 1, AXPY_TYPES, arch="gfx9ff")


def test_generated_unit_numbers_the_users_lines_and_exports_c_names(nvrtc_or_skip):
    request = pk.Kernel(AXPY, "Axpy")._request("cuda", 2, tuple(AXPY_TYPES))
    text = _gpu_compiler.generate(request, _gpu_compiler.target("cuda", "sm_90"))
    assert '#line 1 "kernel.cpp"' in text
    assert "alpaka::AccGpuCudaRt<alpaka::DimInt<2>, std::size_t>" in text
    assert 'extern "C" __global__ void pyalpaka_kernel(' in text
    assert "float a0, float const* a1, float* a2, std::size_t a3" in text


def test_precompile_command_line_for_cuda(tmp_path, nvrtc_or_skip):
    source = tmp_path / "axpy.cu"
    source.write_text(AXPY)
    command = [
        sys.executable,
        "-m",
        "pyalpaka",
        "cache",
        "precompile",
        str(source),
        "--kernel",
        "Axpy",
        "--signature",
        ", ".join(AXPY_TYPES),
        "--backend",
        "cuda",
        "--arch",
        "sm_90",
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "compiled in" in done.stderr
    missing = subprocess.run(command[:-2], capture_output=True, text=True, check=False)
    assert missing.returncode == 2 and "needs --arch" in missing.stderr


HIT_IN_A_NEW_PROCESS = """
import sys
import pyalpaka as pk
from pyalpaka import _rtc
entry = pk.Kernel(sys.argv[1], "Axpy").compile("cuda", 1, sys.argv[2].split(","), arch=90)
print(entry.hit, _rtc.nvrtc()._lib is None, _rtc.nvrtc().identity)
"""


def test_a_cache_hit_in_a_new_process_does_not_load_nvrtc(nvrtc_or_skip):
    compiler = _rtc.nvrtc()
    command = [sys.executable, "-c", HIT_IN_A_NEW_PROCESS, AXPY, ",".join(AXPY_TYPES)]
    first = subprocess.run(command, capture_output=True, text=True, check=True)  # compiles, remembers NVRTC
    assert first.stdout.split()[:2] == ["False", "False"]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    # The version (in the cache key) comes from rtc-libraries.json; loading the library costs milliseconds.
    assert done.stdout.split() == ["True", "True", *compiler.identity.split()]
    # A library changed in place (another modification time) is loaded again, and remembered anew.
    memo = Path(os.environ["PYALPAKA_CACHE_DIR"]) / "rtc-libraries.json"
    entries = json.loads(memo.read_text())
    # Unless NVRTC was named by $PYALPAKA_NVRTC or found by ldconfig, the search of the toolkit and wheel folders is
    # remembered with their modification times, so that a new process lists none of them.
    search = entries.get("nvrtc search")
    if search is not None:
        assert search["path"] == compiler.path and all(len(state) == 2 for state in search["folders"]), search
        search["folders"][0][1] += 1  # a folder changed: searched again, and remembered anew
    for entry in entries.values():
        if "mtime_ns" in entry:
            entry["mtime_ns"] += 1
    memo.write_text(json.dumps(entries))
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert done.stdout.split()[:2] == ["True", "False"]
    assert json.loads(memo.read_text()) != entries
    memo.write_text("not json")  # a damaged memo only means a load
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    assert done.stdout.split()[:2] == ["True", "False"]


def test_kernel_specializing_the_shared_memory_trait_compiles(target):
    backend, arch, machine = target
    entry = pk.Kernel(BLOCK_SUM, "BlockSum").compile(
        backend, 1, ["std::int64_t const*", "std::int64_t*", "std::uint64_t"], arch=arch
    )
    code = entry.path.read_bytes()
    assert elf_machine(code) == machine
    # 2 bytes: the loader runs pyalpaka_dyn_shared_bytes before each launch of a kernel that specializes the trait.
    assert elf_symbol_size(code, "pyalpaka_dyn_shared_kind") == 2


@pytest.mark.parametrize(
    ("variable", "loader"),
    [("PYALPAKA_NVRTC", "nvrtc"), ("PYALPAKA_HIPRTC", "hiprtc"), ("PYALPAKA_CCCL_INCLUDE", "cccl_include")],
)
def test_an_explicit_compiler_path_that_does_not_work_is_reported(monkeypatch, tmp_path, variable, loader):
    function = getattr(_rtc, loader)
    monkeypatch.setenv(variable, str(tmp_path / "missing"))
    function.cache_clear()
    try:
        with pytest.raises(pk.BackendUnavailableError, match=variable):
            function()
    finally:
        monkeypatch.delenv(variable)
        function.cache_clear()


GRID_SUM_TYPES = ("double const*", "double*", "double*", "std::int64_t")


def test_cooperative_variant_compiles_with_the_grid_barrier(nvrtc_or_skip):
    try:
        _rtc.cooperative_groups_include()
    except pk.BackendUnavailableError as error:
        pytest.skip(f"no cooperative groups headers here: {error}")
    kernel = pk.Kernel(GRID_SUM, "GridSum")
    entry = kernel.compile("cuda", 1, GRID_SUM_TYPES, arch="sm_90", cooperative=True)
    assert elf_machine(entry.path.read_bytes()) == EM_CUDA
    assert b"pyalpaka_kernel" in entry.path.read_bytes()


def test_grid_sync_without_a_cooperative_launch_fails_to_compile_saying_what_to_do(target):
    backend, arch, _ = target
    with pytest.raises(pk.CompileError, match="cooperative=True"):
        pk.Kernel(GRID_SUM, "GridSum").compile(backend, 1, GRID_SUM_TYPES, arch=arch)


def test_hip_has_no_grid_barrier_under_hiprtc(tmp_path):
    usable("hip")
    with pytest.raises(pk.CompileError, match="run-time compiled HIP kernels cannot synchronize the grid"):
        pk.Kernel(GRID_SUM, "GridSum").compile("hip", 1, GRID_SUM_TYPES, arch="gfx90a", cooperative=True)


PCH_COMPILES = """
import sys
import pyalpaka as pk
from pyalpaka import _gpu_compiler
source, types = sys.argv[1], sys.argv[2].split(",")
options = []
real = _gpu_compiler._precompiled_header_options
_gpu_compiler._precompiled_header_options = lambda gpu: options.append(real(gpu)) or options[-1]
for i in range(3):  # three kernels: without the precompiled header, creating it, using it
    name = f"Axpy{i}"
    entry = pk.Kernel(source.replace("struct Axpy", f"struct {name}"), name).compile("cuda", 1, types, arch=90)
    print(entry.path)
print(options)
"""


def test_nvrtc_precompiles_the_headers_from_a_process_second_compilation_with_the_same_code(nvrtc_or_skip, tmp_path):
    if _rtc.nvrtc().version < (12, 8):
        pytest.skip(f"{_rtc.nvrtc().identity} has no precompiled headers (12.8 and later)")
    command = [sys.executable, "-c", PCH_COMPILES, AXPY, ",".join(AXPY_TYPES)]
    with_pch = subprocess.run(command, capture_output=True, text=True, check=True).stdout.splitlines()
    assert with_pch[-1] == str(
        [
            [],
            ["--pch", "--pch-messages=false", "-diag-suppress=20283"],
            ["--pch", "--pch-messages=false", "-diag-suppress=20283"],
        ]
    )
    env = {**os.environ, "PYALPAKA_NVRTC_PCH": "0", "PYALPAKA_CACHE_DIR": str(tmp_path / "other")}
    without = subprocess.run(command, capture_output=True, text=True, check=True, env=env).stdout.splitlines()
    assert without[-1] == str([[], [], []])
    for ours, theirs in zip(with_pch[:3], without[:3]):
        code = elf_code(Path(ours).read_bytes())
        assert code and code == elf_code(Path(theirs).read_bytes()), "the precompiled header changed the code"


def test_nvrtc_compiles_kernels_from_several_threads_at_once(nvrtc_or_skip):
    # The first compilation of the process runs without the precompiled header, the others take turns with it.
    from concurrent.futures import ThreadPoolExecutor

    kernels = [pk.Kernel(AXPY.replace("struct Axpy", f"struct Threaded{i}"), f"Threaded{i}") for i in range(4)]
    with ThreadPoolExecutor(4) as pool:
        entries = list(pool.map(lambda kernel: kernel.compile("cuda", 1, AXPY_TYPES, arch=90), kernels))
    assert len({entry.key for entry in entries}) == 4
    for entry in entries:
        assert not entry.hit and elf_machine(entry.path.read_bytes()) == EM_CUDA
        assert elf_code(entry.path.read_bytes())
