// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the HDCP 1.4 transition function, edge by edge, with
 * injected time. Every (situation, event) pair either has an expected
 * transition in the table below or is checked to be ignored without any
 * change to the state.
 */

#include <linux/string.h>

#include <kunit/test.h>

#include "../display/drm_hdcp1_fsm.h"

#define ACT(x)		DRM_HDCP1_ACT_##x
#define EV(x)		DRM_HDCP1_EV_##x
#define ST(x)		DRM_HDCP1_##x
#define KEEP		DRM_HDCP1_TIMER_KEEP
#define NONE		DRM_HDCP1_TIMER_NONE

/* A state as it occurs at run time: the I/O in flight and the flags. */
struct situation {
	const char *name;
	enum drm_hdcp1_state state;
	u32 io;
	bool link_up, repeater, encrypting, reported;
};

static const struct situation situations[] = {
	{ "idle", ST(IDLE), 0, true },
	{ "wait-link", ST(WAIT_LINK), 0, false },
	{ "unsupported", ST(UNSUPPORTED), 0, true },
	{ "A1 exchanging", ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), true },
	{ "A2 waiting", ST(A2_R0), 0, true },
	{ "A2 reading", ST(A2_R0), ACT(READ_R0), true },
	{ "A2 reading, repeater", ST(A2_R0), ACT(READ_R0), true, true },
	{ "A8 waiting", ST(A8_READY), 0, true, true, true },
	{ "A8 polling", ST(A8_READY), ACT(POLL_READY), true, true, true },
	{ "A9 reading", ST(A9_KSV_LIST), ACT(READ_KSV_LIST), true, true, true },
	{ "A4 waiting", ST(A4_AUTHENTICATED), 0, true, false, true, true },
	{ "A4 checking", ST(A4_AUTHENTICATED), ACT(CHECK_LINK), true, false, true, true },
	{ "backoff", ST(BACKOFF), 0, true },
};

#define NOW		10000

struct edge {
	const char *situation;
	enum drm_hdcp1_event ev;
	enum drm_hdcp1_state next;
	u32 io;			/* expected I/O in flight afterwards */
	u32 actions;
	s32 timeout;
};

/*
 * The expected transitions. Rows marked "any" are expanded for every
 * situation they apply to by expected_edge().
 */
