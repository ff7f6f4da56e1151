# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""C = A·B with the shipped matmul kernel (tiled through block shared memory) and a 2-D work division on every
available back-end, checked against NumPy.

    python examples/python/matrix_multiply.py [--backend NAME]
"""

import argparse

import numpy as np

import pyalpaka as pk


def run(backend: str, a_host: np.ndarray, b_host: np.ndarray) -> np.ndarray:
    dev = pk.device(backend)
    (m, k), n = a_host.shape, b_host.shape[1]
    # The kernel takes dense row-major pointers: flat buffers have no row padding on any device.
    with pk.Queue(dev) as queue:
        a = pk.asarray(a_host.ravel(), device=dev, queue=queue)
        b = pk.asarray(b_host.ravel(), device=dev, queue=queue)
        c = pk.empty(dev, m * n, a_host.dtype)
        workdiv = pk.valid_workdiv(dev, (m, n))  # 2-D, [y][x] = [row][column]
        pk.kernels.matmul(queue, workdiv, a, b, c, m, n, k)
    return c.to_numpy().reshape(m, n)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", help="one back-end (default: every available one)")
    backend = parser.parse_args().backend
    names = [backend] if backend else [b.name for b in pk.backends() if b.available]
    rng = np.random.default_rng(3)
    a_host = rng.uniform(-1, 1, (120, 70))
    b_host = rng.uniform(-1, 1, (70, 90))
    expected = a_host @ b_host
    failed = []
    for name in names:
        got = run(name, a_host, b_host)
        ok = np.allclose(got, expected, rtol=1e-12, atol=1e-12)
        print(f"matrix_multiply {name:<17} {'ok' if ok else 'WRONG'}  max error {np.max(np.abs(got - expected)):.1e}")
        if not ok:
            failed.append(name)
    if failed:
        print(f"matrix_multiply: wrong results on {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
