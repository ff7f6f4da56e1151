# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Telemetry of run-time compilation: the standard ``logging`` logger ``pyalpaka`` (and its children
``pyalpaka.jit``, ``pyalpaka.cache``), and a line that shows the time spent on a long operation while it runs.

The line is only drawn on a terminal: elsewhere (a log file, CI, a notebook) the same operation is two plain log
records, at its start and its end, which the application shows or not as it configures logging."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import time
from collections.abc import Iterator

log = logging.getLogger("pyalpaka")


def is_terminal() -> bool:
    """Whether standard error is a terminal that can redraw a line."""
    try:
        return sys.stderr is not None and sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
    except (AttributeError, ValueError):  # replaced by an object without isatty, or closed
        return False


def _draw(text: str) -> None:
    try:
        sys.stderr.write(f"\r\033[K{text}")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass


@contextlib.contextmanager
def activity(what: str, logger: logging.Logger = log) -> Iterator[None]:
    """Logs `what` (INFO) before and after the block, with the seconds it took; on a terminal, also redraws a line
    with the seconds elapsed each second, so that a wait of several seconds does not look like a hang."""
    start = time.perf_counter()
    logger.info("%s ...", what)
    stop = threading.Event()
    ticker = None
    if is_terminal():

        def tick() -> None:
            while not stop.wait(1.0):
                _draw(f"pyalpaka: {what} ... {time.perf_counter() - start:.0f} s")

        _draw(f"pyalpaka: {what} ...")
        ticker = threading.Thread(target=tick, name="pyalpaka-progress", daemon=True)
        ticker.start()
    failed = True
    try:
        yield
        failed = False
    finally:
        seconds = time.perf_counter() - start
        stop.set()
        if ticker is not None:
            ticker.join()
            _draw(f"pyalpaka: {what}: {'failed after' if failed else 'done in'} {seconds:.1f} s\n")
        logger.info("%s: %s %.1f s", what, "failed after" if failed else "done in", seconds)
