#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# The whole scoreboard in one command: builds the C++ benchmark programs (Release, every CPU back-end, as run.sh does),
# runs them, runs the Python benchmarks with the installed pyalpaka, the CUDA program where a GPU is, and writes
# CSV files, the console logs, results.md (tables and targets) and PNG plots to the output folder.
#
#   benchmarks/run-all.sh [--out DIR] [--quick] [--n N] [--reps R] [--no-python] [--cuda] [-- PROGRAM OPTIONS...]
#
#   --out DIR     output folder (default build/bench-results); its CSV/PNG/Markdown files are replaced
#   --quick       small sizes and few repetitions: a smoke run of every code path (about a minute after the build)
#   --n N         elements per array of the stream kernels (C++ babelstream and Python stream.py)
#   --reps R      timed runs per variant (C++ programs and stream.py; at least 20 for numbers worth quoting)
#   --no-python   skip the Python benchmarks
#   --cuda        build and run gpu_cuda even where no GPU is detected (a compile check: it then reports
#                 "no GPU: skipped"); by default it is built only where nvidia-smi lists a GPU
#   -- ...        further options for every C++ program (see build/bench/cpu_backends --help)
#
# Python: build/venv/bin/python if present, else python3; PYTHON=... picks another. The Python part needs pyalpaka
# importable (pip install ".[bench]" after the README's install; Numba is optional, its rows then say skipped).
# Defaults take about 12 minutes on 2 quiet cores after the build. Exit status: non-zero when a program found a wrong
# result or failed; timings never fail the run.
set -euo pipefail
cd "$(dirname "$0")/.."
command_line="benchmarks/run-all.sh${*:+ $*}"

out="build/bench-results"
quick=0
n=""
reps=""
python_on=1
cuda=auto
extra=()
while (($#)); do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --out=*) out="${1#*=}"; shift ;;
        --quick) quick=1; shift ;;
        --n) n="$2"; shift 2 ;;
        --n=*) n="${1#*=}"; shift ;;
        --reps) reps="$2"; shift 2 ;;
        --reps=*) reps="${1#*=}"; shift ;;
        --no-python) python_on=0; shift ;;
        --cuda) cuda=on; shift ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '5,23p' "$0"; exit 0 ;;
        *) echo "run-all.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
