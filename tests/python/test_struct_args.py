# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
# One file: the layouts, their checks and their launches share the struct fixtures (the docstring says more).
"""Struct-by-value kernel arguments (pyalpaka.Kernel's structs=): a structured NumPy scalar or 0-d array of a
registered dtype becomes the C++ struct of that name; the compiled unit checks the struct's layout against the dtype,
and a mismatch is a CompileError that names the field. Launches run on every available back-end.

One module (over 400 lines): the layouts, their checks and their launches share the struct fixtures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk
from pyalpaka import _compiler, _gpu_compiler, _rtc, _structs

#: A 2-D five-point heat step over a row-major nx*ny grid, its parameters in a struct passed by value between the
#: buffers and a scalar; the edges are copied. Step reads any parameter struct with these members, aligned or packed.
STENCIL = r"""
struct Params
{
    float dt;
    std::int32_t nx, ny;
    double alpha;
};

#pragma pack(push, 1)
struct PackedParams
{
    float dt;
    std::int32_t nx, ny;
    double alpha;
};
#pragma pack(pop)

struct Step
{
    template<typename TAcc, typename TParams>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, double const* x, TParams p, double* y, double beta) const
    {
        auto const nx = static_cast<std::size_t>(p.nx);
        auto const ny = static_cast<std::size_t>(p.ny);
        double const k = p.alpha * static_cast<double>(p.dt);
        for(auto i : alpaka::uniformElements(acc, nx * ny))
        {
            auto const row = i / nx;
            auto const col = i % nx;
            if(row == 0 || col == 0 || row + 1 == ny || col + 1 == nx)
                y[i] = beta * x[i];
            else
                y[i] = beta * (x[i] + k * (x[i - 1] + x[i + 1] + x[i - nx] + x[i + nx] - 4.0 * x[i]));
        }
    }
};
"""

PARAMS = np.dtype([("dt", np.float32), ("nx", np.int32), ("ny", np.int32), ("alpha", np.float64)], align=True)
PACKED = np.dtype([("dt", np.float32), ("nx", np.int32), ("ny", np.int32), ("alpha", np.float64)], align=False)

#: A struct as the kernel's only argument: it says where to write (an address) and what.
ONLY = r"""
struct Store
{
    std::uint64_t address;
    double value;
};

struct WriteStore
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, Store s) const
    {
        for(auto i : alpaka::uniformElements(acc, std::size_t{4}))
            reinterpret_cast<double*>(s.address)[i] = s.value * static_cast<double>(i + 1);
    }
};
"""
STORE = np.dtype([("address", np.uint64), ("value", np.float64)], align=True)

#: A struct with a fixed-size array and a nested struct.
NESTED = r"""
struct Inner
{
    std::int16_t id;
    double scale;
};

struct Outer
{
    float w[3];
    Inner inner;
    std::uint8_t flag;
};

struct Weigh
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, Outer o, double* y) const
    {
        for(auto i : alpaka::uniformElements(acc, std::size_t{3}))
            y[i] = o.inner.scale * o.w[i] + o.inner.id + (o.flag ? 1000.0 : 0.0);
    }
};
"""
INNER = np.dtype([("id", np.int16), ("scale", np.float64)], align=True)
OUTER = np.dtype([("w", np.float32, (3,)), ("inner", INNER), ("flag", np.uint8)], align=True)


@pytest.fixture(scope="module")
def cache_dir(module_kernel_cache):
    """One cache for this module's kernels."""
    return module_kernel_cache


def heat_step(x: np.ndarray, dt: float, alpha: float, beta: float) -> np.ndarray:
    k = alpha * float(np.float32(dt))
    y = x.copy()
    y[1:-1, 1:-1] = x[1:-1, 1:-1] + k * (x[1:-1, :-2] + x[1:-1, 2:] + x[:-2, 1:-1] + x[2:, 1:-1] - 4.0 * x[1:-1, 1:-1])
    return beta * y


