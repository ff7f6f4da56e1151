# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""c = a + b with the shipped (ahead-of-time compiled) add kernel on every available back-end, checked against NumPy.

    python examples/python/vector_add.py [--backend NAME]
"""  # fmt: skip  # the formatter would dedent the usage lines

import argparse

import numpy as np

import pyalpaka as pk


def run(backend: str, a_host: np.ndarray, b_host: np.ndarray) -> np.ndarray:
    dev = pk.device(backend)
    n = a_host.size
    with pk.Queue(dev) as queue:  # the with-block waits for the queue
        # asarray copies to the device (or, on a CPU device, views the NumPy memory without a copy).
        a = pk.asarray(a_host, device=dev, queue=queue)
        b = pk.asarray(b_host, device=dev, queue=queue)
        c = pk.empty(dev, n, a_host.dtype)
        workdiv = pk.valid_workdiv(dev, n, thread_elems=64, block_threads_must_divide=False)
        pk.kernels.add(queue, workdiv, a, b, c, n)
    return c.to_numpy()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", help="one back-end (default: every available one)")
    backends = parser.parse_args().backend
    names = [backends] if backends else [b.name for b in pk.backends() if b.available]
    rng = np.random.default_rng(1)
    a_host = rng.random(1_000_003, dtype=np.float32)  # not a multiple of any block size
    b_host = rng.random(a_host.size, dtype=np.float32)
    expected = a_host + b_host
    failed = []
    for name in names:
        ok = np.array_equal(run(name, a_host, b_host), expected)  # one float add: exact on every back-end
        print(f"vector_add {name:<17} {'ok' if ok else 'WRONG'}")
        if not ok:
            failed.append(name)
    if failed:
        print(f"vector_add: wrong results on {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
