#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench: the KUnit benchmark of the engine under UML, then the end to
# end measurements from userspace in one boot of the same kernel, each a
# ratio with its absolute figures.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/build/e2e/bin
mkdir -p "$top/build/results"

KUNIT_BENCH=1 bash "$top/tools/kunit.sh" 'drm_hdcp[12]_bench' > "$top/build/results/bench.out" 2>&1
rc=$?
echo "HDCP 1.4 engine (KUnit, UML): Desired -> Enabled of a prompt receiver on the real workqueue;"
echo "then on emulated time: HDMI link failure detection and spurious drops, a 127-device repeater;"
echo "then HDCP 2.2 (KUnit, UML, real workqueue): Desired -> Enabled of a paired receiver against the"
echo "floor of the specification's waits and the emulated sink's delays, the software backend's"
echo "crypto time per authentication, the locality check's round trip against its 20 ms:"
grep -o 'bench: .*' "$top/build/kunit/test.log" | sed 's/^bench: /  /'
[ $rc -eq 0 ] || { tail -n 20 "$top/build/results/bench.out"; exit $rc; }

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "End to end, from userspace (libdrm) in the UML guest: HDMI sink in one boot, DP sink in a second; machine: $(nproc) x" \
     "$cpu, $(free -g | awk '/^Mem:/ { print $2 }') GB, host kernel $(uname -r):"
bash "$top/tools/guest-kernel.sh" || exit 1
make -s -C "$top/tests/e2e" O="$bin" || exit 1
# Everything on the HDMI sink in one boot; the CP_IRQ figures need the DP
# sink, which VKMS takes at boot: a second, short boot.
status=0
for transport in hdmi dp; do
	bash "$top/tools/e2e-guest.sh" -q -n "bench-$transport" -t 900 \
		-k vkms.hdcp_transport=$transport -- "$bin/hdcp-e2e" bench
	rc=$?
	sed 's/^/  /' "$top/build/e2e/bench-$transport/console.log"
	if [ $rc -ne 0 ]; then
		echo "bench: the $transport guest run failed (exit $rc); see build/e2e/bench-$transport/"
		status=1
	fi
done

# The same figure on the SMP guest (x86_64 under QEMU TCG, 4 vCPUs, KCSAN):
# beside the UML one above, what instrumentation and emulation cost.
echo "End to end on the SMP guest (tools/e2e-guest.sh -s), HDMI sink, Desired -> Enabled only:"
if bash "$top/tools/guest-kernel.sh" --smp; then
	E2E_BENCH_ENABLE_ONLY=1 bash "$top/tools/e2e-guest.sh" -s -q -n bench-smp -t 900 \
		-k vkms.hdcp_transport=hdmi -k E2E_BENCH_ENABLE_ONLY=1 -- "$bin/hdcp-e2e" bench
	rc=$?
	sed 's/^/  /' "$top/build/e2e/bench-smp/console.log"
	if [ $rc -ne 0 ]; then
		echo "bench: the SMP guest run failed (exit $rc); see build/e2e/bench-smp/"
		status=1
	fi
else
	status=1
fi
exit $status
