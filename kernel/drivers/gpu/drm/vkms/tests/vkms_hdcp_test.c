// SPDX-License-Identifier: GPL-2.0+
/*
 * KUnit tests for the emulated HDCP 1.4 link of VKMS: a VKMS device is
 * created with HDCP, its connector lit up and the property set through real
 * atomic commits, and the debugfs knobs inject faults. Most cases pump the
 * engine from the test thread (on the real clock) so that the uevents it
 * sends can be counted; one lets the workqueue do it, as in production.
 */

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/string.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_atomic_uapi.h>
#include <drm/drm_connector.h>
#include <drm/drm_modeset_helper.h>
#include <drm/drm_modeset_lock.h>
#include <drm/drm_probe_helper.h>
#include <drm/drm_sysfs.h>

#include "../../display/drm_hdcp1_internal.h"
#include "../../drm_crtc_internal.h"
#include "../../display/drm_hdcp_helper_internal.h"
#include "../vkms_drv.h"
#include "../vkms_hdcp.h"

struct vkms_hdcp_test {
	struct vkms_config config;
	struct vkms_device *vkms;
	struct drm_connector *connector;
	struct vkms_hdcp *hdcp;
	unsigned int events;
	bool queued;		/* the engine asked to run at @due (real ms) */
	s64 due;
	u8 *srm;
	size_t srm_len;
};

static void count_property_event(struct drm_connector *connector,
				 struct drm_property *property)
{
	struct vkms_hdcp_test *t = kunit_get_current_test()->priv;

	t->events++;
}

static int test_check_revoked(struct drm_device *drm, u8 *ksvs, u32 count)
{
	struct vkms_hdcp_test *t = kunit_get_current_test()->priv;

	if (!t->srm)
		return 0;
	return drm_hdcp_srm_count_revoked(t->srm, t->srm_len, ksvs, count, NULL);
}

/* Pumped tests run the engine from the test thread: note when it wants to. */
static void record_queue(struct drm_hdcp1 *engine, unsigned long delay_ms)
{
	struct vkms_hdcp_test *t = kunit_get_current_test()->priv;
	s64 due = ktime_to_ms(ktime_get()) + delay_ms;

	if (!t->queued || due < t->due)
		t->due = due;
	t->queued = true;
}

static void destroy_vkms(void *config)
{
	vkms_destroy(config);
}

static struct vkms_hdcp_test *make_vkms(struct kunit *test, bool hdcp, bool pump)
{
	struct vkms_hdcp_test *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	test->priv = t;
	t->config.hdcp = hdcp;
	KUNIT_ASSERT_EQ(test, vkms_create(&t->config), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_vkms, &t->config), 0);
	t->vkms = t->config.dev;
	t->connector = &t->vkms->output.connector;
	t->hdcp = t->vkms->output.hdcp;

	kunit_activate_static_stub(test, drm_sysfs_connector_property_event,
				   count_property_event);
	kunit_activate_static_stub(test, drm_hdcp_check_ksvs_revoked, test_check_revoked);
	/* Pumped: the test thread runs the engine, on the real clock. */
	if (hdcp && pump)
		kunit_activate_static_stub(test, drm_hdcp1_queue, record_queue);
	return t;
}

/* Run the engine from the test thread for @ms, sleeping until it asks. */
static void pump(struct vkms_hdcp_test *t, unsigned int ms)
{
	struct drm_hdcp1 *engine = vkms_hdcp_engine(t->hdcp);
	s64 end = ktime_to_ms(ktime_get()) + ms;

	for (;;) {
		s64 now = ktime_to_ms(ktime_get());
		s64 next = t->queued ? t->due : end;

		if (t->queued && t->due <= now) {
			t->queued = false;
			drm_hdcp1_run(engine);
			continue;
		}
		if (now >= end)
			return;
		msleep(min(next, end) - now);
	}
}

