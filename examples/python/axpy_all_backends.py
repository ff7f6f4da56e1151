# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""y = a*x + y with the shipped axpy kernel on every available back-end, checked against NumPy.

    python examples/python/axpy_all_backends.py
"""  # fmt: skip  # the formatter would dedent the usage lines

import numpy as np

import pyalpaka as pk


def main() -> int:
    n = 1_000_000
    x_host = np.linspace(0.0, 1.0, n, dtype=np.float32)
    expected = 2.0 * x_host + 1.0
    for backend in pk.backends():
        if not backend.available:
            print(f"{backend.name:<17} skipped: {backend.reason}")
            continue
        dev = pk.device(backend.name)
        with pk.Queue(dev) as queue:  # waits for the queue at the end of the block
            x = pk.asarray(x_host, device=dev, queue=queue)
            y = pk.empty(dev, n, np.float32)
            workdiv = pk.valid_workdiv(dev, n, thread_elems=64, block_threads_must_divide=False)
            pk.kernels.fill(queue, workdiv, y, 1.0, n)
            pk.kernels.axpy(queue, workdiv, np.float32(2.0), x, y, n)
        ok = np.allclose(y.to_numpy(), expected)
        print(f"{backend.name:<17} {'ok' if ok else 'WRONG'}  {workdiv}")
        if not ok:
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
