# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka.trace: one timeline of what ran where, on every back-end.

``with pk.trace("run.json") as t:`` records every kernel launch, copy, memset, allocation, event, graph launch and
run-time compilation until the block ends, writes Chrome trace-event JSON (Perfetto and chrome://tracing open it)
and keeps the records for ``t.summary()``. ``PYALPAKA_TRACE=run.json`` traces a whole program (written at exit). The
recording itself is the C++ library's (alpaka/trace/Trace.hpp); docs/profiling.md describes the file.
"""

from __future__ import annotations

import atexit
import contextlib
import html
import logging
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from . import _core

_log = logging.getLogger("pyalpaka")
_lock = threading.Lock()
_active: Trace | None = None


class TraceEvent(NamedTuple):
    """One recorded operation. ``submission``: the calling thread's side of work that ran on ``track`` (a queue);
    otherwise the span is the work itself (on the queue's worker or device, or the calling thread for allocations
    and compilations, ``track`` 0). Times are nanoseconds of ``time.monotonic_ns()``'s clock."""

    kind: str
    name: str
    details: str
    bytes: int
    track: int
    track_label: str
    begin_ns: int
    end_ns: int
    thread: int
    submission: bool

    @property
    def duration_ns(self) -> int:
        return self.end_ns - self.begin_ns


class SummaryRow(NamedTuple):
    """The operations of one kind and name: how many, and their time in nanoseconds."""

    kind: str
    name: str
    count: int
    total_ns: int
    mean_ns: float
    max_ns: int
    bytes: int

    @property
    def gb_per_s(self) -> float | None:
        """Bytes per nanosecond over the total time, for copies, memsets and fills that moved bytes."""
        if self.bytes and self.total_ns and self.kind in ("copy", "memset", "fill"):
            return self.bytes / self.total_ns
        return None


def _format_ns(ns: float) -> str:
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.0f} ns"


class TraceSummary:
    """Per kind and name of operation: count, total, mean and maximum time, the largest total first. Printing it
    gives a table; in a notebook it shows as one; ``summary["Scale"]`` is the row of a name."""

    _columns = ("kind", "name", "count", "total", "mean", "max", "GB/s")

    def __init__(self, events: list[TraceEvent]) -> None:
        groups: dict[tuple[str, str], list[TraceEvent]] = {}
        for e in events:
            if not e.submission:
                groups.setdefault((e.kind, e.name), []).append(e)
        rows = []
        for (kind, name), group in groups.items():
            durations = [e.duration_ns for e in group]
            total = sum(durations)
            rows.append(
                SummaryRow(
                    kind, name, len(group), total, total / len(group), max(durations), sum(e.bytes for e in group)
                )
            )
        self.rows: list[SummaryRow] = sorted(rows, key=lambda r: (-r.total_ns, r.kind, r.name))

    def __getitem__(self, name: str) -> SummaryRow:
        for row in self.rows:
            if row.name == name:
                return row
        raise KeyError(f"no operation named {name!r} in the trace; the names are: {[r.name for r in self.rows]}")

    def __iter__(self) -> Iterator[SummaryRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def _cells(self) -> list[tuple[str, ...]]:
        return [
            (
                r.kind,
                r.name,
                str(r.count),
                _format_ns(r.total_ns),
                _format_ns(r.mean_ns),
                _format_ns(r.max_ns),
                "" if r.gb_per_s is None else f"{r.gb_per_s:.3g}",
            )
            for r in self.rows
        ]

    def __str__(self) -> str:
        cells = [self._columns, *self._cells()]
        widths = [max(len(row[i]) for row in cells) for i in range(len(self._columns))]
        lines = [
            "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))) for row in cells
        ]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(line.rstrip() for line in lines)

    def __repr__(self) -> str:
        return f"<pyalpaka.TraceSummary of {len(self.rows)} operations>\n{self}"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self._columns)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in self._cells())
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


class Trace:
    """A recording of every operation between ``start()`` and ``stop()`` (or of a ``with`` block). One runs at a
    time in a process. Work still running on a queue when it stops is not recorded: wait for the queues first."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path: Path | None = None if path is None else Path(path)
        self.events: list[TraceEvent] = []
        self._origin_ns = 0
        self._running = False

    def start(self) -> Trace:
        global _active
        with _lock:
            if self._running:
                raise RuntimeError("this trace is running already")
            _core.trace_start()  # RuntimeError while another trace runs
            self._origin_ns = _core.trace_now()
            self._running = True
            _active = self
        return self

    def stop(self) -> Trace:
        """Ends the recording and writes the file (when the trace has a path). OSError when the file cannot be
        written; the records are kept in ``events`` all the same."""
        global _active
        with _lock:
            if not self._running:
                raise RuntimeError("this trace is not running")
            self._running = False
            _active = None
            path = None if self.path is None else os.fspath(self.path)
            records, error = _core.trace_stop(path, "pyalpaka", self._origin_ns)
        self.events = [TraceEvent(*r) for r in records]
        if error is not None:
            raise OSError(f"{error}; the records are still in Trace.events")
        return self

    @property
    def running(self) -> bool:
        return self._running

    def summary(self) -> TraceSummary:
        """Per operation kind and name: count, total, mean and maximum time."""
        return TraceSummary(self.events)

    def __enter__(self) -> Trace:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self._running else f"{len(self.events)} events"
        return f"<pyalpaka.Trace {state}{'' if self.path is None else f', {self.path}'}>"


def trace(path: str | os.PathLike[str] | None = None) -> Trace:
    """A trace of every operation of every back-end, written to ``path`` (Chrome trace-event JSON, for Perfetto or
    chrome://tracing) when it stops; ``None`` keeps it in memory only. Use it as a context manager::

        with pk.trace("run.json") as t:
            run()
        print(t.summary())
    """
    return Trace(path)


@contextlib.contextmanager
def span(kind: str, name: str, details: str = "") -> Iterator[None]:
    """Records the block as an operation of the calling thread when a trace runs (compilations use it)."""
    if not _core.trace_enabled():
        yield
        return
    begin = _core.trace_now()
    _core.nvtx_push(name)
    try:
        yield
    finally:
        _core.nvtx_pop()
        _core.trace_record(kind, name, details, begin, _core.trace_now())


def _trace_from_environment() -> None:
    """PYALPAKA_TRACE=run.json: the whole program is traced, the file written at exit."""
    path = os.environ.get("PYALPAKA_TRACE")
    if not path:
        return
    whole = Trace(path).start()

    def finish() -> None:
        if whole.running:
            try:
                whole.stop()
                _log.info("trace written to %s (%d events)", path, len(whole.events))
            except (OSError, RuntimeError) as error:
                _log.warning("PYALPAKA_TRACE: %s", error)

    atexit.register(finish)
