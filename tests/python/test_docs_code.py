# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The Python code of the README and of the Python tutorial runs as written (each document's blocks in order, as one
script in a process of its own, asserting its own results), and each error the README promises is the exception it
names, with a message that names the value."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk

from _scripts_env import ROOT, scripts_env


def python_blocks(document: Path) -> str:
    """The ```python blocks of `document`, in order, as one script."""
    return "\n".join(re.findall(r"^```python\n(.*?)^```", document.read_text(), re.M | re.S))


@pytest.fixture(scope="module")
def docs_env(tmp_path_factory: pytest.TempPathFactory, shared_pch: Path) -> dict[str, str]:
    return scripts_env(tmp_path_factory)


def run_script(script: str, env: dict[str, str], cwd: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=cwd, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, f"stdout:\n{done.stdout[-3000:]}\nstderr:\n{done.stderr[-5000:]}"


def test_the_python_tutorial_runs_as_written(docs_env, tmp_path):
    script = python_blocks(ROOT / "docs" / "tutorial-python.md")
    assert 'fp_contract="off"' in script and "pk.kernels.reduce" in script and "uniformElementsAlongY" in script
    run_script(script, docs_env, tmp_path)


def test_the_readmes_python_runs_as_written(docs_env, tmp_path):
    readme = (ROOT / "README.md").read_text()
    # "The same kernel from Python ... (the struct above in axpy.hpp)": the C++ example's kernel struct.
    (tmp_path / "axpy.hpp").write_text(re.search(r"^struct Axpy\n.*?^};\n", readme, re.M | re.S)[0])
    run_script(python_blocks(ROOT / "README.md"), docs_env, tmp_path)


# --- the README's error promises --------------------------------------------------------------------------------------
# "Errors are the natural Python ones with messages naming the values: TypeError for argument types and devices,
# ValueError for shapes, extents and work divisions, MemoryError, pk.BackendUnavailableError with the reason."

SCALE = r"""
struct Scale {
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float* x, float factor, std::int64_t n) const {
        for(auto i : alpaka::uniformElements(acc, static_cast<std::size_t>(n))) x[i] *= factor;
    }
};"""


@pytest.fixture
def cpu_queue():
    return pk.Queue(pk.device("cpu_serial"), blocking=True)


def test_a_wrong_argument_type_is_a_type_error_naming_it(cpu_queue, module_kernel_cache):
    with pytest.raises(TypeError, match=r"argument 1 of Scale: a float64 array or buffer \(double\*\)"):
        pk.Kernel(SCALE, "Scale")(cpu_queue, pk.WorkDiv(4), np.ones(4), 2.0, 4)
    with pytest.raises(
        TypeError, match=r"axpy has no variant for the arguments \(numpy\.float32, float32 array, float64 array, int\)"
    ):
        pk.kernels.axpy(cpu_queue, pk.WorkDiv(4), np.float32(1), np.ones(4, np.float32), np.ones(4), 4)


def test_a_numpy_array_or_buffer_of_another_device_is_a_type_error(tmp_path, docs_env):
    """On the cuda back-end over the tests' stand-in driver (tests/python/fake_cuda), where no GPU is lent."""
    driver = tmp_path / "libcuda_standin.so"
    source = Path(__file__).with_name("fake_cuda") / "fake_libcuda.c"
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", "-o", str(driver), str(source)], check=True, capture_output=True)
    script = """
import numpy as np, pyalpaka as pk
q = pk.Queue(pk.device("cuda"), blocking=True)
for argument, message in ((np.zeros(4, np.float32), "is a NumPy array, which a kernel on cuda:0 cannot read"),
                          (pk.zeros("cpu_serial", 4, np.float32), "is a buffer of cpu_serial:0, which a kernel on")):
    try:
        pk.kernels.fill(q, pk.WorkDiv(1), argument, np.float32(1), 4)
    except TypeError as error:
        assert message in str(error), error
    else:
        raise AssertionError("no TypeError")
"""
    run_script(script, {**docs_env, "PYALPAKA_CUDA_DRIVER": str(driver)}, tmp_path)


def test_shapes_extents_and_work_divisions_are_value_errors(cpu_queue):
    dev = cpu_queue.device
    with pytest.raises(ValueError, match=r"1048576.*1000|1000.*1048576"):  # an extent beyond the buffers
        pk.kernels.axpy(cpu_queue, pk.WorkDiv(1), np.float32(2), np.ones(1000, np.float32), np.ones(1000, np.float32),
                        1 << 20)  # fmt: skip
    with pytest.raises(ValueError, match=r"shape"):  # a copy between shapes that differ
        pk.memcpy(cpu_queue, pk.zeros(dev, (4, 5), np.float32), pk.zeros(dev, (5, 4), np.float32))
    with pytest.raises(ValueError, match=r"block"):  # two threads per block on a one-thread back-end
        pk.kernels.fill(cpu_queue, pk.WorkDiv(1, 2, 1), np.zeros(4, np.float32), np.float32(1), 4)


def test_an_allocation_that_cannot_be_made_is_a_memory_error():
    with pytest.raises(MemoryError, match=r"\d"):
        pk.empty(pk.device("cpu_serial"), 1 << 60, np.float64)


def test_an_unavailable_backend_is_backend_unavailable_error_with_the_reason():
    unavailable = [b for b in pk.backends() if not b.available]
    if not unavailable:
        pytest.skip("every back-end of this build is available here")
    with pytest.raises(pk.BackendUnavailableError, match=re.escape(unavailable[0].reason[:40])):
        pk.device(unavailable[0].name)


def test_a_kernel_that_does_not_compile_shows_its_source_lines(module_kernel_cache):
    broken = SCALE.replace("x[i] *= factor;", "x[i] *= factr;")
    with pytest.raises(pk.CompileError) as caught:
        pk.Kernel(broken, "Scale").compile("cpu_serial", 1, ["float*", "float", "std::int64_t"])
    assert "x[i] *= factr;" in str(caught.value) and "factr" in caught.value.log


def test_the_tutorials_stencil_compiles_for_gpus_and_gpu_buffers_are_dense(tmp_path, docs_env):
    """The tutorial's 2-D section says pyalpaka's buffers are dense on every device and that its kernel takes the row
    pitch so that it runs on padded rows too: its kernel compiles for CUDA and HIP (NVRTC, hiprtc; skipped where
    neither is installed), and a 2-D buffer of the cuda back-end (over the stand-in driver) is dense."""
    tutorial = (ROOT / "docs" / "tutorial-python.md").read_text()
    source = re.search(r"jacobi = pk\.Kernel\(r'''(.*?)''', \"Jacobi\"\)", tutorial, re.S)[1]
    types = ["float const*", "float*", "std::size_t", "std::size_t", "std::size_t"]
    compiled = 0
    for backend, arch in (("cuda", "sm_90"), ("hip", "gfx90a")):
        try:
            pk.Kernel(source, "Jacobi").compile(backend, 2, types, arch=arch)
            compiled += 1
        except (pk.BackendUnavailableError, FileNotFoundError, OSError) as error:
            print(f"{backend}: not compiled ({error})")
    if compiled == 0:
        pytest.skip("neither NVRTC nor hiprtc is installed")
    driver = tmp_path / "libcuda_standin.so"
    source_file = Path(__file__).with_name("fake_cuda") / "fake_libcuda.c"
    subprocess.run(["cc", "-shared", "-fPIC", "-O1", "-o", str(driver), str(source_file)], check=True)
    script = """
import numpy as np, pyalpaka as pk
b = pk.zeros(pk.device("cuda"), (5, 7), np.float32)
assert b.pitches == (28, 4) and b.is_contiguous, (b.pitches, b.is_contiguous)
"""
    run_script(script, {**docs_env, "PYALPAKA_CUDA_DRIVER": str(driver)}, tmp_path)
