/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 2.2 engine's private state, shared by drm_hdcp2.c and its KUnit
 * tests only. Drivers see struct drm_hdcp2 as an opaque type.
 */

#ifndef __DRM_HDCP2_INTERNAL_H__
#define __DRM_HDCP2_INTERNAL_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp2.h>

#include "drm_hdcp1_internal.h"
#include "drm_hdcp2_fsm.h"

/*
 * HDCP 2.2 on the port core. Its port is the one of the embedded HDCP 1.4
 * engine, which also reaches the receiver for it and, where the driver
 * gives an HDCP 1.4 transmitter, protects Type 0 content on sinks without
 * HDCP 2.2. The protocol state is the worker's, under
 * &drm_hdcp_port.proto_lock; the receiver, the transmitter and the
 * backend are reached under &drm_hdcp_port.hw_lock.
 */
struct drm_hdcp2 {
	struct drm_hdcp1 v1;
	struct drm_hdcp2_backend *be;
	const struct drm_hdcp2_tx_ops *tx;
	bool has_v1;			/* an HDCP 1.4 transmitter was given */
	bool v1_active;			/* under hw_lock: HDCP 1.4 has the link */

	struct drm_hdcp2_fsm fsm;
	struct drm_hdcp_port_input levels; /* of the last run, without its edges */
	u8 msg[sizeof(struct hdcp2_ake_send_cert)];	/* the receiver's last message */
	struct hdcp2_rep_stream_manage manage;	/* the last one sent */
	u32 seq_num_m;			/* for the next RepeaterAuth_Stream_Manage */
	u32 seq_num_v;			/* of the last Receiver ID list taken */
	bool seq_num_v_valid;

	/* The locality check's round trip, under hw_lock. */
	u64 lc_start_ns;
	u64 lc_rtt_ns;			/* LC_Init to a matching L', last check */
};

#endif /* __DRM_HDCP2_INTERNAL_H__ */
