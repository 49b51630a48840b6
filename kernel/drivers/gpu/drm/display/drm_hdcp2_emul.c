// SPDX-License-Identifier: MIT
/*
 * An emulated HDCP 2.2 receiver or repeater, message by message, on the
 * software cryptography of drm_hdcp2_crypto.c.
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/unaligned.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1_emul.h>
#include <drm/display/drm_hdcp2_emul.h>

#include "drm_hdcp2_crypto.h"
#include "drm_hdcp2_msg.h"

/**
 * DOC: emulated hdcp 2.2 sink
 *
 * A &struct drm_hdcp2_emul is one HDCP 2.2 receiver, or a repeater with a
 * downstream topology, as a transmitter sees it. It is one of the
 * specification's test receivers (R1 or R2 of the errata's Appendix E),
 * with the certificate the test root signed and the private key that
 * goes with it, so a transmitter that trusts the test root authenticates
 * it exactly as a real one, and one that does not refuses it.
 *
 * Transports, as devices behave:
 *
 * - HDMI, the HDCP port at DDC address 0x3a: HDCP2Version (0x50) has
 *   bit 2 set; a transmitter writes a whole message to Write_Message
 *   (0x60) in one write; RxStatus (0x70, two bytes) holds the length of
 *   the message the receiver has ready, READY for a Receiver ID list and
 *   REAUTH_REQ; the message is read from Read_Message (0x80), in one read
 *   or several, and its length drops to 0 once all of it is read. Other
 *   offsets belong to the HDCP 1.4 sink.
 * - DisplayPort, the DPCD from 0x69000: each message has its own
 *   registers, written and read without the msg_id byte. A message the
 *   transmitter writes takes effect when its last byte is written. RxCaps
 *   (0x6921d) reads version 2 and HDCP_CAPABLE; RxStatus (0x69493) has
 *   READY, H'_AVAILABLE, PAIRING_AVAILABLE, REAUTH_REQ and
 *   LINK_INTEGRITY_FAILURE, each of which raises CP_IRQ when it is set;
 *   the first three drop once their message is read. The stream type
 *   register (0x69494) takes the content type for a receiver. Other
 *   addresses belong to the HDCP 1.4 sink.
 *
 * The receiver answers each message after a configurable delay
 * (&enum drm_hdcp2_emul_delay), by default well within what the
 * specification allows; a delay of %DRM_HDCP2_EMUL_NEVER leaves the
 * answer out. AKE_Init starts over from anywhere and clears REAUTH_REQ
 * and LINK_INTEGRITY_FAILURE. A repeater makes its Receiver ID list
 * available after SKE and again at each topology change, with the next
 * seq_num_V.
 *
 * Strict mode, on by default, counts and logs every protocol rule the
 * transmitter breaks (&enum drm_hdcp2_emul_violation); a correct
 * transmitter leaves the count at 0.
 *
 * Time comes only from &drm_hdcp2_emul_ops.clock_ns, read at each call; an
 * owner that wants CP_IRQ on time calls drm_hdcp2_emul_poll() when it
 * says. Every entry point takes the sink's mutex and may sleep.
 */

/* Times the specification gives the transmitter (HDMI 2.2 2.3, 2.5). */
#define EMUL2_L_PRIME_LIMIT_MS		20
#define EMUL2_ENC_FLOOR_MS		200
#define EMUL2_ACK_LIMIT_MS		2000

/* How soon the receiver answers unless told otherwise. */
static const u32 emul2_default_delay_ms[DRM_HDCP2_EMUL_NUM_DELAYS] = {
	[DRM_HDCP2_EMUL_CERT] = 5,
	[DRM_HDCP2_EMUL_H_PRIME] = 20,
	[DRM_HDCP2_EMUL_PAIRING] = 5,
	[DRM_HDCP2_EMUL_L_PRIME] = 2,
	[DRM_HDCP2_EMUL_LIST] = 50,
	[DRM_HDCP2_EMUL_M_PRIME] = 5,
};

/* What the limits of a topology are (HDMI 2.2 2.3.2). */
#define EMUL2_MAX_DEPTH			4

/* HDMI registers. */
#define EMUL2_HDMI_VERSION		HDCP_2_2_HDMI_REG_VER_OFFSET
#define EMUL2_HDMI_WRITE		HDCP_2_2_HDMI_REG_WR_MSG_OFFSET
#define EMUL2_HDMI_RXSTATUS		HDCP_2_2_HDMI_REG_RXSTATUS_OFFSET
#define EMUL2_HDMI_READ			HDCP_2_2_HDMI_REG_RD_MSG_OFFSET
#define EMUL2_HDMI_RXSTATUS_READY	BIT(10)
#define EMUL2_HDMI_RXSTATUS_REAUTH	BIT(11)

/* DisplayPort: the HDCP 2.2 part of the DPCD. */
#define EMUL2_DP_BASE			DP_HDCP_2_2_REG_RTX_OFFSET
#define EMUL2_DP_END			(DP_HDCP_2_2_REG_DBG_OFFSET + 0x40)
#define EMUL2_DP_SPAN			(EMUL2_DP_END - EMUL2_DP_BASE)
#define EMUL2_RX_READY			BIT(0)
#define EMUL2_RX_H_PRIME		BIT(1)
#define EMUL2_RX_PAIRING		BIT(2)
#define EMUL2_RX_REAUTH			BIT(3)
#define EMUL2_RX_LINK_FAILED		BIT(4)
#define EMUL2_DP_CAPS_CAPABLE		BIT(1)

enum emul2_state {
	EMUL2_IDLE,		/* waiting for AKE_Init */
	EMUL2_WAIT_KM,		/* certificate sent, waiting for km */
	EMUL2_WAIT_LC,		/* km known, waiting for LC_Init */
	EMUL2_WAIT_SKE,		/* L' sent, waiting for SKE_Send_Eks */
	EMUL2_AUTHENTICATED,	/* ks known */
};

/* The receiver's answer on its way: sent once @ready_ns has come. */
struct emul2_answer {
	bool pending;
	u64 ready_ns;
	size_t len;
	u8 msg[sizeof(struct hdcp2_ake_send_cert)];
};

struct drm_hdcp2_emul {
	struct mutex lock;		/* everything below */
	enum drm_hdcp1_transport transport;
	const struct drm_hdcp2_emul_ops *ops;
	void *data;
	struct drm_hdcp1_emul *hdcp1;
	u64 now;			/* the clock when the current call began */
	unsigned int irqs;		/* CP_IRQs to raise when the lock drops */

	/* What the sink is, and its faults. */
	const struct drm_hdcp2_facsimile_rx *rx;
	u8 kh[DRM_HDCP2_KH_LEN];
	bool capable, connected, strict;
	bool repeater;
	struct drm_hdcp2_emul_topology topo;
	u32 delay_ms[DRM_HDCP2_EMUL_NUM_DELAYS];
	bool fault[DRM_HDCP2_EMUL_NUM_FAULTS];

	/* The session the last AKE_Init started. */
	enum emul2_state state;
	struct hdcp2_ake_init init;
	u8 rrx[HDCP_2_2_RRX_LEN];
	u8 km[DRM_HDCP2_KM_LEN];
	u8 kd[DRM_HDCP2_KD_LEN];
	u8 rn[HDCP_2_2_RN_LEN];
	u8 ks[DRM_HDCP2_KS_LEN];
	u8 riv[HDCP_2_2_RIV_LEN];
	bool paired_km;			/* AKE_Stored_km: no pairing info */
	bool lc_sent;			/* L' was made available */
	u64 lc_init_ns;
	bool l_read_late;		/* L' read more than 20 ms after LC_Init */
	bool ske_done;
	u64 ske_ns;
	bool list_sent, list_read, acked;
	u64 list_ns;
	u8 v[DRM_HDCP2_V_LEN];
	u32 seq_num_v;			/* of the last list sent */
	bool seq_num_v_used;
	u32 seq_num_m;			/* the one the next Stream_Manage must carry */
	int stream_type;		/* -1 until the transmitter says */
	bool encrypting;

