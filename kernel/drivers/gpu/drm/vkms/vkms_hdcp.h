/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * Emulated HDCP 1.4 link for VKMS: a software transmitter and a software
 * receiver or repeater behind each connector, driven by the DRM HDCP 1.4
 * engine.
 */

#ifndef _VKMS_HDCP_H_
#define _VKMS_HDCP_H_

#include <linux/kconfig.h>
#include <linux/types.h>

struct dentry;
struct drm_atomic_state;
struct drm_connector;
struct vkms_device;
struct vkms_hdcp;

int vkms_hdcp_init(struct vkms_device *vkmsdev);
void vkms_hdcp_fini(struct vkms_hdcp *hdcp);
void vkms_hdcp_commit_disables(struct vkms_device *vkmsdev, struct drm_atomic_state *state);
void vkms_hdcp_commit(struct vkms_device *vkmsdev, struct drm_atomic_state *state);
bool vkms_hdcp_sink_connected(struct vkms_hdcp *hdcp);
void vkms_hdcp_debugfs_init(struct vkms_hdcp *hdcp, struct dentry *root);

/* The debugfs knobs. */
enum vkms_hdcp_knob {
	VKMS_HDCP_SINK_CAPABILITY,	/* r: "HDCP1.4" or "None" */
	VKMS_HDCP_CAPABLE,		/* rw: 0 or 1 */
	VKMS_HDCP_CONNECTED,		/* rw: 0 unplugs, 1 replugs */
	VKMS_HDCP_BREAK_LINK,		/* rw: 1 makes Ri' diverge */
	VKMS_HDCP_CORRUPT_R0,		/* rw: 1 makes R0' wrong */
	VKMS_HDCP_R0_DELAY_MS,		/* rw: 0..10000 */
	VKMS_HDCP_TOPOLOGY,		/* rw: "receiver" or "repeater <devices> <depth>" */
	VKMS_HDCP_MAX_DEVS_EXCEEDED,	/* rw: 0 or 1 */
	VKMS_HDCP_MAX_CASCADE_EXCEEDED,	/* rw: 0 or 1 */
	VKMS_HDCP_READY_NEVER,		/* rw: 1: a repeater never sets READY */
	VKMS_HDCP_NUM_KNOBS
};

#if IS_ENABLED(CONFIG_KUNIT)
/* What the debugfs files do, reachable from KUnit without user copies. */
struct drm_hdcp1;
ssize_t vkms_hdcp_knob_show(struct vkms_hdcp *hdcp, enum vkms_hdcp_knob knob,
			    char *buf, size_t size);
int vkms_hdcp_knob_store(struct vkms_hdcp *hdcp, enum vkms_hdcp_knob knob,
			 const char *buf, size_t len);
const char *vkms_hdcp_knob_name(enum vkms_hdcp_knob knob);
struct drm_hdcp1 *vkms_hdcp_engine(struct vkms_hdcp *hdcp);
int vkms_hdcp_sink_read(struct vkms_hdcp *hdcp, unsigned int offset, void *buf,
			size_t len);
#endif

#endif /* _VKMS_HDCP_H_ */
