// SPDX-License-Identifier: GPL-2.0
/*
 * The guest measurements of `make bench`, each printed as a ratio with its
 * absolute figures, all from one boot.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"

#define RUNS		15

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct stats {
	double median, min, max;
	unsigned int n;
};

static struct stats stats_of(double *v, unsigned int n)
{
	struct stats s = { 0 };

	if (!n)
		return s;
	qsort(v, n, sizeof(*v), cmp_double);
	s.n = n;
	s.min = v[0];
	s.max = v[n - 1];
	s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	return s;
}

static double frame_ms(const drmModeModeInfo *m)
{
	return 1000.0 * m->htotal * m->vtotal / (m->clock * 1000.0);
}

/* Undesired, quiet, then Desired: ms to Enabled, or -1. */
static double time_to_enabled(struct kms *k)
{
	struct trace t;
	double t0;

	cp_set_atomic(k, CP_UNDESIRED);
	sleep_ms(50);
	uevent_drain(k);
	t0 = now_s();
	if (cp_set_atomic(k, CP_DESIRED))
		return -1;
	if (cp_wait(k, CP_ENABLED, WAIT_ENABLED_MS, INV_NOT_UNDESIRED, &t))
		return -1;
	return (t.reached - t0) * 1000;
}

static int series_to_enabled(struct kms *k, double *v, unsigned int n, struct stats *s)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		v[i] = time_to_enabled(k);
		if (v[i] < 0) {
			say("bench: authentication did not complete (run %u)", i);
			return -1;
		}
	}
	*s = stats_of(v, n);
	return 0;
}

static double commit_ms(struct kms *k, bool with_cp)
{
	double t0 = now_s();
	int ret;

	if (with_cp)
		ret = kms_commit(k, 0, 2, k->plane_id, k->fb, (uint64_t)k->fb_id,
				 k->conn_id, k->cp, (uint64_t)CP_DESIRED);
	else
		ret = kms_flip(k);
	return ret ? -1 : (now_s() - t0) * 1000;
}

/*
 * Link failure (HDMI: Ri' diverges from its next roll; DP: CP_IRQ), then
 * the engine's own re-authentication, which starts a good session.
 */
static int recovery(struct kms *k, const char *transport, struct stats *detect,
		    struct stats *reauth)
{
	double d[3], r[3];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(d); i++) {
		struct trace t;
		double t0;
		int ret;

		if (time_to_enabled(k) < 0)
			return -1;
		/* Land the fault anywhere in the link check period. */
		sleep_ms(rand() % HDCP_LINK_CHECK_MS);
		uevent_drain(k);
		t0 = now_s();
		knob_write(K_BREAK_LINK, "1");
		if (cp_wait(k, CP_DESIRED, WAIT_DETECT_MS, INV_NOT_UNDESIRED, &t)) {
			knob_write(K_BREAK_LINK, "0");
			say("bench: %s link failure not detected", transport);
			return -1;
		}
		d[i] = (t.reached - t0) * 1000;
		t0 = now_s();
		ret = cp_wait(k, CP_ENABLED, WAIT_RECOVER_MS, INV_NOT_UNDESIRED, &t);
		knob_write(K_BREAK_LINK, "0");
		if (ret) {
			say("bench: no recovery after the %s link failure", transport);
			return -1;
		}
		r[i] = (t.reached - t0) * 1000;
	}
	*detect = stats_of(d, ARRAY_SIZE(d));
	*reauth = stats_of(r, ARRAY_SIZE(r));
	return 0;
}

