// SPDX-License-Identifier: MIT
/*
 * HDCP 2.2 transmitter engine: runs the transition function of
 * drm_hdcp2_fsm.c on the port core's worker, carries the protocol's
 * messages over HDMI DDC or the DisplayPort DPCD, asks the driver's
 * backend for their cryptography, and falls back to the HDCP 1.4 engine
 * for Type 0 content where HDCP 2.2 is missing.
 */

#include <linux/err.h>
#include <linux/export.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp2.h>
#include <drm/drm_connector.h>
#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "drm_hdcp2_internal.h"
#include "drm_hdcp2_msg.h"

/**
 * DOC: hdcp 2.2 engine
 *
 * The HDCP 2.2 engine protects a port as the HDCP 1.4 engine does, with
 * the same calls and the same promises to userspace (see "hdcp 1.4
 * engine"): a driver creates it with drm_hdcp2_init() and reports commits,
 * link stops, hotplug and CP_IRQ with drm_hdcp2_atomic_commit(),
 * drm_hdcp2_link_stop(), drm_hdcp2_hotplug() and drm_hdcp2_cp_irq(). It
 * provides:
 *
 * - a &struct drm_hdcp2_backend: the cryptography, one operation per
 *   protocol message, so that firmware which keeps km, kd and ks to itself
 *   (Intel's MEI/GSC, AMD's PSP) fits as well as software;
 * - &drm_hdcp2_tx_ops: its transmitter's encryption;
 * - optionally &drm_hdcp1_tx_ops of the same transmitter: Type 0 content
 *   then falls back to HDCP 1.4 on sinks without HDCP 2.2.
 *
 * The engine carries the messages itself: on HDMI through the HDCP port's
 * Write_Message, RxStatus and Read_Message registers, on DisplayPort in the
 * DPCD, at most 16 bytes per AUX transaction. It does what is not secret:
 * the receiver's version, revocation of the receiver and of every device
 * behind a repeater against the SRM, MAX_DEVS_EXCEEDED and
 * MAX_CASCADE_EXCEEDED, the rules of seq_num_V (0 first, then only up; a
 * repeat or a roll-over fails) and of seq_num_M, and the refusal of Type 1
 * content where an HDCP 1.x device or an HDCP 2.0 repeater is downstream.
 *
 * "Content Protection" becomes Enabled once the link is encrypted for the
 * content's type: Type 1 only on HDCP 2.2. A change of "HDCP Content Type"
 * on an authenticated link does not authenticate again: a repeater is told
 * the new type with RepeaterAuth_Stream_Manage, a DisplayPort receiver
 * through its stream type register, an HDMI receiver needs nothing.
 *
 * The protocol is one transition function, (state, event) to (state,
 * actions, timeout), that neither sleeps nor does I/O:
 *
 * .. code-block:: none
 *
 *     idle -- enable --> wait-link -- link-up --> A0 caps
 *                                     no HDCP 2.2 |     | HDCP 2.2
 *                     HDCP 1.4 (Type 0) <---------+     v
 *                     unsupported (Type 1)       A1 AKE_Init, cert, km,
 *                                                   H', pairing info
 *                                                      v
 *                                                A2 LC_Init, L' (20 ms)
 *                                                      v
 *                          repeater  +----------- A3 SKE_Send_Eks
 *                                    v                 | receiver
 *                          A6 Receiver ID list, ack    |
 *                          A9 Stream_Manage, M'        |
 *                                    +--> 200 ms after SKE: encrypt
 *                                                      v
 *                                    A5 authenticated: RxStatus every
 *                                    500 ms and on CP_IRQ; READY -> A6
 *
 * Any failure goes to a back-off and starts over; a link going down waits
 * for the next one. Locking is the port core's: see "hdcp 1.4 engine".
 */

#define hdcp2_dbg(h2, fmt, ...) drm_hdcp_port_dbg(&(h2)->v1.port, fmt, ##__VA_ARGS__)

/*
 * Waits this short are slept in the worker rather than left to the work
 * queue, whose delays round up to whole jiffies (10 ms at HZ=100): the
 * locality check's round trip has 20 ms, and a message polled every
 * 2 ms comes that much sooner. At most this much of each run goes that
 * way; longer waits go back to the work queue.
 */
#define DRM_HDCP2_SLEEP_MAX_MS		DRM_HDCP2_L_PRIME_MS
#define DRM_HDCP2_SLEEP_BUDGET_MS	50

/* DisplayPort messages whose arrival RxStatus announces. */
#define DRM_HDCP2_DP_RXSTATUS		DP_HDCP_2_2_REG_RXSTATUS_OFFSET
#define DRM_HDCP2_RX_READY		BIT(0)
#define DRM_HDCP2_RX_H_PRIME		BIT(1)
#define DRM_HDCP2_RX_PAIRING		BIT(2)
#define DRM_HDCP2_RX_REAUTH		BIT(3)
#define DRM_HDCP2_RX_LINK_FAILED	BIT(4)
/* HDMI RxStatus, as one little-endian 16-bit value. */
#define DRM_HDCP2_HDMI_MSG_SIZE		GENMASK(9, 0)
#define DRM_HDCP2_HDMI_READY		BIT(10)
#define DRM_HDCP2_HDMI_REAUTH		BIT(11)
/* RxInfo, second byte. */
#define DRM_HDCP2_RXINFO_LIMITS		(BIT(3) | BIT(2))
#define DRM_HDCP2_RXINFO_NO_TYPE1	(BIT(1) | BIT(0))

