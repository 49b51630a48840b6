// SPDX-License-Identifier: MIT
/*
 * KUnit tests for i915's HDCP 1.4 glue (intel_hdcp1.c), which this file is
 * included into: which engine a connector's calls reach, to which unit an
 * MST port binds as its streams start, and what the engine hears from
 * SST and MST connectors that do or do not own it.
 *
 * The engine and its port core are real; their worker never runs (its
 * queue is redirected), so no transmitter operation reaches the hardware,
 * and what the glue asked of the engine is read off the port's requests.
 * The i915 device is a KUnit-helper DRM device inside a zeroed
 * drm_i915_private with nothing but a display version; connectors, the
 * port and the CRTC are the i915 types, filled in as far as the glue
 * reads them.
 */

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_dp_mst_helper.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_connector.h>
#include <drm/drm_kunit_helpers.h>

#include "../../../display/drm_hdcp1_internal.h"

#define GLUE_MST_STREAMS	2

struct glue_fx {
	struct drm_i915_private *i915;
	struct intel_digital_port *dig_port;
	struct intel_connector *sst;
	struct intel_connector *mst[GLUE_MST_STREAMS];
	struct intel_crtc *crtc;
	struct intel_crtc_state *crtc_state;
	unsigned int kicks;
};

static const struct drm_connector_funcs glue_connector_funcs = {};
/* The glue asks only whether the port has an MST topology manager. */
static const struct drm_dp_mst_topology_cbs glue_mst_cbs = {};
static const struct intel_hdcp_shim glue_dp_shim = {
	.protocol = HDCP_PROTOCOL_DP,
};

/* The engine's worker is kicked, never run. */
static void glue_queue(struct drm_hdcp_port *port, unsigned long delay_ms)
{
	struct glue_fx *f = kunit_get_current_test()->priv;

	f->kicks++;
}

static struct intel_connector *glue_connector(struct kunit *test, struct glue_fx *f,
					      bool mst)
{
	struct drm_device *drm = &f->i915->drm;
	struct intel_connector *c;

	c = drmm_kzalloc(drm, sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_EQ(test, drmm_connector_init(drm, &c->base, &glue_connector_funcs,
						  DRM_MODE_CONNECTOR_DisplayPort, NULL), 0);
	KUNIT_ASSERT_EQ(test, drm_connector_attach_content_protection_property(&c->base,
									       false), 0);
	if (mst)
		c->mst.dp = &f->dig_port->dp;
	return c;
}

/* Runs before the DRM device goes, which frees the connectors. */
static void glue_cleanup(void *data)
{
	struct glue_fx *f = data;
	int i;

	for (i = 0; i < GLUE_MST_STREAMS; i++) {
		if (!f->mst[i])
			continue;
		intel_hdcp1_engine_unregister(f->mst[i]);
		intel_hdcp1_engine_cleanup(f->mst[i]);
	}
	intel_hdcp1_engine_cleanup(f->sst);
}

/*
 * A DisplayPort port with an SST connector that has the engine, on
 * display @ver, and with @mst: an MST topology manager and two MST
 * connectors, their streams attached.
 */
static struct glue_fx *glue_fx_make(struct kunit *test, unsigned int ver, bool mst)
{
	struct glue_fx *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	struct intel_display *display;
	struct device *parent;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, f);
	test->priv = f;
	kunit_activate_static_stub(test, drm_hdcp_port_queue, glue_queue);

	parent = drm_kunit_helper_alloc_device(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, parent);
	f->i915 = drm_kunit_helper_alloc_drm_device(test, parent, struct drm_i915_private,
						    drm, DRIVER_MODESET | DRIVER_ATOMIC);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f->i915);
	display = &f->i915->display;
	display->drm = &f->i915->drm;
	DISPLAY_RUNTIME_INFO(display)->ip.ver = ver;
	mutex_init(&display->hdcp.hdcp_mutex);

	f->dig_port = kunit_kzalloc(test, sizeof(*f->dig_port), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->dig_port);
	f->dig_port->base.port = PORT_B;
	if (mst)
		f->dig_port->dp.mst.mgr.cbs = &glue_mst_cbs;

	f->sst = glue_connector(test, f, false);
	f->dig_port->dp.attached_connector = f->sst;
	KUNIT_ASSERT_EQ(test, intel_hdcp1_engine_init(f->sst, f->dig_port,
						      &glue_dp_shim), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, glue_cleanup, f), 0);
	for (i = 0; mst && i < GLUE_MST_STREAMS; i++) {
		struct intel_connector *c = glue_connector(test, f, true);

		KUNIT_ASSERT_EQ(test, intel_hdcp1_engine_init(c, f->dig_port,
							      &glue_dp_shim), 0);
		f->mst[i] = c;
	}

	f->crtc = kunit_kzalloc(test, sizeof(*f->crtc), GFP_KERNEL);
	f->crtc_state = kunit_kzalloc(test, sizeof(*f->crtc_state), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->crtc);
	KUNIT_ASSERT_NOT_NULL(test, f->crtc_state);
	f->crtc->pipe = PIPE_B;
	f->crtc_state->uapi.crtc = &f->crtc->base;
	return f;
}

