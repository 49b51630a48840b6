/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 2.2 transmitter protocol as a pure transition function, shared
 * by the engine (drm_hdcp2.c) and its KUnit tests. Nothing here does I/O
 * or reads a clock: time comes in with every event.
 */

#ifndef __DRM_HDCP2_FSM_H__
#define __DRM_HDCP2_FSM_H__

#include <linux/bits.h>
#include <linux/types.h>

/*
 * Timing and retry limits. "HDMI 2.2" is the HDCP on HDMI Specification
 * Rev 2.2, "DP 2.2" the HDCP on DisplayPort Specification Rev 2.2; the
 * values with their sources are collected in the project's hdcp22-facts
 * notes (section 3). Where the two transports differ, DP reads a message
 * its receiver cannot announce once the time the receiver has for it is
 * over.
 */
/* AKE_Send_Cert within 100 ms of AKE_Init (HDMI 2.2 2.2, DP 2.2 2.2). */
#define DRM_HDCP2_CERT_MS		100
/* H' within 1 s of AKE_No_Stored_km, 200 ms of AKE_Stored_km. */
#define DRM_HDCP2_H_PRIME_MS		1000
#define DRM_HDCP2_H_PRIME_PAIRED_MS	200
/* AKE_Send_Pairing_Info within 200 ms of H'. */
#define DRM_HDCP2_PAIRING_MS		200
/* L' within 20 ms of LC_Init (HDMI 2.2 2.3); DP reads it at 16 ms, as i915 does. */
#define DRM_HDCP2_L_PRIME_MS		20
#define DRM_HDCP2_DP_L_PRIME_READ_MS	16
/*
 * Locality check attempts per authentication: the specification allows
 * up to 1024; 8, as Xilinx's transmitter, keeps a failing sink cheap
 * (i915 tries 3 times).
 */
#define DRM_HDCP2_LC_TRIES		8
/* Encryption no sooner than 200 ms after SKE_Send_Eks (HDMI 2.2 2.4). */
#define DRM_HDCP2_ENC_DELAY_MS		200
/* A repeater's Receiver ID list within 3 s of SKE (HDMI 2.2 2.3.2). */
#define DRM_HDCP2_LIST_MS		3000
/* RepeaterAuth_Stream_Ready within 100 ms; 3 tries with new seq_num_M, as i915. */
#define DRM_HDCP2_M_PRIME_MS		100
#define DRM_HDCP2_STREAM_TRIES		3
/* Link integrity: RxStatus every 500 ms (DRM_HDCP2_CHECK_PERIOD_MS of drm_hdcp.h). */
#define DRM_HDCP2_LINK_CHECK_MS		500
/* How often an HDMI RxStatus, or a DP one without CP_IRQ, is polled. */
#define DRM_HDCP2_POLL_MS		2
#define DRM_HDCP2_DP_POLL_MS		10
/* A failed authentication is retried after 100 ms, doubling up to 6.4 s. */
#define DRM_HDCP2_RETRY_BASE_MS		100
#define DRM_HDCP2_RETRY_MAX_MS		6400

/**
 * enum drm_hdcp2_state - where the transmitter is in the protocol
 * @DRM_HDCP2_IDLE: content protection is Undesired
 * @DRM_HDCP2_WAIT_LINK: Desired, but no sink is driven
 * @DRM_HDCP2_UNSUPPORTED: Desired for Type 1 content that cannot be
 *	protected: no HDCP 2.2 at one end, or a topology that may not carry
 *	it
 * @DRM_HDCP2_FALLBACK: HDCP 1.4 protects the link (Type 0 content, no
 *	HDCP 2.2 at one end)
 * @DRM_HDCP2_A0_CAPS: reading whether the sink has HDCP 2.2
 * @DRM_HDCP2_A1_CERT: AKE_Init sent, waiting for AKE_Send_Cert
 * @DRM_HDCP2_A1_H_PRIME: km sent, waiting for H'
 * @DRM_HDCP2_A1_PAIRING: waiting for the pairing info
 * @DRM_HDCP2_A2_LC: LC_Init sent, waiting for L'
 * @DRM_HDCP2_A3_WAIT_ENC: session key sent; waiting the 200 ms before
 *	encryption
 * @DRM_HDCP2_A6_WAIT_LIST: waiting for a repeater's Receiver ID list
 * @DRM_HDCP2_A9_STREAMS: RepeaterAuth_Stream_Manage sent, waiting for M'
 * @DRM_HDCP2_A5_AUTHENTICATED: encrypted; link checks every 500 ms and on
 *	CP_IRQ
 * @DRM_HDCP2_BACKOFF: an attempt failed; waiting before the next one
 * @DRM_HDCP2_REVOKED: the SRM revokes the receiver or a device behind it
 * @DRM_HDCP2_NUM_STATES: number of states
 */