static struct drm_hdcp2 *to_hdcp2(struct drm_hdcp_port *port)
{
	return container_of(port, struct drm_hdcp2, v1.port);
}

static bool is_dp(const struct drm_hdcp2 *h2)
{
	return h2->v1.transport == DRM_HDCP1_DP;
}

static enum drm_hdcp2_event verdict(struct drm_hdcp2 *h2, const char *what, int ret)
{
	if (!ret)
		return DRM_HDCP2_EV_OK;
	hdcp2_dbg(h2, "%s: %s (%d)\n", what, ret == -EPERM ? "mismatch" : "error", ret);
	return ret == -EPERM ? DRM_HDCP2_EV_FAIL : DRM_HDCP2_EV_IO_ERROR;
}

/*
 * Write to the receiver, unless the link this run started on was stopped
 * or replaced meanwhile (DRM_HDCP2_NUM_EVENTS): what the backend computed
 * for the old sink, which takes a while, must not reach a new one.
 */
static enum drm_hdcp2_event drm_hdcp2_write(struct drm_hdcp2 *h2, u32 offset, const void *buf,
					    size_t len)
{
	if (!drm_hdcp_port_link_current(&h2->v1.port))
		return DRM_HDCP2_NUM_EVENTS;
	return drm_hdcp1_link_write(&h2->v1, offset, buf, len) ? DRM_HDCP2_EV_IO_ERROR :
								  DRM_HDCP2_EV_OK;
}

/* Send a message whose first byte is its msg_id, @len bytes in all. */
static enum drm_hdcp2_event drm_hdcp2_write_msg(struct drm_hdcp2 *h2, const void *msg,
						size_t len)
{
	const struct drm_hdcp2_msg *m = drm_hdcp2_msg_find(*(const u8 *)msg);

	if (!is_dp(h2))
		return drm_hdcp2_write(h2, HDCP_2_2_HDMI_REG_WR_MSG_OFFSET, msg, len);
	/* DisplayPort leaves the msg_id out: the address says it. */
	return drm_hdcp2_write(h2, m->dp_offset, (const u8 *)msg + 1, len - 1);
}

/* DisplayPort: whether RxStatus announces @bit; *@rx gets all of it. */
static enum drm_hdcp2_event dp_rxstatus(struct drm_hdcp2 *h2, u8 bit, u8 *rx)
{
	if (drm_hdcp1_link_read(&h2->v1, DRM_HDCP2_DP_RXSTATUS, rx, 1))
		return DRM_HDCP2_EV_IO_ERROR;
	return *rx & bit ? DRM_HDCP2_EV_OK : DRM_HDCP2_EV_NOT_YET;
}

static int hdmi_rxstatus(struct drm_hdcp2 *h2, u16 *val)
{
	u8 raw[HDCP_2_2_HDMI_RXSTATUS_LEN];
	int ret;

	ret = drm_hdcp1_link_read(&h2->v1, HDCP_2_2_HDMI_REG_RXSTATUS_OFFSET, raw, sizeof(raw));
	if (!ret)
		*val = get_unaligned_le16(raw);
	return ret;
}

/*
 * Read the receiver's message @id into h2->msg, msg_id first: on HDMI once
 * RxStatus gives its length (and READY for a Receiver ID list), on
 * DisplayPort once RxStatus announces it, or at once for the messages it
 * cannot announce. *@len gets its length.
 */
static enum drm_hdcp2_event drm_hdcp2_read_msg(struct drm_hdcp2 *h2, u8 id, size_t *len)
{
	const struct drm_hdcp2_msg *m = drm_hdcp2_msg_find(id);
	size_t min = m->len, size, devices;
	enum drm_hdcp2_event ev;
	u16 status;
	u8 rx;

	if (id == HDCP_2_2_REP_SEND_RECVID_LIST)
		min = drm_hdcp2_receiver_id_list_len(1);
	if (!is_dp(h2)) {
		if (hdmi_rxstatus(h2, &status))
			return DRM_HDCP2_EV_IO_ERROR;
		size = status & DRM_HDCP2_HDMI_MSG_SIZE;
		if (!size || (id == HDCP_2_2_REP_SEND_RECVID_LIST &&
			      !(status & DRM_HDCP2_HDMI_READY)))
			return DRM_HDCP2_EV_NOT_YET;
		if (size < min || size > m->len) {
			hdcp2_dbg(h2, "%s of %zu bytes\n", m->name, size);
			return DRM_HDCP2_EV_FAIL;
		}
		if (drm_hdcp1_link_read(&h2->v1, HDCP_2_2_HDMI_REG_RD_MSG_OFFSET, h2->msg, size))
			return DRM_HDCP2_EV_IO_ERROR;
		if (h2->msg[0] != id) {
			hdcp2_dbg(h2, "message %u instead of %s\n", h2->msg[0], m->name);
			return DRM_HDCP2_EV_FAIL;
		}
		*len = size;
		return DRM_HDCP2_EV_OK;
	}

