#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The log scanners (tools/kunit-log-scan.py, tools/guest-log-scan.py)
decide whether a run with a report in our code fails, and the KTAP filter
(tools/ktap-lines.py) decides which results the SMP run counts, so they
are tested too: on small logs written here, one PASS or FAIL line per case.
"""

import os
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.abspath(__file__))
BAR = "[10:00:00] " + "=" * 66

KCSAN_OURS = [BAR, "[10:00:00] BUG: KCSAN: data-race in drm_atomic_commit / x",
              "[10:00:00]  x+0x10/0x20", "[10:00:00]  drm_hdcp1_run+0x12/0x40", BAR]
KCSAN_FOREIGN = [BAR, "[10:00:00] BUG: KCSAN: data-race in foo / bar",
                 "[10:00:00]  foo+0x1/0x2", "[10:00:00]  bar+0x3/0x4", BAR]
KCSAN_CUT = ["[10:00:00] BUG: KCSAN: data-race in vkms_hdcp_work / y",
             "[10:00:00]  y+0x1/0x2"]
# A timer interrupt races on a worker's task while that worker is in our
# code: our frames are the interrupted context's, below the entry frame.
KCSAN_IRQ_OVER_OURS = [
    BAR, "[10:00:00] BUG: KCSAN: data-race in wq_worker_tick+0xc9/0x220", "",
    "[10:00:00] race at unknown origin, with read to 0xffff8880 of 8 bytes "
    "by interrupt on cpu 0:",
    "[10:00:00]  wq_worker_tick+0xc9/0x220", "[10:00:00]  sched_tick+0xec/0xf0",
    "[10:00:00]  asm_sysvec_apic_timer_interrupt+0x16/0x20",
    "[10:00:00]  path_openat+0xea/0xe20", "[10:00:00]  drm_hdcp_load_srm+0x3c/0x90",
    "[10:00:00]  drm_hdcp1_run+0x1ca/0x3b0", "",
    "[10:00:00] value changed: 0x1 -> 0x2", BAR]
# The same, but the racing access is our own, in an interrupt.
KCSAN_OURS_IN_IRQ = [
    BAR, "[10:00:00] BUG: KCSAN: data-race in x / y", "",
    "[10:00:00] write to 0xffff8880 of 4 bytes by interrupt on cpu 1:",
    "[10:00:00]  vkms_hdcp_vblank+0x1/0x2",
    "[10:00:00]  asm_sysvec_apic_timer_interrupt+0x16/0x20",
    "[10:00:00]  foo+0x1/0x2", "",
    "[10:00:00] read to 0xffff8880 of 4 bytes by task 7 on cpu 0:",
    "[10:00:00]  y+0x1/0x2", BAR]
WARN = "[10:00:00] WARNING: CPU: 1 PID: 7 at drivers/gpu/drm/x.c:1 f+0x1/0x2"


def in_suite(name, lines):
    return ["    # Subtest: " + name] + lines + ["ok 1 " + name]


# (name, scanner, log lines, expected exit status)
CASES = [
    ("kcsan_in_our_stack_fails", "kunit", KCSAN_OURS, 1),
    ("kcsan_elsewhere_is_listed_only", "kunit", KCSAN_FOREIGN, 0),
    ("kcsan_cut_off_in_our_code_fails", "kunit", KCSAN_CUT, 1),
    ("kcsan_interrupt_over_our_code_is_listed_only", "kunit", KCSAN_IRQ_OVER_OURS, 0),
    ("kcsan_ours_in_an_interrupt_fails", "kunit", KCSAN_OURS_IN_IRQ, 1),
    ("warning_in_our_suite_fails", "kunit", in_suite("drm_hdcp1_engine", [WARN]), 1),
    ("warning_in_other_suite_is_allowed", "kunit", in_suite("drm_framebuffer", [WARN]), 0),
    ("kasan_anywhere_fails", "kunit",
     in_suite("drm_framebuffer", ["BUG: KASAN: slab-use-after-free in f"]), 1),
    ("guest_kcsan_in_our_stack_fails", "guest", KCSAN_OURS, 1),
    ("guest_kcsan_elsewhere_is_listed_only", "guest", KCSAN_FOREIGN, 0),
    ("guest_kcsan_interrupt_over_our_code_is_listed_only", "guest",
     KCSAN_IRQ_OVER_OURS, 0),
    ("guest_kcsan_bar_is_no_report", "guest", KCSAN_FOREIGN + ["[10:00:01] vkms: up"], 0),
    ("guest_warning_fails", "guest", [WARN], 1),
    ("guest_hung_task_fails", "guest",
     ["INFO: task hdcp-e2e:99 blocked for more than 60 seconds."], 1),
    ("tsc_unstable_fails", "kunit",
     ["[    0.032000] tsc: Marking TSC unstable due to could not calculate TSC khz"], 1),
    ("guest_tsc_unstable_fails", "guest",
     ["[    0.032000] tsc: Marking TSC unstable due to could not calculate TSC khz"], 1),
]

# (name, console lines, the lines tools/ktap-lines.py must keep)
KTAP_HEAD = ["[    1.000000] KTAP version 1", "[    1.000001] 1..1"]
KTAP_SUITE = ["[    1.100000]     KTAP version 1",
              "[    1.100001]     # Subtest: drm_hdcp1_fsm",
              "[    1.100002]     1..1",
              "[    1.200000]     ok 1 r0_mismatch_is_retried",
              "[    1.200001] # drm_hdcp1_fsm: pass:1 fail:0 skip:0 total:1",
              "[    1.200002] ok 1 drm_hdcp1_fsm"]
TSC = "[    3.500000] tsc: Refined TSC clocksource calibration: 2400.000 MHz"
FILTER_CASES = [
    ("ktap_keeps_every_ktap_line", KTAP_HEAD + KTAP_SUITE, KTAP_HEAD + KTAP_SUITE),
    # The CI failure: a boot message between a nested header's lines.
    ("ktap_drops_boot_message_inside_a_header",
     KTAP_HEAD + KTAP_SUITE[:1] + [TSC] + KTAP_SUITE[1:], KTAP_HEAD + KTAP_SUITE),
    ("ktap_drops_top_level_noise_between_suites",
     KTAP_HEAD + [TSC, "[    0.900000] ACPI: PM: Preparing to enter S5"] + KTAP_SUITE,
     KTAP_HEAD + KTAP_SUITE),
    # A test's own output is indented: kunit.py shows it with the case.
    ("ktap_keeps_indented_test_output",
     KTAP_HEAD + KTAP_SUITE[:3] + ["[    1.150000]     # r0_mismatch_is_retried: Bksv 0x1"]
     + KTAP_SUITE[3:],
     KTAP_HEAD + KTAP_SUITE[:3] + ["[    1.150000]     # r0_mismatch_is_retried: Bksv 0x1"]
     + KTAP_SUITE[3:]),
    ("ktap_keeps_a_failed_result",
     ["[    2.000000] not ok 2 drm_hdcp1_engine"], ["[    2.000000] not ok 2 drm_hdcp1_engine"]),
    ("ktap_keeps_lines_without_timestamp",
     ["KTAP version 1", "1..1", "boot noise", "ok 1 x"], ["KTAP version 1", "1..1", "ok 1 x"]),
    # "ok" and "not ok" start a result only as whole words.
    ("ktap_drops_words_that_start_like_results",
     ["[    2.000000] okay: probe done", "[    2.000001] nothing here"], []),
]


def filter_cases():
    failed = 0
    for name, lines, want in FILTER_CASES:
        run = subprocess.run([sys.executable, os.path.join(TOOLS, "ktap-lines.py")],
                             input="\n".join(lines) + "\n", capture_output=True, text=True)
        got = run.stdout.splitlines()
        ok = run.returncode == 0 and got == want
        failed += not ok
        print("%s ktap_filter.%s%s" % ("PASS" if ok else "FAIL", name,
                                       "" if ok else " (kept %r)" % got))
    return failed


def main():
    failed = filter_cases()
    with tempfile.TemporaryDirectory() as tmp:
        for name, scanner, lines, want in CASES:
            log = os.path.join(tmp, name + ".log")
            with open(log, "w") as f:
                f.write("\n".join(lines) + "\n")
            if scanner == "kunit":
                cmd = [sys.executable, os.path.join(TOOLS, "kunit-log-scan.py"), log,
                       "drm_hdcp", "vkms_hdcp", "intel_hdcp1"]
            else:
                cmd = [sys.executable, os.path.join(TOOLS, "guest-log-scan.py"), log]
            rc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).returncode
            ok = rc == want
            failed += not ok
            print("%s log_scan.%s%s" % ("PASS" if ok else "FAIL", name,
                                        "" if ok else " (exit %d, want %d)" % (rc, want)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
