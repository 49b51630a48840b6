// SPDX-License-Identifier: MIT
/*
 * HDCP 2.2 transmitter protocol: one transition function, no I/O.
 *
 * Every retry, timeout and failure rule of the protocol is decided here and
 * nowhere else. The engine (drm_hdcp2.c) runs the actions a step asks for
 * and feeds their results back as events. Comments name the HDCP 2.2 CTS
 * test (1A-xx: transmitter with a receiver, 1B-xx: with a repeater) that a
 * rule satisfies.
 */

#include <linux/build_bug.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/minmax.h>

#include <kunit/visibility.h>

#include <drm/display/drm_hdcp.h>

#include "drm_hdcp2_fsm.h"

/* The values the specifications fix; a change here is a change of protocol. */
static_assert(DRM_HDCP2_CERT_MS == HDCP_2_2_CERT_TIMEOUT_MS);
static_assert(DRM_HDCP2_H_PRIME_MS == HDCP_2_2_HPRIME_NO_PAIRED_TIMEOUT_MS);
static_assert(DRM_HDCP2_H_PRIME_PAIRED_MS == HDCP_2_2_HPRIME_PAIRED_TIMEOUT_MS);
static_assert(DRM_HDCP2_PAIRING_MS == HDCP_2_2_PAIRING_TIMEOUT_MS);
static_assert(DRM_HDCP2_L_PRIME_MS == HDCP_2_2_HDMI_LPRIME_TIMEOUT_MS);
static_assert(DRM_HDCP2_DP_L_PRIME_READ_MS == HDCP_2_2_DP_LPRIME_TIMEOUT_MS);
static_assert(DRM_HDCP2_ENC_DELAY_MS == HDCP_2_2_DELAY_BEFORE_ENCRYPTION_EN);
static_assert(DRM_HDCP2_LIST_MS == HDCP_2_2_RECVID_LIST_TIMEOUT_MS);
static_assert(DRM_HDCP2_M_PRIME_MS == HDCP_2_2_STREAM_READY_TIMEOUT_MS);
static_assert(DRM_HDCP2_LINK_CHECK_MS == DRM_HDCP2_CHECK_PERIOD_MS);
static_assert(DRM_HDCP2_LC_TRIES <= 1024);

/*
 * Waits that end in a read or in encryption are counted from a clock read
 * in whole milliseconds after the message went out: one more keeps them
 * from ending a fraction of a millisecond early.
 */
#define DRM_HDCP2_MARGIN_MS		1

static const char * const drm_hdcp2_state_names[] = {
	[DRM_HDCP2_IDLE] = "idle",
	[DRM_HDCP2_WAIT_LINK] = "wait-link",
	[DRM_HDCP2_UNSUPPORTED] = "unsupported",
	[DRM_HDCP2_FALLBACK] = "hdcp1.4",
	[DRM_HDCP2_A0_CAPS] = "A0-caps",
	[DRM_HDCP2_A1_CERT] = "A1-cert",
	[DRM_HDCP2_A1_H_PRIME] = "A1-h-prime",
	[DRM_HDCP2_A1_PAIRING] = "A1-pairing",
	[DRM_HDCP2_A2_LC] = "A2-locality",
	[DRM_HDCP2_A3_WAIT_ENC] = "A3-session-key",
	[DRM_HDCP2_A6_WAIT_LIST] = "A6-receiver-ids",
	[DRM_HDCP2_A9_STREAMS] = "A9-streams",
	[DRM_HDCP2_A5_AUTHENTICATED] = "A5-authenticated",
	[DRM_HDCP2_BACKOFF] = "backoff",
	[DRM_HDCP2_REVOKED] = "revoked",
};

static const char * const drm_hdcp2_event_names[] = {
	[DRM_HDCP2_EV_ENABLE] = "enable",
	[DRM_HDCP2_EV_DISABLE] = "disable",
	[DRM_HDCP2_EV_LINK_UP] = "link-up",
	[DRM_HDCP2_EV_LINK_DOWN] = "link-down",
	[DRM_HDCP2_EV_TIMER] = "timer",
	[DRM_HDCP2_EV_CP_IRQ] = "cp-irq",
	[DRM_HDCP2_EV_OK] = "ok",
	[DRM_HDCP2_EV_NOT_YET] = "not-yet",
	[DRM_HDCP2_EV_FAIL] = "fail",
	[DRM_HDCP2_EV_IO_ERROR] = "io-error",
	[DRM_HDCP2_EV_REVOKED] = "revoked",
	[DRM_HDCP2_EV_NO_HDCP2] = "no-hdcp2",
	[DRM_HDCP2_EV_TOPOLOGY] = "topology",
};

