# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Hand-made DLPack capsules, built with ctypes from the DLPack 1.0 structures, for tests and fuzzers of the importer.

A real producer (NumPy, a pyalpaka buffer) only ever makes well-formed tensors; these can have any field wrong: ndim,
a null or short shape, negative or huge extents and strides, null data, a wrapping byte offset, unknown dtype codes,
bits and lanes, unknown device types, a newer major version, a null deleter. What a tensor points to lives as long
as a real producer's memory would: until its capsule is gone and, once consumed, until the deleter has run.
"""

from __future__ import annotations

import ctypes
import itertools
import math
from dataclasses import dataclass, field
from typing import Any


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", DELETER)]


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [
        ("version", DLPackVersion),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", DELETER),
        ("flags", ctypes.c_uint64),
        ("dl_tensor", DLTensor),
    ]


FLAG_READ_ONLY = 1

#: How often each tensor's deleter ran, by its manager_ctx tag.
deleter_calls: dict[int, int] = {}


class _Lifetime:
    """What a tensor points to, kept until nobody can reach it: until its capsule is gone if the capsule was never
    consumed, else until its capsule is gone and the consumer has called the deleter (never, for a null deleter)."""

    def __init__(self, keep: list) -> None:
        self.keep = keep
        self.capsule_gone = False
        self.released = False


_alive: dict[int, _Lifetime] = {}  # by tag
_tag_of_struct: dict[int, int] = {}  # the managed struct's address -> its tag
_tags = itertools.count(1)


def _forget(tag: int) -> None:
    lifetime = _alive.pop(tag, None)
    if lifetime is not None:
        _tag_of_struct.pop(ctypes.addressof(lifetime.keep[-1]), None)


@DELETER
def _count_deletion(managed: int) -> None:
    # The struct's address leads to its tag, whichever of the two layouts it has.
    tag = _tag_of_struct.get(managed)
    if tag is None:
        return
    deleter_calls[tag] = deleter_calls.get(tag, 0) + 1
    lifetime = _alive[tag]
    lifetime.released = True
    if lifetime.capsule_gone:
        _forget(tag)


_PyCapsule_GetContext = ctypes.pythonapi.PyCapsule_GetContext
_PyCapsule_GetContext.restype = ctypes.c_void_p
_PyCapsule_GetContext.argtypes = [ctypes.c_void_p]
_PyCapsule_GetName = ctypes.pythonapi.PyCapsule_GetName
_PyCapsule_GetName.restype = ctypes.c_char_p
_PyCapsule_GetName.argtypes = [ctypes.c_void_p]
_PyCapsule_SetContext = ctypes.pythonapi.PyCapsule_SetContext
_PyCapsule_SetContext.restype = ctypes.c_int
_PyCapsule_SetContext.argtypes = [ctypes.py_object, ctypes.c_void_p]


@ctypes.CFUNCTYPE(None, ctypes.c_void_p)
def _capsule_died(capsule: int) -> None:
    tag = _PyCapsule_GetContext(capsule)
    lifetime = _alive.get(tag)
    if lifetime is None:
        return
    lifetime.capsule_gone = True
    consumed = _PyCapsule_GetName(capsule).startswith(b"used_")
    if not consumed or lifetime.released:
        _forget(tag)


_PyCapsule_New = ctypes.pythonapi.PyCapsule_New
_PyCapsule_New.restype = ctypes.py_object
_PyCapsule_New.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]

# Capsule names must outlive their capsules: module constants do.
_NAMES = {name: ctypes.create_string_buffer(name) for name in (b"dltensor", b"dltensor_versioned", b"not_dltensor")}

#: DLPack codes of the NumPy dtypes, for tensors over real memory.
DL_CODES = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}


@dataclass
class FakeTensor:
    """A capsule and everything its tensor points to (which must stay alive while a buffer uses it)."""

    capsule: Any
    managed: ctypes.Structure
    tag: int
    keep: list = field(default_factory=list)
    #: The address of the memory made for the tensor (data="backing"), else None.
    backing: int | None = None

    @property
    def deletions(self) -> int:
        return deleter_calls.get(self.tag, 0)


def int64_array(values) -> ctypes.Array:
    return (ctypes.c_int64 * max(len(values), 1))(*values)


def make_capsule(
    shape=(4,),
    *,
    ndim: int | None = None,
    dtype: tuple[int, int, int] = (2, 32, 1),
    strides=None,
    data: int | str | None = "backing",
    backing_bytes: int | None = None,
    byte_offset: int = 0,
    device: tuple[int, int] = (1, 0),
    null_shape: bool = False,
    versioned: bool = False,
    version: tuple[int, int] = (1, 0),
    flags: int = 0,
    deleter: bool = True,
    name: bytes | None = None,
) -> FakeTensor:
    """A DLPack capsule over a tensor with exactly these fields.

    ``data="backing"`` points at fresh zeroed memory of ``backing_bytes`` (default: enough for a dense tensor of
    ``shape`` and ``dtype`` when that is small); an int is used as the address as it is, None is a null pointer.
    The shape array always has at least ``ndim`` entries (padded with 1), so that the importer never reads past it.
    """
    ndim = len(shape) if ndim is None else ndim
    keep: list = []
    padded = list(shape) + [1] * max(0, min(ndim, 64) - len(shape))
    shape_array = int64_array(padded)
    keep.append(shape_array)
    strides_array = None
    if strides is not None:
        strides_array = int64_array(list(strides) + [1] * max(0, min(ndim, 64) - len(strides)))
        keep.append(strides_array)
    if data == "backing":
        if backing_bytes is None:
            count = math.prod(max(s, 0) for s in shape)
            backing_bytes = min(count * max(dtype[1] // 8, 1) * max(dtype[2], 1), 1 << 20)
        memory = ctypes.create_string_buffer(max(backing_bytes, 1))
        keep.append(memory)
        address = backing = ctypes.addressof(memory)
    else:
        address, backing = data, None

    tensor = DLTensor(
        data=address,
        device=DLDevice(*device),
        ndim=ndim,
        dtype=DLDataType(*dtype),
        shape=None if null_shape else ctypes.cast(shape_array, ctypes.POINTER(ctypes.c_int64)),
        strides=None if strides_array is None else ctypes.cast(strides_array, ctypes.POINTER(ctypes.c_int64)),
        byte_offset=byte_offset,
    )
    tag = next(_tags)
    callback = _count_deletion if deleter else DELETER()
    if versioned:
        managed = DLManagedTensorVersioned(
            version=DLPackVersion(*version), manager_ctx=tag, deleter=callback, flags=flags, dl_tensor=tensor
        )
    else:
        managed = DLManagedTensor(dl_tensor=tensor, manager_ctx=tag, deleter=callback)
    keep.append(managed)  # last: _forget finds the struct there
    _tag_of_struct[ctypes.addressof(managed)] = tag
    _alive[tag] = _Lifetime(keep)
    capsule_name = name if name is not None else (b"dltensor_versioned" if versioned else b"dltensor")
    destructor = ctypes.cast(_capsule_died, ctypes.c_void_p)
    capsule = _PyCapsule_New(ctypes.addressof(managed), _NAMES[capsule_name], destructor)
    _PyCapsule_SetContext(capsule, tag)
    return FakeTensor(capsule=capsule, managed=managed, tag=tag, keep=keep, backing=backing)


def capsule_name(capsule) -> str:
    """The name a capsule has now ("used_dltensor" once consumed)."""
    return repr(capsule).split('"')[1]
