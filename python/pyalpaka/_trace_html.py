# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
"""A trace as one self-contained HTML page: ``python -m pyalpaka trace-html run.json run.html``.

Perfetto and chrome://tracing are the viewers to work with; this page is for a quick look where neither is at hand
(a cluster's login node, a report): one row per track (host threads, then queues), one bar per operation coloured
by its kind, the operation's details on hover. The trace is embedded in the page, so it opens from disk.
"""

from __future__ import annotations

import html
import json
import os
import re

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>__TITLE__</title>
<style>
body { font: 13px system-ui, sans-serif; margin: 16px; color: #222; }
h1 { font-size: 16px; margin: 0 0 8px; }
#legend span { display: inline-block; margin-right: 14px; }
#legend i { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: -2px; }
svg text { font: 12px system-ui, sans-serif; }
</style></head>
<body><h1>__TITLE__</h1><div id="legend"></div><svg id="view"></svg>
<script>
(() => {  // a scope of its own: names such as "top" are the window's
const trace = __TRACE__;
const colours = {"kernel": "#4e79a7", "copy": "#f28e2b", "memset": "#e15759", "fill": "#e15759",
  "host task": "#76b7b2", "event record": "#59a14f", "event wait": "#8cd17d", "graph launch": "#b07aa1",
  "alloc": "#edc948", "free": "#d4a6c8", "compile": "#9c755f", "cache load": "#bab0ac", "wait": "#d7d7d7",
  "other": "#a0cbe8"};
const names = {}, order = [];
for (const e of trace.traceEvents)
  if (e.ph === "M" && e.name === "thread_name") { names[e.tid] = e.args.name; order.push(e.tid); }
const spans = trace.traceEvents.filter(e => e.ph === "X");
order.sort((a, b) => a - b);
const end = Math.max(1, ...spans.map(e => e.ts + e.dur)), start = Math.min(end, ...spans.map(e => e.ts));
const labelWidth = 230, width = Math.max(900, window.innerWidth - 40), plot = width - labelWidth - 10;
const row = 28, top = 30, svg = document.getElementById("view");
svg.setAttribute("width", width); svg.setAttribute("height", top + row * order.length + 10);
const x = t => labelWidth + (t - start) / (end - start) * plot;
function add(tag, attrs, text) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const k in attrs) el.setAttribute(k, attrs[k]);
  if (text !== undefined) el.textContent = text;
  svg.appendChild(el); return el;
}
for (let i = 0; i <= 5; ++i) {
  const t = start + (end - start) * i / 5, px = x(t);
  add("line", {x1: px, x2: px, y1: top - 6, y2: top + row * order.length, stroke: "#e4e4e4"});
  add("text", {x: px, y: top - 10, "text-anchor": i === 0 ? "start" : i === 5 ? "end" : "middle",
               fill: "#666"}, ((t - start) / 1000).toFixed(3) + " ms");
}
order.forEach((tid, i) => {
  const y = top + i * row;
  add("rect", {x: 0, y: y, width: width, height: row - 2, fill: i % 2 ? "#fafafa" : "#f2f2f2"});
  add("text", {x: 6, y: y + row / 2 + 4}, names[tid]);
  for (const e of spans.filter(s => s.tid === tid)) {
    const r = add("rect", {x: x(e.ts), y: y + 3, width: Math.max(1.5, x(e.ts + e.dur) - x(e.ts)),
                           height: row - 8, fill: colours[e.cat] || "#999", rx: 2});
    const details = Object.entries(e.args).map(([k, v]) => k + ": " + v).join("\\n");
    const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
    title.textContent = e.name + " (" + (e.dur >= 1000 ? (e.dur / 1000).toFixed(3) + " ms" : e.dur.toFixed(1)
                        + " us") + ")\\n" + details;
    r.appendChild(title);
    const w = x(e.ts + e.dur) - x(e.ts);
    if (w > 60) add("text", {x: x(e.ts) + 4, y: y + row / 2 + 4, fill: "#fff"}, e.name.slice(0, Math.floor(w / 7)));
  }
});
const seen = new Set(spans.map(e => e.cat));
// Markup from the fixed colours only: the trace's own text never reaches innerHTML.
document.getElementById("legend").innerHTML = Object.keys(colours).filter(c => seen.has(c))
  .map(c => '<span><i style="background:' + colours[c] + '"></i>' + c + '</span>').join("");
})();
</script></body></html>
"""


def trace_html(trace_path: str | os.PathLike[str], html_path: str | os.PathLike[str], title: str | None = None) -> None:
    """Writes the page for the trace file at ``trace_path`` (Chrome trace-event JSON, as pyalpaka.trace writes)."""
    with open(trace_path, encoding="utf-8") as f:
        document = json.load(f)
    if not isinstance(document, dict) or not isinstance(document.get("traceEvents"), list):
        raise ValueError(f"{os.fspath(trace_path)!r} is not a Chrome trace-event file (no traceEvents list)")
    # Every name in a trace is text a program chose (a kernel's name, a queue's): none may become markup. In the
    # script, "<", ">" and "&" are written as JSON escapes, so no "</script>" or "<!--" can end or bend it, and the
    # page's script puts names into the page as text only (textContent). The title is HTML-escaped.
    embedded = json.dumps(document).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    values = {"__TITLE__": html.escape(title or os.path.basename(os.fspath(trace_path))), "__TRACE__": embedded}
    # One pass over the template: a title holding "__TRACE__" (a file's name) is not replaced again.
    page = re.sub("__TITLE__|__TRACE__", lambda match: values[match[0]], _PAGE)
    with open(html_path, "w", encoding="utf-8") as f:
        f.write(page)
