# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Struct-by-value kernel arguments: the ``structs=`` of pyalpaka.Kernel, which maps C++ struct names to NumPy
structured dtypes of the same layout.

The package cannot see the C++ struct, so the layout is checked where it can be: in the compiled unit. For each
registered struct the generated code has ``static_assert``s on ``sizeof``, ``alignof`` (for a dtype made with
``align=True``) and, for each field, its presence, ``offsetof``, size and kind (floating point, signed or unsigned
integer, bool), each with a message that names the struct and the field and says what the dtype expects. A
compilation that fails on them is a CompileError that leads with those messages (``layout_messages``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

_CPP_NAME = re.compile(r"(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
# The C++ keywords a field cannot be called (Python's are no concern: fields are never Python names here).
_CPP_KEYWORDS = frozenset(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class compl
    concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype default
    delete do double dynamic_cast else enum explicit export extern false float for friend goto if inline int long
    mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public register
    reinterpret_cast requires return short signed sizeof static static_assert static_cast struct switch template this
    thread_local throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while xor
    xor_eq""".split()  # noqa: SIM905 (the keywords read as a paragraph)
)
# The marker every generated message starts with; layout_messages finds them in a compiler's log.
_MARKER = "pyalpaka struct check: "
# How compilers show a failed comparison's values in the note after a static_assert.
_COMPARED = re.compile(r"(?:comparison reduces to|evaluates to)\W*(\d+) == (\d+)")
_KIND_WORDS = {
    "f": "a floating-point number",
    "i": "a signed integer",
    "u": "an unsigned integer",
    "b": "a bool",
    "c": "a complex number",
}


@dataclass(frozen=True)
class Field:
    """One field of a struct dtype: where it is and what it holds (``nested`` for a struct inside the struct)."""

    name: str
    offset: int
    size: int
    kind: str  # f, i, u, b, c; "V" for a nested struct
    base_size: int  # the element's size (the field's size unless ``shape``)
    shape: tuple[int, ...]  # a fixed-size array field: its extents, else ()
    type_name: str  # "float32", "int32[3]", "struct" for messages
    nested: Layout | None


@dataclass(frozen=True)
class Layout:
    """A structured dtype as the checks and the cache key see it."""

    itemsize: int
    alignment: int
    aligned: bool  # made with align=True: alignof is checked too
    fields: tuple[Field, ...]

    def describe(self) -> list:
        """A plain description for the cache key: every change of the layout changes it."""
        return [
            self.itemsize,
            self.alignment,
            self.aligned,
            [
                [
                    f.name,
                    f.offset,
                    f.size,
                    f.kind,
                    f.base_size,
                    list(f.shape),
                    f.type_name,
                    f.nested.describe() if f.nested else None,
                ]
                for f in self.fields
            ],
        ]


def _layout(dtype: np.dtype, where: str) -> Layout:
    """The Layout of a structured dtype; TypeError naming `where` (the struct and the field path) for what a C++
    struct argument cannot be."""
    if dtype.names is None:
        raise TypeError(f"{where}: a struct needs a structured dtype (with named fields), got {dtype!r}")
    if not dtype.names:
        raise TypeError(f"{where}: the dtype has no fields; a C++ struct argument needs at least one")
    fields = []
    for name in dtype.names:
        field_dtype, offset = dtype.fields[name][:2]
        here = f"field {name!r} of {where}"
        if not isinstance(name, str) or not _IDENTIFIER.fullmatch(name) or name in _CPP_KEYWORDS:
            raise TypeError(f"{here}: field names must be C++ identifiers (the names of the C++ struct's members)")
        shape: tuple[int, ...] = ()
        base = field_dtype
        if field_dtype.subdtype is not None:
            base, shape = field_dtype.subdtype
            if base.names is not None or base.subdtype is not None:
                raise TypeError(f"{here}: arrays of structs are not supported as struct fields; arrays of numbers are")
        if base.hasobject:
            raise TypeError(f"{here}: object fields cannot be passed to a kernel")
        nested = None
        if base.names is not None:
            nested = _layout(base, f"{where}.{name}")
            kind, type_name = "V", "struct"
        else:
            kind = base.kind
            if kind not in _KIND_WORDS or base.itemsize == 0:
                raise TypeError(
                    f"{here}: {base} has no C++ counterpart a kernel can take (use bool, integers, "
                    "float32, float64 or complex)"
                )
            if kind == "f" and base.itemsize == 2:
                raise TypeError(f"{here}: float16 has no standard C++ type; use float32")
            if not base.isnative:
                raise TypeError(f"{here}: {base} is not in the machine's byte order; kernels read native numbers")
            type_name = base.name + "".join(f"[{n}]" for n in shape)
        fields.append(
            Field(
                name, int(offset), int(field_dtype.itemsize), kind, int(base.itemsize), tuple(shape), type_name, nested
            )
        )
    ordered = sorted(fields, key=lambda f: f.offset)
    for before, after in zip(ordered, ordered[1:]):
        if before.offset + before.size > after.offset:
            raise TypeError(
                f"{where}: fields {before.name!r} and {after.name!r} overlap; a C++ struct's members do "
                "not (unions are not supported)"
            )
    return Layout(int(dtype.itemsize), int(dtype.alignment), bool(dtype.isalignedstruct), tuple(fields))


def normalize(structs: Mapping[str, Any] | None) -> tuple[tuple[str, np.dtype, Layout], ...]:
    """The ``structs=`` of pyalpaka.Kernel checked: (C++ name, dtype, layout) in the mapping's order. TypeError for
    a name that is not a C++ (qualified) identifier, a dtype a C++ struct cannot have, or two names of one dtype
    (an argument's dtype must say which struct it is)."""
    if structs is None:
        return ()
    if not isinstance(structs, Mapping):
        raise TypeError(
            "Kernel: structs maps C++ struct names to NumPy structured dtypes, e.g. "
            "structs={'Params': np.dtype([('dt', np.float32), ('n', np.int32)], align=True)}"
        )
    checked: list[tuple[str, np.dtype, Layout]] = []
    for name, value in structs.items():
        if not isinstance(name, str) or not _CPP_NAME.fullmatch(name.strip()) or name.strip() in _CPP_KEYWORDS:
            raise TypeError(
                f"Kernel: structs: {name!r} is not the name of a C++ struct (an identifier, optionally "
                "qualified: 'Params', 'sim::Params')"
            )
        name = name.strip()
        try:
            dtype = value if isinstance(value, np.dtype) else np.dtype(value)
        except TypeError as error:
            raise TypeError(f"Kernel: structs[{name!r}] must be a NumPy structured dtype ({error})") from None
        layout = _layout(dtype, f"struct {name}")
        for other, other_dtype, _ in checked:
            if other_dtype == dtype:
                raise TypeError(
                    f"Kernel: structs {other!r} and {name!r} have the same dtype; an argument's dtype "
                    "must name one struct (give one of them other field names)"
                )
        checked.append((name, dtype, layout))
    return tuple(checked)


def key(structs: tuple[tuple[str, np.dtype, Layout], ...]) -> list:
    """The registered structs as the cache key holds them."""
    return [[name, layout.describe()] for name, _, layout in structs]


def struct_name(value: Any, structs: tuple[tuple[str, np.dtype, Layout], ...]) -> str | None:
    """The C++ name of a struct value (a structured scalar or 0-d array of a registered dtype), None for a value
    that is no struct; TypeError for a structured value of another dtype or shape."""
    dtype = getattr(value, "dtype", None)
    if not isinstance(value, (np.void, np.ndarray)) or dtype is None or dtype.names is None:
        return None
    if isinstance(value, np.ndarray) and value.ndim != 0:
        raise TypeError(
            f"a structured array of shape {value.shape} is no struct value: pass one element (a "
            "structured scalar, array[i]) or a 0-d array"
        )
    for name, registered, _ in structs:
        if dtype == registered:
            return name
    raise TypeError(
        f"the structured dtype {dtype!r} is not registered: "
        + (
            f"expected one of {', '.join(f'{n} = {d!r}' for n, d, _ in structs)}"
            if structs
            else "pass structs={'CppName': dtype} to pyalpaka.Kernel"
        )
    )


def _kind_test(kind: str, type_expr: str) -> str | None:
    """A C++ condition that `type_expr` (a cv-free type) holds numbers of the dtype kind; None where unchecked."""
    if kind == "f":
        return f"std::is_floating_point_v<{type_expr}>"
    if kind == "b":
        return f"std::is_same_v<{type_expr}, bool>"
    if kind == "i":
        return (
            f"(std::is_enum_v<{type_expr}> || (std::is_integral_v<{type_expr}> && std::is_signed_v<{type_expr}> "
            f"&& !std::is_same_v<{type_expr}, bool>))"
        )
    if kind == "u":
        return (
            f"(std::is_enum_v<{type_expr}> || (std::is_integral_v<{type_expr}> && std::is_unsigned_v<{type_expr}> "
            f"&& !std::is_same_v<{type_expr}, bool>))"
        )
    return None  # complex: std::complex, alpaka::Complex, a struct of two...: the size says enough


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Generator:
    """The C++ text of the checks of one struct (and its nested structs): helpers in a namespace of their own,
    templates on the struct type so that a missing member is a false condition, not a hard error."""

    def __init__(self, index: int) -> None:
        self.ns = f"pyalpaka_struct_check_{index}"
        self.helpers: list[str] = []
        self.asserts: list[str] = []
        self.count = 0

    def check(self, condition: str, message: str) -> None:
        self.asserts.append(f"static_assert({condition}, {_quote(_MARKER + message)});")

    def struct(self, layout: Layout, type_expr: str, shown: str, guard: str) -> None:
        """Checks for the struct `type_expr` (C++ text naming it), shown as `shown` in messages; `guard` is a C++
        condition that is false where the struct itself is missing (a nested one), so that its checks stay quiet."""
        when = f"!({guard}) || " if guard else ""
        self.check(
            f"{when}sizeof({type_expr}) == {layout.itemsize}",
            f"sizeof({shown}) differs from the dtype's itemsize {layout.itemsize} (a field that only one "
            "side has, a field type of another size, or packed vs aligned)",
        )
        if layout.aligned:
            self.check(
                f"{when}alignof({type_expr}) == {layout.alignment}",
                f"alignof({shown}) differs from the alignment {layout.alignment} of the dtype, which was made "
                "with align=True (is the C++ struct packed? then make the dtype with align=False)",
            )
        self.check(
            f"{when}std::is_aggregate_v<{type_expr}>",
            f"{shown} is not an aggregate: a struct argument is a plain aggregate (public fields, no user-declared "
            "constructors, no virtual functions), whose bytes are copied from the NumPy value",
        )
        indices = [self.field(field, type_expr, shown, guard) for field in layout.fields]
        # A C++ field that the dtype lacks can hide in the dtype's padding, where sizes and offsets all agree: the
        # number of fields tells (counted as braces count them: a C array's elements, a class-type field once).
        slots = " + ".join(
            f"::pyalpaka::jit::fieldSlots<typename {self.ns}::Type{n}<{type_expr}>::type>()" for n in indices
        )
        self.check(
            f"{when}::pyalpaka::jit::aggregateSlotsOr<{type_expr}>({slots}) == ({slots})",
            f"{shown} and the dtype differ in their number of fields: one has a field the other lacks (fields "
            "counted as initialisers, a C array's elements each)",
        )

    def field(self, field: Field, type_expr: str, shown: str, guard: str) -> int:
        """The checks of one field; its number, which names its helpers (TypeN)."""
        # Per field: whether the struct has it (HasN), its type (TypeN: char where it is missing, so that the
        # conditions below stay well-formed), offset and size (where it is missing: the expected ones, so that only
        # the "no field" check fails).
        n = self.count
        self.count += 1
        m = field.name
        has = f"{self.ns}::Has{n}<{type_expr}>"
        self.helpers.append(
            f"template<typename TStruct> concept Has{n} = requires(TStruct const& s) {{ s.{m}; }};\n"
            f"template<typename TStruct, bool = Has{n}<TStruct>> struct Type{n} {{ using type = char; }};\n"
            f"template<typename TStruct> struct Type{n}<TStruct, true> "
            f"{{ using type = std::remove_cv_t<decltype(TStruct::{m})>; }};\n"
            f"template<typename TStruct> constexpr auto offset{n}() -> std::size_t {{ if constexpr(Has{n}<TStruct>) "
            f"return PYALPAKA_OFFSET_OF(TStruct, {m}); else return {field.offset}; }}\n"
            f"template<typename TStruct> constexpr auto size{n}() -> std::size_t {{ if constexpr(Has{n}<TStruct>) "
            f"return sizeof(typename Type{n}<TStruct>::type); else return {field.size}; }}\n"
        )
        member = f"typename {self.ns}::Type{n}<{type_expr}>::type"
        when = f"!({guard}) || " if guard else ""
        present = f"{when}!{has} || "  # the checks of a field that exists
        what = f"field '{m}' of {shown}"
        self.check(
            f"{when}{has}",
            f"{shown} has no field '{m}' (the dtype has {field.type_name} '{m}' at offset {field.offset})",
        )
        self.check(
            f"{when}{self.ns}::offset{n}<{type_expr}>() == {field.offset}",
            f"{what} is at offset {field.offset} in the dtype, elsewhere in C++ (a field that only one side "
            "has before it, or packed vs aligned)",
        )
        self.check(
            f"{when}{self.ns}::size{n}<{type_expr}>() == {field.size}",
            f"{what} is {field.type_name} ({field.size} bytes) in the dtype, C++'s type has another size",
        )
        if field.nested is not None:
            self.check(f"{present}std::is_class_v<{member}>", f"{what} is a struct in the dtype, not in C++")
            inner = f"{has} && std::is_class_v<{member}>"  # the nested checks of a C++ struct that is there
            self.struct(field.nested, member, f"{shown}::{m}", f"{guard} && {inner}" if guard else inner)
            return n
        element = member
        if field.shape:
            # A C array's elements are checked too; a std::array (or another array type) by its size only.
            element = f"std::remove_all_extents_t<{member}>"
            self.check(
                f"{present}!std::is_array_v<{member}> || sizeof({element}) == {field.base_size}",
                f"{what}: the dtype's elements have {field.base_size} bytes, the C++ array's do not",
            )
            test = _kind_test(field.kind, element)
            if test is not None:
                self.check(
                    f"{present}!std::is_array_v<{member}> || {test}",
                    f"{what}: the dtype's elements are {_KIND_WORDS[field.kind]}s, the C++ array's are not",
                )
            return n
        test = _kind_test(field.kind, element)
        if test is not None:
            self.check(
                f"{present}{test}",
                f"{what} is {field.type_name}, {_KIND_WORDS[field.kind]}, in the dtype; C++'s type is not",
            )
        return n


# offsetof as a constant expression: GCC's and Clang's builtin (hiprtc is Clang); NVRTC's front end has no
# __builtin_offsetof, and CCCL's offsetof for it is pointer arithmetic that is no constant, but it has __INTADDR__.
_OFFSET_OF = """#ifndef PYALPAKA_OFFSET_OF
#    if defined(__CUDACC_RTC__)
#        define PYALPAKA_OFFSET_OF(TStruct, member) __INTADDR__(&((TStruct*) 0)->member)
#    else
#        define PYALPAKA_OFFSET_OF(TStruct, member) __builtin_offsetof(TStruct, member)
#    endif
#endif
"""


def checks(structs: tuple[tuple[str, np.dtype, Layout], ...]) -> str:
    """The C++ code that checks each registered struct against its dtype (empty without structs)."""
    parts = [_OFFSET_OF] if structs else []
    for index, (name, _, layout) in enumerate(structs):
        generator = _Generator(index)
        generator.struct(layout, name, name, "")
        parts.append(
            f"// pyalpaka: the layout of struct {name} against its NumPy dtype\n"
            f"namespace {generator.ns}\n{{\n{''.join(generator.helpers)}}} // namespace {generator.ns}\n"
            + "\n".join(generator.asserts)
            + "\n"
        )
    return "".join(parts)


def layout_messages(log: str) -> list[str]:
    """The struct checks that failed, from a compiler's log, each once, in order; where the compiler shows the
    comparison's values (GCC: "the comparison reduces to '(20 == 24)'", Clang: "evaluates to '20 == 24'"), with
    C++'s own value."""
    found: list[str] = []
    last = -1  # the index in `found` of the latest failed check, until the next error
    for line in log.splitlines():
        start = line.find(_MARKER)
        if start >= 0 and "error" in line[:start]:  # not the source line that the compiler quotes
            text = re.split(r"[\"\u2019']?\s*$", line[start + len(_MARKER) :].split('"')[0])[0].strip()
            if text not in found:
                found.append(text)
                last = len(found) - 1
            else:
                last = -1
        elif " error: " in line or " error " in line:
            last = -1
        elif last >= 0 and (values := _COMPARED.search(line)):
            found[last] += f" [C++: {values[1]}, dtype: {values[2]}]"
            last = -1
    return found


def headline(message: str, log: str) -> str:
    """The CompileError message: `message`, and where the struct checks failed, what they say."""
    failed = layout_messages(log)
    if not failed:
        return message
    return f"{message}: a C++ struct does not have the layout of its dtype in structs=\n" + "\n".join(
        f"  {text}" for text in failed
    )
