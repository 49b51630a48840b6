#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# PID 1 of the guest that tools/e2e-guest.sh boots (UML, or x86_64 under
# QEMU when E2E_SHARE=9p). The root is the host's filesystem, read-only;
# E2E_RESULTS (from the kernel command line) is a host directory of the
# checkout E2E_TOP, mounted writable here (hostfs, or the 9p share
# "results"). Runs $E2E_RESULTS/run.sh, saves the kernel log (after a
# kmemleak scan) and powers off; UML exits with run.sh's exit status, which
# is also saved in $E2E_RESULTS/exitcode.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
res=${E2E_RESULTS:?}
top=${E2E_TOP:?}

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
# The host's /run and /tmp are read-only here and not ours anyway; a
# checkout under one of them is mounted back over the tmpfs.
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /tmp
if [ "${E2E_SHARE:-}" = 9p ]; then
	p9=trans=virtio,version=9p2000.L,msize=262144
	case $top in
	/tmp/* | /run/*) mkdir -p "$top" && mount -t 9p -o "ro,$p9" top "$top" ;;
	esac
	mount -t 9p -o "$p9" results "$res"
else
	case $top in
	/tmp/* | /run/*) mkdir -p "$top" && mount -t hostfs hostfs "$top" -o "$top" ;;
	esac
	mount -t hostfs hostfs "$res" -o "$res"
fi

# From here on the host shows the console.
echo "=== e2e guest: $(uname -r), up $(cut -d' ' -f1 /proc/uptime) s"

rc=0
if [ -w "$res" ] && [ -f "$res/run.sh" ]; then
	cd "$res" && bash ./run.sh
	rc=$?
else
	echo "e2e-init: $res is not writable or has no run.sh"
	rc=125
fi

echo "=== e2e guest: done, exit $rc"

# Leaks: two scans, since kmemleak reports an object once it has been
# unreferenced for a full scan and is old enough (5 s).
if [ -w /sys/kernel/debug/kmemleak ]; then
	echo scan > /sys/kernel/debug/kmemleak
	sleep 1
	echo scan > /sys/kernel/debug/kmemleak
	cat /sys/kernel/debug/kmemleak > "$res/kmemleak.txt"
else
	echo "kmemleak: no /sys/kernel/debug/kmemleak" > "$res/kmemleak.txt"
fi
dmesg > "$res/dmesg.txt"
# KCSAN's counters (x86_64 guest): proof that it watched.
[ -r /sys/kernel/debug/kcsan ] && cat /sys/kernel/debug/kcsan > "$res/kcsan.txt"
echo "$rc" > "$res/exitcode"
sync
[ -e /proc/exitcode ] && echo "$rc" > /proc/exitcode
# QEMU runs with -no-reboot: a reboot ends it.
if [ "${E2E_SHARE:-}" = 9p ]; then
	reboot -f --no-wtmp
	echo b > /proc/sysrq-trigger
fi
poweroff -f --no-wtmp
# If poweroff is not there, the kernel's own way.
echo o > /proc/sysrq-trigger
sleep 10