static struct intel_hdcp1_conn *glue_port(struct glue_fx *f)
{
	return intel_hdcp1_conn_of(f->sst);
}

static struct drm_hdcp_port *glue_engine_port(struct glue_fx *f)
{
	return &glue_port(f)->engine->port;
}

static unsigned int glue_link_gen(struct glue_fx *f)
{
	struct drm_hdcp_port *port = glue_engine_port(f);
	unsigned int gen;

	spin_lock_irq(&port->req_lock);
	gen = port->link_gen;
	spin_unlock_irq(&port->req_lock);
	return gen;
}

/* A commit tail starts MST stream @i on @cpu, the port's master @master. */
static int glue_start_stream(struct glue_fx *f, int i, enum transcoder cpu,
			     enum transcoder master)
{
	f->crtc_state->cpu_transcoder = cpu;
	f->crtc_state->mst_master_transcoder = master;
	return intel_hdcp1_engine_start(NULL, f->mst[i], f->crtc_state);
}

static const unsigned int glue_display_vers[] = { 11, 12 };

static void glue_ver_desc(const unsigned int *ver, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "display %u (per %s)", *ver,
		 *ver >= 12 ? "transcoder" : "port");
}

KUNIT_ARRAY_PARAM(glue_vers, glue_display_vers, glue_ver_desc);

/*
 * SST: the engine finds the connector's own transmitter, and a commit
 * binds it to the unit of the commit's transcoder.
 */
static void intel_hdcp1_glue_sst_binds_commit_transcoder(struct kunit *test)
{
	const unsigned int *ver = test->param_value;
	struct glue_fx *f = glue_fx_make(test, *ver, false);
	struct intel_hdcp1_conn *conn = glue_port(f);
	struct intel_atomic_state *state;
	enum transcoder stream = TRANSCODER_A;

	KUNIT_ASSERT_NOT_NULL(test, conn);
	KUNIT_EXPECT_PTR_EQ(test, intel_hdcp1_hw_of(&f->sst->base), &conn->hw);
	KUNIT_EXPECT_PTR_EQ(test, intel_hdcp1_hw_stream_of(&f->sst->base, &stream),
			    &conn->hw);
	KUNIT_EXPECT_EQ(test, stream, INVALID_TRANSCODER);
	KUNIT_EXPECT_EQ(test, conn->per_transcoder, *ver >= 12);
	KUNIT_EXPECT_FALSE(test, intel_hdcp1_engine_active(f->sst));

	/* An empty commit; its put drops the device reference its init took. */
	state = kzalloc(sizeof(*state), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, state);
	KUNIT_ASSERT_EQ(test, drm_atomic_state_init(&f->i915->drm, &state->base), 0);
	f->crtc_state->cpu_transcoder = TRANSCODER_C;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_engine_start(state, f->sst, f->crtc_state), 0);
	drm_atomic_state_put(&state->base);
	KUNIT_EXPECT_TRUE(test, intel_hdcp1_engine_active(f->sst));
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_transcoder(&conn->hw), TRANSCODER_C);
	KUNIT_EXPECT_EQ(test, conn->hw.pipe, PIPE_B);

	intel_hdcp1_engine_release(f->sst, false);
	KUNIT_EXPECT_FALSE(test, intel_hdcp1_engine_active(f->sst));
	KUNIT_EXPECT_FALSE(test, glue_engine_port(f)->handed_over);
}

