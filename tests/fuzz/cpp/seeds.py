# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Writes the seed corpora of the C++ fuzzers: the cases the unit and Python tests use, encoded as each harness reads
its input (tests/fuzz/cpp/FuzzInput.hpp: fields front to back, little-endian).

    python tests/fuzz/cpp/seeds.py OUTDIR     # OUTDIR/<harness>/<case>
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

# DLPack device types and data type codes (src/bindings/DLPack.hpp).
CPU, CUDA, CUDA_HOST, ROCM = 1, 2, 3, 10
INT, UINT, FLOAT, COMPLEX, BOOL = 0, 1, 2, 5, 6


def dlpack(
    shape,
    strides=None,
    *,
    device=(CPU, 0),
    code=FLOAT,
    bits=32,
    lanes=1,
    allocation=4096,
    data="real",
    offset=0,
    ndim=None,
) -> bytes:
    """A tensor for fuzz_dlpack_tensor.cpp: strides None means a null strides pointer."""
    ndim = len(shape) if ndim is None else ndim
    flags = (2 if strides is None else 0) | 8  # 8: shape and strides as int64
    flags |= {"real": 0, "null": 1, "address": 2}[data] << 4
    flags |= 4  # byte offset as uint64
    out = struct.pack("<iibBBHB", device[0], device[1], ndim, code, bits, lanes, flags)
    entries = max(ndim, 0)
    padded = list(shape) + [0] * (entries - len(shape))
    out += struct.pack(f"<{entries}q", *padded[:entries])
    stride_values = list(strides or []) + [0] * entries
    out += struct.pack(f"<{entries}q", *stride_values[:entries])
    out += struct.pack("<H", allocation)
    if data == "address":
        out += struct.pack("<Q", 0x7F0000001000)
    return out + struct.pack("<Q", offset)


DLPACK = {
    "float32_3x4": dlpack((3, 4)),
    "float64_transposed": dlpack((4, 3), (1, 4), bits=64),
    "int64_every_other": dlpack((10,), (2,), code=INT, bits=64),
    "bool_5": dlpack((5,), code=BOOL, bits=8),
    "uint8_4d": dlpack((2, 3, 4, 5), code=UINT, bits=8),
    "complex64_2x2": dlpack((2, 2), code=COMPLEX, bits=64),
    "cuda_float32": dlpack((16,), device=(CUDA, 0), data="address"),
    "cuda_host": dlpack((8,), device=(CUDA_HOST, 0)),
    "rocm_refused": dlpack((8,), device=(ROCM, 0)),
    "empty_null_data": dlpack((0, 5), data="null"),
    "negative_stride": dlpack((4,), (-1,)),
    "ndim_0": dlpack((), ndim=0),
    "ndim_5": dlpack((1, 1, 1, 1, 2)),
    "lanes_4": dlpack((4,), lanes=4),
    "byte_offset": dlpack((4,), offset=8, allocation=64),
    "huge_extent": dlpack((1 << 62, 4)),
}


def u32(value: int) -> bytes:
    return struct.pack("<I", value)


def rows(ndim: int, item: int, extent, dst_strides, src_strides, with_set: bool = True) -> bytes:
    """A copy for fuzz_strided_rows.cpp (strides in bytes)."""
    out = u32(ndim - 1) + u32(item - 1) + b"".join(u32(e) for e in extent)
    for d, s in zip(dst_strides, src_strides):
        out += struct.pack("<HH", d, s)
    return out + bytes([1 if with_set else 0])


ROWS = {
    "dense_2d": rows(2, 4, (4, 8), (32, 4), (32, 4)),
    "transposed_source": rows(2, 4, (4, 8), (32, 4), (4, 16)),
    "every_other_row": rows(2, 8, (3, 5), (40, 8), (80, 8)),
    "broadcast_source": rows(2, 4, (6, 7), (28, 4), (0, 4)),
    "pitched_3d": rows(3, 4, (2, 3, 5), (256, 64, 4), (60, 20, 4)),
    "dense_4d": rows(4, 2, (2, 2, 3, 4), (48, 24, 8, 2), (48, 24, 8, 2)),
    "self_overlap": rows(1, 8, (8,), (4,), (8,)),
}


