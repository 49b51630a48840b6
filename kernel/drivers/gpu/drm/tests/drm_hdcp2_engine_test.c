// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the HDCP 2.2 engine: real atomic commits on a DRM device
 * made with drm_kunit_helpers, the software backend, and the emulated
 * HDCP 2.2 receiver or repeater behind a real DDC bus or AUX channel, on
 * injected time. The sink is strict: every case also checks that the
 * engine broke none of its rules. Negative cases are named after the HDCP
 * 2.2 compliance test they mirror.
 */

#include <linux/delay.h>
#include <linux/i2c.h>
#include <linux/ktime.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_cipher.h>
#include <drm/display/drm_hdcp1_emul.h>
#include <drm/display/drm_hdcp2.h>
#include <drm/display/drm_hdcp2_emul.h>
#include <drm/display/drm_hdcp2_soft.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_atomic_helper.h>
#include <drm/drm_atomic_state_helper.h>
#include <drm/drm_atomic_uapi.h>
#include <drm/drm_connector.h>
#include <drm/drm_drv.h>
#include <drm/drm_encoder.h>
#include <drm/drm_kunit_helpers.h>
#include <drm/drm_modes.h>
#include <drm/drm_modeset_helper_vtables.h>
#include <drm/drm_sysfs.h>

#include "../display/drm_hdcp2_crypto.h"
#include "../display/drm_hdcp2_internal.h"
#include "../display/drm_hdcp2_msg.h"
#include "../display/drm_hdcp_helper_internal.h"
#include "../drm_crtc_internal.h"
#include "drm_hdcp2_errata_srm.h"

#define CP_UNDESIRED	DRM_MODE_CONTENT_PROTECTION_UNDESIRED
#define CP_DESIRED	DRM_MODE_CONTENT_PROTECTION_DESIRED
#define CP_ENABLED	DRM_MODE_CONTENT_PROTECTION_ENABLED
#define TYPE0		DRM_MODE_HDCP_CONTENT_TYPE0
#define TYPE1		DRM_MODE_HDCP_CONTENT_TYPE1
#define START_MS	1000
#define KSV_A1		0xb70361f714ULL
#define KSV_B1		0x511ef21acdULL
/* Long enough for any authentication the sink allows, back-offs included. */
#define SETTLE_MS	10000

/* The HDCP 1.4 half of the transmitter, for the fallback. */
struct fake_tx1 {
	u64 keys[DRM_HDCP1_NUM_KEYS];
	u64 an;
	struct drm_hdcp1_session session;
	bool encrypting;
};

struct engine2_test {
	struct drm_device drm;
	struct drm_plane *plane;
	struct drm_crtc *crtc;
	struct drm_encoder encoder;
	struct drm_connector connector;
	struct drm_display_mode *mode;
	enum drm_hdcp1_transport transport;
	struct drm_hdcp2 *hdcp;
	struct drm_hdcp2_backend *be;
	struct drm_hdcp1_emul *sink1;
	struct drm_hdcp2_emul *sink;
	struct fake_tx1 tx1;
	bool encrypting;		/* HDCP 2.2 encryption */
	unsigned int encrypts, resets, ake_inits;
	struct drm_dp_aux aux;
	unsigned int aux_oversize;
	struct i2c_adapter ddc;
	bool fips;

	bool real_time;			/* the real clock and work queue (make bench) */
	u64 now;
	bool queued;
	u64 due;
	unsigned int events;
	bool stopped;
	unsigned int access_after_stop;
	u8 replug_before;		/* replug the sink as this message goes out */
	bool replugged;			/* and no AKE_Init since */
	unsigned int stale_writes;	/* messages after a replug, before AKE_Init */
	const u8 *srm;
	size_t srm_len;
};

static struct engine2_test *to_test(struct drm_connector *connector)
{
	return container_of(connector, struct engine2_test, connector);
}

static struct engine2_test *current_test(void)
{
	return kunit_get_current_test()->priv;
}

static u64 sink_clock_ns(void *data)
{
	struct engine2_test *t = data;

	return t->real_time ? ktime_get_ns() : t->now * NSEC_PER_MSEC;
}

static void sink_cp_irq(void *data)
{
	drm_hdcp2_cp_irq(((struct engine2_test *)data)->hdcp);
}

static const struct drm_hdcp1_emul_ops sink1_ops = {
	.clock_ns = sink_clock_ns,
	.cp_irq = sink_cp_irq,
};

static const struct drm_hdcp2_emul_ops sink_ops = {
	.clock_ns = sink_clock_ns,
	.cp_irq = sink_cp_irq,
};

/* The message a write starts: HDMI's carry their msg_id, DP's their address. */
static u8 written_msg(struct engine2_test *t, u32 offset, const u8 *buf, size_t len)
{
	static const u8 ids[] = {
		HDCP_2_2_AKE_INIT, HDCP_2_2_AKE_NO_STORED_KM, HDCP_2_2_AKE_STORED_KM,
		HDCP_2_2_LC_INIT, HDCP_2_2_SKE_SEND_EKS, HDCP_2_2_REP_SEND_ACK,
		HDCP_2_2_REP_STREAM_MANAGE,
	};
	unsigned int i;

	if (t->transport == DRM_HDCP1_HDMI)
		return offset == HDCP_2_2_HDMI_REG_WR_MSG_OFFSET && len ? buf[0] : 0;
	for (i = 0; i < ARRAY_SIZE(ids); i++)
		if (drm_hdcp2_msg_find(ids[i])->dp_offset == offset)
			return ids[i];
	return 0;
}

/*
 * The sink is unplugged and plugged back, and the driver told of both,
 * at once: what another CPU may do while the worker is past its checks.
 */
static void replug(struct engine2_test *t)
{
	t->replugged = true;
	drm_hdcp2_emul_set_connected(t->sink, false);
	drm_hdcp2_hotplug(t->hdcp, false);
	drm_hdcp2_emul_set_connected(t->sink, true);
	drm_hdcp2_hotplug(t->hdcp, true);
}

/* Count what crosses the link, and anything after a stop or a replug. */
static void note_write(struct engine2_test *t, u32 offset, const u8 *buf, size_t len)
{
	u8 id = written_msg(t, offset, buf, len);

	if (t->stopped)
		t->access_after_stop++;
	if (id && id == t->replug_before) {
		t->replug_before = 0;
		replug(t);
	}
	if (id == HDCP_2_2_AKE_INIT) {
		t->ake_inits++;
		t->replugged = false;
	} else if (id && t->replugged) {
		t->stale_writes++;
	}
}

static int fake_ddc_xfer(struct i2c_adapter *ddc, struct i2c_msg *msgs, int num)
{
	struct engine2_test *t = i2c_get_adapdata(ddc);
	int i;

	for (i = 0; i < num; i++)
		if (!(msgs[i].flags & I2C_M_RD) && msgs[i].len > 1)
			note_write(t, msgs[i].buf[0], msgs[i].buf + 1, msgs[i].len - 1);
		else if (t->stopped)
			t->access_after_stop++;
	return drm_hdcp2_emul_ddc_xfer(t->sink, msgs, num);
}

static u32 fake_ddc_functionality(struct i2c_adapter *ddc)
{
	return I2C_FUNC_I2C;
}

static const struct i2c_algorithm fake_ddc_algo = {
	.master_xfer = fake_ddc_xfer,
	.functionality = fake_ddc_functionality,
};

KUNIT_DEFINE_ACTION_WRAPPER(del_ddc, i2c_del_adapter, struct i2c_adapter *);