	/* The answer on its way, and the one the transmitter can read. */
	struct emul2_answer next;
	u8 owed;			/* the answer the receiver owes */
	u64 owed_by_ns;			/* when the specification wants it there */
	u8 out[sizeof(struct hdcp2_ake_send_cert)];
	size_t out_len, out_pos;	/* HDMI: Read_Message */
	u8 out_id;
	u8 unread;			/* message made available, not all read */
	u16 reauth;			/* HDMI: RxStatus REAUTH_REQ */
	u8 rxstatus;			/* DisplayPort RxStatus */
	u8 dpcd[EMUL2_DP_SPAN];		/* DisplayPort registers */
	u8 out_dp_id;			/* DP: message the registers hold */

	/* HDMI: register offset between two messages on DDC. */
	u8 ddc_offset;

	/* The message the transmitter sent last, whole. */
	union {
		u8 id;
		struct hdcp2_ake_init init;
		struct hdcp2_ake_no_stored_km no_stored;
		struct hdcp2_ake_stored_km stored;
		struct hdcp2_lc_init lc;
		struct hdcp2_ske_send_eks ske;
		struct hdcp2_rep_send_ack ack;
		struct hdcp2_rep_stream_manage manage;
	} in;

	/*
	 * A session lost to a replug or a change of capability, not to
	 * AKE_Init: until the next AKE_Init, what the transmitter sends or
	 * reads of it is ignored, as a receiver just powered up would.
	 */
	bool lost_session;
	unsigned int ignored;

	/* Strict mode. */
	unsigned int total;
	unsigned int counts[DRM_HDCP2_EMUL_NUM_VIOLATIONS];
	struct drm_hdcp2_emul_record log[DRM_HDCP2_EMUL_LOG_LEN];
	unsigned int log_next;
};

static const char * const emul2_violation_names[] = {
	[DRM_HDCP2_EMUL_OUT_OF_ORDER] = "message out of order",
	[DRM_HDCP2_EMUL_BAD_LENGTH] = "message of the wrong length",
	[DRM_HDCP2_EMUL_READ_NOT_READY] = "message read before it was ready",
	[DRM_HDCP2_EMUL_LC_LATE] = "session key sent after a late L'",
	[DRM_HDCP2_EMUL_ENC_TOO_EARLY] = "encryption within 200 ms of SKE",
	[DRM_HDCP2_EMUL_ENC_UNAUTHENTICATED] = "encryption without a session key",
	[DRM_HDCP2_EMUL_SEQ_NUM_M] = "seq_num_M out of sequence",
	[DRM_HDCP2_EMUL_TYPE1_FORBIDDEN] = "Type 1 to a topology that forbids it",
	[DRM_HDCP2_EMUL_ACK_LATE] = "RepeaterAuth_Send_Ack later than 2 s",
	[DRM_HDCP2_EMUL_READ_ONLY_WRITE] = "write to a read-only register",
	[DRM_HDCP2_EMUL_AUX_TOO_LONG] = "AUX transaction over 16 bytes",
};

static_assert(ARRAY_SIZE(emul2_violation_names) == DRM_HDCP2_EMUL_NUM_VIOLATIONS);

static bool emul2_is_dp(const struct drm_hdcp2_emul *s)
{
	return s->transport == DRM_HDCP1_DP;
}

static u64 emul2_ms(u32 ms)
{
	return (u64)ms * NSEC_PER_MSEC;
}

static void emul2_violation(struct drm_hdcp2_emul *s,
			    enum drm_hdcp2_emul_violation reason, u8 msg_id)
{
	struct drm_hdcp2_emul_record *rec;

	if (s->lost_session && (reason == DRM_HDCP2_EMUL_OUT_OF_ORDER ||
				reason == DRM_HDCP2_EMUL_READ_NOT_READY ||
				reason == DRM_HDCP2_EMUL_ENC_UNAUTHENTICATED)) {
		s->ignored++;
		return;
	}
	if (!s->strict)
		return;
	s->total++;
	s->counts[reason]++;
	rec = &s->log[s->log_next++ % DRM_HDCP2_EMUL_LOG_LEN];
	rec->reason = reason;
	rec->time_ns = s->now;
	rec->msg_id = msg_id;
}

/* DisplayPort: set RxStatus bits; each raises CP_IRQ once the lock drops. */
static void emul2_raise(struct drm_hdcp2_emul *s, u8 bits)
{
	if (emul2_is_dp(s)) {
		s->rxstatus |= bits;
		s->irqs++;
	} else if (bits & EMUL2_RX_REAUTH) {
		s->reauth = EMUL2_HDMI_RXSTATUS_REAUTH;
	}
}

static u8 *emul2_dp_reg(struct drm_hdcp2_emul *s, u32 addr)
{
	return &s->dpcd[addr - EMUL2_DP_BASE];
}

/* How long the specification gives the receiver for an answer. */
static u32 emul2_spec_ms(const struct drm_hdcp2_emul *s, u8 id)
{
	switch (id) {
	case HDCP_2_2_AKE_SEND_CERT:
		return HDCP_2_2_CERT_TIMEOUT_MS;
	case HDCP_2_2_AKE_SEND_HPRIME:
		return s->paired_km ? HDCP_2_2_HPRIME_PAIRED_TIMEOUT_MS :
				      HDCP_2_2_HPRIME_NO_PAIRED_TIMEOUT_MS;
	case HDCP_2_2_AKE_SEND_PAIRING_INFO:
		return HDCP_2_2_PAIRING_TIMEOUT_MS;
	case HDCP_2_2_LC_SEND_LPRIME:
		return emul2_is_dp(s) ? HDCP_2_2_DP_LPRIME_TIMEOUT_MS :
					HDCP_2_2_HDMI_LPRIME_TIMEOUT_MS;
	case HDCP_2_2_REP_SEND_RECVID_LIST:
		return HDCP_2_2_RECVID_LIST_TIMEOUT_MS;
	default:
		return HDCP_2_2_STREAM_READY_TIMEOUT_MS;
	}
}

/* Queue the receiver's next message, @delay ms from now. */
static void emul2_answer(struct drm_hdcp2_emul *s, const void *msg, size_t len,
			 enum drm_hdcp2_emul_delay delay)
{
	s->owed = *(const u8 *)msg;
	s->owed_by_ns = s->now + emul2_ms(emul2_spec_ms(s, s->owed));
	if (s->delay_ms[delay] == DRM_HDCP2_EMUL_NEVER) {
		s->next.pending = false;
		return;
	}
	memcpy(s->next.msg, msg, len);
	s->next.len = len;
	s->next.ready_ns = s->now + emul2_ms(s->delay_ms[delay]);
	s->next.pending = true;
}

/* The answer's time has come: the transmitter may read it now. */
static void emul2_send(struct drm_hdcp2_emul *s)
{
	const struct drm_hdcp2_msg *m = drm_hdcp2_msg_find(s->next.msg[0]);
	u8 id = s->next.msg[0];

	s->next.pending = false;
	s->unread = id;
	if (!emul2_is_dp(s)) {
		memcpy(s->out, s->next.msg, s->next.len);
		s->out_len = s->next.len;
		s->out_pos = 0;
		s->out_id = id;
	} else {
		memcpy(emul2_dp_reg(s, m->dp_offset), s->next.msg + 1, s->next.len - 1);
		s->out_dp_id = id;
	}
	switch (id) {
	case HDCP_2_2_AKE_SEND_HPRIME:
		emul2_raise(s, EMUL2_RX_H_PRIME);
		break;
	case HDCP_2_2_AKE_SEND_PAIRING_INFO:
		emul2_raise(s, EMUL2_RX_PAIRING);
		break;
	case HDCP_2_2_REP_SEND_RECVID_LIST:
		s->list_sent = true;
		s->list_read = false;
		/* The 2 s for the acknowledgment run from when it was ready. */
		s->list_ns = s->next.ready_ns;
		emul2_raise(s, EMUL2_RX_READY);
		break;
	case HDCP_2_2_LC_SEND_LPRIME:
		s->lc_sent = true;
		break;
	}
}

/* Bring the sink's state up to the owner's clock. */
static void emul2_update(struct drm_hdcp2_emul *s)
{
	s->now = s->ops->clock_ns(s->data);
	if (s->next.pending && s->now >= s->next.ready_ns)
		emul2_send(s);
}

static void emul2_lock(struct drm_hdcp2_emul *s)
{
	mutex_lock(&s->lock);
	emul2_update(s);
}

