#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# The GPU validation (the C++ suite, compute-sanitizer, the Python tests and the GPU benchmarks whose targets
# benchmarks/RESULTS.md lists), for a machine with an NVIDIA GPU (written for the lent H100/H200 machines: CUDA 13
# nvcc, CMake, ninja, a python3 with NumPy, CuPy, PyTorch, pybind11, scikit-build-core and pytest; no network), and
# its AMD stage for a machine with an AMD GPU (ROCm's hipcc, rocminfo and libamdhip64 with hiprtc).
#
#   bash scripts/gpu-validate.sh [STAGE...]      stages: info cpp sanitize python benchbuild bench amd
#                                                (default: info cpp sanitize python bench, in that order)
#
# amd: the `hip` preset's C++ suite for the machine's gfx target (ctest), then pyalpaka and every Python test that
# runs on the hip back-end (test_gpu_hardware.py, test_jit_gpu.py and the ids naming hip in the other files).
#
# Each stage appends to the one-screen summary ($OUT/summary.txt, printed at the end) and writes its full log to
# $OUT/<stage>.log ($OUT defaults to build/gpu-validate). A stage's failure does not stop the next one; the exit status
# is the number of failed stages. Build folders (build/gpu-cuda, build/gpu-bench) and the installed pyalpaka are
# reused by a later call on the same machine, so the stages can be split over several calls of at most 10 minutes each:
#
#   call 1: bash scripts/gpu-validate.sh info cpp          (build the cuda preset with every core, ctest)
#   call 2: bash scripts/gpu-validate.sh sanitize python   (compute-sanitizer over the C++ tests; pyalpaka + pytest)
#   call 3: bash scripts/gpu-validate.sh bench             (gpu_cuda; the driver's own cost per call,
#                                                           cuda_launch_floor.cu; benchmarks/python/gpu.py and
#                                                           memory.py next to CuPy)
#
# Catch2 (v2) is the one build dependency such a machine lacks: carry Debian's package in .gpudeps (ignored by git):
#   mkdir -p .gpudeps && (cd .gpudeps && apt-get download catch2)
# and it is unpacked into /tmp/gpudeps. WHEELS=.whl: the python stage installs prebuilt wheels from that folder
# (scripts/gpu-lease.sh says how to make them) instead of building pyalpaka there. Environment: OUT, PYTHON (default
# python3), JOBS (default nproc), GPU_VALIDATE_TIMEOUT (seconds per test program under compute-sanitizer, default 300),
# SANITIZE_JOBS (programs under compute-sanitizer at once, default 8), SANITIZE_ONLY (a regular expression: only the
# programs whose name matches it, e.g. 'test_kernel|test_queue').
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out="${OUT:-build/gpu-validate}"
mkdir -p "${out}"
out=$(cd "${out}" && pwd)
python="${PYTHON:-python3}"
jobs="${JOBS:-$(nproc)}"
summary="${out}/summary.txt"
failed=0

wheel_prefix=/tmp/gpu-prefix

note() { echo "$*" | tee -a "${summary}"; }
use_wheel_prefix() {
    local site
    site=$("${python}" -c 'import sys, sysconfig; print(sysconfig.get_path("purelib", vars={"base": sys.argv[1],
"platbase": sys.argv[1]}))' "${wheel_prefix}")
    export PYTHONPATH=${site}${PYTHONPATH:+:${PYTHONPATH}}
}
# run_logged STAGE COMMAND...: runs the command with its output appended to the stage's log; its exit status.
run_logged() {
    local stage=$1
    shift
    echo "+ $*" >>"${out}/${stage}.log"
    "$@" >>"${out}/${stage}.log" 2>&1
}
stage_failed() {
    note "  FAILED: $*"
    failed=$((failed + 1))
}

