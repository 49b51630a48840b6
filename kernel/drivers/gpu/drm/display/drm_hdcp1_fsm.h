/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 1.4 transmitter protocol as a pure transition function, shared
 * by the engine (drm_hdcp1.c) and its KUnit tests. Nothing here does I/O or
 * reads a clock: time comes in with every event.
 */

#ifndef __DRM_HDCP1_FSM_H__
#define __DRM_HDCP1_FSM_H__

#include <linux/bits.h>
#include <linux/kconfig.h>
#include <linux/types.h>

#include <drm/display/drm_hdcp1.h>

/*
 * Timing and retry limits. HDCP 1.4 is "HDCP Specification Rev 1.4", the DP
 * amendment "HDCP on DisplayPort, Amendment Rev 1.1".
 */
/* The receiver has 100 ms after the Aksv write to produce R0' (1.4 2.2.1). */
#define DRM_HDCP1_R0_FLOOR_MS		100
/* Slow receivers: re-read R0' this often after the floor... */
#define DRM_HDCP1_R0_RETRY_MS		20
/* ... until this long after the Aksv write (not in the spec: i915 waits 300). */
#define DRM_HDCP1_R0_DEADLINE_MS	500
/* A repeater has 5 s to assemble its KSV list (1.4 2.2.2, DP 2.3). */
#define DRM_HDCP1_READY_TIMEOUT_MS	5000
/* How often READY is polled when no CP_IRQ announces it. */
#define DRM_HDCP1_READY_POLL_MS		100
/* V' is read up to three times before it counts as wrong (DP 2.3). */
#define DRM_HDCP1_V_ATTEMPTS		3
/* Ri' reads per link check; Ri' may change under a read every 128 frames. */
#define DRM_HDCP1_RI_ATTEMPTS		3
/* Link integrity is checked at least every two seconds (1.4 2.2.3). */
#define DRM_HDCP1_LINK_CHECK_MS		2000
/* A failed authentication is retried after 100 ms, doubling up to 6.4 s. */
#define DRM_HDCP1_RETRY_BASE_MS		100
#define DRM_HDCP1_RETRY_MAX_MS		6400

/**
 * enum drm_hdcp1_event - what the transition function reacts to
 * @DRM_HDCP1_EV_ENABLE: Desired, with &drm_hdcp1_fsm.type1 set for the
 *	content type; sent again when the type changes
 * @DRM_HDCP1_EV_DISABLE: Undesired
 * @DRM_HDCP1_EV_LINK_UP: a sink is connected and driven
 * @DRM_HDCP1_EV_LINK_DOWN: unplug, DPMS off, suspend
 * @DRM_HDCP1_EV_TIMER: the timeout of the last step expired
 * @DRM_HDCP1_EV_CP_IRQ: a DP sink raised CP_IRQ
 * @DRM_HDCP1_EV_OK: the I/O action succeeded
 * @DRM_HDCP1_EV_OK_REPEATER: the KSV exchange succeeded with a repeater
 * @DRM_HDCP1_EV_NOT_YET: R0', V' or Ri' did not match, or READY is clear
 * @DRM_HDCP1_EV_FAIL: the sink failed authentication (not capable, invalid
 *	or revoked KSV, topology limits, link failure reported by the sink)
 * @DRM_HDCP1_EV_IO_ERROR: a DDC/AUX or hardware error
 * @DRM_HDCP1_EV_HW_ERROR: the transmitter failed outside an I/O action
 *	(encryption did not start)
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
	DRM_HDCP1_EV_HW_ERROR,
	DRM_HDCP1_NUM_EVENTS
};

/* Side effects, run in this order by the engine. */
#define DRM_HDCP1_ACT_DISABLE_ENC	BIT(0)
#define DRM_HDCP1_ACT_REPORT_DESIRED	BIT(1)
#define DRM_HDCP1_ACT_ENABLE_ENC	BIT(2)
#define DRM_HDCP1_ACT_REPORT_ENABLED	BIT(3)
/* I/O actions: at most one per step, its result is the next event. */
#define DRM_HDCP1_ACT_EXCHANGE_KSVS	BIT(4)
#define DRM_HDCP1_ACT_READ_R0		BIT(5)
#define DRM_HDCP1_ACT_POLL_READY	BIT(6)
#define DRM_HDCP1_ACT_READ_KSV_LIST	BIT(7)
#define DRM_HDCP1_ACT_CHECK_LINK	BIT(8)
#define DRM_HDCP1_ACT_IO_MASK		GENMASK(8, 4)

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

struct drm_hdcp1_step drm_hdcp1_fsm_next(struct drm_hdcp1_fsm *fsm,
					 enum drm_hdcp1_event ev, u64 now_ms);
const char *drm_hdcp1_state_name(enum drm_hdcp1_state state);
const char *drm_hdcp1_event_name(enum drm_hdcp1_event ev);

#if IS_ENABLED(CONFIG_KUNIT)
/* The engine, run synchronously with injected time (KUnit only). */
s64 drm_hdcp1_process_at(struct drm_hdcp1 *hdcp, u64 now_ms);
#endif

#endif /* __DRM_HDCP1_FSM_H__ */
