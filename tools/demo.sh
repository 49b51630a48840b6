#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build the patched kernel for KUnit and show, case by case, what the
# content protection suites set and what the kernel answered.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$top/build/results"

start=$(date +%s.%N)
bash "$top/tools/kunit.sh" '*hdcp*' > "$top/build/results/demo-kunit.out" 2>&1
rc=$?
end=$(date +%s.%N)

python3 - "$top/build/kunit/test.log" <<'PY'
import re, sys
cp = {"0": "Undesired", "1": "Desired", "2": "Enabled"}
ty = {"0": "HDCP Type0", "1": "HDCP Type1"}
err = {"0": "ok", "-22": "-EINVAL"}
test = None

def header(name):
    global test
    if name != test:
        print("\n%s" % name)
        test = name

for line in open(sys.argv[1], errors="replace"):
    m = re.search(r"# (\w+): (atomic|legacy): (.+) = (\d+) -> (-?\d+)", line)
    if m:
        name, path, prop, val, ret = m.groups()
        header(name)
        names = cp if prop == "Content Protection" else ty
        print("  %-6s set %-18s = %-12s kernel: %s" % (path, prop, names.get(val, val),
                                                     err.get(ret, ret)))
        continue
    m = re.search(r"# (\w+): driver: Content Protection = (\d+) -> (\d+) uevent", line)
    if m:
        header(m.group(1))
        print("  driver reports %-25s uevents sent: %s" % (cp.get(m.group(2)), m.group(3)))
        continue
    m = re.search(r"# ((?:drm|vkms)_test_hdcp\w*): (?!EXPECTATION|ASSERTION|Test should)(.+)", line)
    if m:
        header(m.group(1))
        print("  " + m.group(2))
        continue
    m = re.search(r"^\s*(ok|not ok) \d+ ((?:drm|vkms)_test_hdcp\w*)", line)
    if m:
        header(m.group(2))
        print("  -> %s" % ("PASS" if m.group(1) == "ok" else "FAIL"))
    m = re.search(r"^# ((?:drm|vkms)_hdcp\w*): pass:(\d+) fail:(\d+)", line)
    if m:
        print("\n== suite %s: %s passed, %s failed" % m.groups())
PY
echo
tail -n 1 "$top/build/results/demo-kunit.out"
printf 'demo: %.1f s (build + boot + tests)\n' "$(echo "$end - $start" | bc)"
exit $rc