static ssize_t fake_aux_transfer(struct drm_dp_aux *aux, struct drm_dp_aux_msg *msg)
{
	struct engine2_test *t = container_of(aux, struct engine2_test, aux);

	if (msg->size > DP_AUX_MAX_PAYLOAD_BYTES) {
		t->aux_oversize++;
		return -E2BIG;
	}
	if ((msg->request & ~DP_AUX_I2C_MOT) == DP_AUX_NATIVE_WRITE)
		note_write(t, msg->address, msg->buffer, msg->size);
	else if (t->stopped)
		t->access_after_stop++;
	return drm_hdcp2_emul_aux_transfer(t->sink, msg);
}

/* HDCP 2.2 encryption, as the transmitter's hardware switches it. */
static int fake_encrypt(struct drm_connector *connector)
{
	struct engine2_test *t = to_test(connector);

	t->encrypts++;
	t->encrypting = true;
	drm_hdcp2_emul_set_encryption(t->sink, true);
	return 0;
}

static int fake_encryption_status(struct drm_connector *connector)
{
	return to_test(connector)->encrypting ? 0 : -EIO;
}

static void fake_reset(struct drm_connector *connector)
{
	struct engine2_test *t = to_test(connector);

	t->resets++;
	t->encrypting = false;
	drm_hdcp2_emul_set_encryption(t->sink, false);
}

static const struct drm_hdcp2_tx_ops fake_tx_ops = {
	.encrypt = fake_encrypt,
	.encryption_status = fake_encryption_status,
	.reset = fake_reset,
};

/* HDCP 1.4, with the software cipher and the facsimile KSV of A1. */
static int fake1_start(struct drm_connector *connector)
{
	struct engine2_test *t = to_test(connector);
	u8 an[DRM_HDCP_AN_LEN], aksv[DRM_HDCP_KSV_LEN];

	put_unaligned_le64(++t->tx1.an, an);
	drm_hdcp1_u64_to_ksv(KSV_A1, aksv);
	return drm_hdcp1_write_an_aksv(&t->hdcp->v1, an, aksv);
}

static int fake1_compute(struct drm_connector *connector, const u8 bksv[DRM_HDCP_KSV_LEN],
			 bool repeater)
{
	struct fake_tx1 *tx = &to_test(connector)->tx1;

	drm_hdcp1_session_start(&tx->session,
				drm_hdcp1_compute_km(tx->keys, drm_hdcp1_ksv_to_u64(bksv)),
				repeater, tx->an);
	return 0;
}

static int fake1_verify_r0(struct drm_connector *connector, const u8 r0[DRM_HDCP_RI_LEN])
{
	struct engine2_test *t = to_test(connector);

	if (get_unaligned_le16(r0) != t->tx1.session.r0)
		return -EPERM;
	t->tx1.encrypting = true;
	drm_hdcp1_emul_set_encryption(t->sink1, true);
	return 0;
}

static int fake1_verify_ri(struct drm_connector *connector, const u8 ri[DRM_HDCP_RI_LEN])
{
	return get_unaligned_le16(ri) == to_test(connector)->tx1.session.ri_prime ? 0 : -EPERM;
}

static int fake1_verify_v(struct drm_connector *connector, const u8 *list, unsigned int count,
			  u16 bstatus, const u8 v_prime[20])
{
	u8 v[DRM_HDCP1_V_LEN], expect[DRM_HDCP1_V_LEN];
	int ret;

	ret = drm_hdcp1_compute_v(list, count, bstatus, to_test(connector)->tx1.session.m0, v);
	if (ret)
		return ret;
	drm_hdcp1_v_to_v_prime(v, expect);
	return memcmp(expect, v_prime, DRM_HDCP1_V_LEN) ? -EPERM : 0;
}

static void fake1_reset(struct drm_connector *connector)
{
	struct engine2_test *t = to_test(connector);

	t->tx1.encrypting = false;
	drm_hdcp1_emul_set_encryption(t->sink1, false);
}

static const struct drm_hdcp1_tx_ops fake_tx1_ops = {
	.start = fake1_start,
	.compute = fake1_compute,
	.verify_r0 = fake1_verify_r0,
	.verify_ri = fake1_verify_ri,
	.verify_v = fake1_verify_v,
	.reset = fake1_reset,
};

static void fake_property_event(struct drm_connector *connector, struct drm_property *prop)
{
	to_test(connector)->events++;
}

static int fake_check_revoked(struct drm_device *drm, u8 *ksvs, u32 count)
{
	struct engine2_test *t = container_of(drm, struct engine2_test, drm);

	if (!t->srm)
		return 0;
	return drm_hdcp_srm_count_revoked(t->srm, t->srm_len, ksvs, count, NULL);
}

static u64 fake_now_ms(void)
{
	return current_test()->now;
}

static void fake_queue(struct drm_hdcp_port *port, unsigned long delay_ms)
{
	struct engine2_test *t = current_test();
	u64 due = t->now + delay_ms;

	if (!t->queued || due < t->due)
		t->due = due;
	t->queued = true;
}

/* The engine's short waits move the injected clock. */
static void fake_sleep(struct drm_hdcp_port *port, unsigned int ms)
{
	current_test()->now += ms;
}

static bool fake_fips(void)
{
	return current_test()->fips;
}

static void test_encoder_disable(struct drm_encoder *encoder, struct drm_atomic_state *state)
{
	drm_hdcp2_link_stop(container_of(encoder, struct engine2_test, encoder)->hdcp);
}

static const struct drm_encoder_helper_funcs test_encoder_helpers = {
	.atomic_disable = test_encoder_disable,
};

static const struct drm_connector_helper_funcs test_connector_helpers = {
};

static const struct drm_connector_funcs test_connector_funcs = {
	.reset = drm_atomic_helper_connector_reset,
	.atomic_duplicate_state = drm_atomic_helper_connector_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_connector_destroy_state,
};

static void test_commit_tail(struct drm_atomic_state *state)
{
	struct drm_device *dev = state->dev;

	drm_atomic_helper_commit_modeset_disables(dev, state);
	drm_atomic_helper_commit_planes(dev, state, 0);
	drm_atomic_helper_commit_modeset_enables(dev, state);
	drm_hdcp2_atomic_commit(container_of(dev, struct engine2_test, drm)->hdcp, state);
	drm_atomic_helper_fake_vblank(state);
	drm_atomic_helper_commit_hw_done(state);
	drm_atomic_helper_wait_for_vblanks(dev, state);
	drm_atomic_helper_cleanup_planes(dev, state);
}

static const struct drm_mode_config_helper_funcs test_mode_config_helpers = {
	.atomic_commit_tail = test_commit_tail,
};

KUNIT_DEFINE_ACTION_WRAPPER(fini_engine, drm_hdcp2_fini, struct drm_hdcp2 *);
KUNIT_DEFINE_ACTION_WRAPPER(destroy_sink1, drm_hdcp1_emul_destroy, struct drm_hdcp1_emul *);
KUNIT_DEFINE_ACTION_WRAPPER(destroy_sink, drm_hdcp2_emul_destroy, struct drm_hdcp2_emul *);
KUNIT_DEFINE_ACTION_WRAPPER(destroy_soft, drm_hdcp2_soft_destroy, struct drm_hdcp2_backend *);

static void destroy_mode(void *data)
{
	struct engine2_test *t = data;

	drm_mode_destroy(&t->drm, t->mode);
}

struct engine2_param {
	const char *name;
	enum drm_hdcp1_transport transport;
};