/* Drop the lock, then raise the CP_IRQs the call produced. */
static void emul2_unlock(struct drm_hdcp2_emul *s)
{
	void (*cp_irq)(void *data) = s->ops->cp_irq;
	unsigned int irqs = s->irqs;
	void *data = s->data;

	s->irqs = 0;
	mutex_unlock(&s->lock);
	while (cp_irq && irqs--)
		cp_irq(data);
}

/* Forget the session: keys, answers, flags. */
static void emul2_drop_session(struct drm_hdcp2_emul *s)
{
	s->state = EMUL2_IDLE;
	memzero_explicit(s->km, sizeof(s->km));
	memzero_explicit(s->kd, sizeof(s->kd));
	memzero_explicit(s->ks, sizeof(s->ks));
	s->paired_km = false;
	s->lc_sent = false;
	s->l_read_late = false;
	s->ske_done = false;
	s->list_sent = false;
	s->list_read = false;
	s->acked = false;
	s->seq_num_v_used = false;
	s->seq_num_m = 0;
	s->stream_type = -1;
	s->encrypting = false;
	s->next.pending = false;
	s->out_len = 0;
	s->out_pos = 0;
	s->out_id = 0;
	s->out_dp_id = 0;
	s->unread = 0;
	s->reauth = 0;
	s->rxstatus = 0;
}

/* Power or capability lost: a session the transmitter had is gone. */
static void emul2_lose_session(struct drm_hdcp2_emul *s)
{
	s->lost_session |= s->state != EMUL2_IDLE;
	emul2_drop_session(s);
}

static u8 emul2_rx_caps_byte2(const struct drm_hdcp2_emul *s)
{
	u8 caps = s->repeater ? BIT(0) : 0;

	if (emul2_is_dp(s) && s->capable)
		caps |= EMUL2_DP_CAPS_CAPABLE;
	return caps;
}

/* What RxCaps says: version 2, and on DisplayPort whether HDCP 2.2 is on. */
static void emul2_rx_caps(const struct drm_hdcp2_emul *s, u8 caps[HDCP_2_2_RXCAPS_LEN])
{
	caps[0] = HDCP_2_2_RX_CAPS_VERSION_VAL;
	caps[1] = 0;
	caps[2] = emul2_rx_caps_byte2(s);
}

static void emul2_ake_init(struct drm_hdcp2_emul *s, const struct hdcp2_ake_init *msg)
{
	struct hdcp2_ake_send_cert tmp;

	emul2_drop_session(s);
	s->lost_session = false;
	s->init = *msg;
	drm_hdcp2_random(DRM_HDCP2_NONCE_RRX, s->rrx, sizeof(s->rrx));
	tmp.msg_id = HDCP_2_2_AKE_SEND_CERT;
	memcpy(&tmp.cert_rx, s->rx->cert, sizeof(tmp.cert_rx));
	if (s->fault[DRM_HDCP2_EMUL_BAD_CERT])
		tmp.cert_rx.dcp_signature[17] ^= 0x01;
	memcpy(tmp.r_rx, s->rrx, sizeof(tmp.r_rx));
	emul2_rx_caps(s, tmp.rx_caps);
	emul2_answer(s, &tmp, sizeof(tmp), DRM_HDCP2_EMUL_CERT);
	s->state = EMUL2_WAIT_KM;
	/* The first list of the session carries seq_num_V 0. */
	if (s->fault[DRM_HDCP2_EMUL_SEQ_NUM_V_ROLLOVER])
		s->seq_num_v = HDCP_2_2_SEQ_NUM_MAX;
	else if (s->fault[DRM_HDCP2_EMUL_SEQ_NUM_V_NONZERO])
		s->seq_num_v = 1;
	else
		s->seq_num_v = 0;
}

/* H' for the km of this session, right or wrong as the faults say. */
static void emul2_km_known(struct drm_hdcp2_emul *s)
{
	struct hdcp2_ake_send_hprime h = { .msg_id = HDCP_2_2_AKE_SEND_HPRIME };
	u8 caps[HDCP_2_2_RXCAPS_LEN];

	emul2_rx_caps(s, caps);
	if (drm_hdcp2_kd(s->km, s->init.r_tx, s->rrx, s->kd) ||
	    drm_hdcp2_h_prime(s->kd, s->init.r_tx, caps, &s->init.tx_caps, h.h_prime))
		return;
	if (s->fault[DRM_HDCP2_EMUL_BAD_H_PRIME])
		h.h_prime[0] ^= 0x01;
	emul2_answer(s, &h, sizeof(h), DRM_HDCP2_EMUL_H_PRIME);
	s->state = EMUL2_WAIT_LC;
}

static void emul2_no_stored_km(struct drm_hdcp2_emul *s,
			       const struct hdcp2_ake_no_stored_km *msg)
{
	/* A km that does not decrypt leaves the transmitter without H'. */
	if (drm_hdcp2_km_decrypt(s->rx->kpriv, msg->e_kpub_km, s->km))
		return;
	s->paired_km = false;
	emul2_km_known(s);
}

static void emul2_stored_km(struct drm_hdcp2_emul *s, const struct hdcp2_ake_stored_km *msg)
{
	if (drm_hdcp2_ekh_km(s->kh, msg->e_kh_km_m, msg->e_kh_km_m + HDCP_2_2_E_KH_KM_LEN,
			     s->km))
		return;
	s->paired_km = true;
	emul2_km_known(s);
}

/* H' was read: the pairing info follows, unless km came from a pairing. */
static void emul2_h_prime_read(struct drm_hdcp2_emul *s)
{
	struct hdcp2_ake_send_pairing_info p = { .msg_id = HDCP_2_2_AKE_SEND_PAIRING_INFO };
	u8 m[HDCP_2_2_RTX_LEN + HDCP_2_2_RRX_LEN];

	if (s->paired_km)
		return;
	memcpy(m, s->init.r_tx, HDCP_2_2_RTX_LEN);
	memcpy(m + HDCP_2_2_RTX_LEN, s->rrx, HDCP_2_2_RRX_LEN);
	if (drm_hdcp2_ekh_km(s->kh, s->km, m, p.e_kh_km))
		return;
	emul2_answer(s, &p, sizeof(p), DRM_HDCP2_EMUL_PAIRING);
}

static void emul2_lc_init(struct drm_hdcp2_emul *s, const struct hdcp2_lc_init *msg)
{
	struct hdcp2_lc_send_lprime l = { .msg_id = HDCP_2_2_LC_SEND_LPRIME };

	/*
	 * H' or the pairing info still to come, or unread: the transmitter
	 * ran ahead. An L' still on its way is fine: this is a new try.
	 */
	if ((s->next.pending && s->next.msg[0] != HDCP_2_2_LC_SEND_LPRIME) ||
	    s->unread == HDCP_2_2_AKE_SEND_HPRIME || s->unread == HDCP_2_2_AKE_SEND_PAIRING_INFO)
		emul2_violation(s, DRM_HDCP2_EMUL_OUT_OF_ORDER, msg->msg_id);
	memcpy(s->rn, msg->r_n, sizeof(s->rn));
	s->lc_sent = false;
	s->l_read_late = false;
	s->lc_init_ns = s->now;
	if (drm_hdcp2_l_prime(s->kd, s->rrx, s->rn, l.l_prime))
		return;
	if (s->fault[DRM_HDCP2_EMUL_BAD_L_PRIME])
		l.l_prime[31] ^= 0x01;
	emul2_answer(s, &l, sizeof(l), DRM_HDCP2_EMUL_L_PRIME);
	s->state = EMUL2_WAIT_SKE;
}

static void emul2_l_prime_read(struct drm_hdcp2_emul *s)
{
	if (s->now > s->lc_init_ns + emul2_ms(EMUL2_L_PRIME_LIMIT_MS))
		s->l_read_late = true;
}

