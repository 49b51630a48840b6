/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 2.2 messages as the two transports carry them, for the engine
 * and the emulated sink of the display helpers.
 */

#ifndef __DRM_HDCP2_MSG_H__
#define __DRM_HDCP2_MSG_H__

#include <linux/types.h>

/**
 * struct drm_hdcp2_msg - one message of the protocol
 * @id: its msg_id
 * @from_rx: sent by the receiver
 * @len: its length with the msg_id byte; the longest one for the Receiver
 *	ID list and RepeaterAuth_Stream_Manage, whose length varies
 * @dp_offset: where it starts in the DPCD; DisplayPort leaves out the
 *	msg_id byte
 * @name: for logs
 */
struct drm_hdcp2_msg {
	u8 id;
	bool from_rx;
	u16 len;
	u32 dp_offset;
	const char *name;
};

const struct drm_hdcp2_msg *drm_hdcp2_msg_find(u8 id);

/* Lengths of the messages whose length varies, msg_id included. */
static inline size_t drm_hdcp2_receiver_id_list_len(unsigned int devices)
{
	return 1 + 2 + 3 + 16 + 5 * devices;
}

static inline size_t drm_hdcp2_stream_manage_len(unsigned int k)
{
	return 1 + 3 + 2 + 2 * k;
}

#endif /* __DRM_HDCP2_MSG_H__ */
