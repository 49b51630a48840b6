#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run every test and check, keep going past failures, and end with one
# line "N passed, N failed" over all KUnit cases and checks.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
res=$top/build/results
mkdir -p "$res"
rm -f "$res"/*.res "$res"/*.log "$res"/*.bg

passed=0 failed=0 times=()
tally() {	# <name> <exit status> <time>: counts the PASS/FAIL lines of its log
	local name=$1 rc=$2 p f
	times+=("$name $3")
	p=$(grep -c '^PASS ' "$res/$name.log")
	f=$(grep -c '^FAIL ' "$res/$name.log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "FAIL $name (exit $rc)" | tee -a "$res/$name.log"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
}

step() {	# <name> <command...>
	local name=$1 t0=$SECONDS
	shift
	echo "== $name"
	"$@" 2>&1 | tee "$res/$name.log"
	tally "$name" "${PIPESTATUS[0]}" "$((SECONDS - t0)) s"
}

# A step that leaves a core idle (checkpatch, the UML guest, which waits on
# its timers most of the time) runs beside the builds: started with
# bg_step, printed and counted by join_step once it is done.
declare -A bg_pids=()
bg_step() {	# <name> <command...>
	local name=$1
	shift
	( t0=$SECONDS
	  "$@" > "$res/$name.log" 2>&1
	  echo "$? $((SECONDS - t0))" > "$res/$name.bg" ) &
	bg_pids[$name]=$!
}

join_step() {	# <name>
	local name=$1 rc t
	wait "${bg_pids[$name]}"
	echo "== $name (ran beside the steps above)"
	cat "$res/$name.log"
	read -r rc t < "$res/$name.bg" 2>/dev/null || rc=1 t=0
	tally "$name" "$rc" "$t s (beside)"
}

step abi-check python3 "$top/tools/abi-check.py"
step upstream-overlap python3 "$top/tools/upstream-overlap.py"
step log-scan python3 "$top/tools/log-scan-selftest.py"
step kernel-doc bash "$top/tools/kerneldoc-check.sh"
bg_step patches env EXPORT_FOR_CHECK=1 bash "$top/tools/export-series.sh"
step linkage bash "$top/tools/linkage-check.sh"

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
join_step patches

# Boots the kernel that kunit just built; one PASS/FAIL line per case.
bg_step e2e bash "$top/tools/e2e.sh"
step compile-users bash "$top/tools/compile-users.sh"
# Needs the configurations that kunit and compile-users leave behind; its
# many small makes leave a core idle, which the module build beside it
# fills. Joined before the QEMU runs, whose guests watch for stalls.
bg_step series-build bash "$top/tools/series-build-check.sh"
step build-nokunit bash "$top/tools/build-nokunit.sh"
join_step e2e
join_step series-build

# The same suites on x86_64 with 4 vCPUs under QEMU, KCSAN and lockdep,
# then the userspace cases and the threaded stress on that kernel.
kunit_step kunit-smp --smp
step e2e-smp bash "$top/tools/e2e.sh" --smp

echo
echo "time per step: $(IFS=,; echo "${times[*]}" | sed 's/,/, /g'), all $SECONDS s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
