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


# Where the user's code instantiated the library code that failed: "file:line:col:   required from ..." (GCC),
# "file:line:col: note: in instantiation of ... requested here" (Clang, hiprtc), "... at line N of file" (NVRTC).
_INSTANTIATED = re.compile(
    r"^(?P<file>[^:(\n]+):(?P<line>\d+):\d+:\s+(?:required from|note: in instantiation of)"
    r"|detected during.* at line (?P<nvline>\d+) of \"?(?P<nvfile>[^\"\s]+)"
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

    def instantiated_at(self) -> int | None:
        """The line of the user's source whose use of the library the first error is in, where the error itself is
        in the library (a wrong call of an alpaka function in a kernel); None where the log names no such line."""
        for text in self.log.splitlines():
            match = _INSTANTIATED.search(text)
            if match and (match["file"] or match["nvfile"] or "").endswith(self.filename):
                return int(match["line"] or match["nvline"])
        return None

    def _excerpt(self, line_number: int) -> list[str]:
        lines = self.source.splitlines()
        return [
            f"{'>' if n == line_number else ' '}{n:5d} | {lines[n - 1]}"
            for n in range(max(1, line_number - 2), min(len(lines), line_number + 2) + 1)
        ]

    def __str__(self) -> str:
        parts = [self.args[0] if self.args else "the kernel failed to compile"]
        for line_number, text in self.diagnostics()[:5]:
            parts += ["", text, *self._excerpt(line_number)]
        if not self.diagnostics():
            # The error is in the library or the generated entry: the user's line that led there first (a call of
            # an alpaka function with arguments it does not take), then the compiler's first errors.
            at = self.instantiated_at()
            if at is not None:
                parts += ["", f"in {self.filename}, line {at}, which uses the library code that failed:"]
                parts += self._excerpt(at)
            errors = [line for line in self.log.splitlines() if " error: " in line or "error: static assertion" in line]
            if errors:
                parts.append("")
                parts.extend(errors[:3])
        parts.append("")
        parts.append("compiler output:")
        parts.append(self.log.rstrip())
        return "\n".join(parts)
