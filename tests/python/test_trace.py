# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""pyalpaka.trace: the Chrome trace-event file and the summary, on every back-end (the stand-in CUDA driver in
test_gpu_standin.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import pyalpaka as pk

PACKAGE_PARENT = Path(pk.__file__).resolve().parents[1]

SCALE = r"""
struct Scale
{
    template<typename TAcc>
    ALPAKA_FN_ACC void operator()(TAcc const& acc, float* x, float factor, std::size_t n) const
    {
        for(auto i : alpaka::uniformElements(acc, n))
            x[i] *= factor;
    }
};
"""


def spans_by_track(document: dict) -> dict[str, list[dict]]:
    """The complete events of each track, by the track's name, in time order."""
    names = {e["tid"]: e["args"]["name"] for e in document["traceEvents"] if e.get("name") == "thread_name"}
    tracks: dict[str, list[dict]] = {}
    for e in document["traceEvents"]:
        if e["ph"] == "X":
            tracks.setdefault(names[e["tid"]], []).append(e)
    for spans in tracks.values():
        spans.sort(key=lambda e: e["ts"])
    return tracks


def work_on(queue: pk.Queue, device: pk.Device, n: int, factor: float) -> tuple[pk.Buffer, pk.Event]:
    """memset, a shipped kernel, a copy and an event record on queue; the buffer with the result."""
    x = pk.empty(device, n, np.float32)
    y = pk.empty(device, n, np.float32)
    pk.memset(queue, x, 0)
    pk.kernels.fill(queue, pk.valid_workdiv(device, n), y, np.float32(factor), n)
    pk.memcpy(queue, x, y)
    event = pk.Event(device)
    queue.enqueue(event)
    return x, event


@pytest.mark.parametrize("blocking", [False, True], ids=["nonblocking", "blocking"])
def test_trace_of_two_queues_has_each_queues_work_in_order(backend, blocking, tmp_path):
    device = pk.device(backend)
    first, second = pk.Queue(device, blocking=blocking), pk.Queue(device, blocking=blocking)
    path = tmp_path / "run.json"
    with pk.trace(path) as t:
        x1, _ = work_on(first, device, 1000, 2.0)
        x2, _ = work_on(second, device, 500, 3.0)
        first.wait()
        second.wait()
    assert (x1.to_numpy() == 2).all() and (x2.to_numpy() == 3).all()

    document = json.loads(path.read_text())
    tracks = spans_by_track(document)
    queue_tracks = [name for name in tracks if name.startswith(backend) and "queue" in name]
    assert len(queue_tracks) >= 2, tracks.keys()
    # A CPU queue's wait records an event; a GPU queue's synchronizes its stream (no operation of its own).
    expected = ["memset", "Fill", "copy", *(["event record"] if device.is_host else [])]
    seen = 0
    for name in queue_tracks:
        spans = tracks[name]
        kinds = [e["name"].rsplit("::", 1)[-1] for e in spans]
        if [kind.split(" ", 1)[0] if kind.startswith("copy") else kind for kind in kinds[: len(expected)]] != expected:
            continue  # a queue of pk.empty or to_numpy
        seen += 1
        for before, after in zip(spans, spans[1:]):  # an in-order queue runs one operation at a time
            assert before["ts"] + before["dur"] <= after["ts"] + 1e-3, (name, before, after)
        kernel = spans[1]
        assert kernel["cat"] == "kernel" and "grid (" in kernel["args"]["details"]
        assert "arguments: float32[" in kernel["args"]["details"]
        assert spans[2]["args"]["bytes"] in (4000, 2000) and "GB/s" in spans[2]["args"]
    assert seen == 2, {n: [e["name"] for e in tracks[n]] for n in queue_tracks}

    host = [e for name, spans in tracks.items() if name.startswith("host thread") for e in spans]
    assert any(e["cat"] == "alloc" for e in host)
    if not blocking:
        # The host's side of queued work: its submission, beside the queue's own span.
        assert any(e["name"].startswith("enqueue ") and e["args"]["runs on"] in queue_tracks for e in host)

    kinds = {e.kind for e in t.events}
    assert {"alloc", "memset", "kernel", "copy", "event record", "wait"} <= kinds
    fill = t.summary()["pyalpaka::kernels::Fill"]
    assert fill.count == 2 and fill.total_ns >= fill.max_ns >= fill.mean_ns > 0


def test_summary_is_a_table_of_counts_and_times(cpu, tmp_path):
    queue = pk.Queue(cpu)
    x = pk.zeros(cpu, 64, np.float32)
    with pk.trace() as t:
        for _ in range(3):
            pk.kernels.fill(queue, pk.valid_workdiv(cpu, 64), x, np.float32(1), 64)
        queue.wait()
    summary = t.summary()
    row = summary["pyalpaka::kernels::Fill"]
    assert row.kind == "kernel" and row.count == 3 and row.bytes == 0 and row.gb_per_s is None
    text = str(summary)
    assert text.splitlines()[0].split() == ["kind", "name", "count", "total", "mean", "max", "GB/s"]
    assert "pyalpaka::kernels::Fill" in text and "<table>" in summary._repr_html_()
    with pytest.raises(KeyError, match="no operation named 'Nothing'"):
        summary["Nothing"]
    assert t.path is None and not (tmp_path / "run.json").exists()


