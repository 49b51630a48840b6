// SPDX-License-Identifier: MIT
/*
 * KUnit tests for i915's HDCP 1.4 transmitter on the DRM HDCP 1.4 engine.
 *
 * Everything but the Intel hardware is real: the engine (drm_hdcp1.c) runs
 * the protocol on an injected clock, &intel_hdcp1_tx_ops and the hardware
 * sequence of intel_hdcp1_hw.c drive the emulated Intel HDCP register block
 * of intel_hdcp1_hw_emul.c (fused with the specification's facsimile
 * transmitter A1), and across the cable sits the emulated receiver or
 * repeater of the display helpers (drm_hdcp1_emul.c, facsimile receiver
 * B1) in strict mode, which counts every protocol rule the transmitter
 * breaks; the engine reaches it as on i915, over a drm_dp_aux (16 bytes a
 * transaction at most) or an I2C adapter for DDC. A KUnit-helper DRM
 * device (plane, CRTC, encoder, connector) is driven through real atomic
 * commits: its commit tail reports each commit to the engine, its encoder
 * disable stops HDCP, as i915's would.
 *
 * Between the register block and the sequence sits a power seam: each
 * transmitter operation must hold a power reference, a register touched
 * without one is counted, and a test can power the port down.
 */

#include <linux/i2c.h>
#include <linux/module.h>
#include <linux/string.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_emul.h>
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
#include <drm/drm_modeset_lock.h>
#include <drm/drm_sysfs.h>

#include "../../../display/drm_hdcp1_internal.h"
#include "../../../tests/drm_hdcp1_facsimile.h"
#include "../intel_hdcp_regs.h"
#include "intel_hdcp1_hw_emul.h"

#define CP_UNDESIRED	DRM_MODE_CONTENT_PROTECTION_UNDESIRED
#define CP_DESIRED	DRM_MODE_CONTENT_PROTECTION_DESIRED
#define CP_ENABLED	DRM_MODE_CONTENT_PROTECTION_ENABLED
#define START_MS	1000
/* Any back-off (at most 6.4 s) comes round, and one more attempt ends. */
#define RECOVER_MS	(DRM_HDCP1_RETRY_MAX_MS + 1000)
/* Long enough for several link integrity checks (every 2 s at most). */
#define WATCH_MS	10000
#define ENC_TIMEOUT_US	50000
#define REP_M0_SELECT	GENMASK(22, 20)
#define REP_SHA1_MODE	GENMASK(3, 1)

struct fx {
	struct drm_device drm;
	struct drm_crtc *crtc;
	struct drm_encoder encoder;
	struct drm_connector connector;
	struct drm_display_mode *mode;
	struct drm_hdcp1 *engine;
	bool dp;

	/* The transmitter: the hardware sequence on emulated registers. */
	struct emu_hw emu;
	struct intel_hdcp1_hw_shared shared;
	struct emu_unit *unit;
	struct emu_port port;
	struct emu_link tx;
	bool has_tx;			/* intel_hdcp1_hw_of() names @tx */
	bool powered;			/* the port and transcoder have power */
	unsigned int power_refs;	/* held by a transmitter operation */
	unsigned int power_denied;	/* power_get on a dark port */
	unsigned int dark_accesses;	/* registers touched without a reference */
	unsigned int bad_puts;		/* power_put without power_get */
	unsigned int an_aksv;		/* An/Aksv transfers started */
	int wire_error;			/* how the last An/Aksv write ended */

	/* The receiver or repeater on the cable, and the channel to it. */
	struct drm_hdcp1_emul *sink;
	struct drm_dp_aux aux;
	struct i2c_adapter ddc;
	bool sink_encrypting;		/* what the sink was last told */

	/* The injected clock and the engine's next run. */
	u64 now;
	bool queued;
	u64 due;

	unsigned int events;		/* Content Protection uevents */
	unsigned int stops;		/* encoder disables */

	/*
	 * DP MST: the connectors of the port's streams, each on a CRTC and
	 * transcoder of its own; @connector, the port's own (SST), stays off.
	 */
	unsigned int nstreams;
	unsigned int streams_on;	/* stream encoders enabled */
	struct fx_stream {
		struct drm_crtc *crtc;
		struct drm_encoder encoder;
		struct drm_connector connector;
		struct drm_hdcp_stream *stream;
		enum transcoder transcoder;
	} s[EMU_MAX_STREAMS];
};

static struct fx *current_fx(void)
{
	return kunit_get_current_test()->priv;
}

static struct fx *fx_of_port(void *ctx)
{
	return container_of(ctx, struct fx, port);
}

/* For &intel_hdcp1_tx_ops, what i915 finds in its intel_connector. */
static struct intel_hdcp1_hw *fx_hw_of(struct drm_connector *connector)
{
	struct fx *f = container_of(connector, struct fx, connector);

	return f->has_tx ? &f->tx.hw : NULL;
}

/* For &intel_hdcp1_mst_tx_ops: the port's transmitter, and the stream's transcoder. */
static struct intel_hdcp1_hw *fx_hw_stream_of(struct drm_connector *connector,
					      enum transcoder *stream)
{
	struct fx *f = current_fx();
	unsigned int i;

	if (!f->has_tx)
		return NULL;
	if (connector == &f->connector) {
		*stream = INVALID_TRANSCODER;
		return &f->tx.hw;
	}
	for (i = 0; i < f->nstreams; i++) {
		if (connector == &f->s[i].connector) {
			*stream = f->s[i].transcoder;
			return &f->tx.hw;
		}
	}
	return NULL;
}

/* The power seam: registers may only be touched inside power_get/put. */
static void fx_touch(struct fx *f)
{
	if (!f->powered || !f->power_refs)
		f->dark_accesses++;
}

static u32 fx_read(void *ctx, i915_reg_t reg)
{
	fx_touch(fx_of_port(ctx));
	return emu_hdcp1_ops.read(ctx, reg);
}

static void fx_write(void *ctx, i915_reg_t reg, u32 val)
{
	fx_touch(fx_of_port(ctx));
	emu_hdcp1_ops.write(ctx, reg, val);
}

static int fx_wait(void *ctx, i915_reg_t reg, u32 mask, u32 value,
		   unsigned int timeout_us)
{
	fx_touch(fx_of_port(ctx));
	return emu_hdcp1_ops.wait(ctx, reg, mask, value, timeout_us);
}

static int fx_load_keys_pcode(void *ctx)
{
	fx_touch(fx_of_port(ctx));
	return emu_hdcp1_ops.load_keys_pcode(ctx);
}

static int fx_send_an_aksv(void *ctx, const u8 an[DRM_HDCP_AN_LEN])
{
	struct fx *f = fx_of_port(ctx);
	int ret;

	fx_touch(f);
	f->an_aksv++;
	f->wire_error = 0;
	ret = emu_hdcp1_ops.send_an_aksv(ctx, an);
	/* GMBUS or AUX sees the sink's NAK or timeout. */
	return ret ?: f->wire_error;
}

static int fx_toggle_signalling(void *ctx, bool enable)
{
	fx_touch(fx_of_port(ctx));
	return emu_hdcp1_ops.toggle_signalling(ctx, enable);
}

static int fx_toggle_stream_select(void *ctx, enum transcoder stream, bool enable)
{
	fx_touch(fx_of_port(ctx));
	return emu_hdcp1_ops.toggle_stream_select(ctx, stream, enable);
}

static int fx_power_get(void *ctx)
{
	struct fx *f = fx_of_port(ctx);

	if (!f->powered) {
		f->power_denied++;
		return -ENODEV;
	}
	f->power_refs++;
	return 0;
}

static void fx_power_put(void *ctx)
{
	struct fx *f = fx_of_port(ctx);

	if (!f->power_refs)
		f->bad_puts++;
	else
		f->power_refs--;
}