	ev = DRM_HDCP2_EV_OK;
	if (id == HDCP_2_2_AKE_SEND_HPRIME)
		ev = dp_rxstatus(h2, DRM_HDCP2_RX_H_PRIME, &rx);
	else if (id == HDCP_2_2_AKE_SEND_PAIRING_INFO)
		ev = dp_rxstatus(h2, DRM_HDCP2_RX_PAIRING, &rx);
	else if (id == HDCP_2_2_REP_SEND_RECVID_LIST)
		ev = dp_rxstatus(h2, DRM_HDCP2_RX_READY, &rx);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	h2->msg[0] = id;
	size = m->len;
	if (id == HDCP_2_2_REP_SEND_RECVID_LIST) {
		/* RxInfo first: it tells how many receiver IDs follow. */
		if (drm_hdcp1_link_read(&h2->v1, m->dp_offset, h2->msg + 1, HDCP_2_2_RXINFO_LEN))
			return DRM_HDCP2_EV_IO_ERROR;
		devices = HDCP_2_2_DEV_COUNT_HI(h2->msg[1]) << 4 |
			  HDCP_2_2_DEV_COUNT_LO(h2->msg[2]);
		size = drm_hdcp2_receiver_id_list_len(min_t(size_t, devices,
							    HDCP_2_2_MAX_DEVICE_COUNT));
		if (drm_hdcp1_link_read(&h2->v1, m->dp_offset + HDCP_2_2_RXINFO_LEN,
					h2->msg + 1 + HDCP_2_2_RXINFO_LEN,
					size - 1 - HDCP_2_2_RXINFO_LEN))
			return DRM_HDCP2_EV_IO_ERROR;
	} else if (drm_hdcp1_link_read(&h2->v1, m->dp_offset, h2->msg + 1, size - 1)) {
		return DRM_HDCP2_EV_IO_ERROR;
	}
	*len = size;
	return DRM_HDCP2_EV_OK;
}

static enum drm_hdcp2_event drm_hdcp2_read_caps(struct drm_hdcp2 *h2)
{
	u8 caps[HDCP_2_2_RXCAPS_LEN];

	if (h2->be->ops->capable && !h2->be->ops->capable(h2->be)) {
		hdcp2_dbg(h2, "transmitter cannot run HDCP 2.2\n");
		return DRM_HDCP2_EV_NO_HDCP2;
	}
	if (!is_dp(h2)) {
		if (drm_hdcp1_link_read(&h2->v1, HDCP_2_2_HDMI_REG_VER_OFFSET, caps, 1))
			return DRM_HDCP2_EV_IO_ERROR;
		if (caps[0] & HDCP_2_2_HDMI_SUPPORT_MASK)
			return DRM_HDCP2_EV_OK;
	} else {
		if (drm_hdcp1_link_read(&h2->v1, DP_HDCP_2_2_REG_RX_CAPS_OFFSET, caps,
					sizeof(caps)))
			return DRM_HDCP2_EV_IO_ERROR;
		if (caps[0] == HDCP_2_2_RX_CAPS_VERSION_VAL && HDCP_2_2_DP_HDCP_CAPABLE(caps[2]))
			return DRM_HDCP2_EV_OK;
	}
	hdcp2_dbg(h2, "sink has no HDCP 2.2\n");
	return DRM_HDCP2_EV_NO_HDCP2;
}

static enum drm_hdcp2_event drm_hdcp2_send_ake_init(struct drm_hdcp2 *h2)
{
	struct hdcp2_ake_init init;
	int ret;

	h2->seq_num_m = 0;
	h2->seq_num_v_valid = false;
	h2->v1.port.tx_armed = true;
	ret = h2->be->ops->ake_init(h2->be, &init);
	if (ret)
		return verdict(h2, "AKE_Init", ret);
	return drm_hdcp2_write_msg(h2, &init, sizeof(init));
}

static enum drm_hdcp2_event drm_hdcp2_read_cert(struct drm_hdcp2 *h2, u32 *info)
{
	struct hdcp2_ake_send_cert *cert = (void *)h2->msg;
	u8 id[HDCP_2_2_RECEIVER_ID_LEN];
	union drm_hdcp2_ake_km km;
	enum drm_hdcp2_event ev;
	size_t len;
	int ret;

	ev = drm_hdcp2_read_msg(h2, HDCP_2_2_AKE_SEND_CERT, &len);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	if (cert->rx_caps[0] != HDCP_2_2_RX_CAPS_VERSION_VAL) {
		hdcp2_dbg(h2, "receiver version %u\n", cert->rx_caps[0]);
		return DRM_HDCP2_EV_FAIL;
	}
	/* 1A-10: a revoked receiver fails before km goes out. */
	memcpy(id, cert->cert_rx.receiver_id, sizeof(id));
	if (drm_hdcp1_revoked(&h2->v1, id, 1)) {
		hdcp2_dbg(h2, "receiver ID %5phN is revoked\n", id);
		return DRM_HDCP2_EV_REVOKED;
	}
	if (!drm_hdcp_port_link_current(&h2->v1.port))
		return DRM_HDCP2_NUM_EVENTS;
	ret = h2->be->ops->verify_cert(h2->be, cert, &km, &len);
	if (ret)
		return verdict(h2, "certificate", ret);
	ev = drm_hdcp2_write_msg(h2, &km, len);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	if (HDCP_2_2_RX_REPEATER(cert->rx_caps[2]))
		*info |= DRM_HDCP2_INFO_REPEATER;
	if (km.msg_id == HDCP_2_2_AKE_STORED_KM)
		*info |= DRM_HDCP2_INFO_PAIRED;
	hdcp2_dbg(h2, "receiver ID %5phN, %s, %s km\n", id,
		  *info & DRM_HDCP2_INFO_REPEATER ? "repeater" : "receiver",
		  *info & DRM_HDCP2_INFO_PAIRED ? "stored" : "new");
	return DRM_HDCP2_EV_OK;
}

static enum drm_hdcp2_event drm_hdcp2_read_h_prime(struct drm_hdcp2 *h2)
{
	enum drm_hdcp2_event ev;
	size_t len;

