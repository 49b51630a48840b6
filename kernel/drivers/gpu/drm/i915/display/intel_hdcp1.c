// SPDX-License-Identifier: MIT
/*
 * HDCP 1.4 of HDMI and DisplayPort SST connectors, on the DRM HDCP 1.4
 * engine.
 *
 * The engine runs the protocol on its own worker: the commit that asks for
 * content protection returns at once, and "Content Protection" turns
 * Enabled when the link is encrypted, without upstream's 300 ms wait in
 * the commit tail. The Intel transmitter is the hardware sequence of
 * intel_hdcp1_hw.c, through &intel_hdcp1_tx_ops; this file binds it to
 * the connector's port, shim and unit and keeps, per connector (in
 * &intel_hdcp.hdcp1), the engine, the transmitter and the state of the
 * hand-over between the engine and HDCP 2.2. The part of the hardware
 * that all connectors share is in &intel_display's hdcp.hdcp1.
 *
 * Ownership of the property. For a connector, at most one of these writes
 * "Content Protection" at a time:
 *
 * - the engine, from the moment intel_hdcp.c hands HDCP 1.4 to it
 *   (intel_hdcp1_engine_start()) until it takes it back
 *   (intel_hdcp1_engine_release()); meanwhile intel_hdcp1_engine_active()
 *   is true and intel_hdcp.c's property work writes nothing. intel_hdcp.c
 *   keeps &intel_hdcp.value at Desired then: it wants the link protected
 *   but does not protect it itself, and Enabled is the engine's to report;
 * - HDCP 2.2 in intel_hdcp.c, once it authenticated. Every stop of the
 *   engine (intel_hdcp1_engine_stop()) comes before HDCP 2.2 may take the
 *   port, so it hands the link over (drm_hdcp1_hand_over()): from then on
 *   the engine writes nothing, not even from a run still pending, until
 *   the next commit it is given hands the connector back.
 *
 * The engine hears about a connector only while it owns it: commits,
 * CP_IRQ and hotplug go nowhere else. It reaches the receiver over the DDC
 * bus (HDMI) or the AUX channel (DisplayPort) by itself; An and Aksv go out
 * through the shim's write_an_aksv(), which has the hardware inject Aksv.
 * HDMI signalling goes through intel_hdmi_hdcp_signalling() with the pipe
 * and transcoder of the commit that started the engine: its worker cannot
 * look at the connector's state.
 *
 * Power. Each transmitter operation takes references on the port's and, on
 * display 12 and later, the transcoder's power domains, but only if they
 * are on already: a worker that finds them off fails the step, and a reset
 * leaves the unit alone, as the power loss cleared it. The encoder disable
 * path stops the engine (intel_hdcp1_engine_stop(), which returns once the
 * engine let go of the link) before the transcoder is switched off, so
 * HDMI signalling is never left on.
 *
 * DP MST. The engine of a DisplayPort port is its SST connector's; on a
 * port that can carry MST streams it has &intel_hdcp1_mst_tx_ops, and each
 * MST connector attaches a stream to it when it is created
 * (drm_hdcp1_stream_attach()) and detaches it when it is unregistered, a
 * path that holds no modeset lock (intel_hdcp1_engine_unregister()). The
 * port authenticates once, with the branch device, on the unit of the MST
 * master transcoder, to which the first stream started binds it; each
 * stream is then encrypted with the stream select of its own transcoder.
 * The engine hears of MST commits once per commit and port
 * (intel_hdcp1_engine_commit_mst()) and of CP_IRQ through the SST
 * connector; a stream's disable path stops just that stream
 * (drm_hdcp1_stream_stop()). HDCP 2.2 takes a port as a whole: its first
 * MST stream to authenticate with it hands the port over.
 */

#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include <kunit/static_stub.h>

#include <drm/display/drm_hdcp1.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/intel/i915_hdcp_interface.h>

