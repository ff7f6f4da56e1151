# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""Runs the coverage-guided fuzzers of tests/fuzz/ (atheris) for a bounded time each: PYALPAKA_FUZZ_SECONDS (default
30; CI has a time budget). With ALPAKA_FUZZ_CORPUS_ROOT set (the gate sets it, as for the C++ fuzzers), each fuzzer
goes on from the corpus that its earlier runs on this machine grew (python-<target> in that folder), instead of
starting from nothing. A finding fails the test with the fuzzer's report and the crashing input; the number of inputs
tried is printed. Skipped where atheris is not installed (its wheels: Linux x86-64, CPython 3.9 to 3.13)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

FUZZ_DIR = Path(__file__).resolve().parents[1] / "fuzz"
SECONDS = int(os.environ.get("PYALPAKA_FUZZ_SECONDS", "30"))


@pytest.mark.parametrize("target", ["fuzz_dlpack_import", "fuzz_kernel_args", "fuzz_cache_record"])
def test_fuzzer_finds_nothing(target, tmp_path, capsys):
    pytest.importorskip("atheris")
    root = os.environ.get("ALPAKA_FUZZ_CORPUS_ROOT")
    corpus = Path(root) / f"python-{target}" if root else tmp_path / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        str(FUZZ_DIR / f"{target}.py"),
        f"-max_total_time={SECONDS}",
        "-timeout=30",  # one input taking this long is a hang
        "-rss_limit_mb=4096",
        f"-artifact_prefix={tmp_path}/",
        "-print_final_stats=1",
        str(corpus),
    ]
    # TMPDIR: what a fuzzer leaves in the temporary folder (libFuzzer ends it without Python's clean-up) is the test's.
    environment = {**os.environ, "TMPDIR": str(tmp_path)}
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=SECONDS + 300, check=False, env=environment
    )
    report = result.stdout + result.stderr
    runs = re.search(r"Done (\d+) runs in (\d+) second", report)
    crashes = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("crash-", "timeout-", "oom-")))
    assert result.returncode == 0 and runs, f"{target} found a problem (inputs: {crashes}):\n{report[-6000:]}"
    with capsys.disabled():
        print(
            f"\n[fuzz] {target}: {runs[1]} inputs in {runs[2]} s, {len(list(corpus.iterdir()))} in the corpus, "
            "no finding"
        )
