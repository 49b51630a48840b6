/* SPDX-License-Identifier: MIT */
/*
 * SRM parser entry points shared by drm_hdcp_helper.c and its KUnit tests.
 * Not for drivers: they call drm_hdcp_check_ksvs_revoked().
 */

#ifndef __DRM_HDCP_HELPER_INTERNAL_H__
#define __DRM_HDCP_HELPER_INTERNAL_H__

#include <linux/kconfig.h>
#include <linux/types.h>

/**
 * struct drm_hdcp_srm_info - what a well-formed SRM declares
 * @protocol: 1 for an HDCP 1.x SRM, 2 for an HDCP 2.x SRM
 * @srm_version: the SRM's version number (it only ever grows)
 * @generations: how many generations the SRM carries (HDCP 1.x: all parsed;
 *	HDCP 2.x: only the first is parsed)
 * @ksv_count: number of revoked KSVs (HDCP 2.x: receiver IDs) found
 */
struct drm_hdcp_srm_info {
	u8 protocol;
	u16 srm_version;
	u8 generations;
	u32 ksv_count;
};

struct drm_device;
struct firmware;

#if IS_ENABLED(CONFIG_KUNIT)
int drm_hdcp_load_srm(struct drm_device *drm_dev, const struct firmware **fw);
int drm_hdcp_srm_parse(const u8 *blob, size_t len,
		       struct drm_hdcp_srm_info *info, const char **why);
int drm_hdcp_srm_count_revoked(const u8 *blob, size_t len,
			       const u8 *ksvs, u32 ksv_count, const char **why);
#endif

#endif /* __DRM_HDCP_HELPER_INTERNAL_H__ */