/* A connector that never got HDCP 1.4 is nobody's: every call is a no-op. */
static void intel_hdcp1_glue_connector_without_engine(struct kunit *test)
{
	struct glue_fx *f = glue_fx_make(test, 12, false);
	struct intel_connector *none = glue_connector(test, f, false);
	enum transcoder stream;

	KUNIT_EXPECT_NULL(test, intel_hdcp1_hw_of(&none->base));
	KUNIT_EXPECT_NULL(test, intel_hdcp1_hw_stream_of(&none->base, &stream));
	KUNIT_EXPECT_FALSE(test, intel_hdcp1_engine_active(none));
	KUNIT_EXPECT_EQ(test, intel_hdcp1_engine_start(NULL, none, f->crtc_state), -ENODEV);
	intel_hdcp1_engine_stop(none);
	intel_hdcp1_engine_hotplug(none, false);
	intel_hdcp1_engine_cp_irq(none);
	intel_hdcp1_engine_release(none, true);
	intel_hdcp1_engine_cleanup(none);
	KUNIT_EXPECT_EQ(test, f->kicks, 0);
}

/*
 * MST connectors attach streams to the engine of their port's SST
 * connector; the engine finds the port's transmitter through them only
 * with the stream's transcoder.
 */
static void intel_hdcp1_glue_mst_streams_attach_to_port(struct kunit *test)
{
	const unsigned int *ver = test->param_value;
	struct glue_fx *f = glue_fx_make(test, *ver, true);
	struct intel_hdcp1_conn *port = glue_port(f);
	enum transcoder stream = TRANSCODER_A;
	struct drm_hdcp_stream *s;
	unsigned int streams = 0;
	int i;

	KUNIT_EXPECT_TRUE(test, glue_engine_port(f)->per_stream);
	list_for_each_entry(s, &glue_engine_port(f)->streams, node)
		streams++;
	/* The SST connector's own stream and the two MST ones. */
	KUNIT_EXPECT_EQ(test, streams, 1 + GLUE_MST_STREAMS);
	for (i = 0; i < GLUE_MST_STREAMS; i++) {
		struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(f->mst[i]);

		KUNIT_ASSERT_NOT_NULL(test, conn);
		KUNIT_EXPECT_PTR_EQ(test, conn->port, port);
		KUNIT_EXPECT_NULL(test, intel_hdcp1_hw_of(&f->mst[i]->base));
	}
	/* The port and its two streams hold a reference each. */
	KUNIT_EXPECT_EQ(test, kref_read(&port->ref), 1 + GLUE_MST_STREAMS);

	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 1, TRANSCODER_C, TRANSCODER_B), 0);
	KUNIT_EXPECT_PTR_EQ(test, intel_hdcp1_hw_stream_of(&f->mst[1]->base, &stream),
			    &port->hw);
	KUNIT_EXPECT_EQ(test, stream, TRANSCODER_C);
}

/* An MST connector whose port has no engine gets none. */
static void intel_hdcp1_glue_mst_without_port_engine(struct kunit *test)
{
	struct glue_fx *f = glue_fx_make(test, 12, true);
	struct intel_connector *c = glue_connector(test, f, true);

	f->dig_port->dp.attached_connector = NULL;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_engine_init(c, f->dig_port, &glue_dp_shim),
			-ENODEV);
	KUNIT_EXPECT_NULL(test, intel_hdcp1_conn_of(c));
	f->dig_port->dp.attached_connector = f->sst;
}

/*
 * The first stream binds the port to the unit of the MST master
 * transcoder; a stream that joins on the same master leaves the port's
 * link alone.
 */