static const struct engine2_param transports[] = {
	{ "hdmi", DRM_HDCP1_HDMI },
	{ "dp", DRM_HDCP1_DP },
};

static void transport_desc(const struct engine2_param *p, char *desc)
{
	strscpy(desc, p->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(transport, transports, transport_desc);

/*
 * A device whose connector's sink is test receiver @receiver (1 or 2), on
 * injected time unless @real_time.
 */
static struct engine2_test *setup_time(struct kunit *test, unsigned int receiver,
				       bool fallback, bool real_time)
{
	const struct engine2_param *p = test->param_value;
	struct drm_hdcp2_desc desc = {
		.tx = &fake_tx_ops,
		.hdcp1_tx = fallback ? &fake_tx1_ops : NULL,
	};
	struct drm_hdcp1_emul_device rx1;
	struct engine2_test *t;
	struct device *dev;
	int ret;

	dev = drm_kunit_helper_alloc_device(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	t = drm_kunit_helper_alloc_drm_device(test, dev, struct engine2_test, drm,
					      DRIVER_MODESET | DRIVER_ATOMIC);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	test->priv = t;
	t->transport = p ? p->transport : DRM_HDCP1_HDMI;
	t->real_time = real_time;
	t->now = START_MS;
	t->drm.mode_config.helper_private = &test_mode_config_helpers;
	t->plane = drm_kunit_helper_create_primary_plane(test, &t->drm, NULL, NULL, NULL, 0,
							 NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->plane);
	t->crtc = drm_kunit_helper_create_crtc(test, &t->drm, t->plane, NULL, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->crtc);
	ret = drmm_encoder_init(&t->drm, &t->encoder, NULL, DRM_MODE_ENCODER_TMDS, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	drm_encoder_helper_add(&t->encoder, &test_encoder_helpers);
	t->encoder.possible_crtcs = drm_crtc_mask(t->crtc);
	ret = drmm_connector_init(&t->drm, &t->connector, &test_connector_funcs,
				  t->transport == DRM_HDCP1_DP ? DRM_MODE_CONNECTOR_DisplayPort :
				  DRM_MODE_CONNECTOR_HDMIA, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	drm_connector_helper_add(&t->connector, &test_connector_helpers);
	KUNIT_ASSERT_EQ(test, drm_connector_attach_encoder(&t->connector, &t->encoder), 0);
	KUNIT_ASSERT_EQ(test, drm_connector_attach_content_protection_property(&t->connector,
									       true), 0);
	drm_mode_config_reset(&t->drm);
	t->mode = drm_cvt_mode(&t->drm, 1024, 768, 60, false, false, false);
	KUNIT_ASSERT_NOT_NULL(test, t->mode);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_mode, t), 0);

	rx1.ksv = KSV_B1;
	drm_hdcp1_emul_device_keys(rx1.ksv, rx1.keys);
	drm_hdcp1_emul_device_keys(KSV_A1, t->tx1.keys);
	t->sink1 = drm_hdcp1_emul_create(t->transport, &rx1, &sink1_ops, t);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->sink1);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_sink1, t->sink1), 0);
	t->sink = drm_hdcp2_emul_create(t->transport, receiver, t->sink1, &sink_ops, t);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->sink);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_sink, t->sink), 0);
	t->be = drm_hdcp2_soft_create();
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->be);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_soft, t->be), 0);

	kunit_activate_static_stub(test, drm_sysfs_connector_property_event, fake_property_event);
	kunit_activate_static_stub(test, drm_hdcp_check_ksvs_revoked, fake_check_revoked);
	if (!real_time) {
		kunit_activate_static_stub(test, drm_hdcp_port_now_ms, fake_now_ms);
		kunit_activate_static_stub(test, drm_hdcp_port_queue, fake_queue);
		kunit_activate_static_stub(test, drm_hdcp_port_sleep, fake_sleep);
	}
	kunit_activate_static_stub(test, drm_hdcp2_soft_fips, fake_fips);

	desc.transport = t->transport;
	desc.backend = t->be;
	if (t->transport == DRM_HDCP1_DP) {
		t->aux.name = "hdcp2-test-aux";
		t->aux.drm_dev = &t->drm;
		t->aux.transfer = fake_aux_transfer;
		drm_dp_aux_init(&t->aux);
		desc.aux = &t->aux;
	} else {
		t->ddc.owner = THIS_MODULE;
		t->ddc.algo = &fake_ddc_algo;
		t->ddc.dev.parent = dev;
		strscpy(t->ddc.name, "hdcp2-test-ddc", sizeof(t->ddc.name));
		i2c_set_adapdata(&t->ddc, t);
		KUNIT_ASSERT_EQ(test, i2c_add_adapter(&t->ddc), 0);
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, del_ddc, &t->ddc), 0);
		desc.ddc = &t->ddc;
	}
	t->hdcp = drm_hdcp2_init(&t->connector, &desc);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->hdcp);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fini_engine, t->hdcp), 0);
	return t;
}

static struct engine2_test *setup_full(struct kunit *test, unsigned int receiver,
				       bool fallback)
{
	return setup_time(test, receiver, fallback, false);
}

static struct engine2_test *setup(struct kunit *test)
{
	return setup_full(test, 2, true);
}

static struct engine2_test *setup_repeater(struct kunit *test, unsigned int devices,
					   unsigned int depth, bool hdcp1_downstream)
{
	struct drm_hdcp2_emul_topology topo = {
		.devices = devices, .depth = depth, .hdcp1_downstream = hdcp1_downstream,
	};
	struct engine2_test *t = setup_full(test, 1, true);

	KUNIT_ASSERT_EQ(test, drm_hdcp2_emul_set_repeater(t->sink, &topo), 0);
	return t;
}

typedef int (*build_fn)(struct drm_atomic_state *state, void *arg);

static int commit_built(struct kunit *test, struct drm_device *drm, build_fn build, void *arg)
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
	struct engine2_test *t;
	bool active;
	u64 cp, type;
};

static int build_mode_commit(struct drm_atomic_state *state, void *arg)
{
	struct mode_commit *c = arg;
	struct engine2_test *t = c->t;
	struct drm_mode_config *config = &t->drm.mode_config;
	struct drm_connector_state *conn_state;
	struct drm_crtc_state *crtc_state;
	int ret;

	conn_state = drm_atomic_get_connector_state(state, &t->connector);
	ret = PTR_ERR_OR_ZERO(conn_state);
	if (!ret)
		ret = drm_atomic_set_crtc_for_connector(conn_state, c->active ? t->crtc : NULL);
	crtc_state = ret ? NULL : drm_atomic_get_crtc_state(state, t->crtc);
	if (!ret)
		ret = PTR_ERR_OR_ZERO(crtc_state);
	if (!ret)
		ret = drm_atomic_set_mode_for_crtc(crtc_state, c->active ? t->mode : NULL);
	if (!ret) {
		crtc_state->active = c->active;
		ret = drm_atomic_set_property(state, NULL, &t->connector.base,
					      config->content_protection_property, c->cp, false);
	}
	if (!ret)
		ret = drm_atomic_set_property(state, NULL, &t->connector.base,
					      config->hdcp_content_type_property, c->type, false);
	return ret;
}

static void commit(struct kunit *test, struct engine2_test *t, bool active, u64 cp, u64 type)
{
	struct mode_commit c = { .t = t, .active = active, .cp = cp, .type = type };

	KUNIT_ASSERT_EQ(test, commit_built(test, &t->drm, build_mode_commit, &c), 0);
}