/* The Receiver ID list of the current topology, with the next seq_num_V. */
static void emul2_list(struct drm_hdcp2_emul *s, bool again)
{
	struct hdcp2_rep_send_receiverid_list *list;
	unsigned int i, n = min_t(unsigned int, s->topo.devices, HDCP_2_2_MAX_DEVICE_COUNT);
	u64 id;

	list = kzalloc(sizeof(*list), GFP_KERNEL);
	if (!list)
		return;
	if (again && s->seq_num_v_used && !s->fault[DRM_HDCP2_EMUL_SEQ_NUM_V_REPEAT])
		s->seq_num_v = (s->seq_num_v + 1) & HDCP_2_2_SEQ_NUM_MAX;
	s->seq_num_v_used = true;
	list->msg_id = HDCP_2_2_REP_SEND_RECVID_LIST;
	list->rx_info[0] = (n >> 4) & 1;
	list->rx_info[0] |= min(s->topo.depth, 7u) << 1;
	list->rx_info[1] = (n & 0xf) << 4;
	if (s->topo.devices > HDCP_2_2_MAX_DEVICE_COUNT)
		list->rx_info[1] |= BIT(3);
	if (s->topo.depth > EMUL2_MAX_DEPTH)
		list->rx_info[1] |= BIT(2);
	if (s->topo.hdcp2_0_downstream)
		list->rx_info[1] |= BIT(1);
	if (s->topo.hdcp1_downstream)
		list->rx_info[1] |= BIT(0);
	drm_hdcp_cpu_to_be24(list->seq_num_v, s->seq_num_v);
	for (i = 0; i < n; i++) {
		/* Downstream IDs are emulated KSVs, most significant byte first. */
		id = drm_hdcp1_emul_ksv(200 + i);
		list->receiver_ids[i * 5 + 0] = id >> 32;
		list->receiver_ids[i * 5 + 1] = id >> 24;
		list->receiver_ids[i * 5 + 2] = id >> 16;
		list->receiver_ids[i * 5 + 3] = id >> 8;
		list->receiver_ids[i * 5 + 4] = id;
	}
	if (!drm_hdcp2_v(s->kd, list->receiver_ids, n, list->rx_info, list->seq_num_v, s->v)) {
		memcpy(list->v_prime, s->v, sizeof(list->v_prime));
		if (s->fault[DRM_HDCP2_EMUL_BAD_V_PRIME])
			list->v_prime[3] ^= 0x01;
		s->acked = false;
		emul2_answer(s, list, drm_hdcp2_receiver_id_list_len(n), DRM_HDCP2_EMUL_LIST);
	}
	kfree(list);
}

static void emul2_ske(struct drm_hdcp2_emul *s, const struct hdcp2_ske_send_eks *msg)
{
	if (!s->lc_sent || s->next.pending || s->unread == HDCP_2_2_LC_SEND_LPRIME) {
		emul2_violation(s, DRM_HDCP2_EMUL_OUT_OF_ORDER, msg->msg_id);
		return;
	}
	if (s->l_read_late)
		emul2_violation(s, DRM_HDCP2_EMUL_LC_LATE, msg->msg_id);
	if (drm_hdcp2_edkey_ks(s->km, s->init.r_tx, s->rrx, s->rn, msg->e_dkey_ks, s->ks))
		return;
	memcpy(s->riv, msg->riv, sizeof(s->riv));
	s->ske_done = true;
	s->ske_ns = s->now;
	s->state = EMUL2_AUTHENTICATED;
	if (s->repeater)
		emul2_list(s, false);
}

static void emul2_ack(struct drm_hdcp2_emul *s, const struct hdcp2_rep_send_ack *msg)
{
	if (!s->repeater || !s->list_read) {
		emul2_violation(s, DRM_HDCP2_EMUL_OUT_OF_ORDER, msg->msg_id);
		return;
	}
	if (s->now > s->list_ns + emul2_ms(EMUL2_ACK_LIMIT_MS))
		emul2_violation(s, DRM_HDCP2_EMUL_ACK_LATE, msg->msg_id);
	s->list_read = false;
	/* A wrong V makes the repeater ask for authentication again. */
	if (memcmp(msg->v, s->v + HDCP_2_2_V_PRIME_HALF_LEN, sizeof(msg->v)))
		emul2_raise(s, EMUL2_RX_REAUTH);
	else
		s->acked = true;
}

static bool emul2_type1_forbidden(const struct drm_hdcp2_emul *s)
{
	return s->repeater && (s->topo.hdcp1_downstream || s->topo.hdcp2_0_downstream);
}

static void emul2_stream_manage(struct drm_hdcp2_emul *s,
				const struct hdcp2_rep_stream_manage *msg, size_t len)
{
	struct hdcp2_rep_stream_ready r = { .msg_id = HDCP_2_2_REP_STREAM_READY };
	unsigned int k = be16_to_cpu(msg->k), i;
	bool type1 = false;

	if (!s->repeater || !s->acked || !k || k > HDCP_2_2_MAX_CONTENT_STREAMS_CNT ||
	    len != drm_hdcp2_stream_manage_len(k)) {
		emul2_violation(s, DRM_HDCP2_EMUL_OUT_OF_ORDER, msg->msg_id);
		return;
	}
	if (drm_hdcp_be24_to_cpu(msg->seq_num_m) != s->seq_num_m)
		emul2_violation(s, DRM_HDCP2_EMUL_SEQ_NUM_M, msg->msg_id);
	s->seq_num_m = (drm_hdcp_be24_to_cpu(msg->seq_num_m) + 1) & HDCP_2_2_SEQ_NUM_MAX;
	for (i = 0; i < k; i++)
		type1 |= msg->streams[i].stream_type != HDCP_STREAM_TYPE0;
	if (type1 && emul2_type1_forbidden(s))
		emul2_violation(s, DRM_HDCP2_EMUL_TYPE1_FORBIDDEN, msg->msg_id);
	s->stream_type = msg->streams[0].stream_type;
	if (drm_hdcp2_m_prime(s->kd, msg->streams, k, msg->seq_num_m, r.m_prime))
		return;
	if (s->fault[DRM_HDCP2_EMUL_BAD_M_PRIME])
		r.m_prime[7] ^= 0x01;
	emul2_answer(s, &r, sizeof(r), DRM_HDCP2_EMUL_M_PRIME);
}

/* A whole message from the transmitter, msg_id first. */
static void emul2_receive(struct drm_hdcp2_emul *s, const u8 *msg, size_t len)
{
	const struct drm_hdcp2_msg *m = drm_hdcp2_msg_find(msg[0]);

	if (!m || m->from_rx || !s->capable) {
		emul2_violation(s, DRM_HDCP2_EMUL_OUT_OF_ORDER, msg[0]);
		return;
	}
	if (msg[0] == HDCP_2_2_REP_STREAM_MANAGE ? len > m->len || len < 6 : len != m->len) {
		emul2_violation(s, DRM_HDCP2_EMUL_BAD_LENGTH, msg[0]);
		return;
	}
	memset(&s->in, 0, sizeof(s->in));
	memcpy(&s->in, msg, len);
	switch (s->in.id) {
	case HDCP_2_2_AKE_INIT:
		emul2_ake_init(s, &s->in.init);
		return;
	case HDCP_2_2_AKE_NO_STORED_KM:
	case HDCP_2_2_AKE_STORED_KM:
		if (s->state != EMUL2_WAIT_KM || s->next.pending ||
		    s->unread == HDCP_2_2_AKE_SEND_CERT)
			break;
		if (s->in.id == HDCP_2_2_AKE_NO_STORED_KM)
			emul2_no_stored_km(s, &s->in.no_stored);
		else
			emul2_stored_km(s, &s->in.stored);
		return;
	case HDCP_2_2_LC_INIT:
		if (s->state < EMUL2_WAIT_LC || s->ske_done)
			break;
		emul2_lc_init(s, &s->in.lc);
		return;
	case HDCP_2_2_SKE_SEND_EKS:
		if (s->state != EMUL2_WAIT_SKE)
			break;
		emul2_ske(s, &s->in.ske);
		return;
	case HDCP_2_2_REP_SEND_ACK:
		emul2_ack(s, &s->in.ack);
		return;
	case HDCP_2_2_REP_STREAM_MANAGE:
		emul2_stream_manage(s, &s->in.manage, len);
		return;
	}
	emul2_violation(s, DRM_HDCP2_EMUL_OUT_OF_ORDER, s->in.id);
}

