/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The emulated HDCP 1.4 link behind the VKMS connector (CONFIG_DRM_VKMS_HDCP,
 * module parameter enable_hdcp): what the rest of VKMS calls. Without it
 * every call is a no-op and VKMS is as it always was.
 */

#ifndef _VKMS_HDCP_H_
#define _VKMS_HDCP_H_

#include <linux/kconfig.h>
#include <linux/types.h>

#include <drm/drm_connector.h>

struct drm_atomic_state;
struct seq_file;
struct vkms_device;

#if IS_ENABLED(CONFIG_DRM_VKMS_HDCP)
bool vkms_hdcp_requested(bool *dp, bool *hdcp2);
int vkms_hdcp_init(struct vkms_device *vkmsdev);
void vkms_hdcp_fini(struct vkms_device *vkmsdev);
const struct drm_connector_funcs *vkms_hdcp_connector_funcs(void);
int vkms_hdcp_connector_type(bool dp);
void vkms_hdcp_commit_disables(struct vkms_device *vkmsdev,
			       struct drm_atomic_state *state);
void vkms_hdcp_commit(struct vkms_device *vkmsdev, struct drm_atomic_state *state);
void vkms_hdcp_config_show(struct vkms_device *vkmsdev, struct seq_file *m);
#else
static inline bool vkms_hdcp_requested(bool *dp, bool *hdcp2)
{
	return false;
}

static inline int vkms_hdcp_init(struct vkms_device *vkmsdev)
{
	return 0;
}

static inline void vkms_hdcp_fini(struct vkms_device *vkmsdev)
{
}

static inline const struct drm_connector_funcs *vkms_hdcp_connector_funcs(void)
{
	return NULL;
}

static inline int vkms_hdcp_connector_type(bool dp)
{
	return DRM_MODE_CONNECTOR_VIRTUAL;
}

static inline void vkms_hdcp_commit_disables(struct vkms_device *vkmsdev,
					     struct drm_atomic_state *state)
{
}

static inline void vkms_hdcp_commit(struct vkms_device *vkmsdev,
				    struct drm_atomic_state *state)
{
}

static inline void vkms_hdcp_config_show(struct vkms_device *vkmsdev,
					 struct seq_file *m)
{
}
#endif

#endif /* _VKMS_HDCP_H_ */