def run_step(
    device: pk.Device,
    kernel: pk.Kernel,
    params,
    *,
    blocking: bool,
    ny: int = 9,
    nx: int = 13,
    beta: float = 0.5,
    after_launch=lambda: None,
) -> tuple[np.ndarray, np.ndarray]:
    """Launches Step on `device`, calls `after_launch`; returns the kernel's result and the input."""
    x = np.random.default_rng(3).random((ny, nx))
    queue = pk.Queue(device, blocking=blocking)
    xb = pk.asarray(x, device=device, queue=queue)
    yb = pk.zeros(device, x.shape, np.float64, queue=queue)
    wd = pk.valid_workdiv(device, nx * ny, thread_elems=4, block_threads_must_divide=False)
    kernel(queue, wd, xb, params, yb, beta)
    after_launch()
    return yb.to_numpy(queue), x


# --- launches on every back-end -----------------------------------------------------------------------------------


@pytest.mark.parametrize("blocking", [True, False], ids=["blocking", "nonblocking"])
def test_stencil_with_a_params_struct_matches_numpy(device, cache_dir, blocking):
    kernel = pk.Kernel(STENCIL, "Step", structs={"Params": PARAMS})
    params = np.array((0.1, 13, 9, 0.5), dtype=PARAMS)
    # A structured scalar (a view of `params`): its bytes are taken at the call, so that changing the array while
    # the launch is queued changes nothing.
    y, x = run_step(
        device, kernel, params[()], blocking=blocking, after_launch=lambda: params.__setitem__("alpha", 100.0)
    )
    np.testing.assert_allclose(y, heat_step(x, 0.1, 0.5, 0.5), rtol=1e-12)


def test_zero_d_array_and_packed_layout(device, cache_dir):
    aligned = pk.Kernel(STENCIL, "Step", structs={"Params": PARAMS})
    y, x = run_step(device, aligned, np.array((0.25, 13, 9, 0.75), dtype=PARAMS), blocking=True)  # a 0-d array
    np.testing.assert_allclose(y, heat_step(x, 0.25, 0.75, 0.5), rtol=1e-12)
    # align=False describes a packed C++ struct: alpha at offset 12, 20 bytes.
    assert (PACKED.itemsize, PACKED.fields["alpha"][1]) == (20, 12)
    packed = pk.Kernel(STENCIL, "Step", structs={"PackedParams": PACKED})
    y, x = run_step(device, packed, np.array((0.25, 13, 9, 0.75), dtype=PACKED)[()], blocking=False, beta=2.0)
    np.testing.assert_allclose(y, heat_step(x, 0.25, 0.75, 2.0), rtol=1e-12)


def test_a_struct_as_the_only_argument(device, cache_dir):
    queue = pk.Queue(device, blocking=True)
    out = pk.zeros(device, (4,), np.float64, queue=queue)
    address = out.ptr
    kernel = pk.Kernel(ONLY, "WriteStore", structs={"Store": STORE})
    kernel(queue, pk.WorkDiv(1, 1, 4), np.array((address, 1.5), dtype=STORE)[()])
    np.testing.assert_array_equal(out.to_numpy(queue), [1.5, 3.0, 4.5, 6.0])


def test_nested_struct_and_array_field(device, cache_dir):
    queue = pk.Queue(device, blocking=True)
    y = pk.zeros(device, (3,), np.float64, queue=queue)
    value = np.array(([1.0, 2.0, 3.0], (7, 0.5), 1), dtype=OUTER)
    pk.Kernel(NESTED, "Weigh", structs={"Outer": OUTER})(queue, pk.WorkDiv(1, 1, 3), value, y)
    np.testing.assert_allclose(y.to_numpy(queue), [1007.5, 1008.0, 1008.5])


# --- layout mismatches: CompileError naming the field ------------------------------------------------------------


def mismatch(cache_dir, dtype: np.dtype, name: str = "Params") -> pk.CompileError:
    """The CompileError of a Step launch on the CPU with `dtype` registered as `name`."""
    device = pk.device("cpu_serial")
    kernel = pk.Kernel(STENCIL, "Step", structs={name: dtype})
    with pytest.raises(pk.CompileError) as info:
        run_step(device, kernel, np.zeros((), dtype=dtype), blocking=True)
    error = info.value
    headline = str(error).split("\ncompiler output:")[0]
    assert "a C++ struct does not have the layout of its dtype" in headline, str(error)
    assert "pyalpaka struct check:" in error.log  # the static_assert's own text
    return error


def lines(error: pk.CompileError) -> list[str]:
    """The failed checks, as the message's headline lists them."""
    return [line.strip() for line in error.args[0].splitlines()[1:]]