static const struct emu_seam_ops fx_hw_ops = {
	.read = fx_read,
	.write = fx_write,
	.wait = fx_wait,
	.load_keys_pcode = fx_load_keys_pcode,
	.send_an_aksv = fx_send_an_aksv,
	.toggle_signalling = fx_toggle_signalling,
	.toggle_stream_select = fx_toggle_stream_select,
	.power_get = fx_power_get,
	.power_put = fx_power_put,
};

/* What the hardware puts on DDC or AUX goes to the emulated sink. */
static void fx_wire_an(void *data, const u8 an[DRM_HDCP_AN_LEN])
{
	struct fx *f = data;

	f->wire_error = drm_hdcp1_emul_write(f->sink, f->dp ? DP_AUX_HDCP_AN :
					     DRM_HDCP_DDC_AN, an, DRM_HDCP_AN_LEN);
}

static void fx_wire_aksv(void *data, const u8 aksv[DRM_HDCP_KSV_LEN])
{
	struct fx *f = data;

	if (!f->wire_error)
		f->wire_error = drm_hdcp1_emul_write(f->sink, f->dp ? DP_AUX_HDCP_AKSV :
						     DRM_HDCP_DDC_AKSV, aksv,
						     DRM_HDCP_KSV_LEN);
}

static const struct emu_sink_ops fx_wire_ops = {
	.an = fx_wire_an,
	.aksv = fx_wire_aksv,
};

/*
 * The engine's own DDC or AUX traffic, to the same sink, over the channels
 * i915 gives it: a drm_dp_aux that carries 16 bytes a transaction at most,
 * or an I2C adapter for the DDC bus.
 */
static ssize_t fx_aux_transfer(struct drm_dp_aux *aux, struct drm_dp_aux_msg *msg)
{
	return drm_hdcp1_emul_aux_transfer(container_of(aux, struct fx, aux)->sink, msg);
}

static int fx_ddc_xfer(struct i2c_adapter *ddc, struct i2c_msg *msgs, int num)
{
	return drm_hdcp1_emul_ddc_xfer(((struct fx *)i2c_get_adapdata(ddc))->sink, msgs, num);
}

static u32 fx_ddc_functionality(struct i2c_adapter *ddc)
{
	return I2C_FUNC_I2C;
}

static const struct i2c_algorithm fx_ddc_algo = {
	.master_xfer = fx_ddc_xfer,
	.functionality = fx_ddc_functionality,
};

KUNIT_DEFINE_ACTION_WRAPPER(fx_del_ddc, i2c_del_adapter, struct i2c_adapter *);

static u64 fx_sink_clock(void *data)
{
	return ((struct fx *)data)->now * NSEC_PER_MSEC;
}

/* The DP short pulse handler of a driver: straight to the engine. */
static void fx_sink_cp_irq(void *data)
{
	drm_hdcp1_cp_irq(((struct fx *)data)->engine);
}

static const struct drm_hdcp1_emul_ops fx_sink_ops = {
	.clock_ns = fx_sink_clock,
	.cp_irq = fx_sink_cp_irq,
};

/* KUnit redirections: the clock, the work queue, uevents, revocation. */
static u64 fx_now_ms(void)
{
	return current_fx()->now;
}

static void fx_queue(struct drm_hdcp_port *port, unsigned long delay_ms)
{
	struct fx *f = current_fx();
	u64 due = f->now + delay_ms;

	if (!f->queued || due < f->due)
		f->due = due;
	f->queued = true;
}

static void fx_property_event(struct drm_connector *connector,
			      struct drm_property *property)
{
	current_fx()->events++;
}

static int fx_check_revoked(struct drm_device *drm, u8 *ksvs, u32 count)
{
	return 0;
}

/* The driver side: the encoder powers the port, the commit tail reports. */
static void fx_encoder_enable(struct drm_encoder *encoder,
			      struct drm_atomic_state *state)
{
	container_of(encoder, struct fx, encoder)->powered = true;
}

static void fx_encoder_disable(struct drm_encoder *encoder,
			       struct drm_atomic_state *state)
{
	struct fx *f = container_of(encoder, struct fx, encoder);

	f->stops++;
	/* HDCP off before the transcoder goes: synchronous. */
	drm_hdcp1_link_stop(f->engine);
	f->powered = false;
}

static const struct drm_encoder_helper_funcs fx_encoder_helpers = {
	.atomic_enable = fx_encoder_enable,
	.atomic_disable = fx_encoder_disable,
};

static struct fx_stream *fx_stream_of_encoder(struct drm_encoder *encoder)
{
	return container_of(encoder, struct fx_stream, encoder);
}

/* An MST stream's encoder: the port has power while any stream is on. */
static void fx_stream_enable(struct drm_encoder *encoder,
			     struct drm_atomic_state *state)
{
	struct fx *f = current_fx();

	f->streams_on++;
	f->powered = true;
}

static void fx_stream_disable(struct drm_encoder *encoder,
			      struct drm_atomic_state *state)
{
	struct fx *f = current_fx();

	f->stops++;
	/* The stream out of the encryption before its transcoder goes. */
	drm_hdcp1_stream_stop(fx_stream_of_encoder(encoder)->stream);
	if (!--f->streams_on)
		f->powered = false;
}

static const struct drm_encoder_helper_funcs fx_stream_encoder_helpers = {
	.atomic_enable = fx_stream_enable,
	.atomic_disable = fx_stream_disable,
};

/* The atomic helpers need them, if only to find the single encoder. */
static const struct drm_connector_helper_funcs fx_connector_helpers;

static const struct drm_connector_funcs fx_connector_funcs = {
	.reset = drm_atomic_helper_connector_reset,
	.atomic_duplicate_state = drm_atomic_helper_connector_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_connector_destroy_state,
};

static void fx_commit_tail(struct drm_atomic_state *state)
{
	struct drm_device *drm = state->dev;
	struct fx *f = container_of(drm, struct fx, drm);

	drm_atomic_helper_commit_modeset_disables(drm, state);
	drm_atomic_helper_commit_planes(drm, state, 0);
	drm_atomic_helper_commit_modeset_enables(drm, state);
	drm_hdcp1_atomic_commit(f->engine, state);
	drm_atomic_helper_fake_vblank(state);
	drm_atomic_helper_commit_hw_done(state);
	drm_atomic_helper_wait_for_vblanks(drm, state);
	drm_atomic_helper_cleanup_planes(drm, state);
}

static const struct drm_mode_config_helper_funcs fx_mode_config_helpers = {
	.atomic_commit_tail = fx_commit_tail,
};

struct fx_desc {
	bool dp;
	bool per_transcoder;
	bool keys_via_pcode;
	unsigned int unit;		/* transcoder or port, 0 for A */
	bool repeater;
	unsigned int devices;
	unsigned int streams;		/* DP MST streams, 0 for SST */
};

/* Undone in reverse order: the engine stops before what it drives goes. */
static void fx_destroy_mode(void *data)
{
	struct fx *f = data;

	drm_mode_destroy(&f->drm, f->mode);
}

static void fx_emu_fini(void *data)
{
	struct fx *f = data;

	intel_hdcp1_hw_shared_fini(&f->shared);
	emu_hw_fini(&f->emu);
}

static void fx_sink_destroy(void *data)
{
	drm_hdcp1_emul_destroy(((struct fx *)data)->sink);
}

static void fx_engine_fini(void *data)
{
	drm_hdcp1_fini(((struct fx *)data)->engine);
}

static void fx_streams_detach(void *data)
{
	struct fx *f = data;
	unsigned int i;

	for (i = 0; i < f->nstreams; i++) {
		drm_hdcp1_stream_detach(f->s[i].stream);
		f->s[i].stream = NULL;
	}
}

/*
 * A display pipe: a plane, its CRTC, an encoder with @helpers, and a
 * connector with "Content Protection"; returns the CRTC.
 */
