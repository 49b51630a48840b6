#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kernel-doc -Wall on every C file and header we own: one check per file.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
linux=$top/build/linux
rc=0
while read -r f; do
	rel=${f#"$top"/kernel/}
	if out=$(cd "$linux" && perl scripts/kernel-doc -none -Wall "$rel" 2>&1) && [ -z "$out" ]; then
		echo "PASS kernel-doc $rel"
	else
		echo "FAIL kernel-doc $rel"
		sed 's/^/    /' <<<"$out"
		rc=1
	fi
done < <(find "$top/kernel" -name '*.[ch]' | sort)
exit $rc
