/* SPDX-License-Identifier: MIT */
/*
 * HDCP 1.4 of HDMI and DisplayPort SST connectors on the DRM HDCP 1.4
 * engine. intel_hdcp.c decides when HDCP 1.4 is wanted (HDCP 2.2 first);
 * these functions hand it to the engine and tell the engine what happens.
 * Its own HDCP 1.4, which DP MST keeps, locks the hardware the engine's
 * connectors share with intel_hdcp1_shared_hw_lock().
 */

#ifndef __INTEL_HDCP1_H__
#define __INTEL_HDCP1_H__

#include <linux/types.h>

struct intel_atomic_state;
struct intel_connector;
struct intel_crtc_state;
struct intel_digital_port;
struct intel_display;
struct intel_hdcp1_hw_shared;
struct intel_hdcp_shim;

int intel_hdcp1_engine_init(struct intel_connector *connector,
			    struct intel_digital_port *dig_port,
			    const struct intel_hdcp_shim *shim);
void intel_hdcp1_engine_cleanup(struct intel_connector *connector);

bool intel_hdcp1_engine_active(struct intel_connector *connector);
int intel_hdcp1_engine_start(struct intel_atomic_state *state,
			     struct intel_connector *connector,
			     const struct intel_crtc_state *crtc_state);
void intel_hdcp1_engine_release(struct intel_connector *connector,
				bool to_hdcp2);
void intel_hdcp1_engine_commit(struct intel_atomic_state *state,
			       struct intel_connector *connector);
void intel_hdcp1_engine_stop(struct intel_connector *connector);
void intel_hdcp1_engine_hotplug(struct intel_connector *connector,
				bool connected);
void intel_hdcp1_engine_cp_irq(struct intel_connector *connector);

struct intel_hdcp1_hw_shared *
intel_hdcp1_shared_hw_lock(struct intel_display *display);
void intel_hdcp1_shared_hw_unlock(struct intel_hdcp1_hw_shared *shared);

#endif /* __INTEL_HDCP1_H__ */
