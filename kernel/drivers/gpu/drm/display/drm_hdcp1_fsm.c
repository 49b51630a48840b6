// SPDX-License-Identifier: MIT
/*
 * HDCP 1.4 transmitter protocol: one transition function, no I/O.
 *
 * Every retry, timeout and failure rule of the protocol is decided here and
 * nowhere else. The engine (drm_hdcp1.c) runs the actions a step asks for
 * and feeds their results back as events. Comments name the HDCP CTS test
 * (1A-xx: transmitter with a receiver, 1B-xx: with a repeater) that a rule
 * satisfies.
 */

#include <linux/build_bug.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/time64.h>

#include <kunit/visibility.h>

#include "drm_hdcp1_fsm.h"

/* The values the specifications fix; a change here is a change of protocol. */
static_assert(DRM_HDCP1_R0_FLOOR_MS == 100);
static_assert(DRM_HDCP1_R0_READS == 3);
static_assert(DRM_HDCP1_READY_TIMEOUT_MS == 5000);
static_assert(DRM_HDCP1_DP_V_READS == 3);
static_assert(DRM_HDCP1_LINK_CHECK_MS <= 2000);
static_assert(DRM_HDCP1_R0_SLOW_MS > DRM_HDCP1_R0_FLOOR_MS);

static const char * const drm_hdcp1_state_names[] = {
	[DRM_HDCP1_IDLE] = "idle",
	[DRM_HDCP1_WAIT_LINK] = "wait-link",
	[DRM_HDCP1_UNSUPPORTED] = "unsupported",
	[DRM_HDCP1_A1_EXCHANGE] = "A1-exchange-ksvs",
	[DRM_HDCP1_A2_R0] = "A2-r0",
	[DRM_HDCP1_A8_READY] = "A8-wait-ready",
	[DRM_HDCP1_A9_KSV_LIST] = "A9-ksv-list",
	[DRM_HDCP1_A4_AUTHENTICATED] = "A4-authenticated",
	[DRM_HDCP1_BACKOFF] = "backoff",
	[DRM_HDCP1_REVOKED] = "revoked",
};

static const char * const drm_hdcp1_event_names[] = {
	[DRM_HDCP1_EV_ENABLE] = "enable",
	[DRM_HDCP1_EV_DISABLE] = "disable",
	[DRM_HDCP1_EV_LINK_UP] = "link-up",
	[DRM_HDCP1_EV_LINK_DOWN] = "link-down",
	[DRM_HDCP1_EV_TIMER] = "timer",
	[DRM_HDCP1_EV_CP_IRQ] = "cp-irq",
	[DRM_HDCP1_EV_OK] = "ok",
	[DRM_HDCP1_EV_OK_REPEATER] = "ok-repeater",
	[DRM_HDCP1_EV_NOT_YET] = "not-yet",
	[DRM_HDCP1_EV_FAIL] = "fail",
	[DRM_HDCP1_EV_IO_ERROR] = "io-error",
	[DRM_HDCP1_EV_REVOKED] = "revoked",
};

static_assert(ARRAY_SIZE(drm_hdcp1_state_names) == DRM_HDCP1_NUM_STATES);
static_assert(ARRAY_SIZE(drm_hdcp1_event_names) == DRM_HDCP1_NUM_EVENTS);

/**
 * drm_hdcp1_state_name - printable name of a state
 * @state: the state
 *
 * Returns:
 * A static string.
 */
const char *drm_hdcp1_state_name(enum drm_hdcp1_state state)
{
	return state < DRM_HDCP1_NUM_STATES ? drm_hdcp1_state_names[state] : "?";
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp1_state_name);

/**
 * drm_hdcp1_event_name - printable name of an event
 * @ev: the event
 *
 * Returns:
 * A static string.
 */
const char *drm_hdcp1_event_name(enum drm_hdcp1_event ev)
{
	return ev < DRM_HDCP1_NUM_EVENTS ? drm_hdcp1_event_names[ev] : "?";
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp1_event_name);

/**
 * drm_hdcp1_fsm_init - the protocol state of a new engine
 * @fsm: protocol state to set up
 * @dp: the link is DisplayPort
 */
void drm_hdcp1_fsm_init(struct drm_hdcp1_fsm *fsm, bool dp)
{
	*fsm = (struct drm_hdcp1_fsm){
		.state = DRM_HDCP1_IDLE,
		.dp = dp,
	};
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp1_fsm_init);

