// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the HDCP 2.2 transition function, on injected time: one
 * case per rule, named after the HDCP 2.2 compliance test (1A-xx with a
 * receiver, 1B-xx with a repeater) it mirrors where there is one, and a
 * sweep that feeds every event in every state.
 */

#include <linux/bitops.h>
#include <linux/string.h>

#include <kunit/test.h>

#include "../display/drm_hdcp2_fsm.h"

#define ACT(x)		DRM_HDCP2_ACT_##x
#define EV(x)		DRM_HDCP2_EV_##x
#define ST(x)		DRM_HDCP2_##x
#define KEEP		DRM_HDCP2_TIMER_KEEP
#define NONE		DRM_HDCP2_TIMER_NONE
#define INFO(x)		DRM_HDCP2_INFO_##x

struct fsm_run {
	struct kunit *test;
	struct drm_hdcp2_fsm fsm;
	struct drm_hdcp2_step last;
	u64 now;
};

static void run_init(struct kunit *test, struct fsm_run *r, bool dp, bool fallback)
{
	r->test = test;
	r->now = 1000;
	drm_hdcp2_fsm_init(&r->fsm, dp, fallback);
}

/* Feed @ev; the last step that was not ignored stays for elapse(). */
static struct drm_hdcp2_step feed(struct fsm_run *r, enum drm_hdcp2_event ev, u32 info)
{
	struct drm_hdcp2_step s = drm_hdcp2_fsm_next(&r->fsm, ev, info, r->now);

	if (!s.ignored && s.timeout_ms != KEEP)
		r->last = s;
	return s;
}

/* Feed @ev and expect @state with @io in flight; returns the step. */
static struct drm_hdcp2_step expect(struct fsm_run *r, enum drm_hdcp2_event ev, u32 info,
				    enum drm_hdcp2_state state, u32 io)
{
	struct kunit *test = r->test;
	struct drm_hdcp2_step s = feed(r, ev, info);

	KUNIT_EXPECT_STREQ_MSG(test, drm_hdcp2_state_name(r->fsm.state),
			       drm_hdcp2_state_name(state), "on %s", drm_hdcp2_event_name(ev));
	KUNIT_EXPECT_EQ_MSG(test, s.actions & ACT(IO_MASK), io, "on %s in %s",
			    drm_hdcp2_event_name(ev), drm_hdcp2_state_name(state));
	KUNIT_EXPECT_EQ(test, r->fsm.io, io);
	return s;
}

/* The timer armed by the last step expires: time moves to its end. */
static void elapse(struct fsm_run *r)
{
	KUNIT_ASSERT_GE(r->test, r->last.timeout_ms, 0);
	r->now += r->last.timeout_ms;
}

/* Desired on a driven link up to the certificate's wait. */
static void to_cert_wait(struct fsm_run *r)
{
	expect(r, EV(ENABLE), 0, ST(WAIT_LINK), 0);
	expect(r, EV(LINK_UP), 0, ST(A0_CAPS), ACT(READ_CAPS));
	expect(r, EV(OK), 0, ST(A1_CERT), ACT(SEND_AKE_INIT));
	expect(r, EV(OK), 0, ST(A1_CERT), 0);
}

/* From the certificate's wait to the session key, with @info for the cert. */
static void to_session_key(struct fsm_run *r, u32 info)
{
	elapse(r);
	expect(r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(r, EV(OK), info, ST(A1_H_PRIME), 0);
	elapse(r);
	expect(r, EV(TIMER), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
	if (!(info & INFO(PAIRED))) {
		expect(r, EV(OK), 0, ST(A1_PAIRING), 0);
		elapse(r);
		expect(r, EV(TIMER), 0, ST(A1_PAIRING), ACT(READ_PAIRING));
	}
	expect(r, EV(OK), 0, ST(A2_LC), ACT(SEND_LC_INIT));
	expect(r, EV(OK), 0, ST(A2_LC), 0);
	elapse(r);
	expect(r, EV(TIMER), 0, ST(A2_LC), ACT(READ_L_PRIME));
	expect(r, EV(OK), 0, ST(A3_WAIT_ENC), ACT(SEND_SKE));
}

static void drm_test_hdcp2_fsm_receiver_authenticates(struct kunit *test)
{
	struct fsm_run r;
	u64 ske;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, DRM_HDCP2_POLL_MS);
	to_session_key(&r, 0);
	expect(&r, EV(OK), 0, ST(A3_WAIT_ENC), 0);
	ske = r.now;
	/* The mandated 200 ms, and a millisecond for the clock's rounding. */
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, DRM_HDCP2_ENC_DELAY_MS + 1);
	KUNIT_EXPECT_FALSE(test, drm_hdcp2_fsm_protected(&r.fsm));
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A3_WAIT_ENC), ACT(ENCRYPT));
	KUNIT_EXPECT_GT(test, r.now, ske + DRM_HDCP2_ENC_DELAY_MS);
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, DRM_HDCP2_LINK_CHECK_MS);
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_fsm_protected(&r.fsm));
	KUNIT_EXPECT_FALSE(test, r.fsm.type1_protected);
}

