// SPDX-License-Identifier: GPL-2.0
/*
 * The conformance cases: one behaviour of "Content Protection" each, as
 * userspace sees it through libdrm, on VKMS's emulated HDCP 1.4 link.
 * Every case starts from the same state (reset()): CRTC lit with the
 * preferred mode, property Undesired, Type 0, a prompt receiver, no fault,
 * no SRM.
 */

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "e2e.h"

/* Which boots run a case: HDCP 1.4 alone, HDCP 2.2 with 1.4 behind, or both. */
enum mode { M_ANY, M_HDCP1, M_HDCP2 };

struct tcase {
	const char *name;
	enum transport transport;	/* the link it needs, T_ANY for both */
	enum mode mode;
	void (*run)(struct kms *k);
};

static uint64_t initial_cp = CP_NONE;
static char initial_bksv[32];

/* Invariants while Desired is pending or Enabled is held. */
static unsigned int inv_desired(void)
{
	return INV_NOT_UNDESIRED | INV_ENABLED_ENCRYPTS;
}

static int set_cp(struct kms *k, bool legacy, uint64_t v)
{
	return legacy ? cp_set_legacy(k, v) : cp_set_atomic(k, v);
}

static const char *path_name(bool legacy)
{
	return legacy ? "SETPROPERTY" : "atomic";
}

/* Knob writes in a case: a failure is a failed expectation, not a crash. */
static bool knob(enum knob kn, const char *val)
{
	int ret = knob_write(kn, "%s", val);

	return check(!ret, "writing '%s' to %s: %s", val, knob_path(kn), strerror(-ret));
}

/* The trace's verdict on an expected value, as checks. */
static bool expect_wait(const struct trace *t, int ret, uint64_t want, const char *what)
{
	if (t->violation[0])
		return check(false, "%s: %s", what, t->violation);
	return check(!ret, "%s: still %s after %.0f ms, expected %s", what,
		     cp_name(t->last), (now_s() - t->start) * 1000, cp_name(want));
}

static double ms_since(double t0, double t1)
{
	return (t1 - t0) * 1000;
}

/*
 * Desired through one path and wait for Enabled, announced by the uevent.
 * Returns the time from the request to Enabled in ms, or -1.
 */
static double enable(struct kms *k, bool legacy)
{
	double t0, t1;
	struct trace t;
	int ret;

	uevent_drain(k);
	t0 = now_s();
	ret = set_cp(k, legacy, CP_DESIRED);
	t1 = now_s();
	if (!check(!ret, "%s Desired: %s", path_name(legacy), strerror(-ret)))
		return -1;
	check(ms_since(t0, t1) < HDCP_R0_FLOOR_MS,
	      "the commit setting Desired took %.0f ms: it waited for authentication",
	      ms_since(t0, t1));
	ret = cp_wait(k, CP_ENABLED, WAIT_ENABLED_MS, inv_desired(), &t);
	if (!expect_wait(&t, ret, CP_ENABLED, "Desired -> Enabled"))
		return -1;
	check(cp_uevent_within(k, &t, 1000),
	      "no uevent HOTPLUG=1 CONNECTOR=%u PROPERTY=%u announced Enabled",
	      k->conn_id, k->cp);
	return ms_since(t0, t.reached);
}

/* Enabled must drop to Desired by itself within @ms; returns the delay or -1. */
static double expect_drop(struct kms *k, int ms, const char *why)
{
	struct trace t;
	int ret = cp_wait(k, CP_DESIRED, ms, INV_NOT_UNDESIRED, &t);
	char what[96];

	snprintf(what, sizeof(what), "Enabled -> Desired on %s", why);
	if (!expect_wait(&t, ret, CP_DESIRED, what))
		return -1;
	check(cp_uevent_within(k, &t, 1000), "%s: no Content Protection uevent", what);
	return ms_since(t.start, t.reached);
}

/* The property stays @value for @ms: a fault keeps it from Enabled. */
static bool expect_hold(struct kms *k, uint64_t value, int ms, const char *why)
{
	unsigned int inv = value == CP_DESIRED ? INV_NOT_UNDESIRED | INV_NOT_ENABLED : 0;
	struct trace t;
	int ret = cp_hold(k, value, ms, inv, &t);

	return check(!ret, "%s: %s", why, t.violation);
}

/* After a fault clears, Enabled again without anyone asking. */
static double expect_recover(struct kms *k, const char *why)
{
	struct trace t;
	int ret = cp_wait(k, CP_ENABLED, WAIT_RECOVER_MS, inv_desired(), &t);
	char what[96];

	snprintf(what, sizeof(what), "Enabled again after %s", why);
	if (!expect_wait(&t, ret, CP_ENABLED, what))
		return -1;
	check(cp_uevent_within(k, &t, 1000), "%s: no Content Protection uevent", what);
	return ms_since(t.start, t.reached);
}

/*
 * The property agrees with the link: Enabled, it survives a link check
 * (the engine would drop it if the link were not encrypted), and with the
 * "encrypting" knob the transmitter says so itself.
 */
static void expect_consistent_enabled(struct kms *k)
{
	struct trace t;

	if (cp_get(k) != CP_ENABLED) {
		cp_wait(k, CP_ENABLED, WAIT_RECOVER_MS, inv_desired(), &t);
		if (!check(t.reached >= 0, "never settled at Enabled"))
			return;
	}
	check(link_encrypting() == 1, "Enabled but the link is not encrypted");
	check(!cp_hold(k, CP_ENABLED, HOLD_MS, inv_desired(), &t),
	      "Enabled did not survive a link check: %s", t.violation);
}

static void expect_not_encrypting(void)
{
	double end = now_s() + 0.5;

	while (link_encrypting() != 0 && now_s() < end)
		sleep_ms(SAMPLE_MS);
	check(link_encrypting() == 0, "the transmitter still encrypts");
}

/* A knob write of reset(); the first failure is explained. */
static int reset_knob(enum knob kn, const char *val)
{
	int ret = knob_write(kn, "%s", val);

	if (ret)
		note("reset: writing '%s' to %s: %s", val,
		     knob_path(kn), strerror(-ret));
	return ret;
}

static const char *const hdcp2_faults[] = {
	"bad_cert", "bad_h_prime", "bad_l_prime", "bad_v_prime", "bad_m_prime",
	"seq_num_v_repeat", "seq_num_v_rollover", "seq_num_v_nonzero",
};

/* The sink's HDCP 2.2 side as reset() leaves it: a prompt receiver, no fault. */
static int reset_hdcp2(void)
{
	static const char *const delays[] = {
		"cert 5", "h_prime 20", "pairing 5", "l_prime 2", "list 50", "m_prime 5",
	};
	char val[48];
	unsigned int i;
	int ret;

	ret = reset_knob(K_HDCP2, "1");
	ret = ret ?: reset_knob(K_HDCP2_TOPOLOGY, "receiver");
	for (i = 0; !ret && i < ARRAY_SIZE(hdcp2_faults); i++) {
		snprintf(val, sizeof(val), "%s 0", hdcp2_faults[i]);
		ret = reset_knob(K_HDCP2_FAULT, val);
	}
	for (i = 0; !ret && i < ARRAY_SIZE(delays); i++)
		ret = reset_knob(K_HDCP2_DELAY_MS, delays[i]);
	return ret;
}

