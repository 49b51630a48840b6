// SPDX-License-Identifier: GPL-2.0
/*
 * The narrated run of `make demo`: one line per step, with what was done,
 * what the kernel answered and how long it took. Uses modetest, the
 * libdrm test tool, to list the connector and to set the property, so
 * that a newcomer sees the interface with a standard tool.
 */

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "e2e.h"

static double t_start;

static void step(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void step(const char *fmt, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	say("[%5.1f s] %s", now_s() - t_start, line);
}

/*
 * Run a command and show its output, indented: all of it, or of a
 * `modetest -c` listing the connector's row and its two HDCP properties,
 * or only the value of Content Protection. Returns the exit status or
 * -errno.
 */
enum show { SHOW_ALL, SHOW_CP, SHOW_CP_VALUE };

static int run(char *const argv[], enum show show)
{
	int pipefd[2], status, keep = 0;
	char line[512];
	FILE *out;
	pid_t pid;

	if (pipe(pipefd))
		return -errno;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (!pid) {
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(pipefd[1]);
	out = fdopen(pipefd[0], "r");
	while (out && fgets(line, sizeof(line), out)) {
		line[strcspn(line, "\n")] = '\0';
		if (show == SHOW_CP_VALUE) {
			if (line[0] == '\t' && isdigit((unsigned char)line[1]))
				keep = !!strstr(line, "Content Protection:");
			if (!keep || !strstr(line, "value:"))
				continue;
		} else if (show == SHOW_CP) {
			/* The connector's row, and the two HDCP properties. */
			if (!strncmp(line, "id\t", 3) || strstr(line, "HDMI-A-") ||
			    strstr(line, "DP-")) {
				keep = 0;
			} else if (line[0] == '\t' && isdigit((unsigned char)line[1])) {
				keep = strstr(line, "Content Protection") ||
				       strstr(line, "HDCP Content Type");
				if (!keep)
					continue;
			} else if (!keep || strncmp(line, "\t\t", 2)) {
				keep = 0;
				continue;
			}
		}
		say("             | %s", line);
	}
	if (out)
		fclose(out);
	if (waitpid(pid, &status, 0) < 0)
		return -errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -EINTR;
}

static int modetest_set(struct kms *k, uint64_t v)
{
	char arg[64];
	char *argv[] = { "modetest", "-M", "vkms", "-w", arg, NULL };
	int ret;

	snprintf(arg, sizeof(arg), "%u:Content Protection:%llu", k->conn_id,
		 (unsigned long long)v);
	/* modetest must be DRM master to set a property: let it. */
	drmDropMaster(k->fd);
	ret = run(argv, SHOW_ALL);
	if (drmSetMaster(k->fd))
		return -errno;
	return ret;
}

int run_demo(struct kms *k)
{
	char *list[] = { "modetest", "-M", "vkms", "-c", NULL };
	const drmModeModeInfo *m = &k->modes[0];
	/* R0' is not read before 100 ms; VKMS encrypts as soon as it matches. */
	double floor_ms = HDCP_R0_FLOOR_MS;
	char cap[128] = "";
	struct trace t;
	double t0;
	int ret;

	t_start = now_s();
	knob_read(K_SINK_CAPABILITY, cap, sizeof(cap));
	cap[strcspn(cap, "\n")] = '\0';
	while (*cap && cap[strlen(cap) - 1] == ' ')
		cap[strlen(cap) - 1] = '\0';
	step("VKMS is /dev/dri/card%d; its connector %s (id %u) has an emulated HDCP 1.4 "
	     "sink that reports \"%s\"", k->minor, k->conn_name, k->conn_id, cap);

	step("modetest -M vkms -c lists the connector and its content protection properties:");
	run(list, SHOW_CP);

	ret = kms_modeset(k, 0, true);
	step("our client lights the display: %s on the CRTC, one atomic commit: %s",
	     m->name, ret ? strerror(-ret) : "ok");
	if (ret)
		return 1;

	uevent_drain(k);
	t0 = now_s();
	ret = modetest_set(k, CP_DESIRED);
	step("modetest -w %u:\"Content Protection\":1 asks for Desired (legacy SETPROPERTY): "
	     "exit %d, property reads %s", k->conn_id, ret, cp_name(cp_get(k)));
	if (ret || cp_wait(k, CP_ENABLED, WAIT_ENABLED_MS, INV_NOT_UNDESIRED, &t)) {
		step("the kernel did not reach Enabled: %s", cp_name(cp_get(k)));
		return 1;
	}
	cp_uevent_within(k, &t, 1000);
	step("the kernel authenticated the sink: Enabled %.0f ms after modetest started (spec "
	     "floor %.0f ms for R0'), announced by %u uevent HOTPLUG=1 "
	     "CONNECTOR=%u PROPERTY=%u", (t.reached - t0) * 1000, floor_ms, t.cp_uevents,
	     k->conn_id, k->cp);
	step("modetest -M vkms -c now shows Content Protection as:");
	run(list, SHOW_CP_VALUE);

	ret = cp_set_atomic(k, CP_ENABLED);
	step("userspace tries to set Enabled itself: %s (only the kernel sets Enabled)",
	     ret ? strerror(-ret) : "accepted!");

	uevent_drain(k);
	t0 = now_s();
	knob_write(K_BREAK_LINK, "1");
	step("fault injected: the sink's Ri' will diverge from the transmitter's at its next "
	     "roll (debugfs hdcp/break_link=1)");
	if (cp_wait(k, CP_DESIRED, WAIT_DETECT_MS, INV_NOT_UNDESIRED, &t)) {
		step("the link failure was not noticed: %s", cp_name(cp_get(k)));
		return 1;
	}
	step("the kernel's link check noticed after %.0f ms (Ri' diverges at its next roll, "
	     "every 128 frames; the kernel compares every %d ms): back to Desired, announced "
	     "by a uevent", (t.reached - t0) * 1000, HDCP_LINK_CHECK_MS);
	t0 = now_s();
	ret = cp_wait(k, CP_ENABLED, WAIT_RECOVER_MS, INV_NOT_UNDESIRED, &t);
	knob_write(K_BREAK_LINK, "0");
	if (ret) {
		step("no recovery: %s", cp_name(cp_get(k)));
		return 1;
	}
	step("the kernel authenticated again by itself: Enabled %.0f ms later, without "
	     "userspace doing anything", (t.reached - t0) * 1000);

	cp_set_atomic(k, CP_UNDESIRED);
	knob_write(K_TOPOLOGY, "repeater 32 3");
	uevent_drain(k);
	t0 = now_s();
	cp_set_atomic(k, CP_DESIRED);
	if (cp_wait(k, CP_ENABLED, WAIT_ENABLED_MS, INV_NOT_UNDESIRED, &t)) {
		step("the repeater was not authenticated: %s", cp_name(cp_get(k)));
		return 1;
	}
	step("the sink becomes a repeater with 32 devices behind it, 3 levels deep: Enabled "
	     "%.0f ms after Desired (KSV list read, every KSV checked against the SRM, V' "
	     "verified)", (t.reached - t0) * 1000);
	knob_write(K_TOPOLOGY, "receiver");

	t0 = now_s();
	ret = cp_set_atomic(k, CP_UNDESIRED);
	step("our client sets Undesired (atomic commit, %.1f ms): %s, property reads %s",
	     (now_s() - t0) * 1000, ret ? strerror(-ret) : "ok", cp_name(cp_get(k)));
	sleep_ms(100);
	step("the emulated transmitter %s (debugfs hdcp/encrypting reads %d)",
	     link_encrypting() == 0 ? "stopped encrypting" : "STILL ENCRYPTS", link_encrypting());
	step("modetest -M vkms -c shows Content Protection as:");
	run(list, SHOW_CP_VALUE);
	step("done");
	return 0;
}
