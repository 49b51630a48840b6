// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the "Content Protection" and "HDCP Content Type" connector
 * properties: creation, the values userspace may set through the atomic and
 * the legacy property paths, and the driver-side updates with their uevents.
 */

#include <linux/limits.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_atomic_uapi.h>
#include <drm/drm_atomic_state_helper.h>
#include <drm/drm_connector.h>
#include <drm/drm_drv.h>
#include <drm/drm_encoder.h>
#include <drm/drm_kunit_helpers.h>
#include <drm/drm_mode_object.h>
#include <drm/drm_modes.h>
#include <drm/drm_modeset_lock.h>
#include <drm/drm_probe_helper.h>
#include <drm/drm_property.h>
#include <drm/drm_sysfs.h>

#include "../drm_crtc_internal.h"

#define CP_UNDESIRED	DRM_MODE_CONTENT_PROTECTION_UNDESIRED
#define CP_DESIRED	DRM_MODE_CONTENT_PROTECTION_DESIRED
#define CP_ENABLED	DRM_MODE_CONTENT_PROTECTION_ENABLED

struct hdcp_prop_test {
	struct drm_device drm;
	struct drm_plane *plane;
	struct drm_crtc *crtc;
	struct drm_encoder encoder;
	struct drm_encoder second_encoder;	/* of @second */
	struct drm_connector connector;
	struct drm_connector second;

	/* What the drivers modelled on amdgpu and cdns-mhdp8546 did. */
	bool update_hdcp;
	unsigned int hdcp_resets, hdcp_starts;
	u64 seen_in_check;

	/* What the property uevent stub saw. */
	unsigned int events;
	u32 event_connector_id;
	u32 event_property_id;
	bool event_property_attached;
};

static const struct drm_connector_helper_funcs hdcp_test_connector_helpers = {
};

static const struct drm_connector_funcs hdcp_test_connector_funcs = {
	.reset = drm_atomic_helper_connector_reset,
	.fill_modes = drm_helper_probe_single_connector_modes,
	.atomic_duplicate_state = drm_atomic_helper_connector_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_connector_destroy_state,
};

static void hdcp_test_property_event(struct drm_connector *connector,
				     struct drm_property *property)
{
	struct kunit *test = kunit_get_current_test();
	struct hdcp_prop_test *t = test->priv;
	int i;

	t->events++;
	t->event_connector_id = connector->base.id;
	t->event_property_id = property->base.id;
	t->event_property_attached = false;
	for (i = 0; i < connector->base.properties->count; i++)
		if (connector->base.properties->properties[i] == property)
			t->event_property_attached = true;
}

static void hdcp_test_init_connector(struct kunit *test,
				     struct hdcp_prop_test *t,
				     struct drm_connector *connector,
				     struct drm_encoder *encoder)
{
	int ret;

