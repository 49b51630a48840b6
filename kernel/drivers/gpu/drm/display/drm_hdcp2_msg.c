// SPDX-License-Identifier: MIT
/*
 * The HDCP 2.2 messages: their lengths (HDMI 2.2 4.2, Table 4.1) and where
 * DisplayPort puts them in the DPCD (HDCP on DisplayPort 2.2, Table 3.3).
 */

#include <linux/build_bug.h>
#include <linux/export.h>
#include <linux/kernel.h>

#include <kunit/visibility.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_hdcp.h>

#include "drm_hdcp2_msg.h"

#define MSG(_id, _rx, _type, _off, _name) { \
	.id = _id, .from_rx = _rx, .len = sizeof(struct _type), \
	.dp_offset = _off, .name = _name }

static const struct drm_hdcp2_msg drm_hdcp2_msgs[] = {
	MSG(HDCP_2_2_AKE_INIT, false, hdcp2_ake_init,
	    DP_HDCP_2_2_AKE_INIT_OFFSET, "AKE_Init"),
	MSG(HDCP_2_2_AKE_SEND_CERT, true, hdcp2_ake_send_cert,
	    DP_HDCP_2_2_AKE_SEND_CERT_OFFSET, "AKE_Send_Cert"),
	MSG(HDCP_2_2_AKE_NO_STORED_KM, false, hdcp2_ake_no_stored_km,
	    DP_HDCP_2_2_AKE_NO_STORED_KM_OFFSET, "AKE_No_Stored_km"),
	MSG(HDCP_2_2_AKE_STORED_KM, false, hdcp2_ake_stored_km,
	    DP_HDCP_2_2_AKE_STORED_KM_OFFSET, "AKE_Stored_km"),
	MSG(HDCP_2_2_AKE_SEND_HPRIME, true, hdcp2_ake_send_hprime,
	    DP_HDCP_2_2_AKE_SEND_HPRIME_OFFSET, "AKE_Send_H_prime"),
	MSG(HDCP_2_2_AKE_SEND_PAIRING_INFO, true, hdcp2_ake_send_pairing_info,
	    DP_HDCP_2_2_AKE_SEND_PAIRING_INFO_OFFSET, "AKE_Send_Pairing_Info"),
	MSG(HDCP_2_2_LC_INIT, false, hdcp2_lc_init,
	    DP_HDCP_2_2_LC_INIT_OFFSET, "LC_Init"),
	MSG(HDCP_2_2_LC_SEND_LPRIME, true, hdcp2_lc_send_lprime,
	    DP_HDCP_2_2_LC_SEND_LPRIME_OFFSET, "LC_Send_L_prime"),
	MSG(HDCP_2_2_SKE_SEND_EKS, false, hdcp2_ske_send_eks,
	    DP_HDCP_2_2_SKE_SEND_EKS_OFFSET, "SKE_Send_Eks"),
	MSG(HDCP_2_2_REP_SEND_RECVID_LIST, true, hdcp2_rep_send_receiverid_list,
	    DP_HDCP_2_2_REP_SEND_RECVID_LIST_OFFSET, "RepeaterAuth_Send_ReceiverID_List"),
	MSG(HDCP_2_2_REP_SEND_ACK, false, hdcp2_rep_send_ack,
	    DP_HDCP_2_2_REP_SEND_ACK_OFFSET, "RepeaterAuth_Send_Ack"),
	MSG(HDCP_2_2_REP_STREAM_MANAGE, false, hdcp2_rep_stream_manage,
	    DP_HDCP_2_2_REP_STREAM_MANAGE_OFFSET, "RepeaterAuth_Stream_Manage"),
	MSG(HDCP_2_2_REP_STREAM_READY, true, hdcp2_rep_stream_ready,
	    DP_HDCP_2_2_REP_STREAM_READY_OFFSET, "RepeaterAuth_Stream_Ready"),
};

static_assert(sizeof(struct hdcp2_rep_send_receiverid_list) ==
	      1 + 2 + 3 + 16 + 5 * HDCP_2_2_MAX_DEVICE_COUNT);
static_assert(sizeof(struct hdcp2_rep_stream_manage) ==
	      1 + 3 + 2 + 2 * HDCP_2_2_MAX_CONTENT_STREAMS_CNT);

/**
 * drm_hdcp2_msg_find - the description of a message
 * @id: its msg_id
 *
 * Returns:
 * The message's description, or NULL for an unknown @id.
 */
const struct drm_hdcp2_msg *drm_hdcp2_msg_find(u8 id)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(drm_hdcp2_msgs); i++)
		if (drm_hdcp2_msgs[i].id == id)
			return &drm_hdcp2_msgs[i];
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_msg_find);