static struct drm_crtc *make_pipe(struct kunit *test, struct fx *f,
				  struct drm_encoder *encoder, int encoder_type,
				  const struct drm_encoder_helper_funcs *helpers,
				  struct drm_connector *connector, int connector_type)
{
	struct drm_plane *plane;
	struct drm_crtc *crtc;
	int ret;

	plane = drm_kunit_helper_create_primary_plane(test, &f->drm, NULL, NULL, NULL, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, plane);
	crtc = drm_kunit_helper_create_crtc(test, &f->drm, plane, NULL, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, crtc);
	ret = drmm_encoder_init(&f->drm, encoder, NULL, encoder_type, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	drm_encoder_helper_add(encoder, helpers);
	encoder->possible_crtcs = drm_crtc_mask(crtc);
	ret = drmm_connector_init(&f->drm, connector, &fx_connector_funcs, connector_type, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	drm_connector_helper_add(connector, &fx_connector_helpers);
	KUNIT_ASSERT_EQ(test, drm_connector_attach_encoder(connector, encoder), 0);
	ret = drm_connector_attach_content_protection_property(connector, true);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return crtc;
}

/*
 * Stream @i's connector on a CRTC of its own, on transcoder A + (unit + i)
 * modulo 4: stream 0's is the MST master transcoder, the unit of the port.
 */
static void make_stream(struct kunit *test, struct fx *f, const struct fx_desc *d,
			unsigned int i)
{
	struct fx_stream *st = &f->s[i];

	st->transcoder = TRANSCODER_A + (d->unit + i) % EMU_MAX_STREAMS;
	st->crtc = make_pipe(test, f, &st->encoder, DRM_MODE_ENCODER_DPMST,
			     &fx_stream_encoder_helpers, &st->connector,
			     DRM_MODE_CONNECTOR_DisplayPort);
}

static struct fx *make_fx(struct kunit *test, const struct fx_desc *d)
{
	struct drm_hdcp1_emul_device rx = { .ksv = KSV_B1 };
	struct intel_hdcp1_hw_desc hw_desc = {
		.layout = d->per_transcoder ? INTEL_HDCP1_HW_PER_TRANSCODER :
					      INTEL_HDCP1_HW_PER_PORT,
		.transcoder = TRANSCODER_A + d->unit,
		.port = PORT_A + d->unit,
		.hdmi = !d->dp,
	};
	struct drm_hdcp1_desc desc = {
		.transport = d->dp ? DRM_HDCP1_DP : DRM_HDCP1_HDMI,
		.tx = &intel_hdcp1_tx_ops,
	};
	struct device *parent;
	unsigned int i;
	struct fx *f;

	parent = drm_kunit_helper_alloc_device(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, parent);
	f = drm_kunit_helper_alloc_drm_device(test, parent, struct fx, drm,
					      DRIVER_MODESET | DRIVER_ATOMIC);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f);
	test->priv = f;
	f->dp = d->dp;
	f->now = START_MS;
	f->drm.mode_config.helper_private = &fx_mode_config_helpers;

	if (d->streams)
		desc.tx = &intel_hdcp1_mst_tx_ops;
	f->crtc = make_pipe(test, f, &f->encoder, DRM_MODE_ENCODER_TMDS, &fx_encoder_helpers,
			    &f->connector, d->dp ? DRM_MODE_CONNECTOR_DisplayPort :
						   DRM_MODE_CONNECTOR_HDMIA);
	KUNIT_ASSERT_LE(test, d->streams, EMU_MAX_STREAMS);
	for (f->nstreams = 0; f->nstreams < d->streams; f->nstreams++)
		make_stream(test, f, d, f->nstreams);
	drm_mode_config_reset(&f->drm);
	f->mode = drm_cvt_mode(&f->drm, 1024, 768, 60, false, false, false);
	KUNIT_ASSERT_NOT_NULL(test, f->mode);
	drm_mode_set_crtcinfo(f->mode, 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_destroy_mode, f), 0);

	KUNIT_ASSERT_EQ(test, emu_hw_init(&f->emu, d->per_transcoder, d->keys_via_pcode,
					  HDCP1_A1->ksv, HDCP1_A1->keys), 0);
	intel_hdcp1_hw_shared_init(&f->shared, d->keys_via_pcode);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_emu_fini, f), 0);
	f->unit = emu_hw_unit(&f->emu, d->unit);
	KUNIT_ASSERT_NOT_NULL(test, f->unit);
	emu_port_init(&f->port, &f->emu, f->unit, !d->dp, &fx_wire_ops, f);

	memcpy(rx.keys, HDCP1_B1->keys, sizeof(rx.keys));
	f->sink = drm_hdcp1_emul_create(desc.transport, &rx, &fx_sink_ops, f);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f->sink);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_sink_destroy, f), 0);
	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(f->sink, d->repeater, d->devices,
							  min(d->devices, 2u), NULL), 0);

	kunit_activate_static_stub(test, drm_hdcp_port_now_ms, fx_now_ms);
	kunit_activate_static_stub(test, drm_hdcp_port_queue, fx_queue);
	kunit_activate_static_stub(test, drm_sysfs_connector_property_event,
				   fx_property_event);
	kunit_activate_static_stub(test, drm_hdcp_check_ksvs_revoked, fx_check_revoked);

	emu_redirect(test);
	kunit_activate_static_stub(test, intel_hdcp1_hw_of, fx_hw_of);
	kunit_activate_static_stub(test, intel_hdcp1_hw_stream_of, fx_hw_stream_of);
	f->tx.ops = &fx_hw_ops;
	f->tx.ctx = &f->port;
	KUNIT_ASSERT_EQ(test, intel_hdcp1_hw_init(&f->tx.hw, &f->shared, &hw_desc), 0);
	f->has_tx = true;
	if (d->dp) {
		f->aux.name = "fx-aux";
		f->aux.drm_dev = &f->drm;
		f->aux.transfer = fx_aux_transfer;
		drm_dp_aux_init(&f->aux);
		desc.aux = &f->aux;
	} else {
		f->ddc.owner = THIS_MODULE;
		f->ddc.algo = &fx_ddc_algo;
		f->ddc.dev.parent = parent;
		strscpy(f->ddc.name, "fx-ddc", sizeof(f->ddc.name));
		i2c_set_adapdata(&f->ddc, f);
		KUNIT_ASSERT_EQ(test, i2c_add_adapter(&f->ddc), 0);
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_del_ddc, &f->ddc), 0);
		desc.ddc = &f->ddc;
	}
	f->engine = drm_hdcp1_init(&f->connector, &desc);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f->engine);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_engine_fini, f), 0);
	for (i = 0; i < f->nstreams; i++) {
		f->s[i].stream = drm_hdcp1_stream_attach(f->engine, &f->s[i].connector);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f->s[i].stream);
	}
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_streams_detach, f), 0);
	return f;
}

/* One atomic commit: @crtc on with the mode or off, @conn's properties set. */
static void commit_on(struct kunit *test, struct fx *f, struct drm_connector *conn,
		      struct drm_crtc *crtc, bool active, u64 cp, u64 type)
{
	struct drm_connector_state *conn_state;
	struct drm_modeset_acquire_ctx ctx;
	struct drm_crtc_state *crtc_state;
	struct drm_atomic_state *state;
	int ret;