/* A paired receiver sends no pairing info; H' has 200 ms. */
static void drm_test_hdcp2_fsm_stored_km_skips_pairing(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(&r, EV(OK), INFO(PAIRED), ST(A1_H_PRIME), 0);
	r.now += DRM_HDCP2_H_PRIME_PAIRED_MS;
	expect(&r, EV(TIMER), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
	/* 1A-11-3: past 200 ms, H' is late. */
	expect(&r, EV(NOT_YET), 0, ST(BACKOFF), 0);
	KUNIT_EXPECT_TRUE(test, r.last.actions & ACT(RESET));
}

/* 1A-08: no certificate within 100 ms. */
static void drm_test_hdcp2_fsm_1a_08_no_certificate(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	while (r.now < 1000 + DRM_HDCP2_CERT_MS) {
		elapse(&r);
		expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
		feed(&r, EV(NOT_YET), 0);
		if (r.fsm.state != ST(A1_CERT))
			break;
		KUNIT_ASSERT_LE(test, r.now + r.last.timeout_ms, 1000 + DRM_HDCP2_CERT_MS);
	}
	KUNIT_EXPECT_EQ(test, r.fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, r.last.actions, ACT(RESET));
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, DRM_HDCP2_RETRY_BASE_MS);
	/* The back-off doubles. */
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A0_CAPS), ACT(READ_CAPS));
	expect(&r, EV(IO_ERROR), 0, ST(BACKOFF), 0);
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, 2 * DRM_HDCP2_RETRY_BASE_MS);
}

/* DP reads the certificate once its 100 ms are over, whatever CP_IRQ says. */
static void drm_test_hdcp2_fsm_dp_reads_cert_after_its_time(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, true, true);
	to_cert_wait(&r);
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, DRM_HDCP2_CERT_MS + 1);
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(CP_IRQ), 0).ignored);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(&r, EV(OK), 0, ST(A1_H_PRIME), 0);
	/* H' is announced: CP_IRQ reads it at once. */
	expect(&r, EV(CP_IRQ), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
}

/* 1A-09: an invalid certificate; 1A-10: a revoked receiver. */
static void drm_test_hdcp2_fsm_1a_09_1a_10_certificate(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(&r, EV(FAIL), 0, ST(BACKOFF), 0);

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(&r, EV(REVOKED), 0, ST(REVOKED), 0);
	KUNIT_EXPECT_EQ(test, r.last.actions, ACT(RESET));
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, NONE);
	/* Nothing until the link restarts or userspace asks again. */
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(ENABLE), 0).ignored);
	expect(&r, EV(LINK_DOWN), 0, ST(WAIT_LINK), 0);
	expect(&r, EV(LINK_UP), 0, ST(A0_CAPS), ACT(READ_CAPS));
}