static const struct edge edges[] = {
	{ "idle", EV(ENABLE), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS), NONE },
	{ "idle", EV(LINK_DOWN), ST(IDLE), 0, 0, KEEP },
	{ "wait-link", EV(LINK_UP), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS), NONE },
	{ "unsupported", EV(ENABLE), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS),
	  NONE },
	{ "unsupported", EV(LINK_DOWN), ST(UNSUPPORTED), 0, 0, KEEP },
	{ "A1 exchanging", EV(OK), ST(A2_R0), 0, 0, DRM_HDCP1_R0_FLOOR_MS },
	{ "A1 exchanging", EV(OK_REPEATER), ST(A2_R0), 0, 0, DRM_HDCP1_R0_FLOOR_MS },
	{ "A1 exchanging", EV(FAIL), ST(BACKOFF), 0, 0, DRM_HDCP1_RETRY_BASE_MS },
	{ "A1 exchanging", EV(IO_ERROR), ST(BACKOFF), 0, 0, DRM_HDCP1_RETRY_BASE_MS },
	{ "A2 waiting", EV(TIMER), ST(A2_R0), ACT(READ_R0), ACT(READ_R0), NONE },
	{ "A2 waiting", EV(CP_IRQ), ST(A2_R0), ACT(READ_R0), ACT(READ_R0), NONE },
	{ "A2 reading", EV(OK), ST(A4_AUTHENTICATED), 0,
	  ACT(ENABLE_ENC) | ACT(REPORT_ENABLED), DRM_HDCP1_LINK_CHECK_MS },
	{ "A2 reading", EV(NOT_YET), ST(A2_R0), 0, 0, DRM_HDCP1_R0_RETRY_MS },
	{ "A2 reading", EV(IO_ERROR), ST(A2_R0), 0, 0, DRM_HDCP1_R0_RETRY_MS },
	{ "A2 reading", EV(FAIL), ST(BACKOFF), 0, 0, DRM_HDCP1_RETRY_BASE_MS },
	{ "A2 reading, repeater", EV(OK), ST(A8_READY), 0, ACT(ENABLE_ENC),
	  DRM_HDCP1_READY_POLL_MS },
	{ "A2 reading, repeater", EV(NOT_YET), ST(A2_R0), 0, 0, DRM_HDCP1_R0_RETRY_MS },
	{ "A2 reading, repeater", EV(IO_ERROR), ST(A2_R0), 0, 0, DRM_HDCP1_R0_RETRY_MS },
	{ "A2 reading, repeater", EV(FAIL), ST(BACKOFF), 0, 0, DRM_HDCP1_RETRY_BASE_MS },
	{ "A8 waiting", EV(TIMER), ST(A8_READY), ACT(POLL_READY), ACT(POLL_READY), NONE },
	{ "A8 waiting", EV(CP_IRQ), ST(A8_READY), ACT(POLL_READY), ACT(POLL_READY), NONE },
	{ "A8 polling", EV(OK), ST(A9_KSV_LIST), ACT(READ_KSV_LIST), ACT(READ_KSV_LIST), NONE },
	{ "A8 polling", EV(NOT_YET), ST(A8_READY), 0, 0, DRM_HDCP1_READY_POLL_MS },
	{ "A8 polling", EV(IO_ERROR), ST(A8_READY), 0, 0, DRM_HDCP1_READY_POLL_MS },
	{ "A8 polling", EV(FAIL), ST(BACKOFF), 0, ACT(DISABLE_ENC), DRM_HDCP1_RETRY_BASE_MS },
	{ "A9 reading", EV(OK), ST(A4_AUTHENTICATED), 0, ACT(REPORT_ENABLED),
	  DRM_HDCP1_LINK_CHECK_MS },
	{ "A9 reading", EV(NOT_YET), ST(A9_KSV_LIST), ACT(READ_KSV_LIST), ACT(READ_KSV_LIST),
	  NONE },
	{ "A9 reading", EV(IO_ERROR), ST(A9_KSV_LIST), ACT(READ_KSV_LIST),
	  ACT(READ_KSV_LIST), NONE },
	{ "A9 reading", EV(FAIL), ST(BACKOFF), 0, ACT(DISABLE_ENC), DRM_HDCP1_RETRY_BASE_MS },
	{ "A4 waiting", EV(TIMER), ST(A4_AUTHENTICATED), ACT(CHECK_LINK), ACT(CHECK_LINK),
	  NONE },
	{ "A4 waiting", EV(CP_IRQ), ST(A4_AUTHENTICATED), ACT(CHECK_LINK), ACT(CHECK_LINK),
	  NONE },
	{ "A4 checking", EV(OK), ST(A4_AUTHENTICATED), 0, 0, DRM_HDCP1_LINK_CHECK_MS },
	{ "A4 checking", EV(NOT_YET), ST(A4_AUTHENTICATED), ACT(CHECK_LINK), ACT(CHECK_LINK),
	  NONE },
	{ "A4 checking", EV(IO_ERROR), ST(A4_AUTHENTICATED), ACT(CHECK_LINK),
	  ACT(CHECK_LINK), NONE },
	{ "A4 checking", EV(FAIL), ST(BACKOFF), 0, ACT(DISABLE_ENC) | ACT(REPORT_DESIRED),
	  DRM_HDCP1_RETRY_BASE_MS },
	{ "backoff", EV(TIMER), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS), NONE },
};

/* What leaving an authentication switches off and reports. */
static u32 fail_actions(const struct situation *s)
{
	return (s->encrypting ? ACT(DISABLE_ENC) : 0) |
	       (s->reported ? ACT(REPORT_DESIRED) : 0);
}

static bool authenticating(const struct situation *s)
{
	return s->state >= ST(A1_EXCHANGE);
}