	state = drm_atomic_state_alloc(&f->drm);
	KUNIT_ASSERT_NOT_NULL(test, state);
	drm_modeset_acquire_init(&ctx, 0);
	state->acquire_ctx = &ctx;
retry:
	conn_state = drm_atomic_get_connector_state(state, conn);
	ret = PTR_ERR_OR_ZERO(conn_state);
	if (!ret)
		ret = drm_atomic_set_crtc_for_connector(conn_state, crtc);
	crtc_state = ret ? NULL : drm_atomic_get_crtc_state(state, crtc);
	if (!ret)
		ret = PTR_ERR_OR_ZERO(crtc_state);
	if (!ret)
		ret = drm_atomic_set_mode_for_crtc(crtc_state, f->mode);
	if (!ret) {
		crtc_state->active = active;
		conn_state->content_protection = cp;
		conn_state->hdcp_content_type = type;
		ret = drm_atomic_commit(state);
	}
	if (ret == -EDEADLK) {
		drm_atomic_state_clear(state);
		drm_modeset_backoff(&ctx);
		goto retry;
	}
	drm_atomic_state_put(state);
	drm_modeset_drop_locks(&ctx);
	drm_modeset_acquire_fini(&ctx);
	KUNIT_ASSERT_EQ(test, ret, 0);
}

static void commit(struct kunit *test, struct fx *f, bool active, u64 cp, u64 type)
{
	commit_on(test, f, &f->connector, f->crtc, active, cp, type);
}

/* A commit of MST stream @i alone. */
static void commit_stream(struct kunit *test, struct fx *f, unsigned int i,
			  bool active, u64 cp)
{
	commit_on(test, f, &f->s[i].connector, f->s[i].crtc, active, cp,
		  DRM_MODE_HDCP_CONTENT_TYPE0);
}

static u64 cp_of(struct fx *f, struct drm_connector *conn)
{
	u64 val;

	drm_modeset_lock_all(&f->drm);
	val = conn->state->content_protection;
	drm_modeset_unlock_all(&f->drm);
	return val;
}

static u64 cp(struct fx *f)
{
	return cp_of(f, &f->connector);
}

static u64 cp_stream(struct fx *f, unsigned int i)
{
	return cp_of(f, &f->s[i].connector);
}

static enum drm_hdcp1_state state(struct fx *f)
{
	return f->engine->fsm.state;
}

/* Frames of a 60 Hz mode by the clock: both ends count the same ones. */
static u64 frames_at(u64 ms)
{
	return ms * 60 / MSEC_PER_SEC;
}

/* The sink decrypts what the unit encrypts. */
static void sync_encryption(struct fx *f)
{
	if (f->unit->encrypting == f->sink_encrypting)
		return;
	f->sink_encrypting = f->unit->encrypting;
	drm_hdcp1_emul_set_encryption(f->sink, f->sink_encrypting);
}

static void advance_to(struct fx *f, u64 to)
{
	u64 n = frames_at(to) - frames_at(f->now);

	sync_encryption(f);
	f->now = to;
	if (n) {
		emu_frames(&f->emu, f->unit, n);
		drm_hdcp1_emul_advance_frames(f->sink, n);
	}
}

/* Advance the clock by @ms, running the engine whenever it asked. */
static void run_for(struct fx *f, u64 ms)
{
	u64 end = f->now + ms;

	while (f->queued && f->due <= end) {
		advance_to(f, max(f->now, f->due));
		f->queued = false;
		drm_hdcp_port_run(&f->engine->port);
		sync_encryption(f);
	}
	advance_to(f, end);
}

/* Run until the engine reaches @want, at most @limit ms; false if it did not. */
static bool run_until(struct fx *f, enum drm_hdcp1_state want, u64 limit)
{
	u64 end = f->now + limit;

	while (state(f) != want && f->queued && f->due <= end) {
		advance_to(f, max(f->now, f->due));
		f->queued = false;
		drm_hdcp_port_run(&f->engine->port);
		sync_encryption(f);
	}
	return state(f) == want;
}

static u32 reg_of(i915_reg_t reg)
{
	return i915_mmio_reg_offset(reg);
}

static unsigned int writes_to(struct fx *f, u32 reg, u32 mask, u32 val)
{
	return emu_count(&f->emu, 0, EMU_WRITE, reg, mask, val);
}

static void expect_sink_clean(struct kunit *test, struct fx *f)
{
	struct drm_hdcp1_emul_record rec;
	unsigned int n = drm_hdcp1_emul_violations(f->sink);

	if (n && drm_hdcp1_emul_violation_log(f->sink, &rec, 1))
		kunit_info(test, "first sink violation: %s at %#x\n",
			   drm_hdcp1_emul_violation_name(rec.reason), rec.offset);
	KUNIT_EXPECT_EQ(test, n, 0);
}

/* Nothing the transmitter did was wrong, on either side of the cable. */
static void expect_clean(struct kunit *test, struct fx *f)
{
	KUNIT_EXPECT_EQ_MSG(test, f->emu.violations, 0, "first: %s", f->emu.violation);
	KUNIT_EXPECT_FALSE(test, f->emu.log_full);
	KUNIT_EXPECT_EQ(test, f->dark_accesses, 0);
	KUNIT_EXPECT_EQ(test, f->bad_puts, 0);
	KUNIT_EXPECT_EQ(test, f->power_refs, 0);
	expect_sink_clean(test, f);
}

/* No HDCP bit of this unit left set, anywhere. */
static void expect_off(struct kunit *test, struct fx *f)
{
	u32 rep_ctl = emu_peek(&f->emu, reg_of(HDCP_REP_CTL));

	KUNIT_EXPECT_EQ(test, emu_peek(&f->emu, f->unit->conf), 0);
	KUNIT_EXPECT_EQ(test, emu_peek(&f->emu, f->unit->status), 0);
	KUNIT_EXPECT_EQ(test, rep_ctl & f->unit->rep_present, 0);
	KUNIT_EXPECT_EQ(test, rep_ctl & (REP_M0_SELECT | REP_SHA1_MODE), 0);
	KUNIT_EXPECT_FALSE(test, f->unit->signalling);
	KUNIT_EXPECT_FALSE(test, f->unit->encrypting);
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_is_encrypting(f->engine));
}

/* Authenticated, encrypting and reported Enabled. */
static void expect_enabled(struct kunit *test, struct fx *f)
{
	KUNIT_EXPECT_EQ(test, cp(f), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_A4_AUTHENTICATED);
	KUNIT_EXPECT_TRUE(test, f->unit->encrypting);
	KUNIT_EXPECT_EQ(test, f->unit->signalling, !f->dp);
	KUNIT_EXPECT_TRUE(test, drm_hdcp1_is_encrypting(f->engine));
	KUNIT_EXPECT_EQ(test, emu_foreign_accesses(&f->emu, f->unit), 0);
	expect_clean(test, f);
}

/* An attempt given up: Desired, waiting to retry, the unit off. */
static void expect_failed(struct kunit *test, struct fx *f)
{
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_BACKOFF);
	expect_off(test, f);
}

/* After a fault is cleared the engine authenticates again by itself. */
static void expect_recovers(struct kunit *test, struct fx *f)
{
	KUNIT_EXPECT_TRUE(test, run_until(f, DRM_HDCP1_A4_AUTHENTICATED, RECOVER_MS));
	run_for(f, 1);
	expect_enabled(test, f);
}

static struct fx *enabled_fx(struct kunit *test, const struct fx_desc *d)
{
	struct fx *f = make_fx(test, d);

	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_A4_AUTHENTICATED, 1000));
	run_for(f, 1);
	KUNIT_ASSERT_EQ(test, cp(f), CP_ENABLED);
	return f;
}

static void fx_desc_name(const struct fx_desc *d, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s on %s %c%s", d->dp ? "DP" : "HDMI",
		 d->per_transcoder ? "transcoder" : "port", 'A' + d->unit,
		 d->keys_via_pcode ? ", keys by pcode" : "");
}

static const struct fx_desc receivers[] = {
	{ .dp = false, .per_transcoder = true, .unit = 0 },
	{ .dp = true, .per_transcoder = true, .unit = 2 },
	{ .dp = false, .per_transcoder = false, .unit = 1 },
	{ .dp = true, .per_transcoder = false, .unit = 3, .keys_via_pcode = true },
};

