/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 1.4 transmitter protocol as a pure transition function, shared
 * by the engine (drm_hdcp1.c) and its KUnit tests. Nothing here does I/O or
 * reads a clock: time comes in with every event.
 */

#ifndef __DRM_HDCP1_FSM_H__
#define __DRM_HDCP1_FSM_H__

#include <linux/bits.h>
#include <linux/types.h>

/*
 * Timing and retry limits. "HDCP 1.4" is the HDCP Specification Rev 1.4,
 * "DP" the HDCP on DisplayPort Specification Amendment Rev 1.1; the facts
 * behind each value, with their sources, are collected in the project's
 * hdcp14-facts notes (sections 4 and 6).
 */
/* The receiver has 100 ms from the Aksv write to make R0' available (HDCP 1.4 2.2.1, DP 2.2.1). */
#define DRM_HDCP1_R0_FLOOR_MS		100
/*
 * Some sinks are slower than the specification allows: an R0' that was
 * wrong or late is read again this long after Aksv, and the next attempts
 * wait as long for their first read (Linux 6.12 read R0' at 300 ms).
 */
#define DRM_HDCP1_R0_SLOW_MS		300
/*
 * R0' is read up to three times before it counts as invalid (DP 2.2.1
 * mandates two more reads; Linux 6.12 read three times on HDMI as well):
 * at the floor, at DRM_HDCP1_R0_SLOW_MS, and once more at once.
 */
#define DRM_HDCP1_R0_READS		3
/* A repeater has 5 s from the R0' match to assemble its KSV list (HDCP 1.4 2.2.2, DP 2.3). */
#define DRM_HDCP1_READY_TIMEOUT_MS	5000
/* How often READY is polled when no CP_IRQ announces it. */
#define DRM_HDCP1_READY_POLL_MS		100
/* DP reads V' up to three times before it counts as invalid (DP 2.3). */
#define DRM_HDCP1_DP_V_READS		3
/*
 * Link integrity is checked at least once every two seconds (HDCP 1.4
 * 2.2.3), and never less often than Ri changes (every 128 frames).
 */
#define DRM_HDCP1_LINK_CHECK_MS		2000
/*
 * HDMI: an Ri' that does not match is read this many times, at once,
 * before the link counts as lost. A read can straddle a change of Ri
 * (the sink answered with the old value, the transmitter compares the
 * new one); Linux 6.12 read Ri' three times too.
 */
#define DRM_HDCP1_RI_READS		3
/* A failed authentication is retried after 100 ms, doubling up to 6.4 s. */
#define DRM_HDCP1_RETRY_BASE_MS		100
#define DRM_HDCP1_RETRY_MAX_MS		6400

/**
 * enum drm_hdcp1_state - where the transmitter is in the protocol
 * @DRM_HDCP1_IDLE: content protection is Undesired
 * @DRM_HDCP1_WAIT_LINK: Desired, but no sink is driven
 * @DRM_HDCP1_UNSUPPORTED: Desired for content (Type 1) that HDCP 1.4 cannot
 *	protect
 * @DRM_HDCP1_A1_EXCHANGE: first part: Bcaps read, An and Aksv written, Bksv
 *	read and checked (the I/O is in flight)
 * @DRM_HDCP1_A2_R0: waiting for R0', then reading and comparing it
 * @DRM_HDCP1_A8_READY: encrypted, waiting for a repeater's KSV list
 * @DRM_HDCP1_A9_KSV_LIST: second part: topology, KSV list, revocation, V'
 * @DRM_HDCP1_A4_AUTHENTICATED: encrypted and reported Enabled; third part
 *	(link integrity checks) runs on a timer and on CP_IRQ
 * @DRM_HDCP1_BACKOFF: an attempt failed; waiting before the next one
 * @DRM_HDCP1_REVOKED: the SRM revokes the receiver or a device behind it;
 *	no new attempt until something changes: the link restarts (hotplug,
 *	a modeset) or userspace asks again (Undesired, then Desired)
 * @DRM_HDCP1_NUM_STATES: number of states
 */
enum drm_hdcp1_state {
	DRM_HDCP1_IDLE,
	DRM_HDCP1_WAIT_LINK,
	DRM_HDCP1_UNSUPPORTED,
	DRM_HDCP1_A1_EXCHANGE,
	DRM_HDCP1_A2_R0,
	DRM_HDCP1_A8_READY,
	DRM_HDCP1_A9_KSV_LIST,
	DRM_HDCP1_A4_AUTHENTICATED,
	DRM_HDCP1_BACKOFF,
	DRM_HDCP1_REVOKED,
	DRM_HDCP1_NUM_STATES
};