catch2_prefix() {
    # Debian's catch2 package unpacked where CMake finds it (dpkg -x into / could break the machine).
    local deb
    deb=$(ls .gpudeps/catch2_*.deb 2>/dev/null | head -1)
    if [[ -n "${deb}" ]]; then
        mkdir -p /tmp/gpudeps && dpkg -x "${deb}" /tmp/gpudeps && echo "/tmp/gpudeps/usr"
    fi
}

# build_and_ctest STAGE PRESET DIR [CMAKE_ARGS...]: configures and builds a preset with every core, then runs its
# ctest; a failed configure or build fails the stage and returns 1 (the stage stops), failed tests fail the stage.
build_and_ctest() {
    local stage=$1 preset=$2 dir=$3 start=$SECONDS prefix
    shift 3
    prefix=$(catch2_prefix)
    if ! run_logged "${stage}" cmake --preset "${preset}" -B "${dir}" "$@" ${prefix:+-DCMAKE_PREFIX_PATH=${prefix}}; then
        stage_failed "configure (see ${stage}.log; Catch2 missing? see the header of this script)"
        return 1
    fi
    if ! run_logged "${stage}" cmake --build "${dir}" -j "${jobs}"; then
        stage_failed "build: $(grep -m3 -E 'error' "${out}/${stage}.log" | cut -c1-150 | tr '\n' ' ')"
        return 1
    fi
    note "  built in $((SECONDS - start)) s"
    # One GPU: the GPU tests run one at a time, the rest alongside.
    run_logged "${stage}" ctest --test-dir "${dir}" --output-on-failure -j 4 --timeout 600
    note "  ctest: $(grep -E 'tests passed' "${out}/${stage}.log" | tail -1)"
    grep -E '^\s+[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess aborted|Exception)' "${out}/${stage}.log" \
        | head -10 | sed 's/^/  /' | tee -a "${summary}"
    if grep -qE '[1-9][0-9]* tests failed' "${out}/${stage}.log"; then
        stage_failed "ctest (${stage}.log)"
    fi
}

# pytest_files STAGE FILTER FILE...: the tests of tests/python/FILE.py whose ids match the -k FILTER.
pytest_files() {
    local stage=$1 filter=$2 paths=() file
    shift 2
    for file in "$@"; do paths+=("tests/python/${file}.py"); done
    run_logged "${stage}" "${python}" -m pytest -q -rfEs -p no:cacheprovider "${paths[@]}" -k "${filter}"
    local status=$?
    note "  pytest: $(grep -E '^[0-9]+ (passed|failed)|^=+ .*(passed|failed)' "${out}/${stage}.log" | tail -1)"
    grep -E '^(FAILED|ERROR) ' "${out}/${stage}.log" | head -10 | cut -c1-150 | sed 's/^/  /' | tee -a "${summary}"
    [[ ${status} -eq 0 ]] || stage_failed "pytest (${stage}.log)"
}

stage_info() {
    note "== info ($(date -u +%FT%TZ))"
    {
        nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv
        nvcc --version | tail -2
        cmake --version | head -1
        "${python}" -c 'import sys, numpy; print("python", sys.version.split()[0], "numpy", numpy.__version__)'
        "${python}" -c 'import cupy; print("cupy", cupy.__version__)' || true
        "${python}" -c 'import torch; print("torch", torch.__version__, torch.cuda.is_available())' || true
        git log --oneline -1 || true
    } >"${out}/info.log" 2>&1
    note "  GPU: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1 | head -1)"
    note "  $(grep -m1 'release' "${out}/info.log")"
    note "  $(grep -m1 -E '^python ' "${out}/info.log"); $(grep -m1 '^cupy' "${out}/info.log"); $(grep -m1 '^torch' "${out}/info.log")"
}

stage_cpp() {
    note "== cpp: cuda preset (sm_90), ${jobs} jobs"
    build_and_ctest cpp cuda build/gpu-cuda -DCMAKE_CUDA_ARCHITECTURES=90 || return
    # Test programs that ran as "skipped" on a GPU machine mean the GPU was not found.
    if grep -q 'SKIPPED\|no NVIDIA GPU' "${out}/cpp.log"; then
        note "  note: some test programs said they were skipped (grep SKIPPED cpp.log)"
    fi
}

