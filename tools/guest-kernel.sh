#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build (or bring up to date) the UML kernel that `make kunit` runs, which
# is also the e2e guest: same kunitconfig, same build directory, through
# ccache. After `make kunit` this is a no-op of a few seconds.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
export CCACHE_DIR=${CCACHE_DIR:-${HDCP_CACHE:-/var/cache/drm-hdcp}/ccache}
mkdir -p "$CCACHE_DIR" "$top/build/results"
log=$top/build/results/guest-kernel.out
if ! (cd "$top/build/linux" &&
      python3 tools/testing/kunit/kunit.py build \
	--kunitconfig="$top/tests/kunit/hdcp.kunitconfig" \
	--build_dir="$top/build/kunit" --jobs="$(nproc)" \
	--make_options "CC=ccache gcc") > "$log" 2>&1; then
	tail -n 30 "$log" >&2
	echo "guest-kernel: build failed (log: $log)" >&2
	exit 1
fi