static void intel_hdcp1_glue_mst_first_stream_binds_master(struct kunit *test)
{
	const unsigned int *ver = test->param_value;
	struct glue_fx *f = glue_fx_make(test, *ver, true);
	struct intel_hdcp1_conn *port = glue_port(f);
	unsigned int gen;

	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 0, TRANSCODER_B, TRANSCODER_B), 0);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_transcoder(&port->hw), TRANSCODER_B);
	KUNIT_EXPECT_EQ(test, port->mst_started, 1);
	KUNIT_EXPECT_TRUE(test, port->mst_owned);
	KUNIT_EXPECT_TRUE(test, intel_hdcp1_engine_active(f->mst[0]));
	KUNIT_EXPECT_FALSE(test, intel_hdcp1_engine_active(f->mst[1]));

	gen = glue_link_gen(f);
	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 1, TRANSCODER_C, TRANSCODER_B), 0);
	KUNIT_EXPECT_EQ(test, glue_link_gen(f), gen);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_transcoder(&port->hw), TRANSCODER_B);
	KUNIT_EXPECT_EQ(test, port->mst_started, 2);
	KUNIT_EXPECT_TRUE(test, intel_hdcp1_engine_active(f->mst[1]));

	/* Starting a started stream again counts it once. */
	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 1, TRANSCODER_C, TRANSCODER_B), 0);
	KUNIT_EXPECT_EQ(test, port->mst_started, 2);
}

/*
 * The master transcoder moves: after a modeset that stopped every stream,
 * the first stream to start binds the port to the new master; a port
 * found started on another master stops its link before it binds again.
 */
static void intel_hdcp1_glue_mst_master_transcoder_moves(struct kunit *test)
{
	const unsigned int *ver = test->param_value;
	struct glue_fx *f = glue_fx_make(test, *ver, true);
	struct intel_hdcp1_conn *port = glue_port(f);
	unsigned int gen;

	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 0, TRANSCODER_B, TRANSCODER_B), 0);
	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 1, TRANSCODER_C, TRANSCODER_B), 0);
	intel_hdcp1_engine_stop(f->mst[0]);
	intel_hdcp1_engine_stop(f->mst[1]);
	KUNIT_EXPECT_EQ(test, port->mst_started, 0);
	KUNIT_EXPECT_FALSE(test, intel_hdcp1_engine_active(f->mst[0]));

	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 1, TRANSCODER_C, TRANSCODER_C), 0);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_transcoder(&port->hw), TRANSCODER_C);
	KUNIT_EXPECT_EQ(test, port->mst_started, 1);

	gen = glue_link_gen(f);
	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 0, TRANSCODER_A, TRANSCODER_A), 0);
	KUNIT_EXPECT_NE(test, glue_link_gen(f), gen);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_transcoder(&port->hw), TRANSCODER_A);
	KUNIT_EXPECT_EQ(test, port->mst_started, 2);
}

/*
 * Display 12 and later: a master transcoder without an HDCP unit (a DSI
 * one) leaves the stream stopped and the port unbound.
 */
static void intel_hdcp1_glue_mst_master_without_unit(struct kunit *test)
{
	struct glue_fx *f = glue_fx_make(test, 12, true);
	struct intel_hdcp1_conn *port = glue_port(f);

	KUNIT_EXPECT_EQ(test, glue_start_stream(f, 0, TRANSCODER_DSI_0, TRANSCODER_DSI_0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, port->mst_started, 0);
	KUNIT_EXPECT_FALSE(test, port->mst_owned);
	KUNIT_EXPECT_FALSE(test, intel_hdcp1_engine_active(f->mst[0]));
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_transcoder(&port->hw), TRANSCODER_A);
}

/*
 * Unregistering an MST connector takes its stream off the port at once;
 * its later commits leave HDCP 1.4 alone, the other stream's go on.
 */
