// SPDX-License-Identifier: GPL-2.0+
/*
 * KUnit tests for the emulated HDCP 1.4 link of VKMS. Each case creates a
 * VKMS device, lights its output up and sets the property through real
 * atomic commits, and injects faults through the debugfs knobs. The engine
 * runs from the test thread on an injected clock, which the emulated
 * transmitter and sink share, so the whole suite takes seconds; the last
 * case lets the real workqueue do it. On SMP kernels a second suite
 * checks VKMS's vblank timer, which the emulated link relies on.
 */

#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/string.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_emul.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_atomic_uapi.h>
#include <drm/drm_connector.h>
#include <drm/drm_drv.h>
#include <drm/drm_modes.h>
#include <drm/drm_modeset_lock.h>
#include <drm/drm_probe_helper.h>
#include <drm/drm_property.h>
#include <drm/drm_sysfs.h>
#include <drm/drm_vblank.h>

#include "../../display/drm_hdcp1_internal.h"
#include "../../display/drm_hdcp_helper_internal.h"
#include "../../drm_crtc_internal.h"
#include "../vkms_drv.h"
#include "../vkms_hdcp.h"
#include "../vkms_hdcp_priv.h"

#define CP_UNDESIRED	DRM_MODE_CONTENT_PROTECTION_UNDESIRED
#define CP_DESIRED	DRM_MODE_CONTENT_PROTECTION_DESIRED
#define CP_ENABLED	DRM_MODE_CONTENT_PROTECTION_ENABLED
#define START_MS	1000
/* Long enough for any back-off to come round (6.4 s) and one more attempt. */
#define RECOVER_MS	(DRM_HDCP1_RETRY_MAX_MS + 1000)

struct vkms_hdcp_test {
	struct vkms_config config;
	struct vkms_device *vkms;
	struct drm_connector *connector;
	struct vkms_hdcp *hdcp;
	struct drm_display_mode *mode;
	u64 now;		/* the injected clock, ms */
	bool queued;		/* the engine asked to run at @due */
	u64 due;
	unsigned int events;	/* Content Protection uevents */
	const u8 *srm;
	size_t srm_len;
};

static struct vkms_hdcp_test *current_test(void)
{
	return kunit_get_current_test()->priv;
}

static void count_property_event(struct drm_connector *connector,
				 struct drm_property *property)
{
	current_test()->events++;
}

static int test_check_revoked(struct drm_device *drm, u8 *ksvs, u32 count)
{
	struct vkms_hdcp_test *t = current_test();

	if (!t->srm)
		return 0;
	return drm_hdcp_srm_count_revoked(t->srm, t->srm_len, ksvs, count, NULL);
}

static u64 engine_now_ms(void)
{
	return current_test()->now;
}

static u64 link_now_ns(void)
{
	return current_test()->now * NSEC_PER_MSEC;
}

static void engine_queue(struct drm_hdcp_port *port, unsigned long delay_ms)
{
	struct vkms_hdcp_test *t = current_test();
	u64 due = t->now + delay_ms;

	if (!t->queued || due < t->due)
		t->due = due;
	t->queued = true;
}

static void destroy_vkms(void *config)
{
	vkms_destroy(config);
}

static struct vkms_hdcp_test *make_vkms(struct kunit *test, bool hdcp, bool dp,
					bool injected)
{
	struct vkms_hdcp_test *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	test->priv = t;
	t->now = START_MS;
	t->config.hdcp = hdcp;
	t->config.hdcp_dp = dp;
	kunit_activate_static_stub(test, drm_sysfs_connector_property_event,
				   count_property_event);
	kunit_activate_static_stub(test, drm_hdcp_check_ksvs_revoked, test_check_revoked);
	if (injected) {
		kunit_activate_static_stub(test, drm_hdcp_port_now_ms, engine_now_ms);
		kunit_activate_static_stub(test, drm_hdcp_port_queue, engine_queue);
		kunit_activate_static_stub(test, vkms_hdcp_now_ns, link_now_ns);
	}
	KUNIT_ASSERT_EQ(test, vkms_create(&t->config), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_vkms, &t->config), 0);
	t->vkms = t->config.dev;
	t->connector = &t->vkms->output.connector;
	t->hdcp = t->vkms->output.hdcp;
	t->mode = drm_cvt_mode(&t->vkms->drm, 1024, 768, 60, false, false, false);
	KUNIT_ASSERT_NOT_NULL(test, t->mode);
	drm_mode_set_crtcinfo(t->mode, 0);
	return t;
}

static struct vkms_hdcp_test *make(struct kunit *test, bool dp)
{
	return make_vkms(test, true, dp, true);
}

/* Advance the injected clock by @ms, running the engine whenever it asked. */
static void run_for(struct vkms_hdcp_test *t, u64 ms)
{
	u64 end = t->now + ms;

	while (t->queued && t->due <= end) {
		t->now = max(t->now, t->due);
		t->queued = false;
		drm_hdcp_port_run(&t->hdcp->engine->port);
	}
	t->now = end;
}

static u64 cp(struct vkms_hdcp_test *t)
{
	u64 val;

	drm_modeset_lock_all(&t->vkms->drm);
	val = t->connector->state->content_protection;
	drm_modeset_unlock_all(&t->vkms->drm);
	return val;
}

/* Run until the property reads @want; returns the injected ms it took. */
static u64 run_until_cp(struct vkms_hdcp_test *t, u64 want, u64 limit)
{
	u64 start = t->now;

	while (cp(t) != want && t->now - start < limit)
		run_for(t, 1);
	return t->now - start;
}

/* Puts a commit's content in @state; run again after each deadlock back-off. */
typedef int (*build_fn)(struct drm_atomic_state *state, void *arg);

/* A blocking atomic commit of what @build puts in it, with the usual back-off. */
static int commit_built(struct kunit *test, struct drm_device *drm,
			build_fn build, void *arg)
{
	struct drm_modeset_acquire_ctx ctx;
	struct drm_atomic_state *state;
	int ret;

	state = drm_atomic_state_alloc(drm);
	KUNIT_ASSERT_NOT_NULL(test, state);
	drm_modeset_acquire_init(&ctx, 0);
	state->acquire_ctx = &ctx;
retry:
	ret = build(state, arg);
	if (!ret)
		ret = drm_atomic_commit(state);
	if (ret == -EDEADLK) {
		drm_atomic_state_clear(state);
		drm_modeset_backoff(&ctx);
		goto retry;
	}
	drm_atomic_state_put(state);
	drm_modeset_drop_locks(&ctx);
	drm_modeset_acquire_fini(&ctx);
	return ret;
}