KUNIT_ARRAY_PARAM(receivers, receivers, fx_desc_name);

/*
 * 1A-01: the commit returns before any register or DDC/AUX access; R0' is
 * read exactly 100 ms after Aksv; Enabled with one uevent; the link checks
 * keep passing; Undesired switches everything off.
 */
static void intel_hdcp1_engine_1a_01_receiver(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);
	unsigned int rprime;

	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), 0);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 0);

	run_for(f, DRM_HDCP1_R0_FLOOR_MS - 1);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_A2_R0);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 1);
	KUNIT_EXPECT_EQ(test, writes_to(f, f->unit->rprime, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	run_for(f, 1);
	expect_enabled(test, f);
	KUNIT_EXPECT_EQ(test, f->events, 1);
	KUNIT_EXPECT_EQ(test, writes_to(f, f->unit->rprime, 0, 0), 1);
	/* Keys loaded once, the way the platform loads them. */
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_PCODE, 0, 0, 0),
			d->keys_via_pcode ? 1 : 0);

	run_for(f, WATCH_MS);
	expect_enabled(test, f);
	KUNIT_EXPECT_EQ(test, f->events, 1);
	rprime = writes_to(f, f->unit->rprime, 0, 0);
	/* HDMI compares Ri' in the unit every 2 s; DP leaves Ri to the sink. */
	if (d->dp)
		KUNIT_EXPECT_EQ(test, rprime, 1);
	else
		KUNIT_EXPECT_GE(test, rprime, 1 + WATCH_MS / DRM_HDCP1_LINK_CHECK_MS);

	commit(test, f, true, CP_UNDESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	run_for(f, 1);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_IDLE);
	KUNIT_EXPECT_EQ(test, cp(f), CP_UNDESIRED);
	expect_off(test, f);
	expect_clean(test, f);
}

static const struct fx_desc repeaters[] = {
	{ .repeater = true, .devices = 0, .per_transcoder = true, .unit = 1 },
	{ .repeater = true, .devices = 1, .per_transcoder = false, .unit = 0 },
	{ .repeater = true, .devices = 2, .per_transcoder = true, .unit = 3 },
	{ .repeater = true, .devices = 3, .per_transcoder = false, .unit = 2 },
	{ .repeater = true, .devices = 4, .per_transcoder = true, .unit = 0 },
	{ .repeater = true, .devices = 31, .per_transcoder = false, .unit = 4 },
	{ .repeater = true, .devices = 127, .per_transcoder = true, .unit = 2 },
	{ .dp = true, .repeater = true, .devices = 0, .per_transcoder = false, .unit = 1 },
	{ .dp = true, .repeater = true, .devices = 1, .per_transcoder = true, .unit = 0 },
	{ .dp = true, .repeater = true, .devices = 2, .per_transcoder = false, .unit = 3 },
	{ .dp = true, .repeater = true, .devices = 3, .per_transcoder = true, .unit = 2 },
	{ .dp = true, .repeater = true, .devices = 4, .per_transcoder = false, .unit = 0 },
	{ .dp = true, .repeater = true, .devices = 31, .per_transcoder = true, .unit = 3 },
	{ .dp = true, .repeater = true, .devices = 127, .per_transcoder = false, .unit = 1 },
};

static void repeater_name(const struct fx_desc *d, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u devices, %s on %s %c", d->devices,
		 d->dp ? "DP" : "HDMI", d->per_transcoder ? "transcoder" : "port",
		 'A' + d->unit);
}

KUNIT_ARRAY_PARAM(repeaters, repeaters, repeater_name);

/*
 * 1B-01: a repeater; encrypted after R0', Enabled once the SHA-1 engine of
 * the unit accepts V' over the KSV list, Bstatus and M0 (every way the text
 * can end before M0: 5n + 10 bytes), padded to whole blocks.
 */
static void intel_hdcp1_engine_1b_01_repeater(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);
	unsigned int blocks = (d->devices * DRM_HDCP_KSV_LEN + 10 + 1 + 8 + 63) / 64;

	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	run_for(f, DRM_HDCP1_R0_FLOOR_MS);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_A8_READY);
	KUNIT_EXPECT_TRUE(test, f->unit->encrypting);
	KUNIT_EXPECT_NE(test, emu_peek(&f->emu, reg_of(HDCP_REP_CTL)) & f->unit->rep_present, 0);
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);

	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_A4_AUTHENTICATED, 1000));
	run_for(f, 1);
	expect_enabled(test, f);
	KUNIT_EXPECT_EQ(test, writes_to(f, reg_of(HDCP_REP_CTL), REP_SHA1_MODE,
					HDCP_SHA1_COMPLETE_HASH), 1);
	KUNIT_EXPECT_EQ(test, writes_to(f, reg_of(HDCP_SHA_TEXT), 0, 0), 16 * blocks);
	KUNIT_EXPECT_EQ(test, f->events, 1);

	run_for(f, WATCH_MS);
	expect_enabled(test, f);
	commit(test, f, true, CP_UNDESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	run_for(f, 1);
	expect_off(test, f);
	expect_clean(test, f);
}

static const struct fx_desc key_loads[] = {
	{ .per_transcoder = true, .unit = 1 },
	{ .dp = true, .per_transcoder = false, .unit = 2, .keys_via_pcode = true },
};

KUNIT_ARRAY_PARAM(key_loads, key_loads, fx_desc_name);

/*
 * The fuses give no keys: every attempt gives up after five loads, before
 * An or Aksv, and leaves nothing on; once keys load, authentication works.
 */
static void intel_hdcp1_engine_keys_fail_to_load(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);
	unsigned int loads;

	if (d->keys_via_pcode)
		f->emu.pcode_error = -EIO;
	else
		f->emu.fail_key_loads = UINT_MAX;
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	run_for(f, 1000);
	expect_failed(test, f);
	loads = d->keys_via_pcode ? emu_count(&f->emu, 0, EMU_PCODE, 0, 0, 0) :
		writes_to(f, reg_of(HDCP_KEY_CONF), HDCP_KEY_LOAD_TRIGGER,
			  HDCP_KEY_LOAD_TRIGGER);
	/* Retried with back-off, five loads an attempt. */
	KUNIT_EXPECT_GE(test, loads, 2 * 5);
	KUNIT_EXPECT_EQ(test, loads % 5, 0);
	KUNIT_EXPECT_EQ(test, writes_to(f, reg_of(HDCP_KEY_CONF), HDCP_AKSV_SEND_TRIGGER,
					HDCP_AKSV_SEND_TRIGGER), 0);
	KUNIT_EXPECT_EQ(test, writes_to(f, f->unit->conf, ~0u, HDCP_CONF_CAPTURE_AN), 0);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 0);
	expect_clean(test, f);

	f->emu.pcode_error = 0;
	f->emu.fail_key_loads = 0;
	expect_recovers(test, f);
}

static const struct fx_desc transports[] = {
	{ .dp = false, .per_transcoder = true, .unit = 2 },
	{ .dp = true, .per_transcoder = false, .unit = 1 },
};

KUNIT_ARRAY_PARAM(transports, transports, fx_desc_name);

/*
 * 1A-06: a wrong R0', read three times (at the floor, at 300 ms and once
 * more) on HDMI and DisplayPort; the unit compared each and never
 * encrypted.
 */
static void intel_hdcp1_engine_1a_06_r0_mismatch(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);

	drm_hdcp1_emul_set_corrupt_r0(f->sink, true);
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, 1000));
	expect_failed(test, f);
	KUNIT_EXPECT_EQ(test, writes_to(f, f->unit->rprime, 0, 0), DRM_HDCP1_R0_READS);
	KUNIT_EXPECT_EQ(test, f->events, 0);
	expect_clean(test, f);

	drm_hdcp1_emul_set_corrupt_r0(f->sink, false);
	expect_recovers(test, f);
}

