#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Installs the Python package the README's way (`pip install ".[test,mpi]"`) into a virtual environment,
# build/venv (PYALPAKA_VENV overrides), creating it first; prints nothing else on success but the install's tail.
# Run after scripts/setup.sh (which installs the compilers and the back-ends' libraries). Use the environment with
# `build/venv/bin/python`.
#
#   scripts/python-env.sh [EXTRAS]    EXTRAS: comma-separated extras (default "test,mpi", what the tests need);
#                                     "" installs the package alone (the main job, scripts/run-example.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${PYALPAKA_VENV:-build/venv}"
extras="${1-test,mpi}"

if [[ ! -x "${venv}/bin/python" ]]; then
    if ! python3 -m venv "${venv}" 2>/dev/null; then
        # Debian's Python keeps venv (and ensurepip) in a package of its own.
        sudo=""
        [[ $(id -u) -ne 0 ]] && sudo="sudo"
        ${sudo} apt-get update -qq
        DEBIAN_FRONTEND=noninteractive ${sudo} apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
        rm -rf "${venv}"
        python3 -m venv "${venv}"
    fi
fi
"${venv}/bin/python" -m pip install --quiet --upgrade pip
start=$SECONDS
# The mpi extra (mpi4py, for examples/mpi and its test) compiles against the MPI that scripts/setup.sh installs: the
# binary wheel would look for libmpi.so.12, which Debian's MPICH names libmpich.so.12. pip caches the built wheel.
# That build is most of a first install, so the main job, which needs no extra, does without it.
#
# What `pip install ".[extras]"` installs, in two steps: the dependencies, the extras and pyproject's build
# requirements first, then pyalpaka without pip's build isolation. An isolated build runs in a new
# /tmp/pip-build-env-* folder each time, and that path reaches every unit that includes pybind11, so the compiler
# cache missed 10 of the extension's 23 units on every install (about 110 s of a warm run of the gate; here and in
# test-wheel.sh, which builds the wheel in this environment the same way). Python before 3.11 (no tomllib): one step.
if requirements=$("${venv}/bin/python" - "${extras}" <<'PY'
import sys
import tomllib

with open("pyproject.toml", "rb") as file:
    config = tomllib.load(file)
wanted = list(config["build-system"]["requires"]) + list(config["project"]["dependencies"])
for extra in filter(None, sys.argv[1].split(",")):
    wanted += config["project"]["optional-dependencies"][extra]
print("\n".join(wanted))
PY
); then
    # mpi4py's build (181 s of one core on a cold pip cache) runs beside the extension's (which keeps both cores busy
    # only part of the time): its own pip process, as it shares no package with the others.
    printf '%s\n' "${requirements}" | grep -v '^mpi4py' >"${venv}/pyalpaka-requirements.txt" || true
    mpi=$(printf '%s\n' "${requirements}" | grep '^mpi4py' || true)
    mpi_pid=""
    if [[ -n "${mpi}" ]]; then
        "${venv}/bin/python" -m pip install --quiet --no-binary=mpi4py "${mpi}" &
        mpi_pid=$!
    fi
    "${venv}/bin/python" -m pip install --quiet -r "${venv}/pyalpaka-requirements.txt"
    "${venv}/bin/python" -m pip install --quiet --no-build-isolation --no-deps .
    if [[ -n "${mpi_pid}" ]] && ! wait "${mpi_pid}"; then
        echo "python-env: installing ${mpi} failed" >&2
        exit 1
    fi
else
    "${venv}/bin/python" -m pip install --quiet --no-binary=mpi4py ".${extras:+[${extras}]}"
fi
echo "python-env: pyalpaka installed into ${venv} in $((SECONDS - start)) s"