def test_one_trace_at_a_time_and_clear_errors(cpu, tmp_path):
    outer = pk.trace().start()
    try:
        with pytest.raises(RuntimeError, match="a trace is running already"):
            pk.trace().start()
        with pytest.raises(RuntimeError, match="running already"):
            outer.start()
    finally:
        outer.stop()
    with pytest.raises(RuntimeError, match="not running"):
        outer.stop()

    unwritable = pk.trace(tmp_path / "missing-folder" / "run.json").start()
    pk.zeros(cpu, 8, np.float32)
    with pytest.raises(OSError, match=r"cannot write the trace file .*missing-folder"):
        unwritable.stop()
    assert any(e.kind == "alloc" for e in unwritable.events)  # the records survive the failed write
    assert not pk._core.trace_enabled()


def test_tracing_off_records_nothing(cpu):
    queue = pk.Queue(cpu, blocking=False)
    x = pk.zeros(cpu, 64, np.float32)
    pk.kernels.fill(queue, pk.valid_workdiv(cpu, 64), x, np.float32(1), 64)
    queue.wait()
    with pk.trace() as t:
        pass
    assert t.events == []


def test_compilations_are_traced_on_a_miss_and_loads_on_a_hit(cpu, fresh_kernel_cache):
    queue = pk.Queue(cpu, blocking=False)
    x = pk.zeros(cpu, 16, np.float32)
    with pk.trace() as miss:
        pk.Kernel(SCALE, "Scale")(queue, pk.valid_workdiv(cpu, 16), x, np.float32(2), 16)
        queue.wait()
    with pk.trace() as hit:
        pk.Kernel(SCALE, "Scale")(queue, pk.valid_workdiv(cpu, 16), x, np.float32(2), 16)
        queue.wait()
    compiles = [e for e in miss.events if e.kind == "compile" and e.name == "Scale"]
    assert len(compiles) == 1 and "cache miss" in compiles[0].details and compiles[0].duration_ns > 0
    assert not any(e.kind == "compile" for e in hit.events)
    loads = [e for e in hit.events if e.kind == "cache load"]
    assert len(loads) == 1 and "cache hit" in loads[0].details
    for trace in (miss, hit):
        # The run on the queue's worker and, beside it, its submission on this thread.
        run, submitted = sorted((e for e in trace.events if e.kind == "kernel"), key=lambda e: e.submission)
        assert not run.submission and submitted.submission and run.track == submitted.track != 0
        assert run.name == "Scale" and "float32[16]" in run.details and "float32(2.0)" in run.details


def test_environment_variable_traces_the_whole_program(tmp_path):
    path = tmp_path / "whole.json"
    script = textwrap.dedent("""
        import numpy as np, pyalpaka as pk
        dev = pk.device("cpu_serial")
        q = pk.Queue(dev, blocking=False)
        x = pk.zeros(dev, 100, np.float32)
        pk.kernels.fill(q, pk.valid_workdiv(dev, 100), x, np.float32(1), 100)
        q.wait()
    """)
    env = dict(os.environ, PYALPAKA_TRACE=str(path))
    env["PYTHONPATH"] = os.pathsep.join([str(PACKAGE_PARENT), *filter(None, [env.get("PYTHONPATH")])])
    subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=300)
    document = json.loads(path.read_text())
    names = [e["name"] for e in document["traceEvents"] if e["ph"] == "X"]
    assert "pyalpaka::kernels::Fill" in names and any(n.startswith("wait for cpu_serial queue") for n in names)


def test_trace_html_writes_a_page_with_the_trace_in_it(cpu, tmp_path, capsys):
    from pyalpaka.__main__ import main

    path = tmp_path / "run.json"
    with pk.trace(path):
        pk.zeros(cpu, 8, np.float32)
    assert main(["trace-html", str(path)]) == 0
    page = (tmp_path / "run.html").read_text()
    assert "allocation from the " in page and page.count("</script>") == 1
    embedded = page[page.index("const trace = ") + len("const trace = ") : page.index(";\nconst colours")]
    assert json.loads(embedded) == json.loads(path.read_text())

    (tmp_path / "other.json").write_text('{"traceEvents": "no"}')
    assert main(["trace-html", str(tmp_path / "other.json")]) == 1
    assert "is not a Chrome trace-event file" in capsys.readouterr().err
    (tmp_path / "broken.json").write_text('{"traceEvents": [')
    assert main(["trace-html", str(tmp_path / "broken.json"), str(tmp_path / "broken.html")]) == 1
    assert main(["trace-html", str(tmp_path / "missing.json")]) == 1
    assert "missing.json" in capsys.readouterr().err
    assert not (tmp_path / "broken.html").exists()


def test_trace_html_writes_every_name_as_text(tmp_path):
    """Names in a trace are text a program chose (a kernel's, a queue's, the file's): none becomes markup."""
    from pyalpaka._trace_html import trace_html

    hostile = "</script><img src=x onerror=alert(1)><!--<script>"
    document = {
        "traceEvents": [
            {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": f"queue {hostile}"}},
            {"ph": "X", "name": f"Scale<{hostile}>", "cat": f"kernel{hostile}", "pid": 1, "tid": 1, "ts": 0,
             "dur": 5, "args": {f"key {hostile}": f"value & {hostile}"}},
        ]
    }  # fmt: skip
    path = tmp_path / "__TRACE__ <b>run.json"  # a file name is text too, and holds a placeholder of the page
    path.write_text(json.dumps(document))
    trace_html(path, tmp_path / "run.html")
    page = (tmp_path / "run.html").read_text()
    assert page.count("<script") == 1 and page.count("</script>") == 1 and "<!--" not in page
    assert "<img" not in page and "<b>" not in page
    assert "<title>__TRACE__ &lt;b&gt;run.json</title>" in page
    embedded = page[page.index("const trace = ") + len("const trace = ") : page.index(";\nconst colours")]
    assert json.loads(embedded) == document  # the names are all there, as data