/* 1A-11-1/2: an invalid H', and no H' within 1 s. */
static void drm_test_hdcp2_fsm_1a_11_h_prime(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(&r, EV(OK), 0, ST(A1_H_PRIME), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
	expect(&r, EV(FAIL), 0, ST(BACKOFF), 0);

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(&r, EV(OK), 0, ST(A1_H_PRIME), 0);
	r.now += DRM_HDCP2_H_PRIME_MS - 1;
	expect(&r, EV(TIMER), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
	expect(&r, EV(NOT_YET), 0, ST(A1_H_PRIME), 0);
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, 1);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
	expect(&r, EV(NOT_YET), 0, ST(BACKOFF), 0);
}

/* 1A-12: no pairing info within 200 ms. */
static void drm_test_hdcp2_fsm_1a_12_no_pairing_info(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(&r, EV(OK), 0, ST(A1_H_PRIME), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
	expect(&r, EV(OK), 0, ST(A1_PAIRING), 0);
	r.now += DRM_HDCP2_PAIRING_MS;
	expect(&r, EV(TIMER), 0, ST(A1_PAIRING), ACT(READ_PAIRING));
	expect(&r, EV(NOT_YET), 0, ST(BACKOFF), 0);
}

/* Up to LC_Init, paired for brevity. */
static void to_lc(struct fsm_run *r)
{
	to_cert_wait(r);
	elapse(r);
	expect(r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	expect(r, EV(OK), INFO(PAIRED), ST(A1_H_PRIME), 0);
	elapse(r);
	expect(r, EV(TIMER), 0, ST(A1_H_PRIME), ACT(READ_H_PRIME));
	expect(r, EV(OK), 0, ST(A2_LC), ACT(SEND_LC_INIT));
}

/* 1A-13-1: a wrong L' tries a new rn, DRM_HDCP2_LC_TRIES times in all. */
static void drm_test_hdcp2_fsm_1a_13_1_invalid_l_prime(struct kunit *test)
{
	struct fsm_run r;
	unsigned int i;

	run_init(test, &r, false, true);
	to_lc(&r);
	for (i = 1; i < DRM_HDCP2_LC_TRIES; i++) {
		expect(&r, EV(OK), 0, ST(A2_LC), 0);
		elapse(&r);
		expect(&r, EV(TIMER), 0, ST(A2_LC), ACT(READ_L_PRIME));
		expect(&r, EV(FAIL), 0, ST(A2_LC), ACT(SEND_LC_INIT));
	}
	expect(&r, EV(OK), 0, ST(A2_LC), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A2_LC), ACT(READ_L_PRIME));
	expect(&r, EV(FAIL), 0, ST(BACKOFF), 0);
}

/* 1A-13-2: L' later than 20 ms is no L', even when it matches. */
static void drm_test_hdcp2_fsm_1a_13_2_late_l_prime(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_lc(&r);
	expect(&r, EV(OK), 0, ST(A2_LC), 0);
	r.now += DRM_HDCP2_L_PRIME_MS + 1;
	expect(&r, EV(TIMER), 0, ST(A2_LC), ACT(READ_L_PRIME));
	expect(&r, EV(OK), 0, ST(A2_LC), ACT(SEND_LC_INIT));
	KUNIT_EXPECT_EQ(test, r.fsm.tries, 2);
	/*
	 * Read when the clock in whole milliseconds has moved by 20: as much
	 * as 21 ms may have passed, which a receiver that times LC_Init to
	 * the nanosecond calls late.
	 */
	expect(&r, EV(OK), 0, ST(A2_LC), 0);
	r.now += DRM_HDCP2_L_PRIME_MS;
	expect(&r, EV(TIMER), 0, ST(A2_LC), ACT(READ_L_PRIME));
	expect(&r, EV(OK), 0, ST(A2_LC), ACT(SEND_LC_INIT));
	KUNIT_EXPECT_EQ(test, r.fsm.tries, 3);
	/* Polled L' that is not there by 20 ms: another rn. */
	expect(&r, EV(OK), 0, ST(A2_LC), 0);
	r.now += DRM_HDCP2_L_PRIME_MS;
	expect(&r, EV(TIMER), 0, ST(A2_LC), ACT(READ_L_PRIME));
	expect(&r, EV(NOT_YET), 0, ST(A2_LC), ACT(SEND_LC_INIT));
	/* DP reads L' at 16 ms. */
	run_init(test, &r, true, true);
	to_lc(&r);
	expect(&r, EV(OK), 0, ST(A2_LC), 0);
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, DRM_HDCP2_DP_L_PRIME_READ_MS + 1);
}

/* 1A-07 / 1B-08: REAUTH_REQ on an authenticated link authenticates again. */
static void drm_test_hdcp2_fsm_1a_07_reauth_request(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	to_session_key(&r, 0);
	expect(&r, EV(OK), 0, ST(A3_WAIT_ENC), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A3_WAIT_ENC), ACT(ENCRYPT));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A5_AUTHENTICATED), ACT(CHECK_LINK));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, DRM_HDCP2_LINK_CHECK_MS);
	/* HDMI has no CP_IRQ. */
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(CP_IRQ), 0).ignored);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A5_AUTHENTICATED), ACT(CHECK_LINK));
	expect(&r, EV(FAIL), 0, ST(BACKOFF), 0);
	KUNIT_EXPECT_EQ(test, r.last.actions, ACT(RESET));
	KUNIT_EXPECT_FALSE(test, drm_hdcp2_fsm_protected(&r.fsm));
	KUNIT_EXPECT_EQ(test, r.fsm.attempts, 1);
}

