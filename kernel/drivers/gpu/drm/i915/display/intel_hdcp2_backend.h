/* SPDX-License-Identifier: MIT */
/*
 * i915's HDCP 2.2 firmware (MEI or GSC, behind &struct i915_hdcp_ops) as a
 * backend of the DRM HDCP 2.2 engine.
 */

#ifndef __INTEL_HDCP2_BACKEND_H__
#define __INTEL_HDCP2_BACKEND_H__

#include <drm/display/drm_hdcp2.h>

struct hdcp_port_data;
struct intel_display;

/**
 * struct intel_hdcp2_backend - the firmware's HDCP 2.2 for one port
 * @base: the backend the DRM HDCP 2.2 engine calls
 * @display: the display, whose &intel_display.hdcp holds the arbiter
 * @data: the port's data for the firmware (the digital port's
 *	&intel_digital_port.hdcp_port_data), with room for its streams
 */
struct intel_hdcp2_backend {
	struct drm_hdcp2_backend base;
	struct intel_display *display;
	struct hdcp_port_data *data;
};

void intel_hdcp2_backend_init(struct intel_hdcp2_backend *be, struct intel_display *display,
			      struct hdcp_port_data *data);

#endif /* __INTEL_HDCP2_BACKEND_H__ */
