# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Cross-back-end validation of a user kernel (the script of notebooks/03_validate_backends.ipynb) with
pyalpaka.testing.assert_backends_agree: every available back-end must produce what the serial one does, and the
serial one what NumPy does. A second kernel, whose result depends on the work division, shows what a disagreement
looks like.

    python examples/python/validate_backends.py
"""

import numpy as np

import pyalpaka as pk
from pyalpaka.testing import assert_backends_agree

SOURCE = r"""
// Damped waves and a count of the negative ones: math functions and an atomic.
struct Waves
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, double const* x, double* y, unsigned* negatives, std::size_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
        {
            y[i] = alpaka::math::exp(acc, -x[i]) * alpaka::math::sin(acc, 10.0 * x[i]);
            if(y[i] < 0.0)
                alpaka::atomicAdd(acc, negatives, 1u);
        }
    }
};

// Wrong on purpose: writes the number of threads per block, which differs between back-ends.
struct BlockWidth
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, std::uint32_t* out) const
    {
        out[0] = static_cast<std::uint32_t>(alpaka::getWorkDiv<alpaka::Block, alpaka::Threads>(acc)[0]);
    }
};
"""


def main() -> int:
    n = 50_000
    x = np.linspace(0.0, 3.0, n)
    y = np.zeros(n)
    negatives = np.zeros(1, dtype=np.uint32)

    def workdiv(dev: pk.Device) -> pk.WorkDiv:  # each back-end gets a work division it supports
        return pk.valid_workdiv(dev, n, thread_elems=32, block_threads_must_divide=False)

    results = assert_backends_agree(pk.Kernel(SOURCE, "Waves"), workdiv, x, y, negatives, np.uint64(n), rtol=1e-12)
    print(f"Waves: {len(results)} back-ends agree: {', '.join(results)}")
    serial_y, serial_negatives = results["cpu_serial"][1], results["cpu_serial"][2]
    expected = np.exp(-x) * np.sin(10.0 * x)
    ok = np.allclose(serial_y, expected, rtol=1e-12, atol=1e-15) and serial_negatives[0] == np.sum(expected < 0)
    print(f"Waves: cpu_serial against NumPy: {'ok' if ok else 'WRONG'} ({serial_negatives[0]} negative values)")

    # Against one back-end with several threads per block (if there is one), to keep compiling short.
    wide = [name for name in results if pk.device(name).props["block_thread_count_max"] > 1][:1]
    if wide:
        try:
            # One element per thread: blocks of several threads where the back-end has them.
            assert_backends_agree(
                pk.Kernel(SOURCE, "BlockWidth"),
                lambda dev: pk.valid_workdiv(dev, 64, thread_elems=1),
                np.zeros(1, dtype=np.uint32),
                backends_to_check=wide,
            )
            print(f"BlockWidth: cpu_serial and {wide[0]} should disagree, but the check passed")
            return 1
        except AssertionError as error:
            lines = str(error).strip().splitlines()  # numpy's "Arrays are not equal", then our message
            print(f"BlockWidth: the disagreement is caught: {lines[0]}: {lines[1] if len(lines) > 1 else ''}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
