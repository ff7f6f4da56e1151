#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Remakes docs/images/trace-pipeline.png, the picture of docs/profiling.md: traces examples/python/trace_pipeline.py
# on the cpu_threads back-end (a second run, so that the kernel comes from the cache and the queues' work fills the
# picture), writes the trace as a page (python -m pyalpaka trace-html) and photographs it with headless Chromium.
#
#     scripts/trace-screenshot.sh [OUTPUT.png]
#
# Needs: pyalpaka installed in build/venv (or $PYTHON), chromium (apt-get install chromium).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-$root/build/venv/bin/python}"
output="${1:-$root/docs/images/trace-pipeline.png}"
browser="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [[ -z "$browser" ]]; then
    echo "trace-screenshot: no chromium found (apt-get install chromium)" >&2
    exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PYALPAKA_CACHE_DIR="$work/cache"
"$python" "$root/examples/python/trace_pipeline.py" --backend cpu_threads --trace "$work/first.json" >/dev/null
"$python" "$root/examples/python/trace_pipeline.py" --backend cpu_threads --trace "$work/trace.json"
"$python" -m pyalpaka trace-html "$work/trace.json" "$work/trace.html"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1400,330 \
    --screenshot="$output" "file://$work/trace.html" 2>/dev/null
echo "wrote $output"
