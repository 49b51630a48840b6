#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Boot the KUnit UML kernel (build/kunit/linux) as a guest whose root is the
# host's filesystem, read-only, and run one command in it as root. With -s,
# boot the x86_64 SMP KUnit kernel (build/kunit-smp, KCSAN and lockdep)
# under QEMU with 4 vCPUs instead, the root shared over virtio 9p.
#
#   tools/e2e-guest.sh [-s] [-n NAME] [-t SECONDS] [-k KERNEL-ARG]... [-q] -- COMMAND [ARG...]
#
# COMMAND runs in build/e2e/NAME/ (writable in the guest), with
# E2E_FIRMWARE_DIR=build/e2e/NAME/firmware, the kernel's firmware search
# path (firmware_class.path). -k adds a kernel parameter (for instance
# vkms.hdcp_transport=dp). Its output is
# shown as it comes (-q: only saved, in console.log). Afterwards the guest's
# kernel log (dmesg.txt, after a kmemleak scan: kmemleak.txt) is scanned for
# WARNING, BUG, KASAN, KCSAN, lockdep and kmemleak reports.
#
# Exit status: COMMAND's; 124 if the guest did not power off within
# SECONDS (default 600; it is killed); 125 if the guest could not run it;
# 3 if COMMAND succeeded but the kernel log has a report.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
name=run timeout=600 quiet=0 kargs=() smp=0
while [ $# -gt 0 ]; do
	case $1 in
	-s) smp=1; shift ;;
	-n) name=$2; shift 2 ;;
	-t) timeout=$2; shift 2 ;;
	-k) kargs+=("$2"); shift 2 ;;
	-q) quiet=1; shift ;;
	--) shift; break ;;
	*) echo "usage: $0 [-s] [-n NAME] [-t SECONDS] [-k ARG]... [-q] -- COMMAND [ARG...]" >&2
	   exit 2 ;;
	esac
done
[ $# -gt 0 ] || { echo "$0: no command" >&2; exit 2; }

kernel=$top/build/kunit/linux
[ $smp = 1 ] && kernel=$top/build/kunit-smp/arch/x86/boot/bzImage
if [ ! -f "$kernel" ]; then
	echo "e2e-guest: no $kernel; build it with 'make kunit' or tools/e2e.sh" >&2
	exit 125
fi

case $top in
*[[:space:]]*) echo "e2e-guest: $top: the kernel command line takes no spaces" >&2; exit 125 ;;
esac
res=$top/build/e2e/$name
umldir=$top/build/uml
umid=e2e-$name
rm -rf "$res" "${umldir:?}/$umid"
mkdir -p "$res/firmware" "$umldir"

{
	echo "export E2E_FIRMWARE_DIR=$(printf %q "$res/firmware")"
	printf 'exec'
	printf ' %q' "$@"
	echo
} > "$res/run.sh"

# One kernel for KUnit and for this guest: kunit.enable=0 keeps the suites
# from running; VKMS is built in and comes up with its HDCP emulation.
args=(
	init="$top/tools/e2e-init.sh"
	kunit.enable=0 vkms.enable_hdcp=1
	firmware_class.path="$res/firmware"
	# The SMP guest's console also gets errors: a deadlock there leaves
	# no dmesg.txt, only the RCU stall and hung task reports on it.
	loglevel=$([ $smp = 1 ] && echo 4 || echo 1)
	"${kargs[@]}"
	E2E_RESULTS="$res" E2E_TOP="$top"
)
if [ $smp = 1 ]; then
	# Shares: the host's root read-only, this run's results writable and,
	# for a checkout under /tmp or /run (tmpfs in the guest), the checkout.
	share() {	# <tag> <host path> [readonly]
		cmd+=(-fsdev "local,id=$1,path=$2,security_model=none,multidevs=remap${3:+,readonly=on}"
		      -device "virtio-9p-pci,fsdev=$1,mount_tag=$1")
	}
	cmd=(qemu-system-x86_64 -nodefaults -nographic -no-reboot -serial stdio
	     -bios qboot.rom -m "${E2E_MEM:-2048}" -smp "${SMP_CPUS:-4}"
	     -accel tcg,thread=multi -kernel "$kernel")
	share root / ro
	share results "$res"
	case $top in /tmp/* | /run/*) share top "$top" ro ;; esac
	cmd+=(-append "console=ttyS0 root=root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=262144 ro ${args[*]} E2E_SHARE=9p")
else
	cmd=("$kernel" mem="${E2E_MEM:-512M}"
	     root=/dev/root rootfstype=hostfs rootflags=/ ro
	     uml_dir="$umldir" umid="$umid" "${args[@]}")
fi

# The guest in its own process group, so that a timeout ends all of it.
# The console file exists before the guest starts, for the tail below.
: > "$res/console.raw"
setsid "${cmd[@]}" < /dev/null > "$res/console.raw" 2>&1 &
guest=$!
cleanup() {
	kill -KILL -- "-$guest" 2>/dev/null
}
trap 'cleanup; exit 130' INT TERM

# Show what the command prints, between the init's two markers (UML's
# start-up chatter comes before, the power-off after).
show() {
	tr -d '\r' | awk '/^=== e2e guest: done/ { exit } /^=== e2e guest/ { on = 1 }
			  on { print; fflush() }'
}
if [ "$quiet" = 0 ]; then
	tail -n +1 -f --pid="$guest" "$res/console.raw" 2>/dev/null | show &
	shower=$!
fi

start=$SECONDS timed_out=0
while kill -0 "$guest" 2>/dev/null; do
	if [ $((SECONDS - start)) -ge "$timeout" ]; then
		timed_out=1
		cleanup
		break
	fi
	sleep 1
done
{ wait "$guest"; } 2>/dev/null
rc=$?
[ "$quiet" = 0 ] && wait "$shower"
show < "$res/console.raw" > "$res/console.log"
rm -rf "${umldir:?}/$umid"

if [ "$timed_out" = 1 ]; then
	echo "e2e-guest: the guest did not finish within $timeout s; killed" \
	     "(console: $res/console.raw)" >&2
	exit 124
fi
if [ ! -s "$res/exitcode" ]; then
	echo "e2e-guest: the guest stopped without finishing (exit $rc);" \
	     "console: $res/console.raw" >&2
	tail -n 20 "$res/console.raw" | tr -d '\r' >&2
	exit 125
fi
if ! python3 "$top/tools/guest-log-scan.py" "$res/dmesg.txt" "$res/kmemleak.txt" \
		> "$res/reports.txt"; then
	echo "e2e-guest: kernel reports in the guest's log ($res/dmesg.txt):" >&2
	cat "$res/reports.txt" >&2
	[ "$rc" -eq 0 ] && rc=3
fi
exit "$rc"