static struct drm_hdcp1_step step(u32 actions, s32 timeout_ms)
{
	return (struct drm_hdcp1_step){ .actions = actions, .timeout_ms = timeout_ms };
}

static struct drm_hdcp1_step ignore(void)
{
	return (struct drm_hdcp1_step){
		.timeout_ms = DRM_HDCP1_TIMER_KEEP,
		.ignored = true,
	};
}

static struct drm_hdcp1_step enter(struct drm_hdcp1_fsm *fsm,
				   enum drm_hdcp1_state state, u32 actions,
				   s32 timeout_ms)
{
	fsm->state = state;
	fsm->io = actions & DRM_HDCP1_ACT_IO_MASK;
	return step(actions, timeout_ms);
}

/*
 * Leave an authentication. A transmitter that was started is reset however
 * far it got: hardware may have begun authenticating before R0' was
 * compared.
 */
static u32 stop_auth(struct drm_hdcp1_fsm *fsm)
{
	u32 actions = fsm->armed ? DRM_HDCP1_ACT_RESET_TX : 0;

	fsm->armed = false;
	fsm->encrypting = false;
	fsm->repeater = false;
	fsm->reads = 0;
	return actions;
}

static struct drm_hdcp1_step start_auth(struct drm_hdcp1_fsm *fsm, u32 actions)
{
	fsm->reads = 0;
	fsm->armed = true;
	return enter(fsm, DRM_HDCP1_A1_EXCHANGE,
		     actions | DRM_HDCP1_ACT_EXCHANGE_KSVS, DRM_HDCP1_TIMER_NONE);
}

/* Where a Desired connector goes when nothing is in progress. */
static struct drm_hdcp1_step want(struct drm_hdcp1_fsm *fsm, u32 actions)
{
	if (fsm->type1)
		return enter(fsm, DRM_HDCP1_UNSUPPORTED, actions,
			     DRM_HDCP1_TIMER_NONE);
	if (!fsm->link_up)
		return enter(fsm, DRM_HDCP1_WAIT_LINK, actions,
			     DRM_HDCP1_TIMER_NONE);
	return start_auth(fsm, actions);
}

/*
 * 1A-04 and every other failure: give up this attempt and try again later,
 * waiting longer each time so that a sink that cannot authenticate costs
 * little. There is no limit on attempts: Desired stays until userspace
 * withdraws it.
 */
static struct drm_hdcp1_step fail(struct drm_hdcp1_fsm *fsm)
{
	u32 actions = stop_auth(fsm);
	unsigned int shift = min(fsm->attempts, 6u);

	fsm->attempts++;
	return enter(fsm, DRM_HDCP1_BACKOFF, actions,
		     min(DRM_HDCP1_RETRY_BASE_MS << shift, DRM_HDCP1_RETRY_MAX_MS));
}

/*
 * 1A-08 and a revoked downstream device: the SRM will say the same at the
 * next attempt, so there is none until the link restarts or userspace
 * asks again.
 */
static struct drm_hdcp1_step revoked(struct drm_hdcp1_fsm *fsm)
{
	return enter(fsm, DRM_HDCP1_REVOKED, stop_auth(fsm), DRM_HDCP1_TIMER_NONE);
}

static bool is_authenticating(enum drm_hdcp1_state state)
{
	return state >= DRM_HDCP1_A1_EXCHANGE && state <= DRM_HDCP1_REVOKED;
}

