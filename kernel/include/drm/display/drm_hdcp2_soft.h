/* SPDX-License-Identifier: MIT */
/*
 * An HDCP 2.2 backend in software, for emulated links and tests only: it
 * trusts nothing but the specification's test root, so it never
 * authenticates a real sink, and no real transmitter accepts the test
 * receivers it talks to.
 */

#ifndef __DRM_DISPLAY_HDCP2_SOFT_H__
#define __DRM_DISPLAY_HDCP2_SOFT_H__

struct drm_hdcp2_backend;

struct drm_hdcp2_backend *drm_hdcp2_soft_create(void);
void drm_hdcp2_soft_destroy(struct drm_hdcp2_backend *be);

#endif /* __DRM_DISPLAY_HDCP2_SOFT_H__ */