	ret = drmm_connector_init(&t->drm, connector, &hdcp_test_connector_funcs,
				  DRM_MODE_CONNECTOR_HDMIA, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	drm_connector_helper_add(connector, &hdcp_test_connector_helpers);
	ret = drm_connector_attach_encoder(connector, encoder);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

/* A device with two HDMI connectors; only the first has the properties. */
static struct hdcp_prop_test *hdcp_test_device(struct kunit *test,
					       bool content_type)
{
	struct hdcp_prop_test *t;
	struct device *dev;
	int ret;

	dev = drm_kunit_helper_alloc_device(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);

	t = drm_kunit_helper_alloc_drm_device(test, dev, struct hdcp_prop_test,
					      drm, DRIVER_MODESET | DRIVER_ATOMIC);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	test->priv = t;

	t->plane = drm_kunit_helper_create_primary_plane(test, &t->drm, NULL,
							 NULL, NULL, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->plane);
	t->crtc = drm_kunit_helper_create_crtc(test, &t->drm, t->plane, NULL,
					       NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->crtc);

	ret = drmm_encoder_init(&t->drm, &t->encoder, NULL,
				DRM_MODE_ENCODER_TMDS, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = drmm_encoder_init(&t->drm, &t->second_encoder, NULL,
				DRM_MODE_ENCODER_TMDS, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	/* Either connector may drive the CRTC, alone or with the other. */
	t->encoder.possible_crtcs = drm_crtc_mask(t->crtc);
	t->second_encoder.possible_crtcs = drm_crtc_mask(t->crtc);
	t->encoder.possible_clones = drm_encoder_mask(&t->encoder) |
				     drm_encoder_mask(&t->second_encoder);
	t->second_encoder.possible_clones = t->encoder.possible_clones;

	hdcp_test_init_connector(test, t, &t->connector, &t->encoder);
	hdcp_test_init_connector(test, t, &t->second, &t->second_encoder);

	ret = drm_connector_attach_content_protection_property(&t->connector,
							       content_type);
	KUNIT_ASSERT_EQ(test, ret, 0);
	/* Under the core's rule, as the HDCP 1.4 engine's connectors are. */
	t->connector.content_protection_checked = true;

	drm_mode_config_reset(&t->drm);
	return t;
}

static void hdcp_test_unregister(void *drm)
{
	drm_dev_unregister(drm);
}

/*
 * Register the device, as userspace sees it: the SETPROPERTY ioctl only
 * finds registered connectors. Properties must be attached before this.
 */
static void hdcp_test_register(struct kunit *test, struct hdcp_prop_test *t)
{
	int ret;

	ret = drm_dev_register(&t->drm, 0);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = kunit_add_action_or_reset(test, hdcp_test_unregister, &t->drm);
	KUNIT_ASSERT_EQ(test, ret, 0);

	kunit_activate_static_stub(test, drm_sysfs_connector_property_event,
				   hdcp_test_property_event);
}

static struct hdcp_prop_test *hdcp_test_ready(struct kunit *test,
					      bool content_type)
{
	struct hdcp_prop_test *t = hdcp_test_device(test, content_type);

	hdcp_test_register(test, t);
	return t;
}

static struct drm_property *cp_prop(struct hdcp_prop_test *t)
{
	return t->drm.mode_config.content_protection_property;
}

static struct drm_property *type_prop(struct hdcp_prop_test *t)
{
	return t->drm.mode_config.hdcp_content_type_property;
}

static bool has_prop(struct drm_connector *connector, struct drm_property *prop)
{
	int i, n = 0;

	for (i = 0; i < connector->base.properties->count; i++)
		if (connector->base.properties->properties[i] == prop)
			n++;
	return n == 1;
}

/* What DRM_IOCTL_MODE_OBJ_GETPROPERTIES reports for an atomic driver. */
static u64 prop_get(struct kunit *test, struct hdcp_prop_test *t,
		    struct drm_property *prop)
{
	u64 val = U64_MAX;
	int ret;

	drm_modeset_lock_all(&t->drm);
	ret = drm_atomic_get_property(&t->connector.base, prop, &val);
	drm_modeset_unlock_all(&t->drm);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return val;
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

/* One property value for the atomic ioctl's per-property step. */
struct prop_set {
	struct drm_mode_object *obj;
	struct drm_property *prop;
	u64 val;
};

/* The values of a { } terminated array, applied in order. */
static int build_props(struct drm_atomic_state *state, void *arg)
{
	const struct prop_set *set;
	int ret = 0;

	for (set = arg; !ret && set->prop; set++)
		ret = drm_atomic_set_property(state, NULL, set->obj, set->prop,
					      set->val, false);
	return ret;
}

/* The atomic ioctl: one connector property, then a blocking commit. */
static int set_atomic(struct kunit *test, struct hdcp_prop_test *t,
		      struct drm_property *prop, u64 val)
{
	struct prop_set set[] = { { &t->connector.base, prop, val }, { } };
	int ret;

	ret = commit_built(test, &t->drm, build_props, set);
	kunit_info(test, "atomic: %s = %llu -> %d\n", prop->name, val, ret);
	return ret;
}

/* Two properties in one atomic commit, applied in the given order. */
static int set_atomic_two(struct kunit *test, struct hdcp_prop_test *t,
			  struct drm_property *p1, u64 v1,
			  struct drm_property *p2, u64 v2)
{
	struct prop_set set[] = {
		{ &t->connector.base, p1, v1 },
		{ &t->connector.base, p2, v2 },
		{ }
	};

	return commit_built(test, &t->drm, build_props, set);
}

/* DRM_IOCTL_MODE_OBJ_SETPROPERTY, after the ioctl core copied the args. */
static int set_legacy(struct kunit *test, struct hdcp_prop_test *t,
		      struct drm_property *prop, u64 val)
{
	struct drm_mode_obj_set_property arg = {
		.value = val,
		.prop_id = prop->base.id,
		.obj_id = t->connector.base.id,
		.obj_type = DRM_MODE_OBJECT_CONNECTOR,
	};
	int ret;

	ret = drm_mode_obj_set_property_ioctl(&t->drm, &arg, NULL);
	kunit_info(test, "legacy: %s = %llu -> %d\n", prop->name, val, ret);
	return ret;
}

/* The driver reporting a link state, under the lock it must hold. */
static void driver_update(struct hdcp_prop_test *t, u64 val)
{
	unsigned int before = t->events;

	drm_modeset_lock_all(&t->drm);
	drm_hdcp_update_content_protection(&t->connector, val);
	drm_modeset_unlock_all(&t->drm);
	kunit_info(kunit_get_current_test(), "driver: Content Protection = %llu -> %u uevent(s)\n",
		   val, t->events - before);
}

struct route {
	struct hdcp_prop_test *t;
	const struct drm_display_mode *mode;	/* NULL: off */
};

static int build_route(struct drm_atomic_state *state, void *arg)
{
	const struct route *r = arg;
	struct drm_connector_state *conn_state;
	struct drm_crtc_state *crtc_state;
	int ret;

	conn_state = drm_atomic_get_connector_state(state, &r->t->connector);
	ret = PTR_ERR_OR_ZERO(conn_state);
	if (!ret)
		ret = drm_atomic_set_crtc_for_connector(conn_state, r->mode ? r->t->crtc : NULL);
	crtc_state = ret ? NULL : drm_atomic_get_crtc_state(state, r->t->crtc);
	if (!ret)
		ret = PTR_ERR_OR_ZERO(crtc_state);
	if (!ret)
		ret = drm_atomic_set_mode_for_crtc(crtc_state, r->mode);
	if (!ret)
		crtc_state->active = !!r->mode;
	return ret;
}

/* Route the connector to the CRTC and light it up with a @w x @h mode. */
static void light_up_mode(struct kunit *test, struct hdcp_prop_test *t, bool active,
			  int w, int h)
{
	struct drm_display_mode *mode;
	struct route r = { .t = t };
	int ret;

	mode = drm_cvt_mode(&t->drm, w, h, 60, false, false, false);
	KUNIT_ASSERT_NOT_NULL(test, mode);
	if (active)
		r.mode = mode;
	ret = commit_built(test, &t->drm, build_route, &r);
	drm_mode_destroy(&t->drm, mode);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

static void light_up(struct kunit *test, struct hdcp_prop_test *t, bool active)
{
	light_up_mode(test, t, active, 1024, 768);
}

static void expect_enum(struct kunit *test, struct drm_property *prop,
			const char *name, const char * const *names,
			unsigned int count)
{
	struct drm_property_enum *e;
	unsigned int seen = 0;

	KUNIT_ASSERT_NOT_NULL(test, prop);
	KUNIT_EXPECT_STREQ(test, prop->name, name);
	KUNIT_EXPECT_TRUE(test, drm_property_type_is(prop, DRM_MODE_PROP_ENUM));
	KUNIT_EXPECT_EQ(test, prop->num_values, count);
	list_for_each_entry(e, &prop->enum_list, head) {
		KUNIT_ASSERT_LT(test, e->value, (u64)count);
		KUNIT_EXPECT_STREQ(test, e->name, names[e->value]);
		KUNIT_EXPECT_EQ(test, prop->values[seen], e->value);
		seen++;
	}
	KUNIT_EXPECT_EQ(test, seen, count);
}

static void drm_test_hdcp_prop_exact_names_and_values(struct kunit *test)
{
	static const char * const cp[] = { "Undesired", "Desired", "Enabled" };
	static const char * const type[] = { "HDCP Type0", "HDCP Type1" };
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	expect_enum(test, cp_prop(t), "Content Protection", cp, ARRAY_SIZE(cp));
	expect_enum(test, type_prop(t), "HDCP Content Type", type,
		    ARRAY_SIZE(type));
	KUNIT_EXPECT_TRUE(test, has_prop(&t->connector, cp_prop(t)));
	KUNIT_EXPECT_TRUE(test, has_prop(&t->connector, type_prop(t)));
	KUNIT_EXPECT_FALSE(test, has_prop(&t->second, cp_prop(t)));
}

static void drm_test_hdcp_prop_created_once_per_device(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_device(test, true);
	struct drm_property *cp = cp_prop(t), *type = type_prop(t);
	int ret;

	ret = drm_connector_attach_content_protection_property(&t->second, true);
	KUNIT_ASSERT_EQ(test, ret, 0);
	hdcp_test_register(test, t);

	KUNIT_EXPECT_PTR_EQ(test, cp_prop(t), cp);
	KUNIT_EXPECT_PTR_EQ(test, type_prop(t), type);
	KUNIT_EXPECT_TRUE(test, has_prop(&t->second, cp));
	KUNIT_EXPECT_TRUE(test, has_prop(&t->second, type));
}

static void drm_test_hdcp_prop_type_only_on_request(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, false);

	KUNIT_EXPECT_NOT_NULL(test, cp_prop(t));
	KUNIT_EXPECT_NULL(test, type_prop(t));
	KUNIT_EXPECT_TRUE(test, has_prop(&t->connector, cp_prop(t)));
}

static void drm_test_hdcp_prop_attach_twice_is_harmless(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_device(test, true);
	int count = t->connector.base.properties->count;
	int ret;

	ret = drm_connector_attach_content_protection_property(&t->connector, true);
	KUNIT_EXPECT_EQ(test, ret, 0);
	/* A connector without the type may gain it later, once. */
	ret = drm_connector_attach_content_protection_property(&t->second, false);
	KUNIT_EXPECT_EQ(test, ret, 0);
	ret = drm_connector_attach_content_protection_property(&t->second, true);
	KUNIT_EXPECT_EQ(test, ret, 0);
	hdcp_test_register(test, t);

	KUNIT_EXPECT_EQ(test, t->connector.base.properties->count, count);
	KUNIT_EXPECT_TRUE(test, has_prop(&t->connector, cp_prop(t)));
	KUNIT_EXPECT_TRUE(test, has_prop(&t->connector, type_prop(t)));
	KUNIT_EXPECT_TRUE(test, has_prop(&t->second, cp_prop(t)));
	KUNIT_EXPECT_TRUE(test, has_prop(&t->second, type_prop(t)));
}

static void drm_test_hdcp_prop_starts_undesired_type0(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, type_prop(t)),
			DRM_MODE_HDCP_CONTENT_TYPE0);
}

typedef int (*set_path_t)(struct kunit *test, struct hdcp_prop_test *t,
			  struct drm_property *prop, u64 val);

static void check_desired_then_undesired(struct kunit *test, set_path_t set)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_EXPECT_EQ(test, set(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->connector.state->content_protection, CP_DESIRED);

	KUNIT_EXPECT_EQ(test, set(test, t, cp_prop(t), CP_UNDESIRED), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);
	/* Userspace-made changes are not announced. */
	KUNIT_EXPECT_EQ(test, t->events, 0);
}

static void drm_test_hdcp_prop_atomic_desired_undesired(struct kunit *test)
{
	check_desired_then_undesired(test, set_atomic);
}

static void drm_test_hdcp_prop_legacy_desired_undesired(struct kunit *test)
{
	check_desired_then_undesired(test, set_legacy);
}

static void check_enabled_rejected(struct kunit *test, set_path_t set)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_EXPECT_EQ(test, set(test, t, cp_prop(t), CP_ENABLED), -EINVAL);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);

	KUNIT_ASSERT_EQ(test, set(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_EXPECT_EQ(test, set(test, t, cp_prop(t), CP_ENABLED), -EINVAL);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

static void drm_test_hdcp_prop_atomic_enabled_rejected(struct kunit *test)
{
	check_enabled_rejected(test, set_atomic);
}

static void drm_test_hdcp_prop_legacy_enabled_rejected(struct kunit *test)
{
	check_enabled_rejected(test, set_legacy);
}

static const u64 bad_cp_values[] = { 3, (u32)-1, (u64)-1, U64_MAX };

static void check_out_of_range_rejected(struct kunit *test, set_path_t set)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);
	unsigned int i;

	KUNIT_ASSERT_EQ(test, set(test, t, cp_prop(t), CP_DESIRED), 0);
	for (i = 0; i < ARRAY_SIZE(bad_cp_values); i++) {
		KUNIT_EXPECT_EQ(test, set(test, t, cp_prop(t), bad_cp_values[i]),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	}
}

static void drm_test_hdcp_prop_atomic_out_of_range_rejected(struct kunit *test)
{
	check_out_of_range_rejected(test, set_atomic);
}

static void drm_test_hdcp_prop_legacy_out_of_range_rejected(struct kunit *test)
{
	check_out_of_range_rejected(test, set_legacy);
}

static void drm_test_hdcp_prop_desired_keeps_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	KUNIT_ASSERT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);

	KUNIT_EXPECT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, set_legacy(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);
}

static void drm_test_hdcp_prop_undesired_from_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	KUNIT_EXPECT_EQ(test, set_atomic(test, t, cp_prop(t), CP_UNDESIRED), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);
	/* Only the driver's own change was announced. */
	KUNIT_EXPECT_EQ(test, t->events, 1);
}