/*
 * 1A-07: the link breaks after a while. HDMI finds Ri' wrong at its next
 * check, a DisplayPort sink reports LINK_INTEGRITY_FAILURE with CP_IRQ;
 * either way Enabled drops to Desired, the unit is switched off, and the
 * engine authenticates again once the link is sound.
 */
static void intel_hdcp1_engine_1a_07_ri_mismatch(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = enabled_fx(test, d);

	run_for(f, 3000);
	expect_enabled(test, f);
	drm_hdcp1_emul_set_link_break(f->sink, (u32)drm_hdcp1_emul_frame(f->sink));
	/* Ri' goes wrong within 128 frames (2.2 s), the next check finds it. */
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, 2500 + DRM_HDCP1_LINK_CHECK_MS));
	expect_failed(test, f);
	KUNIT_EXPECT_EQ(test, f->events, 2);
	expect_clean(test, f);

	drm_hdcp1_emul_set_link_break(f->sink, DRM_HDCP1_EMUL_NONE);
	expect_recovers(test, f);
	KUNIT_EXPECT_EQ(test, f->events, 3);
}

static const struct fx_desc v_cases[] = {
	{ .repeater = true, .devices = 3, .per_transcoder = true, .unit = 0 },
	{ .dp = true, .repeater = true, .devices = 3, .per_transcoder = false, .unit = 2 },
};

KUNIT_ARRAY_PARAM(v_cases, v_cases, fx_desc_name);

/*
 * 1B-04: a wrong V'. HDMI gives up at the first mismatch, DisplayPort
 * reads V' three times; the SHA-1 engine checked each, and the REPEATER bit
 * and the M0 select are cleared with the rest.
 */
static void intel_hdcp1_engine_1b_04_v_mismatch(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);

	drm_hdcp1_emul_set_corrupt_v(f->sink, true);
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, 1000));
	expect_failed(test, f);
	KUNIT_EXPECT_EQ(test, writes_to(f, reg_of(HDCP_REP_CTL), REP_SHA1_MODE,
					HDCP_SHA1_COMPLETE_HASH),
			d->dp ? DRM_HDCP1_DP_V_READS : 1);
	KUNIT_EXPECT_EQ(test, f->events, 0);
	expect_clean(test, f);

	drm_hdcp1_emul_set_corrupt_v(f->sink, false);
	expect_recovers(test, f);
}

/*
 * R0' matches, but the unit never reports encryption: the attempt fails
 * after the 50 ms wait, without a uevent, and is retried.
 */
static void intel_hdcp1_engine_encryption_timeout(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);
	int wait;

	f->emu.enc_never = true;
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, 1000));
	expect_failed(test, f);
	wait = emu_find(&f->emu, 0, EMU_WAIT, f->unit->status, HDCP_STATUS_ENC,
			HDCP_STATUS_ENC);
	KUNIT_ASSERT_GE(test, wait, 0);
	KUNIT_EXPECT_GE(test, f->emu.log[wait].timeout_us, ENC_TIMEOUT_US);
	KUNIT_EXPECT_EQ(test, f->emu.log[wait].ret, -ETIMEDOUT);
	KUNIT_EXPECT_EQ(test, f->events, 0);
	expect_clean(test, f);

	f->emu.enc_never = false;
	expect_recovers(test, f);
}

/* The unit stops encrypting by itself: the next link check notices. */
static void intel_hdcp1_engine_encryption_lost(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = enabled_fx(test, d);

	emu_drop_encryption(&f->emu, f->unit);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, DRM_HDCP1_LINK_CHECK_MS));
	expect_failed(test, f);
	KUNIT_EXPECT_EQ(test, f->events, 2);
	expect_clean(test, f);
	expect_recovers(test, f);
}

struct aksv_case {
	const char *name;
	bool dp;
	int error;
};

static const struct aksv_case aksv_cases[] = {
	{ "GMBUS NAK on HDMI", false, -ENXIO },
	{ "GMBUS timeout on HDMI", false, -ETIMEDOUT },
	{ "AUX timeout on DP", true, -ETIMEDOUT },
	{ "AUX I/O error on DP", true, -EIO },
};

static void aksv_case_name(const struct aksv_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(aksv_cases, aksv_cases, aksv_case_name);

/*
 * 1A-04: the hardware cannot put Aksv on DDC or AUX. The attempt fails
 * before anything is computed, the unit is left off, and the next attempt
 * works once the bus does.
 */
static void intel_hdcp1_engine_1a_04_aksv_transfer_fails(struct kunit *test)
{
	const struct aksv_case *c = test->param_value;
	const struct fx_desc d = { .dp = c->dp, .per_transcoder = true, .unit = 1 };
	struct fx *f = make_fx(test, &d);

	f->port.aksv_error = c->error;
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, 1000));
	expect_failed(test, f);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 1);
	KUNIT_EXPECT_EQ(test, writes_to(f, f->unit->conf, ~0u, HDCP_CONF_AUTH_AND_ENC), 0);
	KUNIT_EXPECT_EQ(test, writes_to(f, f->unit->rprime, 0, 0), 0);
	expect_clean(test, f);

	f->port.aksv_error = 0;
	expect_recovers(test, f);
	KUNIT_EXPECT_GE(test, f->an_aksv, 2);
}

enum unplug_part {
	UNPLUG_PART1,		/* Aksv sent, R0' not read yet */
	UNPLUG_PART2,		/* repeater: encrypting, waiting for READY */
	UNPLUG_PART3,		/* authenticated */
};

struct unplug_case {
	const char *name;
	enum unplug_part part;
	bool dp;
};

static const struct unplug_case unplug_cases[] = {
	{ "part 1, HDMI", UNPLUG_PART1, false },
	{ "part 1, DP", UNPLUG_PART1, true },
	{ "part 2, HDMI", UNPLUG_PART2, false },
	{ "part 2, DP", UNPLUG_PART2, true },
	{ "part 3, HDMI", UNPLUG_PART3, false },
	{ "part 3, DP", UNPLUG_PART3, true },
};

static void unplug_case_name(const struct unplug_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(unplug_cases, unplug_cases, unplug_case_name);

/* Commit Desired and stop at the part of the protocol @part names. */
static struct fx *fx_in_part(struct kunit *test, enum unplug_part part, bool dp)
{
	const struct fx_desc d = {
		.dp = dp,
		.per_transcoder = !dp,
		.unit = 1,
		.repeater = part == UNPLUG_PART2,
		.devices = part == UNPLUG_PART2 ? 2 : 0,
	};
	struct fx *f;

	if (part == UNPLUG_PART3)
		return enabled_fx(test, &d);
	f = make_fx(test, &d);
	/* A repeater whose downstream side takes its time. */
	drm_hdcp1_emul_set_ready_delay(f->sink, 2000);
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	if (part == UNPLUG_PART1) {
		run_for(f, DRM_HDCP1_R0_FLOOR_MS / 2);
		KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_A2_R0);
		KUNIT_EXPECT_NE(test, emu_peek(&f->emu, f->unit->conf), 0);
	} else {
		run_for(f, 500);
		KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_A8_READY);
		KUNIT_EXPECT_TRUE(test, f->unit->encrypting);
	}
	return f;
}

/*
 * 1A-02/1A-03 and their repeater forms: the sink goes away during each part
 * of the protocol. The unit is switched off, Enabled drops to Desired, and
 * nothing touches the unit or the cable until the sink is back; then it
 * authenticates afresh.
 */