	ev = drm_hdcp2_read_msg(h2, HDCP_2_2_AKE_SEND_HPRIME, &len);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	return verdict(h2, "H'", h2->be->ops->verify_h_prime(h2->be, (void *)h2->msg));
}

static enum drm_hdcp2_event drm_hdcp2_read_pairing(struct drm_hdcp2 *h2)
{
	enum drm_hdcp2_event ev;
	size_t len;

	ev = drm_hdcp2_read_msg(h2, HDCP_2_2_AKE_SEND_PAIRING_INFO, &len);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	return verdict(h2, "pairing", h2->be->ops->store_pairing(h2->be, (void *)h2->msg));
}

static enum drm_hdcp2_event drm_hdcp2_send_lc_init(struct drm_hdcp2 *h2)
{
	struct hdcp2_lc_init lc;
	int ret;

	ret = h2->be->ops->lc_init(h2->be, &lc);
	if (ret)
		return verdict(h2, "LC_Init", ret);
	h2->lc_start_ns = ktime_get_ns();
	return drm_hdcp2_write_msg(h2, &lc, sizeof(lc));
}

static enum drm_hdcp2_event drm_hdcp2_read_l_prime(struct drm_hdcp2 *h2)
{
	enum drm_hdcp2_event ev;
	size_t len;

	ev = drm_hdcp2_read_msg(h2, HDCP_2_2_LC_SEND_LPRIME, &len);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	ev = verdict(h2, "L'", h2->be->ops->verify_l_prime(h2->be, (void *)h2->msg));
	if (ev == DRM_HDCP2_EV_OK) {
		h2->lc_rtt_ns = ktime_get_ns() - h2->lc_start_ns;
		hdcp2_dbg(h2, "L' after %llu us\n", div_u64(h2->lc_rtt_ns, NSEC_PER_USEC));
	}
	return ev;
}

/* DisplayPort receivers learn the content type through a register. */
static enum drm_hdcp2_event drm_hdcp2_set_type(struct drm_hdcp2 *h2)
{
	u8 type = h2->fsm.type1 ? HDCP_STREAM_TYPE1 : HDCP_STREAM_TYPE0;

	if (!is_dp(h2) || h2->fsm.repeater)
		return DRM_HDCP2_EV_OK;
	return drm_hdcp2_write(h2, DP_HDCP_2_2_REG_STREAM_TYPE_OFFSET, &type, 1);
}

static enum drm_hdcp2_event drm_hdcp2_send_ske(struct drm_hdcp2 *h2)
{
	struct hdcp2_ske_send_eks eks;
	enum drm_hdcp2_event ev;
	int ret;

	ret = h2->be->ops->ske(h2->be, &eks);
	if (ret)
		return verdict(h2, "SKE_Send_Eks", ret);
	ev = drm_hdcp2_write_msg(h2, &eks, sizeof(eks));
	memzero_explicit(&eks, sizeof(eks));
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	return drm_hdcp2_set_type(h2);
}

/*
 * Whether seq_num_V @v may follow the last one taken: 0 first after
 * AKE_Init, then only higher; a repeat or a roll-over to 0 needs a new
 * authentication (HDMI 2.2 2.3.2).
 */
static bool seq_num_v_ok(struct drm_hdcp2 *h2, u32 v)
{
	if (!h2->seq_num_v_valid)
		return v == 0;
	return v > h2->seq_num_v;
}

static enum drm_hdcp2_event drm_hdcp2_read_list(struct drm_hdcp2 *h2, u32 *info)
{
	struct hdcp2_rep_send_receiverid_list *list = (void *)h2->msg;
	struct hdcp2_rep_send_ack ack;
	unsigned int devices;
	enum drm_hdcp2_event ev;
	size_t len;
	u32 v;
	int ret;

	ev = drm_hdcp2_read_msg(h2, HDCP_2_2_REP_SEND_RECVID_LIST, &len);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	devices = HDCP_2_2_DEV_COUNT_HI(list->rx_info[0]) << 4 |
		  HDCP_2_2_DEV_COUNT_LO(list->rx_info[1]);
	/* 1B-04, 1B-05. */
	if ((list->rx_info[1] & DRM_HDCP2_RXINFO_LIMITS) || devices > HDCP_2_2_MAX_DEVICE_COUNT ||
	    len != drm_hdcp2_receiver_id_list_len(devices)) {
		hdcp2_dbg(h2, "topology limits exceeded (RxInfo %*phN)\n", 2, list->rx_info);
		return DRM_HDCP2_EV_FAIL;
	}
	/* 1B-06, 1B-09. */
	v = drm_hdcp_be24_to_cpu(list->seq_num_v);
	if (!seq_num_v_ok(h2, v)) {
		hdcp2_dbg(h2, "seq_num_V %u after %u\n", v, h2->seq_num_v);
		return DRM_HDCP2_EV_FAIL;
	}
	if (drm_hdcp1_revoked(&h2->v1, list->receiver_ids, devices)) {
		hdcp2_dbg(h2, "a downstream receiver ID is revoked\n");
		return DRM_HDCP2_EV_REVOKED;
	}
	if (!drm_hdcp_port_link_current(&h2->v1.port))
		return DRM_HDCP2_NUM_EVENTS;
	ret = h2->be->ops->verify_receiver_ids(h2->be, list, &ack);
	if (ret)
		return verdict(h2, "V'", ret);
	ev = drm_hdcp2_write_msg(h2, &ack, sizeof(ack));
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	h2->seq_num_v = v;
	h2->seq_num_v_valid = true;
	if (!(list->rx_info[1] & DRM_HDCP2_RXINFO_NO_TYPE1))
		*info |= DRM_HDCP2_INFO_TYPE1_OK;
	hdcp2_dbg(h2, "%u downstream devices, depth %u%s\n", devices,
		  (unsigned int)HDCP_2_2_DEPTH(list->rx_info[0]),
		  *info & DRM_HDCP2_INFO_TYPE1_OK ? "" : ", no Type 1");
	return DRM_HDCP2_EV_OK;
}

