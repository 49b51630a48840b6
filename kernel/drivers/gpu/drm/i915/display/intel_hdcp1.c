// SPDX-License-Identifier: MIT
/*
 * HDCP 1.4 of HDMI and DisplayPort SST connectors, on the DRM HDCP 1.4
 * engine.
 *
 * The engine runs the protocol on its own worker: the commit that asks for
 * content protection returns at once, and "Content Protection" turns
 * Enabled when the link is encrypted, without upstream's 300 ms wait in
 * the commit tail. The Intel transmitter is the hardware sequence of
 * intel_hdcp1_hw.c, through &intel_hdcp1_tx_ops; this file fills its
 * register seam with i915 (and xe) functions and keeps, per connector (in
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
 * DP MST stays on intel_hdcp.c: its connectors come and go at run time and
 * share one port authentication, which the engine, one per static
 * connector, does not model. That code drives the key store, HDCP_REP_CTL
 * and the SHA-1 engine too, which the engine's connectors share with it: it
 * takes the lock of the hardware sequence around them
 * (intel_hdcp1_shared_hw_lock()).
 */

#include <linux/math.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include <drm/display/drm_hdcp1.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/intel/i915_hdcp_interface.h>

#include "i915_drv.h"
#include "i915_reg.h"
#include "intel_de.h"
#include "intel_display_power.h"
#include "intel_display_power_well.h"
#include "intel_display_types.h"
#include "intel_hdcp1.h"
#include "intel_hdcp1_hw.h"
#include "intel_hdmi.h"
#include "intel_pcode.h"

/* One SST connector with HDCP. */
struct intel_hdcp1_conn {
	struct intel_hdcp1_hw hw;
	struct intel_connector *connector;
	struct intel_digital_port *dig_port;
	const struct intel_hdcp_shim *shim;
	struct intel_hdcp1_hw_shared *shared;
	bool per_transcoder;

	/* Set by the transmitter's power_get, read by its power_put. */
	intel_wakeref_t port_wakeref;
	intel_wakeref_t transcoder_wakeref;
	enum intel_display_power_domain transcoder_domain;
	/* Of the commit that bound the unit the engine drives. */
	enum transcoder cpu_transcoder;
	enum pipe pipe;

	spinlock_t lock;		/* the fields below */
	struct drm_hdcp1 *engine;
	bool active;			/* the engine owns HDCP of the connector */
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
	/* Read without hdcp_mutex by intel_hdcp1_shared_hw_lock(). */
	WRITE_ONCE(display->hdcp.hdcp1, shared);
out:
	mutex_unlock(&display->hdcp.hdcp_mutex);
	return shared;
}

/**
 * intel_hdcp1_shared_hw_lock - take the HDCP 1.4 hardware all ports share
 * @display: the display device
 *
 * For intel_hdcp.c's own HDCP 1.4 (DP MST), around its accesses to the key
 * store, HDCP_REP_CTL and the SHA-1 engine, which the engine's connectors
 * use from their workers at the same time. Hold it only for those register
 * accesses, never across a wait for the receiver, and call nothing that
 * leads into the engine or its transmitter meanwhile: their operations take
 * it themselves.
 *
 * Returns:
 * What to give intel_hdcp1_shared_hw_unlock(); NULL, and nothing taken, on
 * a device where no connector has an engine, as nothing else then uses that
 * hardware.
 */
struct intel_hdcp1_hw_shared *
intel_hdcp1_shared_hw_lock(struct intel_display *display)
{
	struct intel_hdcp1_hw_shared *shared = READ_ONCE(display->hdcp.hdcp1);

	if (shared)
		intel_hdcp1_hw_shared_lock(shared);
	return shared;
}

/**
 * intel_hdcp1_shared_hw_unlock - let the engine's connectors at it again
 * @shared: what intel_hdcp1_shared_hw_lock() returned
 */
void intel_hdcp1_shared_hw_unlock(struct intel_hdcp1_hw_shared *shared)
{
	if (shared)
		intel_hdcp1_hw_shared_unlock(shared);
}

static struct intel_hdcp1_conn *to_conn(void *ctx)
{
	return ctx;
}

static struct intel_display *conn_display(struct intel_hdcp1_conn *conn)
{
	return to_intel_display(conn->connector);
}

static u32 intel_hdcp1_read(void *ctx, i915_reg_t reg)
{
	return intel_de_read(conn_display(to_conn(ctx)), reg);
}

