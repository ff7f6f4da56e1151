# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""CompileError: a kernel that does not compile, with the compiler's log shown against the user's own source."""

from __future__ import annotations

import re

from ._core import Error

# "file:line:col: error: message" (GCC, Clang, hiprtc) and "file(line): error: message" (NVRTC).
_DIAGNOSTIC = re.compile(
    r"^(?P<file>[^:(\n]+)(?::(?P<line>\d+):(?:(?P<column>\d+):)?|\((?P<nvline>\d+)\):) "
    r"(?P<kind>fatal error|error|catastrophic error)"
)


class CompileError(Error):
    """A kernel failed to compile.

    ``log`` is the compiler's full output, ``command`` the command line, ``source`` the user's kernel source and
    ``generated`` the translation unit that was compiled. ``str()`` shows, for each error, the user's source lines
    around it, numbered as in the user's own text.
    """

    def __init__(self, message: str, *, log: str, source: str, command: list[str], filename: str, generated: str = ""):
        self.log = log
        self.source = source
        self.command = command
        self.filename = filename
        self.generated = generated
        super().__init__(message)

    def diagnostics(self) -> list[tuple[int, str]]:
        """(line in the user's source, the diagnostic's text) for each error the compiler reported there."""
        found = []
        for text in self.log.splitlines():
            match = _DIAGNOSTIC.match(text)
            if match and match["file"].endswith(self.filename):
                found.append((int(match["line"] or match["nvline"]), text))
        return found

    def __str__(self) -> str:
        lines = self.source.splitlines()
        parts = [self.args[0] if self.args else "the kernel failed to compile"]
        for line_number, text in self.diagnostics()[:5]:
            parts.append("")
            parts.append(text)
            for n in range(max(1, line_number - 2), min(len(lines), line_number + 2) + 1):
                marker = ">" if n == line_number else " "
                parts.append(f"{marker}{n:5d} | {lines[n - 1]}")
        if not self.diagnostics():
            # The error is in the library or the generated entry (e.g. a kernel that cannot be called with these
            # arguments: the library's static_assert says why): lead with the compiler's first errors.
            errors = [line for line in self.log.splitlines() if " error: " in line or "error: static assertion" in line]
            if errors:
                parts.append("")
                parts.extend(errors[:3])
        parts.append("")
        parts.append("compiler output:")
        parts.append(self.log.rstrip())
        return "\n".join(parts)