/* The transmitter read all of the message the receiver had ready. */
static void emul2_read_done(struct drm_hdcp2_emul *s, u8 id)
{
	if (s->unread == id)
		s->unread = 0;
	switch (id) {
	case HDCP_2_2_AKE_SEND_HPRIME:
		s->rxstatus &= ~EMUL2_RX_H_PRIME;
		emul2_h_prime_read(s);
		break;
	case HDCP_2_2_AKE_SEND_PAIRING_INFO:
		s->rxstatus &= ~EMUL2_RX_PAIRING;
		break;
	case HDCP_2_2_LC_SEND_LPRIME:
		emul2_l_prime_read(s);
		break;
	case HDCP_2_2_REP_SEND_RECVID_LIST:
		s->rxstatus &= ~EMUL2_RX_READY;
		s->list_read = true;
		break;
	}
}

/* HDMI registers of HDCP 2.2, or -ENOENT for the HDCP 1.4 sink's. */
static int emul2_hdmi_read(struct drm_hdcp2_emul *s, u32 offset, u8 *buf, size_t len)
{
	u16 rxstatus;
	size_t n;

	switch (offset) {
	case EMUL2_HDMI_VERSION:
		memset(buf, 0, len);
		if (len && s->capable)
			buf[0] = HDCP_2_2_HDMI_SUPPORT_MASK;
		return 0;
	case EMUL2_HDMI_RXSTATUS:
	case EMUL2_HDMI_RXSTATUS + 1:
		rxstatus = (s->out_len - s->out_pos) | s->reauth;
		if (s->out_id == HDCP_2_2_REP_SEND_RECVID_LIST && s->out_pos < s->out_len)
			rxstatus |= EMUL2_HDMI_RXSTATUS_READY;
		memset(buf, 0, len);
		for (n = 0; n < len && offset + n < EMUL2_HDMI_RXSTATUS + 2; n++)
			buf[n] = rxstatus >> (8 * (offset + n - EMUL2_HDMI_RXSTATUS));
		return 0;
	case EMUL2_HDMI_READ:
		n = min(len, s->out_len - s->out_pos);
		if (n < len)
			emul2_violation(s, DRM_HDCP2_EMUL_READ_NOT_READY, s->out_id);
		memcpy(buf, s->out + s->out_pos, n);
		memset(buf + n, 0, len - n);
		s->out_pos += n;
		if (n && s->out_pos == s->out_len) {
			s->out_len = 0;
			s->out_pos = 0;
			emul2_read_done(s, s->out_id);
		}
		return 0;
	case EMUL2_HDMI_WRITE:
		memset(buf, 0, len);
		return 0;
	}
	return -ENOENT;
}

static int emul2_hdmi_write(struct drm_hdcp2_emul *s, u32 offset, const u8 *buf, size_t len)
{
	switch (offset) {
	case EMUL2_HDMI_WRITE:
		if (len)
			emul2_receive(s, buf, len);
		return 0;
	case EMUL2_HDMI_VERSION:
	case EMUL2_HDMI_RXSTATUS:
	case EMUL2_HDMI_RXSTATUS + 1:
	case EMUL2_HDMI_READ:
		emul2_violation(s, DRM_HDCP2_EMUL_READ_ONLY_WRITE, 0);
		return 0;
	}
	return -ENOENT;
}

/* The message whose registers hold DPCD byte @addr, if any. */
static const struct drm_hdcp2_msg *emul2_dp_msg_at(u32 addr)
{
	static const u8 ids[] = {
		HDCP_2_2_AKE_INIT, HDCP_2_2_AKE_SEND_CERT, HDCP_2_2_AKE_NO_STORED_KM,
		HDCP_2_2_AKE_STORED_KM, HDCP_2_2_AKE_SEND_HPRIME,
		HDCP_2_2_AKE_SEND_PAIRING_INFO, HDCP_2_2_LC_INIT,
		HDCP_2_2_LC_SEND_LPRIME, HDCP_2_2_SKE_SEND_EKS,
		HDCP_2_2_REP_SEND_RECVID_LIST, HDCP_2_2_REP_SEND_ACK,
		HDCP_2_2_REP_STREAM_MANAGE, HDCP_2_2_REP_STREAM_READY,
	};
	const struct drm_hdcp2_msg *m;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		m = drm_hdcp2_msg_find(ids[i]);
		if (addr >= m->dp_offset && addr < m->dp_offset + m->len - 1)
			return m;
	}
	return NULL;
}

/* Bytes a receiver's message occupies in the DPCD: the list varies. */
static size_t emul2_dp_len(struct drm_hdcp2_emul *s, const struct drm_hdcp2_msg *m)
{
	const u8 *rx_info;

	if (m->id != HDCP_2_2_REP_SEND_RECVID_LIST)
		return m->len - 1;
	rx_info = emul2_dp_reg(s, DP_HDCP_2_2_REG_RXINFO_OFFSET);
	return drm_hdcp2_receiver_id_list_len(HDCP_2_2_DEV_COUNT_HI(rx_info[0]) << 4 |
					      HDCP_2_2_DEV_COUNT_LO(rx_info[1])) - 1;
}

/*
 * DisplayPort announces H', the pairing info and the list in RxStatus; the
 * others are read once the receiver's time for them is over. Reading
 * before that is the transmitter's fault; a receiver that is late when
 * the time is over is its own.
 */
static bool emul2_dp_read_early(const struct drm_hdcp2_emul *s, u8 id)
{
	bool announced = id == HDCP_2_2_AKE_SEND_HPRIME ||
			 id == HDCP_2_2_AKE_SEND_PAIRING_INFO ||
			 id == HDCP_2_2_REP_SEND_RECVID_LIST;

	return announced || id != s->owed || s->now < s->owed_by_ns;
}

static void emul2_dp_read_byte(struct drm_hdcp2_emul *s, u32 addr, u8 *val, bool *early)
{
	const struct drm_hdcp2_msg *m = emul2_dp_msg_at(addr);
	bool caps = addr >= DP_HDCP_2_2_REG_RX_CAPS_OFFSET &&
		    addr < DP_HDCP_2_2_REG_RX_CAPS_OFFSET + HDCP_2_2_RXCAPS_LEN;

	if (addr == DP_HDCP_2_2_REG_RXSTATUS_OFFSET) {
		*val = s->rxstatus;
		return;
	}
	*val = *emul2_dp_reg(s, addr);
	if (caps) {
		/* Always readable: transmitters check it before AKE_Init. */
		u8 rx_caps[HDCP_2_2_RXCAPS_LEN];

		emul2_rx_caps(s, rx_caps);
		*val = rx_caps[addr - DP_HDCP_2_2_REG_RX_CAPS_OFFSET];
	}
	if (!m || !m->from_rx)
		return;
	if (s->out_dp_id != m->id) {
		/* One violation per read, however many bytes it has. */
		if (!caps && !*early && emul2_dp_read_early(s, m->id)) {
			*early = true;
			emul2_violation(s, DRM_HDCP2_EMUL_READ_NOT_READY, m->id);
		}
		return;
	}
	if (addr == m->dp_offset + emul2_dp_len(s, m) - 1)
		emul2_read_done(s, m->id);
}

/* DisplayPort: the transmitter wrote the last byte of a message. */
static void emul2_dp_written(struct drm_hdcp2_emul *s, const struct drm_hdcp2_msg *m)
{
	/* The longest message a transmitter sends. */
	u8 msg[sizeof(struct hdcp2_ake_no_stored_km)];
	size_t len = m->len;

	if (m->id == HDCP_2_2_REP_STREAM_MANAGE) {
		u16 k = get_unaligned_be16(emul2_dp_reg(s, DP_HDCP_2_2_REG_K_OFFSET));

		len = drm_hdcp2_stream_manage_len(min_t(u16, k, HDCP_2_2_MAX_CONTENT_STREAMS_CNT));
	}
	msg[0] = m->id;
	memcpy(msg + 1, emul2_dp_reg(s, m->dp_offset), len - 1);
	emul2_receive(s, msg, len);
}