/* Rows that hold in every situation of a kind: disable, link-down, hw-error. */
static bool expected_edge(const struct situation *s, enum drm_hdcp1_event ev,
			  struct edge *out)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(edges); i++) {
		if (!strcmp(edges[i].situation, s->name) && edges[i].ev == ev) {
			*out = edges[i];
			return true;
		}
	}
	if (ev == EV(DISABLE) && s->state != ST(IDLE)) {
		*out = (struct edge){ NULL, ev, ST(IDLE), 0,
				      s->encrypting ? ACT(DISABLE_ENC) : 0, NONE };
		return true;
	}
	if (ev == EV(LINK_DOWN) && s->link_up && authenticating(s)) {
		*out = (struct edge){ NULL, ev, ST(WAIT_LINK), 0, fail_actions(s), NONE };
		return true;
	}
	if (ev == EV(HW_ERROR) && authenticating(s)) {
		*out = (struct edge){ NULL, ev, ST(BACKOFF), 0, fail_actions(s),
				      DRM_HDCP1_RETRY_BASE_MS };
		return true;
	}
	return false;
}

static void make(struct drm_hdcp1_fsm *fsm, const struct situation *s)
{
	memset(fsm, 0, sizeof(*fsm));
	fsm->state = s->state;
	fsm->io = s->io;
	fsm->link_up = s->link_up;
	fsm->repeater = s->repeater;
	fsm->encrypting = s->encrypting;
	fsm->reported_enabled = s->reported;
	fsm->reads = s->io ? 1 : 0;
	fsm->since_ms = NOW - 10;
}

static void drm_test_hdcp1_fsm_every_edge(struct kunit *test)
{
	unsigned int s, e, checked = 0, ignored = 0;

	for (s = 0; s < ARRAY_SIZE(situations); s++) {
		for (e = 0; e < DRM_HDCP1_NUM_EVENTS; e++) {
			const struct situation *sit = &situations[s];
			struct drm_hdcp1_fsm fsm, before;
			struct drm_hdcp1_step step;
			struct edge want;

			make(&fsm, sit);
			before = fsm;
			step = drm_hdcp1_fsm_next(&fsm, e, NOW);

			if (!expected_edge(sit, e, &want)) {
				KUNIT_EXPECT_TRUE_MSG(test, step.ignored, "%s + %s",
						      sit->name, drm_hdcp1_event_name(e));
				KUNIT_EXPECT_MEMEQ_MSG(test, &fsm, &before, sizeof(fsm),
						       "%s + %s changed the state", sit->name,
						       drm_hdcp1_event_name(e));
				ignored++;
				continue;
			}
			KUNIT_EXPECT_FALSE_MSG(test, step.ignored, "%s + %s", sit->name,
					       drm_hdcp1_event_name(e));
			KUNIT_EXPECT_EQ_MSG(test, fsm.state, want.next, "%s + %s -> %s",
					    sit->name, drm_hdcp1_event_name(e),
					    drm_hdcp1_state_name(fsm.state));
			KUNIT_EXPECT_EQ_MSG(test, fsm.io, want.io, "%s + %s", sit->name,
					    drm_hdcp1_event_name(e));
			KUNIT_EXPECT_EQ_MSG(test, step.actions, want.actions, "%s + %s",
					    sit->name, drm_hdcp1_event_name(e));
			KUNIT_EXPECT_EQ_MSG(test, step.timeout_ms, want.timeout, "%s + %s",
					    sit->name, drm_hdcp1_event_name(e));
			checked++;
		}
	}
	kunit_info(test, "%u transitions checked, %u pairs ignored\n", checked, ignored);
	KUNIT_EXPECT_EQ(test, checked + ignored,
			ARRAY_SIZE(situations) * DRM_HDCP1_NUM_EVENTS);
}

static void drm_test_hdcp1_fsm_out_of_range_event(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm, before;

	make(&fsm, &situations[4]);
	before = fsm;
	KUNIT_EXPECT_TRUE(test, drm_hdcp1_fsm_next(&fsm, DRM_HDCP1_NUM_EVENTS, NOW).ignored);
	KUNIT_EXPECT_MEMEQ(test, &fsm, &before, sizeof(fsm));
}

/* One transition, for the scenario tests below. */
static struct drm_hdcp1_step next(struct drm_hdcp1_fsm *fsm,
				  enum drm_hdcp1_event ev, u64 now)
{
	return drm_hdcp1_fsm_next(fsm, ev, now);
}

