#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# The whole GPU validation (scripts/gpu-validate.sh) in the background of a lent machine, so that it is bounded by the
# lease rather than by one call's 10 minutes, with the independent parts side by side on its 16 cores:
#
#   bash scripts/gpu-lease.sh start         starts it in a process session of its own and returns at once
#   bash scripts/gpu-lease.sh wait SECONDS  waits until it is done or SECONDS passed, copies the summaries and logs
#                                           into $OUT (summary.txt, logs.tgz) and prints where it stands
#
# As run on an H200 (2026-11-26, several runs in one lease; their duration: docs/dev/measurements.md): carry .gpudeps
# (Catch2's .deb, see gpu-validate.sh) and .whl, named in `carry` on every call, and keep the calls back to back (the
# machine goes back 30 s after a call). .whl holds a pyalpaka wheel for the machine's Python (3.12) built here, and the
# oneTBB wheels it needs:
#   echo /.whl/ >> .git/info/exclude; mkdir -p .whl
#   python3.12 -m pip wheel --no-deps . -w /tmp/w && auditwheel repair --exclude libtbb.so.12 \
#       --plat manylinux_2_35_x86_64 -w .whl /tmp/w/pyalpaka-*.whl
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#       --platform manylinux_2_28_x86_64 -d .whl tbb tbb-devel tcmlib
#
# Order: [info, cpp (build + ctest), benchbuild] beside [python (WHEELS, when set, installs prebuilt wheels)];
# then bench alone (its timings on a quiet machine); then sanitize (unless GPU_LEASE_NO_SANITIZE is set, for a lease
# short of time). Work folder: /tmp/gpu-lease.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
work=/tmp/gpu-lease

pipeline() {
    local started=$SECONDS
    echo "started $(date -u +%T)" >"${work}/progress"
    OUT=${work}/cpp bash scripts/gpu-validate.sh info cpp benchbuild >"${work}/cpp.out" 2>&1 &
    OUT=${work}/python bash scripts/gpu-validate.sh python >"${work}/python.out" 2>&1 &
    wait
    echo "builds, ctest and pytest done after $((SECONDS - started)) s" >>"${work}/progress"
    OUT=${work}/bench bash scripts/gpu-validate.sh bench >"${work}/bench.out" 2>&1
    echo "bench done after $((SECONDS - started)) s" >>"${work}/progress"
    if [[ -z ${GPU_LEASE_NO_SANITIZE:-} ]]; then
        OUT=${work}/sanitize bash scripts/gpu-validate.sh sanitize >"${work}/sanitize.out" 2>&1
        echo "sanitize done after $((SECONDS - started)) s" >>"${work}/progress"
    fi
    touch "${work}/done"
}

collect() {
    local out=${OUT:-build/gpu-lease}
    mkdir -p "${out}"
    cat "${work}"/*/summary.txt >"${out}/summary.txt" 2>/dev/null
    tar -czf "${out}/logs.tgz" -C "${work}" --exclude='*.status' . 2>/dev/null
    echo "---- progress"
    cat "${work}/progress" 2>/dev/null
    echo "---- summaries"
    cat "${out}/summary.txt"
}

case ${1:-} in
    start)
        rm -rf "${work}" && mkdir -p "${work}"
        export -f pipeline
        export work
        setsid nohup bash -c pipeline >"${work}/pipeline.out" 2>&1 </dev/null &
        echo "gpu-lease: started (${work})"
        ;;
    wait)
        deadline=$((SECONDS + ${2:-540}))
        while [[ ! -e ${work}/done && ${SECONDS} -lt ${deadline} ]]; do sleep 5; done
        collect
        [[ -e ${work}/done ]] && echo "gpu-lease: done" || echo "gpu-lease: still running"
        ;;
    *)
        echo "usage: bash scripts/gpu-lease.sh start | wait SECONDS" >&2
        exit 2
        ;;
esac
