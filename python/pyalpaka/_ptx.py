# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""PTX from NVRTC without the module-scope variables that no code uses.

Under NVRTC's ``-default-device`` every constexpr variable that the headers instantiate becomes a device variable:
``cuda::std::integral_constant<bool, false>::value``, CCCL's ``__cccl_is_signed_integer_impl_v<int>``, alpaka's math
constants. A small kernel's module carries hundreds of them, none of which its code reads, and the driver sets up every
one when it loads the module, which makes loading it many times slower (measured with benchmarks/python/module_load.py:
docs/dev/measurements.md#gpu-kernels-and-launches). nvcc does not emit them; NVRTC has no option to leave them out, and
ptxas keeps every variable it is given. So the JIT asks NVRTC for PTX, removes the variables that nothing names, and has
the driver compile the rest (_gpu_compiler.compile_module).

A variable is removed when its name occurs nowhere but in its own declaration; removing one can free another (a
string that only a removed variable's initializer pointed to), so this repeats until nothing changes. Names listed in
`keep` stay: the loader reads ``pyalpaka_dyn_shared_kind`` from the module by name.
"""

from __future__ import annotations

import re
from collections import Counter

# A module-scope variable on one line: [.visible|.weak|.common] .global|.const, its type and alignment, the name, an
# optional array extent and initializer. A declaration that spans lines does not match, and is kept.
_DECLARATION = re.compile(
    r"^[ \t]*(?:\.(?:visible|weak|common)[ \t]+)?\.(?:global|const)[ \t][^;\n]*?"
    r"(?P<name>[A-Za-z_$%][\w$]*)[ \t]*(?:\[[^\]\n]*\])?[ \t]*(?:=[^;\n]*)?;[ \t]*$",
    re.MULTILINE,
)
_IDENTIFIER = re.compile(r"[A-Za-z_$%][\w$]*")


def strip_unused_globals(ptx: str, keep: tuple[str, ...] = ()) -> tuple[str, int]:
    """`ptx` without the module-scope variables that nothing refers to, and how many were removed."""
    uses = Counter(_IDENTIFIER.findall(ptx))
    declarations = {match.start(): match for match in _DECLARATION.finditer(ptx)}
    removed: set[int] = set()
    changed = True
    while changed:
        changed = False
        for start, match in declarations.items():
            name = match.group("name")
            if start in removed or name in keep or uses[name] != 1:
                continue
            removed.add(start)
            changed = True
            uses.subtract(_IDENTIFIER.findall(match.group(0)))  # what its initializer named is used once less
    if not removed:
        return ptx, 0
    pieces, position = [], 0
    for start in sorted(removed):
        match = declarations[start]
        pieces.append(ptx[position : match.start()])
        position = match.end() + 1 if ptx[match.end() : match.end() + 1] == "\n" else match.end()
    pieces.append(ptx[position:])
    return "".join(pieces), len(removed)