static u64 cp(struct engine2_test *t)
{
	u64 val;

	drm_modeset_lock_all(&t->drm);
	val = t->connector.state->content_protection;
	drm_modeset_unlock_all(&t->drm);
	return val;
}

/* Advance the injected clock by @ms, running the engine when it asks. */
static void run_for(struct engine2_test *t, u64 ms)
{
	u64 end = t->now + ms;
	u64 next;

	for (;;) {
		/* The sink's answers come on time, CP_IRQ with them. */
		if (drm_hdcp2_emul_poll(t->sink, &next) && next <= end &&
		    (!t->queued || next < t->due)) {
			t->now = max(t->now, DIV_ROUND_UP_ULL(next, NSEC_PER_MSEC));
			continue;
		}
		if (!t->queued || t->due > end)
			break;
		t->now = max(t->now, t->due);
		t->queued = false;
		drm_hdcp_port_run(&t->hdcp->v1.port);
	}
	t->now = max(t->now, end);
}

static enum drm_hdcp2_state state(struct engine2_test *t)
{
	return t->hdcp->fsm.state;
}

/* The sinks' violations; the HDCP 2.2 side's latest go to the test's log. */
static unsigned int violations(struct engine2_test *t)
{
	struct drm_hdcp2_emul_record log[DRM_HDCP2_EMUL_LOG_LEN];
	unsigned int i, n = drm_hdcp2_emul_violation_log(t->sink, log, ARRAY_SIZE(log));

	for (i = 0; i < n; i++)
		kunit_info(kunit_get_current_test(), "violation at %llu ms: %s (message %u)\n",
			   log[i].time_ns / NSEC_PER_MSEC,
			   drm_hdcp2_emul_violation_name(log[i].reason), log[i].msg_id);
	return drm_hdcp2_emul_violations(t->sink) + drm_hdcp1_emul_violations(t->sink1);
}

static void expect_enabled(struct kunit *test, struct engine2_test *t, int type)
{
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_A5_AUTHENTICATED);
	KUNIT_EXPECT_TRUE(test, t->encrypting);
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_is_encrypting(t->hdcp));
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_emul_authenticated(t->sink));
	KUNIT_EXPECT_EQ(test, violations(t), 0);
	KUNIT_EXPECT_EQ(test, t->aux_oversize, 0);
	if (type >= 0)
		KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_stream_type(t->sink), type);
}

/* Desired on a driven link, and what the sink makes of it in @ms. */
static void desire(struct kunit *test, struct engine2_test *t, u64 type, u64 ms)
{
	commit(test, t, true, CP_DESIRED, type);
	run_for(t, ms);
}

/* A receiver, Type 0: Enabled after the protocol and the 200 ms wait, Enabled with a uevent. */
static void drm_test_hdcp2_engine_receiver_enabled(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE0, 1000);
	expect_enabled(test, t, t->transport == DRM_HDCP1_DP ? HDCP_STREAM_TYPE0 : -1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
	KUNIT_EXPECT_EQ(test, t->encrypts, 1);
	KUNIT_EXPECT_EQ(test, t->events, 1);
	KUNIT_EXPECT_FALSE(test, t->tx1.encrypting);
	KUNIT_EXPECT_LE(test, t->hdcp->lc_rtt_ns, 20 * NSEC_PER_MSEC);
	/* The link stays Enabled through link checks. */
	run_for(t, 4000);
	expect_enabled(test, t, -1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
}

/*
 * The work queue's delays round up to jiffies, so the core has the worker
 * woken up to DRM_HDCP_PORT_EARLY_MS before a protocol's deadline and
 * sleeps the rest precisely: encryption starts 200 ms after SKE, not one
 * or two jiffies later. Woken sooner than that, the worker leaves the
 * timer to the queue.
 */
/* The queue wakes the worker at @ms. */
static void wake_at(struct engine2_test *t, u64 ms)
{
	t->now = ms;
	t->queued = false;
	drm_hdcp_port_run(&t->hdcp->v1.port);
}

/* Up to SKE; returns when the 200 ms to encryption are over. */
static u64 run_to_wait_enc(struct kunit *test, struct engine2_test *t)
{
	unsigned int i;

	commit(test, t, true, CP_DESIRED, TYPE0);
	for (i = 0; i < 1000; i++) {
		if (state(t) == DRM_HDCP2_A3_WAIT_ENC && t->queued && t->due >= t->now + 100)
			break;
		run_for(t, 1);
	}
	KUNIT_ASSERT_EQ(test, state(t), DRM_HDCP2_A3_WAIT_ENC);
	return t->due;
}

static void drm_test_hdcp2_engine_timer_on_time_when_woken_early(struct kunit *test)
{
	struct engine2_test *t = setup(test);
	u64 due = run_to_wait_enc(test, t);

	wake_at(t, due - DRM_HDCP_PORT_EARLY_MS - 20);
	KUNIT_EXPECT_EQ(test, t->now, due - DRM_HDCP_PORT_EARLY_MS - 20);
	KUNIT_EXPECT_FALSE(test, t->encrypting);
	KUNIT_EXPECT_TRUE(test, t->queued);
	KUNIT_EXPECT_EQ(test, t->due, due);

	/* To 1 ms past the deadline, whose origin was read in whole ms. */
	wake_at(t, due - DRM_HDCP_PORT_EARLY_MS);
	KUNIT_EXPECT_EQ(test, t->now, due + 1);
	KUNIT_EXPECT_TRUE(test, t->encrypting);
	run_for(t, 100);
	expect_enabled(test, t, -1);
}

/*
 * Woken in the deadline's own millisecond, which may still be before the
 * deadline (both were read in whole milliseconds): one more, then on.
 */
static void drm_test_hdcp2_engine_timer_not_early_in_its_millisecond(struct kunit *test)
{
	struct engine2_test *t = setup(test);
	u64 due = run_to_wait_enc(test, t);

	wake_at(t, due);
	KUNIT_EXPECT_EQ(test, t->now, due + 1);
	KUNIT_EXPECT_TRUE(test, t->encrypting);
	run_for(t, 100);
	expect_enabled(test, t, -1);
}

/*
 * The queue's delay for a run due in d ms: the timer wheel runs a delayed
 * work of j jiffies at the tick after its expiry, more than j and at most
 * j + 1 jiffies after it was queued; none runs at once. So the run comes
 * by d and no sooner than DRM_HDCP_PORT_EARLY_MS before it.
 */
static void drm_test_hdcp2_engine_port_wakes_within_the_window(struct kunit *test)
{
	unsigned long d, j, tick = jiffies_to_msecs(1);

	for (d = 1; d <= 600; d++) {
		j = drm_hdcp_port_delay_jiffies(d);
		KUNIT_EXPECT_LE_MSG(test, j ? (j + 1) * tick : 0, d, "due in %lu ms", d);
		KUNIT_EXPECT_GE_MSG(test, j * tick + DRM_HDCP_PORT_EARLY_MS, d,
				    "due in %lu ms", d);
	}
}

/* Type 1 reaches Enabled on HDCP 2.2, with a receiver and with a repeater. */
static void drm_test_hdcp2_engine_type1_receiver(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE1, 1000);
	expect_enabled(test, t, t->transport == DRM_HDCP1_DP ? HDCP_STREAM_TYPE1 : -1);
}

static void drm_test_hdcp2_engine_type1_repeater(struct kunit *test)
{
	struct engine2_test *t = setup_repeater(test, 3, 1, false);

	desire(test, t, TYPE1, 1000);
	expect_enabled(test, t, HDCP_STREAM_TYPE1);
}