static enum drm_hdcp2_event drm_hdcp2_stream_manage(struct drm_hdcp2 *h2)
{
	struct hdcp2_rep_stream_manage *sm = &h2->manage;
	int ret;

	memset(sm, 0, sizeof(*sm));
	sm->msg_id = HDCP_2_2_REP_STREAM_MANAGE;
	sm->k = cpu_to_be16(1);
	sm->streams[0].stream_id = 0;
	sm->streams[0].stream_type = h2->fsm.type1 ? HDCP_STREAM_TYPE1 : HDCP_STREAM_TYPE0;
	if (h2->be->ops->stream_manage) {
		ret = h2->be->ops->stream_manage(h2->be, sm);
		if (ret)
			return verdict(h2, "RepeaterAuth_Stream_Manage", ret);
	} else {
		/* Each message has its own seq_num_M, answered or not. */
		if (h2->seq_num_m > HDCP_2_2_SEQ_NUM_MAX) {
			hdcp2_dbg(h2, "seq_num_M would roll over\n");
			return DRM_HDCP2_EV_FAIL;
		}
		drm_hdcp_cpu_to_be24(sm->seq_num_m, h2->seq_num_m++);
	}
	return drm_hdcp2_write_msg(h2, sm, drm_hdcp2_stream_manage_len(1));
}

static enum drm_hdcp2_event drm_hdcp2_read_m_prime(struct drm_hdcp2 *h2)
{
	enum drm_hdcp2_event ev;
	size_t len;

	ev = drm_hdcp2_read_msg(h2, HDCP_2_2_REP_STREAM_READY, &len);
	if (ev != DRM_HDCP2_EV_OK)
		return ev;
	return verdict(h2, "M'", h2->be->ops->verify_m_prime(h2->be, &h2->manage,
							     (void *)h2->msg));
}

static enum drm_hdcp2_event drm_hdcp2_encrypt(struct drm_hdcp2 *h2)
{
	int ret = 0;

	if (h2->be->ops->authenticated)
		ret = h2->be->ops->authenticated(h2->be, h2->fsm.type1 ? HDCP_STREAM_TYPE1 :
								      HDCP_STREAM_TYPE0);
	if (!ret)
		ret = h2->tx->encrypt(h2->v1.port.connector);
	if (ret) {
		hdcp2_dbg(h2, "encryption not enabled: %d\n", ret);
		return DRM_HDCP2_EV_IO_ERROR;
	}
	drm_hdcp_port_set_encrypting(&h2->v1.port, true);
	return DRM_HDCP2_EV_OK;
}

/* Link integrity: the transmitter still encrypts, the sink has no complaint. */
static enum drm_hdcp2_event drm_hdcp2_check_link(struct drm_hdcp2 *h2)
{
	u16 status;
	int ret;
	u8 rx;

	if (h2->tx->encryption_status) {
		ret = h2->tx->encryption_status(h2->v1.port.connector);
		if (ret) {
			hdcp2_dbg(h2, "transmitter stopped encrypting: %d\n", ret);
			return DRM_HDCP2_EV_FAIL;
		}
	}
	if (is_dp(h2)) {
		if (drm_hdcp1_link_read(&h2->v1, DRM_HDCP2_DP_RXSTATUS, &rx, 1))
			return DRM_HDCP2_EV_IO_ERROR;
		if (rx & (DRM_HDCP2_RX_REAUTH | DRM_HDCP2_RX_LINK_FAILED)) {
			hdcp2_dbg(h2, "sink reports %s\n", rx & DRM_HDCP2_RX_REAUTH ?
				  "a re-authentication request" : "a link integrity failure");
			return DRM_HDCP2_EV_FAIL;
		}
		return rx & DRM_HDCP2_RX_READY ? DRM_HDCP2_EV_TOPOLOGY : DRM_HDCP2_EV_OK;
	}
	if (hdmi_rxstatus(h2, &status))
		return DRM_HDCP2_EV_IO_ERROR;
	if (status & DRM_HDCP2_HDMI_REAUTH) {
		hdcp2_dbg(h2, "sink requests re-authentication\n");
		return DRM_HDCP2_EV_FAIL;
	}
	return status & DRM_HDCP2_HDMI_READY ? DRM_HDCP2_EV_TOPOLOGY : DRM_HDCP2_EV_OK;
}

/*
 * Run one I/O action on the link this run started on. Returns its result,
 * or DRM_HDCP2_NUM_EVENTS when the link was stopped or replaced meanwhile.
 */
static enum drm_hdcp2_event drm_hdcp2_io(struct drm_hdcp2 *h2, u32 io, u32 *info, u64 *at)
{
	struct drm_hdcp_port *port = &h2->v1.port;
	enum drm_hdcp2_event ev;

