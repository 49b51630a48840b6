/* SPDX-License-Identifier: MIT */
/*
 * HDCP 1.4 of HDMI, DisplayPort SST and DP MST connectors on the DRM HDCP
 * 1.4 engine, i915's only HDCP 1.4. intel_hdcp.c decides when HDCP 1.4 is
 * wanted (HDCP 2.2 first); these functions hand it to the engine and tell
 * the engine what happens.
 */

#ifndef __INTEL_HDCP1_H__
#define __INTEL_HDCP1_H__

#include <linux/types.h>

struct intel_atomic_state;
struct intel_connector;
struct intel_crtc_state;
struct intel_digital_port;
struct intel_hdcp_shim;

int intel_hdcp1_engine_init(struct intel_connector *connector,
			    struct intel_digital_port *dig_port,
			    const struct intel_hdcp_shim *shim);
void intel_hdcp1_engine_unregister(struct intel_connector *connector);
void intel_hdcp1_engine_cleanup(struct intel_connector *connector);

bool intel_hdcp1_engine_active(struct intel_connector *connector);
int intel_hdcp1_engine_start(struct intel_atomic_state *state,
			     struct intel_connector *connector,
			     const struct intel_crtc_state *crtc_state);
void intel_hdcp1_engine_release(struct intel_connector *connector,
				bool to_hdcp2);
void intel_hdcp1_engine_commit(struct intel_atomic_state *state,
			       struct intel_connector *connector);
void intel_hdcp1_engine_commit_mst(struct intel_atomic_state *state);
void intel_hdcp1_engine_stop(struct intel_connector *connector);
void intel_hdcp1_engine_hotplug(struct intel_connector *connector,
				bool connected);
void intel_hdcp1_engine_cp_irq(struct intel_connector *connector);

#endif /* __INTEL_HDCP1_H__ */