static int reset(struct kms *k)
{
	int ret;

	ret = cp_set_atomic(k, CP_UNDESIRED);
	if (!ret && k->type)
		ret = type_set(k, 0);
	ret = ret ?: reset_knob(K_BREAK_LINK, "0");
	ret = ret ?: reset_knob(K_CORRUPT_R0, "0");
	ret = ret ?: reset_knob(K_R0_DELAY_MS, "0");
	ret = ret ?: reset_knob(K_READY_NEVER, "0");
	ret = ret ?: reset_knob(K_MAX_DEVS_EXCEEDED, "0");
	ret = ret ?: reset_knob(K_MAX_CASCADE_EXCEEDED, "0");
	ret = ret ?: reset_knob(K_TOPOLOGY, "receiver");
	ret = ret ?: reset_knob(K_CAPABLE, "1");
	ret = ret ?: reset_knob(K_CORRUPT_V, "0");
	ret = ret ?: reset_knob(K_READY_DELAY_MS, "0");
	ret = ret ?: reset_knob(K_BKSV, initial_bksv);
	if (k->hdcp2)
		ret = ret ?: reset_hdcp2();
	if (!ret && knob_read_long(K_CONNECTED) != 1)
		ret = reset_knob(K_CONNECTED, "1");
	ret = ret ?: srm_remove();
	ret = ret ?: kms_modeset(k, 0, true);
	uevent_drain(k);
	return ret;
}

/* ---- the cases ---- */

static bool enum_is(struct kms *k, uint32_t prop, const char *const names[], unsigned int n)
{
	drmModePropertyPtr p = drmModeGetProperty(k->fd, prop);
	unsigned int i;
	bool ok;

	if (!check(p, "property %u: %s", prop, strerror(errno)))
		return false;
	ok = check(p->flags & DRM_MODE_PROP_ENUM, "\"%s\" is not an enum", p->name);
	ok &= check(!(p->flags & DRM_MODE_PROP_IMMUTABLE), "\"%s\" is immutable", p->name);
	ok &= check(p->count_enums == (int)n, "\"%s\" has %d values, expected %u",
		    p->name, p->count_enums, n);
	for (i = 0; ok && i < n; i++)
		ok &= check(p->enums[i].value == i && !strcmp(p->enums[i].name, names[i]),
			    "\"%s\" value %u is \"%s\"=%llu, expected \"%s\"=%u", p->name, i,
			    p->enums[i].name, (unsigned long long)p->enums[i].value, names[i], i);
	drmModeFreeProperty(p);
	return ok;
}

static bool has_prop(struct kms *k, uint32_t obj, uint32_t type, uint32_t prop)
{
	return kms_get(k, obj, type, prop) != CP_NONE;
}

static void case_property_enum(struct kms *k)
{
	static const char *const cp[] = { "Undesired", "Desired", "Enabled" };
	static const char *const ty[] = { "HDCP Type0", "HDCP Type1" };
	char cap[128] = "";

	enum_is(k, k->cp, cp, ARRAY_SIZE(cp));
	if (k->type)
		enum_is(k, k->type, ty, ARRAY_SIZE(ty));
	check(initial_cp == CP_UNDESIRED, "the connector came up %s, expected Undesired",
	      cp_name(initial_cp));
	check(!has_prop(k, k->crtc_id, DRM_MODE_OBJECT_CRTC, k->cp) &&
	      !has_prop(k, k->plane_id, DRM_MODE_OBJECT_PLANE, k->cp),
	      "Content Protection is attached to the CRTC or the plane");
	knob_read(K_SINK_CAPABILITY, cap, sizeof(cap));
	check(strstr(cap, "HDCP version: HDCP1.4 "), "%s reads \"%s\", expected HDCP1.4",
	      knob_path(K_SINK_CAPABILITY), cap);
	note("\"Content Protection\" id %u: Undesired=0 Desired=1 Enabled=2; "
	     "\"HDCP Content Type\" id %u", k->cp, k->type);
}

static void desired_enabled(struct kms *k, bool legacy)
{
	double ms = enable(k, legacy);
	struct trace t;

	if (ms < 0)
		return;
	note("%s Desired -> Enabled in %.0f ms, uevent CONNECTOR=%u PROPERTY=%u",
	     path_name(legacy), ms, k->conn_id, k->cp);
	/* Desired again on an Enabled connector keeps it Enabled, quietly. */
	uevent_drain(k);
	check(!set_cp(k, legacy, CP_DESIRED), "Desired again refused");
	cp_hold(k, CP_ENABLED, 300, 0, &t);
	check(!t.violation[0], "Desired again on Enabled: %s", t.violation);
	check(!t.cp_uevents, "Desired again on Enabled sent %u uevents", t.cp_uevents);
}

static void case_atomic_desired_enabled(struct kms *k)
{
	desired_enabled(k, false);
}

static void case_legacy_desired_enabled(struct kms *k)
{
	desired_enabled(k, true);
}

static void undesired(struct kms *k, bool legacy)
{
	struct trace t;
	int ret;

	if (enable(k, legacy) < 0)
		return;
	check(link_encrypting() == 1, "Enabled but not encrypting");
	uevent_drain(k);
	ret = set_cp(k, legacy, CP_UNDESIRED);
	if (!check(!ret, "%s Undesired: %s", path_name(legacy), strerror(-ret)))
		return;
	check(cp_get(k) == CP_UNDESIRED, "reads %s right after Undesired was set",
	      cp_name(cp_get(k)));
	expect_not_encrypting();
	/* Undesired is userspace's: the kernel neither changes it nor announces. */
	cp_hold(k, CP_UNDESIRED, HOLD_MS, 0, &t);
	check(!t.violation[0], "after Undesired: %s", t.violation);
	check(!t.cp_uevents, "%u Content Protection uevents after Undesired", t.cp_uevents);
}

static void case_atomic_undesired(struct kms *k)
{
	undesired(k, false);
}

static void case_legacy_undesired(struct kms *k)
{
	undesired(k, true);
}

static const uint64_t bad_values[] = { CP_ENABLED, 3, 1ull << 32, UINT64_MAX };