static int emul2_dp_write_byte(struct drm_hdcp2_emul *s, u32 addr, u8 val)
{
	const struct drm_hdcp2_msg *m = emul2_dp_msg_at(addr);
	size_t last;

	if (addr == DP_HDCP_2_2_REG_STREAM_TYPE_OFFSET) {
		if (s->repeater || !s->ske_done)
			emul2_violation(s, DRM_HDCP2_EMUL_OUT_OF_ORDER, 0);
		s->stream_type = val;
		return 0;
	}
	if (!m || m->from_rx) {
		emul2_violation(s, DRM_HDCP2_EMUL_READ_ONLY_WRITE, m ? m->id : 0);
		return 0;
	}
	*emul2_dp_reg(s, addr) = val;
	last = m->dp_offset + m->len - 2;
	if (m->id == HDCP_2_2_REP_STREAM_MANAGE) {
		u16 k = get_unaligned_be16(emul2_dp_reg(s, DP_HDCP_2_2_REG_K_OFFSET));

		if (addr < DP_HDCP_2_2_REG_STREAM_ID_TYPE_OFFSET)
			return 0;
		k = clamp_t(u16, k, 1, HDCP_2_2_MAX_CONTENT_STREAMS_CNT);
		last = m->dp_offset + drm_hdcp2_stream_manage_len(k) - 2;
	}
	if (addr == last)
		emul2_dp_written(s, m);
	return 0;
}

/**
 * drm_hdcp2_emul_read - the transmitter reads the sink's registers
 * @sink: the sink
 * @offset: where, in the transport's map (DDC offset or DPCD address)
 * @buf: the bytes read
 * @len: how many
 *
 * Accesses outside the HDCP 2.2 registers go to the HDCP 1.4 sink given
 * to drm_hdcp2_emul_create(). May sleep.
 *
 * Returns:
 * 0, -ENXIO while unplugged, another negative error code.
 */
int drm_hdcp2_emul_read(struct drm_hdcp2_emul *sink, u32 offset, void *buf, size_t len)
{
	bool early = false;
	size_t i;
	int ret = 0;

	if (!sink || (len && !buf))
		return -EINVAL;
	emul2_lock(sink);
	if (!sink->connected) {
		ret = -ENXIO;
	} else if (emul2_is_dp(sink) && offset >= EMUL2_DP_BASE &&
		   offset + len <= EMUL2_DP_END) {
		for (i = 0; i < len; i++)
			emul2_dp_read_byte(sink, offset + i, (u8 *)buf + i, &early);
	} else if (emul2_is_dp(sink) || offset < EMUL2_HDMI_VERSION ||
		   emul2_hdmi_read(sink, offset, buf, len) == -ENOENT) {
		ret = -ENOENT;
	}
	emul2_unlock(sink);
	if (ret == -ENOENT)
		ret = drm_hdcp1_emul_read(sink->hdcp1, offset, buf, len);
	return ret;
}
EXPORT_SYMBOL(drm_hdcp2_emul_read);

/**
 * drm_hdcp2_emul_write - the transmitter writes the sink's registers
 * @sink: the sink
 * @offset: where, in the transport's map
 * @buf: the bytes
 * @len: how many; on HDMI, a whole message to Write_Message
 *
 * As drm_hdcp2_emul_read(). May sleep.
 *
 * Returns:
 * 0, -ENXIO while unplugged, another negative error code.
 */
int drm_hdcp2_emul_write(struct drm_hdcp2_emul *sink, u32 offset, const void *buf,
			 size_t len)
{
	size_t i;
	int ret = 0;

	if (!sink || (len && !buf))
		return -EINVAL;
	emul2_lock(sink);
	if (!sink->connected) {
		ret = -ENXIO;
	} else if (emul2_is_dp(sink) && offset >= EMUL2_DP_BASE &&
		   offset + len <= EMUL2_DP_END) {
		for (i = 0; i < len; i++)
			emul2_dp_write_byte(sink, offset + i, ((const u8 *)buf)[i]);
	} else if (emul2_is_dp(sink) || offset < EMUL2_HDMI_VERSION ||
		   emul2_hdmi_write(sink, offset, buf, len) == -ENOENT) {
		ret = -ENOENT;
	}
	emul2_unlock(sink);
	if (ret == -ENOENT)
		ret = drm_hdcp1_emul_write(sink->hdcp1, offset, buf, len);
	return ret;
}
EXPORT_SYMBOL(drm_hdcp2_emul_write);

/**
 * drm_hdcp2_emul_aux_transfer - answer one AUX transaction as a DP sink
 * @sink: the sink, with the DisplayPort map
 * @msg: the transaction
 *
 * The &drm_dp_aux.transfer of the sink's AUX channel: native reads and
 * writes of the HDCP 2.2 registers here, everything else as the HDCP 1.4
 * sink answers it. More than 16 bytes is refused with -E2BIG, as no AUX
 * transaction carries them.
 *
 * Returns:
 * The bytes transferred, or a negative error code.
 */
ssize_t drm_hdcp2_emul_aux_transfer(struct drm_hdcp2_emul *sink, struct drm_dp_aux_msg *msg)
{
	u8 request = msg->request & ~DP_AUX_I2C_MOT;
	bool read = request == DP_AUX_NATIVE_READ;
	bool mine, connected;
	int ret;

	if (!sink || !emul2_is_dp(sink) || (msg->size && !msg->buffer))
		return -EINVAL;
	mine = (read || request == DP_AUX_NATIVE_WRITE) &&
	       msg->address >= EMUL2_DP_BASE && msg->address < EMUL2_DP_END;
	if (!mine)
		return drm_hdcp1_emul_aux_transfer(sink->hdcp1, msg);
	emul2_lock(sink);
	connected = sink->connected;
	if (msg->size > DP_AUX_MAX_PAYLOAD_BYTES)
		emul2_violation(sink, DRM_HDCP2_EMUL_AUX_TOO_LONG, 0);
	emul2_unlock(sink);
	if (msg->size > DP_AUX_MAX_PAYLOAD_BYTES)
		return -E2BIG;
	if (!connected)
		return -ETIMEDOUT;
	if (msg->address + msg->size > EMUL2_DP_END) {
		msg->reply = DP_AUX_NATIVE_REPLY_NACK;
		return 0;
	}
	if (read)
		ret = drm_hdcp2_emul_read(sink, msg->address, msg->buffer, msg->size);
	else
		ret = drm_hdcp2_emul_write(sink, msg->address, msg->buffer, msg->size);
	msg->reply = ret ? DP_AUX_NATIVE_REPLY_NACK : DP_AUX_NATIVE_REPLY_ACK;
	return ret ? 0 : msg->size;
}
EXPORT_SYMBOL(drm_hdcp2_emul_aux_transfer);

/**
 * drm_hdcp2_emul_ddc_xfer - answer the messages of an I2C transfer on DDC
 * @sink: the sink, with the HDMI map
 * @msgs: the messages of one i2c_transfer(), in order
 * @num: their number
 *
 * The master_xfer of an &i2c_adapter that stands for the DDC bus, for the
 * HDCP port at 0x3a: a write sets the register offset and writes any bytes
 * after it, a read returns bytes from the offset on. Read_Message and the
 * HDCP 1.4 KSV FIFO stream from one offset; a write to Write_Message is
 * one message. Other addresses, and 0x3a when unplugged, are not
 * acknowledged (-ENXIO).
 *
 * Returns:
 * @num, or a negative error code.
 */
int drm_hdcp2_emul_ddc_xfer(struct drm_hdcp2_emul *sink, struct i2c_msg *msgs, int num)
{
	struct i2c_msg *m;
	int i, ret;

	if (!sink || emul2_is_dp(sink) || num < 0 || (num && !msgs))
		return -EINVAL;
	for (i = 0; i < num; i++) {
		m = &msgs[i];
		if (m->addr != DRM_HDCP_DDC_ADDR || (m->len && !m->buf))
			return -ENXIO;
		if (m->flags & I2C_M_RD) {
			ret = drm_hdcp2_emul_read(sink, sink->ddc_offset, m->buf, m->len);
			if (ret)
				return ret == -ENXIO ? ret : -EIO;
			if (sink->ddc_offset != DRM_HDCP_DDC_KSV_FIFO &&
			    sink->ddc_offset != EMUL2_HDMI_READ)
				sink->ddc_offset += m->len;
			continue;
		}
		if (!m->len)
			continue;
		sink->ddc_offset = m->buf[0];
		if (m->len == 1)
			continue;
		ret = drm_hdcp2_emul_write(sink, m->buf[0], m->buf + 1, m->len - 1);
		if (ret)
			return ret == -ENXIO ? ret : -EIO;
		if (m->buf[0] != EMUL2_HDMI_WRITE)
			sink->ddc_offset += m->len - 1;
	}
	return num;
}
EXPORT_SYMBOL(drm_hdcp2_emul_ddc_xfer);

