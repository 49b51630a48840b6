/* SPDX-License-Identifier: MIT */
/*
 * Content protection helpers: the "Content Protection" and "HDCP Content
 * Type" connector properties, and revocation checks against the HDCP System
 * Renewability Message.
 */

#ifndef __DRM_DISPLAY_HDCP_HELPER_H__
#define __DRM_DISPLAY_HDCP_HELPER_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp.h>

struct drm_connector;
struct drm_device;

/* Connector properties, see "Content Protection" in the KMS documentation. */
int drm_connector_attach_content_protection_property(struct drm_connector *connector,
						     bool hdcp_content_type);
void drm_hdcp_update_content_protection(struct drm_connector *connector, u64 val);

/* Revocation, from the SRM that userspace installs as firmware. */
int drm_hdcp_check_ksvs_revoked(struct drm_device *drm_dev, u8 *ksvs, u32 ksv_count);

#endif /* __DRM_DISPLAY_HDCP_HELPER_H__ */
