#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Every test, as stages run one after the other (four beside others: see the end); what each checks is in
# docs/dev/testing.md ("The gate"):
#
#   lint        ruff over the Python code, clang-tidy over the headers (scripts/lint.sh)
#   cpu-all     the C++ suite on every host back-end with g++: header self-containment, compile failures, the
#               examples, the consumer projects
#   asan-ubsan  the same suite with clang++ under AddressSanitizer + UndefinedBehaviorSanitizer
#   tsan        the suite under ThreadSanitizer on the back-ends it can check (the `tsan` preset says which)
#   fuzz        the C++ fuzzers (tests/fuzz/cpp)
#   gpu-cuda    the suite and the examples compiled with nvcc for sm_90; their tests report "skipped" without a GPU
#   gpu-hip     the same with hipcc for gfx90a (scripts/gpu-compile-check.sh)
#   python      pyalpaka installed with pip into build/venv (scripts/python-env.sh)
#   docs        the Sphinx documentation, warnings as errors (it imports the package)
#   pytest      the Python tests on every available back-end, two workers
#   emulator    the cuda and hip cases of the Python tests on the emulated GPU, plainly and in chaos mode over five
#               seeds (scripts/test-emulator.sh, docs/dev/testing-gpu.md)
#   soak        60 s of mixed work over the CPU back-ends (tests/soak/soak.py)
#   wheel       the redistributable wheel built, repaired and tested installed (scripts/test-wheel.sh)
#   aarch64     the suite's core cross-compiled for 64-bit Arm and run under qemu-aarch64
#
# No stage is ever skipped. The whole gate has a budget (ALPAKA_GATE_BUDGET_S, default 5100 s, under CI's 5400 s):
# a stage still running when it is spent is stopped and the gate fails, naming that stage. At the end (pass or fail)
# a table gives each stage's wall and CPU time; build/gate-times.md keeps it.
#
#   scripts/run-tests.sh           the whole gate (the README's test command, what CI runs)
#   scripts/run-tests.sh --quick   lint, cpu-all and pytest on the default CPU back-ends: for working on a change
set -euo pipefail
cd "$(dirname "$0")/.."

# ccache hits across clones in other folders (CI clones into a new folder each time): paths under the repository are
# hashed relative to it, and the working directory (which debug information names) is left out of the hash.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(pwd -P)}"
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-true}"

quick=0
case "${1:-}" in
    "") ;;
    --quick) quick=1 ;;
    *) echo "usage: $0 [--quick]" >&2; exit 2 ;;
esac

# The one-time installs, timed apart from the stages.
setup_start=$SECONDS
scripts/setup.sh
setup_s=$((SECONDS - setup_start))

budget="${ALPAKA_GATE_BUDGET_S:-5100}"
start=$SECONDS
rows=()
failed=""
declare -A beside_pids=()  # the stages started by `beside` and not yet joined
mkdir -p build
times_file="$(mktemp)"

report() {
    local status=$?
    local total=$((SECONDS - start))
    local pid
    for pid in "${beside_pids[@]}"; do  # a stage still running beside a failed one: stopped with its children
        pkill -TERM -P "${pid}" 2>/dev/null || true
        kill "${pid}" 2>/dev/null || true
    done
    {
        echo "| stage | result | wall s | CPU s | CPU/wall |"
        echo "|---|---|---:|---:|---:|"
        printf '%s\n' "${rows[@]}"
        echo "| (setup, apart) | | ${setup_s} | | |"
        echo "| **total** | ${failed:+failed: ${failed}} | ${total} | | |"
    } >build/gate-times.md
    echo "==== stage times (build/gate-times.md)"
    cat build/gate-times.md
    rm -f "${times_file}"
    exit "${status}"
}
trap report EXIT

#! stage NAME COMMAND...: runs COMMAND as stage NAME inside what is left of the budget, and records its times.
stage() {
    local name=$1
    shift
    local left=$((budget - (SECONDS - start)))
    echo "==== ${name}"
    if ((left <= 0)); then
        failed="${name}"
        rows+=("| ${name} | not started: budget spent | 0 | 0 | |")
        echo "==== ${name} FAILED: the gate's budget of ${budget} s (ALPAKA_GATE_BUDGET_S) was spent before it" >&2
        exit 1
    fi
    local rc=0
    local TIMEFORMAT='%R %U %S'
    # `time` reports real, user and system time of the stage and all its children (compilers, test programs); in a
    # subshell of its own, so that a stage running beside it, which ends meanwhile, does not count here;
    # timeout stops the whole process group when the budget is spent (exit status 124).
    (time timeout -k 30 "${left}" "$@" 2>&4) 4>&2 2>"${times_file}" || rc=$?
    local real user sys
    read -r real user sys <"${times_file}" || true
    local wall=${real%.*} cpu
    cpu=$(awk -v u="${user}" -v s="${sys}" 'BEGIN { printf "%.0f", u + s }')
    local ratio
    ratio=$(awk -v c="${cpu}" -v w="${real}" 'BEGIN { if (w > 0) printf "%.2f", c / w }')
    if ((rc == 0)); then
        rows+=("| ${name} | passed | ${wall} | ${cpu} | ${ratio} |")
        echo "==== ${name} passed in ${wall} s (CPU ${cpu} s), $((SECONDS - start)) s into the gate"
        return 0
    fi
    failed="${name}"
    if ((rc == 124 || rc == 137)); then
        rows+=("| ${name} | overran the budget | ${wall} | ${cpu} | ${ratio} |")
        echo "==== ${name} FAILED: stopped when the gate's budget of ${budget} s (ALPAKA_GATE_BUDGET_S) was spent" >&2
    else
        rows+=("| ${name} | failed (exit ${rc}) | ${wall} | ${cpu} | ${ratio} |")
        echo "==== ${name} FAILED with exit status ${rc}" >&2
    fi
    exit 1
}