/* Authenticate a repeater up to RepeaterAuth_Stream_Manage. */
static void to_streams(struct fsm_run *r, u32 list_info)
{
	to_cert_wait(r);
	to_session_key(r, INFO(REPEATER));
	expect(r, EV(OK), 0, ST(A6_WAIT_LIST), 0);
	elapse(r);
	expect(r, EV(TIMER), 0, ST(A6_WAIT_LIST), ACT(READ_LIST));
	expect(r, EV(OK), list_info, ST(A9_STREAMS), ACT(STREAM_MANAGE));
}

/* 1B-01: a repeater; Stream_Manage, M', then encryption 200 ms after SKE. */
static void drm_test_hdcp2_fsm_1b_01_repeater(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	r.fsm.type1 = true;
	to_streams(&r, INFO(TYPE1_OK));
	expect(&r, EV(OK), 0, ST(A9_STREAMS), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A9_STREAMS), ACT(READ_M_PRIME));
	expect(&r, EV(OK), 0, ST(A3_WAIT_ENC), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A3_WAIT_ENC), ACT(ENCRYPT));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	KUNIT_EXPECT_TRUE(test, r.fsm.type1_protected);
}

/* 1B-02: no list within 3 s; 1B-03..06: the list fails its checks. */
static void drm_test_hdcp2_fsm_1b_02_to_06_list(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	to_session_key(&r, INFO(REPEATER));
	expect(&r, EV(OK), 0, ST(A6_WAIT_LIST), 0);
	r.now += DRM_HDCP2_LIST_MS;
	expect(&r, EV(TIMER), 0, ST(A6_WAIT_LIST), ACT(READ_LIST));
	expect(&r, EV(NOT_YET), 0, ST(BACKOFF), 0);

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	to_session_key(&r, INFO(REPEATER));
	expect(&r, EV(OK), 0, ST(A6_WAIT_LIST), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A6_WAIT_LIST), ACT(READ_LIST));
	expect(&r, EV(FAIL), 0, ST(BACKOFF), 0);

	run_init(test, &r, true, true);
	to_cert_wait(&r);
	to_session_key(&r, INFO(REPEATER));
	expect(&r, EV(OK), 0, ST(A6_WAIT_LIST), 0);
	expect(&r, EV(CP_IRQ), 0, ST(A6_WAIT_LIST), ACT(READ_LIST));
	expect(&r, EV(REVOKED), 0, ST(REVOKED), 0);
}

/* 1B-10: a wrong M' retries with the next seq_num_M, three times in all. */
static void drm_test_hdcp2_fsm_1b_10_stream_management(struct kunit *test)
{
	struct fsm_run r;
	unsigned int i;

	run_init(test, &r, false, true);
	to_streams(&r, INFO(TYPE1_OK));
	for (i = 1; i < DRM_HDCP2_STREAM_TRIES; i++) {
		expect(&r, EV(OK), 0, ST(A9_STREAMS), 0);
		elapse(&r);
		expect(&r, EV(TIMER), 0, ST(A9_STREAMS), ACT(READ_M_PRIME));
		expect(&r, EV(FAIL), 0, ST(A9_STREAMS), ACT(STREAM_MANAGE));
	}
	expect(&r, EV(OK), 0, ST(A9_STREAMS), 0);
	r.now += DRM_HDCP2_M_PRIME_MS;
	expect(&r, EV(TIMER), 0, ST(A9_STREAMS), ACT(READ_M_PRIME));
	expect(&r, EV(NOT_YET), 0, ST(BACKOFF), 0);
}

