#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Scan a KUnit kernel log for reports that must fail the run.

KASAN, KFENCE, lockdep, sleeping-in-atomic and BUG reports fail wherever
they appear. WARNINGs fail inside the suites named by the prefixes given
(ours); other DRM suites provoke WARNINGs on purpose in negative tests.
Prints one line per report found; exit status 1 if any.
"""

import re
import sys

ALWAYS = re.compile(r"BUG: KASAN|BUG: KFENCE|WARNING: possible (circular|recursive)"
                    r"|possible circular locking|possible recursive locking"
                    r"|inconsistent lock state|WARNING: suspicious RCU"
                    r"|BUG: sleeping function|BUG: unable|kernel BUG at"
                    r"|BUG: scheduling while atomic|unreferenced object|Kernel panic")
WARN = re.compile(r"WARNING: CPU: \d+ PID: \d+ at ")
SUITE = re.compile(r"^\s*# Subtest: (\S+)")
SUITE_END = re.compile(r"^\s{0,4}(?:not )?ok \d+ (\S+)\s*$")


def main():
    log, prefixes = sys.argv[1], sys.argv[2:]
    suite, found = None, []
    for n, line in enumerate(open(log, errors="replace"), 1):
        m = SUITE.match(line)
        if m and (line.startswith("    # Subtest") or line.startswith("# Subtest")):
            suite = m.group(1)
        if ALWAYS.search(line):
            found.append("%d: %s" % (n, line.rstrip()))
        elif WARN.search(line) and suite and suite.startswith(tuple(prefixes)):
            found.append("%d: [%s] %s" % (n, suite, line.rstrip()))
        m = SUITE_END.match(line)
        if m and m.group(1) == suite:
            suite = None
    for f in found[:20]:
        print(f)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
