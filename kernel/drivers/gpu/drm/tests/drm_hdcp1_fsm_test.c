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
#define RESET		ACT(RESET_TX)
#define PERIOD		DRM_HDCP1_LINK_CHECK_MS
/* Checks sit half-way between changes of Ri: the first one half a period in. */
#define FIRST_CHECK	(PERIOD / 2)
/* The second R0' read, where a slow sink has it: Aksv was at NOW - 10. */
#define SLOW_R0		(DRM_HDCP1_R0_SLOW_MS - 10)
#define RETRY		DRM_HDCP1_RETRY_BASE_MS

/* The spec limits themselves are static_asserts in drm_hdcp1_fsm.c. */

/* A state as it occurs at run time: the I/O in flight and the flags. */
struct situation {
	const char *name;
	enum drm_hdcp1_state state;
	u32 io;
	bool dp, link_up, repeater, armed, encrypting;
	unsigned int reads;
};

static const struct situation situations[] = {
	{ "idle", ST(IDLE), 0, false, true },
	{ "wait-link", ST(WAIT_LINK), 0, false, false },
	{ "unsupported", ST(UNSUPPORTED), 0, false, true },
	{ "A1 exchanging", ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), false, true, false, true },
	{ "A2 waiting", ST(A2_R0), 0, false, true, false, true },
	{ "A2 reading", ST(A2_R0), ACT(READ_R0), false, true, false, true, false, 1 },
	{ "A2 reading, second", ST(A2_R0), ACT(READ_R0), false, true, false, true, false, 2 },
	{ "A2 reading, third", ST(A2_R0), ACT(READ_R0), false, true, false, true, false, 3 },
	{ "A2 reading, DP", ST(A2_R0), ACT(READ_R0), true, true, false, true, false, 1 },
	{ "A2 reading, DP, third", ST(A2_R0), ACT(READ_R0), true, true, false, true, false, 3 },
	{ "A2 reading, repeater", ST(A2_R0), ACT(READ_R0), false, true, true, true, false, 1 },
	{ "A8 waiting", ST(A8_READY), 0, false, true, true, true, true },
	{ "A8 polling", ST(A8_READY), ACT(POLL_READY), false, true, true, true, true },
	{ "A9 reading list", ST(A9_KSV_LIST), ACT(READ_KSV_LIST), false, true, true, true, true },
	{ "A9 reading V'", ST(A9_KSV_LIST), ACT(READ_V), false, true, true, true, true, 1 },
	{ "A9 reading V', DP", ST(A9_KSV_LIST), ACT(READ_V), true, true, true, true, true, 1 },
	{ "A9 reading V', DP, third", ST(A9_KSV_LIST), ACT(READ_V), true, true, true, true,
	  true, 3 },
	{ "A4 waiting", ST(A4_AUTHENTICATED), 0, false, true, false, true, true },
	{ "A4 waiting, DP", ST(A4_AUTHENTICATED), 0, true, true, false, true, true },
	{ "A4 checking", ST(A4_AUTHENTICATED), ACT(CHECK_LINK), false, true, false, true, true,
	  1 },
	{ "A4 checking, third", ST(A4_AUTHENTICATED), ACT(CHECK_LINK), false, true, false, true,
	  true, 3 },
	{ "A4 checking, DP", ST(A4_AUTHENTICATED), ACT(CHECK_LINK), true, true, false, true, true,
	  1 },
	{ "backoff", ST(BACKOFF), 0, false, true },
	{ "revoked", ST(REVOKED), 0, false, true },
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

#define FAILS(sit, ev)	{ sit, EV(ev), ST(BACKOFF), 0, RESET, RETRY }
/* 1A-08 and a revoked downstream KSV: no retry until something changes. */
#define REVOKES(sit)	{ sit, EV(REVOKED), ST(REVOKED), 0, RESET, NONE }

/*
 * The expected transitions. Disable and link-down, which mean the same in
 * every situation, are expanded by expected_edge().
 */