/**
 * drm_hdcp2_emul_poll - let the sink's time pass
 * @sink: the sink
 * @next_ns: set to when the sink next has something to do, or U64_MAX
 *
 * Makes a message whose time has come available, raising CP_IRQ on
 * DisplayPort. May sleep.
 *
 * Returns:
 * True if the sink has something to do later, at *@next_ns.
 */
bool drm_hdcp2_emul_poll(struct drm_hdcp2_emul *sink, u64 *next_ns)
{
	bool later;

	emul2_lock(sink);
	later = sink->next.pending;
	*next_ns = later ? sink->next.ready_ns : U64_MAX;
	emul2_unlock(sink);
	return later;
}
EXPORT_SYMBOL(drm_hdcp2_emul_poll);

/**
 * drm_hdcp2_emul_set_encryption - the transmitter switches encryption
 * @sink: the sink
 * @on: whether the link is encrypted with the session key now
 *
 * Encryption may start only with a session key, and no sooner than 200 ms
 * after SKE_Send_Eks (HDMI 2.2 2.4). May sleep.
 */
void drm_hdcp2_emul_set_encryption(struct drm_hdcp2_emul *sink, bool on)
{
	emul2_lock(sink);
	if (on && !sink->encrypting) {
		if (!sink->ske_done)
			emul2_violation(sink, DRM_HDCP2_EMUL_ENC_UNAUTHENTICATED, 0);
		else if (sink->now < sink->ske_ns + emul2_ms(EMUL2_ENC_FLOOR_MS))
			emul2_violation(sink, DRM_HDCP2_EMUL_ENC_TOO_EARLY, 0);
	}
	sink->encrypting = on;
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_encryption);

/**
 * drm_hdcp2_emul_authenticated - whether the sink holds a session key
 * @sink: the sink
 *
 * A repeater also needs its Receiver ID list acknowledged.
 *
 * Returns:
 * True from SKE_Send_Eks (and RepeaterAuth_Send_Ack) to the next AKE_Init.
 */
bool drm_hdcp2_emul_authenticated(struct drm_hdcp2_emul *sink)
{
	bool authed;

	emul2_lock(sink);
	authed = sink->ske_done && (!sink->repeater || sink->acked) &&
		 !sink->reauth && !(sink->rxstatus & (EMUL2_RX_REAUTH | EMUL2_RX_LINK_FAILED));
	emul2_unlock(sink);
	return authed;
}
EXPORT_SYMBOL(drm_hdcp2_emul_authenticated);

/**
 * drm_hdcp2_emul_stream_type - the content type the transmitter announced
 * @sink: the sink
 *
 * Returns:
 * The type of stream 0 from the last RepeaterAuth_Stream_Manage, or from
 * the DisplayPort stream type register for a receiver; -1 if none since
 * AKE_Init.
 */
int drm_hdcp2_emul_stream_type(struct drm_hdcp2_emul *sink)
{
	int type;

	emul2_lock(sink);
	type = sink->stream_type;
	emul2_unlock(sink);
	return type;
}
EXPORT_SYMBOL(drm_hdcp2_emul_stream_type);

/**
 * drm_hdcp2_emul_create - make an emulated HDCP 2.2 sink
 * @transport: HDMI or DisplayPort
 * @receiver: which of the errata's test receivers it is, 1 or 2
 * @hdcp1: the HDCP 1.4 sink of the same device, which answers the rest of
 *	the map; must outlive this one
 * @ops: the owner's clock and CP_IRQ line; must outlive the sink
 * @data: passed to @ops
 *
 * The sink starts connected, HDCP 2.2 capable, a receiver, strict, with
 * the default response times and no faults.
 *
 * Returns:
 * The sink, or an ERR_PTR(): -EINVAL for a bad argument, -ENOMEM.
 */
struct drm_hdcp2_emul *
drm_hdcp2_emul_create(enum drm_hdcp1_transport transport, unsigned int receiver,
		      struct drm_hdcp1_emul *hdcp1,
		      const struct drm_hdcp2_emul_ops *ops, void *data)
{
	struct drm_hdcp2_emul *s;

	if ((transport != DRM_HDCP1_HDMI && transport != DRM_HDCP1_DP) ||
	    (receiver != 1 && receiver != 2) || !hdcp1 || !ops || !ops->clock_ns)
		return ERR_PTR(-EINVAL);
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	mutex_init(&s->lock);
	s->transport = transport;
	s->ops = ops;
	s->data = data;
	s->hdcp1 = hdcp1;
	s->rx = receiver == 1 ? &drm_hdcp2_test_r1 : &drm_hdcp2_test_r2;
	drm_hdcp2_kh(s->rx->kpriv, s->kh);
	s->capable = true;
	s->connected = true;
	s->strict = true;
	memcpy(s->delay_ms, emul2_default_delay_ms, sizeof(s->delay_ms));
	emul2_drop_session(s);
	return s;
}
EXPORT_SYMBOL(drm_hdcp2_emul_create);

/**
 * drm_hdcp2_emul_destroy - free a sink and wipe its keys
 * @sink: the sink, or NULL
 */
