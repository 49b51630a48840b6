# SPDX-License-Identifier: GPL-2.0
"""KCSAN reports in a kernel log, for tools/kunit-log-scan.py and
tools/guest-log-scan.py.

A report starts at "BUG: KCSAN: " and ends at its line of "=" signs. It is
ours when its title or one of its stack frames names a function like our
files (drm_hdcp*, vkms_hdcp*, intel_hdcp1*) or our tests (drm_test_hdcp*,
vkms_test_hdcp*): those fail a run; the rest of the kernel's data races
are only listed. An access made in an interrupt has the interrupted
context below the interrupt's entry frame: frames there did not make the
access (a timer tick racing on the task that runs our worker is not our
race), so they are not looked at.
"""

import re

START = re.compile(r"BUG: KCSAN: ")
END = re.compile(r"^(\[[^\]]*\] )?=+\s*$")
OUR_NAMES = r"\b(drm_hdcp|drm_test_hdcp|vkms_hdcp|vkms_test_hdcp|intel_hdcp1)\w*"
OUR_TITLE = re.compile(OUR_NAMES)
OUR_FRAME = re.compile(OUR_NAMES + r"\+0x")
# An access's stack starts at its "... by task/interrupt on cpu N:" line.
ACCESS = re.compile(r" by (task \d+|interrupt) on cpu \d+:")
IRQ_ENTRY = re.compile(r"\basm_(sysvec_\w+|common_interrupt|exc_\w+)\+0x")


class Reader:
    """Feed it a log line by line; it keeps the lines of KCSAN reports."""

    def __init__(self):
        self.report = None      # [line number, title, ours] while inside one
        self.interrupted = False  # below an interrupt's entry frame

    def feed(self, n, line):
        """Line @n of the log. Returns (consumed, report): consumed when
        the line belongs to a KCSAN report, report as (line number,
        title, ours) once that report ends."""
        if self.report is not None:
            if END.search(line):
                done, self.report = tuple(self.report), None
                return True, done
            if ACCESS.search(line):
                self.interrupted = False
            elif IRQ_ENTRY.search(line):
                self.interrupted = True
            elif not self.interrupted and OUR_FRAME.search(line):
                self.report[2] = True
            return True, None
        if START.search(line):
            self.report = [n, line.strip(), bool(OUR_TITLE.search(line))]
            self.interrupted = False
            return True, None
        return False, None

    def unterminated(self):
        """The report the log ended in, if any, as feed() returns it."""
        done, self.report = self.report, None
        return tuple(done) if done else None
