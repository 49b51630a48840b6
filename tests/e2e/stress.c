// SPDX-License-Identifier: GPL-2.0
/*
 * hdcp-e2e stress [ops]: several threads drive the connector at once, as
 * on an SMP machine nothing stops a compositor, the display's power
 * management, a flaky cable and the sink's own requests from doing:
 *
 *   requests  Desired/Undesired through blocking, nonblocking and legacy
 *             commits, and content type changes
 *   display   DPMS (ACTIVE alone) and modesets between two modes, blocking
 *             and not
 *   faults    unplug/replug, break_link, reauth_request (DisplayPort),
 *             suspend/resume (pm_test; E2E_STRESS_SUSPEND=0 leaves it out), and
 *             a second DRM fd that asks for Desired and closes at once,
 *             mid-authentication
 *   observer  the property, between two reads of the transmitter's
 *             encryption state and change count: when the count did not
 *             move, the link's state while the property was read is known
 *   uevents   counts the Content Protection uevents
 *
 * Counted outcomes, no timing: Enabled never read while the transmitter
 * did not encrypt, every commit answered 0 (or EBUSY for a nonblocking
 * one meeting another), at least one uevent per change to Enabled the
 * observer saw, the property ends where the last request asked once the
 * faults stop, and the sink logged no protocol violation.
 */

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"

enum op {
	OP_CP_ATOMIC, OP_CP_NONBLOCK, OP_CP_LEGACY, OP_TYPE,
	OP_DPMS, OP_DPMS_NONBLOCK, OP_MODESET, OP_FLIP,
	OP_REPLUG, OP_BREAK_LINK, OP_REAUTH, OP_SUSPEND, OP_CLOSE_FD,
	OP_NUM
};

static const char *const op_names[OP_NUM] = {
	[OP_CP_ATOMIC] = "cp-atomic", [OP_CP_NONBLOCK] = "cp-nonblocking",
	[OP_CP_LEGACY] = "cp-legacy", [OP_TYPE] = "content-type",
	[OP_DPMS] = "dpms", [OP_DPMS_NONBLOCK] = "dpms-nonblocking",
	[OP_MODESET] = "modeset", [OP_FLIP] = "flip",
	[OP_REPLUG] = "replug", [OP_BREAK_LINK] = "break-link",
	[OP_REAUTH] = "reauth-request", [OP_SUSPEND] = "suspend",
	[OP_CLOSE_FD] = "close-fd-mid-auth",
};

struct stress {
	struct kms *k;
	struct kms uev;		/* k with a netlink socket of its own */
	unsigned int ops_per_thread;
	bool suspend;			/* unless E2E_STRESS_SUSPEND=0 */
	/* Held for reading by every use of k->fd that needs master. */
	pthread_rwlock_t master;
	/* The requests thread's last accepted Content Protection value. */
	pthread_mutex_t want_lock;
	uint64_t want;
	atomic_bool stop;

	atomic_uint done[OP_NUM], busy[OP_NUM], failed[OP_NUM];
	atomic_uint observations, enabled_proved, enabled_in_clear;
	atomic_uint enabled_rises, cp_uevents;
	char first_error[160];
};

static pthread_mutex_t error_lock = PTHREAD_MUTEX_INITIALIZER;