def test_missing_field_names_the_field_after_it(cache_dir):
    dtype = np.dtype([("dt", np.float32), ("nx", np.int32), ("alpha", np.float64)], align=True)  # no ny
    found = lines(mismatch(cache_dir, dtype))
    assert any(
        line.startswith("sizeof(Params) differs from the dtype's itemsize 16") and "[C++: 24" in line for line in found
    ), found
    assert any(line.startswith("field 'alpha' of Params is at offset 8 in the dtype") for line in found), found


def test_extra_field_is_named(cache_dir):
    dtype = np.dtype(
        [("dt", np.float32), ("nx", np.int32), ("ny", np.int32), ("alpha", np.float64), ("gamma", np.float64)],
        align=True,
    )
    found = lines(mismatch(cache_dir, dtype))
    assert "Params has no field 'gamma' (the dtype has float64 'gamma' at offset 24)" in found, found


@pytest.mark.parametrize(
    ("field", "wrong", "expected"),
    [
        ("nx", np.float32, "field 'nx' of Params is float32, a floating-point number, in the dtype; C++'s type is not"),
        ("alpha", np.int64, "field 'alpha' of Params is int64, a signed integer, in the dtype; C++'s type is not"),
        ("nx", np.uint32, "field 'nx' of Params is uint32, an unsigned integer, in the dtype; C++'s type is not"),
        ("ny", np.int16, "field 'ny' of Params is int16 (2 bytes) in the dtype, C++'s type has another size"),
    ],
    ids=["float-for-int", "int-for-double", "unsigned-for-signed", "short-for-int"],
)
def test_wrong_field_type_is_named(cache_dir, field, wrong, expected):
    fields = [(name, wrong if name == field else PARAMS.fields[name][0]) for name in PARAMS.names]
    found = lines(mismatch(cache_dir, np.dtype(fields, align=True)))
    assert any(line.startswith(expected) for line in found), found


def test_packed_dtype_against_aligned_struct(cache_dir):
    found = lines(mismatch(cache_dir, PACKED))
    assert any(
        line.startswith("field 'alpha' of Params is at offset 12 in the dtype") and "[C++: 16" in line for line in found
    ), found


def test_aligned_dtype_against_packed_struct(cache_dir):
    found = lines(mismatch(cache_dir, PARAMS, "PackedParams"))
    assert any(line.startswith("alignof(PackedParams) differs from the alignment 8") for line in found), found
    assert any(line.startswith("field 'alpha' of PackedParams is at offset 16") for line in found), found


def test_nested_mismatch_names_the_inner_field(cache_dir):
    inner = np.dtype([("id", np.int16), ("scale", np.float32)], align=True)  # C++ has double
    dtype = np.dtype([("w", np.float32, (3,)), ("inner", inner), ("flag", np.uint8)], align=True)
    kernel = pk.Kernel(NESTED, "Weigh", structs={"Outer": dtype})
    with pytest.raises(pk.CompileError, match=r"field 'scale' of Outer::inner is float32 \(4 bytes\)"):
        kernel.compile("cpu_serial", 1, [np.zeros((), dtype), "double*"])


HIDDEN_FIELD = r"""
#include <cstdint>
struct Params { float a; std::int32_t n; double b; };  // n sits where the dtype below has padding
struct Read
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, Params p, double* out) const
    {
        if(alpaka::oncePerGrid(acc))
            out[0] = p.a + p.n + p.b;
    }
};
"""
NO_N = np.dtype([("a", np.float32), ("b", np.float64)], align=True)  # 16 bytes, a and b where C++ has them


def test_a_field_hidden_in_the_dtypes_padding_is_caught(cache_dir):
    """The same size, the same offsets for every dtype field: only the number of fields tells them apart."""
    kernel = pk.Kernel(HIDDEN_FIELD, "Read", structs={"Params": NO_N})
    with pytest.raises(pk.CompileError) as info:
        kernel.compile("cpu_serial", 1, ["Params", "double*"])
    assert "Params and the dtype differ in their number of fields: one has a field the other lacks" in str(
        info.value
    ) and "[C++: 3, dtype: 2]" in str(info.value), str(info.value)


def test_a_field_hidden_in_the_dtypes_padding_is_caught_by_nvrtc_too(cache_dir):
    from pyalpaka import _rtc

    try:
        _rtc.nvrtc()
    except pk.Error as error:
        pytest.skip(f"no NVRTC: {error}")
    kernel = pk.Kernel(HIDDEN_FIELD, "Read", structs={"Params": NO_N})
    with pytest.raises(pk.CompileError, match="Params and the dtype differ in their number of fields"):
        kernel.compile("cuda", 1, ["Params", "double*"], arch="sm_90")