	*info = 0;
	mutex_lock(&port->hw_lock);
	if (!drm_hdcp_port_link_current(port)) {
		mutex_unlock(&port->hw_lock);
		return DRM_HDCP2_NUM_EVENTS;
	}
	switch (io) {
	case DRM_HDCP2_ACT_READ_CAPS:
		ev = drm_hdcp2_read_caps(h2);
		break;
	case DRM_HDCP2_ACT_SEND_AKE_INIT:
		ev = drm_hdcp2_send_ake_init(h2);
		break;
	case DRM_HDCP2_ACT_READ_CERT:
		ev = drm_hdcp2_read_cert(h2, info);
		break;
	case DRM_HDCP2_ACT_READ_H_PRIME:
		ev = drm_hdcp2_read_h_prime(h2);
		break;
	case DRM_HDCP2_ACT_READ_PAIRING:
		ev = drm_hdcp2_read_pairing(h2);
		break;
	case DRM_HDCP2_ACT_SEND_LC_INIT:
		/* The round trip counts from the start of LC_Init. */
		*at = drm_hdcp_port_now_ms();
		ev = drm_hdcp2_send_lc_init(h2);
		mutex_unlock(&port->hw_lock);
		return ev;
	case DRM_HDCP2_ACT_READ_L_PRIME:
		ev = drm_hdcp2_read_l_prime(h2);
		break;
	case DRM_HDCP2_ACT_SEND_SKE:
		ev = drm_hdcp2_send_ske(h2);
		break;
	case DRM_HDCP2_ACT_READ_LIST:
		ev = drm_hdcp2_read_list(h2, info);
		break;
	case DRM_HDCP2_ACT_STREAM_MANAGE:
		ev = drm_hdcp2_stream_manage(h2);
		break;
	case DRM_HDCP2_ACT_READ_M_PRIME:
		ev = drm_hdcp2_read_m_prime(h2);
		break;
	case DRM_HDCP2_ACT_ENCRYPT:
		ev = drm_hdcp2_encrypt(h2);
		break;
	case DRM_HDCP2_ACT_SET_TYPE:
		ev = drm_hdcp2_set_type(h2);
		break;
	default:
		ev = drm_hdcp2_check_link(h2);
		break;
	}
	mutex_unlock(&port->hw_lock);
	*at = drm_hdcp_port_now_ms();
	return ev;
}

static void drm_hdcp2_set_v1_active(struct drm_hdcp2 *h2, bool on)
{
	mutex_lock(&h2->v1.port.hw_lock);
	h2->v1_active = on;
	mutex_unlock(&h2->v1.port.hw_lock);
}

/* The side effects of a step, before its timer and its I/O. */
static void drm_hdcp2_side_effects(struct drm_hdcp2 *h2, u32 actions, u64 at)
{
	struct drm_hdcp_port *port = &h2->v1.port;

	if (actions & DRM_HDCP2_ACT_FALLBACK_OFF) {
		drm_hdcp1_feed(&h2->v1, DRM_HDCP1_EV_DISABLE, at);
		drm_hdcp2_set_v1_active(h2, false);
	}
	if (actions & DRM_HDCP2_ACT_RESET) {
		/* Userspace learns that the link is no longer protected first. */
		drm_hdcp_port_sync_property(port);
		drm_hdcp_port_reset_tx(port);
	}
	if (actions & DRM_HDCP2_ACT_FALLBACK_ON)
		drm_hdcp2_set_v1_active(h2, true);
}

/* Feed one event at time @at and the results of the I/O it leads to. */
static void drm_hdcp2_feed(struct drm_hdcp2 *h2, enum drm_hdcp2_event ev, u64 at)
{
	unsigned int budget = DRM_HDCP2_SLEEP_BUDGET_MS;
	u32 info = 0;

	while (ev < DRM_HDCP2_NUM_EVENTS) {
		enum drm_hdcp2_state from = h2->fsm.state;
		struct drm_hdcp2_step s = drm_hdcp2_fsm_next(&h2->fsm, ev, info, at);

		if (s.ignored)
			return;
		if (from != h2->fsm.state)
			hdcp2_dbg(h2, "%s -> %s on %s\n", drm_hdcp2_state_name(from),
				  drm_hdcp2_state_name(h2->fsm.state), drm_hdcp2_event_name(ev));
		drm_hdcp2_side_effects(h2, s.actions, at);
		if (!(s.actions & DRM_HDCP2_ACT_IO_MASK) && s.timeout_ms >= 0 &&
		    s.timeout_ms <= DRM_HDCP2_SLEEP_MAX_MS && s.timeout_ms <= budget) {
			drm_hdcp_port_disarm(&h2->v1.port);
			drm_hdcp_port_sleep(&h2->v1.port, s.timeout_ms);
			budget -= s.timeout_ms;
			at = max(drm_hdcp_port_now_ms(), at + s.timeout_ms);
			ev = DRM_HDCP2_EV_TIMER;
			continue;
		}
		if (s.timeout_ms == DRM_HDCP2_TIMER_NONE)
			drm_hdcp_port_disarm(&h2->v1.port);
		else if (s.timeout_ms >= 0)
			drm_hdcp_port_arm(&h2->v1.port, at + s.timeout_ms);
		/* HDCP 1.4 takes over with what the streams asked for last. */
		if (s.actions & DRM_HDCP2_ACT_FALLBACK_ON)
			drm_hdcp1_protocol.run(&h2->v1.port, &h2->levels, at);
		if (!(s.actions & DRM_HDCP2_ACT_IO_MASK))
			return;
		ev = drm_hdcp2_io(h2, s.actions & DRM_HDCP2_ACT_IO_MASK, &info, &at);
	}
}