static void drm_test_hdcp_prop_update_sends_one_uevent(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_ASSERT_EQ(test, t->events, 0);

	driver_update(t, CP_ENABLED);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_EQ(test, t->event_connector_id, t->connector.base.id);
	KUNIT_EXPECT_EQ(test, t->event_property_id, cp_prop(t)->base.id);
	KUNIT_EXPECT_TRUE(test, t->event_property_attached);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);

	driver_update(t, CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 2);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

static void drm_test_hdcp_prop_update_same_value_no_uevent(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 0);

	driver_update(t, CP_ENABLED);
	driver_update(t, CP_ENABLED);
	KUNIT_EXPECT_EQ(test, t->events, 1);
}

static void drm_test_hdcp_prop_update_rejects_bad_value(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, 3);
	KUNIT_EXPECT_EQ(test, t->events, 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

static void drm_test_hdcp_prop_type_values(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_EXPECT_EQ(test, set_atomic(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE1), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, type_prop(t)),
			DRM_MODE_HDCP_CONTENT_TYPE1);
	KUNIT_EXPECT_EQ(test, set_legacy(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE0), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, type_prop(t)),
			DRM_MODE_HDCP_CONTENT_TYPE0);

	KUNIT_EXPECT_EQ(test, set_atomic(test, t, type_prop(t), 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, set_legacy(test, t, type_prop(t), 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, set_atomic(test, t, type_prop(t), U64_MAX), -EINVAL);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, type_prop(t)),
			DRM_MODE_HDCP_CONTENT_TYPE0);
}