enum drm_hdcp2_state {
	DRM_HDCP2_IDLE,
	DRM_HDCP2_WAIT_LINK,
	DRM_HDCP2_UNSUPPORTED,
	DRM_HDCP2_FALLBACK,
	DRM_HDCP2_A0_CAPS,
	DRM_HDCP2_A1_CERT,
	DRM_HDCP2_A1_H_PRIME,
	DRM_HDCP2_A1_PAIRING,
	DRM_HDCP2_A2_LC,
	DRM_HDCP2_A3_WAIT_ENC,
	DRM_HDCP2_A6_WAIT_LIST,
	DRM_HDCP2_A9_STREAMS,
	DRM_HDCP2_A5_AUTHENTICATED,
	DRM_HDCP2_BACKOFF,
	DRM_HDCP2_REVOKED,
	DRM_HDCP2_NUM_STATES
};

/**
 * enum drm_hdcp2_event - what the transition function reacts to
 * @DRM_HDCP2_EV_ENABLE: Desired, with &drm_hdcp2_fsm.type1 set for the
 *	content type; sent again when the type changes
 * @DRM_HDCP2_EV_DISABLE: Undesired
 * @DRM_HDCP2_EV_LINK_UP: a sink is connected and driven
 * @DRM_HDCP2_EV_LINK_DOWN: unplug, DPMS off, suspend, a modeset
 * @DRM_HDCP2_EV_TIMER: the timeout of the last step expired
 * @DRM_HDCP2_EV_CP_IRQ: a DP sink raised CP_IRQ
 * @DRM_HDCP2_EV_OK: the I/O action succeeded
 * @DRM_HDCP2_EV_NOT_YET: the awaited message is not there yet
 * @DRM_HDCP2_EV_FAIL: the sink failed authentication (a value that does
 *	not match, a topology over the limits, a bad sequence number, a
 *	re-authentication request)
 * @DRM_HDCP2_EV_IO_ERROR: a DDC/AUX, transmitter or backend error
 * @DRM_HDCP2_EV_REVOKED: the SRM revokes a receiver ID
 * @DRM_HDCP2_EV_NO_HDCP2: the sink or the transmitter has no HDCP 2.2
 * @DRM_HDCP2_EV_TOPOLOGY: a repeater announced a new Receiver ID list
 * @DRM_HDCP2_NUM_EVENTS: number of events
 */
enum drm_hdcp2_event {
	DRM_HDCP2_EV_ENABLE,
	DRM_HDCP2_EV_DISABLE,
	DRM_HDCP2_EV_LINK_UP,
	DRM_HDCP2_EV_LINK_DOWN,
	DRM_HDCP2_EV_TIMER,
	DRM_HDCP2_EV_CP_IRQ,
	DRM_HDCP2_EV_OK,
	DRM_HDCP2_EV_NOT_YET,
	DRM_HDCP2_EV_FAIL,
	DRM_HDCP2_EV_IO_ERROR,
	DRM_HDCP2_EV_REVOKED,
	DRM_HDCP2_EV_NO_HDCP2,
	DRM_HDCP2_EV_TOPOLOGY,
	DRM_HDCP2_NUM_EVENTS
};

/* What an I/O result tells besides its event. */
#define DRM_HDCP2_INFO_REPEATER		BIT(0)	/* AKE_Send_Cert: RxCaps REPEATER */
#define DRM_HDCP2_INFO_PAIRED		BIT(1)	/* km went as AKE_Stored_km */
#define DRM_HDCP2_INFO_TYPE1_OK		BIT(2)	/* the topology may carry Type 1 */