static struct drm_hdcp1_step common_event(struct drm_hdcp1_fsm *fsm,
					  enum drm_hdcp1_event ev)
{
	switch (ev) {
	case DRM_HDCP1_EV_DISABLE:
		if (fsm->state == DRM_HDCP1_IDLE)
			return ignore();
		fsm->attempts = 0;
		fsm->slow_sink = false;
		return enter(fsm, DRM_HDCP1_IDLE, stop_auth(fsm),
			     DRM_HDCP1_TIMER_NONE);

	case DRM_HDCP1_EV_ENABLE:
		if (fsm->state == DRM_HDCP1_IDLE ||
		    (fsm->state == DRM_HDCP1_UNSUPPORTED && !fsm->type1))
			return want(fsm, 0);
		if (fsm->type1 && fsm->state != DRM_HDCP1_UNSUPPORTED) {
			/* The running session was for Type 0 content. */
			return enter(fsm, DRM_HDCP1_UNSUPPORTED, stop_auth(fsm),
				     DRM_HDCP1_TIMER_NONE);
		}
		return ignore();

	case DRM_HDCP1_EV_LINK_UP:
		if (fsm->link_up)
			return ignore();
		fsm->link_up = true;
		if (fsm->state == DRM_HDCP1_WAIT_LINK)
			return start_auth(fsm, 0);
		return step(0, DRM_HDCP1_TIMER_KEEP);

	case DRM_HDCP1_EV_LINK_DOWN:
		if (!fsm->link_up)
			return ignore();
		fsm->link_up = false;
		if (!is_authenticating(fsm->state))
			return step(0, DRM_HDCP1_TIMER_KEEP);
		/* 1A-02/1A-03: the sink went away; start over when it is back. */
		fsm->attempts = 0;
		return enter(fsm, DRM_HDCP1_WAIT_LINK, stop_auth(fsm),
			     DRM_HDCP1_TIMER_NONE);

	default:
		return ignore();
	}
}

/* Result events are only meaningful while an I/O action is in flight. */
static bool is_result(enum drm_hdcp1_event ev)
{
	return ev >= DRM_HDCP1_EV_OK && ev <= DRM_HDCP1_EV_REVOKED;
}

static struct drm_hdcp1_step on_exchange(struct drm_hdcp1_fsm *fsm,
					 enum drm_hdcp1_event ev, u64 now_ms)
{
	switch (ev) {
	case DRM_HDCP1_EV_OK:
	case DRM_HDCP1_EV_OK_REPEATER:
		/* @now_ms is the time of the Aksv write: the floor counts from it. */
		fsm->repeater = ev == DRM_HDCP1_EV_OK_REPEATER;
		fsm->since_ms = now_ms;
		return enter(fsm, DRM_HDCP1_A2_R0, 0,
			     fsm->slow_sink ? DRM_HDCP1_R0_SLOW_MS :
					      DRM_HDCP1_R0_FLOOR_MS);
	case DRM_HDCP1_EV_REVOKED:
		return revoked(fsm);
	default:
		/* 1A-04 port access failure, 1A-05 invalid Bksv. */
		return fail(fsm);
	}
}

/*
 * When the link integrity check after @now_ms is due. Ri changes every 128
 * frames counted from the first encrypted frame (HDCP 1.4 2.2.3), so the
 * checks sit half-way between two changes, where no read can straddle one:
 * n checks per Ri period, n the fewest that keep them at most
 * DRM_HDCP1_LINK_CHECK_MS apart, at (2j + 1) / 2n of each period. Each due
 * time is computed from the start of encryption in nanoseconds, so that
 * no rounding accumulates from check to check and slow I/O stretches
 * nothing.
 */
static u64 next_check(const struct drm_hdcp1_fsm *fsm, u64 now_ms)
{
	const u64 cap_ns = (u64)DRM_HDCP1_LINK_CHECK_MS * NSEC_PER_MSEC;
	u64 period_ns = fsm->ri_period_ns ? fsm->ri_period_ns : cap_ns;
	u64 halves = 2 * DIV64_U64_ROUND_UP(period_ns, cap_ns);
	u64 elapsed_ns = (now_ms - min(now_ms, fsm->enc_ms)) * NSEC_PER_MSEC;
	/* Half-slots gone by; checks are due at the odd ones. */
	u64 h = div64_u64(elapsed_ns * halves, period_ns);
	u64 mid = h % 2 ? h + 2 : h + 1;

	return fsm->enc_ms + DIV64_U64_ROUND_UP(mid * period_ns,
						halves * NSEC_PER_MSEC);
}

static struct drm_hdcp1_step authenticated(struct drm_hdcp1_fsm *fsm,
					   u64 now_ms)
{
	fsm->reads = 0;
	fsm->attempts = 0;
	fsm->next_check_ms = next_check(fsm, now_ms);
	return enter(fsm, DRM_HDCP1_A4_AUTHENTICATED, 0,
		     fsm->next_check_ms - now_ms);
}

/* Read R0' (again), counting the reads of this attempt. */
static struct drm_hdcp1_step read_r0(struct drm_hdcp1_fsm *fsm)
{
	fsm->reads++;
	return enter(fsm, DRM_HDCP1_A2_R0, DRM_HDCP1_ACT_READ_R0,
		     DRM_HDCP1_TIMER_NONE);
}