/**
 * enum drm_hdcp1_event - what the transition function reacts to
 * @DRM_HDCP1_EV_ENABLE: Desired, with &drm_hdcp1_fsm.type1 set for the
 *	content type; sent again when the type changes
 * @DRM_HDCP1_EV_DISABLE: Undesired
 * @DRM_HDCP1_EV_LINK_UP: a sink is connected and driven
 * @DRM_HDCP1_EV_LINK_DOWN: unplug, DPMS off, suspend, a modeset
 * @DRM_HDCP1_EV_TIMER: the timeout of the last step expired
 * @DRM_HDCP1_EV_CP_IRQ: a DP sink raised CP_IRQ
 * @DRM_HDCP1_EV_OK: the I/O action succeeded
 * @DRM_HDCP1_EV_OK_REPEATER: the KSV exchange succeeded with a repeater
 * @DRM_HDCP1_EV_NOT_YET: R0', V' or Ri' did not match, or READY is clear
 * @DRM_HDCP1_EV_FAIL: the sink failed authentication (not capable, invalid
 *	KSV, topology limits, link failure reported by the sink)
 * @DRM_HDCP1_EV_IO_ERROR: a DDC/AUX or transmitter error
 * @DRM_HDCP1_EV_REVOKED: the SRM revokes the Bksv or a KSV of the list
 * @DRM_HDCP1_NUM_EVENTS: number of events
 */
enum drm_hdcp1_event {
	DRM_HDCP1_EV_ENABLE,
	DRM_HDCP1_EV_DISABLE,
	DRM_HDCP1_EV_LINK_UP,
	DRM_HDCP1_EV_LINK_DOWN,
	DRM_HDCP1_EV_TIMER,
	DRM_HDCP1_EV_CP_IRQ,
	DRM_HDCP1_EV_OK,
	DRM_HDCP1_EV_OK_REPEATER,
	DRM_HDCP1_EV_NOT_YET,
	DRM_HDCP1_EV_FAIL,
	DRM_HDCP1_EV_IO_ERROR,
	DRM_HDCP1_EV_REVOKED,
	DRM_HDCP1_NUM_EVENTS
};

/**
 * struct drm_hdcp1_fsm - the protocol state; plain data
 * @state: current state
 * @io: the I/O action whose result is awaited, 0 if none
 * @dp: DisplayPort rules (R0' and V' re-reads, CP_IRQ)
 * @link_up: a sink is connected and driven
 * @type1: the content needs HDCP 2.2 (Type 1)
 * @repeater: the receiver is a repeater (from Bcaps)
 * @armed: the transmitter was started and not reset since
 * @encrypting: the R0' check passed and the transmitter encrypts
 * @slow_sink: R0' was wrong or late in the last attempt
 * @attempts: failed authentications since the last success
 * @reads: reads of R0', V' or Ri' in the current step
 * @since_ms: when the current wait began (Aksv write, R0' match)
 * @enc_ms: when encryption began (R0' match); Ri changes every 128
 *	frames from there
 * @ri_period_ns: 128 frames of the mode being driven, 0 if unknown
 * @next_check_ms: when the next link integrity check is due
 */
struct drm_hdcp1_fsm {
	enum drm_hdcp1_state state;
	u32 io;
	bool dp;
	bool link_up;
	bool type1;
	bool repeater;
	bool armed;
	bool encrypting;
	bool slow_sink;
	unsigned int attempts;
	unsigned int reads;
	u64 since_ms;
	u64 enc_ms;
	u64 ri_period_ns;
	u64 next_check_ms;
};

/* Side effect, run before the I/O action of the same step. */
#define DRM_HDCP1_ACT_RESET_TX		BIT(0)
/* I/O actions: at most one per step, its result is the next event. */
#define DRM_HDCP1_ACT_EXCHANGE_KSVS	BIT(1)
#define DRM_HDCP1_ACT_READ_R0		BIT(2)
#define DRM_HDCP1_ACT_POLL_READY	BIT(3)
#define DRM_HDCP1_ACT_READ_KSV_LIST	BIT(4)
#define DRM_HDCP1_ACT_READ_V		BIT(5)
#define DRM_HDCP1_ACT_CHECK_LINK	BIT(6)
#define DRM_HDCP1_ACT_IO_MASK		GENMASK(6, 1)

/* Timer requests of a step. */
#define DRM_HDCP1_TIMER_KEEP		(-2)
#define DRM_HDCP1_TIMER_NONE		(-1)

/**
 * struct drm_hdcp1_step - what one transition asks the engine to do
 * @actions: DRM_HDCP1_ACT_* bits
 * @timeout_ms: arm the timer for this long, or DRM_HDCP1_TIMER_NONE or
 *	DRM_HDCP1_TIMER_KEEP
 * @ignored: the event means nothing in this state; nothing changed
 */
struct drm_hdcp1_step {
	u32 actions;
	s32 timeout_ms;
	bool ignored;
};

void drm_hdcp1_fsm_init(struct drm_hdcp1_fsm *fsm, bool dp);
struct drm_hdcp1_step drm_hdcp1_fsm_next(struct drm_hdcp1_fsm *fsm,
					 enum drm_hdcp1_event ev, u64 now_ms);
const char *drm_hdcp1_state_name(enum drm_hdcp1_state state);
const char *drm_hdcp1_event_name(enum drm_hdcp1_event ev);

#endif /* __DRM_HDCP1_FSM_H__ */
