#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Scan a KUnit kernel log for reports that must fail the run.

KASAN, KFENCE, lockdep, sleeping-in-atomic and BUG reports fail wherever
they appear. WARNINGs fail inside the suites named by the prefixes given
(ours); other DRM suites provoke WARNINGs on purpose in negative tests.
A KCSAN report fails when one of its stacks runs through our code (a
function named like our files: drm_hdcp*, vkms_hdcp*, intel_hdcp1*, and
the tests' drm_test_hdcp*, vkms_test_hdcp*); data races the rest of the
kernel has are listed on stderr, not counted.
Prints one line per report found; exit status 1 if any.
"""

import re
import sys

import kcsan_reports

ALWAYS = re.compile(r"BUG: KASAN|BUG: KFENCE|WARNING: possible (circular|recursive)"
                    r"|possible circular locking|possible recursive locking"
                    r"|inconsistent lock state|WARNING: suspicious RCU"
                    r"|BUG: sleeping function|BUG: unable|kernel BUG at"
                    r"|BUG: scheduling while atomic|unreferenced object|Kernel panic"
                    # The x86_64 guest's clock fell back to jiffies: the
                    # tests that wait for time would no longer see it pass.
                    r"|Marking TSC unstable due to could not calculate")
WARN = re.compile(r"WARNING: CPU: \d+ PID: \d+ at ")
SUITE = re.compile(r"^\s*# Subtest: (\S+)")
SUITE_END = re.compile(r"^\s{0,4}(?:not )?ok \d+ (\S+)\s*$")


def main():
    log, prefixes = sys.argv[1], sys.argv[2:]
    suite, found, others = None, [], []
    kcsan = kcsan_reports.Reader()
    for n, line in enumerate(open(log, errors="replace"), 1):
        inside, report = kcsan.feed(n, line)
        if report:
            (found if report[2] else others).append(
                "%d: [%s] %s" % (report[0], suite or "-", report[1]))
        if inside:
            continue
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
    report = kcsan.unterminated()
    if report:
        (found if report[2] else others).append("%d: %s (unterminated)" % report[:2])
    for o in others[:20]:
        print("not ours: " + o, file=sys.stderr)
    for f in found[:20]:
        print(f)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