#include "i915_drv.h"
#include "intel_display_types.h"
#include "intel_dp_mst.h"
#include "intel_hdcp1.h"
#include "intel_hdcp1_hw.h"

/*
 * An SST connector with HDCP, whose engine is its port's; or a DP MST
 * connector, with a stream on the engine of its port's SST connector
 * (@port). A port's is freed with its last MST connector's.
 */
struct intel_hdcp1_conn {
	struct kref ref;
	struct intel_hdcp1_hw hw;
	struct intel_connector *connector;
	struct intel_digital_port *dig_port;
	const struct intel_hdcp_shim *shim;
	struct intel_hdcp1_hw_shared *shared;
	bool per_transcoder;

	spinlock_t lock;		/* the fields below */
	struct drm_hdcp1 *engine;
	bool active;			/* the engine owns HDCP of the connector */
	bool mst_owned;			/* port: the engine owns HDCP of its MST streams */
	enum transcoder stream_transcoder;	/* MST connector: its stream's */

	/* Port of MST streams: what starting and stopping them changes. */
	struct mutex mst_lock;		/* the fields below, and binding @hw for MST */
	unsigned int mst_started;	/* port: MST streams the engine drives */
	struct intel_hdcp1_conn *port;	/* MST connector: its port's, referenced */
	struct drm_hdcp_stream *stream;	/* MST connector: until unregistered */
};

static void intel_hdcp1_shared_release(struct drm_device *drm, void *data)
{
	intel_hdcp1_hw_shared_fini(data);
}

/* The device-wide part of the hardware: keys, HDCP_REP_CTL, SHA-1. */
static struct intel_hdcp1_hw_shared *
intel_hdcp1_shared_get(struct intel_display *display)
{
	struct drm_i915_private *i915 = to_i915(display->drm);
	struct intel_hdcp1_hw_shared *shared;

	mutex_lock(&display->hdcp.hdcp_mutex);
	shared = display->hdcp.hdcp1;
	if (shared)
		goto out;
	shared = drmm_kzalloc(display->drm, sizeof(*shared), GFP_KERNEL);
	if (!shared)
		goto out;
	/* Display 9 loads the keys through pcode, Broxton excepted. */
	intel_hdcp1_hw_shared_init(shared, DISPLAY_VER(display) == 9 &&
				   !IS_BROXTON(i915));
	if (drmm_add_action_or_reset(display->drm, intel_hdcp1_shared_release,
				     shared))
		shared = NULL;
	display->hdcp.hdcp1 = shared;
out:
	mutex_unlock(&display->hdcp.hdcp_mutex);
	return shared;
}

/* NULL for a connector without HDCP 1.4 (init failed, or eDP). */
static struct intel_hdcp1_conn *intel_hdcp1_conn_of(struct intel_connector *connector)
{
	return connector->hdcp.hdcp1;
}

/* The lookup of intel_hdcp1_tx_ops (see intel_hdcp1_hw.h). */
struct intel_hdcp1_hw *intel_hdcp1_hw_of(struct drm_connector *connector)
{
	struct intel_hdcp1_conn *conn;

	/* The KUnit suite's connectors are no intel_connectors. */
	KUNIT_STATIC_STUB_REDIRECT(intel_hdcp1_hw_of, connector);
	conn = intel_hdcp1_conn_of(to_intel_connector(connector));

	return conn && !conn->port ? &conn->hw : NULL;
}

/* The lookup of intel_hdcp1_mst_tx_ops (see intel_hdcp1_hw.h). */
struct intel_hdcp1_hw *intel_hdcp1_hw_stream_of(struct drm_connector *connector,
						enum transcoder *stream)
{
	struct intel_hdcp1_conn *conn;

	KUNIT_STATIC_STUB_REDIRECT(intel_hdcp1_hw_stream_of, connector, stream);
	conn = intel_hdcp1_conn_of(to_intel_connector(connector));
	if (!conn)
		return NULL;
	if (!conn->port) {
		*stream = INVALID_TRANSCODER;
		return &conn->hw;
	}
	spin_lock(&conn->lock);
	*stream = conn->stream_transcoder;
	spin_unlock(&conn->lock);
	/* The engine calls this only while the stream is attached. */
	return &conn->port->hw;
}