static_assert(ARRAY_SIZE(drm_hdcp2_state_names) == DRM_HDCP2_NUM_STATES);
static_assert(ARRAY_SIZE(drm_hdcp2_event_names) == DRM_HDCP2_NUM_EVENTS);

/**
 * drm_hdcp2_state_name - printable name of a state
 * @state: the state
 *
 * Returns:
 * A static string.
 */
const char *drm_hdcp2_state_name(enum drm_hdcp2_state state)
{
	return state < DRM_HDCP2_NUM_STATES ? drm_hdcp2_state_names[state] : "?";
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_state_name);

/**
 * drm_hdcp2_event_name - printable name of an event
 * @ev: the event
 *
 * Returns:
 * A static string.
 */
const char *drm_hdcp2_event_name(enum drm_hdcp2_event ev)
{
	return ev < DRM_HDCP2_NUM_EVENTS ? drm_hdcp2_event_names[ev] : "?";
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_event_name);

/**
 * drm_hdcp2_fsm_init - the protocol state of a new engine
 * @fsm: protocol state to set up
 * @dp: the link is DisplayPort
 * @fallback: HDCP 1.4 may protect Type 0 content without HDCP 2.2
 */
void drm_hdcp2_fsm_init(struct drm_hdcp2_fsm *fsm, bool dp, bool fallback)
{
	*fsm = (struct drm_hdcp2_fsm){
		.state = DRM_HDCP2_IDLE,
		.dp = dp,
		.fallback = fallback,
	};
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_fsm_init);

/**
 * drm_hdcp2_fsm_protected - whether the link is encrypted for its content
 * @fsm: protocol state
 *
 * Returns:
 * True once authenticated, and while a repeater's new topology is being
 * checked on the encrypted link.
 */
bool drm_hdcp2_fsm_protected(const struct drm_hdcp2_fsm *fsm)
{
	return fsm->encrypting &&
	       (fsm->state == DRM_HDCP2_A5_AUTHENTICATED ||
		fsm->state == DRM_HDCP2_A6_WAIT_LIST ||
		fsm->state == DRM_HDCP2_A9_STREAMS);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_fsm_protected);

static struct drm_hdcp2_step step(u32 actions, s32 timeout_ms)
{
	return (struct drm_hdcp2_step){ .actions = actions, .timeout_ms = timeout_ms };
}

static struct drm_hdcp2_step ignore(void)
{
	return (struct drm_hdcp2_step){
		.timeout_ms = DRM_HDCP2_TIMER_KEEP,
		.ignored = true,
	};
}

static struct drm_hdcp2_step enter(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_state state,
				   u32 actions, s32 timeout_ms)
{
	fsm->state = state;
	fsm->io = actions & DRM_HDCP2_ACT_IO_MASK;
	return step(actions, timeout_ms);
}

/* Leave HDCP 2.2 and HDCP 1.4 alike, however far they got. */
static u32 stop_auth(struct drm_hdcp2_fsm *fsm)
{
	u32 actions = fsm->armed ? DRM_HDCP2_ACT_RESET : 0;

	if (fsm->state == DRM_HDCP2_FALLBACK)
		actions |= DRM_HDCP2_ACT_FALLBACK_OFF;
	fsm->armed = false;
	fsm->encrypting = false;
	fsm->type1_protected = false;
	fsm->repeater = false;
	fsm->paired = false;
	fsm->type1_ok = false;
	fsm->tries = 0;
	return actions;
}

/* Where a Desired connector goes when nothing is in progress. */
static struct drm_hdcp2_step want(struct drm_hdcp2_fsm *fsm, u32 actions)
{
	if (!fsm->link_up)
		return enter(fsm, DRM_HDCP2_WAIT_LINK, actions, DRM_HDCP2_TIMER_NONE);
	return enter(fsm, DRM_HDCP2_A0_CAPS, actions | DRM_HDCP2_ACT_READ_CAPS,
		     DRM_HDCP2_TIMER_NONE);
}

