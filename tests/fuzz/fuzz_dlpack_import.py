# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Coverage-guided fuzzing (atheris, libFuzzer) of pk.from_dlpack on hand-made DLPack capsules.

Each input is decoded into the fields of a DLManagedTensor (legacy or versioned): ndim, shape, strides, dtype code,
bits and lanes, device type and id, byte offset, a null or real data pointer, version, flags, deleter. The importer
must refuse a malformed tensor with TypeError/ValueError/BufferError (or BackendUnavailableError for a device this
build lacks), and an accepted one must be a buffer whose attributes can be read and, where it lies in the memory
made for it, whose elements NumPy can read. Anything else (another exception, a crash, a hang) is a finding.

    python tests/fuzz/fuzz_dlpack_import.py -max_total_time=30 [corpus folder]

tests/python/test_fuzzers.py runs it for a bounded time in CI.
"""

from __future__ import annotations

import sys
from pathlib import Path

import atheris
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

with atheris.instrument_imports():
    import pyalpaka as pk

    import _dlpack_ctypes

BACKING_BYTES = 4096
REFUSALS = (TypeError, ValueError, BufferError, pk.BackendUnavailableError)
CPU = pk.device("cpu")
EXTENTS = [0, 1, 2, 3, 7, 64, 2**31, 2**32, 2**62, 2**63 - 1, -1, -(2**63)]
STRIDES = [0, 1, 2, 4, -1, 2**32, 2**61, 2**63 - 1, -(2**63)]
DEVICE_TYPES = [1, 3, 11, 0, 2, 4, 7, 13, -1, 2**31 - 1]
#: (code, bits, lanes) of every dtype pyalpaka has.
VALID_DTYPES = [
    (2, 32, 1),
    (2, 64, 1),
    (0, 8, 1),
    (0, 16, 1),
    (0, 32, 1),
    (0, 64, 1),
    (1, 8, 1),
    (1, 16, 1),
    (1, 32, 1),
    (1, 64, 1),
    (5, 64, 1),
    (5, 128, 1),
    (6, 8, 1),
]


@atheris.instrument_func  # the decoder's branches guide libFuzzer too (the C++ core is not instrumented)
def rarely(fdp: atheris.FuzzedDataProvider, chance: float) -> bool:
    """True with about this chance. An exhausted input gives False: the short inputs libFuzzer starts with then
    decode to well-formed tensors, and the malformed fields come from the bytes it adds."""
    return fdp.ConsumeProbability() > 1.0 - chance


@atheris.instrument_func
def pick_int(fdp: atheris.FuzzedDataProvider, usual: tuple[int, int], special: list[int], chance: float) -> int:
    """A value in the `usual` range, or (rarely) one of `special` or any 64-bit integer."""
    if not rarely(fdp, chance):
        return fdp.ConsumeIntInRange(*usual)
    return fdp.PickValueInList(special) if fdp.ConsumeBool() else fdp.ConsumeIntInRange(-(2**63), 2**63 - 1)


@atheris.instrument_func
def fields_of(data: bytes) -> dict:
    fdp = atheris.FuzzedDataProvider(data)
    rank = fdp.ConsumeIntInRange(1, 4) if not rarely(fdp, 0.05) else fdp.PickValueInList([0, 5])
    shape = [pick_int(fdp, (1, 8), EXTENTS, 0.1) for _ in range(rank)]
    strides = None
    if fdp.ConsumeBool():
        strides = [pick_int(fdp, (0, 16), STRIDES, 0.1) for _ in range(rank)]
    ndim = rank if not rarely(fdp, 0.05) else fdp.PickValueInList([0, -1, 5, 2**31 - 1, -(2**31)])
    dtype = fdp.PickValueInList(VALID_DTYPES)
    if rarely(fdp, 0.15):
        dtype = (fdp.ConsumeIntInRange(0, 255), fdp.ConsumeIntInRange(0, 255), fdp.PickValueInList([1, 0, 2, 4, 65535]))
    return {
        "shape": shape,
        "ndim": ndim,
        "strides": strides,
        "dtype": dtype,
        "byte_offset": 0 if not rarely(fdp, 0.15) else fdp.PickValueInList([1, 4, 8, 64, 2**63, 2**64 - 1]),
        "device": (1, 0)
        if not rarely(fdp, 0.15)
        else (fdp.PickValueInList(DEVICE_TYPES), fdp.ConsumeIntInRange(-(2**31), 2**31 - 1)),
        "null_shape": rarely(fdp, 0.03),
        "data": None if rarely(fdp, 0.05) else "backing",
        "backing_bytes": BACKING_BYTES,
        "versioned": fdp.ConsumeBool(),
        "version": (1, fdp.ConsumeIntInRange(0, 3))
        if not rarely(fdp, 0.05)
        else (fdp.PickValueInList([0, 2, 2**32 - 1]), fdp.ConsumeIntInRange(0, 3)),
        "flags": fdp.PickValueInList([0, 1, 2, 3, 2**64 - 1]),
        "deleter": not rarely(fdp, 0.1),
    }


@atheris.instrument_func
def test_one_input(data: bytes) -> None:
    fields = fields_of(data)
    if fields["device"][0] == 2 and any(b.name == "cuda" and b.available for b in pk.backends()):
        return  # a fake pointer on a real GPU would be waited for and used: not the importer's job to detect
    fake = _dlpack_ctypes.make_capsule(**fields)
    try:
        buf = pk.from_dlpack(fake.capsule, device=CPU)
    except REFUSALS:
        return
    # Accepted: everything about the buffer can be read, and memory that is really there can be viewed.
    assert 1 <= buf.ndim <= 4 and min(buf.shape) >= 0, buf
    assert buf.size == 0 or buf.ptr != 0, buf
    repr(buf), buf.pitches, buf.nbytes, buf.is_contiguous, buf.readonly
    start = buf.ptr - fake.backing if fake.backing is not None else -1
    span = sum((extent - 1) * pitch for extent, pitch in zip(buf.shape, buf.pitches)) + buf.itemsize
    if buf.size and start >= 0 and start + span <= BACKING_BYTES and buf.nbytes <= 1 << 20:
        # Inside the memory made for it (and not a huge broadcast, whose copy would not fit into memory): NumPy's
        # view and the runtime's copy (which takes any strides) must agree.
        np.testing.assert_array_equal(buf.to_numpy(), np.asarray(buf))
    del buf  # the last reference: the producer's deleter runs now
    assert fake.deletions == (1 if fields["deleter"] else 0), fake.deletions


def main() -> None:
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