static void intel_hdcp1_glue_mst_unregister_detaches(struct kunit *test)
{
	struct glue_fx *f = glue_fx_make(test, 12, true);
	struct intel_hdcp1_conn *port = glue_port(f);
	struct drm_hdcp_stream *s;

	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 0, TRANSCODER_B, TRANSCODER_B), 0);
	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 1, TRANSCODER_C, TRANSCODER_B), 0);
	intel_hdcp1_engine_unregister(f->mst[0]);
	KUNIT_EXPECT_EQ(test, port->mst_started, 1);
	KUNIT_EXPECT_FALSE(test, intel_hdcp1_engine_active(f->mst[0]));
	list_for_each_entry(s, &glue_engine_port(f)->streams, node)
		KUNIT_EXPECT_PTR_NE(test, s->connector, &f->mst[0]->base);
	KUNIT_EXPECT_EQ(test, glue_start_stream(f, 0, TRANSCODER_B, TRANSCODER_B), -ENODEV);
	KUNIT_EXPECT_EQ(test, port->mst_started, 1);
	/* Unregistered twice (the device's unregistration after the manager's). */
	intel_hdcp1_engine_unregister(f->mst[0]);
	KUNIT_EXPECT_TRUE(test, intel_hdcp1_engine_active(f->mst[1]));

	/* The port outlives its SST connector's engine for its last stream. */
	intel_hdcp1_engine_cleanup(f->mst[0]);
	f->mst[0] = NULL;
	KUNIT_EXPECT_EQ(test, kref_read(&port->ref), 2);
}

/*
 * What the engine hears follows who owns it: hotplug and CP_IRQ of an SST
 * connector only while the engine owns it; while the port drives MST
 * streams, CP_IRQ through the SST connector and no hotplug; nothing from
 * MST connectors; HDCP 2.2 taking one stream takes the port.
 */
static void intel_hdcp1_glue_events_follow_ownership(struct kunit *test)
{
	struct glue_fx *f = glue_fx_make(test, 12, true);
	struct drm_hdcp_port *engine = glue_engine_port(f);

	intel_hdcp1_engine_hotplug(f->sst, false);
	intel_hdcp1_engine_cp_irq(f->sst);
	KUNIT_EXPECT_TRUE(test, engine->sink_present);
	KUNIT_EXPECT_FALSE(test, engine->cp_irq);
	KUNIT_EXPECT_EQ(test, f->kicks, 0);

	KUNIT_ASSERT_EQ(test, glue_start_stream(f, 0, TRANSCODER_B, TRANSCODER_B), 0);
	intel_hdcp1_engine_hotplug(f->sst, false);
	intel_hdcp1_engine_hotplug(f->mst[0], false);
	intel_hdcp1_engine_cp_irq(f->mst[0]);
	KUNIT_EXPECT_TRUE(test, engine->sink_present);
	KUNIT_EXPECT_FALSE(test, engine->cp_irq);
	intel_hdcp1_engine_cp_irq(f->sst);
	KUNIT_EXPECT_TRUE(test, engine->cp_irq);

	intel_hdcp1_engine_release(f->mst[0], true);
	KUNIT_EXPECT_TRUE(test, engine->handed_over);
	KUNIT_EXPECT_FALSE(test, glue_port(f)->mst_owned);
	KUNIT_EXPECT_EQ(test, glue_port(f)->mst_started, 0);
}

static struct kunit_case intel_hdcp1_glue_cases[] = {
	KUNIT_CASE_PARAM(intel_hdcp1_glue_sst_binds_commit_transcoder, glue_vers_gen_params),
	KUNIT_CASE(intel_hdcp1_glue_connector_without_engine),
	KUNIT_CASE_PARAM(intel_hdcp1_glue_mst_streams_attach_to_port, glue_vers_gen_params),
	KUNIT_CASE(intel_hdcp1_glue_mst_without_port_engine),
	KUNIT_CASE_PARAM(intel_hdcp1_glue_mst_first_stream_binds_master, glue_vers_gen_params),
	KUNIT_CASE_PARAM(intel_hdcp1_glue_mst_master_transcoder_moves, glue_vers_gen_params),
	KUNIT_CASE(intel_hdcp1_glue_mst_master_without_unit),
	KUNIT_CASE(intel_hdcp1_glue_mst_unregister_detaches),
	KUNIT_CASE(intel_hdcp1_glue_events_follow_ownership),
	{}
};

static struct kunit_suite intel_hdcp1_glue_suite = {
	.name = "intel_hdcp1_glue",
	.test_cases = intel_hdcp1_glue_cases,
};

kunit_test_suite(intel_hdcp1_glue_suite);