static void refuses(struct kms *k, bool legacy)
{
	uint64_t from[] = { CP_UNDESIRED, CP_ENABLED };
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(from); i++) {
		if (from[i] == CP_ENABLED && enable(k, legacy) < 0)
			return;
		for (j = 0; j < ARRAY_SIZE(bad_values); j++) {
			int ret = set_cp(k, legacy, bad_values[j]);

			check(ret == -EINVAL, "%s %s -> %#llx: %s, expected EINVAL",
			      path_name(legacy), cp_name(from[i]),
			      (unsigned long long)bad_values[j], ret ? strerror(-ret) : "accepted");
			check(cp_get(k) == from[i], "%s %#llx changed %s to %s", path_name(legacy),
			      (unsigned long long)bad_values[j], cp_name(from[i]),
			      cp_name(cp_get(k)));
		}
	}
	note("%s: Enabled, 3, 2^32, U64_MAX refused from Undesired and Enabled",
	     path_name(legacy));
}

static void case_atomic_refuses(struct kms *k)
{
	refuses(k, false);
}

static void case_legacy_refuses(struct kms *k)
{
	refuses(k, true);
}

static void case_crtc_plane_refused(struct kms *k)
{
	static const struct {
		const char *name;
		uint32_t type;
	} objs[] = { { "CRTC", DRM_MODE_OBJECT_CRTC }, { "plane", DRM_MODE_OBJECT_PLANE } };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		uint32_t id = objs[i].type == DRM_MODE_OBJECT_CRTC ? k->crtc_id : k->plane_id;
		int ret = kms_commit(k, 0, 1, id, k->cp, (uint64_t)CP_DESIRED);

		/* Mainline answers ENOENT (atomic) and EINVAL (legacy). */
		check(ret == -ENOENT, "atomic Desired on the %s: %s, expected ENOENT",
		      objs[i].name, ret ? strerror(-ret) : "accepted");
		ret = drmModeObjectSetProperty(k->fd, id, objs[i].type, k->cp, CP_DESIRED) ?
		      -errno : 0;
		check(ret == -EINVAL, "SETPROPERTY Desired on the %s: %s, expected EINVAL",
		      objs[i].name, ret ? strerror(-ret) : "accepted");
	}
	check(cp_get(k) == CP_UNDESIRED, "the connector reads %s", cp_name(cp_get(k)));
	expect_hold(k, CP_UNDESIRED, 300, "nothing may start authentication");
}

static void not_master_refused(struct kms *k, int fd, const char *who)
{
	struct kms other = *k;
	int ret;

	other.fd = fd;
	ret = cp_set_atomic(&other, CP_DESIRED);
	check(ret == -EACCES, "%s: atomic Desired: %s, expected EACCES", who,
	      ret ? strerror(-ret) : "accepted");
	ret = cp_set_legacy(&other, CP_DESIRED);
	check(ret == -EACCES, "%s: SETPROPERTY Desired: %s, expected EACCES", who,
	      ret ? strerror(-ret) : "accepted");
	check(cp_get(k) == CP_UNDESIRED, "%s changed the property to %s", who,
	      cp_name(cp_get(k)));
}

static void case_non_master_refused(struct kms *k)
{
	char path[32];
	int fd2;

	snprintf(path, sizeof(path), "/dev/dri/card%d", k->minor);
	fd2 = open(path, O_RDWR | O_CLOEXEC);
	if (!check(fd2 >= 0, "second open: %s", strerror(errno)))
		return;
	drmSetClientCap(fd2, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1);
	drmSetClientCap(fd2, DRM_CLIENT_CAP_ATOMIC, 1);
	check(!drmIsMaster(fd2), "a second open became master while we are");
	not_master_refused(k, fd2, "a second client");

	check(!drmDropMaster(k->fd), "dropping master: %s", strerror(errno));
	not_master_refused(k, k->fd, "the client that dropped master");
	not_master_refused(k, fd2, "a second client while nobody is master");
	check(!drmSetMaster(k->fd), "taking master back: %s", strerror(errno));
	close(fd2);
	check(enable(k, false) >= 0, "master again, Desired must work");
}

/*
 * HDMI: the sink's Ri' diverges from its next 128-frame roll on; the
 * engine's link check notices within a check period after that. DP: the
 * sink raises CP_IRQ with LINK_INTEGRITY_FAILURE, noticed at once. Either
 * way the failure belongs to the session: the engine authenticates again by
 * itself and the new session is good.
 */
static void link_failure(struct kms *k)
{
	bool hdmi = k->transport == T_HDMI;
	double detect, recover;

	if (enable(k, false) < 0)
		return;
	uevent_drain(k);
	if (!knob(K_BREAK_LINK, "1"))
		return;
	detect = expect_drop(k, hdmi ? WAIT_DETECT_MS : 500, "a link failure");
	if (detect < 0)
		return;
	uevent_drain(k);
	recover = expect_recover(k, "the link failure");
	knob(K_BREAK_LINK, "0");
	if (recover >= 0 && hdmi)
		note("hdmi: failure seen after %.0f ms (Ri' rolls every 128 frames, the link is "
		     "checked every %d ms), Enabled again %.0f ms later", detect,
		     HDCP_LINK_CHECK_MS, recover);
	else if (recover >= 0)
		note("dp: failure seen %.0f ms after CP_IRQ, Enabled again %.0f ms later",
		     detect, recover);
}

static void case_link_failure(struct kms *k)
{
	link_failure(k);
}

static void case_dp_reauth_request(struct kms *k)
{
	double drop, back;

	if (enable(k, false) < 0)
		return;
	uevent_drain(k);
	if (!knob(K_REAUTH_REQUEST, "1"))
		return;
	drop = expect_drop(k, 500, "REAUTHENTICATION_REQUEST");
	back = drop < 0 ? -1 : expect_recover(k, "REAUTHENTICATION_REQUEST");
	if (back >= 0)
		note("dp: Desired %.0f ms after CP_IRQ, Enabled %.0f ms later", drop, back);
}

/*
 * After a commit that took the link down has returned, the link is in the
 * clear: the property must read Desired at once and stay so while off.
 */
static void expect_desired_while_off(struct kms *k, const char *what)
{
	uint64_t v = cp_get(k);
	struct trace t;

	if (v == CP_ENABLED) {
		cp_wait(k, CP_DESIRED, 1000, INV_NOT_UNDESIRED, &t);
		check(false, "after %s returned, the link was off but the property read Enabled "
		      "for %.0f ms more (then %s, %u uevents)", what,
		      (now_s() - t.start) * 1000, cp_name(t.last), t.cp_uevents);
	} else {
		check(v == CP_DESIRED, "right after %s the property reads %s, expected Desired",
		      what, cp_name(v));
	}
	expect_hold(k, CP_DESIRED, 500, what);
	expect_not_encrypting();
}