mkdir -p "${out}"
out="$(cd "${out}" && pwd)"
rm -f "${out}"/*.csv "${out}"/*.png "${out}"/*.txt "${out}/results.md" "${out}/meta.json"
build_dir="${ALPAKA_BENCH_BUILD_DIR:-build/bench}"
failures=()
notes=()
skipped_json=""
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
started="$(date -u '+%Y-%m-%d %H:%M UTC')"

echo "== build (${build_dir}, Release)"
ALPAKA_BENCH_BUILD_ONLY=1 benchmarks/run.sh

# Options for every C++ program: --quick, --reps; --n only for babelstream (cpu_backends keeps its 2^25 triad).
common=()
((quick)) && common+=(--quick)
[[ -n "${reps}" ]] && common+=(--reps "${reps}")
common+=("${extra[@]}")

run_program() { # name [options...]: runs build_dir/name with --csv, logs to name.txt, records a failure
    local name="$1"
    shift
    echo "== ${name}"
    if ! "${build_dir}/${name}" "$@" --csv "${out}/${name}.csv" > >(tee "${out}/${name}.txt") \
        2>"${out}/${name}.err"; then
        failures+=("${name}")
        cat "${out}/${name}.err" >&2
    fi
}

run_program cpu_backends "${common[@]}"
run_program babelstream "${common[@]}" ${n:+--n "${n}"}
run_program launch_latency "${common[@]}"
run_program atomics "${common[@]}"
run_program compute "${common[@]}"
run_program triad_sweep "${common[@]}"
run_program graph_heat "${common[@]}"

# GPU: only where one is (or with --cuda, as a compile check). nvcc compiles alpaka slowly: one job.
have_gpu=0
command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q "^GPU" && have_gpu=1
if [[ "${cuda}" == on || "${have_gpu}" == 1 ]]; then
    export PATH="${PATH}:/usr/local/cuda/bin"
    if command -v nvcc >/dev/null; then
        echo "== gpu_cuda (build in build/bench-cuda with nvcc, then run)"
        if cmake -S benchmarks/cpp -B build/bench-cuda -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
            -Dalpaka_ACC_GPU_CUDA_ENABLE=ON -DCMAKE_CUDA_ARCHITECTURES="${CUDA_ARCH:-90}" >/dev/null &&
            cmake --build build/bench-cuda --target gpu_cuda -j1; then
            build/bench-cuda/gpu_cuda "${common[@]}" --csv "${out}/gpu_cuda.csv" | tee "${out}/gpu_cuda.txt" ||
                failures+=(gpu_cuda)
            [[ -f "${out}/gpu_cuda.csv" ]] || skipped_json="\"gpu_cuda\": \"$(tail -1 "${out}/gpu_cuda.txt")\""
        else
            failures+=("gpu_cuda (build)")
        fi
    else
        notes+=("GPU: nvcc not found: skipped")
        skipped_json='"gpu_cuda": "nvcc not found: skipped"'
    fi
else
    echo "== gpu_cuda: no GPU: skipped"
    notes+=("GPU: no GPU: skipped")
    skipped_json='"gpu_cuda": "no GPU: skipped (nvidia-smi lists none); run-all.sh --cuda builds it as a compile check"'
fi

python="${PYTHON:-}"
[[ -z "${python}" && -x build/venv/bin/python ]] && python=build/venv/bin/python
python="${python:-python3}"
if ((python_on)); then
    if "${python}" -c "import pyalpaka" 2>/dev/null; then
        quick_stream=()
        quick_jit=()
        quick_vs=()
        if ((quick)); then
            quick_stream=(--quick)
            quick_jit=(--repeats 2 --launches 10000)
            quick_vs=(--n 262144 --rounds 2 --reps 2 --launches 10000)
        fi
        echo "== python: stream.py (${python})"
        "${python}" benchmarks/python/stream.py "${quick_stream[@]}" ${n:+--n "${n}"} ${reps:+--reps "${reps}"} \
            --csv "${out}/python_stream.csv" | tee "${out}/python_stream.txt" || failures+=(stream.py)
        echo "== python: jit.py"
        "${python}" benchmarks/python/jit.py "${quick_jit[@]}" --csv "${out}/python_jit.csv" |
            tee "${out}/python_jit.txt" || failures+=(jit.py)
        echo "== python: vs_cpp.py"
        "${python}" benchmarks/python/vs_cpp.py "${quick_vs[@]}" --peer "${build_dir}/python_peer" \
            --csv "${out}/python_vs_cpp.csv" | tee "${out}/python_vs_cpp.txt" || failures+=(vs_cpp.py)
        echo "== python: graphs.py"
        "${python}" benchmarks/python/graphs.py "${quick_stream[@]}" ${reps:+--reps "${reps}"} \
            --csv "${out}/python_graphs.csv" | tee "${out}/python_graphs.txt" || failures+=(graphs.py)
        echo "== python: compute.py"
        "${python}" benchmarks/python/compute.py "${quick_stream[@]}" ${reps:+--reps "${reps}"} \
            --csv "${out}/python_compute.csv" | tee "${out}/python_compute.txt" || failures+=(compute.py)
    else
        echo "== python: pyalpaka not importable with ${python}: skipped (install it, or set PYTHON=...)"
        notes+=("Python: pyalpaka not importable with ${python}: skipped")
    fi
fi

# The run's context, for results.md.
cpu="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
memory="$(free -g 2>/dev/null | awk '/^Mem:/ {print $2 " GiB"}')"
machine="${cpu:-unknown CPU}, $(nproc) hardware threads, ${memory}, $(uname -sr)"
"${python}" - "${out}/meta.json" <<EOF
import json, sys
notes = [n for n in """$(printf '%s\n' "${notes[@]+"${notes[@]}"}")""".splitlines() if n]
failures = """${failures[*]+"${failures[*]}"}""".split()
if failures:
    notes.append("FAILED (wrong result or error): " + ", ".join(failures))
json.dump({"date": "${started}", "machine": "${machine}",
           "command": "${command_line}",
           "load": "1/5/15-minute load average before: ${load_before}; after: $(cut -d' ' -f1-3 /proc/loadavg)",
           "notes": notes, "skipped": {${skipped_json}}}, open(sys.argv[1], "w"), indent=1)
EOF
"${python}" benchmarks/report.py "${out}" || failures+=(report.py)
echo "== results: ${out}/results.md"
if ((${#failures[@]})); then
    echo "run-all.sh: failed: ${failures[*]}" >&2
    exit 1
fi