struct mode_commit {
	struct vkms_hdcp_test *t;
	bool active;
	const struct drm_display_mode *mode;
	u64 cp_val;
};

static int build_mode_commit(struct drm_atomic_state *state, void *arg)
{
	struct mode_commit *c = arg;
	struct vkms_hdcp_test *t = c->t;
	struct drm_crtc *crtc = &t->vkms->output.crtc;
	struct drm_property *prop = t->vkms->drm.mode_config.content_protection_property;
	struct drm_connector_state *conn_state;
	struct drm_crtc_state *crtc_state;
	int ret;

	conn_state = drm_atomic_get_connector_state(state, t->connector);
	ret = PTR_ERR_OR_ZERO(conn_state);
	/* Off is DPMS off: the CRTC keeps its mode and connector. */
	if (!ret)
		ret = drm_atomic_set_crtc_for_connector(conn_state, crtc);
	crtc_state = ret ? NULL : drm_atomic_get_crtc_state(state, crtc);
	if (!ret)
		ret = PTR_ERR_OR_ZERO(crtc_state);
	if (!ret)
		ret = drm_atomic_set_mode_for_crtc(crtc_state, c->mode);
	if (!ret) {
		crtc_state->active = c->active;
		if (prop)
			ret = drm_atomic_set_property(state, NULL, &t->connector->base, prop,
						      c->cp_val, false);
	}
	return ret;
}

/* One atomic commit: the CRTC on (with @mode) or off, and the property value. */
static int commit_mode(struct kunit *test, struct vkms_hdcp_test *t, bool active,
		       const struct drm_display_mode *mode, u64 cp_val)
{
	struct mode_commit c = { .t = t, .active = active, .mode = mode, .cp_val = cp_val };

	return commit_built(test, &t->vkms->drm, build_mode_commit, &c);
}

static void commit(struct kunit *test, struct vkms_hdcp_test *t, bool active, u64 cp_val)
{
	KUNIT_ASSERT_EQ(test, commit_mode(test, t, active, t->mode, cp_val), 0);
}

static int build_plane_only(struct drm_atomic_state *state, void *arg)
{
	return PTR_ERR_OR_ZERO(drm_atomic_get_plane_state(state, arg));
}

/* A commit of the primary plane only, as a page flip would be. */
static void commit_plane_only(struct kunit *test, struct vkms_hdcp_test *t)
{
	KUNIT_ASSERT_EQ(test, commit_built(test, &t->vkms->drm, build_plane_only,
					   t->vkms->output.crtc.primary), 0);
}

static int store(struct vkms_hdcp_test *t, const char *knob, const char *val)
{
	return vkms_hdcp_knob_store(t->hdcp, knob, val, strlen(val));
}

static void knob(struct kunit *test, struct vkms_hdcp_test *t, const char *name,
		 const char *val)
{
	KUNIT_ASSERT_EQ_MSG(test, store(t, name, val), 0, "%s <- %s", name, val);
}

static const char *show(struct kunit *test, struct vkms_hdcp_test *t, const char *name)
{
	char *buf = kunit_kzalloc(test, 1024, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_GT(test, vkms_hdcp_knob_show(t->hdcp, name, buf, 1024), 0);
	return buf;
}

static unsigned int violations(struct vkms_hdcp_test *t)
{
	return drm_hdcp1_emul_violations(t->hdcp->sink);
}

static u32 link_gen(struct vkms_hdcp_test *t)
{
	return t->hdcp->engine->port.link_gen;
}

static struct vkms_hdcp_test *enabled(struct kunit *test, bool dp)
{
	struct vkms_hdcp_test *t = make(test, dp);

	commit(test, t, true, CP_DESIRED);
	run_for(t, 300);
	KUNIT_ASSERT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_ASSERT_EQ(test, t->events, 1);
	return t;
}

static struct dentry *lookup(struct dentry *dir, const char *name)
{
	struct dentry *d = debugfs_lookup(name, dir);

	dput(d);
	return d;
}

static bool has_prop(struct drm_connector *connector, struct drm_property *prop)
{
	int i;

	for (i = 0; prop && i < connector->base.properties->count; i++)
		if (connector->base.properties->properties[i] == prop)
			return true;
	return false;
}

/* Item 1: HDCP off: VKMS's own connector, properties and debugfs files. */
static void vkms_test_hdcp_off_is_pristine(struct kunit *test)
{
	struct vkms_hdcp_test *on = make_vkms(test, true, false, true);
	struct drm_connector *c_on = on->connector;
	struct vkms_hdcp_test *off = make_vkms(test, false, false, true);
	struct drm_connector *c_off = off->connector;
	int i, j;

	KUNIT_EXPECT_NULL(test, off->hdcp);
	KUNIT_EXPECT_NULL(test, off->vkms->drm.mode_config.content_protection_property);
	KUNIT_EXPECT_NULL(test, c_off->funcs->detect);
	KUNIT_EXPECT_EQ(test, c_off->connector_type, DRM_MODE_CONNECTOR_VIRTUAL);
	KUNIT_EXPECT_NULL(test, c_off->funcs->debugfs_init);
	KUNIT_EXPECT_NULL(test, lookup(c_off->debugfs_entry, "hdcp"));
	KUNIT_EXPECT_NULL(test, lookup(c_off->debugfs_entry, "hdcp_sink_capability"));
	/*
	 * The HDCP connector has exactly three more properties: the HDCP ones,
	 * and EDID, which every connector but a virtual one has.
	 */
	KUNIT_EXPECT_EQ(test, c_on->base.properties->count, c_off->base.properties->count + 3);
	KUNIT_EXPECT_TRUE(test, has_prop(c_on, on->vkms->drm.mode_config.edid_property));
	for (i = 0; i < c_off->base.properties->count; i++) {
		const char *name = c_off->base.properties->properties[i]->name;
		bool found = false;

		for (j = 0; j < c_on->base.properties->count; j++)
			found |= !strcmp(c_on->base.properties->properties[j]->name, name);
		KUNIT_EXPECT_TRUE_MSG(test, found, "%s", name);
	}
	KUNIT_EXPECT_TRUE(test, has_prop(c_on,
					 on->vkms->drm.mode_config.content_protection_property));
	KUNIT_EXPECT_TRUE(test, has_prop(c_on,
					 on->vkms->drm.mode_config.hdcp_content_type_property));
	/* Lighting the output up works as it always did. */
	commit(test, off, true, 0);
	KUNIT_EXPECT_TRUE(test, off->vkms->output.crtc.state->active);
}

static const char * const knob_names[] = {
	"capable", "connected", "break_link", "reauth_request", "corrupt_r0",
	"corrupt_v", "r0_delay_ms", "ready_delay_ms", "ready_never", "topology",
	"max_devs_exceeded", "max_cascade_exceeded", "bksv", "encrypting", "violations",
};

/* Item 8: the files and what they print. */
static void vkms_test_hdcp_debugfs_layout(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);
	struct dentry *dir = lookup(t->connector->debugfs_entry, "hdcp");
	struct dentry *cap = lookup(t->connector->debugfs_entry, "hdcp_sink_capability");
	char expect[64];
	int i;

	KUNIT_ASSERT_NOT_NULL(test, dir);
	KUNIT_ASSERT_NOT_NULL(test, cap);
	/* Readable by everyone, like i915's and amdgpu's. */
	KUNIT_EXPECT_EQ(test, d_inode(cap)->i_mode & 0777, 0444);
	for (i = 0; i < ARRAY_SIZE(knob_names); i++) {
		struct dentry *d = lookup(dir, knob_names[i]);

		KUNIT_EXPECT_NOT_NULL_MSG(test, d, "%s", knob_names[i]);
		if (d)
			KUNIT_EXPECT_EQ(test, d_inode(d)->i_mode & 0044, 0);
	}
	KUNIT_EXPECT_STREQ(test, show(test, t, "topology"), "receiver\n");
	KUNIT_EXPECT_STREQ(test, show(test, t, "violations"), "0\n");
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");
	snprintf(expect, sizeof(expect), "%010llx\n", drm_hdcp1_emul_ksv(1));
	KUNIT_EXPECT_STREQ(test, show(test, t, "bksv"), expect);
	KUNIT_EXPECT_EQ(test, cp(t), CP_UNDESIRED);
}

