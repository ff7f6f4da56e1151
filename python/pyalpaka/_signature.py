# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""A kernel's parameter list read from its source, so that a launch with arguments the kernel cannot take is a
TypeError naming the argument before the compiler runs; and the same TypeError from the compiler's report
(alpaka/kernel/KernelParameters.hpp) where the source cannot be read that far.

Reading C++ without a compiler is only safe where nothing is ambiguous, so the reader gives up (and the compiler
decides) on any doubt: a kernel defined more than once or specialized, preprocessor lines in its body, more or fewer
than one operator(), a parameter whose type is a template parameter (other than a class template's type parameter
that the kernel's name sets to an arithmetic type: "TwiceOf<float>"), an alias or anything else it does not know.
A parameter it knows is a pointer to an arithmetic type, an arithmetic value or a struct of the kernel's `structs`;
an argument is refused only where C++ would refuse it too (no implicit conversion), never on a guess."""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

# The arithmetic types by the name of the type they are on Linux (LP64), which is what decides whether two pointer
# types are one: std::int64_t and long are the same type, long long is another.
_SAME_TYPE = {
    "bool": "bool",
    "char": "char",
    "float": "float",
    "double": "double",
    "void": "void",
    "signed char": "signed char",
    "std::int8_t": "signed char",
    "int8_t": "signed char",
    "unsigned char": "unsigned char",
    "std::uint8_t": "unsigned char",
    "uint8_t": "unsigned char",
    "short": "short",
    "short int": "short",
    "signed short": "short",
    "signed short int": "short",
    "std::int16_t": "short",
    "int16_t": "short",
    "unsigned short": "unsigned short",
    "unsigned short int": "unsigned short",
    "std::uint16_t": "unsigned short",
    "uint16_t": "unsigned short",
    "int": "int",
    "signed": "int",
    "signed int": "int",
    "std::int32_t": "int",
    "int32_t": "int",
    "unsigned": "unsigned int",
    "unsigned int": "unsigned int",
    "std::uint32_t": "unsigned int",
    "uint32_t": "unsigned int",
    "long": "long",
    "long int": "long",
    "signed long": "long",
    "signed long int": "long",
    "std::int64_t": "long",
    "int64_t": "long",
    "std::ptrdiff_t": "long",
    "ptrdiff_t": "long",
    "std::intptr_t": "long",
    "unsigned long": "unsigned long",
    "unsigned long int": "unsigned long",
    "std::uint64_t": "unsigned long",
    "uint64_t": "unsigned long",
    "std::size_t": "unsigned long",
    "size_t": "unsigned long",
    "std::uintptr_t": "unsigned long",
    "long long": "long long",
    "long long int": "long long",
    "unsigned long long": "unsigned long long",
    "unsigned long long int": "unsigned long long",
    "alpaka::Complex<float>": "alpaka::Complex<float>",
    "alpaka::Complex<double>": "alpaka::Complex<double>",
}
_DTYPE_OF = {
    "bool": "bool",
    "float": "float32",
    "double": "float64",
    "signed char": "int8",
    "unsigned char": "uint8",
    "short": "int16",
    "unsigned short": "uint16",
    "int": "int32",
    "unsigned int": "uint32",
    "long": "int64",
    "unsigned long": "uint64",
    "alpaka::Complex<float>": "complex64",
    "alpaka::Complex<double>": "complex128",
}
_KEYWORDS = {
    "const",
    "volatile",
    "signed",
    "unsigned",
    "short",
    "long",
    "int",
    "char",
    "float",
    "double",
    "bool",
    "void",
}
_IGNORED = {"__restrict__", "__restrict", "restrict", "ALPAKA_RESTRICT", "struct", "class"}


def argument_error(message: str) -> TypeError:
    """The TypeError of a launch's argument that the kernel cannot take, marked as one (is_argument_error)."""
    error = TypeError(message)
    error.pyalpaka_kernel_argument = True  # type: ignore[attr-defined]
    return error


def is_argument_error(error: BaseException) -> bool:
    return getattr(error, "pyalpaka_kernel_argument", False) is True


class Type(NamedTuple):
    """A parameter or argument type as far as it matters here: `kind` is "pointer", "value" or "struct"; `base` the
    canonical name of the pointee or value type (a struct's name); `const` whether a pointee is const."""

    kind: str
    base: str
    const: bool = False


class Parameter(NamedTuple):
    text: str  # as written, e.g. "float* __restrict x"
    type: Type | None  # None: not understood (the compiler decides)
    has_default: bool
    resolved: str = ""  # the text with the class template's arguments put in ("T* x" of TwiceOf<float>: "float* x")


def _strip_code(source: str) -> str:
    """`source` without comments and with string and character literals emptied (their text holds no code)."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)

    def blank(match: re.Match) -> str:
        text = match[0]
        if text.startswith("/"):
            return " " if text.startswith("/*") else ""
        return text[0] * 2

    return pattern.sub(blank, source)


def _matching(text: str, start: int, open_: str, close: str) -> int:
    """The index of the bracket closing the one at `start`; -1 where it is not closed."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == open_:
            depth += 1
        elif text[index] == close:
            depth -= 1
            if depth == 0:
                return index
    return -1


def _split_top_level(text: str) -> list[str]:
    """`text` split at the commas outside (), <>, [] and {}."""
    parts, depth, begin = [], 0, 0
    for index, char in enumerate(text):
        if char in "(<[{":
            depth += 1
        elif char in ")>]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[begin:index])
            begin = index + 1
    parts.append(text[begin:])
    return [part.strip() for part in parts]


_TOKEN = re.compile(r"[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*(?:\s*<[^<>]*>)?|&&|[*&\[\]]|\S")


def parse_type(text: str, structs: frozenset[str] = frozenset(), *, named: bool = False) -> Type | None:
    """The Type of C++ type text (`named`: a parameter, whose last word may be its name); None if not understood."""
    text = re.sub(r"\[\[.*?\]\]", " ", text)
    tokens = [re.sub(r"\s+", "", t) if "::" in t or "<" in t else t for t in _TOKEN.findall(text)]
    tokens = [t for t in tokens if t not in _IGNORED and not t.startswith("ALPAKA_FN")]
    if "[" in tokens:  # float x[] or float x[8]: a pointer
        head = tokens[: tokens.index("[")]
        if tokens[-1] != "]" or tokens.count("[") != 1:
            return None
        if named and len(head) >= 2 and re.fullmatch(r"[A-Za-z_]\w*", head[-1]) and head[-1] not in _KEYWORDS:
            head = head[:-1]  # the parameter's name
        tokens = [*head, "*"]
    elif named and len(tokens) >= 2 and re.fullmatch(r"[A-Za-z_]\w*", tokens[-1]) and tokens[-1] not in _KEYWORDS:
        tokens = tokens[:-1]  # the parameter's name
    if not tokens:
        return None
    pointers = tokens.count("*")
    if pointers > 1 or "&&" in tokens:
        return None
    if "&" in tokens:  # by reference: only a const one binds the launch's argument; it takes the value type
        if tokens[-1] != "&" or "const" not in tokens or pointers:
            return None
        tokens = tokens[:-1]
    star = tokens.index("*") if pointers else len(tokens)
    before = tokens[:star]
    if any(t == "*" for t in tokens[star + 1 :]) or any(t not in ("const", "volatile") for t in tokens[star + 1 :]):
        return None
    const = "const" in before
    words = [t for t in before if t not in ("const", "volatile")]
    if not words or any(not re.fullmatch(r"[A-Za-z_][\w:<>,]*", w) for w in words):
        return None
    name = " ".join(words)
    base = _SAME_TYPE.get(name)
    if base is None and len(words) == 1 and words[0] in structs:
        return Type("pointer" if pointers else "struct", words[0], const)
    if base is None:
        return None
    if pointers:
        return Type("pointer", base, const)
    return None if base == "void" else Type("value", base)


@functools.lru_cache(maxsize=256)
def parameters(source: str, name: str, structs: frozenset[str] = frozenset()) -> tuple[Parameter, ...] | None:
    """The parameters after the accelerator of kernel `name`'s operator() in `source`; None where they cannot be read
    without doubt."""
    code = _strip_code(source)
    base = re.sub(r"<.*", "", name).split("::")[-1].strip()
    if not re.fullmatch(r"[A-Za-z_]\w*", base):
        return None
    definitions = list(re.finditer(rf"\b(?:struct|class)\s+(?:\w+\s+)*?{base}\b\s*(<)?[^;{{]*\{{", code))
    if len(definitions) != 1 or definitions[0][1]:  # defined twice, or specialized
        return None
    opening = definitions[0].end() - 1
    closing = _matching(code, opening, "{", "}")
    if closing < 0:
        return None
    body = code[opening + 1 : closing]
    if re.search(r"^\s*#", body, re.M) or re.search(rf"\b(?:struct|class)\s+{base}\s*<", code):
        return None
    operators = [m for m in re.finditer(r"\boperator\s*\(\s*\)\s*\(", body) if _depth(body, m.start()) == 0]
    if len(operators) != 1:
        return None
    start = operators[0].end() - 1
    end = _matching(body, start, "(", ")")
    if end < 0:
        return None
    parts = _split_top_level(body[start + 1 : end])
    if not parts or parts[0] in ("", "void") or "..." in body[start:end]:
        return None
    substitute = _template_arguments(code[: definitions[0].start()], name)
    found = []
    for part in parts[1:]:
        declared, default = [*part.split("=", 1), ""][:2] if "=" in part else (part, "")
        for parameter, argument in substitute.items():
            declared = re.sub(rf"\b{parameter}\b", argument, declared)
        resolved = declared.strip() if declared.strip() != part.split("=", 1)[0].strip() else ""
        found.append(Parameter(part, parse_type(declared, structs, named=True), bool(default.strip()), resolved))
    return tuple(found)


def _template_arguments(before: str, name: str) -> dict[str, str]:
    """The type parameters of the class template whose definition follows `before`, mapped to the arguments `name`
    gives them ("TwiceOf<float>": {"T": "float"}); empty where the kernel is no template, the lists do not match, or
    an argument is not a type this reader knows (the parameters that use it then stay unknown)."""
    header = re.search(r"template\s*<([^<>]*)>\s*$", before)
    arguments = re.search(r"<(.*)>\s*$", name)
    if header is None or arguments is None:
        return {}
    declared = _split_top_level(header[1])
    given = _split_top_level(arguments[1])
    if len(declared) != len(given):
        return {}
    found = {}
    for declaration, argument in zip(declared, given):
        kind = re.fullmatch(r"(?:typename|class)\s+([A-Za-z_]\w*)", declaration.strip())
        if kind and argument.strip() in _SAME_TYPE:
            found[kind[1]] = argument.strip()
    return found


def _depth(text: str, position: int) -> int:
    """How deep in {} `position` of `text` is."""
    return text.count("{", 0, position) - text.count("}", 0, position)


def _converts(argument: Type, parameter: Type) -> bool | None:
    """Whether C++ converts the argument to the parameter implicitly; None where that is not certain here."""
    if parameter.kind == "pointer":
        if argument.kind != "pointer":
            return False
        return (parameter.base in (argument.base, "void")) and (parameter.const or not argument.const)
    if parameter.kind == "struct":
        return True if argument.kind == "struct" and argument.base == parameter.base else None
    if argument.kind == "pointer":
        return None if parameter.base == "bool" else False  # a pointer converts to bool
    if argument.kind == "struct" or "Complex" in parameter.base or "Complex" in argument.base:
        return None  # a user conversion may exist
    return True  # arithmetic to arithmetic


def describe(cpp_type: str, parsed: Type | None) -> str:
    """An argument's type in words: "a float64 array or buffer (double*)"."""
    if parsed is not None and parsed.kind == "pointer" and parsed.base in _DTYPE_OF:
        read_only = "read-only " if parsed.const else ""
        return f"a {read_only}{_DTYPE_OF[parsed.base]} array or buffer ({cpp_type})"
    if parsed is not None and parsed.kind == "struct":
        return f"a {cpp_type} struct"
    return f"a {cpp_type} value" if parsed is not None and parsed.kind == "value" else f"a {cpp_type}"


def _advice(argument: Type, parameter: Type) -> str:
    if parameter.kind == "pointer" and argument.kind == "pointer" and argument.base == parameter.base:
        const = f"{parameter.base} const*"
        return f"; the kernel may write through it: pass a writable array, or declare the parameter {const}"
    if parameter.kind == "pointer" and argument.kind == "pointer" and parameter.base in _DTYPE_OF:
        dtype = _DTYPE_OF[parameter.base]
        return f"; pass {dtype} data (e.g. array.astype(numpy.{dtype})) or change the parameter's type"
    if parameter.kind == "pointer":
        return "; pass an array or buffer"
    return ""


def check(kernel: str, params: tuple[Parameter, ...], arg_types: tuple[str, ...], structs: frozenset[str]) -> None:
    """TypeError naming the first argument (counted from 1 after the accelerator) that kernel `kernel` cannot take
    with these parameters, or the count; nothing where each is fine or not certain."""
    required = sum(not p.has_default for p in params)
    if not required <= len(arg_types) <= len(params):
        takes = f"{required} to {len(params)}" if required != len(params) else f"{len(params)}"
        raise argument_error(
            f"{kernel} takes {takes} argument{'s' if len(params) != 1 else ''} after the accelerator "
            f"({', '.join(p.text for p in params)}); {len(arg_types)} {'were' if len(arg_types) != 1 else 'was'} given"
        )
    for position, (cpp_type, parameter) in enumerate(zip(arg_types, params), start=1):
        argument = parse_type(cpp_type, structs)
        if parameter.type is None or argument is None or _converts(argument, parameter.type) is not False:
            continue
        declared = f"`{parameter.text}`" + (f" (`{parameter.resolved}`)" if parameter.resolved else "")
        raise argument_error(
            f"argument {position} of {kernel}: {describe(cpp_type, argument)} cannot be passed as "
            f"{declared}{_advice(argument, parameter.type)}"
        )


_REPORT = re.compile(r"KernelArgument(DoesNotConvert|CountDiffers)(.*)")
_NAMES = {"DoesNotConvert": ("TPosition", "TArgument", "TParameter"), "CountDiffers": ("TParameters", "TArguments")}


def _report_values(kind: str, rest: str) -> list[str] | None:
    """The template arguments of a report as the compiler printed them: "<1, double *, float *>" (Clang, hiprtc),
    "... [with long unsigned int TPosition = 1; TArgument = double*; ...]" (GCC), "... [with TPosition=1UL, ...]"
    (NVRTC)."""
    if "[with " in rest:
        content = rest[rest.index("[with ") + 6 : rest.rfind("]")]
        parts = content.split(";") if ";" in content else _split_top_level(content)
        named = {}
        for part in parts:
            if "=" in part:
                name, value = part.split("=", 1)
                named[name.split()[-1] if name.split() else ""] = value.strip()
        values = [named.get(name) for name in _NAMES[kind]]
        return None if None in values else values  # type: ignore[return-value]
    if not rest.startswith("<"):
        return None
    end = _matching(rest, 0, "<", ">")
    return _split_top_level(rest[1:end]) if end > 0 else None


def from_compiler(kernel: str, log: str, structs: frozenset[str] = frozenset()) -> TypeError | None:
    """The TypeError that the compiler's report in `log` (KernelParameters.hpp) stands for; None without one."""
    for line in log.splitlines():
        match = _REPORT.search(line)
        values = _report_values(match[1], match[2]) if match else None
        if match is None or values is None:
            continue
        numbers = [re.sub(r"[uUlL]+$", "", v) for v in values]
        if match[1] == "CountDiffers" and len(values) == 2 and all(n.isdigit() for n in numbers):
            return argument_error(
                f"{kernel} takes {numbers[0]} argument{'s' if numbers[0] != '1' else ''} after the accelerator; "
                f"{numbers[1]} {'were' if numbers[1] != '1' else 'was'} given (found by the compiler)"
            )
        if match[1] == "DoesNotConvert" and len(values) == 3 and numbers[0].isdigit():
            argument, parameter = (re.sub(r"\s+(?=[*&])", "", v) for v in values[1:])
            parsed = parse_type(argument, structs)
            if int(numbers[0]) == 0:
                return argument_error(f"{kernel}: its operator() does not take the accelerator ({parameter}) first")
            return argument_error(
                f"argument {numbers[0]} of {kernel}: {describe(argument, parsed)} cannot be passed as {parameter} "
                "(found by the compiler)"
            )
    return None