static bool intel_hdcp1_is_hdmi(const struct intel_hdcp1_conn *conn)
{
	return conn->shim->protocol == HDCP_PROTOCOL_HDMI;
}

/*
 * Bind the transmitter to the unit that drives @cpu_transcoder's port, and
 * HDMI signalling to @cpu_transcoder and the @pipe that feeds it.
 */
static int intel_hdcp1_bind(struct intel_hdcp1_conn *conn,
			    enum transcoder cpu_transcoder, enum pipe pipe)
{
	struct intel_display *display = to_intel_display(conn->connector);
	const struct intel_hdcp1_hw_desc desc = {
		.layout = conn->per_transcoder ? INTEL_HDCP1_HW_PER_TRANSCODER :
						 INTEL_HDCP1_HW_PER_PORT,
		.transcoder = cpu_transcoder,
		.port = conn->dig_port->base.port,
		.pipe = pipe,
		.hdmi = intel_hdcp1_is_hdmi(conn),
		.display = display,
		.dig_port = conn->dig_port,
		.shim = conn->shim,
		.drm = display->drm,
	};

	return intel_hdcp1_hw_init(&conn->hw, conn->shared, &desc);
}

static struct drm_hdcp1 *intel_hdcp1_new_engine(struct intel_hdcp1_conn *conn)
{
	struct drm_hdcp1_desc desc = {
		.tx = &intel_hdcp1_tx_ops,
	};

	if (intel_hdcp1_is_hdmi(conn)) {
		desc.transport = DRM_HDCP1_HDMI;
		desc.ddc = conn->connector->base.ddc;
	} else {
		desc.transport = DRM_HDCP1_DP;
		/* On MST too: HDCP 1.4 authenticates with the branch device. */
		desc.aux = &conn->dig_port->dp.aux;
		if (intel_dp_mst_source_support(&conn->dig_port->dp))
			desc.tx = &intel_hdcp1_mst_tx_ops;
	}
	return drm_hdcp1_init(&conn->connector->base, &desc);
}

static struct intel_hdcp1_conn *intel_hdcp1_conn_alloc(struct intel_connector *connector,
						       struct intel_digital_port *dig_port,
						       const struct intel_hdcp_shim *shim)
{
	struct intel_hdcp1_conn *conn = kzalloc(sizeof(*conn), GFP_KERNEL);

	if (!conn)
		return NULL;
	kref_init(&conn->ref);
	conn->connector = connector;
	conn->dig_port = dig_port;
	conn->shim = shim;
	conn->per_transcoder = DISPLAY_VER(to_intel_display(connector)) >= 12;
	conn->stream_transcoder = INVALID_TRANSCODER;
	spin_lock_init(&conn->lock);
	mutex_init(&conn->mst_lock);
	return conn;
}

static void intel_hdcp1_conn_release(struct kref *ref)
{
	struct intel_hdcp1_conn *conn = container_of(ref, struct intel_hdcp1_conn, ref);

	mutex_destroy(&conn->mst_lock);
	kfree(conn);
}

static void intel_hdcp1_conn_put(struct intel_hdcp1_conn *conn)
{
	kref_put(&conn->ref, intel_hdcp1_conn_release);
}