static bool in_fallback(struct drm_hdcp2 *h2)
{
	return h2->fsm.state == DRM_HDCP2_FALLBACK;
}

/* One run: levels first, then edges; the core then looks at the clock. */
static void drm_hdcp2_proto_run(struct drm_hdcp_port *port,
				const struct drm_hdcp_port_input *in, u64 now)
{
	struct drm_hdcp2 *h2 = to_hdcp2(port);
	bool was_fallback = in_fallback(h2);

	h2->levels = (struct drm_hdcp_port_input){
		.want = in->want,
		.type1 = in->type1,
		.link_up = in->link_up,
		.ri_period_ns = in->ri_period_ns,
	};
	h2->fsm.type1 = in->type1;
	if (in->restarted)
		drm_hdcp2_feed(h2, DRM_HDCP2_EV_LINK_DOWN, now);
	/* Undesired then Desired: a revoked or refused sink gets a new attempt. */
	if (in->asked_again && (h2->fsm.state == DRM_HDCP2_REVOKED ||
				h2->fsm.state == DRM_HDCP2_UNSUPPORTED))
		drm_hdcp2_feed(h2, DRM_HDCP2_EV_DISABLE, now);
	drm_hdcp2_feed(h2, in->want ? DRM_HDCP2_EV_ENABLE : DRM_HDCP2_EV_DISABLE, now);
	drm_hdcp2_feed(h2, in->link_up ? DRM_HDCP2_EV_LINK_UP : DRM_HDCP2_EV_LINK_DOWN, now);
	if (in->cp_irq)
		drm_hdcp2_feed(h2, DRM_HDCP2_EV_CP_IRQ, now);
	if (was_fallback && in_fallback(h2))
		drm_hdcp1_protocol.run(port, in, now);
}

static void drm_hdcp2_proto_timer(struct drm_hdcp_port *port, u64 now)
{
	struct drm_hdcp2 *h2 = to_hdcp2(port);

	if (in_fallback(h2))
		drm_hdcp1_protocol.timer(port, now);
	else
		drm_hdcp2_feed(h2, DRM_HDCP2_EV_TIMER, now);
}

static bool drm_hdcp2_proto_authenticated(struct drm_hdcp_port *port)
{
	struct drm_hdcp2 *h2 = to_hdcp2(port);

	if (in_fallback(h2))
		return drm_hdcp1_protocol.authenticated(port);
	return drm_hdcp2_fsm_protected(&h2->fsm);
}

static bool drm_hdcp2_proto_type1(struct drm_hdcp_port *port)
{
	struct drm_hdcp2 *h2 = to_hdcp2(port);

	return !in_fallback(h2) && drm_hdcp2_fsm_protected(&h2->fsm) &&
	       h2->fsm.type1_protected;
}

static void drm_hdcp2_proto_reset(struct drm_hdcp_port *port)
{
	struct drm_hdcp2 *h2 = to_hdcp2(port);

	if (h2->v1_active) {
		drm_hdcp1_protocol.reset(port);
		return;
	}
	h2->tx->reset(port->connector);
	h2->be->ops->close(h2->be);
}

static int drm_hdcp2_proto_stream_encrypt(struct drm_hdcp_port *port,
					  struct drm_connector *connector, bool on)
{
	struct drm_hdcp2 *h2 = to_hdcp2(port);

	if (h2->v1_active)
		return drm_hdcp1_protocol.stream_encrypt(port, connector, on);
	return h2->tx->stream_encrypt(connector, on);
}

static void drm_hdcp2_proto_release(struct drm_hdcp_port *port)
{
	struct drm_hdcp2 *h2 = to_hdcp2(port);

	kfree(h2->v1.ksv_list);
	kfree(h2);
}

static const struct drm_hdcp_protocol drm_hdcp2_protocol = {
	.name = "HDCP 2.2",
	.run = drm_hdcp2_proto_run,
	.timer = drm_hdcp2_proto_timer,
	.authenticated = drm_hdcp2_proto_authenticated,
	.type1 = drm_hdcp2_proto_type1,
	.reset = drm_hdcp2_proto_reset,
	.stream_encrypt = drm_hdcp2_proto_stream_encrypt,
	.release = drm_hdcp2_proto_release,
};

static bool drm_hdcp2_backend_valid(const struct drm_hdcp2_backend *be)
{
	const struct drm_hdcp2_backend_ops *ops = be ? be->ops : NULL;

	return ops && ops->ake_init && ops->verify_cert && ops->verify_h_prime &&
	       ops->store_pairing && ops->lc_init && ops->verify_l_prime && ops->ske &&
	       ops->verify_receiver_ids && ops->verify_m_prime && ops->close;
}

/**
 * drm_hdcp2_init - create the HDCP 2.2 engine of a connector
 * @connector: the connector, with the "Content Protection" and "HDCP
 *	Content Type" properties attached
 * @desc: transport, backend, transmitter and receiver access
 *
 * As drm_hdcp1_init(), for a port that runs HDCP 2.2 first and, with
 * &drm_hdcp2_desc.hdcp1_tx, HDCP 1.4 for Type 0 content on sinks without
 * HDCP 2.2. The backend must outlive the engine. Call it before the
 * connector is registered.
 *
 * Returns:
 * The engine, or an ERR_PTR(): -EINVAL for a missing operation, DDC bus or
 * AUX channel, or a connector without the property; -ENOMEM.
 */
