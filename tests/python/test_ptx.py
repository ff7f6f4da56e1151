# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""The removal of unused module variables from NVRTC's PTX (pyalpaka/_ptx.py), on hand-written PTX."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

# The module alone, without importing the package (it needs no extension).
_SPEC = importlib.util.spec_from_file_location(
    "pyalpaka_ptx", Path(__file__).resolve().parents[2] / "python" / "pyalpaka" / "_ptx.py"
)
ptx = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ptx)

MODULE = """
.version 9.0
.target sm_90
.address_size 64

.global .align 1 .b8 pyalpaka_dyn_shared_kind[1];
.global .align 1 .u8 _ZN4cuda3std3__417integral_constantIbLb1EE5valueE = 1;
.global .align 8 .u64 _ZN4cuda3std3__411__type_listIJasilxEE6__sizeE = 5;
.global .align 1 .b8 $str[4] = {65, 99, 99, 0};
.global .align 8 .u64 _ZN6alpaka7accNameE = generic($str);
.global .align 4 .u32 counter;
.const .align 4 .b8 table[8] = {1, 0, 0, 0, 2, 0, 0, 0};
.visible .global .align 4 .u32 exported_but_unused;
.global .align 4 .b8 split[8] = {1, 2,
    3, 4, 5, 6, 7, 8};

.visible .entry pyalpaka_kernel(
	.param .u64 pyalpaka_kernel_param_0
)
{
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<3>;
	mov.u64 	%rd1, counter;
	ld.const.u32 	%r1, [table];
	atom.global.add.u32 	%r2, [%rd1], %r1;
	ret;
}
"""


def test_unused_variables_go_and_used_ones_stay():
    stripped, removed = ptx.strip_unused_globals(MODULE, keep=("pyalpaka_dyn_shared_kind",))
    for gone in ("integral_constant", "__type_list", "$str", "accName", "exported_but_unused"):
        assert gone not in stripped, gone
    for kept in (
        ".global .align 4 .u32 counter;",
        ".const .align 4 .b8 table[8]",
        "pyalpaka_dyn_shared_kind[1];",
        ".visible .entry pyalpaka_kernel(",
        "atom.global.add.u32",
    ):
        assert kept in stripped, kept
    assert "split[8] = {1, 2," in stripped  # a declaration over several lines is not parsed, so it stays
    # a variable freed by the removal of another (a string only a removed initializer pointed to) goes too
    assert removed == 5
    assert stripped.count("\n") == MODULE.count("\n") - 5  # whole lines, nothing else


def test_nothing_to_remove_returns_the_text_as_it_was():
    text = ".version 9.0\n.global .align 4 .u32 used;\n.entry k() { mov.u64 %rd1, used; ret; }\n"
    assert ptx.strip_unused_globals(text) == (text, 0)


@pytest.mark.parametrize("name", ["pyalpaka_dyn_shared_kind", "$str"])
def test_kept_names_stay_even_unused(name):
    text = f".global .align 1 .b8 {name}[1];\n.entry k() {{ ret; }}\n"
    assert ptx.strip_unused_globals(text, keep=(name,)) == (text, 0)
    assert ptx.strip_unused_globals(text) == (".entry k() { ret; }\n", 1)