static const struct edge edges[] = {
	{ "idle", EV(ENABLE), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS), NONE },
	{ "idle", EV(LINK_DOWN), ST(IDLE), 0, 0, KEEP },
	{ "wait-link", EV(LINK_UP), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS), NONE },
	{ "unsupported", EV(ENABLE), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS),
	  NONE },
	{ "unsupported", EV(LINK_DOWN), ST(UNSUPPORTED), 0, 0, KEEP },

	/* 1A-04, 1A-05, 1A-08: any failure of the exchange resets and retries. */
	{ "A1 exchanging", EV(OK), ST(A2_R0), 0, 0, DRM_HDCP1_R0_FLOOR_MS },
	{ "A1 exchanging", EV(OK_REPEATER), ST(A2_R0), 0, 0, DRM_HDCP1_R0_FLOOR_MS },
	FAILS("A1 exchanging", NOT_YET),
	FAILS("A1 exchanging", FAIL),
	FAILS("A1 exchanging", IO_ERROR),
	REVOKES("A1 exchanging"),

	/* R0' only at the floor: a CP_IRQ does not make the read early. */
	{ "A2 waiting", EV(TIMER), ST(A2_R0), ACT(READ_R0), ACT(READ_R0), NONE },
	{ "A2 reading", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	/* 1A-06: read again at 300 ms, then at once, then fail (HDCP 1.4 A3:A0). */
	{ "A2 reading", EV(NOT_YET), ST(A2_R0), 0, 0, SLOW_R0 },
	FAILS("A2 reading", FAIL),
	FAILS("A2 reading", IO_ERROR),
	FAILS("A2 reading", REVOKED),
	{ "A2 reading, second", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	{ "A2 reading, second", EV(NOT_YET), ST(A2_R0), ACT(READ_R0), ACT(READ_R0), NONE },
	FAILS("A2 reading, second", FAIL),
	FAILS("A2 reading, second", IO_ERROR),
	FAILS("A2 reading, second", REVOKED),
	{ "A2 reading, third", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	FAILS("A2 reading, third", NOT_YET),
	FAILS("A2 reading, third", FAIL),
	FAILS("A2 reading, third", IO_ERROR),
	FAILS("A2 reading, third", REVOKED),
	{ "A2 reading, DP", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	{ "A2 reading, DP", EV(NOT_YET), ST(A2_R0), 0, 0, SLOW_R0 },
	FAILS("A2 reading, DP", FAIL),
	FAILS("A2 reading, DP", IO_ERROR),
	FAILS("A2 reading, DP", REVOKED),
	{ "A2 reading, DP, third", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	FAILS("A2 reading, DP, third", NOT_YET),
	FAILS("A2 reading, DP, third", FAIL),
	FAILS("A2 reading, DP, third", IO_ERROR),
	FAILS("A2 reading, DP, third", REVOKED),
	{ "A2 reading, repeater", EV(OK), ST(A8_READY), 0, 0, DRM_HDCP1_READY_POLL_MS },
	{ "A2 reading, repeater", EV(NOT_YET), ST(A2_R0), 0, 0, SLOW_R0 },
	FAILS("A2 reading, repeater", FAIL),
	FAILS("A2 reading, repeater", IO_ERROR),
	FAILS("A2 reading, repeater", REVOKED),

	{ "A8 waiting", EV(TIMER), ST(A8_READY), ACT(POLL_READY), ACT(POLL_READY), NONE },
	{ "A8 waiting", EV(CP_IRQ), ST(A8_READY), ACT(POLL_READY), ACT(POLL_READY), NONE },
	{ "A8 polling", EV(OK), ST(A9_KSV_LIST), ACT(READ_KSV_LIST), ACT(READ_KSV_LIST), NONE },
	{ "A8 polling", EV(NOT_YET), ST(A8_READY), 0, 0, DRM_HDCP1_READY_POLL_MS },
	{ "A8 polling", EV(IO_ERROR), ST(A8_READY), 0, 0, DRM_HDCP1_READY_POLL_MS },
	FAILS("A8 polling", FAIL),	/* DP link failure while waiting */
	FAILS("A8 polling", REVOKED),

	/* The list once, then V' alone. */
	{ "A9 reading list", EV(OK), ST(A9_KSV_LIST), ACT(READ_V), ACT(READ_V), NONE },
	FAILS("A9 reading list", NOT_YET),
	FAILS("A9 reading list", FAIL),	/* 1B-05, 1B-06, revoked */
	FAILS("A9 reading list", IO_ERROR),
	REVOKES("A9 reading list"),
	{ "A9 reading V'", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	FAILS("A9 reading V'", NOT_YET),	/* 1B-04 */
	FAILS("A9 reading V'", FAIL),
	FAILS("A9 reading V'", IO_ERROR),
	FAILS("A9 reading V'", REVOKED),
	{ "A9 reading V', DP", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	{ "A9 reading V', DP", EV(NOT_YET), ST(A9_KSV_LIST), ACT(READ_V), ACT(READ_V), NONE },
	FAILS("A9 reading V', DP", FAIL),
	FAILS("A9 reading V', DP", IO_ERROR),
	FAILS("A9 reading V', DP", REVOKED),
	{ "A9 reading V', DP, third", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	FAILS("A9 reading V', DP, third", NOT_YET),
	FAILS("A9 reading V', DP, third", FAIL),
	FAILS("A9 reading V', DP, third", IO_ERROR),
	FAILS("A9 reading V', DP, third", REVOKED),

	{ "A4 waiting", EV(TIMER), ST(A4_AUTHENTICATED), ACT(CHECK_LINK), ACT(CHECK_LINK),
	  NONE },
	{ "A4 waiting, DP", EV(TIMER), ST(A4_AUTHENTICATED), ACT(CHECK_LINK),
	  ACT(CHECK_LINK), NONE },
	{ "A4 waiting, DP", EV(CP_IRQ), ST(A4_AUTHENTICATED), ACT(CHECK_LINK),
	  ACT(CHECK_LINK), NONE },
	{ "A4 checking", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	/* The read may have straddled a change of Ri: read again, at once. */
	{ "A4 checking", EV(NOT_YET), ST(A4_AUTHENTICATED), ACT(CHECK_LINK), ACT(CHECK_LINK),
	  NONE },
	FAILS("A4 checking", FAIL),	/* DP link failure, encryption lost */
	FAILS("A4 checking", IO_ERROR),	/* 1A-07a */
	FAILS("A4 checking", REVOKED),
	{ "A4 checking, third", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	FAILS("A4 checking, third", NOT_YET),	/* 1A-07 */
	FAILS("A4 checking, third", FAIL),
	FAILS("A4 checking, third", IO_ERROR),
	FAILS("A4 checking, third", REVOKED),
	{ "A4 checking, DP", EV(OK), ST(A4_AUTHENTICATED), 0, 0, FIRST_CHECK },
	FAILS("A4 checking, DP", NOT_YET),
	FAILS("A4 checking, DP", FAIL),
	FAILS("A4 checking, DP", IO_ERROR),
	FAILS("A4 checking, DP", REVOKED),

	{ "backoff", EV(TIMER), ST(A1_EXCHANGE), ACT(EXCHANGE_KSVS), ACT(EXCHANGE_KSVS), NONE },
};

static bool authenticating(const struct situation *s)
{
	return s->state >= ST(A1_EXCHANGE);
}

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
	/* Whatever the transmitter did since it started is undone. */
	if (ev == EV(DISABLE) && s->state != ST(IDLE)) {
		*out = (struct edge){ NULL, ev, ST(IDLE), 0, s->armed ? RESET : 0, NONE };
		return true;
	}
	if (ev == EV(LINK_DOWN) && s->link_up && authenticating(s)) {
		*out = (struct edge){ NULL, ev, ST(WAIT_LINK), 0, s->armed ? RESET : 0, NONE };
		return true;
	}
	return false;
}

static void make(struct drm_hdcp1_fsm *fsm, const struct situation *s)
{
	drm_hdcp1_fsm_init(fsm, s->dp);
	fsm->state = s->state;
	fsm->io = s->io;
	fsm->link_up = s->link_up;
	fsm->repeater = s->repeater;
	fsm->armed = s->armed;
	fsm->encrypting = s->encrypting;
	fsm->reads = s->reads;
	fsm->since_ms = NOW - 10;
	fsm->enc_ms = NOW;
	fsm->next_check_ms = NOW;
}

static const struct situation *situation(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(situations); i++)
		if (!strcmp(situations[i].name, name))
			return &situations[i];
	return NULL;
}

/* Every pair: the expected transition, or ignored with nothing changed. */
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
			/* Leaving an attempt always leaves the transmitter reset. */
			if (want.next == ST(BACKOFF) || want.next == ST(IDLE) ||
			    want.next == ST(WAIT_LINK)) {
				KUNIT_EXPECT_FALSE(test, fsm.armed);
				KUNIT_EXPECT_FALSE(test, fsm.encrypting);
			}
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

	make(&fsm, situation("A2 waiting"));
	before = fsm;
	KUNIT_EXPECT_TRUE(test, drm_hdcp1_fsm_next(&fsm, DRM_HDCP1_NUM_EVENTS, NOW).ignored);
	KUNIT_EXPECT_MEMEQ(test, &fsm, &before, sizeof(fsm));
}

static struct drm_hdcp1_step next(struct drm_hdcp1_fsm *fsm,
				  enum drm_hdcp1_event ev, u64 now)
{
	return drm_hdcp1_fsm_next(fsm, ev, now);
}

static void start(struct drm_hdcp1_fsm *fsm, bool dp)
{
	drm_hdcp1_fsm_init(fsm, dp);
	fsm->link_up = true;
}

static void drm_test_hdcp1_fsm_enable_without_link_waits(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;

	drm_hdcp1_fsm_init(&fsm, false);
	s = next(&fsm, EV(ENABLE), 0);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(WAIT_LINK));
	KUNIT_EXPECT_EQ(test, s.actions, 0);
	s = next(&fsm, EV(LINK_UP), 5);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A1_EXCHANGE));
	KUNIT_EXPECT_EQ(test, s.actions, ACT(EXCHANGE_KSVS));
	KUNIT_EXPECT_TRUE(test, fsm.armed);
	/* A second link-up changes nothing. */
	KUNIT_EXPECT_TRUE(test, next(&fsm, EV(LINK_UP), 6).ignored);
}

static void drm_test_hdcp1_fsm_link_tracked_while_idle(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;

	drm_hdcp1_fsm_init(&fsm, false);
	KUNIT_EXPECT_FALSE(test, next(&fsm, EV(LINK_UP), 0).ignored);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(IDLE));
	KUNIT_EXPECT_TRUE(test, fsm.link_up);
	next(&fsm, EV(ENABLE), 1);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A1_EXCHANGE));
}

