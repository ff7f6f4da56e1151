# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Arguments a pk.Kernel cannot take are TypeErrors that name the argument: before the compiler runs where the
kernel's parameter list can be read from its source (python/pyalpaka/_signature.py), after the compile otherwise,
from the library's report (alpaka/kernel/KernelParameters.hpp), remembered so that the next launch fails at once.
And a CompileError in library code that the user's kernel called shows the user's line first."""

from __future__ import annotations

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _compiler, _signature

TWICE = r"""
// struct Twice { a comment that looks like code };
struct Twice
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float* x, std::int64_t n, float factor = 2.0f) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            x[i] *= factor;
    }
};
"""

# The same kernel as a class template whose parameter goes through an alias, which the reader does not follow: the
# compiler finds the mismatch.
TWICE_TEMPLATE = r"""
template<typename T>
struct TwiceOf
{
    using Elem = T;

    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, Elem* x, std::int64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            x[i] *= T(2);
    }
};
"""


@pytest.fixture(scope="module")
def cache_dir(module_kernel_cache):
    return module_kernel_cache


def refused_before_compiling(device, kernel, *args, match):
    """Launches `kernel` on `device` with `args` and checks a TypeError matching `match` came without a compile. On a
    device with its own memory the arrays are passed as buffers there (a NumPy array is refused before its type)."""
    if not device.is_host:
        args = tuple(pk.asarray(a, device=device) if isinstance(a, np.ndarray) and a.ndim else a for a in args)
    runs = _compiler.compiler_runs
    with pytest.raises(TypeError, match=match) as caught:
        kernel(pk.Queue(device, blocking=True), pk.WorkDiv(1), *args)
    assert _compiler.compiler_runs == runs, "the compiler ran"
    return caught.value


def test_a_wrong_dtype_is_a_type_error_naming_the_argument_before_a_compile(device, cache_dir):
    kernel = pk.Kernel(TWICE, "Twice")
    x = np.ones(8)  # float64 for float*
    error = refused_before_compiling(
        device,
        kernel,
        x,
        8,
        match=r"^argument 1 of Twice: a float64 array or buffer \(double\*\) cannot be passed as `float\* x`; "
        r"pass float32 data \(e\.g\. array\.astype\(numpy\.float32\)\)",
    )
    assert error.__traceback__ is not None and error.__cause__ is None


def read_only(x: np.ndarray) -> np.ndarray:
    x.flags.writeable = False
    return x


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (lambda: (read_only(np.ones(8, np.float32)), 8), r"argument 1 of Twice: a read-only float32 array .*may write"),
        (
            lambda: (np.int64(3), 8),
            r"argument 1 of Twice: a std::int64_t value cannot be passed as `float\* x`; pass an",
        ),
        (lambda: (np.ones(8, np.float32), np.ones(2, np.int64)), r"argument 2 of Twice: a int64 array or buffer"),
        (lambda: (np.ones(8, np.float32),), r"Twice takes 2 to 3 arguments after the accelerator \(float\* x, "),
        (lambda: (np.ones(8, np.float32), 8, 1.0, 2.0), r"Twice takes 2 to 3 arguments .*; 4 were given"),
    ],
    ids=["read-only", "scalar-for-pointer", "array-for-scalar", "too-few", "too-many"],
)
def test_other_arguments_the_kernel_cannot_take(device, cache_dir, args, match):
    if not device.is_host and "read-only" in match:
        pytest.skip(f"{device}: a read-only NumPy array reaches its kernels only as a copy, a writable buffer")
    refused_before_compiling(device, pk.Kernel(TWICE, "Twice"), *args(), match=match)


def test_arguments_that_convert_are_not_refused(cache_dir):
    """Every implicit conversion C++ makes is left alone: an int or a float64 scalar for `float`, an int for
    std::int64_t, and the default argument may be left out."""
    kernel = pk.Kernel(TWICE, "Twice")
    queue = pk.Queue(pk.device("cpu_serial"), blocking=True)
    x = np.ones(8, np.float32)
    kernel(queue, pk.WorkDiv(8), x, 8)
    kernel(queue, pk.WorkDiv(8), x, np.int32(8), 3)
    kernel(queue, pk.WorkDiv(8), x, 8, np.float64(0.5))
    np.testing.assert_array_equal(x, np.full(8, 3.0, np.float32))


def test_the_compiler_finds_what_the_source_does_not_say_and_it_is_remembered(cache_dir):
    kernel = pk.Kernel(TWICE_TEMPLATE, "TwiceOf<float>")
    queue = pk.Queue(pk.device("cpu_serial"), blocking=True)
    expected = r"^argument 1 of TwiceOf<float>: a float64 array or buffer \(double\*\) cannot be passed as float\* "
    with pytest.raises(TypeError, match=expected + r"\(found by the compiler\)") as caught:
        kernel(queue, pk.WorkDiv(8), np.ones(8), 8)
    assert "KernelArgumentDoesNotConvert" in caught.value.log
    runs = _compiler.compiler_runs
    with pytest.raises(TypeError, match=expected):
        kernel(queue, pk.WorkDiv(8), np.ones(8), 8)  # the second launch: at once
    assert _compiler.compiler_runs == runs
    x = np.ones(8, np.float32)
    kernel(queue, pk.WorkDiv(8), x, 8)  # the right types still work
    np.testing.assert_array_equal(x, np.full(8, 2.0, np.float32))


def test_the_compiler_reports_a_wrong_argument_count(cache_dir):
    # A preprocessor line in the body: the reader gives up, the compiler counts.
    source = TWICE_TEMPLATE.replace("    template<typename TAcc>\n", "#define SCALE 2\n    template<typename TAcc>\n")
    assert _signature.parameters(source, "TwiceOf<double>") is None
    kernel = pk.Kernel(source, "TwiceOf<double>")
    with pytest.raises(TypeError, match=r"^TwiceOf<double> takes 2 arguments after the accelerator; 1 was given"):
        kernel.compile("cpu_serial", 1, ["double*"])


def test_a_library_error_shows_the_users_line_first(cache_dir):
    source = TWICE.replace("x[i] *= factor;", "x[i] = alpaka::math::sin(acc, x);")
    with pytest.raises(pk.CompileError) as caught:
        pk.Kernel(source, "Twice").compile("cpu_serial", 1, ["float*", "std::int64_t"])
    text = str(caught.value)
    first = text.index("in kernel.cpp, line 9, which uses the library code that failed:")
    assert text.index(">    9 |             x[i] = alpaka::math::sin(acc, x);") > first
    assert first < text.index("compiler output:")
    assert len(caught.traceback) == 2  # this test and Kernel.compile: none of the package's frames between


# --- the reader of parameter lists ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("float* x", ("pointer", "float", False)),
        ("float const* __restrict__ x", ("pointer", "float", True)),
        ("const double* ALPAKA_RESTRICT x", ("pointer", "double", True)),
        ("std::int64_t n", ("value", "long", False)),
        ("long int n", ("value", "long", False)),
        ("long long n", ("value", "long long", False)),
        ("std::size_t", ("value", "unsigned long", False)),
        ("unsigned n", ("value", "unsigned int", False)),
        ("float x[]", ("pointer", "float", False)),
        ("int x[4]", ("pointer", "int", False)),
        ("float const& a", ("value", "float", False)),
        ("void* p", ("pointer", "void", False)),
        ("Params p", ("struct", "Params", False)),
        ("T* x", None),
        ("Idx n", None),
        ("float& x", None),
        ("float** x", None),
        ("alpaka::Vec<Dim, Idx> extent", None),
    ],
)
def test_parameter_types_are_read_or_left_to_the_compiler(text, expected):
    parsed = _signature.parse_type(text, frozenset({"Params"}), named=True)
    assert (tuple(parsed) if parsed else None) == expected


@pytest.mark.parametrize(
    "source",
    [
        TWICE + TWICE,  # defined twice
        TWICE.replace("struct Twice\n", "template<typename T> struct Twice\n")
        + "template<> struct Twice<int> { template<typename TAcc> void operator()(TAcc const&, int*) const {} };",
        TWICE.replace("    template<typename TAcc>\n", "#if 1\n    template<typename TAcc>\n#endif\n"),
        TWICE.replace("};\n", "    template<typename TAcc> void operator()(TAcc const&, double*) const {}\n};\n"),
        TWICE.replace("float* x, std::int64_t n, float factor = 2.0f", "auto... args"),
        "struct Other {};",
    ],
    ids=["twice", "specialized", "preprocessor", "overloaded", "variadic", "missing"],
)
def test_the_reader_gives_up_where_the_source_is_ambiguous(source):
    assert _signature.parameters(source, "Twice") is None


def test_a_class_templates_arguments_are_put_in(device, cache_dir):
    source = TWICE_TEMPLATE.replace("Elem* x", "T* x")
    refused_before_compiling(
        device,
        pk.Kernel(source, "TwiceOf<float>"),
        np.ones(8),
        8,
        match=r"^argument 1 of TwiceOf<float>: a float64 array or buffer \(double\*\) cannot be passed as `T\* x` "
        r"\(`float\* x`\)",
    )
    assert _signature.parameters(source, "TwiceOf<Unknown>")[0].type is None  # left to the compiler


def test_the_reader_reads_a_plain_kernel():
    params = _signature.parameters(TWICE, "Twice")
    assert [p.text for p in params] == ["float* x", "std::int64_t n", "float factor = 2.0f"]
    assert [p.has_default for p in params] == [False, False, True]


@pytest.mark.parametrize(
    "line",
    [
        "KernelParameters.hpp: In instantiation of 'static constexpr void alpaka::detail::KernelArgumentDoesNotConvert"
        "<TPosition, TArgument, TParameter>::report() [with long unsigned int TPosition = 2; TArgument = double*; "
        "TParameter = float*]':",
        "KernelTraits.hpp:169:29: note: in instantiation of member function "
        "'alpaka::detail::KernelArgumentDoesNotConvert<2, double *, float *>::report' requested here",
        'detected during instantiation of "void alpaka::detail::KernelArgumentDoesNotConvert<TPosition, TArgument, '
        'TParameter>::report() [with TPosition=2UL, TArgument=double *, TParameter=float *]"',
    ],
    ids=["gcc", "clang-hiprtc", "nvrtc"],
)
def test_the_compilers_reports_are_read(line):
    error = _signature.from_compiler("K", "noise\n" + line + "\nmore noise")
    assert str(error) == (
        "argument 2 of K: a float64 array or buffer (double*) cannot be passed as float* (found by the compiler)"
    )


def test_the_reader_refuses_exactly_what_cpp_refuses(tmp_path):
    """Each verdict the reader gives (converts or not; it may also abstain) agrees with std::is_convertible on the
    host compiler, for the parameter types it knows and every argument type a launch passes."""
    import subprocess

    from pyalpaka._buildconfig import host_toolchain

    parameters = [
        "float*", "float const*", "double*", "const double*", "void*", "void const*", "std::int64_t*", "long long*",
        "std::int8_t*", "char*", "bool*", "float", "double", "int", "unsigned", "std::size_t", "bool", "long long",
        "Params", "Params const&", "alpaka::Complex<float>*",
    ]  # fmt: skip
    arguments = [
        "float*", "float const*", "double*", "double const*", "std::int8_t*", "std::uint8_t*", "std::int16_t*",
        "std::uint16_t*", "std::int32_t*", "std::uint32_t*", "std::int64_t*", "std::uint64_t*", "bool*",
        "alpaka::Complex<float>*", "alpaka::Complex<double> const*", "std::int64_t", "double", "bool", "float",
        "std::int32_t", "std::uint64_t", "Params",
    ]  # fmt: skip
    structs = frozenset({"Params"})
    checks = []
    for parameter in parameters:
        for argument in arguments:
            verdict = _signature._converts(
                _signature.parse_type(argument, structs), _signature.parse_type(parameter, structs, named=False)
            )
            if verdict is not None:
                checks.append(
                    f"static_assert(std::is_convertible_v<{argument} const&, {parameter}> == {str(verdict).lower()}, "
                    f'"{argument} -> {parameter}");'
                )
    assert len(checks) > 300
    unit = tmp_path / "verdicts.cpp"
    unit.write_text(
        "#include <alpaka/math/Complex.hpp>\n#include <cstddef>\n#include <cstdint>\n#include <type_traits>\n"
        "struct Params { float dt; int n; };\n" + "\n".join(checks) + "\n"
    )
    command = [host_toolchain("cpu_serial").compiler, "-std=c++20", "-fsyntax-only", f"-I{pk.get_include()}"]
    done = subprocess.run([*command, str(unit)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