struct drm_hdcp2 *drm_hdcp2_init(struct drm_connector *connector,
				 const struct drm_hdcp2_desc *desc)
{
	struct drm_hdcp1_desc d1;
	struct drm_hdcp2 *h2;
	int ret;

	if (!connector || !desc || !drm_hdcp2_backend_valid(desc->backend) || !desc->tx ||
	    !desc->tx->encrypt || !desc->tx->reset)
		return ERR_PTR(-EINVAL);
	h2 = kzalloc(sizeof(*h2), GFP_KERNEL);
	if (!h2)
		return ERR_PTR(-ENOMEM);
	d1 = (struct drm_hdcp1_desc){
		.transport = desc->transport,
		.tx = desc->hdcp1_tx,
		.link = desc->link,
		.ddc = desc->ddc,
		.aux = desc->aux,
	};
	ret = drm_hdcp1_setup(&h2->v1, connector, &d1);
	if (ret) {
		kfree(h2);
		return ERR_PTR(ret);
	}
	h2->be = desc->backend;
	h2->tx = desc->tx;
	h2->has_v1 = !!desc->hdcp1_tx;
	drm_hdcp2_fsm_init(&h2->fsm, desc->transport == DRM_HDCP1_DP, h2->has_v1);
	/* On error, the port has freed @h2. */
	ret = drm_hdcp_port_init(&h2->v1.port, connector, &drm_hdcp2_protocol, false);
	if (ret)
		return ERR_PTR(ret);
	return h2;
}
EXPORT_SYMBOL(drm_hdcp2_init);

/**
 * drm_hdcp2_fini - stop the engine for good
 * @hdcp: the engine, or NULL
 *
 * As drm_hdcp1_fini(): on return nothing of the engine runs or will run.
 * May sleep.
 */
void drm_hdcp2_fini(struct drm_hdcp2 *hdcp)
{
	if (hdcp)
		drm_hdcp_port_fini(&hdcp->v1.port);
}
EXPORT_SYMBOL(drm_hdcp2_fini);

/**
 * drm_hdcp2_atomic_commit - tell the engine what a commit did
 * @hdcp: the engine, or NULL
 * @state: the atomic state being committed
 *
 * As drm_hdcp1_atomic_commit(); a change of "HDCP Content Type" on an
 * authenticated link is passed on to the sink without a new
 * authentication. Never sleeps.
 */
void drm_hdcp2_atomic_commit(struct drm_hdcp2 *hdcp, struct drm_atomic_state *state)
{
	if (hdcp)
		drm_hdcp_port_atomic_commit(&hdcp->v1.port, state);
}
EXPORT_SYMBOL(drm_hdcp2_atomic_commit);

/**
 * drm_hdcp2_link_stop - stop HDCP before the link goes down
 * @hdcp: the engine, or NULL
 *
 * As drm_hdcp1_link_stop(), whichever version protects the link. May be
 * called with modeset locks held. May sleep.
 */
void drm_hdcp2_link_stop(struct drm_hdcp2 *hdcp)
{
	might_sleep();
	if (hdcp)
		drm_hdcp_port_link_stop(&hdcp->v1.port);
}
EXPORT_SYMBOL(drm_hdcp2_link_stop);

/**
 * drm_hdcp2_hotplug - the sink went away or came back
 * @hdcp: the engine, or NULL
 * @connected: whether a sink is connected now
 *
 * As drm_hdcp1_hotplug(). Never sleeps.
 */
void drm_hdcp2_hotplug(struct drm_hdcp2 *hdcp, bool connected)
{
	if (hdcp)
		drm_hdcp_port_hotplug(&hdcp->v1.port, connected);
}
EXPORT_SYMBOL(drm_hdcp2_hotplug);

/**
 * drm_hdcp2_cp_irq - a DisplayPort sink raised CP_IRQ
 * @hdcp: the engine, or NULL
 *
 * The engine reads RxStatus on its worker. Safe from interrupt context.
 */
void drm_hdcp2_cp_irq(struct drm_hdcp2 *hdcp)
{
	if (hdcp)
		drm_hdcp_port_cp_irq(&hdcp->v1.port);
}
EXPORT_SYMBOL(drm_hdcp2_cp_irq);

/**
 * drm_hdcp2_is_encrypting - whether the transmitter encrypts the link
 * @hdcp: the engine, or NULL
 *
 * With either version. Never sleeps nor waits for the engine.
 *
 * Returns:
 * True from the start of encryption until the transmitter is reset.
 */
bool drm_hdcp2_is_encrypting(struct drm_hdcp2 *hdcp)
{
	return hdcp && drm_hdcp_port_is_encrypting(&hdcp->v1.port);
}
EXPORT_SYMBOL(drm_hdcp2_is_encrypting);

/**
 * drm_hdcp2_write_an_aksv - send An, then Aksv, for the HDCP 1.4 fallback
 * @hdcp: the engine
 * @an: the transmitter's fresh An, least significant byte first
 * @aksv: the transmitter's KSV, least significant byte first
 *
 * drm_hdcp1_write_an_aksv() for the &drm_hdcp2_desc.hdcp1_tx of an
 * HDCP 2.2 engine.
 *
 * Returns:
 * 0 or the error of the register write that failed.
 */
int drm_hdcp2_write_an_aksv(struct drm_hdcp2 *hdcp, const u8 an[DRM_HDCP_AN_LEN],
			    const u8 aksv[DRM_HDCP_KSV_LEN])
{
	return drm_hdcp1_write_an_aksv(&hdcp->v1, an, aksv);
}
EXPORT_SYMBOL(drm_hdcp2_write_an_aksv);