static u64 cp(struct vkms_hdcp_test *t)
{
	struct drm_modeset_acquire_ctx ctx;
	u64 val;

	drm_modeset_acquire_init(&ctx, 0);
	while (drm_modeset_lock(&t->vkms->drm.mode_config.connection_mutex, &ctx) == -EDEADLK)
		drm_modeset_backoff(&ctx);
	val = t->connector->state->content_protection;
	drm_modeset_drop_locks(&ctx);
	drm_modeset_acquire_fini(&ctx);
	return val;
}

/* One atomic commit: the CRTC on or off, and the property value. */
static int commit(struct kunit *test, struct vkms_hdcp_test *t, bool active, u64 cp_val)
{
	struct drm_device *drm = &t->vkms->drm;
	struct drm_crtc *crtc = &t->vkms->output.crtc;
	struct drm_modeset_acquire_ctx ctx;
	struct drm_connector_state *conn_state;
	struct drm_crtc_state *crtc_state;
	struct drm_display_mode *mode;
	struct drm_atomic_state *state;
	int ret;

	mutex_lock(&drm->mode_config.mutex);
	t->connector->funcs->fill_modes(t->connector, 1024, 768);
	mutex_unlock(&drm->mode_config.mutex);
	mode = list_first_entry_or_null(&t->connector->modes, struct drm_display_mode, head);
	KUNIT_ASSERT_NOT_NULL(test, mode);

	state = drm_atomic_state_alloc(drm);
	KUNIT_ASSERT_NOT_NULL(test, state);
	drm_modeset_acquire_init(&ctx, 0);
	state->acquire_ctx = &ctx;
retry:
	conn_state = drm_atomic_get_connector_state(state, t->connector);
	ret = PTR_ERR_OR_ZERO(conn_state);
	if (!ret)
		ret = drm_atomic_set_crtc_for_connector(conn_state, active ? crtc : NULL);
	crtc_state = ret ? NULL : drm_atomic_get_crtc_state(state, crtc);
	if (!ret && IS_ERR(crtc_state))
		ret = PTR_ERR(crtc_state);
	if (!ret)
		ret = drm_atomic_set_mode_for_crtc(crtc_state, active ? mode : NULL);
	if (!ret) {
		crtc_state->active = active;
		if (drm->mode_config.content_protection_property)
			ret = drm_atomic_set_property(state, NULL, &t->connector->base,
						      drm->mode_config.content_protection_property,
						      cp_val, false);
	}
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

static void knob(struct kunit *test, struct vkms_hdcp_test *t, enum vkms_hdcp_knob k,
		 const char *val)
{
	KUNIT_ASSERT_EQ_MSG(test, vkms_hdcp_knob_store(t->hdcp, k, val, strlen(val)), 0,
			    "%s <- %s", vkms_hdcp_knob_name(k), val);
}

static const char *show(struct kunit *test, struct vkms_hdcp_test *t, enum vkms_hdcp_knob k)
{
	char *buf = kunit_kzalloc(test, 64, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_GT(test, vkms_hdcp_knob_show(t->hdcp, k, buf, 64), 0);
	return buf;
}

static struct vkms_hdcp_test *enabled(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, true);

	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	pump(t, 300);
	KUNIT_ASSERT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	return t;
}

/* VKMS as before when HDCP is off: no properties, no knobs, always connected. */
static void vkms_test_hdcp_disabled_unchanged(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, false, false);
	int i;

	KUNIT_EXPECT_NULL(test, t->hdcp);
	KUNIT_EXPECT_NULL(test, t->vkms->drm.mode_config.content_protection_property);
	KUNIT_EXPECT_EQ(test, t->connector->funcs->detect(t->connector, false),
			connector_status_connected);
	for (i = 0; i < VKMS_HDCP_NUM_KNOBS; i++) {
		struct dentry *d = debugfs_lookup(vkms_hdcp_knob_name(i),
						  t->connector->debugfs_entry);

		KUNIT_EXPECT_NULL(test, d);
		dput(d);
	}
	/* Lighting the output up works as it always did. */
	KUNIT_EXPECT_EQ(test, commit(test, t, true, 0), 0);
	KUNIT_EXPECT_TRUE(test, t->vkms->output.crtc.state->active);
}