static void dpms(struct kms *k, bool with_connector)
{
	const char *what = with_connector ? "ACTIVE=0 (connector in the commit)" : "ACTIVE=0";
	double back;
	int ret;

	if (enable(k, false) < 0)
		return;
	if (with_connector)
		ret = kms_commit(k, DRM_MODE_ATOMIC_ALLOW_MODESET, 2,
				 k->crtc_id, k->active, (uint64_t)0,
				 k->conn_id, k->conn_crtc_id, (uint64_t)k->crtc_id);
	else
		ret = kms_set_active(k, false);
	if (!check(!ret, "%s: %s", what, strerror(-ret)))
		return;
	expect_desired_while_off(k, what);
	uevent_drain(k);
	ret = kms_set_active(k, true);
	if (!check(!ret, "ACTIVE=1: %s", strerror(-ret)))
		return;
	back = expect_recover(k, "ACTIVE=1");
	if (back >= 0)
		note("%s, then 1: Desired kept, Enabled %.0f ms after ACTIVE=1", what, back);
}

/* DPMS as atomic compositors do it: the CRTC's ACTIVE alone. */
static void case_dpms(struct kms *k)
{
	dpms(k, false);
}

/* The same with the connector in the commit, as full-state compositors do. */
static void case_dpms_full_state(struct kms *k)
{
	dpms(k, true);
}

static void case_modeset(struct kms *k)
{
	unsigned int i;

	if (enable(k, false) < 0)
		return;
	for (i = 1; i <= 2; i++) {
		int mode = i % 2;
		const drmModeModeInfo *m = &k->modes[mode];
		double back;
		int ret;

		uevent_drain(k);
		ret = kms_modeset(k, mode, true);
		if (!check(!ret, "modeset to %s: %s", m->name, strerror(-ret)))
			return;
		check(cp_get(k) == CP_DESIRED, "right after the modeset to %s: %s, expected "
		      "Desired", m->name, cp_name(cp_get(k)));
		back = expect_recover(k, "a full modeset");
		if (back < 0)
			return;
		note("modeset to %s: Desired kept, Enabled %.0f ms later", m->name, back);
	}
}

static void case_unplug_replug(struct kms *k)
{
	struct trace t;
	double drop, back;
	int ret;

	if (enable(k, false) < 0)
		return;
	uevent_drain(k);
	if (!knob(K_CONNECTED, "0"))
		return;
	ret = cp_wait(k, CP_DESIRED, 1000, INV_NOT_UNDESIRED, &t);
	if (!expect_wait(&t, ret, CP_DESIRED, "Enabled -> Desired on unplug"))
		return;
	drop = ms_since(t.start, t.reached);
	cp_uevent_within(k, &t, 1000);
	check(t.cp_uevents, "unplug: no Content Protection uevent");
	check(t.hotplug_uevents, "unplug: no hotplug uevent (HOTPLUG=1 CONNECTOR=%u)",
	      k->conn_id);
	expect_hold(k, CP_DESIRED, 1000, "while unplugged");
	uevent_drain(k);
	knob(K_CONNECTED, "1");
	back = expect_recover(k, "replug");
	if (back >= 0)
		note("unplug: Desired after %.0f ms; replug: Enabled after %.0f ms", drop, back);
}

static void case_suspend_resume(struct kms *k)
{
	double t0, t1, back;
	int ret;

	struct trace t;

	if (enable(k, false) < 0)
		return;
	t0 = now_s();
	ret = suspend_resume();
	t1 = now_s();
	if (!check(!ret, "suspend with pm_test=%s: %s", pm_test_level(), strerror(-ret)))
		return;
	if (strcmp(pm_test_level(), "devices")) {
		/* Only frozen: the link stayed up, and so does Enabled. */
		ret = cp_hold(k, CP_ENABLED, HOLD_MS, inv_desired(), &t);
		check(!ret && !t.violation[0], "after a suspend to the freezer: %s, "
		      "expected Enabled held%s%s", cp_name(t.last),
		      t.violation[0] ? ": " : "", t.violation);
		note("suspend (pm_test=%s) took %.0f ms", pm_test_level(), ms_since(t0, t1));
		return;
	}
	check(cp_get(k) == CP_DESIRED, "right after resume: %s, expected Desired "
	      "(the link came back unencrypted)", cp_name(cp_get(k)));
	back = expect_recover(k, "resume");
	if (back >= 0)
		note("suspend/resume took %.0f ms; Enabled %.0f ms after resume",
		     ms_since(t0, t1), back);
}

/* Make the engine authenticate again with whatever the sink now is. */
static bool reauthenticate(struct kms *k)
{
	return !cp_set_atomic(k, CP_UNDESIRED) && !cp_set_atomic(k, CP_DESIRED);
}

static void case_srm_revokes_sink(struct kms *k)
{
	uint64_t ksv;
	int ret = sink_bksv(k, &ksv);

	if (!check(!ret, "the sink's Bksv: %s", strerror(-ret)))
		return;
	ret = srm_install(&ksv, 1);
	if (!check(!ret, "writing the SRM: %s", strerror(-ret)))
		return;
	reauthenticate(k);
	expect_hold(k, CP_DESIRED, HOLD_MS, "an SRM revoking the sink's Bksv");
	/* The kernel does not retry a revoked sink until asked again. */
	srm_remove();
	if (!check(reauthenticate(k), "Undesired, then Desired"))
		return;
	if (expect_recover(k, "the SRM was removed and Desired set again") >= 0)
		note("Bksv %010llx revoked: Desired held; SRM removed, asked again: Enabled",
		     (unsigned long long)ksv);
}

static void case_srm_facsimile(struct kms *k)
{
	int ret = srm_install_facsimile();

	if (!check(!ret, "writing the SRM: %s", strerror(-ret)))
		return;
	check(enable(k, false) >= 0, "the facsimile SRM must not revoke the sink");
}

static void case_srm_facsimile_revokes_b1(struct kms *k)
{
	int ret = srm_install_facsimile();

	if (!check(!ret, "writing the SRM: %s", strerror(-ret)))
		return;
	/* The spec's test receiver B1, as the spec prints it. */
	if (!knob(K_BKSV, "511ef21acd") || !knob(K_CONNECTED, "0") || !knob(K_CONNECTED, "1"))
		return;
	reauthenticate(k);
	expect_hold(k, CP_DESIRED, HOLD_MS, "facsimile SRM, sink with B1's KSV");
	srm_remove();
	if (check(reauthenticate(k), "Undesired, then Desired"))
		expect_recover(k, "the SRM was removed and Desired set again");
}

static void repeater(struct kms *k, const char *topology)
{
	double ms;

	if (!knob(K_TOPOLOGY, topology))
		return;
	ms = enable(k, false);
	if (ms >= 0)
		note("%s: Enabled in %.0f ms", topology, ms);
}

static void case_repeater_1(struct kms *k)
{
	repeater(k, "repeater 1 1");
}

static void case_repeater_32(struct kms *k)
{
	repeater(k, "repeater 32 3");
}

static void case_repeater_127_depth_7(struct kms *k)
{
	repeater(k, "repeater 127 7");
}