/* Type 1 to a repeater with an HDCP 1.x device downstream: refused, not retried. */
static void drm_test_hdcp2_fsm_type1_refused_downstream(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	r.fsm.type1 = true;
	to_cert_wait(&r);
	to_session_key(&r, INFO(REPEATER));
	expect(&r, EV(OK), 0, ST(A6_WAIT_LIST), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A6_WAIT_LIST), ACT(READ_LIST));
	expect(&r, EV(OK), 0, ST(UNSUPPORTED), 0);
	KUNIT_EXPECT_EQ(test, r.last.actions, ACT(RESET));
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, NONE);
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(ENABLE), 0).ignored);
	/* Type 0 now: authenticate again. */
	r.fsm.type1 = false;
	expect(&r, EV(ENABLE), 0, ST(A0_CAPS), ACT(READ_CAPS));
}

/* 1B-07: READY on an authenticated link: new list, same key, encryption stays. */
static void drm_test_hdcp2_fsm_1b_07_topology_change(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, true, true);
	to_streams(&r, INFO(TYPE1_OK));
	expect(&r, EV(OK), 0, ST(A9_STREAMS), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A9_STREAMS), ACT(READ_M_PRIME));
	expect(&r, EV(OK), 0, ST(A3_WAIT_ENC), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A3_WAIT_ENC), ACT(ENCRYPT));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	expect(&r, EV(CP_IRQ), 0, ST(A5_AUTHENTICATED), ACT(CHECK_LINK));
	expect(&r, EV(TOPOLOGY), 0, ST(A6_WAIT_LIST), ACT(READ_LIST));
	KUNIT_EXPECT_EQ(test, r.last.actions & ACT(RESET), 0);
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_fsm_protected(&r.fsm));
	expect(&r, EV(OK), INFO(TYPE1_OK), ST(A9_STREAMS), ACT(STREAM_MANAGE));
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_fsm_protected(&r.fsm));
	expect(&r, EV(OK), 0, ST(A9_STREAMS), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A9_STREAMS), ACT(READ_M_PRIME));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	/* 1B-09: a list that breaks the seq_num_V rules authenticates again. */
	expect(&r, EV(CP_IRQ), 0, ST(A5_AUTHENTICATED), ACT(CHECK_LINK));
	expect(&r, EV(TOPOLOGY), 0, ST(A6_WAIT_LIST), ACT(READ_LIST));
	expect(&r, EV(FAIL), 0, ST(BACKOFF), 0);
	KUNIT_EXPECT_FALSE(test, drm_hdcp2_fsm_protected(&r.fsm));
}

/* A content type change: stream management again, no new authentication. */
static void drm_test_hdcp2_fsm_content_type_change(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_streams(&r, INFO(TYPE1_OK));
	expect(&r, EV(OK), 0, ST(A9_STREAMS), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A9_STREAMS), ACT(READ_M_PRIME));
	expect(&r, EV(OK), 0, ST(A3_WAIT_ENC), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A3_WAIT_ENC), ACT(ENCRYPT));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	KUNIT_EXPECT_FALSE(test, r.fsm.type1_protected);
	r.fsm.type1 = true;
	expect(&r, EV(ENABLE), 0, ST(A9_STREAMS), ACT(STREAM_MANAGE));
	KUNIT_EXPECT_EQ(test, r.last.actions & ACT(RESET), 0);
	expect(&r, EV(OK), 0, ST(A9_STREAMS), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A9_STREAMS), ACT(READ_M_PRIME));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	KUNIT_EXPECT_TRUE(test, r.fsm.type1_protected);

	/* A DP receiver: its stream type register. */
	run_init(test, &r, true, true);
	to_cert_wait(&r);
	to_session_key(&r, 0);
	expect(&r, EV(OK), 0, ST(A3_WAIT_ENC), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A3_WAIT_ENC), ACT(ENCRYPT));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	r.fsm.type1 = true;
	expect(&r, EV(ENABLE), 0, ST(A5_AUTHENTICATED), ACT(SET_TYPE));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	KUNIT_EXPECT_TRUE(test, r.fsm.type1_protected);

	/* An HDMI receiver displays any type. */
	run_init(test, &r, false, true);
	to_cert_wait(&r);
	to_session_key(&r, 0);
	expect(&r, EV(OK), 0, ST(A3_WAIT_ENC), 0);
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A3_WAIT_ENC), ACT(ENCRYPT));
	expect(&r, EV(OK), 0, ST(A5_AUTHENTICATED), 0);
	r.fsm.type1 = true;
	expect(&r, EV(ENABLE), 0, ST(A5_AUTHENTICATED), 0);
	KUNIT_EXPECT_TRUE(test, r.fsm.type1_protected);
}

