# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Run without a conftest by scripts/test-wheel.sh: the fixtures come from the installed pytest plugin alone."""

import numpy as np

import pyalpaka as pk


def test_the_plugin_gives_backend_device_and_cache_fixtures(backend, device, jit_cache_dir):
    assert backend in repr(device)
    buffer = pk.asarray(np.arange(8, dtype=np.int32), device=device)
    np.testing.assert_array_equal(np.asarray(buffer), np.arange(8))
    assert str(jit_cache_dir).endswith("pyalpaka-cache")