static void drm_test_hdcp1_fsm_enable_without_link_waits(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm = {};
	struct drm_hdcp1_step s;

	s = next(&fsm, EV(ENABLE), 0);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(WAIT_LINK));
	KUNIT_EXPECT_EQ(test, s.actions, 0);
	s = next(&fsm, EV(LINK_UP), 5);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A1_EXCHANGE));
	KUNIT_EXPECT_EQ(test, s.actions, ACT(EXCHANGE_KSVS));
	/* A second link-up changes nothing. */
	KUNIT_EXPECT_TRUE(test, next(&fsm, EV(LINK_UP), 6).ignored);
}

static void drm_test_hdcp1_fsm_link_tracked_while_idle(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm = {};

	KUNIT_EXPECT_FALSE(test, next(&fsm, EV(LINK_UP), 0).ignored);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(IDLE));
	KUNIT_EXPECT_TRUE(test, fsm.link_up);
	next(&fsm, EV(ENABLE), 1);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A1_EXCHANGE));
}

/* Type 1 content needs HDCP 2.2: HDCP 1.4 never reports Enabled for it. */
static void drm_test_hdcp1_fsm_type1_unsupported(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm = { .link_up = true, .type1 = true };
	struct drm_hdcp1_step s;

	next(&fsm, EV(ENABLE), 0);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(UNSUPPORTED));
	KUNIT_EXPECT_TRUE(test, next(&fsm, EV(TIMER), 1).ignored);
	KUNIT_EXPECT_TRUE(test, next(&fsm, EV(ENABLE), 2).ignored);

	/* Back to Type 0: authentication starts. */
	fsm.type1 = false;
	s = next(&fsm, EV(ENABLE), 3);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A1_EXCHANGE));
	KUNIT_EXPECT_EQ(test, s.actions, ACT(EXCHANGE_KSVS));
}

static void drm_test_hdcp1_fsm_type1_while_enabled(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;

	make(&fsm, &situations[10]);
	fsm.type1 = true;
	s = next(&fsm, EV(ENABLE), NOW);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(UNSUPPORTED));
	KUNIT_EXPECT_EQ(test, s.actions, ACT(DISABLE_ENC) | ACT(REPORT_DESIRED));
	KUNIT_EXPECT_FALSE(test, fsm.encrypting);
}

/* 1A-06 and slow receivers: R0' is re-read until 500 ms after Aksv. */
static void drm_test_hdcp1_fsm_1a_06_r0_deadline(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm = { .link_up = true };
	struct drm_hdcp1_step s;
	u64 now = 1000, reads = 0;

	next(&fsm, EV(ENABLE), now);
	s = next(&fsm, EV(OK), now);
	KUNIT_ASSERT_EQ(test, s.timeout_ms, DRM_HDCP1_R0_FLOOR_MS);
	now += s.timeout_ms;
	for (;;) {
		s = next(&fsm, EV(TIMER), now);
		KUNIT_ASSERT_EQ(test, s.actions, ACT(READ_R0));
		reads++;
		s = next(&fsm, EV(NOT_YET), now);
		if (fsm.state != ST(A2_R0))
			break;
		now += s.timeout_ms;
		KUNIT_ASSERT_LE(test, now - 1000, (u64)DRM_HDCP1_R0_DEADLINE_MS);
	}
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, now - 1000, (u64)DRM_HDCP1_R0_DEADLINE_MS);
	KUNIT_EXPECT_EQ(test, reads, 1 + (DRM_HDCP1_R0_DEADLINE_MS - DRM_HDCP1_R0_FLOOR_MS) /
				     DRM_HDCP1_R0_RETRY_MS);
	/* Nothing was encrypted, so nothing is switched off or reported. */
	KUNIT_EXPECT_EQ(test, s.actions, 0);
}

