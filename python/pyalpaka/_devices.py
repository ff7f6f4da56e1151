# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Back-ends and devices: backends(), device(), devices()."""

from __future__ import annotations

from typing import NamedTuple

from . import _core
from ._core import BackendUnavailableError, Device

# pyalpaka.device() with no argument takes the first available of these (upstream's ExampleDefaultAcc order).
_PREFERENCE = (
    "cuda",
    "hip",
    "cpu_omp2_blocks",
    "cpu_tbb_blocks",
    "cpu_omp2_threads",
    "cpu_threads",
    "cpu_fibers",
    "omp5",
    "cpu_serial",
)
_GPU_BACKENDS = ("cuda", "hip")


class Backend(NamedTuple):
    """A back-end of this build: its name, whether it can run here, and why not."""

    name: str
    available: bool
    reason: str


def backends() -> list[Backend]:
    """Every back-end this build knows, available or not, each with the reason when it is not."""
    return [Backend(name, available, reason) for name, available, reason, _ in _core.backend_infos()]


def _require_available(name: str) -> None:
    known = {b.name: b for b in backends()}
    if name not in known:
        raise BackendUnavailableError(f"unknown back-end {name!r}; the back-ends are: {', '.join(known)}")
    if not known[name].available:
        raise BackendUnavailableError(f"back-end {name!r} is unavailable: {known[name].reason}")


def _best(candidates: tuple[str, ...]) -> str:
    available = {b.name for b in backends() if b.available}
    for name in candidates:
        if name in available:
            return name
    raise BackendUnavailableError("no back-end is available: " + "; ".join(f"{b.name}: {b.reason}" for b in backends()))


def device(spec: str | Device | None = None) -> Device:
    """A device by name: ``"cpu_serial"``, ``"cuda:1"`` (index after the colon, default 0).

    ``device()`` is the best available back-end's first device, ``device("cpu")`` the best CPU back-end's.
    Raises BackendUnavailableError (with the reason) for an unknown or unavailable back-end and IndexError for a
    device index the back-end does not have.
    """
    if isinstance(spec, Device):
        return spec
    if spec is None:
        return _core.backend_device(_best(_PREFERENCE), 0)
    if not isinstance(spec, str):
        raise TypeError(f"a device is named by a string such as 'cpu_serial' or 'cuda:0', got {spec!r}")
    name, _, index_text = spec.partition(":")
    index_text = index_text.removesuffix(" (emulated)")  # str() of the emulated GPU's device
    if name == "cpu":
        name = _best(tuple(n for n in _PREFERENCE if n not in _GPU_BACKENDS))
    try:
        index = int(index_text) if index_text else 0
    except ValueError:
        raise ValueError(f"the device index in {spec!r} must be an integer") from None
    if index < 0:
        raise ValueError(f"the device index in {spec!r} must not be negative")
    _require_available(name)
    return _core.backend_device(name, index)


def devices(backend: str) -> list[Device]:
    """Every device of a back-end (BackendUnavailableError if it is unknown or unavailable)."""
    _require_available(backend)
    return [_core.backend_device(backend, i) for i in range(_core.backend_device_count(backend))]


def as_device(value: str | Device | None) -> Device:
    """A Device from a Device or a device name (None: the best CPU device)."""
    return device("cpu" if value is None else value)