#! beside NAME COMMAND...: starts stage NAME in the background, next to the stages that follow until `joined NAME`.
#! For a stage that leaves a core idle most of its time (one thread, downloads, a fixed duration) beside stages that
#! compile: the two cores stay busy (the stages' CPU/wall is in the table). Its output goes to build/stage-NAME.log,
#! shown when it is joined; its row gives its own wall time, which overlaps the others'.
beside() {
    local name=$1
    shift
    echo "==== ${name}: started beside the next stages (its output follows when it is joined)"
    rm -f "build/stage-${name}.row"  # a row left by an earlier run is never this run's
    (
        trap 'printf "%s\n" "${rows[@]: -1}" >"build/stage-${name}.row"' EXIT
        rows=()
        stage "${name}" "$@"
    ) >"build/stage-${name}.log" 2>&1 &
    beside_pids[${name}]=$!
}

#! joined NAME: waits for stage NAME started by `beside`, shows its output and records its row.
joined() {
    local name=$1 rc=0
    wait "${beside_pids[${name}]}" || rc=$?
    unset "beside_pids[${name}]"
    cat "build/stage-${name}.log"
    local row=""
    [[ -f "build/stage-${name}.row" ]] && row=$(<"build/stage-${name}.row")
    rows+=("${row:-| ${name} | failed (exit ${rc}) | | | |}")
    if ((rc != 0)); then
        failed="${name}"
        echo "==== ${name} FAILED (it ran beside other stages; its output is above)" >&2
        exit 1
    fi
}

# --durations: where the stage's time goes, in every run's log.
pytest_cmd=(build/venv/bin/python -m pytest tests/python -n 2 --durations=25)
# 30 s per C++ harness and 15 s per Python one (in pytest; 10 s in the quick tier), each run going on from the corpus
# that the earlier runs on this machine grew.
export ALPAKA_FUZZ_CORPUS_ROOT="${ALPAKA_FUZZ_CORPUS_ROOT:-${XDG_CACHE_HOME:-${HOME}/.cache}/alpaka/fuzz-corpus}"
export PYALPAKA_FUZZ_SECONDS="${PYALPAKA_FUZZ_SECONDS:-$((quick ? 10 : 15))}"
# The kernels of the tests that need no empty cache of their own (tests/python/_support.py, shared_kernel_cache) stay
# compiled from one run to the next, as ccache keeps the C++ objects: a warm run compiles only what changed.
export PYALPAKA_TEST_KERNEL_CACHE="${PYALPAKA_TEST_KERNEL_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/alpaka/test-kernels}"

if ((quick)); then
    beside lint scripts/lint.sh
    stage cpu-all cmake --workflow --preset cpu-all
    joined lint
    stage python scripts/python-env.sh
    PYALPAKA_TEST_BACKENDS="${PYALPAKA_TEST_BACKENDS:-cpu_serial,cpu_omp2_blocks}" stage pytest "${pytest_cmd[@]}"
    exit 0
fi

# Four stages run beside others (measured on a fresh machine, 2026-12-07: lint CPU/wall 0.99, python 1.27, docs 1.03,
# soak 1.50 while the C++ builds run at 1.8-1.9): lint beside cpu-all, the Python install (downloads, mpi4py's one-core
# build) beside the fuzzers and the CUDA compile check, the docs beside the HIP one, the soak (a fixed 60 s) beside the
# wheel and aarch64 stages.
beside lint scripts/lint.sh
stage cpu-all cmake --workflow --preset cpu-all
joined lint
for preset in asan-ubsan tsan; do
    stage "${preset}" cmake --workflow --preset "${preset}"
done
beside python scripts/python-env.sh
ALPAKA_FUZZ_SECONDS="${ALPAKA_FUZZ_SECONDS:-30}" stage fuzz cmake --workflow --preset fuzz
stage gpu-cuda scripts/gpu-compile-check.sh cuda
joined python
beside docs scripts/build-docs.sh build/venv
stage gpu-hip scripts/gpu-compile-check.sh hip
joined docs
stage pytest "${pytest_cmd[@]}"
stage emulator scripts/test-emulator.sh
beside soak build/venv/bin/python tests/soak/soak.py --total 60
stage wheel scripts/test-wheel.sh
stage aarch64 cmake --workflow --preset aarch64
joined soak