static void transport_desc(const bool *dp, char *desc)
{
	strscpy(desc, *dp ? "DP" : "HDMI", KUNIT_PARAM_DESC_SIZE);
}

static const bool transports[] = { false, true };
KUNIT_ARRAY_PARAM(transport, transports, transport_desc);

/* Desired -> Enabled about 100 ms after the commit, with a strict sink. */
static void vkms_test_hdcp_desired_reaches_enabled(struct kunit *test)
{
	const bool *dp = test->param_value;
	struct vkms_hdcp_test *t = make(test, *dp);
	u64 ms;

	commit(test, t, true, CP_DESIRED);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	ms = run_until_cp(t, CP_ENABLED, 1000);
	KUNIT_EXPECT_EQ(test, ms, (u64)DRM_HDCP1_R0_FLOOR_MS);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "1\n");
	/* Link checks go on passing as Ri' rolls. */
	run_for(t, 10 * DRM_HDCP1_LINK_CHECK_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_GT(test, drm_hdcp1_emul_frame(t->hdcp->sink), 128);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/*
 * Item 3: encrypting holds no vblank reference: the count is what it is
 * without HDCP, lit (0) and off (1, drm_crtc_vblank_off() holds one).
 */
static void vkms_test_hdcp_no_vblank_reference(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);
	atomic_t *refcount = &t->vkms->drm.vblank[0].refcount;
	int off = atomic_read(refcount);

	commit(test, t, true, CP_UNDESIRED);
	KUNIT_EXPECT_EQ(test, atomic_read(refcount), 0);
	commit(test, t, true, CP_DESIRED);
	run_for(t, 10 * DRM_HDCP1_LINK_CHECK_MS);
	KUNIT_ASSERT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "1\n");
	KUNIT_EXPECT_EQ(test, atomic_read(refcount), 0);
	commit(test, t, false, CP_DESIRED);
	run_for(t, 100);
	KUNIT_EXPECT_EQ(test, atomic_read(refcount), off);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");
}

/* Item 2: commits that change nothing HDCP cares about keep Enabled as it is. */
static void vkms_test_hdcp_unrelated_commits_keep_enabled(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);
	u32 gen = link_gen(t);

	commit_plane_only(test, t);
	run_for(t, 50);
	commit(test, t, true, CP_DESIRED);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	run_for(t, 50);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, link_gen(t), gen);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* Item 2: a modeset re-authenticates and shows Desired until it has. */
static void vkms_test_hdcp_modeset_reauthenticates(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);
	struct drm_display_mode *other;
	u32 gen = link_gen(t);

	other = drm_cvt_mode(&t->vkms->drm, 800, 600, 60, false, false, false);
	KUNIT_ASSERT_NOT_NULL(test, other);
	drm_mode_set_crtcinfo(other, 0);
	KUNIT_ASSERT_EQ(test, commit_mode(test, t, true, other, CP_DESIRED), 0);
	drm_mode_destroy(&t->vkms->drm, other);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_NE(test, link_gen(t), gen);
	KUNIT_EXPECT_EQ(test, run_until_cp(t, CP_ENABLED, 1000), (u64)DRM_HDCP1_R0_FLOOR_MS);
	/* Enabled, the fall back the modeset made (announced), Enabled. */
	KUNIT_EXPECT_EQ(test, t->events, 3);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* DPMS off and on: HDCP stops with the CRTC; Desired survives. */
static void vkms_test_hdcp_dpms_keeps_desired(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);

	commit(test, t, false, CP_DESIRED);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");
	run_for(t, 5000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	commit(test, t, true, CP_DESIRED);
	run_for(t, 200);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	/* Enabled, the fall back DPMS made (announced), Enabled. */
	KUNIT_EXPECT_EQ(test, t->events, 3);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* Undesired from userspace: no uevent, encryption off. */
static void vkms_test_hdcp_undesired(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);

	commit(test, t, true, CP_UNDESIRED);
	run_for(t, 50);
	KUNIT_EXPECT_EQ(test, cp(t), CP_UNDESIRED);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");
	run_for(t, 5000);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* Knob "connected": unplug drops to Desired, replug comes back by itself. */
static void vkms_test_hdcp_knob_connected(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);

	knob(test, t, "connected", "0");
	KUNIT_EXPECT_EQ(test, t->connector->status, connector_status_disconnected);
	KUNIT_EXPECT_EQ(test, t->connector->funcs->detect(t->connector, false),
			connector_status_disconnected);
	run_for(t, 50);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 2);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");
	run_for(t, 5000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);

	knob(test, t, "connected", "1");
	KUNIT_EXPECT_EQ(test, t->connector->status, connector_status_connected);
	KUNIT_EXPECT_EQ(test, run_until_cp(t, CP_ENABLED, 1000), (u64)DRM_HDCP1_R0_FLOOR_MS);
	KUNIT_EXPECT_EQ(test, t->events, 3);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* Item 4: an unplug between a commit and the engine's run: nothing is tried. */