@pytest.mark.parametrize(
    ("fields", "dtype"),
    [
        ("float v[3]; std::int32_t n;", [("v", np.float32, (3,)), ("n", np.int32)]),
        ("std::array<float, 3> v; std::int32_t n;", [("v", np.float32, (3,)), ("n", np.int32)]),
        (
            "struct { float x; float y; } p; double w;",
            [("p", [("x", np.float32), ("y", np.float32)]), ("w", np.float64)],
        ),
    ],
    ids=["c-array", "std-array", "nested"],
)
def test_arrays_and_nested_structs_count_as_the_dtype_does(cache_dir, fields, dtype):
    source = (
        f"#include <array>\n#include <cstdint>\nstruct Params {{ {fields} }};\n"
        "struct Read { template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc const& acc, Params p, double* out) "
        "const { if(alpaka::oncePerGrid(acc)) out[0] = sizeof(p); } };\n"
    )
    kernel = pk.Kernel(source, "Read", structs={"Params": np.dtype(dtype, align=True)})
    kernel.compile("cpu_serial", 1, ["Params", "double*"])  # compiles: the layouts agree


def test_swapped_fields_of_one_size_are_caught_by_their_offsets(cache_dir):
    source = (
        "struct Pair { float a; float b; };\n"
        "struct Use { template<typename TAcc> ALPAKA_FN_ACC void operator()(TAcc const& acc, Pair p, float* out) "
        "const { if(alpaka::oncePerGrid(acc)) out[0] = p.a - p.b; } };\n"
    )
    swapped = np.dtype([("b", np.float32), ("a", np.float32)], align=True)
    with pytest.raises(pk.CompileError) as info:
        pk.Kernel(source, "Use", structs={"Pair": swapped}).compile("cpu_serial", 1, ["Pair", "float*"])
    message = str(info.value)
    assert "field 'b' of Pair is at offset 0 in the dtype, elsewhere in C++" in message, message
    assert "field 'a' of Pair is at offset 4 in the dtype, elsewhere in C++" in message, message


def test_a_struct_that_is_no_aggregate_is_refused_saying_what_is_supported(cache_dir):
    source = HIDDEN_FIELD.replace("double b; };", "double b; Params() : a(0), n(0), b(0) {} };")
    kernel = pk.Kernel(
        source,
        "Read",
        structs={"Params": np.dtype([("a", np.float32), ("n", np.int32), ("b", np.float64)], align=True)},
    )
    with pytest.raises(pk.CompileError, match="Params is not an aggregate: a struct argument is a plain aggregate"):
        kernel.compile("cpu_serial", 1, ["Params", "double*"])


# --- argument and registration errors (no compilation) ------------------------------------------------------------


@pytest.fixture
def step():
    return pk.Kernel(STENCIL, "Step", structs={"Params": PARAMS})


def launch(kernel: pk.Kernel, value) -> None:
    device = pk.device("cpu_serial")
    kernel(pk.Queue(device, blocking=True), pk.WorkDiv(1), np.zeros(4), value, np.zeros(4), 1.0)


def test_unregistered_dtype_is_a_type_error_naming_the_argument_and_the_expected_dtype(step):
    other = np.dtype([("dt", np.float64), ("n", np.int32)])
    with pytest.raises(
        TypeError,
        match=r"argument 2 of Step has the structured dtype .*'dt'.*'<f8'.*which is not "
        r"a registered struct's: expected Params = dtype\(\[",
    ):
        launch(step, np.zeros((), other)[()])
    # A kernel without structs= says how to register one.
    with pytest.raises(TypeError, match=r"argument 2 of Step .* not registered: pass structs="):
        launch(pk.Kernel(STENCIL, "Step"), np.zeros((), PARAMS))


def test_a_dtype_with_other_names_is_another_dtype(step):
    renamed = np.dtype([("dt", np.float32), ("nx", np.int32), ("ny", np.int32), ("beta", np.float64)], align=True)
    with pytest.raises(TypeError, match="argument 2 of Step has the structured dtype"):
        launch(step, np.zeros((), renamed))