/* A fault that keeps authentication from succeeding: Desired, retries, recovers. */
static void fault_then_recover(struct kms *k, const char *topology, enum knob fault,
			       int hold_ms, const char *what)
{
	double back;

	if (topology && !knob(K_TOPOLOGY, topology))
		return;
	if (!knob(fault, fault == K_CAPABLE ? "0" : "1"))
		return;
	if (!check(!cp_set_atomic(k, CP_DESIRED), "Desired refused"))
		return;
	expect_hold(k, CP_DESIRED, hold_ms, what);
	knob(fault, fault == K_CAPABLE ? "1" : "0");
	back = expect_recover(k, what);
	if (back >= 0)
		note("%s: Desired for %d ms, Enabled %.0f ms after it cleared", what,
		     hold_ms, back);
}

static void case_repeater_max_devs(struct kms *k)
{
	fault_then_recover(k, "repeater 4 1", K_MAX_DEVS_EXCEEDED, HOLD_MS, "MAX_DEVS_EXCEEDED");
}

static void case_repeater_max_cascade(struct kms *k)
{
	fault_then_recover(k, "repeater 4 1", K_MAX_CASCADE_EXCEEDED, HOLD_MS,
			   "MAX_CASCADE_EXCEEDED");
}

static void case_repeater_ready_never(struct kms *k)
{
	fault_then_recover(k, "repeater 4 1", K_READY_NEVER, HDCP_READY_TIMEOUT_MS + 1500,
			   "READY never set");
}

static void case_repeater_bad_v(struct kms *k)
{
	fault_then_recover(k, "repeater 4 1", K_CORRUPT_V, HOLD_MS, "wrong V'");
}

static void case_sink_not_capable(struct kms *k)
{
	char cap[128] = "";

	knob(K_CAPABLE, "0");
	knob_read(K_SINK_CAPABILITY, cap, sizeof(cap));
	check(strstr(cap, "HDCP version: None "), "capability reads \"%s\" for an incapable sink",
	      cap);
	fault_then_recover(k, NULL, K_CAPABLE, HOLD_MS, "a sink without HDCP");
}

static void case_wrong_r0(struct kms *k)
{
	fault_then_recover(k, NULL, K_CORRUPT_R0, HOLD_MS, "a wrong R0'");
}

static void case_slow_r0(struct kms *k)
{
	double ms;

	if (!knob(K_R0_DELAY_MS, "300"))
		return;
	ms = enable(k, false);
	if (ms < 0)
		return;
	check(ms >= 300, "Enabled after %.0f ms, before the sink had R0'", ms);
	note("R0' 300 ms late: Enabled in %.0f ms", ms);
}

static void case_content_type_1(struct kms *k)
{
	int ret;

	if (!check(k->type, "no \"HDCP Content Type\" property"))
		return;
	ret = kms_commit(k, 0, 2, k->conn_id, k->type, (uint64_t)1,
			 k->conn_id, k->cp, (uint64_t)CP_DESIRED);
	if (!check(!ret, "Type 1 + Desired: %s", strerror(-ret)))
		return;
	expect_hold(k, CP_DESIRED, HOLD_MS, "Type 1 on an HDCP 1.4 link");
	type_set(k, 0);
	if (expect_recover(k, "Type 0") < 0)
		return;
	/* Type 1 on an Enabled connector: back to Desired at once, and it stays. */
	ret = type_set(k, 1);
	check(!ret, "Type 1 while Enabled: %s", strerror(-ret));
	check(cp_get(k) == CP_DESIRED, "Type 1 while Enabled reads %s, expected Desired",
	      cp_name(cp_get(k)));
	expect_hold(k, CP_DESIRED, HOLD_MS, "Type 1 after Enabled");
	type_set(k, 0);
	expect_recover(k, "Type 0 again");
}

static void case_stress_toggles(struct kms *k)
{
	unsigned int i, bad = 0;

	srand(1);
	for (i = 0; i < 200; i++) {
		uint64_t v = i % 2 ? CP_UNDESIRED : CP_DESIRED, got;
		bool legacy = (i / 2) % 2;
		int ret = set_cp(k, legacy, v);

		got = cp_get(k);
		if (ret || (v == CP_UNDESIRED ? got != CP_UNDESIRED : got == CP_UNDESIRED)) {
			if (!bad++)
				check(false, "toggle %u: %s %s -> %s, reads %s", i,
				      path_name(legacy), cp_name(v),
				      ret ? strerror(-ret) : "ok", cp_name(got));
		}
		sleep_ms(rand() % 30);
	}
	check(!bad, "%u of 200 toggles misbehaved", bad);
	check(!cp_set_atomic(k, CP_DESIRED), "final Desired refused");
	expect_consistent_enabled(k);
	cp_set_atomic(k, CP_UNDESIRED);
	expect_not_encrypting();
}

static void case_stress_replug(struct kms *k)
{
	unsigned int i, lost = 0;

	srand(2);
	if (!check(!cp_set_atomic(k, CP_DESIRED), "Desired refused"))
		return;
	for (i = 0; i < 50; i++) {
		if (knob_write(K_CONNECTED, "0") || knob_write(K_CONNECTED, "1")) {
			check(false, "replug %u failed", i);
			return;
		}
		/* Land the next unplug anywhere in the authentication. */
		sleep_ms(rand() % 150);
		if (cp_get(k) == CP_UNDESIRED)
			lost++;
	}
	check(!lost, "Desired lost %u times", lost);
	expect_consistent_enabled(k);
}

static void case_stress_dpms(struct kms *k)
{
	unsigned int i, enabled_while_off = 0;

	if (enable(k, false) < 0)
		return;
	for (i = 0; i < 100; i++) {
		struct trace t;
		int ret = kms_set_active(k, false);

		/* The link is off once the commit returns. */
		if (!ret && cp_get(k) == CP_ENABLED)
			enabled_while_off++;
		if (!ret)
			ret = kms_set_active(k, true);
		if (!check(!ret, "cycle %u: %s", i, strerror(-ret)))
			return;
		ret = cp_wait(k, CP_ENABLED, WAIT_RECOVER_MS, inv_desired(), &t);
		if (!expect_wait(&t, ret, CP_ENABLED, "Enabled again after ACTIVE=1"))
			return;
	}
	check(!enabled_while_off, "Enabled read right after ACTIVE=0 in %u of 100 cycles",
	      enabled_while_off);
	expect_consistent_enabled(k);
}

static void case_no_violations(struct kms *k)
{
	char buf[4096] = "";
	int ret = knob_read(K_VIOLATIONS, buf, sizeof(buf));

	(void)k;
	if (!check(ret >= 0, "%s: %s", knob_path(K_VIOLATIONS), strerror(-ret)))
		return;
	check(strtol(buf, NULL, 10) == 0, "the strict sink recorded protocol violations:\n%s",
	      buf);
}

/* ---- HDCP 2.2 (vkms.enable_hdcp2=1) ---- */

/* Which version encrypts the link: 2, 1, or 0 for none. */
static int link_version(void)
{
	if (link_encrypting() != 1)
		return 0;
	return knob_read_long(K_HDCP2_ENCRYPTING) == 1 ? 2 : 1;
}

