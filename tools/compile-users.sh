#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Compile, on x86_64 in build/x86 (kept between runs), every object that
# includes our headers, and our own files with W=1 and sparse (C=1).
# Each object is one check; writes build/results/users.res.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
out=$top/build/x86
res=$top/build/results
mkdir -p "$res" "$out"
. "$top/tools/ccache-env.sh"
mk=(make -C "$linux" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" -s)

# Configure once; reconfigure when the fragment changes.
frag=$top/tests/x86/users.config
if ! cmp -s "$frag" "$out/.users.config" 2>/dev/null; then
	"${mk[@]}" KCONFIG_ALLCONFIG="$frag" allnoconfig >/dev/null || exit 1
	cp "$frag" "$out/.users.config"
fi
miss=0
while read -r sym; do
	if ! grep -q "^${sym%%=*}=" "$out/.config"; then
		echo "compile-users: $sym did not stick in build/x86/.config" >&2
		miss=1
	fi
done < <(grep -E '^CONFIG_' "$frag")
[ $miss = 0 ] || exit 1
"${mk[@]}" prepare >/dev/null 2>&1 || "${mk[@]}" prepare || exit 1

passed=0 failed=0
build_obj() {	# <check name> <make args...>
	local name=$1 log
	shift
	if log=$("${mk[@]}" "$@" 2>&1) && ! grep -qE 'warning:|error:' <<<"$log"; then
		echo "PASS $name"
		passed=$((passed + 1))
	else
		echo "FAIL $name"
		sed 's/^/    /' <<<"$log" | head -n 40
		failed=$((failed + 1))
	fi
}

# Each make invocation costs seconds before it compiles anything (Makefile
# parsing, compiler probes), so a list of objects is built in one; only
# when that one reports a problem is the list built again object by object,
# to say which object has it.
build_objs() {	# <check prefix> <make flags, split on spaces (may be empty)> <objects...>
	local prefix=$1 flags=$2 log o
	shift 2
	if log=$("${mk[@]}" $flags "$@" 2>&1) && ! grep -qE 'warning:|error:' <<<"$log"; then
		for o in "$@"; do
			echo "PASS $prefix ${o#drivers/gpu/drm/}"
			passed=$((passed + 1))
		done
		return
	fi
	for o in "$@"; do
		rm -f "$out/$o"
		build_obj "$prefix ${o#drivers/gpu/drm/}" $flags "$o"
	done
}

# Users of <drm/display/drm_hdcp_helper.h> and <drm/display/drm_hdcp.h>.
amd=drivers/gpu/drm/amd/amdgpu/../display
users=(
	$amd/amdgpu_dm/amdgpu_dm.o
	$amd/amdgpu_dm/amdgpu_dm_hdcp.o
	$amd/modules/hdcp/hdcp.o
	$amd/modules/hdcp/hdcp1_execution.o
	$amd/modules/hdcp/hdcp1_transition.o
	$amd/modules/hdcp/hdcp2_execution.o
	$amd/modules/hdcp/hdcp2_transition.o
	$amd/modules/hdcp/hdcp_ddc.o
	$amd/modules/hdcp/hdcp_log.o
	$amd/modules/hdcp/hdcp_psp.o
	drivers/gpu/drm/bridge/cadence/cdns-mhdp8546-core.o
	drivers/gpu/drm/bridge/cadence/cdns-mhdp8546-hdcp.o
	drivers/gpu/drm/bridge/analogix/anx7625.o
	drivers/gpu/drm/bridge/ite-it6505.o
	drivers/gpu/drm/i915/display/intel_hdcp.o
	drivers/gpu/drm/i915/display/intel_hdcp1.o
	drivers/gpu/drm/i915/display/intel_hdcp1_hw.o
	drivers/gpu/drm/i915/display/intel_dp_hdcp.o
	drivers/gpu/drm/i915/display/intel_hdmi.o
	drivers/gpu/drm/i915/display/intel_hotplug.o
	drivers/gpu/drm/i915/display/intel_gmbus.o
	drivers/gpu/drm/i915/display/intel_display.o
	drivers/gpu/drm/i915/display/intel_dp_mst.o
	drivers/gpu/drm/xe/i915-display/intel_hdcp.o
	drivers/gpu/drm/xe/i915-display/intel_hdcp1.o
	drivers/gpu/drm/xe/i915-display/intel_hdcp1_hw.o
	drivers/gpu/drm/xe/i915-display/intel_dp_hdcp.o
	drivers/gpu/drm/xe/i915-display/intel_hdmi.o
	drivers/gpu/drm/xe/i915-display/intel_hotplug.o
	drivers/gpu/drm/xe/i915-display/intel_display.o
	drivers/gpu/drm/xe/i915-display/intel_dp_mst.o
	drivers/gpu/drm/drm_atomic_uapi.o
	drivers/gpu/drm/drm_sysfs.o
	drivers/gpu/drm/drm_mode_object.o)
build_objs compile-x86 "" "${users[@]}"

# Every C file we own: W=1 and sparse, no warning at all. A suite that its
# file under test includes is compiled, and checked, as part of that file.
ours=()
for c in $(cd "$top/kernel" && find . -name '*.c' | sed 's|^\./||' | sort); do
	case "$c" in
	*/tests/*.c)
		grep -qF "#include \"tests/${c##*/}\"" \
			"$top/kernel/$(dirname "$(dirname "$c")")"/*.c 2>/dev/null && continue ;;
	esac
	ours+=("${c%.c}.o")
	rm -f "$out/${c%.c}.o"
done
build_objs w1-sparse "W=1 C=1" "${ours[@]}"

echo "$passed $failed" > "$res/users.res"
[ "$failed" -eq 0 ]