/* No HDCP 2.2: HDCP 1.4 for Type 0, nothing for Type 1. */
static void drm_test_hdcp2_fsm_fallback_to_hdcp1(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	expect(&r, EV(ENABLE), 0, ST(WAIT_LINK), 0);
	expect(&r, EV(LINK_UP), 0, ST(A0_CAPS), ACT(READ_CAPS));
	expect(&r, EV(NO_HDCP2), 0, ST(FALLBACK), 0);
	KUNIT_EXPECT_EQ(test, r.last.actions, ACT(FALLBACK_ON));
	KUNIT_EXPECT_FALSE(test, drm_hdcp2_fsm_protected(&r.fsm));
	/* Type 1 leaves HDCP 1.4 and looks for HDCP 2.2 again. */
	r.fsm.type1 = true;
	expect(&r, EV(ENABLE), 0, ST(A0_CAPS), ACT(READ_CAPS));
	KUNIT_EXPECT_TRUE(test, r.last.actions & ACT(FALLBACK_OFF));
	expect(&r, EV(NO_HDCP2), 0, ST(UNSUPPORTED), 0);
	r.fsm.type1 = false;
	expect(&r, EV(ENABLE), 0, ST(A0_CAPS), ACT(READ_CAPS));
	expect(&r, EV(NO_HDCP2), 0, ST(FALLBACK), 0);
	/* Unplug: HDCP 1.4 gives the link back. */
	expect(&r, EV(LINK_DOWN), 0, ST(WAIT_LINK), 0);
	KUNIT_EXPECT_EQ(test, r.last.actions, ACT(FALLBACK_OFF));

	/* Without an HDCP 1.4 transmitter there is nothing to fall back to. */
	run_init(test, &r, false, false);
	expect(&r, EV(ENABLE), 0, ST(WAIT_LINK), 0);
	expect(&r, EV(LINK_UP), 0, ST(A0_CAPS), ACT(READ_CAPS));
	expect(&r, EV(NO_HDCP2), 0, ST(UNSUPPORTED), 0);
}

/* Undesired stops everything at once, from anywhere. */
static void drm_test_hdcp2_fsm_disable_stops(struct kunit *test)
{
	struct fsm_run r;

	run_init(test, &r, false, true);
	to_lc(&r);
	expect(&r, EV(OK), 0, ST(A2_LC), 0);
	expect(&r, EV(DISABLE), 0, ST(IDLE), 0);
	KUNIT_EXPECT_EQ(test, r.last.actions, ACT(RESET));
	KUNIT_EXPECT_EQ(test, r.last.timeout_ms, NONE);
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(DISABLE), 0).ignored);
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(TIMER), 0).ignored);
}

/* A result that answers nothing in flight is ignored, and so is the reverse. */
static void drm_test_hdcp2_fsm_results_answer_io_only(struct kunit *test)
{
	struct fsm_run r;
	struct drm_hdcp2_fsm before;

	run_init(test, &r, false, true);
	to_cert_wait(&r);
	before = r.fsm;
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(OK), 0).ignored);
	KUNIT_EXPECT_MEMEQ(test, &r.fsm, &before, sizeof(before));
	elapse(&r);
	expect(&r, EV(TIMER), 0, ST(A1_CERT), ACT(READ_CERT));
	before = r.fsm;
	KUNIT_EXPECT_TRUE(test, feed(&r, EV(TIMER), 0).ignored);
	KUNIT_EXPECT_MEMEQ(test, &r.fsm, &before, sizeof(before));
}

/*
 * Every event in every state reached by the cases above: at most one I/O
 * action, a timer that is a time or a request, an ignored event that
 * changes nothing, and a state that is never left without the transmitter
 * reset when it had started.
 */