/*
 * Every failure: give up this attempt and try again later, waiting
 * longer each time. There is no limit on attempts: Desired stays until
 * userspace withdraws it.
 */
static struct drm_hdcp2_step fail(struct drm_hdcp2_fsm *fsm)
{
	u32 actions = stop_auth(fsm);
	unsigned int shift = min(fsm->attempts, 6u);

	fsm->attempts++;
	return enter(fsm, DRM_HDCP2_BACKOFF, actions,
		     min(DRM_HDCP2_RETRY_BASE_MS << shift, DRM_HDCP2_RETRY_MAX_MS));
}

/*
 * 1A-10 and a revoked downstream device: the SRM will say the same at the
 * next attempt, so there is none until the link restarts or userspace
 * asks again.
 */
static struct drm_hdcp2_step revoked(struct drm_hdcp2_fsm *fsm)
{
	return enter(fsm, DRM_HDCP2_REVOKED, stop_auth(fsm), DRM_HDCP2_TIMER_NONE);
}

/* Type 1 content that this link cannot carry: stop until something changes. */
static struct drm_hdcp2_step unsupported(struct drm_hdcp2_fsm *fsm)
{
	return enter(fsm, DRM_HDCP2_UNSUPPORTED, stop_auth(fsm), DRM_HDCP2_TIMER_NONE);
}

/* Where a link going down leads back to waiting for the next one. */
static bool is_running(enum drm_hdcp2_state state)
{
	return state >= DRM_HDCP2_UNSUPPORTED && state <= DRM_HDCP2_REVOKED;
}

/* How long until a message awaited since @since_ms is read (again). */
static s32 poll_in(const struct drm_hdcp2_fsm *fsm, u64 now_ms, u32 limit_ms)
{
	u64 end = fsm->since_ms + limit_ms;
	u32 poll = fsm->dp ? DRM_HDCP2_DP_POLL_MS : DRM_HDCP2_POLL_MS;

	return now_ms >= end ? 0 : min_t(u64, poll, end - now_ms);
}

/*
 * Wait for a message the receiver announces: HDMI through the length in
 * RxStatus, DP through RxStatus and CP_IRQ. DP messages it cannot
 * announce are read once the receiver's time for them is over.
 */
static struct drm_hdcp2_step await(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_state state,
				   u64 now_ms, u32 dp_read_ms)
{
	fsm->since_ms = now_ms;
	if (fsm->dp && dp_read_ms)
		return enter(fsm, state, 0, dp_read_ms + DRM_HDCP2_MARGIN_MS);
	return enter(fsm, state, 0, fsm->dp ? DRM_HDCP2_DP_POLL_MS : DRM_HDCP2_POLL_MS);
}

/* A message still missing: read again while there is time, else fail. */
static struct drm_hdcp2_step not_yet(struct drm_hdcp2_fsm *fsm, u64 now_ms, u32 limit_ms)
{
	if (now_ms >= fsm->since_ms + limit_ms)
		return fail(fsm);
	return enter(fsm, fsm->state, 0, poll_in(fsm, now_ms, limit_ms));
}

static struct drm_hdcp2_step authenticated(struct drm_hdcp2_fsm *fsm)
{
	fsm->attempts = 0;
	fsm->tries = 0;
	return enter(fsm, DRM_HDCP2_A5_AUTHENTICATED, 0, DRM_HDCP2_LINK_CHECK_MS);
}

static struct drm_hdcp2_step start_lc(struct drm_hdcp2_fsm *fsm)
{
	fsm->tries++;
	return enter(fsm, DRM_HDCP2_A2_LC, DRM_HDCP2_ACT_SEND_LC_INIT, DRM_HDCP2_TIMER_NONE);
}

/* 1B-10: tell the repeater the streams' types and check its M'. */
static struct drm_hdcp2_step manage_streams(struct drm_hdcp2_fsm *fsm)
{
	if (fsm->type1 && !fsm->type1_ok)
		return unsupported(fsm);
	fsm->tries++;
	return enter(fsm, DRM_HDCP2_A9_STREAMS, DRM_HDCP2_ACT_STREAM_MANAGE,
		     DRM_HDCP2_TIMER_NONE);
}