static void vkms_test_hdcp_unplug_races_commit(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);

	commit(test, t, true, CP_DESIRED);
	knob(test, t, "connected", "0");
	run_for(t, 10000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->hdcp->engine->fsm.state, DRM_HDCP1_WAIT_LINK);
	KUNIT_EXPECT_FALSE(test, t->queued);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
	knob(test, t, "connected", "1");
	KUNIT_EXPECT_EQ(test, run_until_cp(t, CP_ENABLED, 1000), (u64)DRM_HDCP1_R0_FLOOR_MS);
}

/* After a fault cleared: Enabled again, @events uevents in all, no violation. */
static void expect_recovered(struct kunit *test, struct vkms_hdcp_test *t, unsigned int events)
{
	run_until_cp(t, CP_ENABLED, RECOVER_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, t->events, events);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

static const char *capability(struct kunit *test, struct vkms_hdcp_test *t)
{
	char *buf = kunit_kzalloc(test, 64, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_GT(test, vkms_hdcp_capability(t->connector, buf, 64), 0);
	return buf;
}

/* Knob "capable" and the capability file. */
static void vkms_test_hdcp_knob_capable(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);
	char expect[64];

	snprintf(expect, sizeof(expect), "%s:%d HDCP version: %s %s",
		 t->connector->name, t->connector->base.id, "HDCP1.4", "\n");
	KUNIT_EXPECT_STREQ(test, capability(test, t), expect);
	knob(test, t, "capable", "0");
	snprintf(expect, sizeof(expect), "%s:%d HDCP version: %s %s",
		 t->connector->name, t->connector->base.id, "None", "\n");
	KUNIT_EXPECT_STREQ(test, capability(test, t), expect);
	commit(test, t, true, CP_DESIRED);
	run_for(t, 3000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 0);
	KUNIT_EXPECT_STREQ(test, show(test, t, "capable"), "0\n");

	knob(test, t, "capable", "1");
	expect_recovered(test, t, 1);
}

/* Knob "break_link", HDMI (1A-07): Ri' diverges, the next check notices. */
static void vkms_test_hdcp_knob_break_link_hdmi(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);
	u64 ms;

	knob(test, t, "break_link", "1");
	ms = run_until_cp(t, CP_DESIRED, 3 * DRM_HDCP1_LINK_CHECK_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	/* Within one check period, once Ri' has rolled. */
	KUNIT_EXPECT_LE(test, ms, 3 * (u64)DRM_HDCP1_LINK_CHECK_MS);
	KUNIT_EXPECT_EQ(test, t->events, 2);
	KUNIT_EXPECT_STREQ(test, show(test, t, "break_link"), "1\n");
	knob(test, t, "break_link", "0");
	expect_recovered(test, t, 3);
}

/* Knob "break_link", DP: LINK_INTEGRITY_FAILURE with CP_IRQ, acted on at once. */
static void vkms_test_hdcp_knob_break_link_dp(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, true);

	knob(test, t, "break_link", "1");
	KUNIT_EXPECT_TRUE(test, t->queued);
	run_for(t, 0);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 2);
	knob(test, t, "break_link", "0");
	/* The next authentication clears the sink's flag. */
	expect_recovered(test, t, 3);
}

/* Knob "reauth_request": DP only, REAUTHENTICATION_REQUEST with CP_IRQ. */
static void vkms_test_hdcp_knob_reauth_request(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, true);

	knob(test, t, "reauth_request", "1");
	run_for(t, 0);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	expect_recovered(test, t, 3);
	KUNIT_EXPECT_EQ(test, store(t, "reauth_request", "0"), -EINVAL);
}

static void vkms_test_hdcp_reauth_request_not_on_hdmi(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);

	KUNIT_EXPECT_EQ(test, store(t, "reauth_request", "1"), -EINVAL);
	run_for(t, 100);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
}

struct fault_case {
	const char *name;
	bool dp;
	const char *topology;	/* NULL: receiver */
	const char *knob, *set, *clear;
	u64 wait_ms;		/* how long it stays Desired at least */
};

static const struct fault_case fault_cases[] = {
	{ "1A-06 corrupt R0', HDMI", false, NULL, "corrupt_r0", "1", "0", 3000 },
	{ "1A-06 corrupt R0', DP", true, NULL, "corrupt_r0", "1", "0", 3000 },
	{ "R0' later than any wait", false, NULL, "r0_delay_ms", "400", "0", 3000 },
	{ "1B-03 READY never", false, "repeater 2 1", "ready_never", "1", "0", 6000 },
	{ "1B-03 READY too late", true, "repeater 2 1", "ready_delay_ms", "5200", "50", 6000 },
	{ "1B-04 corrupt V', HDMI", false, "repeater 3 1", "corrupt_v", "1", "0", 3000 },
	{ "1B-04 corrupt V', DP", true, "repeater 3 1", "corrupt_v", "1", "0", 3000 },
	{ "1B-05 MAX_DEVS_EXCEEDED", false, "repeater 127 3", "max_devs_exceeded",
	  "1", "0", 3000 },
	{ "1B-06 MAX_CASCADE_EXCEEDED", true, "repeater 4 4", "max_cascade_exceeded",
	  "1", "0", 3000 },
};

static void fault_desc(const struct fault_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(fault, fault_cases, fault_desc);

/* Each fault keeps the connector Desired, silently; cleared, it recovers. */
static void vkms_test_hdcp_fault_and_recovery(struct kunit *test)
{
	const struct fault_case *c = test->param_value;
	struct vkms_hdcp_test *t = make(test, c->dp);
	char expect[32];

	if (c->topology)
		knob(test, t, "topology", c->topology);
	knob(test, t, c->knob, c->set);
	snprintf(expect, sizeof(expect), "%s\n", c->set);
	KUNIT_EXPECT_STREQ(test, show(test, t, c->knob), expect);
	commit(test, t, true, CP_DESIRED);
	run_for(t, c->wait_ms);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 0);
	/* A repeater's link is encrypted while it gathers its list. */
	if (!c->topology)
		KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");

	knob(test, t, c->knob, c->clear);
	expect_recovered(test, t, 1);
}

