#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Scan an e2e guest's kernel log and kmemleak report for problems.

Unlike a KUnit log, where some DRM suites provoke WARNINGs on purpose, a
guest that only runs userspace against the kernel must log no WARNING,
BUG, KASAN, KFENCE or lockdep report, no panic or oops, and kmemleak must
find nothing. Prints one line per report (at most 20); exit status 1 if
any.
"""

import re
import sys

REPORTS = re.compile(
    r"WARNING:|BUG:|kernel BUG at|KASAN|KFENCE|Kernel panic|Oops"
    r"|possible circular locking|possible recursive locking"
    r"|inconsistent lock state|suspicious RCU usage|INFO: lockdep"
    r"|lock held when returning to user space|bad unlock balance"
    r"|unreferenced object|suspected memory leaks|general protection fault"
    r"|hung_task|blocked for more than")


def main():
    found = []
    for path in sys.argv[1:]:
        try:
            lines = open(path, errors="replace").read().splitlines()
        except OSError as e:
            found.append("%s: cannot read: %s" % (path, e.strerror))
            continue
        for n, line in enumerate(lines, 1):
            if REPORTS.search(line):
                found.append("%s:%d: %s" % (path.rsplit("/", 1)[-1], n, line.rstrip()))
    for f in found[:20]:
        print(f)
    if len(found) > 20:
        print("... %d more" % (len(found) - 20))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