static bool hdcp2_knob(enum knob kn, const char *fmt, const char *arg)
{
	char val[64];

	snprintf(val, sizeof(val), fmt, arg);
	return knob(kn, val);
}

/* Type @type and Desired in one commit; Enabled within the usual time. */
static double enable_type(struct kms *k, uint64_t type)
{
	struct trace t;
	double t0 = now_s();
	int ret;

	uevent_drain(k);
	ret = kms_commit(k, 0, 2, k->conn_id, k->type, type, k->conn_id, k->cp,
			 (uint64_t)CP_DESIRED);
	if (!check(!ret, "Type %llu + Desired: %s", (unsigned long long)type, strerror(-ret)))
		return -1;
	ret = cp_wait(k, CP_ENABLED, WAIT_ENABLED_MS, inv_desired(), &t);
	if (!expect_wait(&t, ret, CP_ENABLED, "Desired -> Enabled"))
		return -1;
	check(cp_uevent_within(k, &t, 1000), "no Content Protection uevent announced Enabled");
	return ms_since(t0, t.reached);
}

/*
 * The connector's EDID as a probe finds it (a forced probe, as the master
 * asks for one), and whether a mode of the given size came with it.
 * Returns the EDID's length, 0 if it has none.
 */
static size_t probe_edid(struct kms *k, uint8_t *edid, size_t size, int w, int h,
			 bool *has_mode)
{
	drmModeConnectorPtr c = drmModeGetConnector(k->fd, k->conn_id);
	drmModePropertyBlobPtr blob = NULL;
	size_t len = 0;
	int i;

	*has_mode = false;
	if (!c)
		return 0;
	for (i = 0; i < c->count_modes; i++)
		if (c->modes[i].hdisplay == w && c->modes[i].vdisplay == h)
			*has_mode = true;
	for (i = 0; i < c->count_props && !blob; i++) {
		drmModePropertyPtr p = drmModeGetProperty(k->fd, c->props[i]);

		if (p && !strcmp(p->name, "EDID") && c->prop_values[i])
			blob = drmModeGetPropertyBlob(k->fd, c->prop_values[i]);
		drmModeFreeProperty(p);
	}
	if (blob && blob->length <= size) {
		memcpy(edid, blob->data, blob->length);
		len = blob->length;
	}
	drmModeFreePropertyBlob(blob);
	drmModeFreeConnector(c);
	return len;
}

static int write_edid_override(const uint8_t *edid, size_t len)
{
	int fd = open(knob_path(K_EDID_OVERRIDE), O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, edid, len);
	close(fd);
	return n == (ssize_t)len ? 0 : -EIO;
}

/*
 * A sink on HDMI or DisplayPort has its EDID read by the source, so
 * DRM's edid_override replaces it, as it does on every real HDMI or DP
 * connector (IGT's kms_hdmi_inject and kms_3d rely on it): the override
 * here trades the sink's 1920x1080 for 1280x1024.
 */
static void case_edid_override(struct kms *k)
{
	/* 1280x1024@60: 108 MHz, h 1280+48+112+248, v 1024+1+3+38, +h +v */
	static const uint8_t dtd_1280x1024[18] = {
		0x30, 0x2a, 0x00, 0x98, 0x51, 0x00, 0x2a, 0x40, 0x30, 0x70,
		0x13, 0x00, 0x78, 0x2d, 0x11, 0x00, 0x00, 0x1e,
	};
	uint8_t sink[512], edid[512], over[128], sum = 0;
	size_t sink_len, len;
	bool big, small;
	int i;

	sink_len = probe_edid(k, sink, sizeof(sink), 1920, 1080, &big);
	probe_edid(k, edid, sizeof(edid), 1280, 1024, &small);
	if (!check(sink_len >= 128 && big && !small,
		   "the sink's EDID (%zu bytes) gives 1920x1080 (%d) and not 1280x1024 (%d)",
		   sink_len, big, small))
		return;
	memcpy(over, sink, sizeof(over));
	/* The preferred timing, then a dummy in place of 1920x1080. */
	memcpy(over + 54, dtd_1280x1024, sizeof(dtd_1280x1024));
	memset(over + 72, 0, 18);
	over[75] = 0x10;
	over[126] = 0;		/* no CTA-861 extension, no 1080p VIC */
	for (i = 0; i < 127; i++)
		sum += over[i];
	over[127] = -sum;
	if (!check(!write_edid_override(over, sizeof(over)), "writing %s",
		   knob_path(K_EDID_OVERRIDE)))
		return;
	len = probe_edid(k, edid, sizeof(edid), 1280, 1024, &small);
	probe_edid(k, edid, sizeof(edid), 1920, 1080, &big);
	check(len == sizeof(over) && !memcmp(edid, over, len),
	      "with the override the EDID property holds it (%zu bytes)", len);
	check(small && !big, "with the override 1280x1024 is offered (%d), 1920x1080 not (%d)",
	      small, big);
	write_file(knob_path(K_EDID_OVERRIDE), "reset");
	len = probe_edid(k, edid, sizeof(edid), 1920, 1080, &big);
	probe_edid(k, edid, sizeof(edid), 1280, 1024, &small);
	check(len == sink_len && !memcmp(edid, sink, len) && big && !small,
	      "after reset the sink's EDID (%zu bytes) and modes are back", len);
}

static void case_hdcp2_capability(struct kms *k)
{
	char buf[128] = "";

	(void)k;
	knob_read(K_SINK_CAPABILITY, buf, sizeof(buf));
	check(strstr(buf, "HDCP version: HDCP1.4 HDCP2.2 \n") != NULL,
	      "hdcp_sink_capability reads \"%s\"", buf);
	knob(K_HDCP2, "0");
	knob_read(K_SINK_CAPABILITY, buf, sizeof(buf));
	check(strstr(buf, "HDCP version: HDCP1.4 \n") != NULL,
	      "without HDCP 2.2 hdcp_sink_capability reads \"%s\"", buf);
}

static void case_hdcp2_type0(struct kms *k)
{
	double ms = enable(k, false);

	if (ms < 0)
		return;
	check(link_version() == 2, "Enabled, but the link is encrypted with version %d",
	      link_version());
	expect_consistent_enabled(k);
	note("Type 0 over HDCP 2.2: Enabled in %.0f ms", ms);
}

static void case_hdcp2_type1(struct kms *k)
{
	double ms = enable_type(k, 1);

	if (ms < 0)
		return;
	check(link_version() == 2, "Type 1 Enabled on version %d", link_version());
	note("Type 1 over HDCP 2.2: Enabled in %.0f ms", ms);
}

/* Type 1 stays Enabled through 4 s of link checks (every 500 ms). */
static void case_hdcp2_type1_holds(struct kms *k)
{
	struct trace t;

	if (enable_type(k, 1) < 0)
		return;
	uevent_drain(k);
	check(!cp_hold(k, CP_ENABLED, 4000, inv_desired(), &t),
	      "Type 1 did not stay Enabled for 4 s: %s", t.violation);
	check(!t.cp_uevents, "%u Content Protection uevents while it held", t.cp_uevents);
}