static void vkms_test_hdcp_properties_and_knobs_exist(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, true);
	struct drm_mode_config *config = &t->vkms->drm.mode_config;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, config->content_protection_property);
	KUNIT_EXPECT_NOT_NULL(test, config->hdcp_content_type_property);
	for (i = 0; i < VKMS_HDCP_NUM_KNOBS; i++) {
		struct dentry *d = debugfs_lookup(vkms_hdcp_knob_name(i),
						  t->connector->debugfs_entry);

		KUNIT_EXPECT_NOT_NULL_MSG(test, d, "%s", vkms_hdcp_knob_name(i));
		dput(d);
	}
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_SINK_CAPABILITY), "HDCP1.4\n");
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_TOPOLOGY), "receiver\n");
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_UNDESIRED);
}

/* The production path: the workqueue authenticates within a second. */
static void vkms_test_hdcp_desired_reaches_enabled(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, false);
	ktime_t start;
	int ms;

	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_UNDESIRED), 0);
	start = ktime_get();
	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	/* The commit returned before any authentication. */
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	for (ms = 0; ms < 1000 && cp(t) != DRM_MODE_CONTENT_PROTECTION_ENABLED; ms += 5)
		usleep_range(5000, 6000);
	kunit_info(test, "Desired -> Enabled %lld ms after the commit\n",
		   ktime_ms_delta(ktime_get(), start));
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	KUNIT_EXPECT_TRUE(test, drm_hdcp1_is_encrypting(vkms_hdcp_engine(t->hdcp)));
}

static void vkms_test_hdcp_enabled_sends_uevent(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test);

	KUNIT_EXPECT_EQ(test, t->events, 1);
	/* Undesired from userspace: no uevent, encryption off. */
	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_UNDESIRED), 0);
	pump(t, 50);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_UNDESIRED);
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_is_encrypting(vkms_hdcp_engine(t->hdcp)));
	KUNIT_EXPECT_EQ(test, t->events, 1);
}

/* Ri' rolls every 128 vblanks, and the link checks keep passing. */
static void vkms_test_hdcp_ri_rolls_with_vblank(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test);
	u8 before[2], after[2];

	KUNIT_ASSERT_EQ(test, vkms_hdcp_sink_read(t->hdcp, DRM_HDCP_DDC_RI_PRIME, before, 2), 0);
	pump(t, 2 * DRM_HDCP1_LINK_CHECK_MS + 300);
	KUNIT_ASSERT_EQ(test, vkms_hdcp_sink_read(t->hdcp, DRM_HDCP_DDC_RI_PRIME, after, 2), 0);
	KUNIT_EXPECT_MEMNEQ(test, before, after, 2);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	KUNIT_EXPECT_EQ(test, t->events, 1);
}

/* 1A-07: a broken link drops to Desired with a uevent, and heals. */
/* Pump in small steps until the property reads @want; returns the ms taken. */
static s64 pump_until(struct vkms_hdcp_test *t, u64 want, unsigned int limit_ms)
{
	ktime_t start = ktime_get();

	while (cp(t) != want && ktime_ms_delta(ktime_get(), start) < limit_ms)
		pump(t, 10);
	return ktime_ms_delta(ktime_get(), start);
}

static void vkms_test_hdcp_break_link(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test);
	s64 ms;

	knob(test, t, VKMS_HDCP_BREAK_LINK, "1");
	ms = pump_until(t, DRM_MODE_CONTENT_PROTECTION_DESIRED, DRM_HDCP1_LINK_CHECK_MS + 500);
	kunit_info(test, "link broken: Enabled -> Desired after %lld ms (check every %d ms)\n",
		   ms, DRM_HDCP1_LINK_CHECK_MS);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 2);
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_BREAK_LINK), "1\n");

	knob(test, t, VKMS_HDCP_BREAK_LINK, "0");
	ms = pump_until(t, DRM_MODE_CONTENT_PROTECTION_ENABLED, 3000);
	kunit_info(test, "link healed: Desired -> Enabled after %lld ms\n", ms);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	KUNIT_EXPECT_EQ(test, t->events, 3);
}