static void intel_hdcp1_write(void *ctx, i915_reg_t reg, u32 val)
{
	intel_de_write(conn_display(to_conn(ctx)), reg, val);
}

static int intel_hdcp1_wait(void *ctx, i915_reg_t reg, u32 mask, u32 value,
			    unsigned int timeout_us)
{
	return intel_de_wait(conn_display(to_conn(ctx)), reg, mask, value,
			     DIV_ROUND_UP(timeout_us, 1000));
}

static int intel_hdcp1_load_keys_pcode(void *ctx)
{
	struct drm_i915_private *i915 = to_i915(conn_display(to_conn(ctx))->drm);

	return snb_pcode_write(&i915->uncore, SKL_PCODE_LOAD_HDCP_KEYS, 1);
}

/*
 * Software loads the keys only while power well 1 is up (on Haswell and
 * Broadwell the global well, where the hardware loads them itself). Asked
 * from within power_get's references, so the device is awake.
 */
static bool intel_hdcp1_keys_loadable(void *ctx)
{
	struct drm_i915_private *i915 = to_i915(conn_display(to_conn(ctx))->drm);
	enum i915_power_well_id well = SKL_DISP_PW_1;

	if (IS_HASWELL(i915) || IS_BROADWELL(i915))
		well = HSW_DISP_PW_GLOBAL;
	return intel_display_power_well_is_enabled(i915, well);
}

static int intel_hdcp1_send_an_aksv(void *ctx, const u8 an[DRM_HDCP_AN_LEN])
{
	struct intel_hdcp1_conn *conn = to_conn(ctx);
	u8 buf[DRM_HDCP_AN_LEN];

	/* The shim's GMBUS or AUX write makes the hardware append Aksv. */
	memcpy(buf, an, sizeof(buf));
	return conn->shim->write_an_aksv(conn->dig_port, buf);
}

/* HDMI only: the sequence never asks a DisplayPort unit for signalling. */
static int intel_hdcp1_toggle_signalling(void *ctx, bool enable)
{
	struct intel_hdcp1_conn *conn = to_conn(ctx);

	/* Waits before switching off, and keeps the KBL fix on our pipe. */
	return intel_hdmi_hdcp_signalling(conn->dig_port, conn->cpu_transcoder,
					  conn->pipe, enable);
}

static int intel_hdcp1_power_get(void *ctx)
{
	struct intel_hdcp1_conn *conn = to_conn(ctx);
	struct drm_i915_private *i915 = to_i915(conn_display(conn)->drm);
	enum intel_display_power_domain domain = conn->dig_port->base.power_domain;

	conn->port_wakeref = intel_display_power_get_if_enabled(i915, domain);
	if (!conn->port_wakeref)
		return -ENODEV;
	if (!conn->per_transcoder)
		return 0;

	/* Put back what was taken, even if a bind changes the unit meanwhile. */
	conn->transcoder_domain = POWER_DOMAIN_TRANSCODER(conn->cpu_transcoder);
	conn->transcoder_wakeref =
		intel_display_power_get_if_enabled(i915, conn->transcoder_domain);
	if (conn->transcoder_wakeref)
		return 0;
	intel_display_power_put(i915, domain, conn->port_wakeref);
	return -ENODEV;
}

static void intel_hdcp1_power_put(void *ctx)
{
	struct intel_hdcp1_conn *conn = to_conn(ctx);
	struct drm_i915_private *i915 = to_i915(conn_display(conn)->drm);

	if (conn->per_transcoder)
		intel_display_power_put(i915, conn->transcoder_domain,
					conn->transcoder_wakeref);
	intel_display_power_put(i915, conn->dig_port->base.power_domain,
				conn->port_wakeref);
}

static const struct intel_hdcp1_hw_ops intel_hdcp1_i915_ops = {
	.read = intel_hdcp1_read,
	.write = intel_hdcp1_write,
	.wait = intel_hdcp1_wait,
	.load_keys_pcode = intel_hdcp1_load_keys_pcode,
	.keys_loadable = intel_hdcp1_keys_loadable,
	.send_an_aksv = intel_hdcp1_send_an_aksv,
	.toggle_signalling = intel_hdcp1_toggle_signalling,
	.power_get = intel_hdcp1_power_get,
	.power_put = intel_hdcp1_power_put,
};

/* NULL for a connector without an engine (DP MST, or init failed). */
static struct intel_hdcp1_conn *intel_hdcp1_conn_of(struct intel_connector *connector)
{
	return connector->hdcp.hdcp1;
}