/*
 * A sink slower than the 100 ms allowed, within the 300 ms Linux 6.12
 * waited: R0' is read at 100 ms, then again at 300 ms, which matches.
 */
static void vkms_test_hdcp_knob_r0_delay_read_again(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);

	knob(test, t, "r0_delay_ms", "250");
	KUNIT_EXPECT_STREQ(test, show(test, t, "r0_delay_ms"), "250\n");
	commit(test, t, true, CP_DESIRED);
	run_for(t, 150);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, run_until_cp(t, CP_ENABLED, 1000) + 150,
			(u64)DRM_HDCP1_R0_SLOW_MS);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/*
 * Slower than 300 ms: reads at 100 and 300 ms (twice) fail. Once the sink
 * is within 300 ms again, the next attempt reads R0' first at 300 ms.
 */
static void vkms_test_hdcp_knob_r0_delay_second_attempt(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);

	knob(test, t, "r0_delay_ms", "350");
	commit(test, t, true, CP_DESIRED);
	run_for(t, DRM_HDCP1_R0_SLOW_MS + 1);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	knob(test, t, "r0_delay_ms", "250");
	KUNIT_EXPECT_EQ(test, run_until_cp(t, CP_ENABLED, 2000),
			(u64)(DRM_HDCP1_RETRY_BASE_MS - 1 + DRM_HDCP1_R0_SLOW_MS));
	KUNIT_EXPECT_EQ(test, t->events, 1);
}

static const char * const repeaters[] = {
	"repeater 0 0", "repeater 1 1", "repeater 2 1", "repeater 31 4", "repeater 127 7",
};