/* An MST connector: a stream on the engine of its port's SST connector. */
static int intel_hdcp1_stream_init(struct intel_connector *connector,
				   struct intel_digital_port *dig_port,
				   const struct intel_hdcp_shim *shim)
{
	struct intel_connector *sst = dig_port->dp.attached_connector;
	struct intel_hdcp1_conn *port = sst ? intel_hdcp1_conn_of(sst) : NULL;
	struct drm_hdcp_stream *stream;
	struct intel_hdcp1_conn *conn;

	/* The port has no HDCP 1.4: neither have its streams. */
	if (!port)
		return -ENODEV;
	conn = intel_hdcp1_conn_alloc(connector, dig_port, shim);
	if (!conn)
		return -ENOMEM;
	stream = drm_hdcp1_stream_attach(port->engine, &connector->base);
	if (IS_ERR(stream)) {
		intel_hdcp1_conn_put(conn);
		return PTR_ERR(stream);
	}
	kref_get(&port->ref);
	conn->port = port;
	conn->stream = stream;
	connector->hdcp.hdcp1 = conn;
	return 0;
}

/**
 * intel_hdcp1_engine_init - give a connector HDCP 1.4 on the engine
 * @connector: the connector, with "Content Protection" attached, not yet
 *	registered
 * @dig_port: its port
 * @shim: its HDCP shim (HDMI, DisplayPort SST or DP MST)
 *
 * For a DP MST connector, attaches its stream to the engine of its port,
 * which its SST connector got first.
 *
 * Returns:
 * 0 or a negative error code; on error the connector has no HDCP 1.4.
 */
int intel_hdcp1_engine_init(struct intel_connector *connector,
			    struct intel_digital_port *dig_port,
			    const struct intel_hdcp_shim *shim)
{
	struct intel_display *display = to_intel_display(connector);
	struct intel_hdcp1_conn *conn;
	struct drm_hdcp1 *engine;
	int ret;

	if (connector->mst.dp)
		return intel_hdcp1_stream_init(connector, dig_port, shim);

	conn = intel_hdcp1_conn_alloc(connector, dig_port, shim);
	if (!conn)
		return -ENOMEM;

	ret = -ENOMEM;
	conn->shared = intel_hdcp1_shared_get(display);
	if (!conn->shared)
		goto err_free;
	/* A placeholder unit until a commit names the transcoder. */
	ret = intel_hdcp1_bind(conn, TRANSCODER_A, PIPE_A);
	if (ret)
		goto err_free;
	/* The engine's transmitter finds it here (intel_hdcp1_hw_of()). */
	connector->hdcp.hdcp1 = conn;
	engine = intel_hdcp1_new_engine(conn);
	if (IS_ERR(engine)) {
		ret = PTR_ERR(engine);
		goto err_unlink;
	}
	conn->engine = engine;
	return 0;

err_unlink:
	connector->hdcp.hdcp1 = NULL;
err_free:
	intel_hdcp1_conn_put(conn);
	return ret;
}

/* The engine no longer drives an MST connector's stream; mst_lock held. */
static void intel_hdcp1_stream_deactivate(struct intel_hdcp1_conn *conn)
{
	lockdep_assert_held(&conn->port->mst_lock);
	if (!conn->active)
		return;
	conn->port->mst_started--;
	spin_lock(&conn->lock);
	conn->active = false;
	spin_unlock(&conn->lock);
}

/* Take an MST connector's stream off its port, once; sleeps. */
static void intel_hdcp1_stream_detach(struct intel_hdcp1_conn *conn)
{
	struct intel_hdcp1_conn *port = conn->port;
	struct drm_hdcp_stream *stream;

	mutex_lock(&port->mst_lock);
	stream = conn->stream;
	conn->stream = NULL;
	intel_hdcp1_stream_deactivate(conn);
	mutex_unlock(&port->mst_lock);
	/* Returns once the engine is done with the connector. */
	drm_hdcp1_stream_detach(stream);
}

/**
 * intel_hdcp1_engine_unregister - a DP MST connector is going away
 * @connector: the connector, from its early_unregister hook
 *
 * Detaches the connector's stream from its port's engine, waiting for a run
 * of the engine in progress, so it must be called with no modeset lock
 * held, which the paths that unregister MST connectors (the topology
 * manager's destroy work, the device's unregistration) satisfy. Commits
 * the connector is still in leave HDCP 1.4 alone from then on. Does
 * nothing for other connectors.
 */