struct fault_case {
	const char *name;
	enum vkms_hdcp_knob knob;
	const char *set, *clear;
	const char *topology;	/* NULL: receiver */
	unsigned int wait_ms;
};

static const struct fault_case faults[] = {
	{ "sink not capable", VKMS_HDCP_CAPABLE, "0", "1", NULL, 600 },
	{ "corrupt R0'", VKMS_HDCP_CORRUPT_R0, "1", "0", NULL, 600 },
	{ "R0' too slow", VKMS_HDCP_R0_DELAY_MS, "700", "0", NULL, 600 },
	{ "MAX_DEVS_EXCEEDED", VKMS_HDCP_MAX_DEVS_EXCEEDED, "1", "0", "repeater 127 3", 600 },
	{ "MAX_CASCADE_EXCEEDED", VKMS_HDCP_MAX_CASCADE_EXCEEDED, "1", "0", "repeater 4 7", 600 },
	{ "READY never set", VKMS_HDCP_READY_NEVER, "1", "0", "repeater 2 1", 5400 },
};

static void fault_desc(const struct fault_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(fault, faults, fault_desc);

/* Each fault keeps the connector Desired; clearing it lets it recover. */
static void vkms_test_hdcp_fault_and_recovery(struct kunit *test)
{
	const struct fault_case *c = test->param_value;
	struct vkms_hdcp_test *t = make_vkms(test, true, true);

	if (c->topology)
		knob(test, t, VKMS_HDCP_TOPOLOGY, c->topology);
	knob(test, t, c->knob, c->set);
	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	pump(t, c->wait_ms);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	KUNIT_EXPECT_NE(test, vkms_hdcp_engine(t->hdcp)->fsm.state, DRM_HDCP1_A4_AUTHENTICATED);
	KUNIT_EXPECT_EQ(test, t->events, 0);
	if (c->knob == VKMS_HDCP_CAPABLE)
		KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_SINK_CAPABILITY), "None\n");

	knob(test, t, c->knob, c->clear);
	pump(t, 2000);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	KUNIT_EXPECT_EQ(test, t->events, 1);
}

static const char * const topologies[] = {
	"repeater 0 0", "repeater 1 1", "repeater 2 1", "repeater 127 7",
};

static void topology_desc(const char * const *s, char *desc)
{
	strscpy(desc, *s, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(topology, topologies, topology_desc);

/* 1B-01: repeaters with downstream trees reach Enabled. */
static void vkms_test_hdcp_repeater(struct kunit *test)
{
	const char * const *topo = test->param_value;
	struct vkms_hdcp_test *t = make_vkms(test, true, true);
	char expect[32];

	knob(test, t, VKMS_HDCP_TOPOLOGY, *topo);
	snprintf(expect, sizeof(expect), "%s\n", *topo);
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_TOPOLOGY), expect);
	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	pump(t, 600);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	KUNIT_EXPECT_EQ(test, vkms_hdcp_engine(t->hdcp)->fsm.repeater, true);
}

/* A sink slower than the 100 ms allowed authenticates at the second attempt. */
static void vkms_test_hdcp_slow_r0_second_attempt(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, true);

	knob(test, t, VKMS_HDCP_R0_DELAY_MS, "250");
	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	pump(t, 150);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	pump(t, 500);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	KUNIT_EXPECT_EQ(test, vkms_hdcp_engine(t->hdcp)->fsm.attempts, 0);
}