stage_sanitize() {
    note "== sanitize: compute-sanitizer memcheck over the C++ test programs (${GPU_VALIDATE_TIMEOUT:-300} s each)"
    if ! command -v compute-sanitizer >/dev/null; then
        stage_failed "compute-sanitizer not found"
        return
    fi
    # Several programs at once (SANITIZE_JOBS, default 8): the sanitizer is slow on the host side, and the GPU is
    # shared well enough by a few test processes. Each program's report goes to its own log, appended at the end.
    local test clean=0 dirty=0 timedOut=0 status log running=0
    local tests=() logs=()
    mkdir -p "${out}/sanitize"
    for test in $(find build/gpu-cuda/tests build/gpu-cuda/examples -maxdepth 3 -type f -perm -u+x \
        \( -name 'test_*' -o -path '*/examples/*' \) ! -name '*.so' 2>/dev/null | sort); do
        [[ -z ${SANITIZE_ONLY:-} || ${test##*/} =~ ^(${SANITIZE_ONLY})$ ]] || continue
        log="${out}/sanitize/${test##*/}.log"
        # Catch2's --durations prints each test case as it ends: where a program hangs, its log names the last one
        # that finished. Every test case runs, [launchBehindHeldQueue] too: a watchdog of its own releases the queue
        # that the sanitizer's serialized launches would wait for (tests/cpp/kernel/KernelArgumentsTest.cpp).
        local catch2=()
        [[ ${test##*/} == test_* ]] && catch2=(--durations yes)
        {
            # API errors are not reported: the tests provoke some on purpose (an invalid device index, say); a
            # program that makes no CUDA call (a CPU-only test program) counts as clean.
            timeout "${GPU_VALIDATE_TIMEOUT:-300}" compute-sanitizer --tool memcheck --error-exitcode 86 \
                --report-api-errors no --require-cuda-init no --print-limit 20 "${test}" "${catch2[@]}" >"${log}" 2>&1
            echo $? >"${log}.status"
        } &
        tests+=("${test}") logs+=("${log}")
        running=$((running + 1))
        if [[ ${running} -ge ${SANITIZE_JOBS:-8} ]]; then
            wait -n
            running=$((running - 1))
        fi
    done
    wait
    local i
    for i in "${!tests[@]}"; do
        status=$(cat "${logs[i]}.status")
        test=${tests[i]}
        { echo "== ${test} (exit ${status})"; cat "${logs[i]}"; } >>"${out}/sanitize.log"
        case ${status} in
            0) clean=$((clean + 1)) ;;
            124)
                timedOut=$((timedOut + 1))
                note "  timed out: ${test##*/}, after: $(grep -E '^[0-9.]+ s: ' "${logs[i]}" | tail -1 | cut -c1-100)"
                ;;
            *)
                dirty=$((dirty + 1))
                note "  exit ${status}: ${test##*/} $(grep -m1 -E '=========.*(Invalid|error)' "${logs[i]}" | cut -c1-90)"
                # The test cases that failed their own checks (Catch2's console report).
                awk '/^-+$/ && length($0) == 79 { if ((getline name) > 0 && name !~ /^(-|\/|$)/) print "    test case: " name }' \
                    "${logs[i]}" | sort -u | head -5 | tee -a "${summary}"
                ;;
        esac
    done
    note "  clean ${clean}, errors or failures ${dirty}, timed out ${timedOut}"
    [[ ${dirty} -eq 0 ]] || stage_failed "compute-sanitizer found errors (sanitize.log)"
}

stage_python() {
    note "== python: pyalpaka with the cuda back-end, pytest"
    local start=$SECONDS
    if [[ -n "${WHEELS:-}" ]]; then
        # Wheels built elsewhere (a pyalpaka wheel for this python, repaired by auditwheel, and the oneTBB wheels it
        # needs) under a prefix of their own (not --target, which drops the tbb wheel's lib/libtbb.so.12), its
        # site-packages on PYTHONPATH: no device time spent compiling the extension.
        if ! run_logged python "${python}" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir \
            --prefix "${wheel_prefix}" "${WHEELS}"/*.whl; then
            stage_failed "pip install of ${WHEELS}/*.whl (python.log)"
            return
        fi
        use_wheel_prefix
    # Into the machine's own python3 (a throw-away machine): its NumPy, CuPy, PyTorch, pybind11 and scikit-build-core
    # are in that interpreter's virtual environment, which a venv made from it would not see.
    elif ! CMAKE_BUILD_PARALLEL_LEVEL=${jobs} run_logged python "${python}" -m pip install --no-index \
        --no-build-isolation --no-deps .; then
        stage_failed "pip install (python.log)"
        return
    fi
    note "  installed in $((SECONDS - start)) s"
    run_logged python "${python}" -c 'import pyalpaka as pk; print(pk.backends()); print(pk.device("cuda"))'
    # The GPU files whole, and every test of the other files that runs on the cuda back-end (ids name it).
    pytest_files python "cuda or gpu or Gpu" test_gpu_hardware test_jit_gpu test_grid_sync test_struct_args test_dlpack \
        test_kernels test_examples test_notebooks test_graphs test_queues test_buffers test_trace
    stage_trace
}

# A trace of the cuda back-end (docs/profiling.md): the pipeline example's device spans, and where Nsight Systems is
# installed, the NVTX ranges named after the kernels and copies ($OUT/trace.json, $OUT/trace.nsys-rep).
stage_trace() {
    local example=examples/python/trace_pipeline.py
    if command -v nsys >/dev/null; then
        run_logged python nsys profile --force-overwrite true -t cuda,nvtx -o "${out}/trace" \
            "${python}" "${example}" --backend cuda --trace "${out}/trace.json"
        run_logged python nsys stats --force-export true -r nvtx_sum -f csv -o "${out}/trace-nvtx" "${out}/trace.nsys-rep"
        local found
        found=$(cat "${out}"/trace-nvtx*.csv 2>/dev/null | grep -c -E 'Scale|copy host to device|memset' || true)
        note "  nsys: ${found} of this project's NVTX range names in the report (trace-nvtx*.csv)"
        [[ ${found} -ge 3 ]] || stage_failed "NVTX ranges missing from the Nsight Systems report (python.log)"
    else
        run_logged python "${python}" "${example}" --backend cuda --trace "${out}/trace.json"
        note "  nsys: not installed, NVTX ranges not checked"
    fi
    if run_logged python "${python}" - "${out}/trace.json" <<'PY'
import json, sys
events = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e["ph"] == "X"]
device = [e for e in events if e["cat"] == "kernel" and "queue" in e["args"]]
assert device and all(e["dur"] > 0 for e in device), device[:3]
print(f"{len(events)} spans, {len(device)} kernels with device time")
PY
    then
        note "  trace: $(tail -1 "${out}/python.log")"
    else
        stage_failed "the cuda trace lacks device spans (python.log)"
    fi
}

# The AMD GPU stage: the machine's gfx target from rocminfo, the hip preset built for it, then the Python tests on hip.
stage_amd() {
    note "== amd ($(date -u +%FT%TZ))"
    local arch
    arch=$(rocminfo 2>/dev/null | grep -m1 -oE 'gfx[0-9a-f]+' || true)
    if [[ -z ${arch} ]]; then
        stage_failed "no AMD GPU found (rocminfo lists no gfx agent)"
        return
    fi
    note "  device: ${arch}; $(hipcc --version 2>/dev/null | grep -m1 -i 'HIP version' || echo 'hipcc: ?')"
    build_and_ctest amd hip build/gpu-hip -DGPU_TARGETS="${arch}" || return
    if ! CMAKE_BUILD_PARALLEL_LEVEL=${jobs} run_logged amd "${python}" -m pip install --no-index --no-build-isolation \
        --no-deps .; then
        stage_failed "pip install (amd.log)"
        return
    fi
    run_logged amd "${python}" -c 'import pyalpaka as pk; print(pk.backends()); d = pk.device("hip"); print(d, d.arch)'
    pytest_files amd "hip or gfx" test_gpu_hardware test_jit_gpu test_grid_sync test_struct_args test_dlpack \
        test_kernels test_examples test_graphs test_queues test_buffers test_memory test_trace
}

build_bench() {
    local prefix
    prefix=$(catch2_prefix)
    [[ -x build/gpu-bench/gpu_cuda ]] && return 0
    run_logged bench cmake -S benchmarks/cpp -B build/gpu-bench -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_TESTING=OFF -Dalpaka_ACC_GPU_CUDA_ENABLE=ON -DCMAKE_CUDA_ARCHITECTURES=90 \
        ${prefix:+-DCMAKE_PREFIX_PATH=${prefix}} \
        && run_logged bench cmake --build build/gpu-bench --target gpu_cuda -j "${jobs}"
}

stage_benchbuild() {
    note "== benchbuild: gpu_cuda, Release"
    build_bench || stage_failed "gpu_cuda build (bench.log)"
}

stage_bench() {
    note "== bench: gpu_cuda (BabelStream vs native CUDA, launch latency), cuda_launch_floor, benchmarks/python/gpu.py,"
    note "   module_load.py, memory.py"
    if build_bench; then
        run_logged bench build/gpu-bench/gpu_cuda || stage_failed "gpu_cuda"
    else
        stage_failed "gpu_cuda build (bench.log)"
    fi
    # The driver's own cost per call on this machine: the floor under every launch figure below.
    if run_logged bench nvcc -O2 -arch=sm_90 -o "${out}/cuda_launch_floor" benchmarks/cpp/src/cuda_launch_floor.cu \
        -lcuda; then
        run_logged bench "${out}/cuda_launch_floor" || stage_failed "cuda_launch_floor"
        rm -f "${out}/cuda_launch_floor"
    else
        stage_failed "cuda_launch_floor build (bench.log)"
    fi
    if "${python}" -c 'import pyalpaka' 2>/dev/null; then
        run_logged bench "${python}" benchmarks/python/gpu.py || stage_failed "python/gpu.py"
        run_logged bench "${python}" benchmarks/python/module_load.py || stage_failed "python/module_load.py"
        # Memory (issue 43's targets): churn vs CuPy's pool (>= 1.0x), pinned host-to-device copy (>= 0.95x CuPy's).
        (cd benchmarks/python && "${python}" memory.py --csv "${out}/memory.csv") >>"${out}/bench.log" 2>&1 \
            || stage_failed "python/memory.py"
    else
        note "  benchmarks/python/gpu.py skipped: run the python stage first (it installs pyalpaka)"
    fi
    # The tables' last lines: the full output is in bench.log.
    grep -E 'triad|dot|launch|compile|cache hit|cuLaunchKernel|cuEventRecord|copy|ratio|module load|pk.empty|pinned' \
        "${out}/bench.log" \
        | tail -32 \
        | cut -c1-150 | sed 's/^/  /' | tee -a "${summary}"
}

# A pyalpaka installed from wheels by an earlier call (the python stage with WHEELS) is found by the later stages.
[[ -d ${wheel_prefix} ]] && use_wheel_prefix

stages=("$@")
[[ ${#stages[@]} -gt 0 ]] || stages=(info cpp sanitize python bench)
for stage in "${stages[@]}"; do
    case ${stage} in
        info | cpp | sanitize | python | benchbuild | bench | amd) "stage_${stage}" ;;
        *)
            echo "gpu-validate: unknown stage '${stage}' (info, cpp, sanitize, python, benchbuild, bench, amd)" >&2
            exit 2
            ;;
    esac
done
echo
echo "---- summary (${summary})"
cat "${summary}"
exit "${failed}"
