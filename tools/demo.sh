#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the patched kernel for KUnit and show, case by case, what the
# property suites set and what the kernel answered.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

start=$(date +%s.%N)
bash "$top/tools/kunit.sh" 'drm_hdcp_*' > "$top/build/results/demo-kunit.out" 2>&1
rc=$?
end=$(date +%s.%N)

python3 - "$top/build/kunit/test.log" <<'PY'
import re, sys
cp = {"0": "Undesired", "1": "Desired", "2": "Enabled"}
ty = {"0": "HDCP Type0", "1": "HDCP Type1"}
err = {"0": "ok", "-22": "-EINVAL"}
test = None
for line in open(sys.argv[1], errors="replace"):
    m = re.search(r"# (drm_test_hdcp_\w+): (atomic|legacy): (.+) = (\d+) -> (-?\d+)", line)
    if m:
        name, path, prop, val, ret = m.groups()
        if name != test:
            print("\n%s" % name.replace("drm_test_hdcp_", ""))
            test = name
        names = cp if prop == "Content Protection" else ty
        shown = names.get(val, val)
        print("  %-6s set %-18s = %-12s kernel: %s" % (path, prop, shown, err.get(ret, ret)))
        continue
    m = re.search(r"# (drm_test_hdcp_\w+): driver: Content Protection = (\d+) -> (\d+) uevent", line)
    if m:
        name, val, n = m.groups()
        if name != test:
            print("\n%s" % name.replace("drm_test_hdcp_", ""))
            test = name
        print("  driver reports %-25s uevents sent: %s" % (cp.get(val, val), n))
        continue
    m = re.search(r"# (drm_test_hdcp_srm_\w+): (.+: rejected, .+)", line)
    if m:
        print("  srm   %s" % m.group(2))
        continue
    m = re.search(r"^\s*(ok|not ok) \d+ (drm_test_hdcp_\w+)", line)
    if m:
        print("  -> %s %s" % ("PASS" if m.group(1) == "ok" else "FAIL", m.group(2)))
PY
echo
tail -n 1 "$top/build/results/demo-kunit.out"
printf 'demo: %.1f s (build + boot + tests)\n' "$(echo "$end - $start" | bc)"
exit $rc