/* 1A-08: revocation through an SRM that the test provides. */
static void vkms_test_hdcp_revoked_sink(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, true);
	struct drm_hdcp1 *engine = vkms_hdcp_engine(t->hdcp);
	u8 bksv[DRM_HDCP_KSV_LEN];
	int i;

	KUNIT_ASSERT_EQ(test, vkms_hdcp_sink_read(t->hdcp, DRM_HDCP_DDC_BKSV, bksv, 5), 0);
	t->srm_len = 5 + 3 + 1 + DRM_HDCP_KSV_LEN + DRM_HDCP_1_4_DCP_SIG_SIZE;
	t->srm = kunit_kzalloc(test, t->srm_len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t->srm);
	t->srm[0] = DRM_HDCP_1_4_SRM_ID << 4;
	t->srm[4] = 1;
	t->srm[7] = t->srm_len - 5;
	t->srm[8] = 1;
	for (i = 0; i < DRM_HDCP_KSV_LEN; i++)
		t->srm[9 + i] = bksv[DRM_HDCP_KSV_LEN - 1 - i];

	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	pump(t, 800);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_is_encrypting(engine));

	t->srm = NULL;
	pump(t, DRM_HDCP1_RETRY_MAX_MS + 500);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
}

/* Unplug and replug: hotplug status, Desired kept, Enabled again. */
static void vkms_test_hdcp_unplug_replug(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test);

	knob(test, t, VKMS_HDCP_CONNECTED, "0");
	pump(t, 50);
	KUNIT_EXPECT_EQ(test, t->connector->status, connector_status_disconnected);
	KUNIT_EXPECT_EQ(test, t->connector->funcs->detect(t->connector, false),
			connector_status_disconnected);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 2);
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_is_encrypting(vkms_hdcp_engine(t->hdcp)));

	knob(test, t, VKMS_HDCP_CONNECTED, "1");
	pump(t, 300);
	KUNIT_EXPECT_EQ(test, t->connector->status, connector_status_connected);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
	KUNIT_EXPECT_EQ(test, t->events, 3);
}

/* DPMS off and on through the CRTC: Desired survives. */
static void vkms_test_hdcp_dpms_keeps_desired(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test);

	KUNIT_ASSERT_EQ(test, commit(test, t, false, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	pump(t, 50);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	KUNIT_ASSERT_EQ(test, commit(test, t, true, DRM_MODE_CONTENT_PROTECTION_DESIRED), 0);
	pump(t, 300);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_ENABLED);
}

/* Issue 8.1: after resume Desired until re-authenticated; a failed one stays Desired. */
static void vkms_test_hdcp_resume_does_not_restore_enabled(struct kunit *test)
{
	struct vkms_hdcp_test *t = enabled(test);

	KUNIT_ASSERT_EQ(test, drm_mode_config_helper_suspend(&t->vkms->drm), 0);
	pump(t, 20);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	knob(test, t, VKMS_HDCP_CAPABLE, "0");
	KUNIT_ASSERT_EQ(test, drm_mode_config_helper_resume(&t->vkms->drm), 0);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
	pump(t, 500);
	KUNIT_EXPECT_EQ(test, cp(t), DRM_MODE_CONTENT_PROTECTION_DESIRED);
}

struct bad_write {
	enum vkms_hdcp_knob knob;
	const char *text;
};

static const struct bad_write bad_writes[] = {
	{ VKMS_HDCP_SINK_CAPABILITY, "HDCP1.4" },
	{ VKMS_HDCP_CAPABLE, "2" },
	{ VKMS_HDCP_CAPABLE, "maybe" },
	{ VKMS_HDCP_CONNECTED, "" },
	{ VKMS_HDCP_BREAK_LINK, "10" },
	{ VKMS_HDCP_R0_DELAY_MS, "10001" },
	{ VKMS_HDCP_R0_DELAY_MS, "-1" },
	{ VKMS_HDCP_R0_DELAY_MS, "5 ms" },
	{ VKMS_HDCP_TOPOLOGY, "repeater" },
	{ VKMS_HDCP_TOPOLOGY, "repeater 128 1" },
	{ VKMS_HDCP_TOPOLOGY, "repeater 3 8" },
	{ VKMS_HDCP_TOPOLOGY, "repeater 3 0" },
	{ VKMS_HDCP_TOPOLOGY, "repeater 3 1 x" },
	{ VKMS_HDCP_TOPOLOGY, "receiver 1" },
	{ VKMS_HDCP_TOPOLOGY, "a very long string that does not fit" },
	{ VKMS_HDCP_MAX_DEVS_EXCEEDED, "on off" },
	{ VKMS_HDCP_NUM_KNOBS, "1" },
};

