# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Back-ends and devices: pk.backends(), pk.device(), pk.devices(), Device properties, `python -m pyalpaka info`."""

from __future__ import annotations

import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pyalpaka as pk

DOCUMENTED = [
    "cpu_serial",
    "cpu_threads",
    "cpu_omp2_blocks",
    "cpu_omp2_threads",
    "cpu_tbb_blocks",
    "cpu_fibers",
    "omp5",
    "cuda",
    "hip",
]
CPU_BACKENDS = [name for name in DOCUMENTED if name not in ("cuda", "hip")]
UNAVAILABLE = [b for b in pk.backends() if not b.available]
PROPS_KEYS = {
    "multi_processor_count": int,
    "grid_block_extent_max": tuple,
    "grid_block_count_max": int,
    "block_thread_extent_max": tuple,
    "block_thread_count_max": int,
    "thread_elem_extent_max": tuple,
    "thread_elem_count_max": int,
    "shared_mem_size_bytes": int,
    "global_mem_size_bytes": int,
}


def test_backends_lists_every_documented_name_once():
    names = [b.name for b in pk.backends()]
    assert sorted(names) == sorted(DOCUMENTED)


def test_backend_entries_are_named_tuples():
    for b in pk.backends():
        assert isinstance(b, pk.Backend)
        assert b._fields == ("name", "available", "reason")
        name, available, reason = b
        assert (name, available, reason) == (b.name, b.available, b.reason)
        assert isinstance(available, bool)
        # Available back-ends have no reason; unavailable ones say why.
        assert (reason == "") == available, b


def test_at_least_one_cpu_backend_is_available():
    assert any(b.available for b in pk.backends() if b.name in CPU_BACKENDS)


def test_version():
    assert isinstance(pk.__version__, str)
    parts = pk.__version__.split(".")
    assert len(parts) >= 2 and all(p.isdigit() for p in parts[:2]), pk.__version__


def test_default_device_is_the_best_available():
    dev = pk.device()
    assert isinstance(dev, pk.Device)
    available = {b.name for b in pk.backends() if b.available}
    gpus = [name for name in ("cuda", "hip") if name in available]
    assert dev.backend == (gpus[0] if gpus else pk.device("cpu").backend)


def test_cpu_device_is_a_host_device():
    dev = pk.device("cpu")
    assert dev.backend in CPU_BACKENDS
    assert dev.is_host
    assert dev.index == 0


def test_device_lookup(backend):
    dev = pk.device(backend)
    assert (dev.backend, dev.index) == (backend, 0)
    assert pk.device(f"{backend}:0") == dev
    assert pk.device(dev) is dev  # a Device passes through
    devs = pk.devices(backend)
    assert len(devs) >= 1
    for i, each in enumerate(devs):
        assert isinstance(each, pk.Device)
        assert (each.backend, each.index) == (backend, i)
        assert pk.device(f"{backend}:{i}") == each
    count = len(devs)
    with pytest.raises(IndexError, match=f"device index {count} is out of range: back-end '{backend}' has {count}"):
        pk.device(f"{backend}:{count}")


def test_device_properties(device, backend):
    assert device.backend == backend
    assert isinstance(device.name, str) and device.name
    assert isinstance(device.accelerator, str) and device.accelerator.startswith("Acc")
    assert device.memory_bytes > 0
    assert 0 < device.free_memory_bytes <= device.memory_bytes
    assert isinstance(device.warp_sizes, tuple) and device.warp_sizes
    assert all(isinstance(w, int) and w >= 1 for w in device.warp_sizes)
    if backend in CPU_BACKENDS:
        assert device.is_host
        assert device.warp_sizes == (1,)


def test_props_for(device):
    for dim in (1, 2, 3):
        props = device.props_for(dim)
        assert set(props) == set(PROPS_KEYS)
        for key, kind in PROPS_KEYS.items():
            assert isinstance(props[key], kind), (dim, key)
            if kind is tuple:
                assert len(props[key]) == dim, (dim, key)
                assert all(isinstance(v, int) and v >= 1 for v in props[key]), (dim, key)
            else:
                assert props[key] >= (0 if key == "shared_mem_size_bytes" else 1), (dim, key)
        assert props["global_mem_size_bytes"] == device.memory_bytes
        # A block cannot hold more threads than its extents allow.
        assert props["block_thread_count_max"] <= math.prod(props["block_thread_extent_max"])
    # device.props: the 1-D ones, read-only.
    assert dict(device.props) == device.props_for(1)
    with pytest.raises(TypeError, match="does not support item assignment"):
        device.props["block_thread_count_max"] = 2  # type: ignore[index]


@pytest.mark.parametrize("dim", [0, 4])
def test_props_for_bad_dim(cpu, dim):
    with pytest.raises(ValueError, match=f"1 to 3 dimensions, got {dim}"):
        cpu.props_for(dim)


def test_device_repr_str_eq_hash(device, backend):
    named = f"{backend}:0" + (" (emulated)" if device.emulated else "")
    assert str(device) == named
    assert repr(device) == f"Device('{named}', name='{device.name}')"
    assert pk.device(named) == device
    same = pk.device(f"{backend}:0")
    assert device == same
    assert hash(device) == hash(same)
    assert len({device, same}) == 1
    assert device != f"{backend}:0"
    assert device != None  # noqa: E711 (testing __eq__ with None)


def test_devices_of_different_backends_differ():
    available = [b.name for b in pk.backends() if b.available]
    if len(available) < 2:
        pytest.skip("only one back-end is available")
    a, b = pk.device(available[0]), pk.device(available[1])
    assert a != b
    assert len({a, b}) == 2


def test_unknown_backend():
    with pytest.raises(pk.BackendUnavailableError, match=r"unknown back-end 'nope'; the back-ends are: cpu_serial"):
        pk.device("nope")
    with pytest.raises(pk.BackendUnavailableError, match="unknown back-end 'nope'"):
        pk.devices("nope")


@pytest.mark.parametrize("info", UNAVAILABLE, ids=[b.name for b in UNAVAILABLE])
def test_unavailable_backend_names_the_reason(info):
    message = re.escape(f"back-end '{info.name}' is unavailable: {info.reason}")
    with pytest.raises(pk.BackendUnavailableError, match=message):
        pk.device(info.name)
    with pytest.raises(pk.BackendUnavailableError, match="is unavailable"):
        pk.devices(info.name)


def test_error_hierarchy():
    assert issubclass(pk.BackendUnavailableError, pk.Error)
    assert issubclass(pk.Error, RuntimeError)


@pytest.mark.parametrize(
    ("spec", "error", "message"),
    [
        ("cpu_serial:-1", ValueError, "must not be negative"),
        ("cpu_serial:x", ValueError, "must be an integer"),
        (3, TypeError, "a device is named by a string"),
    ],
    ids=["negative", "not-a-number", "not-a-string"],
)
def test_bad_device_spec(spec, error, message):
    with pytest.raises(error, match=message):
        pk.device(spec)


def test_info_command_lists_every_backend():
    package_root = Path(pk.__file__).resolve().parent.parent
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(package_root), env.get("PYTHONPATH")]))
    result = subprocess.run(
        [sys.executable, "-m", "pyalpaka", "info"], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert f"pyalpaka {pk.__version__}" in result.stdout
    for b in pk.backends():
        assert b.name in result.stdout
        if not b.available:
            assert b.reason in result.stdout
    for name in pk.kernels.names():
        assert name in result.stdout