/* 1B-01: a repeater with Type 0 content; encryption still 200 ms after SKE. */
static void drm_test_hdcp2_engine_1b_01_repeater(struct kunit *test)
{
	struct engine2_test *t = setup_repeater(test, 5, 2, true);

	desire(test, t, TYPE0, 1000);
	expect_enabled(test, t, HDCP_STREAM_TYPE0);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
}

/* An HDCP 1.x device downstream: Type 1 never Enabled, never told to the repeater. */
static void drm_test_hdcp2_engine_type1_refused_with_hdcp1_downstream(struct kunit *test)
{
	struct engine2_test *t = setup_repeater(test, 3, 1, true);

	desire(test, t, TYPE1, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_UNSUPPORTED);
	KUNIT_EXPECT_FALSE(test, t->encrypting);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
	/* Type 0 for the same sink is fine. */
	commit(test, t, true, CP_DESIRED, TYPE0);
	run_for(t, 1000);
	expect_enabled(test, t, HDCP_STREAM_TYPE0);
}

/* Type 1 -> 0 -> 1 on an authenticated link: never Undesired, no new AKE. */
static void drm_test_hdcp2_engine_content_type_change_repeater(struct kunit *test)
{
	struct engine2_test *t = setup_repeater(test, 2, 1, false);

	desire(test, t, TYPE1, 1000);
	expect_enabled(test, t, HDCP_STREAM_TYPE1);
	commit(test, t, true, CP_DESIRED, TYPE0);
	KUNIT_EXPECT_NE(test, cp(t), CP_UNDESIRED);
	run_for(t, 200);
	expect_enabled(test, t, HDCP_STREAM_TYPE0);
	commit(test, t, true, CP_DESIRED, TYPE1);
	run_for(t, 200);
	expect_enabled(test, t, HDCP_STREAM_TYPE1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
	KUNIT_EXPECT_EQ(test, t->encrypts, 1);
}

/* A receiver: DP tells its type register, HDMI nothing at all. */
static void drm_test_hdcp2_engine_content_type_change_receiver(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE0, 1000);
	expect_enabled(test, t, -1);
	commit(test, t, true, CP_DESIRED, TYPE1);
	run_for(t, 200);
	expect_enabled(test, t, t->transport == DRM_HDCP1_DP ? HDCP_STREAM_TYPE1 : -1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
}

/* No HDCP 2.2 in the sink: HDCP 1.4 protects Type 0, nothing protects Type 1. */
static void drm_test_hdcp2_engine_fallback_to_hdcp1(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_capable(t->sink, false);
	desire(test, t, TYPE0, 1000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_FALLBACK);
	KUNIT_EXPECT_TRUE(test, t->tx1.encrypting);
	KUNIT_EXPECT_FALSE(test, t->encrypting);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 0);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
	commit(test, t, true, CP_DESIRED, TYPE1);
	run_for(t, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_UNSUPPORTED);
	KUNIT_EXPECT_FALSE(test, t->tx1.encrypting);
	commit(test, t, true, CP_DESIRED, TYPE0);
	run_for(t, 1000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_TRUE(test, t->tx1.encrypting);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* FIPS mode: the software backend is not capable; Type 0 falls back. */
static void drm_test_hdcp2_engine_fips_not_capable(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	t->fips = true;
	desire(test, t, TYPE1, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 0);
	commit(test, t, true, CP_DESIRED, TYPE0);
	run_for(t, 1000);
	KUNIT_EXPECT_EQ(test, cp(t), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_FALLBACK);
}

/* The sink's fault; Desired stays, nothing is encrypted, no rule broken. */
static void expect_refused(struct kunit *test, struct engine2_test *t)
{
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_FALSE(test, t->encrypting);
	KUNIT_EXPECT_EQ(test, t->encrypts, 0);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
	KUNIT_EXPECT_GT(test, t->ake_inits, 1);
}

static void drm_test_hdcp2_engine_1a_08_no_certificate(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_delay(t->sink, DRM_HDCP2_EMUL_CERT, DRM_HDCP2_EMUL_NEVER);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
}

static void drm_test_hdcp2_engine_1a_09_invalid_certificate(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_fault(t->sink, DRM_HDCP2_EMUL_BAD_CERT, true);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
	/* Mended: the next attempt authenticates. */
	drm_hdcp2_emul_set_fault(t->sink, DRM_HDCP2_EMUL_BAD_CERT, false);
	run_for(t, SETTLE_MS);
	expect_enabled(test, t, -1);
}

/* 1A-10: the errata's SRM revokes both test receivers; no retry, no km. */
static void drm_test_hdcp2_engine_1a_10_revoked_receiver(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	t->srm = drm_hdcp2_vector_srm;
	t->srm_len = sizeof(drm_hdcp2_vector_srm);
	desire(test, t, TYPE1, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_REVOKED);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
	/* Undesired, then Desired: asked again, refused again. */
	commit(test, t, true, CP_UNDESIRED, TYPE1);
	commit(test, t, true, CP_DESIRED, TYPE1);
	run_for(t, 1000);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 2);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_REVOKED);
}

static void drm_test_hdcp2_engine_1a_11_invalid_h_prime(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_fault(t->sink, DRM_HDCP2_EMUL_BAD_H_PRIME, true);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
}

static void drm_test_hdcp2_engine_1a_11_h_prime_timeout(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_delay(t->sink, DRM_HDCP2_EMUL_H_PRIME, 1200);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
}

static void drm_test_hdcp2_engine_1a_12_no_pairing_info(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_delay(t->sink, DRM_HDCP2_EMUL_PAIRING, DRM_HDCP2_EMUL_NEVER);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
}

static void drm_test_hdcp2_engine_1a_13_invalid_l_prime(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_fault(t->sink, DRM_HDCP2_EMUL_BAD_L_PRIME, true);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
}

/* 1A-13-2: an L' later than 20 ms is never taken, though it matches. */
static void drm_test_hdcp2_engine_1a_13_l_prime_timeout(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	drm_hdcp2_emul_set_delay(t->sink, DRM_HDCP2_EMUL_L_PRIME, 25);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, DRM_HDCP2_EMUL_LC_LATE), 0);
}

/* A paired receiver gets AKE_Stored_km next time, and authenticates again. */
static void drm_test_hdcp2_engine_pairing_reused(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE0, 1000);
	expect_enabled(test, t, -1);
	commit(test, t, false, CP_DESIRED, TYPE0);
	KUNIT_EXPECT_FALSE(test, t->encrypting);
	commit(test, t, true, CP_DESIRED, TYPE0);
	/* No pairing info on a stored km: this works only because none is needed. */
	drm_hdcp2_emul_set_delay(t->sink, DRM_HDCP2_EMUL_PAIRING, DRM_HDCP2_EMUL_NEVER);
	run_for(t, 1000);
	expect_enabled(test, t, -1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 2);
}

/* 1A-07 / 1B-08: REAUTH_REQ: Desired with a uevent, then Enabled again. */
static void drm_test_hdcp2_engine_1a_07_reauth_request(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE1, 1000);
	expect_enabled(test, t, -1);
	drm_hdcp2_emul_reauth_request(t->sink);
	/* Seen at the next check, at most 500 ms on; then authenticated again. */
	run_for(t, 1000);
	expect_enabled(test, t, -1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 2);
	KUNIT_EXPECT_EQ(test, t->events, 3);
}