static void intel_hdcp1_engine_unplug(struct kunit *test)
{
	const struct unplug_case *c = test->param_value;
	struct fx *f = fx_in_part(test, c->part, c->dp);
	unsigned int events = f->events, len;

	/* What the driver's hotplug handler does. */
	drm_hdcp1_emul_set_connected(f->sink, false);
	drm_hdcp1_hotplug(f->engine, false);
	run_for(f, 1);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_WAIT_LINK);
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, f->events, events + (c->part == UNPLUG_PART3));
	expect_off(test, f);

	len = emu_log_len(&f->emu);
	run_for(f, WATCH_MS);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), len);
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	expect_clean(test, f);

	drm_hdcp1_emul_set_ready_delay(f->sink, 50);
	drm_hdcp1_emul_set_connected(f->sink, true);
	drm_hdcp1_hotplug(f->engine, true);
	expect_recovers(test, f);
}

static const struct unplug_case disable_cases[] = {
	{ "part 1, HDMI", UNPLUG_PART1, false },
	{ "part 1, DP", UNPLUG_PART1, true },
	{ "part 2, HDMI", UNPLUG_PART2, false },
	{ "part 2, DP", UNPLUG_PART2, true },
	{ "part 3, HDMI", UNPLUG_PART3, false },
	{ "part 3, DP", UNPLUG_PART3, true },
};

KUNIT_ARRAY_PARAM(disable_cases, disable_cases, unplug_case_name);

/*
 * The CRTC is switched off in the middle of an authentication. The encoder
 * disable returns with no HDCP bit set (HDMI signalling included, which
 * must be off before the transcoder goes), and from then on nothing touches
 * the unit: no register access is recorded and no power is even asked for.
 * Desired stays, and the next commit that lights the CRTC authenticates.
 */
static void intel_hdcp1_engine_disable_while_authenticating(struct kunit *test)
{
	const struct unplug_case *c = test->param_value;
	struct fx *f = fx_in_part(test, c->part, c->dp);
	unsigned int len, denied;

	commit(test, f, false, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	KUNIT_EXPECT_EQ(test, f->stops, 1);
	expect_off(test, f);
	len = emu_log_len(&f->emu);
	denied = f->power_denied;

	run_for(f, WATCH_MS);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), len);
	KUNIT_EXPECT_EQ(test, f->power_denied, denied);
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_WAIT_LINK);
	expect_off(test, f);
	expect_clean(test, f);

	drm_hdcp1_emul_set_ready_delay(f->sink, 50);
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	expect_recovers(test, f);
}

/*
 * The port loses power while authenticated, with no commit to say so: the
 * link check cannot get a power reference and fails without touching a
 * register, the reset leaves the dark unit alone, and the engine retries
 * until the port is back.
 */
static void intel_hdcp1_engine_port_powered_down(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = enabled_fx(test, d);
	unsigned int len = emu_log_len(&f->emu);

	/* The unit stops encrypting with its power gone. */
	f->powered = false;
	emu_drop_encryption(&f->emu, f->unit);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, DRM_HDCP1_LINK_CHECK_MS));
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	KUNIT_EXPECT_GE(test, f->power_denied, 2);
	run_for(f, 2000);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), len);
	expect_clean(test, f);

	f->powered = true;
	expect_recovers(test, f);
}

/* Type 1 content cannot go over HDCP 1.4: Desired, and no access at all. */
static void intel_hdcp1_engine_type1_not_started(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);

	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE1);
	run_for(f, WATCH_MS);
	KUNIT_EXPECT_EQ(test, state(f), DRM_HDCP1_UNSUPPORTED);
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), 0);
	KUNIT_EXPECT_EQ(test, f->power_denied, 0);
	expect_clean(test, f);
}

/*
 * A connector whose transmitter is gone (intel_hdcp1_hw_of() finds none)
 * gets -ENODEV from every step, and a reset touches nothing.
 */
static void intel_hdcp1_engine_no_transmitter(struct kunit *test)
{
	const struct fx_desc d = { .per_transcoder = true };
	struct fx *f = make_fx(test, &d);
	u8 r0[DRM_HDCP_RI_LEN] = {};
	u8 bksv[DRM_HDCP_KSV_LEN] = {};

	f->has_tx = false;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_tx_ops.start(&f->connector), -ENODEV);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_tx_ops.compute(&f->connector, bksv, false),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_tx_ops.verify_r0(&f->connector, r0), -ENODEV);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_tx_ops.encryption_status(&f->connector),
			-ENODEV);
	intel_hdcp1_tx_ops.reset(&f->connector);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), 0);
	KUNIT_EXPECT_EQ(test, f->power_refs, 0);

	/* Desired: the engine keeps trying, and the property stays Desired. */
	commit(test, f, true, CP_DESIRED, DRM_MODE_HDCP_CONTENT_TYPE0);
	run_for(f, WATCH_MS);
	KUNIT_EXPECT_EQ(test, cp(f), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), 0);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 0);

	f->has_tx = true;
	run_for(f, RECOVER_MS);
	KUNIT_EXPECT_EQ(test, cp(f), CP_ENABLED);
}

/* DP MST: a branch device, itself a repeater, in front of several streams. */
static const struct fx_desc mst_ports[] = {
	{ .dp = true, .repeater = true, .devices = 2, .streams = 3,
	  .per_transcoder = true, .unit = 0 },
	{ .dp = true, .repeater = true, .devices = 22, .streams = 3,
	  .per_transcoder = false, .unit = 1 },
	{ .dp = true, .repeater = true, .devices = 35, .streams = 4,
	  .per_transcoder = true, .unit = 2 },
	{ .dp = true, .repeater = true, .devices = 127, .streams = 2,
	  .per_transcoder = false, .unit = 3 },
};

static void mst_port_name(const struct fx_desc *d, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u streams, %u devices, on %s %c",
		 d->streams, d->devices, d->per_transcoder ? "transcoder" : "port",
		 'A' + d->unit);
}

KUNIT_ARRAY_PARAM(mst_ports, mst_ports, mst_port_name);

static u32 stream_bit(struct fx *f, unsigned int i)
{
	return BIT(f->s[i].transcoder);
}

/* What the emulated hardware shows per stream: its select and its status bit. */
static bool stream_encrypted(struct fx *f, unsigned int i)
{
	enum transcoder t = f->s[i].transcoder;
	u32 status = f->emu.per_transcoder ? emu_peek(&f->emu, reg_of(TRANS_HDCP_STATUS(t))) :
					     emu_peek(&f->emu, f->unit->status);

	return (f->emu.stream_select & BIT(t)) &&
	       (status & (HDCP_STATUS_STREAM_A_ENC >> (t - TRANSCODER_A)));
}

/* Stream @i Enabled from a commit of its own, the port authenticated. */
static void enable_stream(struct kunit *test, struct fx *f, unsigned int i)
{
	commit_stream(test, f, i, true, CP_DESIRED);
	if (state(f) != DRM_HDCP1_A4_AUTHENTICATED)
		KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_A4_AUTHENTICATED, 1000));
	/* One run of the worker encrypts a stream on an authenticated port. */
	run_for(f, 1);
	KUNIT_ASSERT_EQ(test, cp_stream(f, i), CP_ENABLED);
}

/*
 * DP MST on the Intel sequence: the port authenticates with the branch
 * once (one An/Aksv exchange, V' over the branch's KSV list in the unit of
 * the master transcoder) and each stream is put under its encryption with
 * the stream select of its own transcoder, without authenticating again;
 * a stream that goes Undesired or off leaves the others encrypted and
 * Enabled, and the last one off stops the port with no stream selected.
 */