/* Busy jiffies of all CPUs (everything but idle and iowait). */
static long long busy_ticks(void)
{
	long long v[10] = { 0 };
	char buf[512];

	if (read_file("/proc/stat", buf, sizeof(buf)) < 0)
		return -1;
	if (sscanf(buf, "cpu %lld %lld %lld %lld %lld %lld %lld %lld", &v[0], &v[1],
		   &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 8)
		return -1;
	return v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
}

static double busy_share(unsigned int seconds)
{
	long hz = sysconf(_SC_CLK_TCK);
	long long b0 = busy_ticks();
	double t0 = now_s(), t1;

	sleep_ms(seconds * 1000);
	t1 = now_s();
	return (double)(busy_ticks() - b0) / hz / (t1 - t0);
}

/* On a DP boot: the CP_IRQ path, which HDMI does not have. */
static int run_bench_dp(struct kms *k, double floor_ms)
{
	struct stats det, rea;

	if (recovery(k, "dp", &det, &rea))
		return 1;
	say("DP link failure (CP_IRQ with LINK_INTEGRITY_FAILURE) seen %.1f ms after the IRQ "
	    "(worst of %u; %.3f x the HDMI check period); re-authentication %.2f x the floor "
	    "(median %.0f ms)", det.max, det.n, det.max / HDCP_LINK_CHECK_MS,
	    rea.median / floor_ms, rea.median);
	return 0;
}

/* What VKMS's repeater takes to fix its list after R0' (VKMS_HDCP_READY_DELAY_MS). */
#define VKMS_READY_DELAY_MS	50

int run_bench(struct kms *k)
{
	const drmModeModeInfo *m = &k->modes[0];
	/* R0' is not read before 100 ms; VKMS encrypts as soon as it matches. */
	double frame = frame_ms(m), floor_ms = HDCP_R0_FLOOR_MS;
	double v[RUNS], with[RUNS], without[RUNS];
	struct stats prompt, rep, cw, cwo, det, rea;
	const char *cpu_env = getenv("E2E_BENCH_CPU_S");
	unsigned int cpu_s = cpu_env ? atoi(cpu_env) : 60;
	unsigned int i;
	double idle, busy;

	srand(3);
	if (kms_modeset(k, 0, true)) {
		say("bench: cannot light the CRTC");
		return 1;
	}
	if (getenv("E2E_BENCH_ENABLE_ONLY")) {
		/* The SMP guest (x86_64 under QEMU, KCSAN): the one figure to compare. */
		say("guest: x86_64 QEMU TCG, %ld vCPUs, %s %dx%d@%d, %s sink, kernel with KCSAN, "
		    "lockdep, kmemleak", sysconf(_SC_NPROCESSORS_ONLN), k->conn_name,
		    m->hdisplay, m->vdisplay, m->vrefresh, transport_name(k->transport));
		if (series_to_enabled(k, v, RUNS, &prompt))
			return 1;
		say("Desired -> Enabled, prompt receiver: %.2f x the spec floor; median %.1f ms "
		    "(min %.1f, max %.1f, %u runs), floor %.1f ms (R0')",
		    prompt.median / floor_ms, prompt.median, prompt.min, prompt.max, prompt.n,
		    floor_ms);
		cp_set_atomic(k, CP_UNDESIRED);
		return 0;
	}
	say("guest: UML, %s %dx%d@%d (one frame %.1f ms), %s sink, kernel with KASAN, "
	    "lockdep, kmemleak", k->conn_name, m->hdisplay, m->vdisplay, m->vrefresh, frame,
	    transport_name(k->transport));
	if (k->transport == T_DP)
		return run_bench_dp(k, floor_ms);

	if (series_to_enabled(k, v, RUNS, &prompt))
		return 1;
	say("Desired -> Enabled, prompt receiver: %.2f x the spec floor (target <= 1.15); "
	    "median %.1f ms (min %.1f, max %.1f, %u runs), floor %.1f ms (R0'); "
	    "a fixed 300 ms wait as mainline i915 does: %.2f x",
	    prompt.median / floor_ms, prompt.median, prompt.min, prompt.max, prompt.n,
	    floor_ms, 300 / floor_ms);

	/*
	 * Each timed commit starts right after a flip has completed, so both
	 * kinds wait for the vblank from the same phase.
	 */
	for (i = 0; i < RUNS; i++) {
		cp_set_atomic(k, CP_UNDESIRED);
		kms_flip(k);
		without[i] = commit_ms(k, false);
		cp_set_atomic(k, CP_UNDESIRED);
		kms_flip(k);
		with[i] = commit_ms(k, true);
		if (with[i] < 0 || without[i] < 0) {
			say("bench: a commit failed");
			return 1;
		}
	}
	cp_set_atomic(k, CP_UNDESIRED);
	cw = stats_of(with, RUNS);
	cwo = stats_of(without, RUNS);
	say("commit that sets Desired against the same commit without it: %.2f x "
	    "(target <= 1.1); median %.1f ms vs %.1f ms (%u pairs; both wait for a vblank)",
	    cw.median / cwo.median, cw.median, cwo.median, cw.n);

	if (recovery(k, "hdmi", &det, &rea))
		return 1;
	say("HDMI link failure (Ri') seen after %.2f x the Ri period from the break_link "
	    "write (worst of %u; %.0f..%.0f ms, Ri period %.0f ms = 128 frames; the first wrong "
	    "Ri' comes at the next roll and a check follows within a period, so the bound is "
	    "2.00 x); re-authentication %.2f x the floor (median %.0f ms, includes the retry "
	    "back-off)", det.max / (128 * frame), det.n, det.min, det.max, 128 * frame,
	    rea.median / floor_ms, rea.median);

	if (knob_write(K_TOPOLOGY, "repeater 127 7") || series_to_enabled(k, v, 5, &rep))
		return 1;
	knob_write(K_TOPOLOGY, "receiver");
	/* Its own floor: R0', the sink's READY delay; the list moves at once. */
	say("repeater with 127 devices, depth 7: %.2f x its own floor (%.1f ms = R0' 100 ms "
	    "+ READY %d ms; HDMI has no CP_IRQ, READY is polled every 100 ms); median "
	    "%.0f ms (min %.0f, max %.0f, %u runs); %.2f x the prompt receiver",
	    rep.median / (floor_ms + VKMS_READY_DELAY_MS), floor_ms + VKMS_READY_DELAY_MS,
	    VKMS_READY_DELAY_MS, rep.median, rep.min, rep.max, rep.n,
	    rep.median / prompt.median);

	cp_set_atomic(k, CP_UNDESIRED);
	idle = busy_share(cpu_s);
	if (time_to_enabled(k) < 0)
		return 1;
	busy = busy_share(cpu_s);
	if (cp_get(k) != CP_ENABLED) {
		say("bench: the link did not stay Enabled for the CPU measurement");
		return 1;
	}
	say("CPU while Enabled, engine + emulation: %.2f%% of one CPU over %u s "
	    "(busy %.2f%% Enabled vs %.2f%% Undesired, CRTC lit in both)",
	    (busy - idle) * 100, cpu_s, busy * 100, idle * 100);
	cp_set_atomic(k, CP_UNDESIRED);
	return 0;
}