/* xorshift, one state per thread: no shared RNG. */
static unsigned int next_rand(unsigned int *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void outcome(struct stress *s, enum op op, int ret, bool busy_ok)
{
	if (!ret) {
		atomic_fetch_add(&s->done[op], 1);
	} else if (ret == -EBUSY && busy_ok) {
		atomic_fetch_add(&s->busy[op], 1);
	} else {
		atomic_fetch_add(&s->failed[op], 1);
		pthread_mutex_lock(&error_lock);
		if (!s->first_error[0])
			snprintf(s->first_error, sizeof(s->first_error), "%s: %s",
				 op_names[op], strerror(-ret));
		pthread_mutex_unlock(&error_lock);
	}
}

#define P(obj, prop, val)	(uint32_t)(obj), (uint32_t)(prop), (uint64_t)(val)

static int commit_cp(struct kms *k, uint64_t v, uint32_t flags)
{
	return kms_commit(k, flags, 1, P(k->conn_id, k->cp, v));
}

static void *requests(void *arg)
{
	struct stress *s = arg;
	unsigned int seed = 0x1234567, i;

	for (i = 0; i < s->ops_per_thread; i++) {
		unsigned int r = next_rand(&seed);
		uint64_t v = (r >> 8) % 3 ? CP_DESIRED : CP_UNDESIRED;
		enum op op = r % 7 < 3 ? OP_CP_ATOMIC : r % 7 < 5 ? OP_CP_NONBLOCK :
			     r % 7 < 6 ? OP_CP_LEGACY : OP_TYPE;
		int ret;

		pthread_rwlock_rdlock(&s->master);
		pthread_mutex_lock(&s->want_lock);
		switch (op) {
		case OP_CP_ATOMIC:
			ret = commit_cp(s->k, v, 0);
			break;
		case OP_CP_NONBLOCK:
			ret = commit_cp(s->k, v, DRM_MODE_ATOMIC_NONBLOCK);
			break;
		case OP_CP_LEGACY:
			ret = cp_set_legacy(s->k, v);
			break;
		default:
			ret = type_set(s->k, (r >> 4) & 1);
			break;
		}
		if (!ret && op != OP_TYPE)
			s->want = v;
		pthread_mutex_unlock(&s->want_lock);
		pthread_rwlock_unlock(&s->master);
		outcome(s, op, ret, op == OP_CP_NONBLOCK);
		sleep_ms(r % 4);
	}
	return NULL;
}

static void *display(void *arg)
{
	struct stress *s = arg;
	struct kms *k = s->k;
	unsigned int seed = 0x2345678, i;

	for (i = 0; i < s->ops_per_thread; i++) {
		unsigned int r = next_rand(&seed);
		enum op op = (enum op)(OP_DPMS + r % 4);
		int ret;

		pthread_rwlock_rdlock(&s->master);
		switch (op) {
		case OP_DPMS:
			ret = kms_set_active(k, (r >> 4) & 1);
			break;
		case OP_DPMS_NONBLOCK:
			ret = kms_commit(k, DRM_MODE_ATOMIC_ALLOW_MODESET | DRM_MODE_ATOMIC_NONBLOCK,
					 1, P(k->crtc_id, k->active, (r >> 4) & 1));
			break;
		case OP_MODESET:
			ret = kms_modeset(k, (r >> 4) & 1, true);
			break;
		default:
			ret = kms_commit(k, DRM_MODE_ATOMIC_NONBLOCK, 1,
					 P(k->plane_id, k->fb, k->fb_id));
			/* A flip of a switched-off CRTC is refused, as it should be. */
			if (ret == -EINVAL)
				ret = -EBUSY;
			break;
		}
		pthread_rwlock_unlock(&s->master);
		outcome(s, op, ret, op == OP_DPMS_NONBLOCK || op == OP_FLIP);
		sleep_ms(1 + r % 8);
	}
	return NULL;
}

/*
 * Give up master, let a second fd (master now) ask for Desired, close it
 * at once and take master back: the engine goes on with a request whose
 * file is gone.
 */
static int close_fd_mid_auth(struct stress *s)
{
	struct kms *k = s->k;
	char path[64];
	int fd, ret = 0;

	pthread_rwlock_wrlock(&s->master);
	snprintf(path, sizeof(path), "/dev/dri/card%d", k->minor);
	if (drmDropMaster(k->fd)) {
		ret = -errno;
		goto out;
	}
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
	} else {
		if (drmSetClientCap(fd, DRM_CLIENT_CAP_ATOMIC, 1) ||
		    drmModeConnectorSetProperty(fd, k->conn_id, k->cp, CP_DESIRED))
			ret = -errno;
		close(fd);
	}
	if (drmSetMaster(k->fd) && !ret)
		ret = -errno;
	if (!ret) {
		pthread_mutex_lock(&s->want_lock);
		s->want = CP_DESIRED;
		pthread_mutex_unlock(&s->want_lock);
	}
out:
	pthread_rwlock_unlock(&s->master);
	return ret;
}