static void intel_hdcp1_engine_mst_streams_share_one_authentication(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);
	unsigned int i, j;

	for (i = 0; i < f->nstreams; i++) {
		enable_stream(test, f, i);
		KUNIT_EXPECT_EQ(test, f->an_aksv, 1);
		for (j = 0; j < f->nstreams; j++)
			KUNIT_EXPECT_EQ_MSG(test, stream_encrypted(f, j), j <= i, "stream %u", j);
	}
	KUNIT_EXPECT_TRUE(test, f->unit->encrypting);
	KUNIT_EXPECT_EQ(test, cp(f), CP_UNDESIRED);
	KUNIT_EXPECT_EQ(test, f->events, f->nstreams);

	run_for(f, WATCH_MS);
	for (i = 0; i < f->nstreams; i++)
		KUNIT_EXPECT_EQ(test, cp_stream(f, i), CP_ENABLED);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 1);

	/* The last stream goes Undesired: only its select goes. */
	i = f->nstreams - 1;
	commit_stream(test, f, i, true, CP_UNDESIRED);
	run_for(f, 1);
	KUNIT_EXPECT_EQ(test, cp_stream(f, i), CP_UNDESIRED);
	KUNIT_EXPECT_FALSE(test, stream_encrypted(f, i));
	for (j = 0; j < i; j++) {
		KUNIT_EXPECT_EQ(test, cp_stream(f, j), CP_ENABLED);
		KUNIT_EXPECT_TRUE(test, stream_encrypted(f, j));
	}
	KUNIT_EXPECT_TRUE(test, f->unit->encrypting);

	/* Stream 1 goes off (not 0: the master transcoder's): 0 stays. */
	commit_stream(test, f, 1, false, cp_stream(f, 1));
	run_for(f, 1);
	KUNIT_EXPECT_FALSE(test, stream_encrypted(f, 1));
	KUNIT_EXPECT_EQ(test, cp_stream(f, 0), CP_ENABLED);
	KUNIT_EXPECT_TRUE(test, stream_encrypted(f, 0));
	KUNIT_EXPECT_EQ(test, f->an_aksv, 1);

	/* The others go off: the port stops with no stream selected. */
	for (j = 0; j < f->nstreams; j++)
		if (j != 1)
			commit_stream(test, f, j, false, cp_stream(f, j));
	run_for(f, 1);
	KUNIT_EXPECT_EQ(test, f->emu.stream_select, 0);
	expect_off(test, f);
	expect_clean(test, f);
}

/*
 * A link failure on an MST port (the unit stops encrypting): every stream
 * falls back to Desired with its select off, and after one authentication
 * every stream is Enabled again.
 */
static void intel_hdcp1_engine_mst_link_failure(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);
	unsigned int i;

	for (i = 0; i < f->nstreams; i++)
		enable_stream(test, f, i);
	emu_drop_encryption(&f->emu, f->unit);
	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_BACKOFF, DRM_HDCP1_LINK_CHECK_MS));
	for (i = 0; i < f->nstreams; i++)
		KUNIT_EXPECT_EQ(test, cp_stream(f, i), CP_DESIRED);
	KUNIT_EXPECT_EQ(test, f->emu.stream_select, 0);
	expect_off(test, f);

	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_A4_AUTHENTICATED, RECOVER_MS));
	run_for(f, 1);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 2);
	for (i = 0; i < f->nstreams; i++) {
		KUNIT_EXPECT_EQ(test, cp_stream(f, i), CP_ENABLED);
		KUNIT_EXPECT_TRUE(test, stream_encrypted(f, i));
	}
	expect_clean(test, f);
}

/*
 * An MST connector destroyed while the port authenticates for it and
 * another stream: the detach returns with the engine done with it, the
 * other stream is Enabled and the gone one's transcoder never selected.
 */
static void intel_hdcp1_engine_mst_detach_while_authenticating(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);

	commit_stream(test, f, 0, true, CP_DESIRED);
	commit_stream(test, f, 1, true, CP_DESIRED);
	run_for(f, DRM_HDCP1_R0_FLOOR_MS - 1);
	KUNIT_ASSERT_EQ(test, state(f), DRM_HDCP1_A2_R0);
	drm_hdcp1_stream_detach(f->s[1].stream);
	f->s[1].stream = NULL;

	KUNIT_ASSERT_TRUE(test, run_until(f, DRM_HDCP1_A4_AUTHENTICATED, 1000));
	run_for(f, 1);
	KUNIT_EXPECT_EQ(test, cp_stream(f, 0), CP_ENABLED);
	KUNIT_EXPECT_TRUE(test, stream_encrypted(f, 0));
	KUNIT_EXPECT_EQ(test, f->emu.stream_select, stream_bit(f, 0));
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_STREAM_SELECT, f->s[1].transcoder,
					0, 0), 0);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 1);
	expect_clean(test, f);
}

/*
 * The MST master transcoder moves. The modeset that moves it disables every
 * stream, so the port stops; i915 then binds the port to the unit of the
 * new master as the first stream starts again. The port authenticates
 * there, and the old master's unit is left alone.
 */
static void intel_hdcp1_engine_mst_master_transcoder_moves(struct kunit *test)
{
	const struct fx_desc *d = test->param_value;
	struct fx *f = make_fx(test, d);
	struct intel_hdcp1_hw_desc hw_desc = {
		.layout = d->per_transcoder ? INTEL_HDCP1_HW_PER_TRANSCODER :
					      INTEL_HDCP1_HW_PER_PORT,
		.transcoder = f->s[1].transcoder,
		.port = PORT_A + d->unit,
	};
	struct emu_unit *old = f->unit;
	unsigned int from;

	enable_stream(test, f, 0);
	enable_stream(test, f, 1);
	commit_stream(test, f, 0, false, CP_DESIRED);
	commit_stream(test, f, 1, false, CP_DESIRED);
	run_for(f, 1);
	expect_off(test, f);

	/* Stream 1's transcoder is the master now; a per-port unit stays. */
	if (d->per_transcoder) {
		f->unit = emu_hw_unit(&f->emu, f->s[1].transcoder);
		KUNIT_ASSERT_NOT_NULL(test, f->unit);
		emu_port_init(&f->port, &f->emu, f->unit, false, &fx_wire_ops, f);
	}
	KUNIT_ASSERT_EQ(test, intel_hdcp1_hw_init(&f->tx.hw, &f->shared, &hw_desc), 0);
	from = emu_log_len(&f->emu);

	enable_stream(test, f, 1);
	enable_stream(test, f, 0);
	KUNIT_EXPECT_EQ(test, f->an_aksv, 2);
	KUNIT_EXPECT_TRUE(test, stream_encrypted(f, 0));
	KUNIT_EXPECT_TRUE(test, stream_encrypted(f, 1));
	KUNIT_EXPECT_TRUE(test, f->unit->encrypting);
	if (d->per_transcoder) {
		KUNIT_EXPECT_FALSE(test, old->encrypting);
		KUNIT_EXPECT_EQ(test, emu_count(&f->emu, from, EMU_WRITE, old->conf, 0, 0), 0);
	}
	expect_clean(test, f);
}

static struct kunit_case intel_hdcp1_engine_cases[] = {
	KUNIT_CASE_PARAM(intel_hdcp1_engine_1a_01_receiver, receivers_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_1b_01_repeater, repeaters_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_keys_fail_to_load, key_loads_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_1a_04_aksv_transfer_fails,
			 aksv_cases_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_1a_06_r0_mismatch, transports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_1a_07_ri_mismatch, transports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_1b_04_v_mismatch, v_cases_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_encryption_timeout, transports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_encryption_lost, transports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_unplug, unplug_cases_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_disable_while_authenticating,
			 disable_cases_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_port_powered_down, transports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_type1_not_started, transports_gen_params),
	KUNIT_CASE(intel_hdcp1_engine_no_transmitter),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_mst_streams_share_one_authentication,
			 mst_ports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_mst_link_failure, mst_ports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_mst_detach_while_authenticating,
			 mst_ports_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_engine_mst_master_transcoder_moves,
			 mst_ports_gen_params),
	{}
};

static struct kunit_suite intel_hdcp1_engine_suite = {
	.name = "intel_hdcp1_engine",
	.test_cases = intel_hdcp1_engine_cases,
};

kunit_test_suite(intel_hdcp1_engine_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