/* The content type changed on an authenticated link. */
static struct drm_hdcp2_step retype(struct drm_hdcp2_fsm *fsm)
{
	if (fsm->repeater) {
		fsm->tries = 0;
		return manage_streams(fsm);
	}
	if (fsm->dp)
		return enter(fsm, DRM_HDCP2_A5_AUTHENTICATED, DRM_HDCP2_ACT_SET_TYPE,
			     DRM_HDCP2_TIMER_NONE);
	/* An HDMI receiver is the display itself: any type may go to it. */
	fsm->type1_protected = fsm->type1;
	return step(0, DRM_HDCP2_TIMER_KEEP);
}

static struct drm_hdcp2_step common_event(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev)
{
	switch (ev) {
	case DRM_HDCP2_EV_DISABLE:
		if (fsm->state == DRM_HDCP2_IDLE)
			return ignore();
		fsm->attempts = 0;
		return enter(fsm, DRM_HDCP2_IDLE, stop_auth(fsm), DRM_HDCP2_TIMER_NONE);

	case DRM_HDCP2_EV_ENABLE:
		if (fsm->state == DRM_HDCP2_IDLE ||
		    (fsm->state == DRM_HDCP2_UNSUPPORTED && !fsm->type1))
			return want(fsm, 0);
		/* HDCP 1.4 cannot carry Type 1: try HDCP 2.2 again. */
		if (fsm->state == DRM_HDCP2_FALLBACK && fsm->type1)
			return want(fsm, stop_auth(fsm));
		if (fsm->state == DRM_HDCP2_A5_AUTHENTICATED && !fsm->io &&
		    fsm->type1 != fsm->type1_protected)
			return retype(fsm);
		return ignore();

	case DRM_HDCP2_EV_LINK_UP:
		if (fsm->link_up)
			return ignore();
		fsm->link_up = true;
		if (fsm->state == DRM_HDCP2_WAIT_LINK)
			return want(fsm, 0);
		return step(0, DRM_HDCP2_TIMER_KEEP);

	case DRM_HDCP2_EV_LINK_DOWN:
		if (!fsm->link_up)
			return ignore();
		fsm->link_up = false;
		if (!is_running(fsm->state))
			return step(0, DRM_HDCP2_TIMER_KEEP);
		/* 1A-05, 1B-07: the sink went away; start over when it is back. */
		fsm->attempts = 0;
		return enter(fsm, DRM_HDCP2_WAIT_LINK, stop_auth(fsm), DRM_HDCP2_TIMER_NONE);

	default:
		return ignore();
	}
}

static bool is_result(enum drm_hdcp2_event ev)
{
	return ev >= DRM_HDCP2_EV_OK && ev <= DRM_HDCP2_EV_TOPOLOGY;
}

static struct drm_hdcp2_step on_caps(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev)
{
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		fsm->armed = true;
		fsm->tries = 0;
		return enter(fsm, DRM_HDCP2_A1_CERT, DRM_HDCP2_ACT_SEND_AKE_INIT,
			     DRM_HDCP2_TIMER_NONE);
	case DRM_HDCP2_EV_NO_HDCP2:
		if (fsm->type1 || !fsm->fallback)
			return unsupported(fsm);
		fsm->attempts = 0;
		return enter(fsm, DRM_HDCP2_FALLBACK, DRM_HDCP2_ACT_FALLBACK_ON,
			     DRM_HDCP2_TIMER_NONE);
	default:
		return fail(fsm);
	}
}

static struct drm_hdcp2_step on_cert(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev,
				     u32 info, u64 now_ms)
{
	if (!fsm->io) {
		if (ev != DRM_HDCP2_EV_TIMER)
			return ignore();
		return enter(fsm, DRM_HDCP2_A1_CERT, DRM_HDCP2_ACT_READ_CERT,
			     DRM_HDCP2_TIMER_NONE);
	}
	if (fsm->io == DRM_HDCP2_ACT_SEND_AKE_INIT) {
		if (ev != DRM_HDCP2_EV_OK)
			return fail(fsm);
		return await(fsm, DRM_HDCP2_A1_CERT, now_ms, DRM_HDCP2_CERT_MS);
	}
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		fsm->repeater = info & DRM_HDCP2_INFO_REPEATER;
		fsm->paired = info & DRM_HDCP2_INFO_PAIRED;
		return await(fsm, DRM_HDCP2_A1_H_PRIME, now_ms, 0);
	case DRM_HDCP2_EV_NOT_YET:
		/* 1A-08: no certificate within 100 ms. */
		return not_yet(fsm, now_ms, DRM_HDCP2_CERT_MS);
	case DRM_HDCP2_EV_REVOKED:
		return revoked(fsm);
	default:
		/* 1A-09: an invalid certificate; a port access failure. */
		return fail(fsm);
	}
}