static struct drm_hdcp1_step on_r0(struct drm_hdcp1_fsm *fsm,
				   enum drm_hdcp1_event ev, u64 now_ms)
{
	if (!fsm->io) {
		/*
		 * Only the floor, counted from the Aksv write, starts the read:
		 * a DP sink's CP_IRQ for R0'_AVAILABLE must not make us early.
		 */
		if (ev != DRM_HDCP1_EV_TIMER)
			return ignore();
		return read_r0(fsm);
	}

	switch (ev) {
	case DRM_HDCP1_EV_OK:
		/* The transmitter encrypts from here on (HDCP 1.4 A3). */
		fsm->encrypting = true;
		fsm->slow_sink = false;
		fsm->enc_ms = now_ms;
		if (fsm->repeater) {
			/* 1B-03: the five seconds for READY start now. */
			fsm->reads = 0;
			fsm->since_ms = now_ms;
			return enter(fsm, DRM_HDCP1_A8_READY, 0,
				     DRM_HDCP1_READY_POLL_MS);
		}
		return authenticated(fsm, now_ms);
	case DRM_HDCP1_EV_NOT_YET:
		/*
		 * 1A-06: an R0' that still does not match at the third read
		 * fails the attempt (HDCP 1.4 A3:A0). The first read is at
		 * the floor, the second where a slow sink has it, the third
		 * right after.
		 */
		if (fsm->reads >= DRM_HDCP1_R0_READS) {
			fsm->slow_sink = true;
			return fail(fsm);
		}
		if (fsm->reads == 1 && now_ms < fsm->since_ms + DRM_HDCP1_R0_SLOW_MS)
			return enter(fsm, DRM_HDCP1_A2_R0, 0,
				     fsm->since_ms + DRM_HDCP1_R0_SLOW_MS - now_ms);
		return read_r0(fsm);
	default:
		return fail(fsm);
	}
}

static struct drm_hdcp1_step on_ready(struct drm_hdcp1_fsm *fsm,
				      enum drm_hdcp1_event ev, u64 now_ms)
{
	u64 waited = now_ms - fsm->since_ms;

	if (!fsm->io) {
		if (ev != DRM_HDCP1_EV_TIMER && ev != DRM_HDCP1_EV_CP_IRQ)
			return ignore();
		return enter(fsm, DRM_HDCP1_A8_READY, DRM_HDCP1_ACT_POLL_READY,
			     DRM_HDCP1_TIMER_NONE);
	}

	switch (ev) {
	case DRM_HDCP1_EV_OK:
		return enter(fsm, DRM_HDCP1_A9_KSV_LIST,
			     DRM_HDCP1_ACT_READ_KSV_LIST, DRM_HDCP1_TIMER_NONE);
	case DRM_HDCP1_EV_NOT_YET:
	case DRM_HDCP1_EV_IO_ERROR:
		/* 1B-03: the list must be ready within five seconds. */
		if (waited >= DRM_HDCP1_READY_TIMEOUT_MS)
			return fail(fsm);
		return enter(fsm, DRM_HDCP1_A8_READY, 0,
			     min_t(u64, DRM_HDCP1_READY_POLL_MS,
				   DRM_HDCP1_READY_TIMEOUT_MS - waited));
	default:
		/* A DP LINK_INTEGRITY_FAILURE or REAUTHENTICATION_REQUEST. */
		return fail(fsm);
	}
}

static struct drm_hdcp1_step on_ksv_list(struct drm_hdcp1_fsm *fsm,
					 enum drm_hdcp1_event ev, u64 now_ms)
{
	if (fsm->io == DRM_HDCP1_ACT_READ_KSV_LIST) {
		if (ev == DRM_HDCP1_EV_REVOKED)
			return revoked(fsm);
		/* 1B-05, 1B-06, a FIFO read error. */
		if (ev != DRM_HDCP1_EV_OK)
			return fail(fsm);
		/* The list was read once; only V' is ever read again. */
		fsm->reads = 1;
		return enter(fsm, DRM_HDCP1_A9_KSV_LIST, DRM_HDCP1_ACT_READ_V,
			     DRM_HDCP1_TIMER_NONE);
	}