void intel_hdcp1_engine_unregister(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (conn && conn->port)
		intel_hdcp1_stream_detach(conn);
}

/**
 * intel_hdcp1_engine_cleanup - stop and forget the connector's engine
 * @connector: the connector being destroyed
 *
 * For an SST connector, waits for the engine's worker, so it must not be
 * called with modeset locks held: SST connectors are destroyed by
 * drm_mode_config_cleanup(), which holds none. An MST connector, whose last
 * reference may go in a commit that holds them, detached its stream when it
 * was unregistered (intel_hdcp1_engine_unregister()); only one that never
 * was registered, and so was in no commit, detaches it here.
 */
void intel_hdcp1_engine_cleanup(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
	if (conn->port) {
		if (conn->stream)
			intel_hdcp1_stream_detach(conn);
		intel_hdcp1_conn_put(conn->port);
	} else {
		/* Returns with the worker done and no transmitter call to come. */
		drm_hdcp1_fini(conn->engine);
	}
	connector->hdcp.hdcp1 = NULL;
	intel_hdcp1_conn_put(conn);
}

/* The engine, if it owns the connector's HDCP (its port's, for MST). */
static struct drm_hdcp1 *intel_hdcp1_owner(struct intel_hdcp1_conn *conn)
{
	struct drm_hdcp1 *engine;

	spin_lock(&conn->lock);
	engine = conn->active ? (conn->port ? conn->port->engine : conn->engine) : NULL;
	spin_unlock(&conn->lock);
	return engine;
}

/*
 * Start an MST stream. Its port binds to the unit of the MST master
 * transcoder when its first stream starts; the master moves only in a
 * modeset of every stream of the port, whose disables stopped them all,
 * but a port found bound elsewhere stops before it binds again.
 */
static int intel_hdcp1_stream_start(struct intel_hdcp1_conn *conn,
				    const struct intel_crtc_state *crtc_state)
{
	struct intel_crtc *crtc = to_intel_crtc(crtc_state->uapi.crtc);
	enum transcoder master = crtc_state->mst_master_transcoder;
	struct intel_hdcp1_conn *port = conn->port;
	int ret = 0;

	mutex_lock(&port->mst_lock);
	if (!conn->stream) {
		ret = -ENODEV;
		goto out;
	}
	if (!port->mst_started ||
	    intel_hdcp1_hw_transcoder(&port->hw) != master) {
		if (port->mst_started)
			drm_hdcp1_link_stop(port->engine);
		ret = intel_hdcp1_bind(port, master, crtc->pipe);
		if (ret) {
			drm_err_ratelimited(conn->connector->base.dev,
					    "[CONNECTOR:%d:%s] no HDCP 1.4 unit for MST master transcoder %s (%d)\n",
					    conn->connector->base.base.id,
					    conn->connector->base.name,
					    transcoder_name(master), ret);
			goto out;
		}
	}
	if (!conn->active)
		port->mst_started++;
	spin_lock(&conn->lock);
	conn->active = true;
	conn->stream_transcoder = crtc_state->cpu_transcoder;
	spin_unlock(&conn->lock);
	spin_lock(&port->lock);
	port->mst_owned = true;
	/* The link is driven for a branch device: one that left is back. */
	drm_hdcp1_hotplug(port->engine, true);
	spin_unlock(&port->lock);
out:
	mutex_unlock(&port->mst_lock);
	return ret;
}

/* Stop an MST stream before its transcoder goes; the others stay. */
static void intel_hdcp1_stream_stop(struct intel_hdcp1_conn *conn)
{
	struct intel_hdcp1_conn *port = conn->port;

	mutex_lock(&port->mst_lock);
	if (conn->active)
		drm_hdcp1_stream_stop(conn->stream);
	intel_hdcp1_stream_deactivate(conn);
	mutex_unlock(&port->mst_lock);
}

