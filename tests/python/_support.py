# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Helpers the test modules share: the supported dtypes and sample values."""

from __future__ import annotations

import numpy as np

#: Every dtype buffers support, in the order the documentation lists them.
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
]


def sample(shape, dtype, seed: int = 0) -> np.ndarray:
    """Distinct-looking values of `dtype` (random bits for bool, small integers otherwise) for round trips."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, size=shape).astype(bool)
    values = rng.integers(0, 100, size=shape)
    if dtype.kind == "c":
        return (values + 1j * rng.integers(0, 100, size=shape)).astype(dtype)
    return values.astype(dtype)
