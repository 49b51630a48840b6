#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the KUnit suites under UML in build/kunit (kept between runs).
#   tools/kunit.sh [glob]     e.g. 'drm_hdcp_*'
# Writes build/results/kunit.res ("<passed> <failed>") and fails when a
# test fails or the kernel log shows a KASAN, lockdep or WARN report.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
out=$top/build/kunit
res=$top/build/results
mkdir -p "$res"
export CCACHE_DIR=${CCACHE_DIR:-${HDCP_CACHE:-/var/cache/drm-hdcp}/ccache}
mkdir -p "$CCACHE_DIR"

args=(run --kunitconfig="$top/tests/kunit/hdcp.kunitconfig"
      --build_dir="$out" --jobs="$(nproc)" --timeout=900
      --make_options "CC=ccache gcc")
# Benchmarks are "very slow" by attribute; `make bench` runs them.
if [ "${KUNIT_BENCH:-0}" = 1 ]; then
	args+=("${1:-drm_hdcp1_bench}")
else
	args+=(--filter 'speed>very_slow')
	[ $# -gt 0 ] && args+=("$1")
fi

log=$res/kunit.out
(cd "$linux" && python3 tools/testing/kunit/kunit.py "${args[@]}") 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}

summary=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log" | tail -n 1)
passed=$(sed -nE 's/.*passed: ([0-9]+).*/\1/p' <<<"$summary")
failed=$(sed -nE 's/.*failed: ([0-9]+).*/\1/p' <<<"$summary")
crashed=$(sed -nE 's/.*(crashed|errors): ([0-9]+).*/\2/p' <<<"$summary")
skipped=$(sed -nE 's/.*skipped: ([0-9]+).*/\1/p' <<<"$summary")
passed=${passed:-0}
failed=$(( ${failed:-0} + ${crashed:-0} ))
if [ -z "$summary" ]; then
	echo "kunit: no test summary (build or boot failure)" >&2
	failed=$((failed + 1))
fi

# The raw kernel log: reports here fail the run even if every case passed.
if ! reports=$(python3 "$top/tools/kunit-log-scan.py" "$out/test.log" drm_hdcp); then
	echo "kunit: kernel reports in $out/test.log:" >&2
	echo "$reports" >&2
	failed=$((failed + 1))
fi

echo "$passed $failed" > "$res/kunit.res"
echo "kunit: $passed passed, $failed failed, ${skipped:-0} skipped (kunit.py exit $rc)"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