static void *faults(void *arg)
{
	struct stress *s = arg;
	unsigned int seed = 0x3456789, i, n = s->ops_per_thread / 2;

	for (i = 0; i < n; i++) {
		unsigned int r = next_rand(&seed);
		enum op op;
		int ret;

		/* A few suspends and fd closes, mostly link faults. */
		if (i % 97 == 50 && s->suspend)
			op = OP_SUSPEND;
		else if (i % 23 == 11)
			op = OP_CLOSE_FD;
		else
			op = (enum op)(OP_REPLUG + r % 3);
		if (op == OP_REAUTH && s->k->transport != T_DP)
			op = OP_BREAK_LINK;
		switch (op) {
		case OP_REPLUG:
			ret = knob_write(K_CONNECTED, "0");
			sleep_ms(r % 20);
			if (!ret)
				ret = knob_write(K_CONNECTED, "1");
			break;
		case OP_BREAK_LINK:
			ret = knob_write(K_BREAK_LINK, "1");
			sleep_ms(r % 50);
			if (!ret)
				ret = knob_write(K_BREAK_LINK, "0");
			break;
		case OP_REAUTH:
			ret = knob_write(K_REAUTH_REQUEST, "1");
			break;
		case OP_SUSPEND:
			ret = suspend_resume();
			break;
		default:
			ret = close_fd_mid_auth(s);
			break;
		}
		outcome(s, op, ret, false);
		sleep_ms(5 + r % 30);
	}
	return NULL;
}