	switch (ev) {
	case DRM_HDCP1_EV_OK:
		return authenticated(fsm, now_ms);
	case DRM_HDCP1_EV_NOT_YET:
		/* 1B-04: one wrong V' fails on HDMI; DP reads it three times (DP 2.3). */
		if (fsm->dp && fsm->reads < DRM_HDCP1_DP_V_READS) {
			fsm->reads++;
			return enter(fsm, DRM_HDCP1_A9_KSV_LIST,
				     DRM_HDCP1_ACT_READ_V, DRM_HDCP1_TIMER_NONE);
		}
		return fail(fsm);
	default:
		return fail(fsm);
	}
}

static struct drm_hdcp1_step on_authenticated(struct drm_hdcp1_fsm *fsm,
					      enum drm_hdcp1_event ev, u64 now_ms)
{
	if (!fsm->io) {
		/* HDMI sinks have no CP_IRQ; on DP it asks for a check now. */
		if (ev != DRM_HDCP1_EV_TIMER &&
		    !(ev == DRM_HDCP1_EV_CP_IRQ && fsm->dp))
			return ignore();
		fsm->reads = 1;
		return enter(fsm, DRM_HDCP1_A4_AUTHENTICATED,
			     DRM_HDCP1_ACT_CHECK_LINK, DRM_HDCP1_TIMER_NONE);
	}

	if (ev == DRM_HDCP1_EV_OK) {
		fsm->reads = 0;
		fsm->next_check_ms = next_check(fsm, now_ms);
		return enter(fsm, DRM_HDCP1_A4_AUTHENTICATED, 0,
			     fsm->next_check_ms - now_ms);
	}
	/* An HDMI Ri' read may have straddled a change of Ri: read again. */
	if (ev == DRM_HDCP1_EV_NOT_YET && !fsm->dp &&
	    fsm->reads < DRM_HDCP1_RI_READS) {
		fsm->reads++;
		return enter(fsm, DRM_HDCP1_A4_AUTHENTICATED,
			     DRM_HDCP1_ACT_CHECK_LINK, DRM_HDCP1_TIMER_NONE);
	}
	/*
	 * 1A-07 wrong Ri' at every read, 1A-07a Ri' not returned: "failure
	 * for any reason" makes the receiver unauthenticated (HDCP 1.4
	 * 2.2.3); on DP a LINK_INTEGRITY_FAILURE or REAUTHENTICATION_REQUEST,
	 * or a transmitter that stopped encrypting.
	 */
	return fail(fsm);
}

/**
 * drm_hdcp1_fsm_next - the HDCP 1.4 transmitter transition function
 * @fsm: protocol state, updated
 * @ev: what happened
 * @now_ms: the time of the event, in milliseconds on any monotonic clock
 *
 * Pure: the result depends only on @fsm, @ev and @now_ms.
 *
 * Returns:
 * The actions to run and the timer to arm. A step with an I/O action
 * expects its result as the next event.
 */
struct drm_hdcp1_step
drm_hdcp1_fsm_next(struct drm_hdcp1_fsm *fsm, enum drm_hdcp1_event ev,
		   u64 now_ms)
{
	if (ev >= DRM_HDCP1_NUM_EVENTS)
		return ignore();

	/* Results only answer the action in flight; nothing else does. */
	if (ev == DRM_HDCP1_EV_OK_REPEATER && fsm->io != DRM_HDCP1_ACT_EXCHANGE_KSVS)
		return ignore();
	if (is_result(ev) != !!fsm->io)
		return is_result(ev) ? ignore() : common_event(fsm, ev);
	if (!is_result(ev)) {
		struct drm_hdcp1_step s = common_event(fsm, ev);

		if (!s.ignored)
			return s;
	}

	switch (fsm->state) {
	case DRM_HDCP1_A1_EXCHANGE:
		return on_exchange(fsm, ev, now_ms);
	case DRM_HDCP1_A2_R0:
		return on_r0(fsm, ev, now_ms);
	case DRM_HDCP1_A8_READY:
		return on_ready(fsm, ev, now_ms);
	case DRM_HDCP1_A9_KSV_LIST:
		return on_ksv_list(fsm, ev, now_ms);
	case DRM_HDCP1_A4_AUTHENTICATED:
		return on_authenticated(fsm, ev, now_ms);
	case DRM_HDCP1_BACKOFF:
		if (ev != DRM_HDCP1_EV_TIMER)
			return ignore();
		return want(fsm, 0);
	default:
		return ignore();
	}
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp1_fsm_next);