@pytest.mark.parametrize("value", [(0.1, 13, 9, 0.5), [0.1, 13, 9, 0.5], {"dt": 0.1}], ids=["tuple", "list", "dict"])
def test_a_plain_python_value_is_no_struct(step, value):
    with pytest.raises(TypeError, match=r"argument 2 of Step is .*; struct arguments \(Params = dtype"):
        launch(step, value)


def test_a_1d_structured_array_is_no_struct(step):
    with pytest.raises(
        TypeError,
        match=r"argument 2 of Step is a structured array of shape \(1,\); a struct "
        r"argument is one value",
    ):
        launch(step, np.zeros(1, PARAMS))


@pytest.mark.parametrize(
    ("structs", "message"),
    [
        ([("Params", PARAMS)], r"structs maps C\+\+ struct names to NumPy structured dtypes"),
        ({"2Params": PARAMS}, r"'2Params' is not the name of a C\+\+ struct"),
        ({"Par ams": PARAMS}, r"is not the name of a C\+\+ struct"),
        ({"Params": np.float32}, "needs a structured dtype"),
        ({"Params": "not a dtype"}, r"structs\['Params'\] must be a NumPy structured dtype"),
        ({"Params": np.dtype([("a", object)])}, "field 'a' of struct Params: object fields"),
        ({"Params": np.dtype([("a", np.float16)])}, r"float16 has no standard C\+\+ type"),
        ({"Params": np.dtype([("a", ">f8")])}, "not in the machine's byte order"),
        ({"Params": np.dtype([("a", "U4")])}, r"has no C\+\+ counterpart"),
        ({"Params": np.dtype([("a", INNER, (2,))])}, "arrays of structs are not supported"),
        ({"Params": np.dtype([("class", np.int32)])}, r"field names must be C\+\+ identifiers"),
        (
            {"Params": np.dtype({"names": ["a", "b"], "formats": [np.int32, np.int16], "offsets": [0, 2]})},
            "fields 'a' and 'b' overlap",
        ),
        ({"Params": PARAMS, "Other": PARAMS.newbyteorder("=")}, "'Params' and 'Other' have the same dtype"),
    ],
    ids=[
        "not-a-mapping",
        "digit",
        "blank",
        "scalar-dtype",
        "not-a-dtype",
        "object",
        "float16",
        "big-endian",
        "string",
        "array-of-structs",
        "keyword",
        "overlap",
        "duplicate",
    ],
)
def test_bad_structs_are_refused_when_the_kernel_is_made(structs, message):
    with pytest.raises(TypeError, match=message):
        pk.Kernel(STENCIL, "Step", structs=structs)


def test_qualified_names_and_the_structs_property():
    kernel = pk.Kernel(STENCIL, "Step", structs={"sim::Params": PARAMS, "Outer": OUTER})
    assert kernel.structs == {"sim::Params": PARAMS, "Outer": OUTER}
    assert "structs=" in repr(kernel)


# --- the generated code and the cache key ------------------------------------------------------------------------


def test_the_layout_is_part_of_the_cache_key():
    a = pk.Kernel(STENCIL, "Step", structs={"Params": PARAMS})
    b = pk.Kernel(STENCIL, "Step", structs={"Params": PACKED})
    c = pk.Kernel(STENCIL, "Step", structs={"PackedParams": PACKED})
    plain = pk.Kernel(STENCIL, "Step")
    keys = {repr(k._key_fields(1, ("double const*", "Params", "double*", "double"), False)) for k in (a, b, c, plain)}
    assert len(keys) == 4
    fields = [(name, PARAMS.fields[name][0]) for name in PARAMS.names]
    same = pk.Kernel(STENCIL, "Step", structs={"Params": np.dtype(fields, align=True)})
    assert same._key_fields(1, ("Params",), False) == a._key_fields(1, ("Params",), False)


def test_sample_values_name_the_struct_in_compile(step, cache_dir):
    assert step._type_of(1, np.zeros((), PARAMS)) == "Params"
    assert step._type_of(1, np.zeros((), PARAMS)[()]) == "Params"
    with pytest.raises(TypeError, match="argument 2 of Step: the structured dtype"):
        step._type_of(1, np.zeros((), np.dtype([("q", np.int8)])))
    entry = step.compile("cpu_serial", 1, [np.zeros(4), np.zeros((), PARAMS), np.zeros(4), 1.0])
    assert entry.path.is_file()