static void drm_test_hdcp_prop_type_change_drops_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);

	/* Same type again: the session stays. */
	KUNIT_EXPECT_EQ(test, set_atomic(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE0), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);

	KUNIT_EXPECT_EQ(test, set_atomic(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE1), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, type_prop(t)),
			DRM_MODE_HDCP_CONTENT_TYPE1);
}

static void drm_test_hdcp_prop_type_change_keeps_desired(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_EXPECT_EQ(test, set_legacy(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE1), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);

	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_UNDESIRED), 0);
	KUNIT_EXPECT_EQ(test, set_legacy(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE0), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);
}

/* Undesired wins over the type downgrade whatever the order in the commit. */
static void drm_test_hdcp_prop_type_change_with_undesired(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);
	int ret;

	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	ret = set_atomic_two(test, t, type_prop(t), DRM_MODE_HDCP_CONTENT_TYPE1,
			     cp_prop(t), CP_UNDESIRED);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);

	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	ret = set_atomic_two(test, t, cp_prop(t), CP_UNDESIRED,
			     type_prop(t), DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);
}

static void drm_test_hdcp_prop_duplicate_destroy_keeps_value(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);
	struct drm_connector_state *copy;

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE1), 0);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);

	copy = t->connector.funcs->atomic_duplicate_state(&t->connector);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	KUNIT_EXPECT_EQ(test, copy->content_protection, CP_ENABLED);
	KUNIT_EXPECT_EQ(test, copy->hdcp_content_type,
			DRM_MODE_HDCP_CONTENT_TYPE1);
	t->connector.funcs->atomic_destroy_state(&t->connector, copy);

	/* A commit that touches something else carries the value along. */
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, type_prop(t),
					 DRM_MODE_HDCP_CONTENT_TYPE1), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, t->connector.state->hdcp_content_type,
			DRM_MODE_HDCP_CONTENT_TYPE1);
}