static void drm_test_hdcp2_fsm_sweep(struct kunit *test)
{
	static const u32 infos[] = { 0, INFO(REPEATER), INFO(PAIRED), INFO(TYPE1_OK) };
	enum drm_hdcp2_event ev;
	unsigned int st, i, io;

	for (st = 0; st < DRM_HDCP2_NUM_STATES; st++) {
		for (io = 0; io <= 16; io++) {
			for (ev = 0; ev < DRM_HDCP2_NUM_EVENTS; ev++) {
				for (i = 0; i < ARRAY_SIZE(infos); i++) {
					struct drm_hdcp2_fsm fsm, before;
					struct drm_hdcp2_step s;
					u32 ios;

					drm_hdcp2_fsm_init(&fsm, i & 1, true);
					fsm.state = st;
					fsm.io = io < 3 ? 0 : BIT(io);
					fsm.link_up = true;
					fsm.armed = st >= DRM_HDCP2_A1_CERT &&
						    st <= DRM_HDCP2_A5_AUTHENTICATED;
					fsm.encrypting = st == DRM_HDCP2_A5_AUTHENTICATED;
					fsm.since_ms = 500;
					before = fsm;
					s = drm_hdcp2_fsm_next(&fsm, ev, infos[i], 1000);
					ios = s.actions & ACT(IO_MASK);
					KUNIT_EXPECT_LE(test, hweight32(ios), 1);
					if (ios)
						KUNIT_EXPECT_EQ(test, fsm.io, ios);
					KUNIT_EXPECT_TRUE(test, s.timeout_ms >= KEEP);
					if (s.ignored)
						KUNIT_EXPECT_MEMEQ_MSG(test, &fsm, &before,
								       sizeof(fsm), "%s on %s",
								       drm_hdcp2_state_name(st),
								       drm_hdcp2_event_name(ev));
					if (before.armed && !fsm.armed)
						KUNIT_EXPECT_TRUE_MSG(test, s.actions & ACT(RESET),
								      "%s on %s",
								      drm_hdcp2_state_name(st),
								      drm_hdcp2_event_name(ev));
				}
			}
		}
	}
}

static struct kunit_case drm_hdcp2_fsm_tests[] = {
	KUNIT_CASE(drm_test_hdcp2_fsm_receiver_authenticates),
	KUNIT_CASE(drm_test_hdcp2_fsm_stored_km_skips_pairing),
	KUNIT_CASE(drm_test_hdcp2_fsm_1a_08_no_certificate),
	KUNIT_CASE(drm_test_hdcp2_fsm_dp_reads_cert_after_its_time),
	KUNIT_CASE(drm_test_hdcp2_fsm_1a_09_1a_10_certificate),
	KUNIT_CASE(drm_test_hdcp2_fsm_1a_11_h_prime),
	KUNIT_CASE(drm_test_hdcp2_fsm_1a_12_no_pairing_info),
	KUNIT_CASE(drm_test_hdcp2_fsm_1a_13_1_invalid_l_prime),
	KUNIT_CASE(drm_test_hdcp2_fsm_1a_13_2_late_l_prime),
	KUNIT_CASE(drm_test_hdcp2_fsm_1a_07_reauth_request),
	KUNIT_CASE(drm_test_hdcp2_fsm_1b_01_repeater),
	KUNIT_CASE(drm_test_hdcp2_fsm_1b_02_to_06_list),
	KUNIT_CASE(drm_test_hdcp2_fsm_1b_10_stream_management),
	KUNIT_CASE(drm_test_hdcp2_fsm_type1_refused_downstream),
	KUNIT_CASE(drm_test_hdcp2_fsm_1b_07_topology_change),
	KUNIT_CASE(drm_test_hdcp2_fsm_content_type_change),
	KUNIT_CASE(drm_test_hdcp2_fsm_fallback_to_hdcp1),
	KUNIT_CASE(drm_test_hdcp2_fsm_disable_stops),
	KUNIT_CASE(drm_test_hdcp2_fsm_results_answer_io_only),
	KUNIT_CASE(drm_test_hdcp2_fsm_sweep),
	{}
};

static struct kunit_suite drm_hdcp2_fsm_test_suite = {
	.name = "drm_hdcp2_fsm",
	.test_cases = drm_hdcp2_fsm_tests,
};

kunit_test_suite(drm_hdcp2_fsm_test_suite);

MODULE_DESCRIPTION("KUnit tests for the HDCP 2.2 transition function");
MODULE_LICENSE("Dual MIT/GPL");