/* The lookup of intel_hdcp1_tx_ops (see intel_hdcp1_hw.h). */
struct intel_hdcp1_hw *intel_hdcp1_hw_of(struct drm_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(to_intel_connector(connector));

	return conn ? &conn->hw : NULL;
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
	const struct intel_hdcp1_hw_desc desc = {
		.layout = conn->per_transcoder ? INTEL_HDCP1_HW_PER_TRANSCODER :
						 INTEL_HDCP1_HW_PER_PORT,
		.transcoder = cpu_transcoder,
		.port = conn->dig_port->base.port,
		.hdmi = intel_hdcp1_is_hdmi(conn),
		.drm = conn_display(conn)->drm,
	};
	int ret;

	ret = intel_hdcp1_hw_init(&conn->hw, conn->shared, &desc,
				  &intel_hdcp1_i915_ops, conn);
	if (ret)
		return ret;
	conn->cpu_transcoder = cpu_transcoder;
	conn->pipe = pipe;
	return 0;
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
		desc.aux = &conn->dig_port->dp.aux;
	}
	return drm_hdcp1_init(&conn->connector->base, &desc);
}

/**
 * intel_hdcp1_engine_init - give an SST connector an HDCP 1.4 engine
 * @connector: the connector, with "Content Protection" attached
 * @dig_port: its port
 * @shim: its HDCP shim (HDMI or DisplayPort SST)
 *
 * Does nothing for DP MST connectors, whose HDCP 1.4 stays in intel_hdcp.c.
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
		return 0;

	conn = kzalloc(sizeof(*conn), GFP_KERNEL);
	if (!conn)
		return -ENOMEM;
	conn->connector = connector;
	conn->dig_port = dig_port;
	conn->shim = shim;
	conn->per_transcoder = DISPLAY_VER(display) >= 12;
	spin_lock_init(&conn->lock);

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
	kfree(conn);
	return ret;
}

/**
 * intel_hdcp1_engine_cleanup - stop and forget the connector's engine
 * @connector: the connector being destroyed
 *
 * Waits for the engine's worker, so it must not be called with modeset
 * locks held. Only SST connectors have an engine, and they are destroyed
 * by drm_mode_config_cleanup(), which holds none; an MST connector, whose
 * last reference may go in a commit that holds them, has no engine.
 */
void intel_hdcp1_engine_cleanup(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
	/* Returns with the worker done and no transmitter call to come. */
	drm_hdcp1_fini(conn->engine);
	connector->hdcp.hdcp1 = NULL;
	kfree(conn);
}

/* The engine, if it owns the connector's HDCP. */
static struct drm_hdcp1 *intel_hdcp1_owner(struct intel_hdcp1_conn *conn)
{
	struct drm_hdcp1 *engine;

	spin_lock(&conn->lock);
	engine = conn->active ? conn->engine : NULL;
	spin_unlock(&conn->lock);
	return engine;
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
 * which authenticates from its worker. Never waits for the sink.
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
 * the connector back to the same engine. May sleep.
 */
void intel_hdcp1_engine_release(struct intel_connector *connector, bool to_hdcp2)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
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
 * protects the link: fastsets, Undesired. Never sleeps.
 */
void intel_hdcp1_engine_commit(struct intel_atomic_state *state,
			       struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
	spin_lock(&conn->lock);
	if (conn->active)
		drm_hdcp1_atomic_commit(conn->engine, &state->base);
	spin_unlock(&conn->lock);
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
 * held.
 */
void intel_hdcp1_engine_stop(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (conn)
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
 * the sink as present. Never sleeps.
 */
void intel_hdcp1_engine_hotplug(struct intel_connector *connector, bool connected)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
	spin_lock(&conn->lock);
	if (conn->active) {
		drm_hdcp1_hotplug(conn->engine, false);
		if (connected)
			drm_hdcp1_hotplug(conn->engine, true);
	}
	spin_unlock(&conn->lock);
}

/**
 * intel_hdcp1_engine_cp_irq - a DisplayPort SST sink raised CP_IRQ
 * @connector: the connector
 *
 * Never sleeps.
 */
void intel_hdcp1_engine_cp_irq(struct intel_connector *connector)
{
	struct intel_hdcp1_conn *conn = intel_hdcp1_conn_of(connector);

	if (!conn)
		return;
	spin_lock(&conn->lock);
	if (conn->active)
		drm_hdcp1_cp_irq(conn->engine);
	spin_unlock(&conn->lock);
}