static void drm_test_hdcp1_fsm_r0_late_within_deadline(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm = { .link_up = true };
	struct drm_hdcp1_step s;

	next(&fsm, EV(ENABLE), 0);
	next(&fsm, EV(OK), 0);
	next(&fsm, EV(TIMER), 100);
	s = next(&fsm, EV(NOT_YET), 100);
	next(&fsm, EV(TIMER), 100 + s.timeout_ms);
	s = next(&fsm, EV(OK), 120);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A4_AUTHENTICATED));
	KUNIT_EXPECT_EQ(test, s.actions, ACT(ENABLE_ENC) | ACT(REPORT_ENABLED));
	KUNIT_EXPECT_TRUE(test, fsm.encrypting);
	KUNIT_EXPECT_TRUE(test, fsm.reported_enabled);
}

/* 1B-03: READY must come within 5 s of the R0' match. */
static void drm_test_hdcp1_fsm_1b_03_ready_timeout(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm = { .link_up = true };
	struct drm_hdcp1_step s;
	u64 now = 0, start, polls = 0;

	next(&fsm, EV(ENABLE), now);
	next(&fsm, EV(OK_REPEATER), now);
	now += 100;
	next(&fsm, EV(TIMER), now);
	s = next(&fsm, EV(OK), now);
	KUNIT_ASSERT_EQ(test, fsm.state, ST(A8_READY));
	start = now;
	while (fsm.state == ST(A8_READY)) {
		now += s.timeout_ms;
		s = next(&fsm, EV(TIMER), now);
		KUNIT_ASSERT_EQ(test, s.actions, ACT(POLL_READY));
		polls++;
		s = next(&fsm, EV(NOT_YET), now);
	}
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, now - start, (u64)DRM_HDCP1_READY_TIMEOUT_MS);
	KUNIT_EXPECT_EQ(test, polls, DRM_HDCP1_READY_TIMEOUT_MS / DRM_HDCP1_READY_POLL_MS);
	/* Encryption was on during the wait; it goes off, nothing was reported. */
	KUNIT_EXPECT_EQ(test, s.actions, ACT(DISABLE_ENC));
}

static void drm_test_hdcp1_fsm_1b_04_v_attempts(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	int reads = 1;

	make(&fsm, &situations[9]);
	while (fsm.state == ST(A9_KSV_LIST)) {
		next(&fsm, EV(NOT_YET), NOW);
		if (fsm.state == ST(A9_KSV_LIST))
			reads++;
	}
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, reads, DRM_HDCP1_V_ATTEMPTS);
}

static void drm_test_hdcp1_fsm_1a_07_ri_attempts(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;
	int reads = 1;

	make(&fsm, &situations[11]);
	for (;;) {
		s = next(&fsm, EV(NOT_YET), NOW);
		if (fsm.state != ST(A4_AUTHENTICATED))
			break;
		reads++;
	}
	KUNIT_EXPECT_EQ(test, reads, DRM_HDCP1_RI_ATTEMPTS);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, s.actions, ACT(DISABLE_ENC) | ACT(REPORT_DESIRED));
	KUNIT_EXPECT_FALSE(test, fsm.reported_enabled);
}

/* A mismatch followed by a good read is no failure. */
static void drm_test_hdcp1_fsm_ri_recovers_on_reread(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;

	make(&fsm, &situations[11]);
	next(&fsm, EV(NOT_YET), NOW);
	s = next(&fsm, EV(OK), NOW);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A4_AUTHENTICATED));
	KUNIT_EXPECT_EQ(test, s.timeout_ms, DRM_HDCP1_LINK_CHECK_MS);
	KUNIT_EXPECT_EQ(test, fsm.reads, 0);
}

static void drm_test_hdcp1_fsm_backoff_doubles_and_caps(struct kunit *test)
{
	static const s32 expect[] = { 100, 200, 400, 800, 1600, 3200, 6400, 6400, 6400 };
	struct drm_hdcp1_fsm fsm = { .link_up = true };
	struct drm_hdcp1_step s;
	int i;

	next(&fsm, EV(ENABLE), 0);
	for (i = 0; i < ARRAY_SIZE(expect); i++) {
		s = next(&fsm, EV(FAIL), 0);
		KUNIT_EXPECT_EQ_MSG(test, s.timeout_ms, expect[i], "failure %d", i + 1);
		next(&fsm, EV(TIMER), 0);
		KUNIT_ASSERT_EQ(test, fsm.state, ST(A1_EXCHANGE));
	}
	/* A success resets the back-off. */
	next(&fsm, EV(OK), 0);
	next(&fsm, EV(TIMER), 100);
	next(&fsm, EV(OK), 100);
	KUNIT_EXPECT_EQ(test, fsm.attempts, 0);
}