/**
 * intel_hdcp1_engine_active - does the engine own the connector's HDCP?
 * @connector: the connector
 *
 * Returns:
 * True from intel_hdcp1_engine_start() to intel_hdcp1_engine_release().
 */
bool intel_hdcp1_engine_active(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	return conn && intel_hdcp1_owner(conn);
}

/**
 * intel_hdcp1_engine_start - hand HDCP 1.4 of the connector to the engine
 * @state: the commit, from its tail, once the encoder is enabled
 * @connector: an SST connector whose HDCP 1.4 is wanted
 * @crtc_state: the state of its CRTC
 *
 * The engine must be stopped (intel_hdcp1_engine_stop()) since it last
 * drove the link. Binds the transmitter to the unit of the CRTC's transcoder
 * (display 12 and later) or of the port, and HDMI signalling to that
 * transcoder and the CRTC's pipe, then reports the commit to the engine,
 * which authenticates from its worker. Never waits for the sink. For a DP
 * MST connector, starts its stream, binding the port to the unit of the
 * MST master transcoder if it is the first; the commit reaches the engine
 * through intel_hdcp1_engine_commit_mst().
 *
 * Returns:
 * 0, -ENODEV for a connector without an engine, or the error that kept
 * the transmitter from binding.
 */
int intel_hdcp1_engine_start(struct intel_atomic_state *state,
			     struct intel_connector *connector,
			     const struct intel_crtc_state *crtc_state)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);
	struct intel_crtc *crtc = to_intel_crtc(crtc_state->uapi.crtc);
	int ret;

	if (!conn)
		return -ENODEV;
	if (conn->port)
		return intel_hdcp1_stream_start(conn, crtc_state);
	ret = intel_hdcp1_bind(conn, crtc_state->cpu_transcoder, crtc->pipe);
	if (ret) {
		drm_err_ratelimited(connector->base.dev,
				    "[CONNECTOR:%d:%s] no HDCP 1.4 unit for transcoder %s (%d)\n",
				    connector->base.base.id, connector->base.name,
				    transcoder_name(crtc_state->cpu_transcoder), ret);
		return ret;
	}

	spin_lock(&conn->lock);
	conn->active = true;
	conn->mst_owned = false;
	/* The link is driven for a sink: one that left before is back. */
	drm_hdcp1_hotplug(conn->engine, true);
	/* Hands the connector back to an engine that was stopped. */
	drm_hdcp1_atomic_commit(conn->engine, &state->base);
	spin_unlock(&conn->lock);
	return 0;
}

/**
 * intel_hdcp1_engine_release - the engine no longer owns the connector
 * @connector: the connector
 * @to_hdcp2: HDCP 2.2 authenticated and reports the property from now on
 *
 * Call with the engine stopped. The next intel_hdcp1_engine_start() gives
 * the connector back to the same engine. For a DP MST connector, HDCP 2.2
 * takes the whole port: the engine hands over all of its streams. May
 * sleep.
 */
void intel_hdcp1_engine_release(struct intel_connector *connector, bool to_hdcp2)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
	if (conn->port) {
		intel_hdcp1_stream_stop(conn);
		if (!to_hdcp2)
			return;
		spin_lock(&conn->port->lock);
		conn->port->mst_owned = false;
		spin_unlock(&conn->port->lock);
		drm_hdcp1_hand_over(conn->port->engine);
		return;
	}
	spin_lock(&conn->lock);
	conn->active = false;
	spin_unlock(&conn->lock);
	/* Even an engine never started must not write HDCP 2.2's property. */
	if (to_hdcp2)
		drm_hdcp1_hand_over(conn->engine);
}

/**
 * intel_hdcp1_engine_commit - report a commit to the engine that owns HDCP
 * @state: the commit, from its tail
 * @connector: the connector
 *
 * For commits that neither enable the encoder nor change which protocol
 * protects the link: fastsets, Undesired. Does nothing for DP MST
 * connectors, whose commits intel_hdcp1_engine_commit_mst() reports. Never
 * sleeps.
 */