/* Type 1 content needs HDCP 2.2: HDCP 1.4 never reports Enabled for it. */
static void drm_test_hdcp1_fsm_type1_unsupported(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;

	start(&fsm, false);
	fsm.type1 = true;
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

	make(&fsm, situation("A4 waiting"));
	fsm.type1 = true;
	s = next(&fsm, EV(ENABLE), NOW);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(UNSUPPORTED));
	KUNIT_EXPECT_EQ(test, s.actions, RESET);
	KUNIT_EXPECT_FALSE(test, fsm.encrypting);
}

/* The exchange's result comes with the time of the Aksv write. */
static void drm_test_hdcp1_fsm_r0_floor_from_aksv(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;

	start(&fsm, false);
	next(&fsm, EV(ENABLE), 1000);
	s = next(&fsm, EV(OK), 1030);
	KUNIT_EXPECT_EQ(test, fsm.since_ms, 1030);
	KUNIT_EXPECT_EQ(test, s.timeout_ms, DRM_HDCP1_R0_FLOOR_MS);
	/* A DP sink's early CP_IRQ does not bring the read forward. */
	fsm.dp = true;
	KUNIT_EXPECT_TRUE(test, next(&fsm, EV(CP_IRQ), 1050).ignored);
}

/*
 * 1A-06: a wrong R0' is read again at 300 ms after Aksv and once more at
 * once, HDMI and DP alike; then the attempt fails and the next one reads
 * first at 300 ms.
 */