/**
 * struct drm_hdcp2_fsm - the protocol state; plain data
 * @state: current state
 * @io: the I/O action whose result is awaited, 0 if none
 * @dp: DisplayPort rules
 * @fallback: HDCP 1.4 may protect Type 0 content where HDCP 2.2 cannot
 * @link_up: a sink is connected and driven
 * @type1: the content is Type 1
 * @repeater: the receiver is a repeater (RxCaps)
 * @paired: km went as AKE_Stored_km, so no pairing info follows
 * @type1_ok: the repeater's topology may carry Type 1 content
 * @armed: a session was opened and not reset since
 * @encrypting: the transmitter encrypts the link
 * @type1_protected: the authenticated link carries the content as Type 1
 * @attempts: failed authentications since the last success
 * @tries: locality checks or stream management messages in this step
 * @since_ms: when the awaited message's time started
 * @ske_ms: when the session key was sent
 */
struct drm_hdcp2_fsm {
	enum drm_hdcp2_state state;
	u32 io;
	bool dp;
	bool fallback;
	bool link_up;
	bool type1;
	bool repeater;
	bool paired;
	bool type1_ok;
	bool armed;
	bool encrypting;
	bool type1_protected;
	unsigned int attempts;
	unsigned int tries;
	u64 since_ms;
	u64 ske_ms;
};

/* Side effects, run before the I/O action of the same step. */
#define DRM_HDCP2_ACT_RESET		BIT(0)	/* encryption off, session closed */
#define DRM_HDCP2_ACT_FALLBACK_ON	BIT(1)	/* HDCP 1.4 takes the link */
#define DRM_HDCP2_ACT_FALLBACK_OFF	BIT(2)	/* HDCP 1.4 gives it back */
/* I/O actions: at most one per step, its result is the next event. */
#define DRM_HDCP2_ACT_READ_CAPS		BIT(3)
#define DRM_HDCP2_ACT_SEND_AKE_INIT	BIT(4)
#define DRM_HDCP2_ACT_READ_CERT		BIT(5)	/* then sends km */
#define DRM_HDCP2_ACT_READ_H_PRIME	BIT(6)
#define DRM_HDCP2_ACT_READ_PAIRING	BIT(7)
#define DRM_HDCP2_ACT_SEND_LC_INIT	BIT(8)
#define DRM_HDCP2_ACT_READ_L_PRIME	BIT(9)
#define DRM_HDCP2_ACT_SEND_SKE		BIT(10)
#define DRM_HDCP2_ACT_READ_LIST		BIT(11)	/* then sends the ack */
#define DRM_HDCP2_ACT_STREAM_MANAGE	BIT(12)
#define DRM_HDCP2_ACT_READ_M_PRIME	BIT(13)
#define DRM_HDCP2_ACT_ENCRYPT		BIT(14)
#define DRM_HDCP2_ACT_CHECK_LINK	BIT(15)
#define DRM_HDCP2_ACT_SET_TYPE		BIT(16)	/* DP receiver: stream type */
#define DRM_HDCP2_ACT_IO_MASK		GENMASK(16, 3)

/* Timer requests of a step. */
#define DRM_HDCP2_TIMER_KEEP		(-2)
#define DRM_HDCP2_TIMER_NONE		(-1)

/**
 * struct drm_hdcp2_step - what one transition asks the engine to do
 * @actions: DRM_HDCP2_ACT_* bits
 * @timeout_ms: arm the timer for this long, or DRM_HDCP2_TIMER_NONE or
 *	DRM_HDCP2_TIMER_KEEP
 * @ignored: the event means nothing in this state; nothing changed
 */
struct drm_hdcp2_step {
	u32 actions;
	s32 timeout_ms;
	bool ignored;
};

void drm_hdcp2_fsm_init(struct drm_hdcp2_fsm *fsm, bool dp, bool fallback);
struct drm_hdcp2_step drm_hdcp2_fsm_next(struct drm_hdcp2_fsm *fsm,
					 enum drm_hdcp2_event ev, u32 info,
					 u64 now_ms);
bool drm_hdcp2_fsm_protected(const struct drm_hdcp2_fsm *fsm);
const char *drm_hdcp2_state_name(enum drm_hdcp2_state state);
const char *drm_hdcp2_event_name(enum drm_hdcp2_event ev);

#endif /* __DRM_HDCP2_FSM_H__ */
