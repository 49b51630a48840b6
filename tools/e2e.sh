#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make e2e: boot the patched kernel (the KUnit UML build) and run the
# libdrm conformance client against VKMS's emulated HDCP link. Prints one
# PASS/FAIL line per case, then one for the guest's kernel log.
#   tools/e2e.sh [case-glob...]
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/build/e2e/bin

if ! bash "$top/tools/guest-kernel.sh"; then
	echo "FAIL e2e_guest_kernel_build"
	exit 1
fi
if ! make -s -C "$top/tests/e2e" O="$bin"; then
	echo "FAIL e2e_client_build"
	exit 1
fi

# One boot per register map of the emulated sink: HDMI (DDC, Ri' link
# checks), then DisplayPort (DPCD, CP_IRQ).
start=$SECONDS status=0
for transport in hdmi dp; do
	run=test-$transport
	bash "$top/tools/e2e-guest.sh" -n "$run" -t "${E2E_TIMEOUT:-420}" \
		-k vkms.hdcp_transport=$transport -- "$bin/hdcp-e2e" test "$@"
	rc=$?
	case $rc in
	124)	echo "FAIL e2e_guest.$transport (timed out, see build/e2e/$run/console.raw)" ;;
	125)	echo "FAIL e2e_guest.$transport (did not run the client, see build/e2e/$run/)" ;;
	*)	if [ -s "$top/build/e2e/$run/reports.txt" ]; then
			echo "FAIL guest_kernel_log.$transport (reports in build/e2e/$run/dmesg.txt)"
		else
			echo "PASS guest_kernel_log.$transport (no WARNING, BUG, KASAN, lockdep or" \
			     "kmemleak report)"
		fi ;;
	esac
	[ "$rc" -eq 0 ] || status=1
done
echo "e2e: guest runs $((SECONDS - start)) s"
exit $status
