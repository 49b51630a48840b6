#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run every test and check, keep going past failures, and end with one
# line "N passed, N failed" over all KUnit cases and checks.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
res=$top/build/results
mkdir -p "$res"
rm -f "$res"/*.res "$res"/*.log

passed=0 failed=0 times=()
step() {	# <name> <command...>: counts its PASS/FAIL lines
	local name=$1 rc p f t0=$SECONDS
	shift
	echo "== $name"
	"$@" 2>&1 | tee "$res/$name.log"
	rc=${PIPESTATUS[0]}
	times+=("$name $((SECONDS - t0)) s")
	p=$(grep -c '^PASS ' "$res/$name.log")
	f=$(grep -c '^FAIL ' "$res/$name.log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $name (exit $rc)" | tee -a "$res/$name.log"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

step abi-check python3 "$top/tools/abi-check.py"
step upstream-overlap python3 "$top/tools/upstream-overlap.py"
step kernel-doc bash "$top/tools/kerneldoc-check.sh"
step patches env EXPORT_FOR_CHECK=1 bash "$top/tools/export-series.sh"
step linkage bash "$top/tools/linkage-check.sh"
step compile-users bash "$top/tools/compile-users.sh"
step build-nokunit bash "$top/tools/build-nokunit.sh"

kunit_step() {	# <name> [--smp]: counts the cases of its .res file
	local name=$1 kp kf t0=$SECONDS
	shift
	echo "== $name"
	bash "$top/tools/kunit.sh" "$@"
	times+=("$name $((SECONDS - t0)) s")
	if [ -s "$res/$name.res" ]; then
		read -r kp kf < "$res/$name.res"
	else
		kp=0 kf=1
	fi
	passed=$((passed + kp))
	failed=$((failed + kf))
}

kunit_step kunit

# Boots the kernel that kunit just built; one PASS/FAIL line per case.
step e2e bash "$top/tools/e2e.sh"

# The same suites on x86_64 with 4 vCPUs under QEMU, KCSAN and lockdep,
# then the userspace cases and the threaded stress on that kernel.
kunit_step kunit-smp --smp
step e2e-smp bash "$top/tools/e2e.sh" --smp

# Needs the configurations that kunit and compile-users leave behind.
step series-build bash "$top/tools/series-build-check.sh"

echo
echo "time per step: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g'), all $SECONDS s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