static void check_r0_reads(struct kunit *test, bool dp)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;
	unsigned int reads = 0;
	u64 now = 100;

	start(&fsm, dp);
	next(&fsm, EV(ENABLE), 0);
	next(&fsm, EV(OK), 0);
	s = next(&fsm, EV(TIMER), now);
	while (s.actions & ACT(READ_R0)) {
		reads++;
		s = next(&fsm, EV(NOT_YET), now);
		if (fsm.state == ST(A2_R0) && !s.actions) {
			now += s.timeout_ms;
			s = next(&fsm, EV(TIMER), now);
		}
	}
	KUNIT_EXPECT_EQ(test, reads, DRM_HDCP1_R0_READS);
	KUNIT_EXPECT_EQ(test, now, (u64)DRM_HDCP1_R0_SLOW_MS);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, s.actions, RESET);
	KUNIT_EXPECT_TRUE(test, fsm.slow_sink);

	now += s.timeout_ms;
	next(&fsm, EV(TIMER), now);
	s = next(&fsm, EV(OK), now);
	KUNIT_EXPECT_EQ(test, s.timeout_ms, DRM_HDCP1_R0_SLOW_MS);
	now += s.timeout_ms;
	next(&fsm, EV(TIMER), now);
	next(&fsm, EV(OK), now);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A4_AUTHENTICATED));
	KUNIT_EXPECT_FALSE(test, fsm.slow_sink);
}

