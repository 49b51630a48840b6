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

start=$SECONDS
bash "$top/tools/e2e-guest.sh" -n test -t "${E2E_TIMEOUT:-480}" -- \
	"$bin/hdcp-e2e" test "$@"
rc=$?
case $rc in
124)	echo "FAIL e2e_guest (timed out, see build/e2e/test/console.raw)" ;;
125)	echo "FAIL e2e_guest (did not run the client, see build/e2e/test/console.raw)" ;;
3)	echo "FAIL guest_kernel_log (reports in build/e2e/test/dmesg.txt)" ;;
*)	if [ -s "$top/build/e2e/test/reports.txt" ]; then
		echo "FAIL guest_kernel_log (reports in build/e2e/test/dmesg.txt)"
	else
		echo "PASS guest_kernel_log (no WARNING, BUG, KASAN, lockdep or kmemleak report)"
	fi ;;
esac
echo "e2e: guest run $((SECONDS - start)) s"
exit $rc
