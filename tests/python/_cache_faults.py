# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Helpers of test_jit_cache_faults.py: a kernel whose result names it, a child process that compiles and runs it
from several threads and reports as JSON, and a stand-in compiler that hangs where a test wants to kill it."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

SOURCE = r"""
struct AddConstant
{
    template<typename TAcc, typename T>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, T* x, std::int64_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, static_cast<std::size_t>(n)))
            x[i] += static_cast<T>(VALUE);
    }
};
"""


def source(value: float) -> str:
    """A kernel that adds `value`: each value is a kernel of its own (a cache entry of its own)."""
    return SOURCE.replace("VALUE", repr(float(value)))


# Runs the kernels of `values` (each from `threads` threads at once, each thread with its own Kernel object, so that
# only the cache's own locks keep them from compiling twice) and prints what happened as one JSON line.
CHILD = textwrap.dedent(
    """
    import json, sys, threading, warnings
    import numpy as np
    import pyalpaka as pk
    from pyalpaka import _compiler
    sys.path.insert(0, sys.argv[2])
    from _cache_faults import source

    job = json.loads(sys.argv[1])
    if job.get("fsize_limit") is not None:  # a full disk for this process and the compilers it starts
        import resource
        resource.setrlimit(resource.RLIMIT_FSIZE, (job["fsize_limit"], resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    results, errors = [], []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for value in job["values"]:
            barrier = threading.Barrier(job["threads"])

            def work():
                try:
                    kernel = pk.Kernel(source(value), "AddConstant", defines=job.get("defines"))
                    x = np.zeros(8)
                    barrier.wait()
                    kernel(pk.Queue(pk.device("cpu_serial"), blocking=True), pk.WorkDiv(8), x, 8)
                    results.append(x.tolist())
                except Exception as error:
                    errors.append(f"{type(error).__name__}: {error}")

            threads = [threading.Thread(target=work) for _ in range(job["threads"])]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
    print(json.dumps({"results": results, "errors": errors, "compiler_runs": _compiler.compiler_runs,
                      "warnings": [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]}))
    """
)


def start_child(values: list[float], *, threads: int = 1, **job) -> subprocess.Popen:
    """A child process running CHILD (in a session of its own, so that a test can kill it with its compilers)."""
    job = {"values": values, "threads": threads, **job}
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, json.dumps(job), str(Path(__file__).parent)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
        start_new_session=True,
    )


def report(child: subprocess.Popen) -> dict:
    """What a child printed (fails the test with its error output if it crashed)."""
    out, err = child.communicate(timeout=900)
    assert child.returncode == 0, err
    return json.loads(out.splitlines()[-1])


def run_child(values: list[float], **job) -> dict:
    return report(start_child(values, **job))


STANDIN = textwrap.dedent(
    """\
    #!{python}
    # A stand-in for the C++ compiler: a compilation whose command line holds $STANDIN_HANG_ON writes half of its
    # output, creates $STANDIN_MARKER and sleeps until it is killed; anything else is the real compiler's.
    import os, sys, time
    arguments = sys.argv[1:]
    hang_on = os.environ.get("STANDIN_HANG_ON")
    if hang_on and hang_on in arguments:
        with open(arguments[arguments.index("-o") + 1], "wb") as output:
            output.write(b"half-written" * 1000)
        open(os.environ["STANDIN_MARKER"], "w").close()
        time.sleep(900)
    real = {real}
    os.execvp(real[0], [*real, *arguments])
    """
)


def write_standin_compiler(folder: Path, real_compiler: str) -> Path:
    """The stand-in compiler as ``<folder>/c++`` (a name the package recognizes as GCC's driver)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "c++"
    path.write_text(STANDIN.format(python=sys.executable, real=repr(shlex.split(real_compiler))))
    path.chmod(0o755)
    return path