static void drm_test_hdcp1_fsm_1a_06_hdmi_r0_three_reads(struct kunit *test)
{
	check_r0_reads(test, false);
}

static void drm_test_hdcp1_fsm_1a_06_dp_r0_three_reads(struct kunit *test)
{
	check_r0_reads(test, true);
}

/* 1B-03: READY must come within 5 s of the R0' match. */
static void drm_test_hdcp1_fsm_1b_03_ready_timeout(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;
	u64 now = 0, start_ms, polls = 0;

	start(&fsm, false);
	next(&fsm, EV(ENABLE), now);
	next(&fsm, EV(OK_REPEATER), now);
	now += 100;
	next(&fsm, EV(TIMER), now);
	s = next(&fsm, EV(OK), now);
	KUNIT_ASSERT_EQ(test, fsm.state, ST(A8_READY));
	KUNIT_EXPECT_TRUE(test, fsm.encrypting);
	start_ms = now;
	while (fsm.state == ST(A8_READY)) {
		now += s.timeout_ms;
		s = next(&fsm, EV(TIMER), now);
		KUNIT_ASSERT_EQ(test, s.actions, ACT(POLL_READY));
		polls++;
		s = next(&fsm, EV(NOT_YET), now);
	}
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, now - start_ms, (u64)DRM_HDCP1_READY_TIMEOUT_MS);
	KUNIT_EXPECT_EQ(test, polls, DRM_HDCP1_READY_TIMEOUT_MS / DRM_HDCP1_READY_POLL_MS);
	KUNIT_EXPECT_EQ(test, s.actions, RESET);
}

