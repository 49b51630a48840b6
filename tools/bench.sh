#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench: run the benchmark suites under UML (same kernel as make kunit)
# and print what they measured, ratios side by side from one run.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
KUNIT_BENCH=1 bash "$top/tools/kunit.sh" drm_hdcp1_bench > "$top/build/results/bench.out" 2>&1
rc=$?
echo "HDCP 1.4, Desired -> Enabled, prompt non-repeater sink (UML, real workqueue):"
grep -o 'bench: .*' "$top/build/kunit/test.log" | sed 's/^bench: /  /'
[ $rc -eq 0 ] || { tail -n 20 "$top/build/results/bench.out"; exit $rc; }
