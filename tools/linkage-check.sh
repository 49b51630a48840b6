#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Drivers that only use the Content Protection property and the SRM helper
# (amdgpu, the bridges) must not pull in the HDCP 1.4 engine or the
# software cipher: configure x86_64 with only those drivers, in
# build/x86-helpers (kept between runs), build the display helper
# directory and look at what drm_display_helper is made of.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
out=$top/build/x86-helpers
mkdir -p "$out"
. "$top/tools/ccache-env.sh"
mk=(make -C "$linux" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" -s)

frag=$top/tests/x86/helpers-only.config
if ! cmp -s "$frag" "$out/.helpers.config" 2>/dev/null; then
	"${mk[@]}" KCONFIG_ALLCONFIG="$frag" allnoconfig >/dev/null || exit 1
	cp "$frag" "$out/.helpers.config"
fi
"${mk[@]}" olddefconfig >/dev/null || exit 1

ok=1
for sym in CONFIG_DRM_AMDGPU=m CONFIG_DRM_CDNS_MHDP8546=m CONFIG_DRM_DISPLAY_HDCP_HELPER=y; do
	grep -q "^$sym" "$out/.config" || { echo "    $sym did not stick"; ok=0; }
done
for sym in CONFIG_DRM_DISPLAY_HDCP1_HELPER CONFIG_DRM_DISPLAY_HDCP1_CIPHER CONFIG_DRM_DISPLAY_HDCP1_EMUL; do
	grep -q "^$sym=" "$out/.config" && { echo "    $sym is set"; ok=0; }
done
if log=$("${mk[@]}" drivers/gpu/drm/display/ 2>&1); then
	obj=$out/drivers/gpu/drm/display/drm_display_helper.o
	defined=$(nm --defined-only -g "$obj" 2>/dev/null | awk '{print $3}')
	syms=$(grep -E '^drm_hdcp1_' <<<"$defined" | head -n 5)
	[ -f "$obj" ] || { echo "    $obj not built"; ok=0; }
	[ -z "$syms" ] || { echo "    drm_display_helper defines:"; sed 's/^/      /' <<<"$syms"; ok=0; }
	grep -qx 'drm_hdcp_check_ksvs_revoked' <<<"$defined" ||
		{ echo "    the SRM helper is missing"; ok=0; }
else
	echo "    build failed:"; tail -n 20 <<<"$log" | sed 's/^/      /'; ok=0
fi
# VKMS without CONFIG_DRM_VKMS_HDCP needs nothing of the display helpers.
grep -q '^CONFIG_DRM_VKMS_HDCP=y' "$out/.config" && { echo "    CONFIG_DRM_VKMS_HDCP is set"; ok=0; }
if log=$("${mk[@]}" drivers/gpu/drm/vkms/ 2>&1); then
	needs=$(nm -u "$out/drivers/gpu/drm/vkms/vkms.o" 2>/dev/null |
		awk '{print $2}' | grep -E '^(drm_hdcp|drm_dp_|sha1)' | head -n 5)
	[ -f "$out/drivers/gpu/drm/vkms/vkms.o" ] || { echo "    vkms.o not built"; ok=0; }
	[ -z "$needs" ] || { echo "    vkms needs:"; sed 's/^/      /' <<<"$needs"; ok=0; }
else
	echo "    vkms build failed:"; tail -n 20 <<<"$log" | sed 's/^/      /'; ok=0
fi
if [ $ok = 1 ]; then
	echo "PASS helpers-only-users-link-no-engine"
else
	echo "FAIL helpers-only-users-link-no-engine"
	exit 1
fi