/* 1B-04: the list is read once; V' alone is re-read, three times on DP. */
static void check_v_reads(struct kunit *test, bool dp, unsigned int expect)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;
	unsigned int list_reads = 0, v_reads = 0;

	make(&fsm, situation("A8 polling"));
	fsm.dp = dp;
	s = next(&fsm, EV(OK), NOW);
	for (;;) {
		if (s.actions & ACT(READ_KSV_LIST)) {
			list_reads++;
			s = next(&fsm, EV(OK), NOW);
		} else if (s.actions & ACT(READ_V)) {
			v_reads++;
			s = next(&fsm, EV(NOT_YET), NOW);
		} else {
			break;
		}
	}
	KUNIT_EXPECT_EQ(test, list_reads, 1);
	KUNIT_EXPECT_EQ(test, v_reads, expect);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
}

static void drm_test_hdcp1_fsm_1b_04_v_once_on_hdmi(struct kunit *test)
{
	check_v_reads(test, false, 1);
}

static void drm_test_hdcp1_fsm_1b_04_v_three_times_on_dp(struct kunit *test)
{
	check_v_reads(test, true, DRM_HDCP1_DP_V_READS);
}

/*
 * 1A-07: an HDMI Ri' that is wrong at three reads in a row makes the
 * receiver unauthenticated; one good read keeps the link.
 */
static void drm_test_hdcp1_fsm_1a_07_ri_three_reads(struct kunit *test)
{
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;
	unsigned int reads = 1;

	make(&fsm, situation("A4 checking"));
	s = next(&fsm, EV(NOT_YET), NOW);
	while (s.actions & ACT(CHECK_LINK)) {
		reads++;
		s = next(&fsm, EV(NOT_YET), NOW);
	}
	KUNIT_EXPECT_EQ(test, reads, DRM_HDCP1_RI_READS);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(BACKOFF));
	KUNIT_EXPECT_EQ(test, s.actions, RESET);

	make(&fsm, situation("A4 checking"));
	next(&fsm, EV(NOT_YET), NOW);
	s = next(&fsm, EV(OK), NOW + 1);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A4_AUTHENTICATED));
	KUNIT_EXPECT_EQ(test, fsm.reads, 0);
}

/* When the check after @now is due: (k + 1/2) slots after encryption. */
static u64 due_after(u64 enc, u64 period_ns, unsigned int n, u64 now)
{
	u64 k = 0;

	while (enc + DIV_ROUND_UP_ULL((2 * k + 1) * period_ns, 2 * n * NSEC_PER_MSEC) <= now)
		k++;
	return enc + DIV_ROUND_UP_ULL((2 * k + 1) * period_ns, 2 * n * NSEC_PER_MSEC);
}

/*
 * Checks sit half-way between two changes of Ri, counted from the start of
 * encryption, however long each one takes; a period over two seconds gets
 * as many checks as keep them two seconds apart at most.
 */
static void check_cadence(struct kunit *test, u64 period_ns, unsigned int per_period)
{
	const u64 enc = 105, full = period_ns ? period_ns : PERIOD * NSEC_PER_MSEC;
	const u64 slot = div_u64(full, per_period * NSEC_PER_MSEC);
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;
	u64 now;
	int i;

	start(&fsm, false);
	fsm.ri_period_ns = period_ns;
	next(&fsm, EV(ENABLE), 0);
	next(&fsm, EV(OK), 0);
	next(&fsm, EV(TIMER), 100);
	s = next(&fsm, EV(OK), enc);
	KUNIT_ASSERT_EQ(test, fsm.state, ST(A4_AUTHENTICATED));
	KUNIT_EXPECT_EQ(test, enc + s.timeout_ms, due_after(enc, full, per_period, enc));
	KUNIT_EXPECT_LE(test, s.timeout_ms, DRM_HDCP1_LINK_CHECK_MS);

	now = enc + s.timeout_ms;
	for (i = 0; i < 50; i++) {
		next(&fsm, EV(TIMER), now);
		/* Slow I/O, and now and then a check that ran very late. */
		now += i % 7 ? 40 : slot + 300;
		s = next(&fsm, EV(OK), now);
		KUNIT_EXPECT_EQ(test, now + s.timeout_ms, due_after(enc, full, per_period, now));
		KUNIT_EXPECT_LE(test, s.timeout_ms, DRM_HDCP1_LINK_CHECK_MS);
		now += s.timeout_ms;
	}
}

