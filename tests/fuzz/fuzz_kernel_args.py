# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Coverage-guided fuzzing (atheris, libFuzzer) of the kernel-argument packer: launches of the shipped kernels with
fuzzed argument lists, and the JIT's type mapping (_core.jit_argument_types) of the same values.

Each input is decoded into a kernel (fill, iota, copy, add, axpy, mul, triad, nstream, dot, reduce), a work
division and arguments: mostly a list that fits one of the kernel's C++ parameter lists with up to two arguments
replaced, else up to seven arbitrary ones, each a NumPy array, pyalpaka Buffer or DLPack import of any dtype, layout and
read-only flag, or a Python/NumPy number, bool, string, None or list. Every array has at least ELEMENTS elements and
a last integer argument (the kernels' n) is never above ELEMENTS, so that a launch the packer accepts stays inside
its memory. The packer must accept the arguments or raise TypeError/ValueError; anything else is a finding.

    python tests/fuzz/fuzz_kernel_args.py -max_total_time=30 [corpus folder]
"""

from __future__ import annotations

import contextlib
import sys

import atheris
import numpy as np

with atheris.instrument_imports():
    import pyalpaka as pk
    from pyalpaka import _core

ELEMENTS = 16
FAMILIES = ["fill", "iota", "copy", "add", "axpy", "mul", "triad", "nstream", "dot", "reduce"]
DTYPES = [
    np.bool_,
    np.int8,
    np.uint8,
    np.int16,
    np.uint16,
    np.int32,
    np.uint32,
    np.int64,
    np.uint64,
    np.float32,
    np.float64,
    np.complex64,
    np.complex128,
    np.float16,
    np.longdouble,
    ">f4",
    ">i8",
    "U2",
    "M8[s]",
    object,
]
NUMPY_SCALARS = [
    np.int8,
    np.uint8,
    np.int16,
    np.uint16,
    np.int32,
    np.uint32,
    np.int64,
    np.uint64,
    np.float16,
    np.float32,
    np.float64,
    np.longdouble,
    np.complex64,
    np.bool_,
]
SHAPES = [(16,), (4, 4), (2, 8), (2, 2, 4), (1, 16), (2, 2, 2, 2), (17,), (32,)]
REFUSALS = (TypeError, ValueError)
CPU = pk.device("cpu")
QUEUE = pk.Queue(CPU, blocking=True)


@atheris.instrument_func  # the decoder's branches guide libFuzzer too (the C++ core is not instrumented)
def make_array(fdp: atheris.FuzzedDataProvider) -> np.ndarray:
    dtype = np.dtype(fdp.PickValueInList(DTYPES))
    shape = fdp.PickValueInList(SHAPES)
    layout = fdp.ConsumeIntInRange(0, 4)
    if layout == 1:  # misaligned by one byte
        count = int(np.prod(shape))
        raw = np.zeros(count * dtype.itemsize + 1, np.uint8)
        array = (
            np.frombuffer(raw.data, dtype=dtype, count=count, offset=1).reshape(shape)
            if dtype != np.dtype(object)
            else np.zeros(shape, dtype)
        )
    elif layout == 2:  # every other row
        array = np.zeros((shape[0] * 2, *shape[1:]), dtype)[::2]
    elif layout == 3:  # reversed
        array = np.zeros(shape, dtype)[::-1]
    else:
        array = np.zeros(shape, dtype)
    if fdp.ConsumeBool():
        array.flags.writeable = False
    return array


@atheris.instrument_func
def make_pointer(fdp: atheris.FuzzedDataProvider):
    array = make_array(fdp)
    container = fdp.ConsumeIntInRange(0, 2)
    if container == 0:
        return array
    try:
        return pk.asarray(array, device=CPU) if container == 1 else pk.from_dlpack(array, device=CPU)
    except (TypeError, ValueError, BufferError):
        return array  # the container refused it (checked by the tests); fuzz the launch with the array


@atheris.instrument_func
def make_number(fdp: atheris.FuzzedDataProvider):
    kind = fdp.ConsumeIntInRange(0, 9)
    if kind == 0:
        return fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 10))  # up to 80-bit ints, both signs
    if kind == 1:
        return fdp.ConsumeIntInRange(0, ELEMENTS)
    if kind == 2:
        return fdp.ConsumeFloat()
    if kind == 3:
        return fdp.ConsumeBool()
    if kind in (4, 5):
        scalar_type = np.dtype(fdp.PickValueInList(NUMPY_SCALARS)).type
        if np.dtype(scalar_type).kind in "iu":
            limits = np.iinfo(scalar_type)
            return scalar_type(fdp.ConsumeIntInRange(int(limits.min), int(limits.max)))
        if scalar_type is np.bool_:
            return np.bool_(fdp.ConsumeBool())
        with np.errstate(all="ignore"):  # float16 overflows to inf, as NumPy would
            return scalar_type(fdp.ConsumeFloat())
    return fdp.PickValueInList(["1", None, b"1", [1], 1j, np.str_("x"), np.datetime64(1, "s"), object()])


CPP_TYPES = {"float": np.float32, "double": np.float64, "std::int32_t": np.int32, "std::int64_t": np.int64}


@atheris.instrument_func
def from_signature(fdp: atheris.FuzzedDataProvider, family) -> list:
    """Arguments that fit one of the family's C++ parameter lists, in one of the ways Python can pass each, with up
    to two of them then replaced by fuzzed values: random argument lists alone almost never reach a launch."""
    signatures = [params for backend, _, params in family.signatures if backend == CPU.backend]
    args = []
    for param in fdp.PickValueInList(signatures)[1:-1].split(", "):
        if param.endswith("*"):
            dtype = CPP_TYPES[param.removesuffix("*").removesuffix(" const")]
            array = np.zeros(fdp.PickValueInList(SHAPES[:6]), dtype)
            if param.endswith("const*") and fdp.ConsumeBool():
                array.flags.writeable = False
            container = fdp.ConsumeIntInRange(0, 2)
            args.append(
                array
                if container == 0
                else pk.asarray(array, device=CPU)
                if container == 1
                else pk.from_dlpack(array, device=CPU)
            )
        elif param == "std::size_t":
            args.append(fdp.PickValueInList([int, np.uint64, np.int32])(fdp.ConsumeIntInRange(0, ELEMENTS)))
        else:
            value = fdp.ConsumeFloat() if fdp.ConsumeBool() else fdp.ConsumeInt(fdp.ConsumeIntInRange(1, 9))
            args.append(value if fdp.ConsumeBool() else make_number(fdp))
    for _ in range(fdp.ConsumeIntInRange(0, 2)):
        if args:
            at = fdp.ConsumeIntInRange(0, len(args) - 1)
            args[at] = make_pointer(fdp) if fdp.ConsumeBool() else make_number(fdp)
    return args


@atheris.instrument_func
def bounded_count(value):
    """The kernels' n is the last argument: an int-like one above ELEMENTS (but convertible) is lowered to it."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) and ELEMENTS < value < 2**64:
        return ELEMENTS
    return value


@atheris.instrument_func
def test_one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    family = getattr(pk.kernels, fdp.PickValueInList(FAMILIES))
    dim = 1 if fdp.ConsumeProbability() < 0.9 else fdp.ConsumeIntInRange(1, 3)
    workdiv = pk.WorkDiv((fdp.ConsumeIntInRange(1, 4),) * dim, (1,) * dim, (fdp.ConsumeIntInRange(1, 8),) * dim)
    if fdp.ConsumeProbability() < 0.7:
        args = from_signature(fdp, family)
    else:
        count = fdp.ConsumeIntInRange(0, 7)
        args = [make_pointer(fdp) if fdp.ConsumeBool() else make_number(fdp) for _ in range(count)]
    if args:
        args[-1] = bounded_count(args[-1])
    with contextlib.suppress(*REFUSALS):
        _core.jit_argument_types(*args)
    try:
        family(QUEUE, workdiv, *args)
    except REFUSALS:
        return


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
