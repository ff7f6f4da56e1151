# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The parameter grammar of ElementwiseKernel and ReductionKernel (CuPy's): "float32 x, T y, raw T z".

Each parameter is ``[raw] TYPE NAME``. TYPE is a NumPy dtype name (``float32``, ``int64``, ``bool``,
``complex64``, ...), one of the C names ``float``, ``double``, ``int``, ``long`` (float32, float64, int32, int64),
or any other identifier, which is then a type placeholder: the dtype it stands for is inferred from the arguments at
each call. ``raw`` passes the whole array, indexed by the kernel with ``i`` (or any index), instead of one element.
"""

from __future__ import annotations

import difflib
import keyword
import re
from typing import NamedTuple

import numpy as np

#: dtype -> the C++ type the generated kernel uses for it (the launcher passes arrays of it as pointers to it).
CPP_TYPES = {
    np.dtype(np.bool_): "bool",
    np.dtype(np.int8): "std::int8_t",
    np.dtype(np.uint8): "std::uint8_t",
    np.dtype(np.int16): "std::int16_t",
    np.dtype(np.uint16): "std::uint16_t",
    np.dtype(np.int32): "std::int32_t",
    np.dtype(np.uint32): "std::uint32_t",
    np.dtype(np.int64): "std::int64_t",
    np.dtype(np.uint64): "std::uint64_t",
    np.dtype(np.float32): "float",
    np.dtype(np.float64): "double",
    np.dtype(np.complex64): "alpaka::Complex<float>",
    np.dtype(np.complex128): "alpaka::Complex<double>",
}
_BY_NAME = {str(dtype): dtype for dtype in CPP_TYPES}
_BY_NAME.update(
    {
        "bool_": np.dtype(np.bool_),
        "float": np.dtype(np.float32),
        "double": np.dtype(np.float64),
        "int": np.dtype(np.int32),
        "long": np.dtype(np.int64),
    }
)
#: Names a parameter may not take: the loop index and the names the generated code declares.
RESERVED = {"i", "acc"}
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CPP_KEYWORDS = {
    "auto", "break", "case", "char", "class", "const", "continue", "default", "delete", "do", "else", "enum",
    "extern", "for", "goto", "if", "inline", "new", "operator", "private", "public", "register", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "template", "this", "typedef", "union",
    "unsigned", "void", "volatile", "while", "namespace", "using", "true", "false", "nullptr", "raw",
}  # fmt: skip


class Param(NamedTuple):
    """One parameter: its name, its dtype (None for a placeholder), the placeholder's name, whether it is raw."""

    name: str
    dtype: np.dtype | None
    placeholder: str | None
    raw: bool

    def type_text(self) -> str:
        return f"{'raw ' if self.raw else ''}{self.placeholder or self.dtype} {self.name}"


def dtype_of_name(name: str) -> np.dtype | None:
    return _BY_NAME.get(name)


def cpp_type(dtype: np.dtype, what: str = "") -> str:
    """The C++ type of `dtype`; TypeError for one the kernels cannot take (float16, strings, objects)."""
    try:
        return CPP_TYPES[np.dtype(dtype)]
    except KeyError:
        supported = ", ".join(str(d) for d in CPP_TYPES)
        raise TypeError(
            f"{what}dtype {np.dtype(dtype)} is not supported by generated kernels; use one of: {supported}"
        ) from None


def parse(text: str, role: str, kernel: str, *, reserved: frozenset[str] = frozenset()) -> tuple[Param, ...]:
    """The parameters of `text` ("in_params" or "out_params" of `kernel`); ValueError naming the bad part."""
    where = f"{kernel}: {role}"
    if not isinstance(text, str):
        raise TypeError(f"{where} must be a string such as 'float32 x, T y', got {type(text).__name__}")
    if not text.strip():
        return ()
    params: list[Param] = []
    for position, part in enumerate(text.split(","), start=1):
        words = part.split()
        if not words:
            raise ValueError(
                f"{where}: parameter {position} is empty in {text!r}; expected 'TYPE NAME', e.g. 'float32 x'"
            )
        raw = words[0] == "raw"
        if raw:
            words = words[1:]
        if len(words) != 2:
            raise ValueError(
                f"{where}: parameter {position} {part.strip()!r} is not '[raw] TYPE NAME' (e.g. 'float32 x', "
                "'T y', 'raw T z')"
            )
        type_name, name = words
        if not _IDENTIFIER.fullmatch(name) or keyword.iskeyword(name) or name in _CPP_KEYWORDS:
            raise ValueError(f"{where}: parameter {position} has the name {name!r}; expected a C++ identifier")
        if name in RESERVED or name.startswith("_") or name in reserved:
            taken = ", ".join(sorted(RESERVED | set(reserved)))
            raise ValueError(
                f"{where}: parameter {position} may not be called {name!r}: the generated code uses {taken} and "
                "names starting with '_'"
            )
        if not _IDENTIFIER.fullmatch(type_name) or type_name in _CPP_KEYWORDS:
            raise ValueError(
                f"{where}: parameter {position} {part.strip()!r} has the type {type_name!r}; expected a dtype name "
                "(float32, int64, ...) or a placeholder (T)"
            )
        dtype = dtype_of_name(type_name)
        if dtype is None and type_name in ("float16", "half", "object", "str", "bytes", "longdouble", "float128"):
            raise ValueError(f"{where}: parameter {position} has the type {type_name!r}, which kernels cannot take")
        if dtype is None and type_name[0].islower():
            close = difflib.get_close_matches(type_name, list(_BY_NAME), n=1, cutoff=0.75)
            if close:
                raise ValueError(
                    f"{where}: parameter {position} has the unknown type {type_name!r} (did you mean {close[0]!r}?); "
                    "a type placeholder is an identifier that is not a dtype name, such as T"
                )
        params.append(Param(name, dtype, None if dtype is not None else type_name, raw))
    names = [p.name for p in params]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"{where}: the name {name!r} is used twice in {text!r}")
    return tuple(params)


def check_disjoint(kernel: str, ins: tuple[Param, ...], outs: tuple[Param, ...]) -> None:
    both = {p.name for p in ins} & {p.name for p in outs}
    if both:
        raise ValueError(f"{kernel}: {sorted(both)} named in both in_params and out_params; each name is one parameter")


def check_name(name: str, what: str) -> str:
    if not isinstance(name, str) or not _IDENTIFIER.fullmatch(name) or name in _CPP_KEYWORDS:
        raise ValueError(f"{what}: name must be a C++ identifier (it names the kernel), got {name!r}")
    return name
