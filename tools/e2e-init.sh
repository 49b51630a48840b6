#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# PID 1 of the UML guest that tools/e2e-guest.sh boots. The root is the
# host's filesystem, read-only; E2E_RESULTS (from the kernel command line)
# is a host directory of the checkout E2E_TOP, mounted writable here. Runs
# $E2E_RESULTS/run.sh, saves the kernel log (after a kmemleak scan) and
# powers off with the exit status of run.sh as the UML process's exit
# status.
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
case $top in
/tmp/* | /run/*) mkdir -p "$top" && mount -t hostfs hostfs "$top" -o "$top" ;;
esac
mount -t hostfs hostfs "$res" -o "$res"

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
echo "$rc" > "$res/exitcode"
sync
echo "$rc" > /proc/exitcode
poweroff -f --no-wtmp
# If poweroff is not there, the kernel's own way.
echo o > /proc/sysrq-trigger
sleep 10
