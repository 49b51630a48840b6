#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every patch of the series builds on its own: check out each commit of
# pristine..series in a worktree of build/linux (build/series-wt, kept
# between runs) and compile the C files that commit touches, with the
# UML KUnit configuration (build/kunit/.config) or, for x86-only drivers,
# the x86_64 users configuration (build/x86/.config). Run after
# `make kunit` and tools/compile-users.sh, which write those configs.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
wt=$top/build/series-wt
. "$top/tools/ccache-env.sh"

for cfg in "$top/build/kunit/.config" "$top/build/x86/.config"; do
	if [ ! -f "$cfg" ]; then
		echo "FAIL series-build: $cfg missing (run make kunit and make compile-users first)"
		exit 1
	fi
done

if [ ! -e "$wt/.git" ]; then
	rm -rf "$wt"
	git -C "$linux" worktree prune
	git -C "$linux" worktree add -q --detach "$wt" pristine || exit 1
fi

# An object per C file, in the build dir of the architecture that has it.
# i915's tests built as a module of their own under UML until they were
# linked into i915.
arch_of() {
	case "$1" in
	drivers/gpu/drm/i915/display/tests/*)
		if [ -f "$wt/drivers/gpu/drm/i915/display/tests/Makefile" ]; then
			echo um
		else
			echo x86
		fi ;;
	drivers/gpu/drm/i915/* | drivers/gpu/drm/xe/* | drivers/gpu/drm/amd/*) echo x86 ;;
	*) echo um ;;
	esac
}

build() {	# <arch> <objects...>
	local arch=$1 out cfg
	if [ "$arch" = um ]; then
		out=$top/build/series-um cfg=$top/build/kunit/.config
	else
		out=$top/build/series-x86 cfg=$top/build/x86/.config
		arch=x86_64
	fi
	mkdir -p "$out"
	# Configure again only when the configuration or a Kconfig file
	# changed: olddefconfig drops symbols that a commit has yet to add.
	if [ -n "${kconfig_stale[$1]:-}" ] || ! cmp -s "$cfg" "$out/.config.src"; then
		cp "$cfg" "$out/.config" &&
			# Until patch 35 i915's tests were a module of their own,
			# built under UML; later Kconfig drops the symbol on UML.
			if [ "$arch" = um ]; then
				echo CONFIG_DRM_I915_HDCP1_KUNIT_TEST=y >> "$out/.config"
			fi &&
			make -C "$wt" O="$out" ARCH="$arch" CC="ccache gcc" -s olddefconfig >/dev/null &&
			cp "$cfg" "$out/.config.src" || return 1
	fi
	shift
	make -C "$wt" O="$out" ARCH="$arch" CC="ccache gcc" -s -j"$(nproc)" "$@"
}

add_obj() {	# <arch> <object>: once per commit
	[[ " ${objs[$1]:-} " == *" $2 "* ]] || objs[$1]+="$2 "
}

passed=0 failed=0 n=0
declare -A kconfig_stale=()
for c in $(git -C "$linux" rev-list --reverse pristine..series); do
	n=$((n + 1))
	subject=$(git -C "$linux" log -1 --format=%s "$c")
	git -C "$wt" checkout -q -f --detach "$c" || exit 1
	declare -A objs=()
	while read -r f; do
		case "$f" in
		*/tests/*.c)
			# A suite linked into i915 is included by the file it
			# tests, one directory up, and compiled as part of it.
			inc=$(grep -lF "#include \"tests/${f##*/}\"" \
				"$wt/$(dirname "$(dirname "$f")")"/*.c 2>/dev/null | head -n 1)
			if [ -n "$inc" ]; then
				inc=${inc#"$wt/"}
				add_obj "$(arch_of "$inc")" "${inc%.c}.o"
			else
				add_obj "$(arch_of "$f")" "${f%.c}.o"
			fi ;;
		*.c) add_obj "$(arch_of "$f")" "${f%.c}.o" ;;
		*Kconfig*) kconfig_stale[um]=1 kconfig_stale[x86]=1 ;;
		esac
	done < <(git -C "$linux" diff --name-only --diff-filter=AM "$c^" "$c")
	ok=1 log=""
	for a in "${!objs[@]}"; do
		# shellcheck disable=SC2086
		if ! out=$(build "$a" ${objs[$a]} 2>&1) || grep -qE 'error:|warning:' <<<"$out"; then
			ok=0
			log+="$out"$'\n'
		fi
		unset "kconfig_stale[$a]"
	done
	built=$(echo "${objs[@]:-}" | wc -w)
	unset objs
	if [ $ok = 1 ]; then
		echo "PASS series-builds-at-$n ($built objects: $subject)"
		passed=$((passed + 1))
	else
		echo "FAIL series-builds-at-$n ($subject)"
		head -n 30 <<<"$log" | sed 's/^/    /'
		failed=$((failed + 1))
	fi
done
[ "$failed" -eq 0 ]