static void repeater_desc(const char * const *s, char *desc)
{
	strscpy(desc, *s, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(repeater, repeaters, repeater_desc);

/* 1B-01: repeaters with downstream trees reach Enabled after READY and V'. */
static void vkms_test_hdcp_knob_topology(struct kunit *test)
{
	const char * const *topo = test->param_value;
	struct vkms_hdcp_test *t = make(test, false);
	char expect[32];

	knob(test, t, "topology", *topo);
	snprintf(expect, sizeof(expect), "%s\n", *topo);
	KUNIT_EXPECT_STREQ(test, show(test, t, "topology"), expect);
	knob(test, t, "ready_delay_ms", "300");
	commit(test, t, true, CP_DESIRED);
	run_for(t, 250);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "1\n");
	run_until_cp(t, CP_ENABLED, 1000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_TRUE(test, t->hdcp->engine->fsm.state == DRM_HDCP1_A4_AUTHENTICATED);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* 1A-08: a Bksv set through debugfs and listed in the SRM is refused. */
static void vkms_test_hdcp_knob_bksv_revoked(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);
	u64 ksv = drm_hdcp1_emul_ksv(7);
	char text[16];
	u8 *srm;
	int i;

	t->srm_len = 5 + 3 + 1 + DRM_HDCP_KSV_LEN + DRM_HDCP_1_4_DCP_SIG_SIZE;
	srm = kunit_kzalloc(test, t->srm_len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, srm);
	srm[0] = DRM_HDCP_1_4_SRM_ID << 4;
	srm[4] = 1;
	srm[7] = t->srm_len - 5;
	srm[8] = 1;
	for (i = 0; i < DRM_HDCP_KSV_LEN; i++)	/* an SRM lists KSVs MSB first */
		srm[9 + i] = ksv >> (8 * (DRM_HDCP_KSV_LEN - 1 - i));
	t->srm = srm;

	snprintf(text, sizeof(text), "%010llx", ksv);
	knob(test, t, "bksv", text);
	KUNIT_EXPECT_STREQ(test, show(test, t, "bksv"), strcat(text, "\n"));
	commit(test, t, true, CP_DESIRED);
	run_for(t, 3000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");

	/* Revoked: no new attempt until userspace asks again. */
	KUNIT_EXPECT_FALSE(test, t->queued);
	t->srm = NULL;
	commit(test, t, true, CP_UNDESIRED);
	commit(test, t, true, CP_DESIRED);
	run_until_cp(t, CP_ENABLED, RECOVER_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* Item 7: suspend and resume keep Desired; a failed re-authentication stays Desired. */
static void vkms_test_hdcp_suspend_resume(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test, false);
	struct device *dev = &t->vkms->platform->dev;

	KUNIT_ASSERT_NOT_NULL(test, dev->pm_domain);
	KUNIT_ASSERT_EQ(test, dev->pm_domain->ops.suspend(dev), 0);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_STREQ(test, show(test, t, "encrypting"), "0\n");
	knob(test, t, "capable", "0");
	KUNIT_ASSERT_EQ(test, dev->pm_domain->ops.resume(dev), 0);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	run_for(t, 3000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);

	knob(test, t, "capable", "1");
	run_until_cp(t, CP_ENABLED, RECOVER_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

struct bad_write {
	const char *knob, *text;
};

static const struct bad_write bad_writes[] = {
	{ "capable", "2" },
	{ "capable", "yes please" },
	{ "connected", "" },
	{ "break_link", "10" },
	{ "corrupt_r0", "-1" },
	{ "r0_delay_ms", "10001" },
	{ "r0_delay_ms", "4294967297" },
	{ "r0_delay_ms", "-1" },
	{ "r0_delay_ms", "5 ms" },
	{ "ready_delay_ms", "99999999999999999999" },
	{ "topology", "repeater" },
	{ "topology", "repeater 128 1" },
	{ "topology", "repeater 3 8" },
	{ "topology", "repeater 3 0" },
	{ "topology", "repeater 1 7" },
	{ "topology", "repeater 3 1 x" },
	{ "topology", "repeater 4294967299 1" },
	{ "topology", "amplifier" },
	{ "max_devs_exceeded", "1" },		/* a receiver has no tree */
	{ "max_cascade_exceeded", "1" },
	{ "bksv", "0" },
	{ "bksv", "ffffffffff" },		/* forty ones */
	{ "bksv", "511ef21acd0" },
	{ "bksv", "zz1ef21acd" },
	{ "encrypting", "1" },
	{ "violations", "0" },
};

static void bad_write_desc(const struct bad_write *w, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s <- \"%s\"", w->knob, w->text);
}

KUNIT_ARRAY_PARAM(bad_write, bad_writes, bad_write_desc);

/* Item 9: bad input fails with -EINVAL and changes nothing. */
static void vkms_test_hdcp_bad_writes_rejected(struct kunit *test)
{
	const struct bad_write *w = test->param_value;
	struct vkms_hdcp_test *t = make(test, false);
	char before[1024];

	strscpy(before, show(test, t, w->knob), sizeof(before));
	KUNIT_EXPECT_EQ(test, store(t, w->knob, w->text), -EINVAL);
	KUNIT_EXPECT_STREQ(test, show(test, t, w->knob), before);
	KUNIT_EXPECT_TRUE(test, t->hdcp->connected);
}

/* A receiver cannot keep limit flags: the topology change is refused too. */
static void vkms_test_hdcp_topology_flags_need_repeater(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);

	knob(test, t, "topology", "repeater 4 2");
	knob(test, t, "max_devs_exceeded", "1");
	KUNIT_EXPECT_EQ(test, store(t, "topology", "receiver"), -EINVAL);
	KUNIT_EXPECT_STREQ(test, show(test, t, "topology"), "repeater 4 2\n");
	knob(test, t, "max_devs_exceeded", "0");
	knob(test, t, "topology", "receiver");
	KUNIT_EXPECT_STREQ(test, show(test, t, "topology"), "receiver\n");
}

static void vkms_test_hdcp_booleans_round_trip(struct kunit *test)
{
	static const char * const on[] = { "1", "y", "Y", "on", "1\n" };
	static const char * const off[] = { "0", "n", "N", "off", "0\n" };
	struct vkms_hdcp_test *t = make(test, false);
	int i;

	for (i = 0; i < ARRAY_SIZE(on); i++) {
		knob(test, t, "corrupt_r0", on[i]);
		KUNIT_EXPECT_STREQ(test, show(test, t, "corrupt_r0"), "1\n");
		knob(test, t, "corrupt_r0", off[i]);
		KUNIT_EXPECT_STREQ(test, show(test, t, "corrupt_r0"), "0\n");
	}
}

/* The production path: the real workqueue and clock authenticate in a second. */
static void vkms_test_hdcp_workqueue_smoke(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, false, false);
	ktime_t start;

	commit(test, t, true, CP_DESIRED);
	start = ktime_get();
	while (cp(t) != CP_ENABLED && ktime_ms_delta(ktime_get(), start) < 1000)
		usleep_range(5000, 6000);
	kunit_info(test, "Desired -> Enabled %lld ms after the commit\n",
		   ktime_ms_delta(ktime_get(), start));
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/*
 * Item B: the connector is what a real sink makes it: HDMI-A or
 * DisplayPort as the transport says, with the monitor's EDID, its name and
 * modes, and an HDMI sink reads as HDMI. The monitor prefers VKMS's default
 * mode, 1024x768@60, so that emulating the link leaves the mode userspace
 * picks (and the work of every frame) as it was; 1920x1080@60 is offered.
 */
static void vkms_test_hdcp_sink_presents_type_and_edid(struct kunit *test)
{
	const bool *dp = test->param_value;
	struct vkms_hdcp_test *t = make(test, *dp);
	struct drm_connector *c = t->connector;
	struct drm_display_mode *mode, *preferred = NULL;
	const struct drm_property_blob *blob;
	bool full_hd = false;
	int count;

	KUNIT_EXPECT_EQ(test, c->connector_type,
			*dp ? DRM_MODE_CONNECTOR_DisplayPort : DRM_MODE_CONNECTOR_HDMIA);
	KUNIT_EXPECT_STREQ(test, c->name, *dp ? "DP-1" : "HDMI-A-1");

	mutex_lock(&t->vkms->drm.mode_config.mutex);
	count = drm_helper_probe_single_connector_modes(c, 4096, 4096);
	list_for_each_entry(mode, &c->modes, head) {
		if (mode->type & DRM_MODE_TYPE_PREFERRED)
			preferred = mode;
		if (mode->hdisplay == 1920 && mode->vdisplay == 1080 &&
		    drm_mode_vrefresh(mode) == 60)
			full_hd = true;
	}
	KUNIT_EXPECT_GE(test, count, 4);
	KUNIT_EXPECT_TRUE(test, full_hd);
	KUNIT_EXPECT_NOT_NULL(test, preferred);
	if (preferred) {
		KUNIT_EXPECT_EQ(test, preferred->hdisplay, XRES_DEF);
		KUNIT_EXPECT_EQ(test, preferred->vdisplay, YRES_DEF);
		KUNIT_EXPECT_EQ(test, drm_mode_vrefresh(preferred), 60);
	}
	KUNIT_EXPECT_EQ(test, c->display_info.is_hdmi, !*dp);
	blob = c->edid_blob_ptr;
	KUNIT_EXPECT_NOT_NULL(test, blob);
	if (blob) {
		KUNIT_EXPECT_EQ(test, blob->length, *dp ? 128 : 256);
		KUNIT_EXPECT_MEMEQ(test, (const u8 *)blob->data + 95, "VKMS HDCP", 9);
	}
	mutex_unlock(&t->vkms->drm.mode_config.mutex);

	/* A sink that goes away takes its EDID along. */
	knob(test, t, "connected", "0");
	mutex_lock(&t->vkms->drm.mode_config.mutex);
	drm_helper_probe_single_connector_modes(c, 4096, 4096);
	KUNIT_EXPECT_NULL(test, c->edid_blob_ptr);
	mutex_unlock(&t->vkms->drm.mode_config.mutex);
}

/*
 * Item A6: teardown while the transmitter is armed (Aksv sent, R0' not yet
 * read): the engine's last reset still reaches the emulated transmitter.
 */
static void vkms_test_hdcp_fini_while_authenticating(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);

	commit(test, t, true, CP_DESIRED);
	run_for(t, DRM_HDCP1_R0_FLOOR_MS / 2);
	KUNIT_ASSERT_EQ(test, cp(t), CP_DESIRED);
	vkms_hdcp_fini(t->vkms);
	KUNIT_EXPECT_NULL(test, t->vkms->output.hdcp);
	t->hdcp = NULL;
	/* A second call, as vkms_destroy() makes it, does nothing. */
	vkms_hdcp_fini(t->vkms);
}

/*
 * Item A6: a device whose creation fails after the connector is made
 * (drm_dev_register() failing) is torn down by its managed releases alone,
 * without vkms_destroy(): the engine must outlive the connector's destroy,
 * which stops it.
 */
static void vkms_test_hdcp_managed_teardown(struct kunit *test)
{
	struct vkms_hdcp_test *t = make(test, false);
	struct platform_device *pdev = t->vkms->platform;

	commit(test, t, true, CP_DESIRED);
	run_for(t, DRM_HDCP1_R0_FLOOR_MS / 2);
	drm_dev_unregister(&t->vkms->drm);
	drm_atomic_helper_shutdown(&t->vkms->drm);
	/* vkms_create()'s error path: the device group goes, then the device. */
	devres_release_group(&pdev->dev, NULL);
	platform_device_unregister(pdev);
	t->config.dev = NULL;
	t->hdcp = NULL;
}

struct destroyer {
	struct vkms_config *config;
	struct completion done;
};

static int destroy_thread(void *data)
{
	struct destroyer *d = data;

	vkms_destroy(d->config);
	complete(&d->done);
	return 0;
}

/*
 * The device goes away (module unload, unbind) while the engine's worker
 * runs on the real workqueue: here it holds its protocol lock and waits
 * for connection_mutex to show Enabled. The destroy waits for it, on
 * another thread, and nothing of the engine runs after it returned.
 */
static void vkms_test_hdcp_destroy_with_worker_running(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, false, false);
	struct drm_modeset_lock *lock = &t->vkms->drm.mode_config.connection_mutex;
	struct drm_hdcp1 *engine = t->hdcp->engine;
	struct destroyer d = { .config = &t->config };
	struct task_struct *task;
	ktime_t end;

	init_completion(&d.done);
	commit(test, t, true, CP_DESIRED);
	drm_modeset_lock(lock, NULL);
	/* Encrypting: the worker's next step is the property, under the lock. */
	end = ktime_add_ms(ktime_get(), 2000);
	while (!(drm_hdcp1_is_encrypting(engine) && mutex_is_locked(&engine->port.proto_lock)) &&
	       ktime_before(ktime_get(), end))
		usleep_range(500, 1000);
	KUNIT_EXPECT_TRUE(test, mutex_is_locked(&engine->port.proto_lock));
	KUNIT_EXPECT_TRUE(test, work_busy(&engine->port.work.work) & WORK_BUSY_RUNNING);

	task = kthread_run(destroy_thread, &d, "vkms-destroy");
	if (IS_ERR(task))
		drm_modeset_unlock(lock);
	KUNIT_ASSERT_FALSE(test, IS_ERR(task));
	/* Until the destroy waits for a modeset lock or for the worker. */
	end = ktime_add_ms(ktime_get(), 2000);
	while (!completion_done(&d.done) && READ_ONCE(task->__state) != TASK_UNINTERRUPTIBLE &&
	       ktime_before(ktime_get(), end))
		usleep_range(500, 1000);
	drm_modeset_unlock(lock);
	KUNIT_ASSERT_GT(test, wait_for_completion_timeout(&d.done, 10 * HZ), 0);
	KUNIT_EXPECT_NULL(test, t->config.dev);
	t->hdcp = NULL;
}

/* The same with the worker's next run queued (R0' not due yet). */
static void vkms_test_hdcp_destroy_with_work_queued(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, false, false);
	struct destroyer d = { .config = &t->config };
	struct drm_hdcp1 *engine;
	ktime_t end;

	init_completion(&d.done);
	engine = t->hdcp->engine;
	knob(test, t, "r0_delay_ms", "2000");
	commit(test, t, true, CP_DESIRED);
	end = ktime_add_ms(ktime_get(), 2000);
	while (!(delayed_work_pending(&engine->port.work) &&
		 READ_ONCE(engine->fsm.state) == DRM_HDCP1_A2_R0) &&
	       ktime_before(ktime_get(), end))
		usleep_range(500, 1000);
	KUNIT_EXPECT_TRUE(test, delayed_work_pending(&engine->port.work));
	destroy_thread(&d);
	KUNIT_EXPECT_NULL(test, t->config.dev);
	t->hdcp = NULL;
}

static struct kunit_case vkms_hdcp_tests[] = {
	KUNIT_CASE(vkms_test_hdcp_off_is_pristine),
	KUNIT_CASE(vkms_test_hdcp_debugfs_layout),
	KUNIT_CASE_PARAM(vkms_test_hdcp_desired_reaches_enabled, transport_gen_params),
	KUNIT_CASE(vkms_test_hdcp_no_vblank_reference),
	KUNIT_CASE(vkms_test_hdcp_unrelated_commits_keep_enabled),
	KUNIT_CASE(vkms_test_hdcp_modeset_reauthenticates),
	KUNIT_CASE(vkms_test_hdcp_dpms_keeps_desired),
	KUNIT_CASE(vkms_test_hdcp_undesired),
	KUNIT_CASE(vkms_test_hdcp_knob_connected),
	KUNIT_CASE(vkms_test_hdcp_unplug_races_commit),
	KUNIT_CASE(vkms_test_hdcp_knob_capable),
	KUNIT_CASE(vkms_test_hdcp_knob_break_link_hdmi),
	KUNIT_CASE(vkms_test_hdcp_knob_break_link_dp),
	KUNIT_CASE(vkms_test_hdcp_knob_reauth_request),
	KUNIT_CASE(vkms_test_hdcp_reauth_request_not_on_hdmi),
	KUNIT_CASE_PARAM(vkms_test_hdcp_fault_and_recovery, fault_gen_params),
	KUNIT_CASE(vkms_test_hdcp_knob_r0_delay_read_again),
	KUNIT_CASE(vkms_test_hdcp_knob_r0_delay_second_attempt),
	KUNIT_CASE_PARAM(vkms_test_hdcp_knob_topology, repeater_gen_params),
	KUNIT_CASE(vkms_test_hdcp_knob_bksv_revoked),
	KUNIT_CASE(vkms_test_hdcp_suspend_resume),
	KUNIT_CASE_PARAM(vkms_test_hdcp_bad_writes_rejected, bad_write_gen_params),
	KUNIT_CASE(vkms_test_hdcp_topology_flags_need_repeater),
	KUNIT_CASE(vkms_test_hdcp_booleans_round_trip),
	KUNIT_CASE(vkms_test_hdcp_workqueue_smoke),
	KUNIT_CASE_PARAM(vkms_test_hdcp_sink_presents_type_and_edid, transport_gen_params),
	KUNIT_CASE(vkms_test_hdcp_fini_while_authenticating),
	KUNIT_CASE(vkms_test_hdcp_managed_teardown),
	KUNIT_CASE(vkms_test_hdcp_destroy_with_worker_running),
	KUNIT_CASE(vkms_test_hdcp_destroy_with_work_queued),
	{}
};

static struct kunit_suite vkms_hdcp_test_suite = {
	.name = "vkms_hdcp",
	.test_cases = vkms_hdcp_tests,
};

#if IS_ENABLED(CONFIG_SMP)
/*
 * VKMS's vblank timer, which the emulated link relies on, under real
 * concurrency: drm_crtc_vblank_off() calls the CRTC's disable_vblank with
 * the event and vblank time locks held, interrupts off, while the timer's
 * callback may have started on another CPU and wait for those very locks
 * in drm_handle_vblank(). Only an SMP kernel can have both at once.
 */
struct vblank_race {
	struct drm_crtc *crtc;
	struct hrtimer *timer;
	bool caught;		/* the callback ran while the lock was held */
	bool returned;		/* disable_vblank returned while it was held */
	struct completion go, disabled, released;
};

/*
 * Holds the event lock until disable_vblank returned, or for 1 s at most;
 * lets the disabling thread go once the timer's callback waits for it.
 */
static int hold_event_lock_thread(void *data)
{
	struct vblank_race *r = data;
	spinlock_t *lock = &r->crtc->dev->event_lock;
	unsigned long flags;
	bool caught;
	ktime_t end;

	spin_lock_irqsave(lock, flags);
	end = ktime_add_ms(ktime_get(), 1000);
	/*
	 * The hrtimer core sets and clears the running callback without
	 * marking it; polling it from here races by design.
	 */
	while (!data_race(hrtimer_callback_running(r->timer)) &&
	       ktime_before(ktime_get(), end))
		cpu_relax();
	/* The same unmarked field of the hrtimer core, read once more. */
	caught = data_race(hrtimer_callback_running(r->timer));
	WRITE_ONCE(r->caught, caught);
	/* The callback is waiting for the lock: now disable. */
	complete(&r->go);
	end = ktime_add_ms(ktime_get(), 1000);
	while (READ_ONCE(r->caught) && !completion_done(&r->disabled) &&
	       ktime_before(ktime_get(), end))
		cpu_relax();
	WRITE_ONCE(r->returned, completion_done(&r->disabled));
	spin_unlock_irqrestore(lock, flags);
	complete(&r->released);
	return 0;
}

/*
 * Interrupts off, as drm_vblank_disable_and_save() calls it; without its
 * vblank time lock, which the callback takes after the event lock: a
 * disable_vblank that waits for the callback then fails the test once
 * the event lock goes, instead of hanging it.
 */
static int disable_vblank_thread(void *data)
{
	struct vblank_race *r = data;
	unsigned long flags;

	wait_for_completion(&r->go);
	local_irq_save(flags);
	r->crtc->funcs->disable_vblank(r->crtc);
	local_irq_restore(flags);
	complete(&r->disabled);
	return 0;
}

/*
 * disable_vblank while the timer's callback waits for the event lock on
 * another CPU: it must return without waiting for that callback, or
 * neither ever finishes (the DPMS and modeset storm of the SMP stress
 * hung this way). The lock is held on a CPU the timer is not on, and let
 * go after 1 s at most, so that a failure is a failure, not a hang.
 */
static void vkms_test_vblank_disable_while_timer_callback_waits(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, false, false, false);
	struct drm_crtc *crtc = &t->vkms->output.crtc;
	struct vblank_race r = { .crtc = crtc, .timer = &t->vkms->output.vblank_hrtimer };
	struct task_struct *holder, *disabler;
	unsigned long flags;
	int timer_cpu, holder_cpu, cpu;

	KUNIT_ASSERT_GE(test, num_online_cpus(), 3U);
	init_completion(&r.go);
	init_completion(&r.disabled);
	init_completion(&r.released);
	commit(test, t, true, 0);
	KUNIT_ASSERT_EQ(test, drm_crtc_vblank_get(crtc), 0);

	/*
	 * Both threads exist before the lock is taken: creating a thread may
	 * wait for every CPU, the one spinning with interrupts off included.
	 */
	timer_cpu = READ_ONCE(r.timer->base)->cpu_base->cpu;
	holder_cpu = cpumask_any_but(cpu_online_mask, timer_cpu);
	for_each_online_cpu(cpu)
		if (cpu != timer_cpu && cpu != holder_cpu)
			break;
	disabler = kthread_create(disable_vblank_thread, &r, "vkms-disable-vblank");
	KUNIT_ASSERT_FALSE(test, IS_ERR(disabler));
	kthread_bind(disabler, cpu);
	wake_up_process(disabler);
	holder = kthread_create(hold_event_lock_thread, &r, "vkms-event-lock");
	if (IS_ERR(holder))
		complete(&r.go);
	KUNIT_ASSERT_FALSE(test, IS_ERR(holder));
	kthread_bind(holder, holder_cpu);
	wake_up_process(holder);
	KUNIT_ASSERT_GT(test, wait_for_completion_timeout(&r.released, 5 * HZ), 0);
	KUNIT_ASSERT_GT(test, wait_for_completion_timeout(&r.disabled, 5 * HZ), 0);
	KUNIT_EXPECT_TRUE(test, r.caught);
	KUNIT_EXPECT_TRUE(test, r.returned);

	/* Back on, as the vblank core would have it, then off for good. */
	spin_lock_irqsave(&t->vkms->drm.vblank_time_lock, flags);
	KUNIT_EXPECT_EQ(test, crtc->funcs->enable_vblank(crtc), 0);
	spin_unlock_irqrestore(&t->vkms->drm.vblank_time_lock, flags);
	drm_crtc_vblank_put(crtc);
	commit(test, t, false, 0);
}

static struct kunit_case vkms_vblank_tests[] = {
	KUNIT_CASE(vkms_test_vblank_disable_while_timer_callback_waits),
	{}
};

static struct kunit_suite vkms_vblank_test_suite = {
	.name = "vkms_vblank",
	.test_cases = vkms_vblank_tests,
};

kunit_test_suites(&vkms_hdcp_test_suite, &vkms_vblank_test_suite);
#else
kunit_test_suite(vkms_hdcp_test_suite);
#endif

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests for the emulated HDCP link of VKMS");
MODULE_LICENSE("GPL");
