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

ALWAYS = re.compile(r"BUG: KASAN|BUG: KFENCE|WARNING: possible (circular|recursive)"
                    r"|possible circular locking|possible recursive locking"
                    r"|inconsistent lock state|WARNING: suspicious RCU"
                    r"|BUG: sleeping function|BUG: unable|kernel BUG at"
                    r"|BUG: scheduling while atomic|unreferenced object|Kernel panic")
WARN = re.compile(r"WARNING: CPU: \d+ PID: \d+ at ")
SUITE = re.compile(r"^\s*# Subtest: (\S+)")
SUITE_END = re.compile(r"^\s{0,4}(?:not )?ok \d+ (\S+)\s*$")
KCSAN = re.compile(r"BUG: KCSAN: ")
KCSAN_END = re.compile(r"^(\[[^\]]*\] )?=+\s*$")
OUR_NAMES = r"\b(drm_hdcp|drm_test_hdcp|vkms_hdcp|vkms_test_hdcp|intel_hdcp1)\w*"
OURS = re.compile(OUR_NAMES + r"\+0x")


def main():
    log, prefixes = sys.argv[1], sys.argv[2:]
    suite, found, others = None, [], []
    kcsan = None		# (line number, title, ours) of the report being read
    for n, line in enumerate(open(log, errors="replace"), 1):
        if kcsan is not None:
            if KCSAN_END.search(line):
                (found if kcsan[2] else others).append(
                    "%d: [%s] %s" % (kcsan[0], suite or "-", kcsan[1]))
                kcsan = None
            elif OURS.search(line):
                kcsan[2] = True
            continue
        if KCSAN.search(line):
            kcsan = [n, line.strip(), bool(re.search(OUR_NAMES, line))]
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
    if kcsan is not None:
        (found if kcsan[2] else others).append("%d: %s (unterminated)" % (kcsan[0], kcsan[1]))
    for o in others[:20]:
        print("not ours: " + o, file=sys.stderr)
    for f in found[:20]:
        print(f)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
