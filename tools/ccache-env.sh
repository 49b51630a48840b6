# SPDX-License-Identifier: GPL-2.0
# Sourced by the scripts that compile (with $top set): ccache's settings.
# The cache lives outside the checkout, in $HDCP_CACHE.
export CCACHE_DIR=${CCACHE_DIR:-${HDCP_CACHE:-/var/cache/drm-hdcp}/ccache}
# Paths relative to the checkout: a fresh clone elsewhere hits the cache.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$top} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-true}
# Depend mode: on a miss, ccache takes the headers from the dependency
# file the compiler writes anyway (kbuild's -MMD) instead of running the
# preprocessor first. Measured on 61 i915 display files with no cache:
# 1.05 x the time of plain gcc, against 1.7 x without it; hits are the same.
export CCACHE_DEPEND=${CCACHE_DEPEND:-true}
mkdir -p "$CCACHE_DIR"
