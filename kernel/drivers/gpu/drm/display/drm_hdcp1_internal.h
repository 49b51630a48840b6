/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 1.4 engine's private state, shared by drm_hdcp1.c and its KUnit
 * tests only. Drivers see struct drm_hdcp1 as an opaque type.
 */

#ifndef __DRM_HDCP1_INTERNAL_H__
#define __DRM_HDCP1_INTERNAL_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp1.h>

#include "drm_hdcp1_fsm.h"
#include "drm_hdcp_port.h"

/*
 * HDCP 1.4 on the port core: the port's locks (&drm_hdcp_port) cover what
 * is here. The protocol's state is the worker's, under
 * &drm_hdcp_port.proto_lock; the receiver is reached under
 * &drm_hdcp_port.hw_lock.
 */
struct drm_hdcp1 {
	struct drm_hdcp_port port;
	enum drm_hdcp1_transport transport;
	const struct drm_hdcp1_tx_ops *tx;
	const struct drm_hdcp1_link_ops *link;
	struct i2c_adapter *ddc;
	struct drm_dp_aux *aux;

	struct drm_hdcp1_fsm fsm;
	u8 bksv[DRM_HDCP_KSV_LEN];
	u8 *ksv_list;			/* up to 127 KSVs, read once per attempt */
	unsigned int ksv_count;
	u16 bstatus;
};

/* For the HDCP 2.2 engine, which runs HDCP 1.4 on its port as a fallback. */
extern const struct drm_hdcp_protocol drm_hdcp1_protocol;
int drm_hdcp1_setup(struct drm_hdcp1 *hdcp, struct drm_connector *connector,
		    const struct drm_hdcp1_desc *desc);
void drm_hdcp1_feed(struct drm_hdcp1 *hdcp, enum drm_hdcp1_event ev, u64 at);
int drm_hdcp1_link_read(struct drm_hdcp1 *hdcp, u32 offset, void *buf, size_t len);
int drm_hdcp1_link_write(struct drm_hdcp1 *hdcp, u32 offset, const void *buf,
			 size_t len);
bool drm_hdcp1_revoked(struct drm_hdcp1 *hdcp, u8 *ksvs, unsigned int count);

#endif /* __DRM_HDCP1_INTERNAL_H__ */