/* A state restored after suspend does not claim Enabled. */
static void drm_test_hdcp_prop_restored_state_not_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);
	struct drm_atomic_state *saved;

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	saved = drm_atomic_helper_suspend(&t->drm);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, saved);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	KUNIT_ASSERT_EQ(test, drm_atomic_helper_resume(&t->drm, saved), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

static int build_enabled_state(struct drm_atomic_state *state, void *arg)
{
	struct drm_connector *connector = arg;
	struct drm_connector_state *conn_state;

	conn_state = drm_atomic_get_connector_state(state, connector);
	if (IS_ERR(conn_state))
		return PTR_ERR(conn_state);
	conn_state->content_protection = CP_ENABLED;
	return 0;
}

/* A driver-built state that claims Enabled does not get it. */
static void drm_test_hdcp_prop_driver_state_not_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_ASSERT_EQ(test, commit_built(test, &t->drm, build_enabled_state,
					   &t->connector), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

/* ACTIVE on the CRTC alone, as a compositor's DPMS does: no connector in it. */
static int set_crtc_active(struct kunit *test, struct hdcp_prop_test *t, bool active)
{
	struct prop_set set[] = {
		{ &t->crtc->base, t->drm.mode_config.prop_active, active },
		{ }
	};

	return commit_built(test, &t->drm, build_props, set);
}

/*
 * The connector joins such a commit only in the atomic helpers' check, as
 * a connector of a CRTC that goes through a modeset: the rule holds for it
 * too, so Enabled is gone when the commit that switched the output off
 * returns, and switching it back on does not bring Enabled back.
 */
static void drm_test_hdcp_prop_crtc_only_dpms_drops_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	KUNIT_ASSERT_EQ(test, set_crtc_active(test, t, false), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	KUNIT_ASSERT_EQ(test, set_crtc_active(test, t, true), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);

	/* Enabled again, then ACTIVE 0 -> 1 in one go is no session change. */
	driver_update(t, CP_ENABLED);
	KUNIT_ASSERT_EQ(test, set_crtc_active(test, t, true), 0);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);
}

static int build_second_on_crtc(struct drm_atomic_state *state, void *arg)
{
	struct hdcp_prop_test *t = arg;
	struct drm_connector_state *conn_state;

	conn_state = drm_atomic_get_connector_state(state, &t->second);
	if (IS_ERR(conn_state))
		return PTR_ERR(conn_state);
	return drm_atomic_set_crtc_for_connector(conn_state, t->crtc);
}

/*
 * Another connector joining the CRTC, same mode: the helpers take the CRTC
 * through a modeset (connectors_changed) and disable its encoders, so the
 * link restarts and Enabled must go.
 */
static void drm_test_hdcp_prop_connector_joins_crtc_drops_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	KUNIT_ASSERT_EQ(test, commit_built(test, &t->drm, build_second_on_crtc, t), 0);
	KUNIT_EXPECT_PTR_EQ(test, t->second.state->crtc, t->crtc);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

/* A commit that switches the output off or changes its mode drops Enabled. */
static void drm_test_hdcp_prop_disable_drops_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	light_up(test, t, false);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	/* Desired survives the output being off and back on. */
	light_up(test, t, true);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->events, 1);
}