/* DP: CP_IRQ announces H', the pairing info and the list; read at once. */
static bool read_now(const struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev)
{
	return ev == DRM_HDCP2_EV_TIMER || (ev == DRM_HDCP2_EV_CP_IRQ && fsm->dp);
}

static struct drm_hdcp2_step on_h_prime(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev,
					u64 now_ms)
{
	if (!fsm->io) {
		if (!read_now(fsm, ev))
			return ignore();
		return enter(fsm, DRM_HDCP2_A1_H_PRIME, DRM_HDCP2_ACT_READ_H_PRIME,
			     DRM_HDCP2_TIMER_NONE);
	}
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		if (fsm->paired) {
			fsm->tries = 0;
			return start_lc(fsm);
		}
		return await(fsm, DRM_HDCP2_A1_PAIRING, now_ms, 0);
	case DRM_HDCP2_EV_NOT_YET:
		/* 1A-11-2/3: H' later than 1 s, or 200 ms after AKE_Stored_km. */
		return not_yet(fsm, now_ms, fsm->paired ? DRM_HDCP2_H_PRIME_PAIRED_MS :
							  DRM_HDCP2_H_PRIME_MS);
	default:
		/* 1A-11-1: an invalid H'. */
		return fail(fsm);
	}
}

static struct drm_hdcp2_step on_pairing(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev,
					u64 now_ms)
{
	if (!fsm->io) {
		if (!read_now(fsm, ev))
			return ignore();
		return enter(fsm, DRM_HDCP2_A1_PAIRING, DRM_HDCP2_ACT_READ_PAIRING,
			     DRM_HDCP2_TIMER_NONE);
	}
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		fsm->tries = 0;
		return start_lc(fsm);
	case DRM_HDCP2_EV_NOT_YET:
		/* 1A-12: no pairing info within 200 ms. */
		return not_yet(fsm, now_ms, DRM_HDCP2_PAIRING_MS);
	default:
		return fail(fsm);
	}
}

/* 1A-13-1/2: an L' that is wrong or late; another rn, up to the limit. */
static struct drm_hdcp2_step lc_again(struct drm_hdcp2_fsm *fsm)
{
	if (fsm->tries >= DRM_HDCP2_LC_TRIES)
		return fail(fsm);
	return start_lc(fsm);
}

static struct drm_hdcp2_step on_lc(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev,
				   u64 now_ms)
{
	if (!fsm->io) {
		if (ev != DRM_HDCP2_EV_TIMER)
			return ignore();
		return enter(fsm, DRM_HDCP2_A2_LC, DRM_HDCP2_ACT_READ_L_PRIME,
			     DRM_HDCP2_TIMER_NONE);
	}
	if (fsm->io == DRM_HDCP2_ACT_SEND_LC_INIT) {
		if (ev != DRM_HDCP2_EV_OK)
			return fail(fsm);
		return await(fsm, DRM_HDCP2_A2_LC, now_ms, DRM_HDCP2_DP_L_PRIME_READ_MS);
	}
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		/*
		 * The round trip counts to the end of the read. Whole
		 * milliseconds hide up to one more: 20 of them may be late.
		 */
		if (now_ms >= fsm->since_ms + DRM_HDCP2_L_PRIME_MS)
			return lc_again(fsm);
		return enter(fsm, DRM_HDCP2_A3_WAIT_ENC, DRM_HDCP2_ACT_SEND_SKE,
			     DRM_HDCP2_TIMER_NONE);
	case DRM_HDCP2_EV_NOT_YET:
		if (fsm->dp || now_ms >= fsm->since_ms + DRM_HDCP2_L_PRIME_MS)
			return lc_again(fsm);
		return enter(fsm, DRM_HDCP2_A2_LC, 0,
			     poll_in(fsm, now_ms, DRM_HDCP2_L_PRIME_MS));
	case DRM_HDCP2_EV_FAIL:
		return lc_again(fsm);
	default:
		return fail(fsm);
	}
}