/* DP: a link integrity failure, announced by CP_IRQ, is seen at once. */
static void drm_test_hdcp2_engine_dp_link_failure(struct kunit *test)
{
	struct engine2_test *t = setup(test);
	u64 failed;

	if (t->transport != DRM_HDCP1_DP)
		return;
	desire(test, t, TYPE0, 1000);
	expect_enabled(test, t, -1);
	failed = t->now;
	KUNIT_ASSERT_EQ(test, drm_hdcp2_emul_link_failure(t->sink), 0);
	run_for(t, 1);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_LE(test, t->now - failed, 1);
	run_for(t, 1000);
	expect_enabled(test, t, -1);
}

/* A repeater's fault, and where the engine must see it. */
struct repeater_fault {
	const char *name;
	enum drm_hdcp1_transport transport;
	unsigned int devices, depth;
	int fault;		/* enum drm_hdcp2_emul_fault, or -1 */
	bool no_list;
};

static const struct repeater_fault repeater_faults[] = {
	{ "1b_02_no_list_hdmi", DRM_HDCP1_HDMI, 3, 1, -1, true },
	{ "1b_03_invalid_v_prime_hdmi", DRM_HDCP1_HDMI, 3, 1, DRM_HDCP2_EMUL_BAD_V_PRIME },
	{ "1b_04_max_devs_exceeded_hdmi", DRM_HDCP1_HDMI, 32, 1, -1 },
	{ "1b_05_max_cascade_exceeded_hdmi", DRM_HDCP1_HDMI, 3, 5, -1 },
	{ "1b_06_first_seq_num_v_not_0_hdmi", DRM_HDCP1_HDMI, 3, 1,
	  DRM_HDCP2_EMUL_SEQ_NUM_V_NONZERO },
	{ "1b_10_invalid_m_prime_hdmi", DRM_HDCP1_HDMI, 3, 1, DRM_HDCP2_EMUL_BAD_M_PRIME },
	{ "1b_02_no_list_dp", DRM_HDCP1_DP, 3, 1, -1, true },
	{ "1b_03_invalid_v_prime_dp", DRM_HDCP1_DP, 3, 1, DRM_HDCP2_EMUL_BAD_V_PRIME },
	{ "1b_04_max_devs_exceeded_dp", DRM_HDCP1_DP, 32, 1, -1 },
	{ "1b_05_max_cascade_exceeded_dp", DRM_HDCP1_DP, 3, 5, -1 },
	{ "1b_06_first_seq_num_v_not_0_dp", DRM_HDCP1_DP, 3, 1,
	  DRM_HDCP2_EMUL_SEQ_NUM_V_NONZERO },
	{ "1b_10_invalid_m_prime_dp", DRM_HDCP1_DP, 3, 1, DRM_HDCP2_EMUL_BAD_M_PRIME },
};