def integer(value: int, beyond64: bool = False) -> bytes:
    """An int argument for fuzz_kernel_args.cpp (selector 0)."""
    flags = 8 | (1 if value < 0 else 0) | (6 if beyond64 else 0)
    return bytes([0, flags]) + struct.pack("<Q", abs(value) & (2**64 - 1))


def real(value: float) -> bytes:
    return bytes([1]) + struct.pack("<d", value)


def array(offset: int, item_log2: int, dims) -> bytes:
    """An array for the spans case: dims of (extent, int8 stride, multiplier - 1)."""
    out = struct.pack("<H", offset) + u32(item_log2) + u32(len(dims) - 1)
    for extent, stride, multiplier in dims:
        out += u32(extent) + struct.pack("<b", stride) + u32(multiplier)
    return out


ARGS = {
    **{
        f"int_{name}": integer(v)
        for name, v in {
            "127": 127,
            "128": 128,
            "minus_129": -129,
            "255": 255,
            "65536": 65536,
            "2_31": 2**31,
            "2_63": 2**63,
            "minus_2_63": -(2**63),
            "2_64_minus_1": 2**64 - 1,
        }.items()
    },
    "int_beyond_64_bits": integer(2**64 - 1, beyond64=True),
    **{
        f"real_{name}": real(v)
        for name, v in {
            "float_max": 3.4028234663852886e38,
            "above_float": 3.5e38,
            "inf": float("inf"),
            "nan": float("nan"),
            "minus_zero": -0.0,
            "tiny": 1e-46,
        }.items()
    },
    "views_overlapping": bytes([2]) + array(0, 2, [(5, 1, 3)]) + array(16, 2, [(5, 1, 3)]),
    "views_disjoint": bytes([2]) + array(0, 2, [(4, 1, 3)]) + array(16, 2, [(4, 1, 3)]),
    "reversed_view": bytes([2]) + array(64, 2, [(5, -1, 3)]) + array(0, 2, [(5, 1, 3)]),
    "interleaved_columns": bytes([2]) + array(0, 2, [(3, 4, 1), (2, 1, 3)]) + array(4, 2, [(3, 4, 1), (2, 1, 3)]),
}


def extent(value: int) -> bytes:
    """One extent as fuzz_work_division.cpp reads it: selector 3, any 64-bit value."""
    return bytes([3]) + struct.pack("<Q", value)


def valid_workdiv(target: int, grid, elems, must_divide: bool = False, restriction: int = 2) -> bytes:
    out = u32(target) + bytes([len(grid) - 1, 0, 1])
    out += b"".join(extent(v) for v in grid) + b"".join(extent(v) for v in elems)
    return out + bytes([1 if must_divide else 0]) + u32(restriction)


def workdiv(target: int, blocks, threads, elems) -> bytes:
    out = u32(target) + bytes([len(blocks) - 1, 0, 0])
    return out + b"".join(extent(v) for v in (*blocks, *threads, *elems))


WORKDIV = {
    **{f"valid_1m_target{t}": valid_workdiv(t, (1 << 20,), (0,)) for t in range(6)},
    "valid_2d_divide": valid_workdiv(0, (1024, 1024), (1, 1), must_divide=True),
    "valid_3d_equal": valid_workdiv(1, (64, 64, 64), (1, 1, 1), restriction=0),
    "valid_prime": valid_workdiv(4, (1000003,), (1,), must_divide=True),
    "valid_huge": valid_workdiv(5, (1 << 40, 1 << 40), (1, 1)),
    "explicit_1d": workdiv(0, (4,), (1,), (1,)),
    "explicit_threads": workdiv(1, (2, 2), (4, 4), (1, 1)),
    "explicit_gpu_block": workdiv(4, (1, 1, 1), (1, 32, 32), (1, 1, 1)),
    "explicit_zero": workdiv(0, (0,), (1,), (1,)),
}


def main() -> int:
    out = Path(sys.argv[1])
    for harness, cases in {
        "dlpack_tensor": DLPACK,
        "strided_rows": ROWS,
        "kernel_args": ARGS,
        "work_division": WORKDIV,
    }.items():
        folder = out / harness
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in cases.items():
            (folder / name).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