static void drm_test_hdcp_prop_mode_change_drops_enabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);
	/* The same mode again is no change. */
	light_up(test, t, true);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);
	light_up_mode(test, t, true, 800, 600);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

/* Undesired committed with the output off stays Undesired. */
static void drm_test_hdcp_prop_undesired_stays_when_disabled(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_ready(test, true);

	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_UNDESIRED), 0);
	light_up(test, t, false);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_UNDESIRED);
}

/*
 * The commit tail of a driver that keeps the value in line itself, as
 * amdgpu's amdgpu_dm_atomic_commit_tail() and is_content_protection_different()
 * do in 6.12: it resets HDCP when the stream goes while the value is
 * Enabled and asks for it again; it restores Enabled on an Enabled to
 * Desired change that is not a modeset; it authenticates on Undesired to
 * Desired, on a modeset, and when the output comes back after a reset.
 */
static void amdgpu_like_commit_tail(struct drm_atomic_state *state)
{
	struct hdcp_prop_test *t = container_of(state->dev, struct hdcp_prop_test, drm);
	struct drm_connector_state *old_state, *new_state;
	struct drm_crtc_state *crtc_state = NULL;
	bool active, changed;

	drm_atomic_helper_commit_tail(state);
	old_state = drm_atomic_get_old_connector_state(state, &t->connector);
	new_state = drm_atomic_get_new_connector_state(state, &t->connector);
	if (!new_state)
		return;
	if (new_state->crtc)
		crtc_state = drm_atomic_get_new_crtc_state(state, new_state->crtc);
	active = crtc_state && crtc_state->active;

	if (!active && t->connector.state->content_protection == CP_ENABLED) {
		t->hdcp_resets++;
		new_state->content_protection = CP_DESIRED;
		t->update_hdcp = true;
		return;
	}
	if (old_state->content_protection == CP_ENABLED &&
	    new_state->content_protection == CP_DESIRED) {
		new_state->content_protection = CP_ENABLED;
		changed = false;
	} else if (t->update_hdcp && new_state->content_protection == CP_DESIRED && active) {
		t->update_hdcp = false;
		changed = true;
	} else if (old_state->content_protection == new_state->content_protection) {
		changed = new_state->content_protection != CP_UNDESIRED &&
			  crtc_state && crtc_state->mode_changed;
	} else {
		changed = new_state->content_protection != CP_ENABLED;
	}
	if (changed && new_state->content_protection == CP_DESIRED)
		t->hdcp_starts++;
}