static void repeater_fault_desc(const struct repeater_fault *f, char *desc)
{
	strscpy(desc, f->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(repeater_fault, repeater_faults, repeater_fault_desc);

/* 1B-02 to 1B-06, 1B-10: the repeater fails its checks, every time. */
static void drm_test_hdcp2_engine_1b_repeater_faults(struct kunit *test)
{
	const struct repeater_fault *f = test->param_value;
	const struct engine2_param p = { f->name, f->transport };
	struct engine2_test *t;

	/* setup_repeater() takes the transport from the parameter; KUnit the next one from it. */
	test->param_value = &p;
	t = setup_repeater(test, f->devices, f->depth, false);
	test->param_value = f;
	if (f->no_list)
		drm_hdcp2_emul_set_delay(t->sink, DRM_HDCP2_EMUL_LIST, DRM_HDCP2_EMUL_NEVER);
	if (f->fault >= 0)
		drm_hdcp2_emul_set_fault(t->sink, f->fault, true);
	desire(test, t, TYPE0, SETTLE_MS);
	expect_refused(test, t);
}

/* 1B-07: a topology change on the encrypted link: new list, stays Enabled. */
static void drm_test_hdcp2_engine_1b_07_topology_change(struct kunit *test)
{
	struct drm_hdcp2_emul_topology more = { .devices = 6, .depth = 2 };
	struct engine2_test *t = setup_repeater(test, 3, 1, false);
	unsigned int events;

	desire(test, t, TYPE1, 1000);
	expect_enabled(test, t, HDCP_STREAM_TYPE1);
	events = t->events;
	KUNIT_ASSERT_EQ(test, drm_hdcp2_emul_topology_change(t->sink, &more), 0);
	run_for(t, 1000);
	expect_enabled(test, t, HDCP_STREAM_TYPE1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 1);
	KUNIT_EXPECT_EQ(test, t->events, events);

	/* 1B-09: a list that reuses seq_num_V needs a new authentication. */
	drm_hdcp2_emul_set_fault(t->sink, DRM_HDCP2_EMUL_SEQ_NUM_V_REPEAT, true);
	KUNIT_ASSERT_EQ(test, drm_hdcp2_emul_topology_change(t->sink, &more), 0);
	run_for(t, 1000);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 2);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* Undesired mid-authentication: the session is closed, nothing encrypts. */
static void drm_test_hdcp2_engine_undesired_mid_authentication(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE0, 50);
	KUNIT_EXPECT_NE(test, state(t), DRM_HDCP2_A5_AUTHENTICATED);
	commit(test, t, true, CP_UNDESIRED, TYPE0);
	run_for(t, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_UNDESIRED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_IDLE);
	KUNIT_EXPECT_FALSE(test, t->encrypting);
	KUNIT_EXPECT_GE(test, t->resets, 1);
	KUNIT_EXPECT_EQ(test, t->encrypts, 0);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

/* DPMS off stops encryption synchronously; on again authenticates again. */
static void drm_test_hdcp2_engine_dpms_stops_and_resumes(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE1, 1000);
	expect_enabled(test, t, -1);
	commit(test, t, false, CP_DESIRED, TYPE1);
	KUNIT_EXPECT_FALSE(test, t->encrypting);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	t->stopped = true;
	run_for(t, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, t->access_after_stop, 0);
	t->stopped = false;
	commit(test, t, true, CP_DESIRED, TYPE1);
	run_for(t, 1000);
	expect_enabled(test, t, -1);
}

/* Unplugged mid-authentication, plugged back: starts over. */
static void drm_test_hdcp2_engine_unplug_mid_authentication(struct kunit *test)
{
	struct engine2_test *t = setup(test);

	desire(test, t, TYPE0, 30);
	drm_hdcp2_emul_set_connected(t->sink, false);
	drm_hdcp2_hotplug(t->hdcp, false);
	run_for(t, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, cp(t), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, state(t), DRM_HDCP2_WAIT_LINK);
	drm_hdcp2_emul_set_connected(t->sink, true);
	drm_hdcp2_hotplug(t->hdcp, true);
	run_for(t, 1000);
	expect_enabled(test, t, -1);
}

/*
 * The backend, timed, around the software one: make bench counts its
 * time; the replug cases have the sink replugged while it computes.
 */
struct timed_backend {
	struct drm_hdcp2_backend base;
	struct drm_hdcp2_backend *soft;
	u64 ns;
	struct engine2_test *t;
	const void *replug_in;		/* the operation to replug the sink in */
};

static struct timed_backend *bench_be;

/* Count the time since @start in @op, and pass on @ret. */
static int timed(const void *op, ktime_t start, int ret)
{
	bench_be->ns += ktime_to_ns(ktime_sub(ktime_get(), start));
	if (op == bench_be->replug_in) {
		bench_be->replug_in = NULL;
		replug(bench_be->t);
	}
	return ret;
}

static bool timed_capable(struct drm_hdcp2_backend *be)
{
	return true;
}

static int timed_ake_init(struct drm_hdcp2_backend *be, struct hdcp2_ake_init *m)
{
	ktime_t start = ktime_get();

	return timed(timed_ake_init, start,
		     bench_be->soft->ops->ake_init(bench_be->soft, m));
}

static int timed_verify_cert(struct drm_hdcp2_backend *be, const struct hdcp2_ake_send_cert *c,
			     union drm_hdcp2_ake_km *km, size_t *len)
{
	ktime_t start = ktime_get();

	return timed(timed_verify_cert, start,
		     bench_be->soft->ops->verify_cert(bench_be->soft, c, km, len));
}

static int timed_verify_h_prime(struct drm_hdcp2_backend *be,
				const struct hdcp2_ake_send_hprime *m)
{
	ktime_t start = ktime_get();

	return timed(timed_verify_h_prime, start,
		     bench_be->soft->ops->verify_h_prime(bench_be->soft, m));
}

static int timed_store_pairing(struct drm_hdcp2_backend *be,
			       const struct hdcp2_ake_send_pairing_info *m)
{
	ktime_t start = ktime_get();

	return timed(timed_store_pairing, start,
		     bench_be->soft->ops->store_pairing(bench_be->soft, m));
}

static int timed_lc_init(struct drm_hdcp2_backend *be, struct hdcp2_lc_init *m)
{
	ktime_t start = ktime_get();

	return timed(timed_lc_init, start,
		     bench_be->soft->ops->lc_init(bench_be->soft, m));
}

static int timed_verify_l_prime(struct drm_hdcp2_backend *be,
				const struct hdcp2_lc_send_lprime *m)
{
	ktime_t start = ktime_get();

	return timed(timed_verify_l_prime, start,
		     bench_be->soft->ops->verify_l_prime(bench_be->soft, m));
}

static int timed_ske(struct drm_hdcp2_backend *be, struct hdcp2_ske_send_eks *m)
{
	ktime_t start = ktime_get();

	return timed(timed_ske, start,
		     bench_be->soft->ops->ske(bench_be->soft, m));
}

static int timed_verify_receiver_ids(struct drm_hdcp2_backend *be,
				     const struct hdcp2_rep_send_receiverid_list *m,
				     struct hdcp2_rep_send_ack *ack)
{
	ktime_t start = ktime_get();

	return timed(timed_verify_receiver_ids, start,
		     bench_be->soft->ops->verify_receiver_ids(bench_be->soft, m, ack));
}

static int timed_verify_m_prime(struct drm_hdcp2_backend *be,
				const struct hdcp2_rep_stream_manage *sm,
				const struct hdcp2_rep_stream_ready *m)
{
	ktime_t start = ktime_get();

	return timed(timed_verify_m_prime, start,
		     bench_be->soft->ops->verify_m_prime(bench_be->soft, sm, m));
}

static void timed_close(struct drm_hdcp2_backend *be)
{
	bench_be->soft->ops->close(bench_be->soft);
}

static const struct drm_hdcp2_backend_ops timed_ops = {
	.capable = timed_capable,
	.ake_init = timed_ake_init,
	.verify_cert = timed_verify_cert,
	.verify_h_prime = timed_verify_h_prime,
	.store_pairing = timed_store_pairing,
	.lc_init = timed_lc_init,
	.verify_l_prime = timed_verify_l_prime,
	.ske = timed_ske,
	.verify_receiver_ids = timed_verify_receiver_ids,
	.verify_m_prime = timed_verify_m_prime,
	.close = timed_close,
};

/* The engine keeps the backend it was made with: swap it under its lock. */
static void swap_backend(struct engine2_test *t, struct drm_hdcp2_backend *be)
{
	mutex_lock(&t->hdcp->v1.port.hw_lock);
	t->hdcp->be = be;
	mutex_unlock(&t->hdcp->v1.port.hw_lock);
}

static void restore_backend(void *data)
{
	struct engine2_test *t = data;

	swap_backend(t, t->be);
	bench_be = NULL;
}

/* Where the sink is replugged: as @msg goes out, or while @op computes it. */
struct replug_param {
	struct engine2_param base;	/* first: setup() takes the transport from it */
	u8 msg;
	const void *op;
};

static const struct replug_param replug_params[] = {
	{ { "hdmi_ake_no_stored_km", DRM_HDCP1_HDMI }, HDCP_2_2_AKE_NO_STORED_KM,
	  timed_verify_cert },
	{ { "hdmi_lc_init", DRM_HDCP1_HDMI }, HDCP_2_2_LC_INIT, timed_lc_init },
	{ { "hdmi_ske_send_eks", DRM_HDCP1_HDMI }, HDCP_2_2_SKE_SEND_EKS, timed_ske },
	{ { "dp_ake_no_stored_km", DRM_HDCP1_DP }, HDCP_2_2_AKE_NO_STORED_KM,
	  timed_verify_cert },
	{ { "dp_lc_init", DRM_HDCP1_DP }, HDCP_2_2_LC_INIT, timed_lc_init },
	{ { "dp_ske_send_eks", DRM_HDCP1_DP }, HDCP_2_2_SKE_SEND_EKS, timed_ske },
};

static void replug_desc(const struct replug_param *p, char *desc)
{
	strscpy(desc, p->base.name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(replug, replug_params, replug_desc);

/*
 * Replugged while the backend computes a message: the worker checked the
 * link before, and checks it again before the message goes out, so the
 * new sink never sees a message of the old session. It starts over.
 */
static void drm_test_hdcp2_engine_replug_while_computing(struct kunit *test)
{
	const struct replug_param *rp = test->param_value;
	struct engine2_test *t = setup(test);
	struct timed_backend *tb;

	tb = kunit_kzalloc(test, sizeof(*tb), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tb);
	tb->base.ops = &timed_ops;
	tb->soft = t->be;
	tb->t = t;
	tb->replug_in = rp->op;
	bench_be = tb;
	swap_backend(t, &tb->base);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_backend, t), 0);
	desire(test, t, TYPE0, SETTLE_MS);
	KUNIT_EXPECT_NULL(test, tb->replug_in);
	KUNIT_EXPECT_EQ(test, t->stale_writes, 0);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 2);
	expect_enabled(test, t, -1);
}

/*
 * Replugged as a message goes out, past every check the worker can make:
 * the new sink ignores it as a receiver does a message of no session of
 * its own (no violation), and the worker, told of the replug, starts over.
 */
static void drm_test_hdcp2_engine_replug_as_a_message_goes_out(struct kunit *test)
{
	const struct replug_param *rp = test->param_value;
	struct engine2_test *t = setup(test);

	t->replug_before = rp->msg;
	desire(test, t, TYPE0, SETTLE_MS);
	KUNIT_EXPECT_EQ(test, t->replug_before, 0);
	KUNIT_EXPECT_EQ(test, t->stale_writes, 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_ignored(t->sink), 1);
	KUNIT_EXPECT_EQ(test, t->ake_inits, 2);
	expect_enabled(test, t, -1);
}

static bool wait_cp(struct engine2_test *t, u64 want, unsigned int ms)
{
	ktime_t end = ktime_add_ms(ktime_get(), ms);

	while (cp(t) != want) {
		if (ktime_after(ktime_get(), end))
			return false;
		usleep_range(200, 400);
	}
	return true;
}

