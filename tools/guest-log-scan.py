#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Scan an e2e guest's kernel log and kmemleak report for problems.

Unlike a KUnit log, where some DRM suites provoke WARNINGs on purpose, a
guest that only runs userspace against the kernel must log no WARNING,
BUG, KASAN, KFENCE or lockdep report, no panic or oops, and kmemleak must
find nothing. A KCSAN report counts when one of its stacks runs through
our code (drm_hdcp*, vkms_hdcp*, intel_hdcp1*); the data races the rest of
the kernel has are listed on stderr. Prints one line per report (at most
20); exit status 1 if any.
"""

import re
import sys

import kcsan_reports

REPORTS = re.compile(
    r"WARNING:|BUG:|kernel BUG at|KASAN|KFENCE|Kernel panic|Oops"
    r"|possible circular locking|possible recursive locking"
    r"|inconsistent lock state|suspicious RCU usage|INFO: lockdep"
    r"|lock held when returning to user space|bad unlock balance"
    r"|unreferenced object|suspected memory leaks|general protection fault"
    r"|hung_task|blocked for more than"
    # TSC calibration failed: the x86_64 guest runs on jiffies.
    r"|Marking TSC unstable due to could not calculate")


def main():
    found = []
    for path in sys.argv[1:]:
        try:
            lines = open(path, errors="replace").read().splitlines()
        except OSError as e:
            found.append("%s: cannot read: %s" % (path, e.strerror))
            continue
        kcsan = kcsan_reports.Reader()
        name = path.rsplit("/", 1)[-1]
        for n, line in enumerate(lines, 1):
            inside, report = kcsan.feed(n, line)
            if report:
                where = "%s:%d: %s" % ((name,) + report[:2])
                if report[2]:
                    found.append(where)
                else:
                    print("not ours: " + where, file=sys.stderr)
            if not inside and REPORTS.search(line):
                found.append("%s:%d: %s" % (name, n, line.rstrip()))
        report = kcsan.unterminated()
        if report:
            found.append("%s:%d: %s (unterminated)" % ((name,) + report[:2]))
    for f in found[:20]:
        print(f)
    if len(found) > 20:
        print("... %d more" % (len(found) - 20))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
