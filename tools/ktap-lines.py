#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Keep the KTAP lines of a kernel console log, for `kunit.py parse`.

On the SMP guest's serial console, a late boot message (the TSC's refined
calibration comes seconds after boot under TCG) can land between the
"KTAP version" and "# Subtest" lines of a nested test, and kunit.py's
parser then loses every result after it. KUnit indents nested output;
at the top level only its own lines (versions, plans, results,
diagnostics) are KTAP: drop the other top-level lines. Crashes still show
as missing results, and the raw log is scanned for kernel reports apart.
"""

import re
import sys

STAMP = re.compile(r"^(\[ *[0-9]+\.[0-9]+\] )?(.*)$")
TOP_KTAP = re.compile(r"^(K?TAP version |ok |not ok |1\.\.|#)")

for line in sys.stdin:
    body = STAMP.match(line.rstrip("\n")).group(2)
    if not body or body[0].isspace() or TOP_KTAP.match(body):
        sys.stdout.write(line)