static void drm_test_hdcp1_fsm_link_check_cadence(struct kunit *test)
{
	/* 128 frames at 144 Hz, at 60 Hz (over 2 s) and at 24 Hz. */
	check_cadence(test, 888888889, 1);
	check_cadence(test, 2133333333, 2);
	check_cadence(test, 5333333333ULL, 3);
	/* Without a mode: every two seconds. */
	check_cadence(test, 0, 1);
}

static void drm_test_hdcp1_fsm_backoff_doubles_and_caps(struct kunit *test)
{
	static const s32 expect[] = { 100, 200, 400, 800, 1600, 3200, 6400, 6400, 6400 };
	struct drm_hdcp1_fsm fsm;
	struct drm_hdcp1_step s;
	int i;

	start(&fsm, false);
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

	make(&fsm, situation("backoff"));
	next(&fsm, EV(LINK_DOWN), NOW);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(WAIT_LINK));
	next(&fsm, EV(LINK_UP), NOW);
	KUNIT_EXPECT_EQ(test, fsm.state, ST(A1_EXCHANGE));
}

static void drm_test_hdcp1_fsm_names(struct kunit *test)
{
	int i;

	for (i = 0; i < DRM_HDCP1_NUM_STATES; i++)
		KUNIT_EXPECT_STRNEQ(test, drm_hdcp1_state_name(i), "?");
	for (i = 0; i < DRM_HDCP1_NUM_EVENTS; i++)
		KUNIT_EXPECT_STRNEQ(test, drm_hdcp1_event_name(i), "?");
	KUNIT_EXPECT_STREQ(test, drm_hdcp1_state_name(DRM_HDCP1_NUM_STATES), "?");
	KUNIT_EXPECT_STREQ(test, drm_hdcp1_event_name(DRM_HDCP1_NUM_EVENTS), "?");
}

static struct kunit_case drm_hdcp1_fsm_tests[] = {
	KUNIT_CASE(drm_test_hdcp1_fsm_every_edge),
	KUNIT_CASE(drm_test_hdcp1_fsm_out_of_range_event),
	KUNIT_CASE(drm_test_hdcp1_fsm_enable_without_link_waits),
	KUNIT_CASE(drm_test_hdcp1_fsm_link_tracked_while_idle),
	KUNIT_CASE(drm_test_hdcp1_fsm_type1_unsupported),
	KUNIT_CASE(drm_test_hdcp1_fsm_type1_while_enabled),
	KUNIT_CASE(drm_test_hdcp1_fsm_r0_floor_from_aksv),
	KUNIT_CASE(drm_test_hdcp1_fsm_1a_06_hdmi_r0_three_reads),
	KUNIT_CASE(drm_test_hdcp1_fsm_1a_06_dp_r0_three_reads),
	KUNIT_CASE(drm_test_hdcp1_fsm_1b_03_ready_timeout),
	KUNIT_CASE(drm_test_hdcp1_fsm_1b_04_v_once_on_hdmi),
	KUNIT_CASE(drm_test_hdcp1_fsm_1b_04_v_three_times_on_dp),
	KUNIT_CASE(drm_test_hdcp1_fsm_1a_07_ri_three_reads),
	KUNIT_CASE(drm_test_hdcp1_fsm_link_check_cadence),
	KUNIT_CASE(drm_test_hdcp1_fsm_backoff_doubles_and_caps),
	KUNIT_CASE(drm_test_hdcp1_fsm_backoff_without_link),
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
