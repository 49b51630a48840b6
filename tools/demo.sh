#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: build what is missing (the UML kernel that `make kunit` also
# runs, and the libdrm client), boot the patched kernel and narrate, step
# by step, what userspace sets and what the kernel answers, with timings.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/build/e2e/bin

t0=$SECONDS
if [ -x "$top/build/kunit/linux" ]; then
	echo "demo: bringing the kernel up to date (UML build of make kunit, via ccache)"
else
	echo "demo: building the kernel (UML, the build make kunit uses; cold: about 7 minutes" \
	     "on 2 cores, through ccache)"
fi
bash "$top/tools/guest-kernel.sh" || exit 1
make -s -C "$top/tests/e2e" O="$bin" || exit 1
echo "demo: built in $((SECONDS - t0)) s; booting it under UML with VKMS and its" \
     "emulated HDCP 1.4 link (root = this machine's filesystem, read-only)"
t1=$SECONDS
bash "$top/tools/e2e-guest.sh" -n demo -t 300 -k vkms.hdcp_transport=hdmi -- \
	"$bin/hdcp-e2e" demo
rc=$?
case $rc in
0)	echo "demo: guest run $((SECONDS - t1)) s, $((SECONDS - t0)) s in all; its kernel" \
	     "log (build/e2e/demo/dmesg.txt) has no WARNING, BUG, KASAN, lockdep or kmemleak" \
	     "report" ;;
124)	echo "demo: the guest did not finish in time" ;;
*)	echo "demo: failed (exit $rc); see build/e2e/demo/" ;;
esac
exit $rc
