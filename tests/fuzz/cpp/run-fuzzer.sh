#!/usr/bin/env bash
# SPDX-FileCopyrightText: The pyalpaka authors
# SPDX-License-Identifier: MPL-2.0
#
# Runs one libFuzzer harness for ALPAKA_FUZZ_SECONDS (default 60) over its seed corpus, keeping what it learns in a
# corpus folder; a finding (crash, sanitizer report, violated property, an input slower than 10 s) is written to the
# findings folder and fails the run. With ALPAKA_FUZZ_CORPUS_ROOT set, the corpus lives in a folder of that name
# there instead of the build folder, so that runs from fresh clones (the gate's) go on from what earlier runs found.
#
#     run-fuzzer.sh HARNESS CORPUS_DIR SEED_DIR FINDINGS_DIR
set -euo pipefail
harness=$1 corpus=$2 seeds=$3 findings=$4
if [[ -n "${ALPAKA_FUZZ_CORPUS_ROOT:-}" ]]; then
    corpus="${ALPAKA_FUZZ_CORPUS_ROOT}/$(basename "${corpus}")"
fi
mkdir -p "${corpus}" "${findings}"
exec "${harness}" -max_total_time="${ALPAKA_FUZZ_SECONDS:-60}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="${findings}/$(basename "${harness}")-" "${corpus}" "${seeds}"