/* Encryption waits until 200 ms after the session key went out. */
static struct drm_hdcp2_step wait_encryption(struct drm_hdcp2_fsm *fsm, u64 now_ms)
{
	u64 at = fsm->ske_ms + DRM_HDCP2_ENC_DELAY_MS + DRM_HDCP2_MARGIN_MS;

	if (now_ms >= at)
		return enter(fsm, DRM_HDCP2_A3_WAIT_ENC, DRM_HDCP2_ACT_ENCRYPT,
			     DRM_HDCP2_TIMER_NONE);
	return enter(fsm, DRM_HDCP2_A3_WAIT_ENC, 0, at - now_ms);
}

static struct drm_hdcp2_step on_session_key(struct drm_hdcp2_fsm *fsm,
					    enum drm_hdcp2_event ev, u64 now_ms)
{
	if (!fsm->io) {
		if (ev != DRM_HDCP2_EV_TIMER)
			return ignore();
		return wait_encryption(fsm, now_ms);
	}
	if (ev != DRM_HDCP2_EV_OK)
		return fail(fsm);
	if (fsm->io == DRM_HDCP2_ACT_ENCRYPT) {
		fsm->encrypting = true;
		return authenticated(fsm);
	}
	/* SKE_Send_Eks went out. */
	fsm->ske_ms = now_ms;
	if (fsm->repeater)
		return await(fsm, DRM_HDCP2_A6_WAIT_LIST, now_ms, 0);
	/* A receiver displays what it gets; DP told it the type with the key. */
	fsm->type1_protected = fsm->type1;
	return wait_encryption(fsm, now_ms);
}

static struct drm_hdcp2_step on_list(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev,
				     u32 info, u64 now_ms)
{
	if (!fsm->io) {
		if (!read_now(fsm, ev))
			return ignore();
		return enter(fsm, DRM_HDCP2_A6_WAIT_LIST, DRM_HDCP2_ACT_READ_LIST,
			     DRM_HDCP2_TIMER_NONE);
	}
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		fsm->type1_ok = info & DRM_HDCP2_INFO_TYPE1_OK;
		fsm->tries = 0;
		return manage_streams(fsm);
	case DRM_HDCP2_EV_NOT_YET:
		/* 1B-02: no list within 3 s. */
		return not_yet(fsm, now_ms, DRM_HDCP2_LIST_MS);
	case DRM_HDCP2_EV_REVOKED:
		return revoked(fsm);
	default:
		/* 1B-03 V', 1B-04 MAX_DEVS, 1B-05 MAX_CASCADE, 1B-06/09 seq_num_V. */
		return fail(fsm);
	}
}

static struct drm_hdcp2_step streams_again(struct drm_hdcp2_fsm *fsm)
{
	if (fsm->tries >= DRM_HDCP2_STREAM_TRIES)
		return fail(fsm);
	return manage_streams(fsm);
}

static struct drm_hdcp2_step on_streams(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev,
					u64 now_ms)
{
	if (!fsm->io) {
		if (ev != DRM_HDCP2_EV_TIMER)
			return ignore();
		return enter(fsm, DRM_HDCP2_A9_STREAMS, DRM_HDCP2_ACT_READ_M_PRIME,
			     DRM_HDCP2_TIMER_NONE);
	}
	if (fsm->io == DRM_HDCP2_ACT_STREAM_MANAGE) {
		if (ev != DRM_HDCP2_EV_OK)
			return fail(fsm);
		return await(fsm, DRM_HDCP2_A9_STREAMS, now_ms, DRM_HDCP2_M_PRIME_MS);
	}
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		fsm->type1_protected = fsm->type1;
		if (fsm->encrypting)
			return authenticated(fsm);
		return wait_encryption(fsm, now_ms);
	case DRM_HDCP2_EV_NOT_YET:
		if (fsm->dp || now_ms >= fsm->since_ms + DRM_HDCP2_M_PRIME_MS)
			return streams_again(fsm);
		return enter(fsm, DRM_HDCP2_A9_STREAMS, 0,
			     poll_in(fsm, now_ms, DRM_HDCP2_M_PRIME_MS));
	case DRM_HDCP2_EV_FAIL:
		/* 1B-10: a wrong M'; the next try has the next seq_num_M. */
		return streams_again(fsm);
	default:
		return fail(fsm);
	}
}

