#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check that no file under kernel/ repeats the upstream file it replaces.

For every file we own that also exists in the pristine tree, look for a run
of MIN_RUN or more consecutive code lines (blank lines, comments, lone
punctuation and #include lines skipped, white space folded) that also
stands, in the same order, in the pristine file. One PASS/FAIL line per
file; exit status 1 if any file fails.
"""

import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINUX = os.path.join(TOP, "build", "linux")
MIN_RUN = 6

# New files of ours that take over code of other upstream files: i915's
# HDCP 1.4 replaces the authentication in intel_hdcp.c and the shims.
I915 = "drivers/gpu/drm/i915/display/"
REPLACES = {
    I915 + name: [I915 + "intel_hdcp.c", I915 + "intel_hdmi.c", I915 + "intel_dp_hdcp.c"]
    for name in ("intel_hdcp1.c", "intel_hdcp1.h", "intel_hdcp1_hw.c", "intel_hdcp1_hw.h")
}


def code_lines(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        line = re.sub(r"//.*", "", line)
        norm = " ".join(line.split())
        if not norm or re.fullmatch(r"[{}();,\s]*", norm) or norm.startswith("#include"):
            continue
        out.append((n, norm))
    return out


def longest_shared_run(ours, theirs):
    where = {}
    for i, (_, l) in enumerate(theirs):
        where.setdefault(l, []).append(i)
    best = (0, 0)
    for i in range(len(ours)):
        for j in where.get(ours[i][1], ()):
            k = 0
            while (i + k < len(ours) and j + k < len(theirs)
                   and ours[i + k][1] == theirs[j + k][1]):
                k += 1
            if k > best[0]:
                best = (k, ours[i][0])
    return best


def main():
    failed = 0
    base = os.path.join(TOP, "kernel")
    for root, _, names in sorted(os.walk(base)):
        for name in sorted(names):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, base)
            for up in REPLACES.get(rel, [rel]):
                res = subprocess.run(["git", "-C", LINUX, "show", "pristine:" + up],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     universal_newlines=True)
                if res.returncode:
                    continue	# a new file: nothing upstream to repeat
                run, line = longest_shared_run(code_lines(open(path).read()),
                                               code_lines(res.stdout))
                what = rel if up == rel else "%s against %s" % (rel, up)
                if run >= MIN_RUN:
                    failed += 1
                    print("FAIL upstream-overlap %s: %d lines from line %d repeat upstream"
                          % (what, run, line))
                else:
                    print("PASS upstream-overlap %s (longest shared run %d)" % (what, run))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