static int cmp_s64(const void *a, const void *b)
{
	s64 x = *(const s64 *)a, y = *(const s64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * The floor the specification and the sink allow a paired receiver: the
 * sink's answers (on DisplayPort the certificate and L' are read once
 * their time is over, 100 and 16 ms), then 200 ms from SKE to encryption.
 */
static u64 floor_us(struct engine2_test *t)
{
	u32 cert = drm_hdcp2_emul_delay(t->sink, DRM_HDCP2_EMUL_CERT);
	u32 h = drm_hdcp2_emul_delay(t->sink, DRM_HDCP2_EMUL_H_PRIME);
	u32 l = drm_hdcp2_emul_delay(t->sink, DRM_HDCP2_EMUL_L_PRIME);

	if (t->transport == DRM_HDCP1_DP) {
		cert = max(cert, DRM_HDCP2_CERT_MS);
		l = max(l, DRM_HDCP2_DP_L_PRIME_READ_MS);
	}
	return (u64)(cert + h + l + DRM_HDCP2_ENC_DELAY_MS) * USEC_PER_MSEC;
}

struct bench_param {
	const char *name;
	enum drm_hdcp1_transport transport;
	u64 type;
};

static const struct bench_param bench_params[] = {
	{ "HDMI, Type 0", DRM_HDCP1_HDMI, TYPE0 },
	{ "HDMI, Type 1", DRM_HDCP1_HDMI, TYPE1 },
	{ "DP, Type 0", DRM_HDCP1_DP, TYPE0 },
	{ "DP, Type 1", DRM_HDCP1_DP, TYPE1 },
};

static void bench_desc(const struct bench_param *p, char *desc)
{
	strscpy(desc, p->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bench, bench_params, bench_desc);

/*
 * make bench: Desired to Enabled of a paired receiver on the real clock
 * and work queue, against the floor; the time spent in the software
 * backend per authentication; the locality check's round trip against
 * its 20 ms.
 */
static void drm_bench_hdcp2_desired_to_enabled(struct kunit *test)
{
	const struct bench_param *bp = test->param_value;
	const struct engine2_param p = { bp->name, bp->transport };
	struct timed_backend *tb;
	s64 ms_us[7], crypto_us[7], lc_us[7];
	struct engine2_test *t;
	u64 floor, ratio;
	int i;

	/* setup_time() takes the transport from the parameter; KUnit the next one from it. */
	test->param_value = &p;
	t = setup_time(test, 2, true, true);
	test->param_value = bp;
	tb = kunit_kzalloc(test, sizeof(*tb), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tb);
	tb->base.ops = &timed_ops;
	tb->soft = t->be;
	bench_be = tb;
	swap_backend(t, &tb->base);
	/* Before @tb goes, whatever the worker still does (closing the session). */
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_backend, t), 0);
	floor = floor_us(t);
	/* A first authentication pairs the receiver; the runs below reuse it. */
	commit(test, t, true, CP_DESIRED, bp->type);
	KUNIT_ASSERT_TRUE(test, wait_cp(t, CP_ENABLED, 5000));
	for (i = 0; i < ARRAY_SIZE(ms_us); i++) {
		ktime_t start;

		commit(test, t, true, CP_UNDESIRED, bp->type);
		KUNIT_ASSERT_TRUE(test, wait_cp(t, CP_UNDESIRED, 1000));
		msleep(20);
		tb->ns = 0;
		start = ktime_get();
		commit(test, t, true, CP_DESIRED, bp->type);
		KUNIT_ASSERT_TRUE(test, wait_cp(t, CP_ENABLED, 5000));
		ms_us[i] = ktime_us_delta(ktime_get(), start);
		crypto_us[i] = div_u64(tb->ns, NSEC_PER_USEC);
		lc_us[i] = div_u64(t->hdcp->lc_rtt_ns, NSEC_PER_USEC);
	}
	commit(test, t, true, CP_UNDESIRED, bp->type);
	KUNIT_ASSERT_TRUE(test, wait_cp(t, CP_UNDESIRED, 1000));
	sort(ms_us, ARRAY_SIZE(ms_us), sizeof(s64), cmp_s64, NULL);
	sort(crypto_us, ARRAY_SIZE(crypto_us), sizeof(s64), cmp_s64, NULL);
	sort(lc_us, ARRAY_SIZE(lc_us), sizeof(s64), cmp_s64, NULL);
	ratio = div64_u64((u64)ms_us[3] * 1000, floor);
	kunit_info(test, "bench: HDCP 2.2 %s: Desired -> Enabled median %lld.%03lld ms, floor %llu ms, ratio %llu.%03llu\n",
		   bp->name, ms_us[3] / 1000, ms_us[3] % 1000, div_u64(floor, USEC_PER_MSEC),
		   ratio / 1000, ratio % 1000);
	kunit_info(test, "bench: HDCP 2.2 %s: backend crypto %lld us per authentication, locality check round trip %lld us (budget 20000 us)\n",
		   bp->name, crypto_us[3], lc_us[3]);
	KUNIT_EXPECT_GE(test, ms_us[0], floor);
	KUNIT_EXPECT_LT(test, lc_us[6], (s64)DRM_HDCP2_L_PRIME_MS * USEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, violations(t), 0);
}

static struct kunit_case drm_hdcp2_bench_cases[] = {
	KUNIT_CASE_PARAM_ATTR(drm_bench_hdcp2_desired_to_enabled, bench_gen_params,
			      { .speed = KUNIT_SPEED_VERY_SLOW }),
	{}
};

/* Not part of make check: its suite is very slow by attribute. */
static struct kunit_suite drm_hdcp2_bench_suite = {
	.name = "drm_hdcp2_bench",
	.test_cases = drm_hdcp2_bench_cases,
	.attr = { .speed = KUNIT_SPEED_VERY_SLOW },
};

static struct kunit_case drm_hdcp2_engine_tests[] = {
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_receiver_enabled, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_timer_on_time_when_woken_early,
			 transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_timer_not_early_in_its_millisecond,
			 transport_gen_params),
	KUNIT_CASE(drm_test_hdcp2_engine_port_wakes_within_the_window),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_type1_receiver, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_type1_repeater, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1b_01_repeater, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_type1_refused_with_hdcp1_downstream,
			 transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_content_type_change_repeater,
			 transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_content_type_change_receiver,
			 transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_fallback_to_hdcp1, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_fips_not_capable, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_08_no_certificate, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_09_invalid_certificate, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_10_revoked_receiver, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_11_invalid_h_prime, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_11_h_prime_timeout, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_12_no_pairing_info, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_13_invalid_l_prime, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_13_l_prime_timeout, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_pairing_reused, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1a_07_reauth_request, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_dp_link_failure, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1b_repeater_faults, repeater_fault_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_1b_07_topology_change, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_undesired_mid_authentication,
			 transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_dpms_stops_and_resumes, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_unplug_mid_authentication, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_replug_while_computing, replug_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_engine_replug_as_a_message_goes_out,
			 replug_gen_params),
	{}
};

static struct kunit_suite drm_hdcp2_engine_test_suite = {
	.name = "drm_hdcp2_engine",
	.test_cases = drm_hdcp2_engine_tests,
};

kunit_test_suites(&drm_hdcp2_engine_test_suite, &drm_hdcp2_bench_suite);

MODULE_DESCRIPTION("KUnit tests for the HDCP 2.2 engine");
MODULE_LICENSE("Dual MIT/GPL");