def test_generated_units_check_the_layout_on_cpu_and_gpu(step):
    request = step._request("cuda", 1, ("double const*", "Params", "double*", "double"))
    gpu_unit = _gpu_compiler.generate(request, _gpu_compiler.GpuTarget("cuda", "sm_90", None))
    assert "pyalpaka_kernel(pyalpaka::jit::ElemVec<PyalpakaAcc> elems, double const* a0, Params a1" in gpu_unit
    for unit in (gpu_unit, _compiler.user_source_block(request)):
        assert "static_assert(sizeof(Params) == 24," in unit
        assert "static_assert(alignof(Params) == 8," in unit
        assert "PYALPAKA_OFFSET_OF(TStruct, alpha)" in unit
    assert _structs.checks(()) == ""


def test_struct_kernel_compiles_with_nvrtc(step, tmp_path, monkeypatch):
    try:
        _rtc.nvrtc()
        _rtc.cccl_include()
    except pk.BackendUnavailableError as error:
        pytest.skip(f"cuda: no run-time compiler here: {error}")
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    entry = step.compile("cuda", 1, ["double const*", "Params", "double*", "double"], arch="sm_90")
    assert entry.path.suffix == ".cubin"
    bad = pk.Kernel(STENCIL, "Step", structs={"Params": PACKED})
    with pytest.raises(pk.CompileError, match="field 'alpha' of Params is at offset 12 in the dtype"):
        bad.compile("cuda", 1, ["double const*", "Params", "double*", "double"], arch="sm_90")


# --- ahead of the first launch: python -m pyalpaka cache precompile --struct ------------------------------------


STEP_SIGNATURE = "double const*, Params, double*, double"


def _precompile(source, *options: str):
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pyalpaka",
            "cache",
            "precompile",
            str(source),
            "--kernel",
            "Step",
            "--signature",
            STEP_SIGNATURE,
            "--backend",
            "cpu_serial",
            *options,
        ],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    "spec",
    [
        '{"names": ["dt", "nx", "ny", "alpha"], "formats": ["f4", "i4", "i4", "f8"], "aligned": true}',
        "test_struct_args:PARAMS",
    ],
    ids=["json", "module-attribute"],
)
def test_precompile_registers_structs_and_the_launch_is_a_hit(spec, tmp_path, monkeypatch):
    source = tmp_path / "step.cpp"
    source.write_text(STENCIL)
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).resolve().parent))
    done = _precompile(source, "--struct", f"Params={spec}")
    assert done.returncode == 0, done.stderr
    assert "compiled in" in done.stderr
    entry = pk.Kernel.from_file(source, "Step", structs={"Params": PARAMS}).compile(
        "cpu_serial", 1, [t.strip() for t in STEP_SIGNATURE.split(",")]
    )
    assert entry.hit


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("Params", "expected NAME=SPEC"),
        ('Params=[["dt", "f4"', "not a NumPy structured dtype (JSONDecodeError"),
        ("Params=no_such_module_here:X", "not a NumPy structured dtype (ModuleNotFoundError"),
        ("Params=numpy:float32", "is not a structured dtype (it has no fields)"),
        ('Params=[["dt", "no-such-format"]]', "not a NumPy structured dtype (TypeError"),
    ],
)
def test_precompile_rejects_bad_struct_options_by_name(option, message, tmp_path, monkeypatch):
    source = tmp_path / "step.cpp"
    source.write_text(STENCIL)
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    done = _precompile(source, "--struct", option)
    assert done.returncode == 2 and not done.stdout
    assert f"--struct {option!r}" in done.stderr and message in done.stderr, done.stderr


def test_precompile_without_struct_is_another_variant(tmp_path, monkeypatch):
    """Params is then a plain C++ type name: it compiles, but without the layout checks, and the registered struct's
    variant (whose key has the layout) is still to be compiled."""
    source = tmp_path / "step.cpp"
    source.write_text(STENCIL)
    monkeypatch.setenv("PYALPAKA_CACHE_DIR", str(tmp_path / "cache"))
    done = _precompile(source)
    assert done.returncode == 0, done.stderr
    entry = pk.Kernel.from_file(source, "Step", structs={"Params": PARAMS}).compile(
        "cpu_serial", 1, [t.strip() for t in STEP_SIGNATURE.split(",")]
    )
    assert not entry.hit