/* 1 -> 0 -> 1 on an Enabled link: Desired between, never Undesired. */
static void case_hdcp2_type_change(struct kms *k)
{
	uint64_t types[] = { 0, 1 };
	unsigned int i;

	if (enable_type(k, 1) < 0)
		return;
	for (i = 0; i < ARRAY_SIZE(types); i++) {
		struct trace t;
		int ret;

		uevent_drain(k);
		ret = type_set(k, types[i]);
		if (!check(!ret, "Type %llu: %s", (unsigned long long)types[i], strerror(-ret)))
			return;
		check(cp_get(k) != CP_UNDESIRED, "Type change made it Undesired");
		ret = cp_wait(k, CP_ENABLED, WAIT_ENABLED_MS, inv_desired(), &t);
		if (!expect_wait(&t, ret, CP_ENABLED, "Enabled after the type change"))
			return;
		check(link_version() == 2, "after the change, version %d", link_version());
	}
}

/* A sink without HDCP 2.2: HDCP 1.4 for Type 0, Desired for Type 1. */
static void case_hdcp2_fallback(struct kms *k)
{
	if (!knob(K_HDCP2, "0") || enable(k, false) < 0)
		return;
	check(link_version() == 1, "fallback: encrypted with version %d", link_version());
	uevent_drain(k);
	type_set(k, 1);
	expect_hold(k, CP_DESIRED, HOLD_MS, "Type 1 with an HDCP 1.4 sink");
	/* The sink gets HDCP 2.2 back and is plugged in again. */
	knob(K_HDCP2, "1");
	sink_replug();
	if (expect_recover(k, "a replug of an HDCP 2.2 sink") >= 0)
		check(link_version() == 2, "Type 1 on version %d", link_version());
}

static void case_hdcp2_reauth(struct kms *k)
{
	double drop, back;

	if (enable_type(k, 1) < 0)
		return;
	uevent_drain(k);
	if (!knob(K_REAUTH_REQUEST, "1"))
		return;
	drop = expect_drop(k, 1500, "REAUTH_REQ");
	back = drop < 0 ? -1 : expect_recover(k, "REAUTH_REQ");
	if (back >= 0)
		note("REAUTH_REQ seen after %.0f ms, Enabled %.0f ms later", drop, back);
}

/* DP: LINK_INTEGRITY_FAILURE with CP_IRQ; HDMI: the sink asks again. */
static void case_hdcp2_link_failure(struct kms *k)
{
	if (enable(k, false) < 0)
		return;
	uevent_drain(k);
	if (!knob(K_BREAK_LINK, "1"))
		return;
	if (expect_drop(k, k->transport == T_DP ? 500 : 1500, "a link failure") >= 0)
		expect_recover(k, "the link failure");
	knob(K_BREAK_LINK, "0");
}

static void case_hdcp2_repeater(struct kms *k)
{
	struct trace t;

	if (!knob(K_HDCP2_TOPOLOGY, "repeater 3 1") || enable_type(k, 1) < 0)
		return;
	uevent_drain(k);
	if (!knob(K_HDCP2_TOPOLOGY_CHANGE, "5 2"))
		return;
	check(!cp_hold(k, CP_ENABLED, HOLD_MS, inv_desired(), &t),
	      "Type 1 on a repeater did not survive a topology change: %s", t.violation);
	check(link_version() == 2, "after the topology change, version %d", link_version());
}

static void case_hdcp2_repeater_hdcp1_downstream(struct kms *k)
{
	int ret;

	if (!knob(K_HDCP2_TOPOLOGY, "repeater 3 1 hdcp1"))
		return;
	ret = kms_commit(k, 0, 2, k->conn_id, k->type, (uint64_t)1, k->conn_id, k->cp,
			 (uint64_t)CP_DESIRED);
	if (!check(!ret, "Type 1 + Desired: %s", strerror(-ret)))
		return;
	expect_hold(k, CP_DESIRED, HOLD_MS, "Type 1 with an HDCP 1.x device downstream");
	type_set(k, 0);
	expect_recover(k, "Type 0 for that repeater");
}

/*
 * 1A-09, 1A-11, 1A-13: the sink asks for a new authentication and spoils
 * it; Desired holds until the fault is mended, then Enabled comes back.
 */
static void case_hdcp2_faults(struct kms *k)
{
	static const char *const faults[] = { "bad_cert", "bad_h_prime", "bad_l_prime" };
	unsigned int i;

	if (enable(k, false) < 0)
		return;
	for (i = 0; i < ARRAY_SIZE(faults); i++) {
		if (!hdcp2_knob(K_HDCP2_FAULT, "%s 1", faults[i]))
			return;
		uevent_drain(k);
		if (!knob(K_REAUTH_REQUEST, "1") || expect_drop(k, 1500, "REAUTH_REQ") < 0)
			return;
		expect_hold(k, CP_DESIRED, 1000, faults[i]);
		hdcp2_knob(K_HDCP2_FAULT, "%s 0", faults[i]);
		if (expect_recover(k, faults[i]) < 0)
			return;
	}
}

/* Print what the sink logged since it counted @before violations. */
static void note_new_violations(enum knob knob, long before)
{
	char buf[4096] = "";
	long now = knob_read_long(knob);

	if (before < 0 || now <= before || knob_read(knob, buf, sizeof(buf)) < 0)
		return;
	note("%s: %ld new violations during this case; the log:\n%s", knob_path(knob),
	     now - before, strchr(buf, '\n') ? strchr(buf, '\n') + 1 : buf);
}

static void case_hdcp2_no_violations(struct kms *k)
{
	char buf[4096] = "";
	int ret = knob_read(K_HDCP2_VIOLATIONS, buf, sizeof(buf));

	(void)k;
	if (!check(ret >= 0, "%s: %s", knob_path(K_HDCP2_VIOLATIONS), strerror(-ret)))
		return;
	check(strtol(buf, NULL, 10) == 0,
	      "the strict HDCP 2.2 sink recorded protocol violations:\n%s", buf);
}

