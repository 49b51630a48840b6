#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build (or bring up to date) the UML kernel that `make kunit` runs, which
# is also the e2e guest: same kunitconfig, same build directory, through
# ccache. After `make kunit` this is a no-op of a few seconds.
#
# With --smp: the x86_64 kernel of `tools/kunit.sh --smp` and of the SMP
# e2e guest, in build/kunit-smp. x86_64's defaults would build networking,
# USB, HID and more that no test needs, so it is configured on top of
# allnoconfig: kunit.py keeps a .config that has every line of the
# kunitconfig as long as the kunitconfig it last used is the same.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
. "$top/tools/ccache-env.sh"
mkdir -p "$CCACHE_DIR" "$top/build/results"

kargs=(--kunitconfig="$top/tests/kunit/hdcp.kunitconfig" --build_dir="$top/build/kunit")
mopts=("CC=ccache gcc")
log=$top/build/results/guest-kernel.out
if [ "${1:-}" = --smp ]; then
	out=$top/build/kunit-smp
	kunitconfig=$top/tests/kunit/hdcp-smp.kunitconfig
	kargs=(--kunitconfig="$kunitconfig" --build_dir="$out" --arch=x86_64)
	log=$top/build/results/guest-kernel-smp.out
	# KCSAN instruments DRM only (drivers/gpu/drm and below, where the
	# engine, its drivers and their DRM callers are): the races to find
	# are there, and instrumenting the whole kernel made its build about
	# twice as long and every run under TCG slower. A command-line value
	# wins over each directory's own, and make expands it per directory
	# ($(obj)); a file that a DRM Makefile marks uninstrumented stays so.
	mopts+=('KCSAN_SANITIZE=$(if $(filter drivers/gpu/drm/%,$(obj)/),y,n)')
	stamp=$out/.allnoconfig-of
	if ! cmp -s "$kunitconfig" "$stamp" || [ ! -f "$out/.config" ]; then
		mkdir -p "$out"
		rm -f "$out/.config" "$stamp"
		(cd "$linux" && python3 tools/testing/kunit/kunit.py config "${kargs[@]}") \
			> /dev/null || exit 1
		make -C "$linux" O="$out" ARCH=x86_64 -s \
			KCONFIG_ALLCONFIG="$out/last_used_kunitconfig" allnoconfig || exit 1
		miss=$(grep -E '^CONFIG_' "$out/last_used_kunitconfig" | grep -vxFf "$out/.config")
		if [ -n "$miss" ]; then
			echo "guest-kernel: not set by allnoconfig: $miss" >&2
			exit 1
		fi
		cp "$kunitconfig" "$stamp"
	fi
fi
if ! (cd "$linux" &&
      python3 tools/testing/kunit/kunit.py build "${kargs[@]}" --jobs="$(nproc)" \
	"${mopts[@]/#/--make_options=}") > "$log" 2>&1; then
	tail -n 30 "$log" >&2
	echo "guest-kernel: build failed (log: $log)" >&2
	exit 1
fi
