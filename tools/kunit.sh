#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the KUnit suites under UML in build/kunit (kept between runs), or with
# --smp on x86_64 under QEMU with 4 vCPUs, KCSAN and lockdep in
# build/kunit-smp (the SMP e2e guest's kernel too).
#   tools/kunit.sh [--smp] [glob]     e.g. 'drm_hdcp_*'
# Writes build/results/kunit.res or kunit-smp.res ("<passed> <failed>") and
# fails when a test fails or the kernel log shows a KASAN, KCSAN (in our
# code), lockdep or WARN report.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
res=$top/build/results
mkdir -p "$res"
. "$top/tools/ccache-env.sh"

name=kunit
if [ "${1:-}" = --smp ]; then
	name=kunit-smp
	shift
fi
out=$top/build/$name
if [ $name = kunit-smp ]; then
	# guest-kernel.sh builds it, with the make options it needs; kunit.py
	# only runs it. TCG (no KVM here): MTTCG gives each vCPU a host thread.
	args=(exec --build_dir="$out"
	      --kunitconfig="$top/tests/kunit/hdcp-smp.kunitconfig" --arch=x86_64
	      --qemu_args "-smp ${SMP_CPUS:-4} -m 2048 -accel tcg,thread=multi"
	      --timeout=1200)
else
	args=(run --build_dir="$out" --jobs="$(nproc)" --make_options "CC=ccache gcc"
	      --kunitconfig="$top/tests/kunit/hdcp.kunitconfig" --timeout=900)
fi
# Benchmarks are "very slow" by attribute; `make bench` runs them.
if [ "${KUNIT_BENCH:-0}" = 1 ]; then
	args+=("${1:-drm_hdcp1_bench}")
elif [ $name = kunit-smp ]; then
	# The "slow" cases are ten minutes of emulated time each, one thread
	# computing frames: minutes each under TCG with KCSAN. UML runs them.
	args+=(--filter 'speed>slow')
	[ $# -gt 0 ] && args+=("$1")
else
	args+=(--filter 'speed>very_slow')
	[ $# -gt 0 ] && args+=("$1")
fi

# The x86_64 kernel is configured on top of allnoconfig (guest-kernel.sh).
if [ $name = kunit-smp ] && ! bash "$top/tools/guest-kernel.sh" --smp; then
	echo "0 1" > "$res/$name.res"
	echo "$name: build failed" >&2
	exit 1
fi

log=$res/$name.out
if [ $name = kunit-smp ]; then
	# The serial console mixes late boot messages into the KTAP lines:
	# the results are parsed from the KTAP lines alone (tools/ktap-lines.py).
	(cd "$linux" && python3 tools/testing/kunit/kunit.py "${args[@]}" --raw_output=all) \
		> "$out/exec.out" 2>&1
	python3 "$top/tools/ktap-lines.py" < "$out/test.log" |
		(cd "$linux" && python3 tools/testing/kunit/kunit.py parse) 2>&1 | tee "$log"
	rc=${PIPESTATUS[1]}
else
	(cd "$linux" && python3 tools/testing/kunit/kunit.py "${args[@]}") 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
fi

summary=$(grep -E 'Testing complete\. Ran [0-9]+ tests' "$log" | tail -n 1)
passed=$(sed -nE 's/.*passed: ([0-9]+).*/\1/p' <<<"$summary")
failed=$(sed -nE 's/.*failed: ([0-9]+).*/\1/p' <<<"$summary")
crashed=$(sed -nE 's/.*(crashed|errors): ([0-9]+).*/\2/p' <<<"$summary")
skipped=$(sed -nE 's/.*skipped: ([0-9]+).*/\1/p' <<<"$summary")
passed=${passed:-0}
failed=$(( ${failed:-0} + ${crashed:-0} ))
if [ -z "$summary" ]; then
	echo "$name: no test summary (build or boot failure)" >&2
	failed=$((failed + 1))
fi

# The raw kernel log: reports here fail the run even if every case passed.
if ! reports=$(python3 "$top/tools/kunit-log-scan.py" "$out/test.log" \
		drm_hdcp intel_hdcp1 vkms_hdcp); then
	echo "$name: kernel reports in $out/test.log:" >&2
	echo "$reports" >&2
	failed=$((failed + 1))
fi

echo "$passed $failed" > "$res/$name.res"
echo "$name: $passed passed, $failed failed, ${skipped:-0} skipped (kunit.py exit $rc)"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
