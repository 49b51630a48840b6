#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install, with apt-get, whatever the targets need and is not yet there.
set -euo pipefail

pkgs=(
	linux-source-6.12
	build-essential bc bison flex libelf-dev libssl-dev
	python3 python3-ply python3-git git xz-utils perl
	ccache sparse
	# make e2e/demo/bench: the libdrm client built on the host and run in
	# the UML guest, modetest (libdrm-tests), dmesg (util-linux), timeout.
	libdrm-dev libdrm-tests pkg-config util-linux coreutils
	# make kunit-smp/e2e-smp: the x86_64 SMP guest (TCG; qboot.rom).
	qemu-system-x86 qemu-system-data
)

missing=()
for p in "${pkgs[@]}"; do
	case "$p" in \#*) continue ;; esac
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	[ "$st" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages: ${missing[*]}" >&2
	echo "deps: run 'make deps' as root (after 'apt-get update')" >&2
	exit 1
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y --no-install-recommends "${missing[@]}"; then
	echo "deps: apt-get install failed; run 'apt-get update' once and retry" >&2
	exit 1
fi