static const struct drm_mode_config_helper_funcs amdgpu_like_helpers = {
	.atomic_commit_tail = amdgpu_like_commit_tail,
};

/*
 * A driver that keeps the value in line itself does not ask for the
 * core's rule, and sees what it saw in 6.12. Modelled on amdgpu, whose
 * tail under the rule would find Desired where it looks for Enabled after
 * DPMS off, write Enabled back and never authenticate again.
 */
static void drm_test_hdcp_prop_amdgpu_like_reauthenticates_after_dpms(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_device(test, true);

	t->connector.content_protection_checked = false;
	t->drm.mode_config.helper_private = &amdgpu_like_helpers;
	hdcp_test_register(test, t);
	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	KUNIT_EXPECT_EQ(test, t->hdcp_starts, 1);
	driver_update(t, CP_ENABLED);

	KUNIT_ASSERT_EQ(test, set_crtc_active(test, t, false), 0);
	KUNIT_EXPECT_EQ(test, t->hdcp_resets, 1);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
	KUNIT_ASSERT_EQ(test, set_crtc_active(test, t, true), 0);
	KUNIT_EXPECT_EQ(test, t->hdcp_starts, 2);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_DESIRED);
}

/*
 * The connector check of a driver that keeps the value in line itself, as
 * cdns-mhdp8546's cdns_mhdp_connector_atomic_check() does in 6.12.
 */
static int cdns_like_connector_check(struct drm_connector *connector,
				     struct drm_atomic_state *state)
{
	struct hdcp_prop_test *t = container_of(connector, struct hdcp_prop_test, connector);
	struct drm_connector_state *old_state, *new_state;
	struct drm_crtc_state *crtc_state;

	old_state = drm_atomic_get_old_connector_state(state, connector);
	new_state = drm_atomic_get_new_connector_state(state, connector);
	t->seen_in_check = new_state->content_protection;
	if (old_state->hdcp_content_type != new_state->hdcp_content_type &&
	    new_state->content_protection != CP_UNDESIRED) {
		new_state->content_protection = CP_DESIRED;
	} else if (!new_state->crtc) {
		if (old_state->content_protection == CP_ENABLED)
			new_state->content_protection = CP_DESIRED;
		return 0;
	} else if (old_state->content_protection == new_state->content_protection ||
		   (old_state->content_protection == CP_DESIRED &&
		    new_state->content_protection == CP_ENABLED)) {
		return 0;
	}
	crtc_state = drm_atomic_get_new_crtc_state(state, new_state->crtc);
	if (crtc_state)
		crtc_state->mode_changed = true;
	return 0;
}