/* Bad writes are refused with -EINVAL and leave every knob as it was. */
static void vkms_test_hdcp_bad_writes_rejected(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, true);
	char before[VKMS_HDCP_NUM_KNOBS][64];
	int i, k;

	knob(test, t, VKMS_HDCP_TOPOLOGY, "repeater 5 2");
	knob(test, t, VKMS_HDCP_R0_DELAY_MS, "30");
	for (k = 0; k < VKMS_HDCP_NUM_KNOBS; k++)
		strscpy(before[k], show(test, t, k), sizeof(before[k]));

	for (i = 0; i < ARRAY_SIZE(bad_writes); i++) {
		const struct bad_write *w = &bad_writes[i];

		KUNIT_EXPECT_EQ_MSG(test, vkms_hdcp_knob_store(t->hdcp, w->knob, w->text,
							       strlen(w->text)),
				    -EINVAL, "%s <- \"%s\"", vkms_hdcp_knob_name(w->knob) ?: "?",
				    w->text);
	}
	for (k = 0; k < VKMS_HDCP_NUM_KNOBS; k++)
		KUNIT_EXPECT_STREQ(test, show(test, t, k), before[k]);
	KUNIT_EXPECT_EQ(test, vkms_hdcp_knob_show(t->hdcp, VKMS_HDCP_NUM_KNOBS, before[0], 64),
			-EINVAL);
}

static void vkms_test_hdcp_knob_round_trip(struct kunit *test)
{
	struct vkms_hdcp_test *t = make_vkms(test, true, true);

	knob(test, t, VKMS_HDCP_R0_DELAY_MS, "120\n");
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_R0_DELAY_MS), "120\n");
	knob(test, t, VKMS_HDCP_CORRUPT_R0, "y");
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_CORRUPT_R0), "1\n");
	knob(test, t, VKMS_HDCP_TOPOLOGY, "repeater 3 2\n");
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_TOPOLOGY), "repeater 3 2\n");
	knob(test, t, VKMS_HDCP_TOPOLOGY, "receiver");
	KUNIT_EXPECT_STREQ(test, show(test, t, VKMS_HDCP_TOPOLOGY), "receiver\n");
}

static struct kunit_case vkms_hdcp_tests[] = {
	KUNIT_CASE(vkms_test_hdcp_disabled_unchanged),
	KUNIT_CASE(vkms_test_hdcp_properties_and_knobs_exist),
	KUNIT_CASE(vkms_test_hdcp_desired_reaches_enabled),
	KUNIT_CASE(vkms_test_hdcp_enabled_sends_uevent),
	KUNIT_CASE_SLOW(vkms_test_hdcp_ri_rolls_with_vblank),
	KUNIT_CASE_SLOW(vkms_test_hdcp_break_link),
	KUNIT_CASE_PARAM_ATTR(vkms_test_hdcp_fault_and_recovery, fault_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	KUNIT_CASE_PARAM(vkms_test_hdcp_repeater, topology_gen_params),
	KUNIT_CASE(vkms_test_hdcp_slow_r0_second_attempt),
	KUNIT_CASE_SLOW(vkms_test_hdcp_revoked_sink),
	KUNIT_CASE(vkms_test_hdcp_unplug_replug),
	KUNIT_CASE(vkms_test_hdcp_dpms_keeps_desired),
	KUNIT_CASE(vkms_test_hdcp_resume_does_not_restore_enabled),
	KUNIT_CASE(vkms_test_hdcp_bad_writes_rejected),
	KUNIT_CASE(vkms_test_hdcp_knob_round_trip),
	{}
};

static struct kunit_suite vkms_hdcp_test_suite = {
	.name = "vkms_hdcp",
	.test_cases = vkms_hdcp_tests,
};

kunit_test_suite(vkms_hdcp_test_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests for the VKMS HDCP emulation");
MODULE_LICENSE("GPL");