/* A failure while the link is down waits for the link, not the timer. */
static void drm_test_hdcp1_fsm_backoff_without_link(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;

	make(&fsm, &situations[12]);
	next(&fsm, EV(LINK_DOWN), NOW);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(WAIT_LINK));
	next(&fsm, EV(LINK_UP), NOW);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A1_EXCHANGE));
}

/* The limits the specifications fix, spelled out. */
static void drm_test_hdcp1_fsm_spec_limits(struct kunit *test)
{
	KUNIT_EXPECT_GE(test, DRM_HDCP1_R0_FLOOR_MS, 100);
	KUNIT_EXPECT_EQ(test, DRM_HDCP1_READY_TIMEOUT_MS, 5000);
	KUNIT_EXPECT_GE(test, DRM_HDCP1_V_ATTEMPTS, 3);
	KUNIT_EXPECT_LE(test, DRM_HDCP1_LINK_CHECK_MS, 2500);
	KUNIT_EXPECT_GT(test, DRM_HDCP1_R0_DEADLINE_MS, DRM_HDCP1_R0_FLOOR_MS);
	KUNIT_EXPECT_LE(test, DRM_HDCP1_READY_POLL_MS, DRM_HDCP1_READY_TIMEOUT_MS);
}

static void drm_test_hdcp1_fsm_names(struct kunit *test)
{
	int i;

	for (i = 0; i < DRM_HDCP1_NUM_STATES; i++)
		KUNIT_EXPECT_STRNEQ(test, drm_hdcp1_state_name(i), "?");
	for (i = 0; i < DRM_HDCP1_NUM_EVENTS; i++)
		KUNIT_EXPECT_STRNEQ(test, drm_hdcp1_event_name(i), "?");
	KUNIT_EXPECT_STREQ(test, drm_hdcp1_state_name(DRM_HDCP1_NUM_STATES), "?");
}

static struct kunit_case drm_hdcp1_fsm_tests[] = {
	KUNIT_CASE(drm_test_hdcp1_fsm_every_edge),
	KUNIT_CASE(drm_test_hdcp1_fsm_out_of_range_event),
	KUNIT_CASE(drm_test_hdcp1_fsm_enable_without_link_waits),
	KUNIT_CASE(drm_test_hdcp1_fsm_link_tracked_while_idle),
	KUNIT_CASE(drm_test_hdcp1_fsm_type1_unsupported),
	KUNIT_CASE(drm_test_hdcp1_fsm_type1_while_enabled),
	KUNIT_CASE(drm_test_hdcp1_fsm_1a_06_r0_deadline),
	KUNIT_CASE(drm_test_hdcp1_fsm_r0_late_within_deadline),
	KUNIT_CASE(drm_test_hdcp1_fsm_1b_03_ready_timeout),
	KUNIT_CASE(drm_test_hdcp1_fsm_1b_04_v_attempts),
	KUNIT_CASE(drm_test_hdcp1_fsm_1a_07_ri_attempts),
	KUNIT_CASE(drm_test_hdcp1_fsm_ri_recovers_on_reread),
	KUNIT_CASE(drm_test_hdcp1_fsm_backoff_doubles_and_caps),
	KUNIT_CASE(drm_test_hdcp1_fsm_backoff_without_link),
	KUNIT_CASE(drm_test_hdcp1_fsm_spec_limits),
	KUNIT_CASE(drm_test_hdcp1_fsm_names),
	{}
};

static struct kunit_suite drm_hdcp1_fsm_test_suite = {
	.name = "drm_hdcp1_fsm",
	.test_cases = drm_hdcp1_fsm_tests,
};

kunit_test_suite(drm_hdcp1_fsm_test_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests for the HDCP 1.4 transition function");
MODULE_LICENSE("Dual MIT/GPL");