/* "<0|1> <changes>"; returns 0 or -errno. */
static int encryption(bool *on, unsigned int *changes)
{
	char buf[64];
	int v, ret = knob_read(K_ENCRYPTION, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	if (sscanf(buf, "%d %u", &v, changes) != 2)
		return -EPROTO;
	*on = v;
	return 0;
}

static void *observer(void *arg)
{
	struct stress *s = arg;
	uint64_t last = CP_NONE;

	while (!atomic_load(&s->stop)) {
		unsigned int c0, c1;
		bool on0, on1;
		uint64_t v;

		if (encryption(&on0, &c0))
			break;
		v = cp_get(s->k);
		if (encryption(&on1, &c1))
			break;
		atomic_fetch_add(&s->observations, 1);
		if (v == CP_ENABLED && last != CP_ENABLED)
			atomic_fetch_add(&s->enabled_rises, 1);
		last = v;
		if (v != CP_ENABLED || c0 != c1)
			continue;
		/* Nothing changed around the read: the link was as read. */
		if (on1)
			atomic_fetch_add(&s->enabled_proved, 1);
		else
			atomic_fetch_add(&s->enabled_in_clear, 1);
	}
	return NULL;
}

static void *uevents(void *arg)
{
	struct stress *s = arg;
	struct uevent ev;

	while (!atomic_load(&s->stop))
		if (uevent_next(&s->uev, 100, &ev) > 0 && ev.connector == s->k->conn_id &&
		    ev.property == s->k->cp)
			atomic_fetch_add(&s->cp_uevents, 1);
	return NULL;
}

static void report(struct stress *s, const char *name, bool ok, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void report(struct stress *s, const char *name, bool ok, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	say("%s stress_%s.%s (%s)", ok ? "PASS" : "FAIL", name,
	    transport_name(s->k->transport), buf);
	if (!ok)
		check_failures++;
}

/* Back to a quiet, lit, plugged link with Type 0. */
static int quiesce(struct kms *k)
{
	int ret = knob_write(K_BREAK_LINK, "0");

	if (!ret)
		ret = knob_write(K_CONNECTED, "1");
	if (!ret)
		ret = kms_modeset(k, 0, true);
	if (!ret)
		ret = type_set(k, 0);
	return ret;
}

int run_stress(struct kms *k, unsigned int ops)
{
	pthread_t req, disp, flt, obs, uev;
	struct stress s = { .k = k, .want = CP_UNDESIRED };
	unsigned int i, total = 0, failed = 0, busy = 0;
	double t0 = now_s();
	struct trace t;
	char line[1024];
	int len = 0, ret;

	s.suspend = !getenv("E2E_STRESS_SUSPEND") || strcmp(getenv("E2E_STRESS_SUSPEND"), "0");
	pthread_rwlock_init(&s.master, NULL);
	pthread_mutex_init(&s.want_lock, NULL);
	/* requests and display do ops each, faults half of it. */
	s.ops_per_thread = (ops * 2 + 4) / 5;
	say("hdcp-e2e stress: %s (id %u), %s sink, %ld CPUs online, %u operations",
	    k->conn_name, k->conn_id, transport_name(k->transport),
	    sysconf(_SC_NPROCESSORS_ONLN), s.ops_per_thread * 5 / 2);
	if (quiesce(k) || cp_set_atomic(k, CP_UNDESIRED)) {
		report(&s, "setup", false, "could not reset the link");
		return 1;
	}
	uevent_drain(k);
	/*
	 * The waits below read k's uevents: the counting thread gets a copy
	 * of each on a socket of its own.
	 */
	s.uev = *k;
	if (uevent_open(&s.uev)) {
		report(&s, "setup", false, "no second uevent socket");
		return 1;
	}

	pthread_create(&obs, NULL, observer, &s);
	pthread_create(&uev, NULL, uevents, &s);
	pthread_create(&req, NULL, requests, &s);
	pthread_create(&disp, NULL, display, &s);
	pthread_create(&flt, NULL, faults, &s);
	pthread_join(req, NULL);
	pthread_join(disp, NULL);
	pthread_join(flt, NULL);

	/* The faults stopped: the last request must win. */
	ret = quiesce(k);
	if (!ret && s.want == CP_DESIRED)
		ret = cp_wait(k, CP_ENABLED, WAIT_RECOVER_MS, 0, &t);
	else if (!ret)
		ret = cp_hold(k, CP_UNDESIRED, HOLD_MS, INV_NOT_ENABLED, &t);
	report(&s, "converges", !ret, "last request %s, property %s after the faults stopped",
	       cp_name(s.want), cp_name(cp_get(k)));
	/* And the link still works both ways. */
	ret = cp_set_atomic(k, CP_DESIRED);
	if (!ret)
		ret = cp_wait(k, CP_ENABLED, WAIT_RECOVER_MS, INV_ENABLED_ENCRYPTS, &t);
	report(&s, "enables_afterwards", !ret, "Enabled %s",
	       ret ? "not reached" : "reached");
	sleep_ms(300);
	atomic_store(&s.stop, true);
	pthread_join(obs, NULL);
	pthread_join(uev, NULL);
	close(s.uev.uevent_fd);
	cp_set_atomic(k, CP_UNDESIRED);

	for (i = 0; i < OP_NUM; i++) {
		unsigned int d = s.done[i], b = s.busy[i], f = s.failed[i];

		total += d + b + f;
		busy += b;
		failed += f;
		if (len < (int)sizeof(line))
			len += snprintf(line + len, sizeof(line) - len, " %s %u/%u/%u",
					op_names[i], d, b, f);
	}
	say("    operations (done/busy/failed):%s", line);
	say("    %u operations in %.1f s; %u observations, %u of Enabled proved encrypting",
	    total, now_s() - t0, (unsigned int)s.observations, (unsigned int)s.enabled_proved);
	report(&s, "operations", total >= ops && !failed, "%u run, %u busy, %u failed%s%s",
	       total, busy, failed, failed ? ": " : "", s.first_error);
	report(&s, "no_enabled_in_clear", !s.enabled_in_clear && s.enabled_proved,
	       "%u reads of Enabled while the transmitter did not encrypt, %u proved encrypting",
	       (unsigned int)s.enabled_in_clear, (unsigned int)s.enabled_proved);
	report(&s, "uevent_per_enable", s.cp_uevents >= s.enabled_rises && s.cp_uevents,
	       "%u uevents, %u rises to Enabled seen", (unsigned int)s.cp_uevents,
	       (unsigned int)s.enabled_rises);
	ret = knob_read(K_VIOLATIONS, line, sizeof(line));
	report(&s, "sink_saw_no_violation", ret > 0 && atoi(line) == 0, "%s",
	       ret > 0 ? strtok(line, "\n") : "violations unreadable");
	return check_failures ? 1 : 0;
}
