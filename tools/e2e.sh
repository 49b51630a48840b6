#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make e2e: boot the patched kernel (the KUnit UML build) and run the
# libdrm conformance client against VKMS's emulated HDCP link. Prints one
# PASS/FAIL line per case, then one for the guest's kernel log.
#   tools/e2e.sh [case-glob...]
#   tools/e2e.sh --smp [case-glob...]
# --smp boots the x86_64 KUnit kernel (KCSAN, lockdep) under QEMU with 4
# vCPUs instead, and runs the multi-threaded stress (hdcp-e2e stress) after
# the cases; its lines are named smp.*.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/build/e2e/bin

smp=0
if [ "${1:-}" = --smp ]; then
	smp=1
	shift
fi
if ! bash "$top/tools/guest-kernel.sh" $([ $smp = 1 ] && echo --smp); then
	echo "FAIL e2e_guest_kernel_build"
	exit 1
fi
if ! make -s -C "$top/tests/e2e" O="$bin"; then
	echo "FAIL e2e_client_build"
	exit 1
fi

start=$SECONDS status=0
# UML only: the guest's processes keep their vector registers while UML
# switches between them (on AMX hosts, through patch 25).
if [ $smp = 0 ]; then
	if bash "$top/tools/e2e-guest.sh" -q -n fp-state -t 120 -- "$bin/fp-state"; then
		echo "PASS uml_guest_keeps_vector_registers ($(tail -n 1 "$top/build/e2e/fp-state/console.log"))"
	else
		echo "FAIL uml_guest_keeps_vector_registers (see build/e2e/fp-state/)"
		status=1
	fi
fi

# One boot per register map of the emulated sink: HDMI (DDC, Ri' link
# checks), then DisplayPort (DPCD, CP_IRQ); each with HDCP 1.4 alone, then
# with HDCP 2.2 in front of it (vkms.enable_hdcp2=1, names end in -hdcp2).
for boot in hdmi dp hdmi-hdcp2 dp-hdcp2; do
	transport=${boot%-hdcp2}
	hdcp2=0
	[ "$boot" != "$transport" ] && hdcp2=1
	if [ $smp = 1 ]; then
		run=smp-$boot tag=smp.
		# The cases, then the stress; the exit status is the worse. A
		# stress still running after 5 minutes is stuck: the kernel log
		# gets the blocked tasks (sysrq w) before it is killed.
		cmd=(bash -c '"$0" test "$@"; a=$?
			      "$0" stress "${E2E_STRESS_OPS:-2000}" & pid=$!
			      for i in $(seq 300); do kill -0 $pid 2>/dev/null || break; sleep 1; done
			      if kill -0 $pid 2>/dev/null; then
				      echo "FAIL stress_finished (stuck; blocked tasks in dmesg.txt)"
				      echo w > /proc/sysrq-trigger; sleep 2; kill -9 $pid; b=1
			      else
				      wait $pid; b=$?
			      fi
			      exit $((a > b ? a : b))' "$bin/hdcp-e2e" "$@")
		# 9p, the guest's root, has no resume: test suspends stop at the
		# freezer there (UML and KUnit suspend the devices).
		guest=(-s -t "${E2E_SMP_TIMEOUT:-600}" -k E2E_PM_TEST=freezer)
	else
		run=test-$boot tag=
		cmd=("$bin/hdcp-e2e" test "$@")
		guest=(-t "${E2E_TIMEOUT:-420}")
	fi
	bash "$top/tools/e2e-guest.sh" "${guest[@]}" -n "$run" \
		-k vkms.hdcp_transport=$transport -k vkms.enable_hdcp2=$hdcp2 -- "${cmd[@]}" |
		sed -u -E "s/^(PASS|FAIL) /\1 $tag/"
	rc=${PIPESTATUS[0]}
	case $rc in
	124)	echo "FAIL ${tag}e2e_guest.$boot (timed out, see build/e2e/$run/console.raw)" ;;
	125)	echo "FAIL ${tag}e2e_guest.$boot (did not run the client, see build/e2e/$run/)" ;;
	*)	if [ -s "$top/build/e2e/$run/reports.txt" ]; then
			echo "FAIL ${tag}guest_kernel_log.$boot (reports in build/e2e/$run/dmesg.txt)"
		else
			watched=
			kc=$top/build/e2e/$run/kcsan.txt
			[ -s "$kc" ] &&
				watched="; KCSAN: $(awk '/setup_watchpoints/ { print $2 }' "$kc")"
			[ -s "$kc" ] && watched+=" watchpoints, $(awk '/data_races/ { print $2 }' "$kc") races in all"
			echo "PASS ${tag}guest_kernel_log.$boot (no WARNING, BUG, KASAN, KCSAN," \
			     "lockdep or kmemleak report$watched)"
		fi ;;
	esac
	[ "$rc" -eq 0 ] || status=1
done
echo "e2e: guest runs $((SECONDS - start)) s"
exit $status