static const struct tcase cases[] = {
	{ "property_enum", T_ANY, M_ANY, case_property_enum },
	{ "atomic_desired_enabled_uevent", T_ANY, M_ANY, case_atomic_desired_enabled },
	{ "legacy_desired_enabled_uevent", T_ANY, M_ANY, case_legacy_desired_enabled },
	{ "atomic_undesired_stops_encryption", T_ANY, M_ANY, case_atomic_undesired },
	{ "legacy_undesired_stops_encryption", T_ANY, M_ANY, case_legacy_undesired },
	{ "atomic_refuses_enabled_and_out_of_range", T_ANY, M_ANY, case_atomic_refuses },
	{ "legacy_refuses_enabled_and_out_of_range", T_ANY, M_ANY, case_legacy_refuses },
	{ "crtc_and_plane_refuse_the_property", T_ANY, M_ANY, case_crtc_plane_refused },
	{ "non_master_refused", T_ANY, M_ANY, case_non_master_refused },
	{ "hdmi_ri_link_failure_and_recovery", T_HDMI, M_HDCP1, case_link_failure },
	{ "dp_cp_irq_link_failure_and_recovery", T_DP, M_HDCP1, case_link_failure },
	{ "dp_reauthentication_request", T_DP, M_HDCP1, case_dp_reauth_request },
	{ "dpms_keeps_desired", T_ANY, M_ANY, case_dpms },
	{ "dpms_full_state_keeps_desired", T_ANY, M_ANY, case_dpms_full_state },
	{ "modeset_keeps_desired", T_ANY, M_ANY, case_modeset },
	{ "unplug_replug_keeps_desired", T_ANY, M_ANY, case_unplug_replug },
	{ "suspend_resume_keeps_desired", T_ANY, M_ANY, case_suspend_resume },
	{ "srm_revokes_sink", T_ANY, M_HDCP1, case_srm_revokes_sink },
	{ "srm_facsimile_does_not_revoke_sink", T_ANY, M_HDCP1, case_srm_facsimile },
	{ "srm_facsimile_revokes_b1", T_ANY, M_HDCP1, case_srm_facsimile_revokes_b1 },
	{ "repeater_1_device", T_ANY, M_HDCP1, case_repeater_1 },
	{ "repeater_32_devices", T_ANY, M_HDCP1, case_repeater_32 },
	{ "repeater_127_devices_depth_7", T_ANY, M_HDCP1, case_repeater_127_depth_7 },
	{ "repeater_max_devs_exceeded_retries", T_ANY, M_HDCP1, case_repeater_max_devs },
	{ "repeater_max_cascade_exceeded_retries", T_ANY, M_HDCP1, case_repeater_max_cascade },
	{ "repeater_ready_never_retries", T_ANY, M_HDCP1, case_repeater_ready_never },
	{ "repeater_wrong_v_retries", T_ANY, M_HDCP1, case_repeater_bad_v },
	{ "sink_not_capable_retries", T_ANY, M_HDCP1, case_sink_not_capable },
	{ "wrong_r0_retries", T_ANY, M_HDCP1, case_wrong_r0 },
	{ "slow_r0_sink", T_ANY, M_HDCP1, case_slow_r0 },
	{ "content_type_1_never_enabled", T_ANY, M_HDCP1, case_content_type_1 },
	{ "stress_200_toggles", T_ANY, M_ANY, case_stress_toggles },
	{ "stress_50_replugs_during_authentication", T_ANY, M_ANY, case_stress_replug },
	{ "stress_100_dpms_cycles_while_enabled", T_ANY, M_ANY, case_stress_dpms },
	{ "edid_override_replaces_the_sink_edid", T_ANY, M_ANY, case_edid_override },
	{ "sink_saw_no_protocol_violation", T_ANY, M_ANY, case_no_violations },
	{ "hdcp2_sink_capability", T_ANY, M_HDCP2, case_hdcp2_capability },
	{ "hdcp2_type0_desired_enabled", T_ANY, M_HDCP2, case_hdcp2_type0 },
	{ "hdcp2_type1_desired_enabled", T_ANY, M_HDCP2, case_hdcp2_type1 },
	{ "hdcp2_type1_link_integrity_4s", T_ANY, M_HDCP2, case_hdcp2_type1_holds },
	{ "hdcp2_content_type_1_0_1_never_undesired", T_ANY, M_HDCP2, case_hdcp2_type_change },
	{ "hdcp2_fallback_to_hdcp1_type0_only", T_ANY, M_HDCP2, case_hdcp2_fallback },
	{ "hdcp2_reauth_request_and_recovery", T_ANY, M_HDCP2, case_hdcp2_reauth },
	{ "hdcp2_link_failure_and_recovery", T_ANY, M_HDCP2, case_hdcp2_link_failure },
	{ "hdcp2_repeater_type1_topology_change", T_ANY, M_HDCP2, case_hdcp2_repeater },
	{ "hdcp2_repeater_hdcp1_downstream_refuses_type1", T_ANY, M_HDCP2,
	  case_hdcp2_repeater_hdcp1_downstream },
	{ "hdcp2_faults_retry_then_recover", T_ANY, M_HDCP2, case_hdcp2_faults },
	{ "hdcp2_sink_saw_no_protocol_violation", T_ANY, M_HDCP2, case_hdcp2_no_violations },
};

static bool selected(const char *name, int argc, char **argv)
{
	int i;

	if (!argc)
		return true;
	for (i = 0; i < argc; i++)
		if (!fnmatch(argv[i], name, 0))
			return true;
	return false;
}

/*
 * Run the cases for this boot's link (each name gets the transport as a
 * suffix, so that the HDMI and DP boots count apart); "N passed, N failed".
 */
int run_tests(struct kms *k, int argc, char **argv)
{
	unsigned int i, passed = 0, failed = 0;

	initial_cp = cp_get(k);
	say("hdcp-e2e: VKMS card%d, %s (id %u) with an emulated HDCP %s %s sink",
	    k->minor, k->conn_name, k->conn_id, k->hdcp2 ? "2.2 and 1.4" : "1.4",
	    transport_name(k->transport));
	knob_read(K_BKSV, initial_bksv, sizeof(initial_bksv));
	initial_bksv[strcspn(initial_bksv, "\n")] = '\0';

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct tcase *c = &cases[i];
		long seen1, seen2;
		unsigned int before;
		double t0;

		if ((c->transport != T_ANY && c->transport != k->transport) ||
		    (c->mode == M_HDCP1 && k->hdcp2) || (c->mode == M_HDCP2 && !k->hdcp2) ||
		    !selected(c->name, argc, argv))
			continue;
		before = check_failures;
		t0 = now_s();
		seen1 = knob_read_long(K_VIOLATIONS);
		seen2 = k->hdcp2 ? knob_read_long(K_HDCP2_VIOLATIONS) : 0;
		if (reset(k))
			check(false, "could not reset the connector and the sink");
		else
			c->run(k);
		/* The final checks fail on them; this says which case saw them. */
		note_new_violations(K_VIOLATIONS, seen1);
		if (k->hdcp2)
			note_new_violations(K_HDCP2_VIOLATIONS, seen2);
		if (check_failures == before) {
			passed++;
			say("PASS %s.%s%s (%.1f s)", c->name, transport_name(k->transport),
			    k->hdcp2 ? "-hdcp2" : "", now_s() - t0);
		} else {
			failed++;
			say("FAIL %s.%s%s (%.1f s)", c->name, transport_name(k->transport),
			    k->hdcp2 ? "-hdcp2" : "", now_s() - t0);
		}
	}
	reset(k);
	say("%u passed, %u failed", passed, failed);
	return failed ? 1 : 0;
}