static const struct drm_connector_helper_funcs cdns_like_connector_helpers = {
	.atomic_check = cdns_like_connector_check,
};

/*
 * Modelled on cdns-mhdp8546: its check sees, and its commit leaves, the
 * values 6.12 gave it; the rule would change them behind its back (it
 * would find Desired after DPMS where it left Enabled).
 */
static void drm_test_hdcp_prop_cdns_like_check_sees_its_own_values(struct kunit *test)
{
	struct hdcp_prop_test *t = hdcp_test_device(test, true);

	t->connector.content_protection_checked = false;
	drm_connector_helper_add(&t->connector, &cdns_like_connector_helpers);
	hdcp_test_register(test, t);
	light_up(test, t, true);
	KUNIT_ASSERT_EQ(test, set_atomic(test, t, cp_prop(t), CP_DESIRED), 0);
	driver_update(t, CP_ENABLED);

	KUNIT_ASSERT_EQ(test, set_crtc_active(test, t, false), 0);
	KUNIT_EXPECT_EQ(test, t->seen_in_check, CP_ENABLED);
	KUNIT_EXPECT_EQ(test, prop_get(test, t, cp_prop(t)), CP_ENABLED);
	/* Userspace may still not set Enabled. */
	KUNIT_EXPECT_EQ(test, set_atomic(test, t, cp_prop(t), CP_ENABLED), -EINVAL);
}

static struct kunit_case drm_hdcp_property_tests[] = {
	KUNIT_CASE(drm_test_hdcp_prop_exact_names_and_values),
	KUNIT_CASE(drm_test_hdcp_prop_created_once_per_device),
	KUNIT_CASE(drm_test_hdcp_prop_type_only_on_request),
	KUNIT_CASE(drm_test_hdcp_prop_attach_twice_is_harmless),
	KUNIT_CASE(drm_test_hdcp_prop_starts_undesired_type0),
	KUNIT_CASE(drm_test_hdcp_prop_atomic_desired_undesired),
	KUNIT_CASE(drm_test_hdcp_prop_legacy_desired_undesired),
	KUNIT_CASE(drm_test_hdcp_prop_atomic_enabled_rejected),
	KUNIT_CASE(drm_test_hdcp_prop_legacy_enabled_rejected),
	KUNIT_CASE(drm_test_hdcp_prop_atomic_out_of_range_rejected),
	KUNIT_CASE(drm_test_hdcp_prop_legacy_out_of_range_rejected),
	KUNIT_CASE(drm_test_hdcp_prop_desired_keeps_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_undesired_from_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_update_sends_one_uevent),
	KUNIT_CASE(drm_test_hdcp_prop_update_same_value_no_uevent),
	KUNIT_CASE(drm_test_hdcp_prop_update_rejects_bad_value),
	KUNIT_CASE(drm_test_hdcp_prop_type_values),
	KUNIT_CASE(drm_test_hdcp_prop_type_change_drops_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_type_change_keeps_desired),
	KUNIT_CASE(drm_test_hdcp_prop_type_change_with_undesired),
	KUNIT_CASE(drm_test_hdcp_prop_duplicate_destroy_keeps_value),
	KUNIT_CASE(drm_test_hdcp_prop_restored_state_not_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_driver_state_not_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_disable_drops_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_crtc_only_dpms_drops_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_connector_joins_crtc_drops_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_mode_change_drops_enabled),
	KUNIT_CASE(drm_test_hdcp_prop_undesired_stays_when_disabled),
	KUNIT_CASE(drm_test_hdcp_prop_amdgpu_like_reauthenticates_after_dpms),
	KUNIT_CASE(drm_test_hdcp_prop_cdns_like_check_sees_its_own_values),
	{}
};

static struct kunit_suite drm_hdcp_property_test_suite = {
	.name = "drm_hdcp_property",
	.test_cases = drm_hdcp_property_tests,
};

kunit_test_suite(drm_hdcp_property_test_suite);

MODULE_DESCRIPTION("KUnit tests for the Content Protection connector properties");
MODULE_LICENSE("Dual MIT/GPL");