void intel_hdcp1_engine_commit(struct intel_atomic_state *state,
			       struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn || conn->port)
		return;
	spin_lock(&conn->lock);
	if (conn->active)
		drm_hdcp1_atomic_commit(conn->engine, &state->base);
	spin_unlock(&conn->lock);
}

/**
 * intel_hdcp1_engine_commit_mst - report a commit to the engines of MST ports
 * @state: the commit, from its tail, once the encoders are enabled
 *
 * Reports @state once to the engine of each port whose DP MST streams it
 * touches and whose HDCP the engine owns, as the engine looks at every
 * stream of its port in one call. Never sleeps.
 */
void intel_hdcp1_engine_commit_mst(struct intel_atomic_state *state)
{
	DECLARE_BITMAP(reported, I915_MAX_PORTS) = {};
	struct drm_connector_state *new_state;
	struct drm_connector *connector;
	struct intel_hdcp1_conn *port;
	enum port p;
	int i;

	for_each_new_connector_in_state(&state->base, connector, new_state, i) {
		struct intel_hdcp1_conn *conn =
			intel_hdcp1_conn_of(to_intel_connector(connector));

		if (!conn || !conn->port)
			continue;
		port = conn->port;
		p = port->dig_port->base.port;
		if (p < 0 || p >= I915_MAX_PORTS || test_and_set_bit(p, reported))
			continue;
		spin_lock(&port->lock);
		if (port->mst_owned)
			drm_hdcp1_atomic_commit(port->engine, &state->base);
		spin_unlock(&port->lock);
	}
}

/**
 * intel_hdcp1_engine_stop - stop HDCP 1.4 before the link goes down
 * @connector: the connector
 *
 * From the encoder disable path, before the transcoder function is
 * switched off, and before HDCP 2.2 gets the port: returns with encryption
 * and HDMI signalling off and no engine access in flight. The engine then
 * leaves the property alone, as HDCP 2.2 may report it before the next
 * commit reaches the engine. May sleep; may be called with modeset locks
 * held. For a DP MST connector, stops its stream only: the port stays
 * authenticated for the others.
 */
void intel_hdcp1_engine_stop(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
	if (conn->port)
		intel_hdcp1_stream_stop(conn);
	else
		drm_hdcp1_hand_over(intel_hdcp1_owner(conn));
}

/**
 * intel_hdcp1_engine_hotplug - the connector's sink changed
 * @connector: the connector
 * @connected: whether a sink is connected now
 *
 * For a detect that changed the connector's status or its EDID: the sink
 * went away or was replaced, so authentication starts over. An engine that
 * does not own the connector is not told; intel_hdcp1_engine_start() takes
 * the sink as present. On DP MST the receiver is the branch device, which
 * the link checks watch: an SST connector that reports no sink while its
 * port drives MST streams, and an MST connector, tell the engine nothing.
 * Never sleeps.
 */
void intel_hdcp1_engine_hotplug(struct intel_connector *connector, bool connected)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn || conn->port)
		return;
	spin_lock(&conn->lock);
	if (conn->active && !conn->mst_owned) {
		drm_hdcp1_hotplug(conn->engine, false);
		if (connected)
			drm_hdcp1_hotplug(conn->engine, true);
	}
	spin_unlock(&conn->lock);
}

/**
 * intel_hdcp1_engine_cp_irq - a DisplayPort sink raised CP_IRQ
 * @connector: the port's SST connector, also for a DP MST branch device
 *
 * Never sleeps.
 */
void intel_hdcp1_engine_cp_irq(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn || conn->port)
		return;
	spin_lock(&conn->lock);
	if (conn->active || conn->mst_owned)
		drm_hdcp1_cp_irq(conn->engine);
	spin_unlock(&conn->lock);
}

#if IS_ENABLED(CONFIG_DRM_I915_HDCP1_KUNIT_TEST) && defined(I915)
#include "tests/intel_hdcp1_glue_test.c"
#endif