static struct drm_hdcp2_step on_authenticated(struct drm_hdcp2_fsm *fsm,
					      enum drm_hdcp2_event ev, u64 now_ms)
{
	if (!fsm->io) {
		if (!read_now(fsm, ev))
			return ignore();
		return enter(fsm, DRM_HDCP2_A5_AUTHENTICATED, DRM_HDCP2_ACT_CHECK_LINK,
			     DRM_HDCP2_TIMER_NONE);
	}
	if (fsm->io == DRM_HDCP2_ACT_SET_TYPE) {
		if (ev != DRM_HDCP2_EV_OK)
			return fail(fsm);
		fsm->type1_protected = fsm->type1;
		return authenticated(fsm);
	}
	switch (ev) {
	case DRM_HDCP2_EV_OK:
		/* A type change during the check is taken up now. */
		if (fsm->type1 != fsm->type1_protected)
			return retype(fsm);
		return enter(fsm, DRM_HDCP2_A5_AUTHENTICATED, 0, DRM_HDCP2_LINK_CHECK_MS);
	case DRM_HDCP2_EV_TOPOLOGY:
		/* 1B-07: a new list on the encrypted link; the key stays. */
		if (!fsm->repeater)
			return fail(fsm);
		fsm->since_ms = now_ms;
		return enter(fsm, DRM_HDCP2_A6_WAIT_LIST, DRM_HDCP2_ACT_READ_LIST,
			     DRM_HDCP2_TIMER_NONE);
	default:
		/* 1A-07, 1B-08: REAUTH_REQ; DP link integrity failure. */
		return fail(fsm);
	}
}

/**
 * drm_hdcp2_fsm_next - the HDCP 2.2 transmitter transition function
 * @fsm: protocol state, updated
 * @ev: what happened
 * @info: with a result event, DRM_HDCP2_INFO_* bits
 * @now_ms: the time of the event, in milliseconds on any monotonic clock
 *
 * Pure: the result depends only on @fsm, @ev, @info and @now_ms.
 *
 * Returns:
 * The actions to run and the timer to arm. A step with an I/O action
 * expects its result as the next event.
 */
struct drm_hdcp2_step drm_hdcp2_fsm_next(struct drm_hdcp2_fsm *fsm, enum drm_hdcp2_event ev,
					 u32 info, u64 now_ms)
{
	if (ev >= DRM_HDCP2_NUM_EVENTS)
		return ignore();

	/* Results only answer the action in flight; nothing else does. */
	if (is_result(ev) != !!fsm->io)
		return is_result(ev) ? ignore() : common_event(fsm, ev);
	if (!is_result(ev)) {
		struct drm_hdcp2_step s = common_event(fsm, ev);

		if (!s.ignored)
			return s;
	}

	switch (fsm->state) {
	case DRM_HDCP2_A0_CAPS:
		return on_caps(fsm, ev);
	case DRM_HDCP2_A1_CERT:
		return on_cert(fsm, ev, info, now_ms);
	case DRM_HDCP2_A1_H_PRIME:
		return on_h_prime(fsm, ev, now_ms);
	case DRM_HDCP2_A1_PAIRING:
		return on_pairing(fsm, ev, now_ms);
	case DRM_HDCP2_A2_LC:
		return on_lc(fsm, ev, now_ms);
	case DRM_HDCP2_A3_WAIT_ENC:
		return on_session_key(fsm, ev, now_ms);
	case DRM_HDCP2_A6_WAIT_LIST:
		return on_list(fsm, ev, info, now_ms);
	case DRM_HDCP2_A9_STREAMS:
		return on_streams(fsm, ev, now_ms);
	case DRM_HDCP2_A5_AUTHENTICATED:
		return on_authenticated(fsm, ev, now_ms);
	case DRM_HDCP2_BACKOFF:
		if (ev != DRM_HDCP2_EV_TIMER)
			return ignore();
		return want(fsm, 0);
	default:
		return ignore();
	}
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_fsm_next);
