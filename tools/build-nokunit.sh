#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the DRM modules (drm_display_helper, vkms, i915, xe) for x86_64 with
# KUnit off, in build/x86-nokunit (kept between runs), through modpost:
# the code must compile and link without the KUnit-only hooks.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
out=$top/build/x86-nokunit
mkdir -p "$out"
. "$top/tools/ccache-env.sh"
mk=(make -C "$linux" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" -s)

frag=$top/tests/x86/nokunit.config
if ! cmp -s "$frag" "$out/.nokunit.config" 2>/dev/null; then
	"${mk[@]}" KCONFIG_ALLCONFIG="$frag" allnoconfig >/dev/null || exit 1
	cp "$frag" "$out/.nokunit.config"
fi
if grep -q '^CONFIG_KUNIT=y' "$out/.config"; then
	echo "FAIL build-nokunit: KUnit is enabled in build/x86-nokunit"
	exit 1
fi
for sym in CONFIG_DRM_VKMS=m CONFIG_DRM_VKMS_HDCP=y CONFIG_DRM_I915=m \
	   CONFIG_DRM_XE=m CONFIG_DRM_XE_DISPLAY=y \
	   CONFIG_DRM_DISPLAY_HDCP_HELPER=y CONFIG_DRM_DISPLAY_HDCP1_HELPER=y \
	   CONFIG_DRM_DISPLAY_HDCP1_CIPHER=y; do
	if ! grep -q "^$sym" "$out/.config"; then
		echo "FAIL build-nokunit: $sym did not stick"
		exit 1
	fi
done

# Without vmlinux, modpost cannot resolve core symbols: let it warn, then
# check ourselves that every drm_/vkms_ symbol a module needs is
# defined by one of the DRM modules.
log=$("${mk[@]}" KBUILD_MODPOST_WARN=1 modules 2>&1)
rc=$?
problems=$(grep -E 'error:' <<<"$log")
ours=$(grep -E 'warning:' <<<"$log" | grep -E 'drm_hdcp|vkms_hdcp|vkms_drv|vkms_output|drm_atomic_uapi|drm_sysfs|drm_mode_object')
mods=$(find "$out/drivers/gpu/drm" -name '*.ko')
defined=$(for m in $mods; do nm --defined-only "$m" | awk '$2 ~ /[TDRB]/ {print $3}'; done | sort -u)
missing=$(for m in $mods; do nm -u "$m" | awk '{print $2}'; done | sort -u |
	  grep -E '^(drm_|vkms_|__drm)' | comm -23 - <(echo "$defined"))
if [ $rc -eq 0 ] && [ -z "$problems" ] && [ -z "$ours" ] && [ -z "$missing" ] &&
   [ -n "$mods" ]; then
	echo "PASS build-nokunit ($(echo "$mods" | wc -l) DRM modules, no unresolved DRM symbol)"
else
	echo "FAIL build-nokunit"
	{ echo "$problems"; echo "$ours"; echo "unresolved: $missing"; } | sed 's/^/    /'
	[ $rc -eq 0 ] || tail -n 20 <<<"$log" | sed 's/^/    /'
	exit 1
fi