void drm_hdcp2_emul_destroy(struct drm_hdcp2_emul *sink)
{
	if (!sink)
		return;
	mutex_destroy(&sink->lock);
	kfree_sensitive(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_destroy);

/**
 * drm_hdcp2_emul_set_capable - offer HDCP 2.2 or not
 * @sink: the sink
 * @capable: whether HDCP2Version (HDMI) or RxCaps (DisplayPort) says so
 *
 * A sink without HDCP 2.2 is an HDCP 1.4 sink only. May sleep.
 */
void drm_hdcp2_emul_set_capable(struct drm_hdcp2_emul *sink, bool capable)
{
	emul2_lock(sink);
	if (sink->capable != capable)
		emul2_lose_session(sink);
	sink->capable = capable;
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_capable);

/**
 * drm_hdcp2_emul_set_connected - plug or unplug the sink
 * @sink: the sink
 * @connected: whether it answers; unplugged, every access fails with
 *	-ENXIO and the session is lost
 *
 * The HDCP 1.4 sink is told the same. May sleep.
 */
void drm_hdcp2_emul_set_connected(struct drm_hdcp2_emul *sink, bool connected)
{
	emul2_lock(sink);
	if (sink->connected != connected)
		emul2_lose_session(sink);
	sink->connected = connected;
	emul2_unlock(sink);
	drm_hdcp1_emul_set_connected(sink->hdcp1, connected);
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_connected);

/**
 * drm_hdcp2_emul_set_repeater - make the sink a repeater
 * @sink: the sink
 * @topology: what it reports downstream from its next list on
 *
 * RxCaps says REPEATER from the next AKE_Send_Cert on. May sleep.
 *
 * Returns:
 * 0, or -EINVAL for a topology no repeater reports (no device, or more
 * than 255 devices or 7 levels, which RxInfo cannot carry).
 */
int drm_hdcp2_emul_set_repeater(struct drm_hdcp2_emul *sink,
				const struct drm_hdcp2_emul_topology *topology)
{
	if (!topology || !topology->devices || topology->devices > 255 ||
	    !topology->depth || topology->depth > 7)
		return -EINVAL;
	emul2_lock(sink);
	sink->repeater = true;
	sink->topo = *topology;
	emul2_unlock(sink);
	return 0;
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_repeater);

/**
 * drm_hdcp2_emul_set_receiver - make the sink a receiver again
 * @sink: the sink
 *
 * From the next AKE_Send_Cert on. May sleep.
 */
void drm_hdcp2_emul_set_receiver(struct drm_hdcp2_emul *sink)
{
	emul2_lock(sink);
	sink->repeater = false;
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_receiver);

/**
 * drm_hdcp2_emul_set_delay - how long the sink takes to answer
 * @sink: the sink
 * @which: the answer
 * @ms: its delay from the message it answers, or %DRM_HDCP2_EMUL_NEVER
 *
 * From the next message on. May sleep.
 */
void drm_hdcp2_emul_set_delay(struct drm_hdcp2_emul *sink,
			      enum drm_hdcp2_emul_delay which, u32 ms)
{
	if (which >= DRM_HDCP2_EMUL_NUM_DELAYS)
		return;
	emul2_lock(sink);
	sink->delay_ms[which] = ms;
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_delay);

/**
 * drm_hdcp2_emul_delay - how long the sink takes to answer
 * @sink: the sink
 * @which: the answer
 *
 * Returns:
 * The delay in milliseconds, or %DRM_HDCP2_EMUL_NEVER.
 */
u32 drm_hdcp2_emul_delay(struct drm_hdcp2_emul *sink, enum drm_hdcp2_emul_delay which)
{
	u32 ms;

	if (which >= DRM_HDCP2_EMUL_NUM_DELAYS)
		return DRM_HDCP2_EMUL_NEVER;
	emul2_lock(sink);
	ms = sink->delay_ms[which];
	emul2_unlock(sink);
	return ms;
}
EXPORT_SYMBOL(drm_hdcp2_emul_delay);

/**
 * drm_hdcp2_emul_set_fault - get a value wrong, or right again
 * @sink: the sink
 * @fault: which
 * @on: from the next message on
 *
 * May sleep.
 */
void drm_hdcp2_emul_set_fault(struct drm_hdcp2_emul *sink,
			      enum drm_hdcp2_emul_fault fault, bool on)
{
	if (fault >= DRM_HDCP2_EMUL_NUM_FAULTS)
		return;
	emul2_lock(sink);
	sink->fault[fault] = on;
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_fault);

/**
 * drm_hdcp2_emul_reauth_request - the sink asks for a new authentication
 * @sink: the sink
 *
 * Sets REAUTH_REQ in RxStatus (HDCP CTS 1A-07, 1B-08) until the next
 * AKE_Init; on DisplayPort it raises CP_IRQ. May sleep.
 */
void drm_hdcp2_emul_reauth_request(struct drm_hdcp2_emul *sink)
{
	emul2_lock(sink);
	emul2_raise(sink, EMUL2_RX_REAUTH);
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_reauth_request);

/**
 * drm_hdcp2_emul_link_failure - a DisplayPort sink loses link integrity
 * @sink: the sink
 *
 * Sets LINK_INTEGRITY_FAILURE in RxStatus until the next AKE_Init and
 * raises CP_IRQ. May sleep.
 *
 * Returns:
 * 0, or -EINVAL on HDMI, whose sinks signal it with REAUTH_REQ.
 */
int drm_hdcp2_emul_link_failure(struct drm_hdcp2_emul *sink)
{
	if (!emul2_is_dp(sink))
		return -EINVAL;
	emul2_lock(sink);
	emul2_raise(sink, EMUL2_RX_LINK_FAILED);
	emul2_unlock(sink);
	return 0;
}
EXPORT_SYMBOL(drm_hdcp2_emul_link_failure);

/**
 * drm_hdcp2_emul_topology_change - devices joined or left a repeater
 * @sink: the sink, an authenticated repeater
 * @topology: what it reports now
 *
 * Makes a new Receiver ID list available with the next seq_num_V and
 * sets READY (HDCP CTS 1B-07), after the list delay. May sleep.
 *
 * Returns:
 * 0, -EINVAL for a bad topology, -EBUSY when the sink is no authenticated
 * repeater.
 */
int drm_hdcp2_emul_topology_change(struct drm_hdcp2_emul *sink,
				   const struct drm_hdcp2_emul_topology *topology)
{
	int ret = 0;

	if (!topology || !topology->devices || topology->devices > 255 ||
	    !topology->depth || topology->depth > 7)
		return -EINVAL;
	emul2_lock(sink);
	if (!sink->repeater || !sink->ske_done) {
		ret = -EBUSY;
	} else {
		sink->topo = *topology;
		emul2_list(sink, true);
	}
	emul2_unlock(sink);
	return ret;
}
EXPORT_SYMBOL(drm_hdcp2_emul_topology_change);

/**
 * drm_hdcp2_emul_receiver_id - the sink's receiver ID
 * @sink: the sink
 *
 * Returns:
 * The five bytes of its certificate's receiver ID, as a transmitter looks
 * it up in an SRM.
 */
const u8 *drm_hdcp2_emul_receiver_id(struct drm_hdcp2_emul *sink)
{
	return sink->rx->cert;
}
EXPORT_SYMBOL(drm_hdcp2_emul_receiver_id);

/**
 * drm_hdcp2_emul_set_strict - count protocol violations or not
 * @sink: the sink
 * @strict: whether to count and log them
 *
 * May sleep.
 */
void drm_hdcp2_emul_set_strict(struct drm_hdcp2_emul *sink, bool strict)
{
	emul2_lock(sink);
	sink->strict = strict;
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_set_strict);

/**
 * drm_hdcp2_emul_violations - how many violations were counted
 * @sink: the sink
 *
 * Returns:
 * The number since the sink was made or last cleared.
 */
unsigned int drm_hdcp2_emul_violations(struct drm_hdcp2_emul *sink)
{
	unsigned int n;

	emul2_lock(sink);
	n = sink->total;
	emul2_unlock(sink);
	return n;
}
EXPORT_SYMBOL(drm_hdcp2_emul_violations);

/**
 * drm_hdcp2_emul_ignored - how many accesses of a lost session were ignored
 * @sink: the sink
 *
 * A transmitter cannot know at once that the sink was replugged: what it
 * sends or reads of the session it had, from the replug to its next
 * AKE_Init, the sink ignores, and counts here rather than as violations.
 *
 * Returns:
 * The number since the sink was made.
 */
unsigned int drm_hdcp2_emul_ignored(struct drm_hdcp2_emul *sink)
{
	unsigned int n;

	emul2_lock(sink);
	n = sink->ignored;
	emul2_unlock(sink);
	return n;
}
EXPORT_SYMBOL(drm_hdcp2_emul_ignored);

/**
 * drm_hdcp2_emul_violations_of - how many violations of one kind
 * @sink: the sink
 * @reason: the kind
 *
 * Returns:
 * The number counted.
 */
unsigned int drm_hdcp2_emul_violations_of(struct drm_hdcp2_emul *sink,
					  enum drm_hdcp2_emul_violation reason)
{
	unsigned int n;

	if (reason >= DRM_HDCP2_EMUL_NUM_VIOLATIONS)
		return 0;
	emul2_lock(sink);
	n = sink->counts[reason];
	emul2_unlock(sink);
	return n;
}
EXPORT_SYMBOL(drm_hdcp2_emul_violations_of);

/**
 * drm_hdcp2_emul_violation_log - the most recent violations
 * @sink: the sink
 * @log: where to copy them, oldest first
 * @max: room in @log
 *
 * Returns:
 * How many were copied, at most %DRM_HDCP2_EMUL_LOG_LEN.
 */
unsigned int drm_hdcp2_emul_violation_log(struct drm_hdcp2_emul *sink,
					  struct drm_hdcp2_emul_record *log,
					  unsigned int max)
{
	unsigned int n, first, i;

	emul2_lock(sink);
	n = min3(sink->total, (unsigned int)DRM_HDCP2_EMUL_LOG_LEN, max);
	first = sink->log_next - n;
	for (i = 0; i < n; i++)
		log[i] = sink->log[(first + i) % DRM_HDCP2_EMUL_LOG_LEN];
	emul2_unlock(sink);
	return n;
}
EXPORT_SYMBOL(drm_hdcp2_emul_violation_log);

/**
 * drm_hdcp2_emul_clear_violations - start counting from 0
 * @sink: the sink
 */
void drm_hdcp2_emul_clear_violations(struct drm_hdcp2_emul *sink)
{
	emul2_lock(sink);
	sink->total = 0;
	memset(sink->counts, 0, sizeof(sink->counts));
	sink->log_next = 0;
	emul2_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp2_emul_clear_violations);

/**
 * drm_hdcp2_emul_violation_name - what a violation is
 * @reason: the kind
 *
 * Returns:
 * A static string.
 */
const char *drm_hdcp2_emul_violation_name(enum drm_hdcp2_emul_violation reason)
{
	return reason < DRM_HDCP2_EMUL_NUM_VIOLATIONS ? emul2_violation_names[reason] : "?";
}
EXPORT_SYMBOL(drm_hdcp2_emul_violation_name);
