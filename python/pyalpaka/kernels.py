# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The kernels shipped with pyalpaka, compiled ahead of time for every back-end of the build.

Call one as ``pyalpaka.kernels.NAME(queue, workdiv, *args)`` with the arguments of its C++ ``operator()`` after
the accelerator (``help(pyalpaka.kernels.triad)`` lists the parameter lists):

- ``fill(x, value, n)``, ``iota(x, start, n)``: x[i] = value; x[i] = start + i
- ``axpy(a, x, y, n)``: y = a*x + y
- BabelStream: ``copy(a, c, n)``: c = a; ``mul(b, c, s, n)``: b = s*c; ``add(a, b, c, n)``: c = a + b;
  ``triad(a, b, c, s, n)``: a = b + s*c; ``nstream(a, b, c, s, n)``: a += b + s*c; ``dot(a, b, sum, n)``:
  sum += a·b
- ``reduce(x, sum, n)``: sum += Σx (block shared memory, one atomic per block)
- ``histogram(x, bins, n, nbins, lo, hi)``: counts of x in nbins equal bins of [lo, hi) (uint32 bins)
- 2-D: ``matmul(A, B, C, m, n, k)``: C = A·B (row-major, tiled through shared memory);
  ``stencil(inp, out, ny, nx)``: 5-point Jacobi step, boundary copied;
  ``heat(inp, out, params)``: an explicit step of the heat equation, its parameters a ``HeatParams`` struct
  (``heat.structs["HeatParams"]`` is its NumPy dtype: pass ``np.array((dt, ny, nx, alpha), dtype)[()]``)

Buffers and (on CPU devices) NumPy arrays are passed as pointers, numbers are converted to the parameter's type, a
struct parameter takes a NumPy structured scalar (or 0-d array) whose dtype has the struct's layout (``KERNEL.structs``
gives the dtypes; another layout is a TypeError naming the field that differs). The sizes are checked against the
buffers before every launch, on every back-end: sizes that need more elements than a buffer holds from its pointer to
its end (``n`` beyond ``x``, ``m * k`` beyond ``A``, ``ny * nx`` beyond ``inp``) are a ValueError naming the argument.
``source(name)`` is the path of a kernel's C++ source.

On a GPU queue (``cuda``) the shipped kernels are compiled at run time from the same sources, with the parameter
types of the ahead-of-time variant the arguments select, through NVRTC (once per device architecture, cached like
``pyalpaka.Kernel``): ``KERNEL.gpu_kernel`` is the ``pyalpaka.Kernel`` that does it, ``KERNEL.cpp_name`` the C++ type.
"""

from __future__ import annotations

from pathlib import Path

from . import _core
from ._kernel import Kernel

_FAMILIES = _core.aot_kernels()


def _gpu_kernel(family: _core.KernelFamily) -> Kernel:
    """The run-time kernel that compiles `family` for GPU back-ends: its shipped source (kernels/NAME.hpp), with its
    struct parameters registered under the qualified names its parameter lists use."""
    structs = {f"pyalpaka::kernels::{name}": dtype for name, dtype in family.structs.items()}
    return Kernel(
        f"#include <kernels/{family.name}.hpp>\n",
        family.cpp_name,
        filename=f"kernels/{family.name}.hpp",
        structs=structs,
    )


for _family in _FAMILIES.values():
    _family.gpu_kernel = _gpu_kernel(_family)
del _family

# Module attributes, found by a dictionary lookup: pyalpaka.kernels.fill(...) is written at every launch, and the
# module's __getattr__ (which names the kernels there are in its AttributeError) is a Python call
# (docs/dev/measurements.md#the-launch-from-python).
assert not set(_FAMILIES) & set(globals()), "a shipped kernel's name is taken in pyalpaka.kernels"
globals().update(_FAMILIES)


def __getattr__(name: str) -> _core.KernelFamily:
    try:
        return _FAMILIES[name]
    except KeyError:
        raise AttributeError(
            f"pyalpaka.kernels has no kernel {name!r}; the shipped kernels are: {', '.join(sorted(_FAMILIES))}"
        ) from None


def __dir__() -> list[str]:
    return sorted([*_FAMILIES, "names", "source"])


def names() -> list[str]:
    """The names of the shipped kernels."""
    return sorted(_FAMILIES)


def source(name: str) -> Path:
    """The path of the C++ source of a shipped kernel (installed with the package)."""
    if name not in _FAMILIES:
        raise ValueError(f"no shipped kernel {name!r}; the shipped kernels are: {', '.join(sorted(_FAMILIES))}")
    return Path(__file__).resolve().parent / "include" / "kernels" / f"{name}.hpp"
