// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the emulated HDCP 1.4 sink. A transmitter written here,
 * the way the specification asks for, drives the sink over the HDMI and
 * the DisplayPort register maps and computes its own side with the cipher:
 * the sink must produce the specification's values, agree with emulated
 * transmitters, record each violation when it is committed and none for
 * this transmitter, and show each fault as the compliance test expects.
 * Time is the test's own clock.
 */

#include <linux/i2c.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/resource.h>
#include <kunit/test.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1_cipher.h>
#include <drm/display/drm_hdcp1_emul.h>

#include "drm_hdcp1_facsimile.h"

#define MS		NSEC_PER_MSEC
#define DDC_AINFO	0x15
#define AN_1		0x34271c130c070403ULL	/* spec vectors #1 and #5 */
#define AN_EMUL		0x0123456789abcdefULL
#define FIFO_MAX	(DRM_HDCP1_EMUL_MAX_DEVICES * DRM_HDCP_KSV_LEN)

struct emul_regs {
	u32 bksv, ri, aksv, an, v, bcaps, bstatus, fifo, ainfo;
};

static const struct emul_regs hdmi_regs = {
	DRM_HDCP_DDC_BKSV, DRM_HDCP_DDC_RI_PRIME, DRM_HDCP_DDC_AKSV,
	DRM_HDCP_DDC_AN, DRM_HDCP_DDC_V_PRIME(0), DRM_HDCP_DDC_BCAPS,
	DRM_HDCP_DDC_BSTATUS, DRM_HDCP_DDC_KSV_FIFO, DDC_AINFO,
};

/* On DisplayPort the topology is in Binfo; Bstatus holds the flags. */
static const struct emul_regs dp_regs = {
	DP_AUX_HDCP_BKSV, DP_AUX_HDCP_RI_PRIME, DP_AUX_HDCP_AKSV,
	DP_AUX_HDCP_AN, DP_AUX_HDCP_V_PRIME(0), DP_AUX_HDCP_BCAPS,
	DP_AUX_HDCP_BINFO, DP_AUX_HDCP_KSV_FIFO, DP_AUX_HDCP_AINFO,
};

/* The sink, the test's clock, and a correct transmitter. */
struct emul_test {
	struct kunit *test;
	struct drm_hdcp1_emul *sink;
	bool dp;
	const struct emul_regs *r;
	u64 now;
	unsigned int irqs;

	struct drm_hdcp1_emul_device tx;
	u8 bksv[DRM_HDCP_KSV_LEN];
	bool repeater;
	struct drm_hdcp1_session session;
	u16 bstatus;
	unsigned int count;
	u8 list[FIFO_MAX];
};

static u64 emul_test_clock(void *data)
{
	return ((struct emul_test *)data)->now;
}

static void emul_test_cp_irq(void *data)
{
	((struct emul_test *)data)->irqs++;
}

static const struct drm_hdcp1_emul_ops emul_test_ops = {
	.clock_ns = emul_test_clock,
	.cp_irq = emul_test_cp_irq,
};

KUNIT_DEFINE_ACTION_WRAPPER(emul_destroy, drm_hdcp1_emul_destroy,
			    struct drm_hdcp1_emul *);

static void emul_device(struct drm_hdcp1_emul_device *dev, unsigned int n)
{
	dev->ksv = drm_hdcp1_emul_ksv(n);
	drm_hdcp1_emul_device_keys(dev->ksv, dev->keys);
}

static void facsimile(struct drm_hdcp1_emul_device *dev,
		      const struct hdcp1_facsimile_device *f)
{
	dev->ksv = f->ksv;
	memcpy(dev->keys, f->keys, sizeof(dev->keys));
}

/* A sink with @rx's identity (emulated device 1 if NULL), transmitter @tx. */
static struct emul_test *emul_start(struct kunit *test,
				    enum drm_hdcp1_transport transport,
				    const struct drm_hdcp1_emul_device *rx,
				    const struct drm_hdcp1_emul_device *tx)
{
	struct drm_hdcp1_emul_device *dev;
	struct emul_test *t;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	dev = kunit_kzalloc(test, sizeof(*dev), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_NOT_NULL(test, dev);
	t->test = test;
	t->dp = transport == DRM_HDCP1_DP;
	t->r = t->dp ? &dp_regs : &hdmi_regs;
	t->now = 1000 * MS;
	if (tx)
		t->tx = *tx;
	else
		emul_device(&t->tx, 0);
	if (rx)
		*dev = *rx;
	else
		emul_device(dev, 1);

	t->sink = drm_hdcp1_emul_create(transport, dev, &emul_test_ops, t);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->sink);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, emul_destroy, t->sink), 0);
	return t;
}

static void wait_ms(struct emul_test *t, u64 ms)
{
	t->now += ms * MS;
}

static void rd(struct emul_test *t, u32 offset, void *buf, size_t len)
{
	KUNIT_ASSERT_EQ_MSG(t->test, drm_hdcp1_emul_read(t->sink, offset, buf, len), 0,
			    "read of %zu at %#x", len, offset);
}

static void wr(struct emul_test *t, u32 offset, const void *buf, size_t len)
{
	KUNIT_ASSERT_EQ_MSG(t->test, drm_hdcp1_emul_write(t->sink, offset, buf, len), 0,
			    "write of %zu at %#x", len, offset);
}

static u8 rd8(struct emul_test *t, u32 offset)
{
	u8 val;

	rd(t, offset, &val, 1);
	return val;
}

static u16 rd16(struct emul_test *t, u32 offset)
{
	u8 val[2];

	rd(t, offset, val, 2);
	return get_unaligned_le16(val);
}

static void wr_an(struct emul_test *t, u64 an)
{
	u8 buf[DRM_HDCP_AN_LEN];

	put_unaligned_le64(an, buf);
	wr(t, t->r->an, buf, sizeof(buf));
}

static void wr_aksv(struct emul_test *t, u64 ksv)
{
	u8 buf[DRM_HDCP_KSV_LEN];

	drm_hdcp1_u64_to_ksv(ksv, buf);
	wr(t, t->r->aksv, buf, sizeof(buf));
}

static bool sink_ready(struct emul_test *t)
{
	if (t->dp)
		return rd8(t, DP_AUX_HDCP_BSTATUS) & DP_BSTATUS_READY;
	return rd8(t, DRM_HDCP_DDC_BCAPS) & DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY;
}

/* First part up to the R0' wait: Bcaps, An, Aksv, Bksv, Km and R0. */
static void tx_exchange(struct emul_test *t, u64 an)
{
	struct kunit *test = t->test;
	u8 bcaps = rd8(t, t->r->bcaps);

	if (t->dp) {
		KUNIT_ASSERT_TRUE(test, bcaps & DP_BCAPS_HDCP_CAPABLE);
		t->repeater = bcaps & DP_BCAPS_REPEATER_PRESENT;
	} else {
		t->repeater = bcaps & DRM_HDCP_DDC_BCAPS_REPEATER_PRESENT;
	}
	wr_an(t, an);
	wr_aksv(t, t->tx.ksv);
	rd(t, t->r->bksv, t->bksv, sizeof(t->bksv));
	KUNIT_ASSERT_TRUE(test, drm_hdcp1_ksv_is_valid(t->bksv));
	drm_hdcp1_session_start(&t->session,
				drm_hdcp1_compute_km(t->tx.keys, drm_hdcp1_ksv_to_u64(t->bksv)),
				t->repeater, an);
}

/* R0' after the wait; DisplayPort announces it first. */
static u16 tx_read_r0(struct emul_test *t)
{
	if (t->dp)
		KUNIT_EXPECT_TRUE(t->test, rd8(t, DP_AUX_HDCP_BSTATUS) &
				  DP_BSTATUS_R0_PRIME_READY);
	return rd16(t, t->r->ri);
}

/* First part, then encryption: the sink now counts frames. */
static void tx_auth(struct emul_test *t, u64 an)
{
	tx_exchange(t, an);
	wait_ms(t, 100);
	KUNIT_ASSERT_EQ(t->test, tx_read_r0(t), t->session.r0);
	drm_hdcp1_emul_set_encryption(t->sink, true);
}

/* Poll READY every 10 ms, as long as @limit_ms; returns the time waited. */
static unsigned int tx_wait_ready(struct emul_test *t, unsigned int limit_ms)
{
	unsigned int waited = 0;

	while (!sink_ready(t)) {
		KUNIT_ASSERT_LT(t->test, waited, limit_ms);
		wait_ms(t, 10);
		waited += 10;
	}
	return waited;
}

/* Second part: topology, the KSV list, V'. Returns true if V' matches. */
static bool tx_ksv_list(struct emul_test *t)
{
	u8 v[DRM_HDCP1_V_LEN], expect[DRM_HDCP1_V_LEN], v_prime[DRM_HDCP1_V_LEN];
	size_t total, done, chunk;

	t->bstatus = rd16(t, t->r->bstatus);
	t->count = DRM_HDCP_NUM_DOWNSTREAM(t->bstatus);
	total = t->count * DRM_HDCP_KSV_LEN;
	for (done = 0; done < total; done += chunk) {
		/* HDMI streams at one address; DP shows three KSVs a read. */
		chunk = t->dp ? min_t(size_t, total - done, 15) : total;
		rd(t, t->r->fifo, t->list + done, chunk);
	}
	rd(t, t->r->v, v_prime, sizeof(v_prime));
	KUNIT_ASSERT_EQ(t->test, drm_hdcp1_compute_v(t->list, t->count, t->bstatus,
						     t->session.m0, v), 0);
	drm_hdcp1_v_to_v_prime(v, expect);
	return !memcmp(expect, v_prime, sizeof(v_prime));
}

/* @n frames on both ends; frames count only while encrypting. */
static void tx_frames(struct emul_test *t, unsigned int n)
{
	drm_hdcp1_emul_advance_frames(t->sink, n);
	while (n--)
		drm_hdcp1_session_next_frame(&t->session);
}

static bool tx_ri_matches(struct emul_test *t)
{
	return rd16(t, DRM_HDCP_DDC_RI_PRIME) == t->session.ri_prime;
}

static void expect_only(struct emul_test *t, enum drm_hdcp1_emul_violation reason,
			unsigned int n)
{
	KUNIT_EXPECT_EQ_MSG(t->test, drm_hdcp1_emul_violations_of(t->sink, reason), n,
			    "%s", drm_hdcp1_emul_violation_name(reason));
	KUNIT_EXPECT_EQ(t->test, drm_hdcp1_emul_violations(t->sink), n);
}

static const enum drm_hdcp1_transport transports[] = { DRM_HDCP1_HDMI, DRM_HDCP1_DP };

static void transport_desc(const enum drm_hdcp1_transport *tr, char *desc)
{
	strscpy(desc, *tr == DRM_HDCP1_DP ? "DP" : "HDMI", KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(transport, transports, transport_desc);

static enum drm_hdcp1_transport param_transport(struct kunit *test)
{
	return *(const enum drm_hdcp1_transport *)test->param_value;
}

/* A fault on both maps, named after its CTS test on each: IDs differ. */
struct cts_case {
	const char *name;
	enum drm_hdcp1_transport transport;
};

static enum drm_hdcp1_transport cts_transport(struct kunit *test)
{
	return ((const struct cts_case *)test->param_value)->transport;
}

static const struct cts_case ready_timeout_cases[] = {
	{ "1B-03 HDMI", DRM_HDCP1_HDMI }, { "DP 1B-04", DRM_HDCP1_DP },
};

KUNIT_ARRAY_PARAM_DESC(ready_timeout, ready_timeout_cases, name);

static const struct cts_case corrupt_v_cases[] = {
	{ "1B-04 HDMI", DRM_HDCP1_HDMI }, { "DP 1B-05", DRM_HDCP1_DP },
};

KUNIT_ARRAY_PARAM_DESC(corrupt_v, corrupt_v_cases, name);

/* Keys. */

static void drm_test_hdcp1_emul_ksv_balanced_distinct(struct kunit *test)
{
	static const u64 spec[] = { KSV_A1, KSV_A2, KSV_B1, KSV_B2 };
	const int n = 256;
	u64 *ksv = kunit_kcalloc(test, n, sizeof(*ksv), GFP_KERNEL);
	int i, j;

	KUNIT_ASSERT_NOT_NULL(test, ksv);
	for (i = 0; i < n; i++) {
		ksv[i] = drm_hdcp1_emul_ksv(i);
		KUNIT_EXPECT_EQ(test, hweight64(ksv[i]), 20);
		KUNIT_EXPECT_EQ(test, ksv[i] >> 40, 0);
		for (j = 0; j < ARRAY_SIZE(spec); j++)
			KUNIT_EXPECT_NE(test, ksv[i], spec[j]);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_NE_MSG(test, ksv[i], ksv[j], "KSVs %d and %d", i, j);
	}
	/* A fixed sequence: VKMS and tests name devices by number. */
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_ksv(7), ksv[7]);
}

static void drm_test_hdcp1_emul_keys_agree_on_km(struct kunit *test)
{
	static const unsigned int pairs[][2] = { { 0, 1 }, { 1, 2 }, { 5, 77 }, { 200, 3 } };
	struct drm_hdcp1_emul_device *a, *b;
	u64 km[ARRAY_SIZE(pairs)];
	int i, j;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		emul_device(a, pairs[i][0]);
		emul_device(b, pairs[i][1]);
		km[i] = drm_hdcp1_compute_km(a->keys, b->ksv);
		KUNIT_EXPECT_EQ(test, drm_hdcp1_compute_km(b->keys, a->ksv), km[i]);
		KUNIT_EXPECT_EQ(test, km[i] >> 56, 0);
		/* Keys depend on the KSV: different pairs, different secrets. */
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_NE(test, km[i], km[j]);
	}
	/* A KSV outside the sequence, e.g. one chosen for revocation, too. */
	a->ksv = KSV_B1;
	drm_hdcp1_emul_device_keys(a->ksv, a->keys);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_compute_km(a->keys, b->ksv),
			drm_hdcp1_compute_km(b->keys, a->ksv));
}

/* An emulated transmitter and sink agree on R0 and on Ri for 1024 frames. */
static void drm_test_hdcp1_emul_keys_r0_ri_agree(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	int i;

	tx_auth(t, AN_EMUL);
	for (i = 1; i <= 8; i++) {
		tx_frames(t, 64);
		/* Mid-period the register still holds the last update. */
		KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
		tx_frames(t, 64);
		KUNIT_EXPECT_TRUE_MSG(test, tx_ri_matches(t), "frame %d", 128 * i);
		/* Time passes between checks, as it would. */
		wait_ms(t, 2000);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_frame(t->sink), 1024);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* Facsimile keys: the specification's values. */

struct facsimile_case {
	enum drm_hdcp1_transport transport;
	bool repeater;
	u8 r0_prime[2];
};

/* Vectors #1 and #5: A1 -> B1 with the same An, receiver and repeater. */
static const struct facsimile_case facsimile_cases[] = {
	{ DRM_HDCP1_HDMI, false, { 0xe0, 0x8a } },
	{ DRM_HDCP1_HDMI, true, { 0x85, 0x64 } },
	{ DRM_HDCP1_DP, false, { 0xe0, 0x8a } },
	{ DRM_HDCP1_DP, true, { 0x85, 0x64 } },
};

static void facsimile_case_desc(const struct facsimile_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s",
		 c->transport == DRM_HDCP1_DP ? "DP" : "HDMI",
		 c->repeater ? "repeater" : "receiver");
}

KUNIT_ARRAY_PARAM(facsimile_case, facsimile_cases, facsimile_case_desc);

static struct emul_test *facsimile_start(struct kunit *test,
					 enum drm_hdcp1_transport transport)
{
	struct drm_hdcp1_emul_device *a1, *b1;

	a1 = kunit_kzalloc(test, sizeof(*a1), GFP_KERNEL);
	b1 = kunit_kzalloc(test, sizeof(*b1), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a1);
	KUNIT_ASSERT_NOT_NULL(test, b1);
	facsimile(a1, HDCP1_A1);
	facsimile(b1, HDCP1_B1);
	return emul_start(test, transport, b1, a1);
}

static void drm_test_hdcp1_emul_facsimile_r0(struct kunit *test)
{
	const struct facsimile_case *c = test->param_value;
	static const u8 b1_wire[] = { 0xcd, 0x1a, 0xf2, 0x1e, 0x51 };
	struct emul_test *t = facsimile_start(test, c->transport);
	u8 r0[2];

	if (c->repeater)
		KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 1, 1, NULL), 0);
	tx_exchange(t, AN_1);
	KUNIT_EXPECT_MEMEQ(test, t->bksv, b1_wire, sizeof(b1_wire));
	KUNIT_EXPECT_EQ(test, t->repeater, c->repeater);
	wait_ms(t, 100);
	if (t->dp)
		KUNIT_EXPECT_TRUE(test, rd8(t, DP_AUX_HDCP_BSTATUS) & DP_BSTATUS_R0_PRIME_READY);
	rd(t, t->r->ri, r0, sizeof(r0));
	KUNIT_EXPECT_MEMEQ(test, r0, c->r0_prime, sizeof(r0));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* Table A-28: Ri' of vector #1 is R0 up to frame 127, then 6153, d189. */
static void drm_test_hdcp1_emul_facsimile_ri(struct kunit *test)
{
	struct emul_test *t = facsimile_start(test, DRM_HDCP1_HDMI);

	tx_auth(t, AN_1);
	drm_hdcp1_emul_advance_frames(t->sink, 127);
	KUNIT_EXPECT_EQ(test, rd16(t, DRM_HDCP_DDC_RI_PRIME), 0x8ae0);
	drm_hdcp1_emul_advance_frames(t->sink, 1);
	KUNIT_EXPECT_EQ(test, rd16(t, DRM_HDCP_DDC_RI_PRIME), 0x6153);
	drm_hdcp1_emul_advance_frames(t->sink, 128);
	KUNIT_EXPECT_EQ(test, rd16(t, DRM_HDCP_DDC_RI_PRIME), 0xd189);
}

/*
 * The published V' vector: the three KSVs, DEVICE_COUNT 3, DEPTH 2 and
 * vector #5's M0. DP hashes Binfo as is; an HDMI sink hashes Bstatus with
 * HDMI_MODE, so only a DVI sink reproduces the vector there.
 */
static void drm_test_hdcp1_emul_facsimile_v_prime(struct kunit *test)
{
	static const u64 ksvs[] = { 0x35796a172eULL, 0x478e71e20fULL, 0x74e85397a6ULL };
	static const u8 v_prime[] = {
		0x86, 0xd5, 0xcb, 0x0f, 0xef, 0x07, 0xc1, 0xef, 0x1d, 0x0a,
		0xd7, 0xcc, 0xda, 0x6d, 0x18, 0xb1, 0x5e, 0xff, 0xb3, 0x1f,
	};
	struct emul_test *t = facsimile_start(test, param_transport(test));
	u8 v[DRM_HDCP1_V_LEN];

	drm_hdcp1_emul_set_hdmi_mode(t->sink, false);
	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 3, 2, ksvs), 0);
	tx_auth(t, AN_1);
	KUNIT_ASSERT_EQ(test, t->session.m0, 0x372d3dce38bbe78fULL);
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, t->bstatus, 0x0203);
	rd(t, t->r->v, v, sizeof(v));
	KUNIT_EXPECT_MEMEQ(test, v, v_prime, sizeof(v));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* Registers. */

static void drm_test_hdcp1_emul_hdmi_read_crosses_registers(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	u8 buf[12], ksv[DRM_HDCP_KSV_LEN];

	tx_auth(t, AN_EMUL);
	drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(1), ksv);

	/* Bksv, three undefined bytes, Ri', Pj' (no 1.1 features). */
	rd(t, DRM_HDCP_DDC_BKSV, buf, 11);
	KUNIT_EXPECT_MEMEQ(test, buf, ksv, sizeof(ksv));
	KUNIT_EXPECT_EQ(test, buf[5] | buf[6] | buf[7], 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(&buf[8]), t->session.r0);
	KUNIT_EXPECT_EQ(test, buf[10], 0);

	/* Bcaps then Bstatus: an HDMI receiver in HDMI mode. */
	rd(t, DRM_HDCP_DDC_BCAPS, buf, 3);
	KUNIT_EXPECT_EQ(test, buf[0], BIT(7));
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(&buf[1]), BIT(12));

	/* The 8-bit register address wraps. */
	rd(t, 0xff, buf, 6);
	KUNIT_EXPECT_EQ(test, buf[0], 0);
	KUNIT_EXPECT_MEMEQ(test, &buf[1], ksv, sizeof(ksv));

	/* An and Aksv read back as written. */
	rd(t, DRM_HDCP_DDC_AN, buf, DRM_HDCP_AN_LEN);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(buf), AN_EMUL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_dp_read_crosses_registers(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u8 buf[7], ksv[DRM_HDCP_KSV_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 2, 1, NULL), 0);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);

	/* Bcaps, Bstatus, Binfo. */
	rd(t, DP_AUX_HDCP_BCAPS, buf, 4);
	KUNIT_EXPECT_EQ(test, buf[0], DP_BCAPS_HDCP_CAPABLE | DP_BCAPS_REPEATER_PRESENT);
	KUNIT_EXPECT_EQ(test, buf[1], DP_BSTATUS_READY | DP_BSTATUS_R0_PRIME_READY);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(&buf[2]), 0x0102);

	/* Bksv, then R0'. */
	drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(1), ksv);
	rd(t, DP_AUX_HDCP_BKSV, buf, 7);
	KUNIT_EXPECT_MEMEQ(test, buf, ksv, sizeof(ksv));
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(&buf[5]), t->session.r0);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/*
 * A DP sink behind a real AUX channel: 16 bytes a transaction at most, a
 * NACK past the 20-bit DPCD, I2C over AUX NACKed, no answer unplugged.
 */
static void drm_test_hdcp1_emul_aux_transfer(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u8 buf[20], ksv[DRM_HDCP_KSV_LEN];
	struct drm_dp_aux_msg msg = {
		.request = DP_AUX_NATIVE_READ, .address = DP_AUX_HDCP_BKSV,
		.buffer = buf, .size = DRM_HDCP_KSV_LEN,
	};

	drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(1), ksv);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_aux_transfer(t->sink, &msg), DRM_HDCP_KSV_LEN);
	KUNIT_EXPECT_EQ(test, msg.reply, DP_AUX_NATIVE_REPLY_ACK);
	KUNIT_EXPECT_MEMEQ(test, buf, ksv, sizeof(ksv));

	msg.address = DP_AUX_HDCP_V_PRIME(0);
	msg.size = 20;
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_aux_transfer(t->sink, &msg), -E2BIG);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations_of(t->sink, DRM_HDCP1_EMUL_AUX_TOO_LONG),
			1);

	msg.address = DP_DPCD_REV;
	msg.size = 1;
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_aux_transfer(t->sink, &msg), 1);
	KUNIT_EXPECT_EQ(test, buf[0], DP_DPCD_REV_12);

	msg.address = 0xffff8;
	msg.size = 16;
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_aux_transfer(t->sink, &msg), 0);
	KUNIT_EXPECT_EQ(test, msg.reply, DP_AUX_NATIVE_REPLY_NACK);

	msg.request = DP_AUX_I2C_READ;
	msg.address = 0x50;
	msg.size = 1;
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_aux_transfer(t->sink, &msg), 0);
	KUNIT_EXPECT_EQ(test, msg.reply, DP_AUX_I2C_REPLY_NACK);

	msg.request = DP_AUX_NATIVE_READ;
	msg.address = DP_AUX_HDCP_BKSV;
	drm_hdcp1_emul_set_connected(t->sink, false);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_aux_transfer(t->sink, &msg), -ETIMEDOUT);
}

/*
 * An HDMI sink on a real DDC bus: a write sets the HDCP port's offset, reads
 * go on from it; no other device answers, nor the port unplugged.
 */
static void drm_test_hdcp1_emul_ddc_xfer(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	u8 offset = DRM_HDCP_DDC_BKSV, buf[DRM_HDCP_KSV_LEN], ksv[DRM_HDCP_KSV_LEN];
	struct i2c_msg msgs[] = {
		{ .addr = DRM_HDCP_DDC_ADDR, .len = 1, .buf = &offset },
		{ .addr = DRM_HDCP_DDC_ADDR, .flags = I2C_M_RD, .len = 3, .buf = buf },
	};
	struct i2c_msg more = {
		.addr = DRM_HDCP_DDC_ADDR, .flags = I2C_M_RD, .len = 2, .buf = &buf[3],
	};

	drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(1), ksv);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_ddc_xfer(t->sink, msgs, 2), 2);
	/* The offset moved on past what was read. */
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_ddc_xfer(t->sink, &more, 1), 1);
	KUNIT_EXPECT_MEMEQ(test, buf, ksv, sizeof(ksv));

	msgs[0].addr = 0x50;
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_ddc_xfer(t->sink, msgs, 2), -ENXIO);
	msgs[0].addr = DRM_HDCP_DDC_ADDR;
	drm_hdcp1_emul_set_connected(t->sink, false);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_ddc_xfer(t->sink, msgs, 2), -ENXIO);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_offsets_outside_map(struct kunit *test)
{
	struct emul_test *h = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	struct emul_test *d = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u8 buf[2];

	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(h->sink, 0x100, buf, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_write(h->sink, 0x100, buf, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(d->sink, DP_AUX_HDCP_BKSV - 1, buf, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(d->sink, 0x68100, buf, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(d->sink, 0x680ff, buf, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(d->sink, 0x680ff, buf, 1), 0);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(d->sink, 0, buf, 1), -EINVAL);
}

/* R0' shows up only after its delay; before, the register is stale. */
static void drm_test_hdcp1_emul_r0_after_delay(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);
	u16 first_r0;

	drm_hdcp1_emul_set_r0_delay(t->sink, 150);
	tx_exchange(t, AN_EMUL);
	wait_ms(t, 149);
	if (t->dp)
		KUNIT_EXPECT_FALSE(test, rd8(t, DP_AUX_HDCP_BSTATUS) & DP_BSTATUS_R0_PRIME_READY);
	KUNIT_EXPECT_EQ(test, rd16(t, t->r->ri), 0);
	wait_ms(t, 1);
	KUNIT_EXPECT_EQ(test, tx_read_r0(t), t->session.r0);
	first_r0 = t->session.r0;

	/* A new authentication: the old R0' stays until the new one is ready. */
	tx_exchange(t, AN_EMUL + 1);
	KUNIT_ASSERT_NE(test, t->session.r0, first_r0);
	wait_ms(t, 120);
	KUNIT_EXPECT_EQ(test, rd16(t, t->r->ri), first_r0);
	wait_ms(t, 30);
	KUNIT_EXPECT_EQ(test, tx_read_r0(t), t->session.r0);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* Frames from a frame duration: 10 ms frames, Ri' rolls at 1.28 s. */
static void drm_test_hdcp1_emul_frames_from_clock(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	unsigned int i;

	drm_hdcp1_emul_set_frame_ns(t->sink, 10 * MS);
	tx_auth(t, AN_EMUL);
	wait_ms(t, 1279);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_frame(t->sink), 127);
	KUNIT_EXPECT_EQ(test, rd16(t, DRM_HDCP_DDC_RI_PRIME), t->session.r0);
	wait_ms(t, 1);
	for (i = 0; i < 128; i++)
		drm_hdcp1_session_next_frame(&t->session);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_frame(t->sink), 128);
	KUNIT_EXPECT_NE(test, t->session.ri_prime, t->session.r0);
	KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_frames_only_encrypted(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);

	tx_exchange(t, AN_EMUL);
	wait_ms(t, 100);
	KUNIT_EXPECT_EQ(test, tx_read_r0(t), t->session.r0);
	drm_hdcp1_emul_advance_frames(t->sink, 50);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_frame(t->sink), 0);
	drm_hdcp1_emul_set_encryption(t->sink, true);
	drm_hdcp1_emul_advance_frames(t->sink, 50);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_frame(t->sink), 50);
	drm_hdcp1_emul_set_encryption(t->sink, false);
	drm_hdcp1_emul_advance_frames(t->sink, 50);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_frame(t->sink), 50);
	/* A new authentication starts the count again. */
	tx_auth(t, AN_EMUL + 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_frame(t->sink), 0);
}

/* DisplayPort keeps R0' in the register: the sink checks Ri itself. */
static void drm_test_hdcp1_emul_dp_register_keeps_r0(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);

	tx_auth(t, AN_EMUL);
	tx_frames(t, 300);
	KUNIT_EXPECT_NE(test, t->session.ri_prime, t->session.r0);
	KUNIT_EXPECT_EQ(test, rd16(t, DP_AUX_HDCP_RI_PRIME), t->session.r0);
	KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS), DP_BSTATUS_R0_PRIME_READY);
}

/* Repeaters. */

struct repeater_case {
	enum drm_hdcp1_transport transport;
	unsigned int devices, depth;
};

static const struct repeater_case repeater_cases[] = {
	{ DRM_HDCP1_HDMI, 0, 0 }, { DRM_HDCP1_HDMI, 1, 1 },
	{ DRM_HDCP1_HDMI, 3, 2 }, { DRM_HDCP1_HDMI, 127, 7 },
	{ DRM_HDCP1_DP, 0, 0 }, { DRM_HDCP1_DP, 1, 1 },
	{ DRM_HDCP1_DP, 3, 2 }, { DRM_HDCP1_DP, 127, 7 },
};

static void repeater_case_desc(const struct repeater_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %u devices depth %u",
		 c->transport == DRM_HDCP1_DP ? "DP" : "HDMI", c->devices, c->depth);
}

KUNIT_ARRAY_PARAM(repeater_case, repeater_cases, repeater_case_desc);

static void drm_test_hdcp1_emul_repeater_list_and_v(struct kunit *test)
{
	const struct repeater_case *c = test->param_value;
	struct emul_test *t = emul_start(test, c->transport, NULL, NULL);
	u8 ksv[DRM_HDCP_KSV_LEN];
	unsigned int i;
	u16 expect;

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, c->devices,
							  c->depth, NULL), 0);
	tx_auth(t, AN_EMUL);
	KUNIT_ASSERT_TRUE(test, t->repeater);

	/* READY 50 ms after R0', which came 100 ms after Aksv. */
	wait_ms(t, 49);
	KUNIT_EXPECT_FALSE(test, sink_ready(t));
	/* The topology is not there before READY. */
	KUNIT_EXPECT_EQ(test, rd16(t, t->r->bstatus) & 0xfff, 0);
	wait_ms(t, 1);
	KUNIT_EXPECT_TRUE(test, sink_ready(t));

	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	expect = c->devices | c->depth << 8 | (t->dp ? 0 : BIT(12));
	KUNIT_EXPECT_EQ(test, t->bstatus, expect);
	for (i = 0; i < c->devices; i++) {
		drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(2 + i), ksv);
		KUNIT_EXPECT_MEMEQ_MSG(test, &t->list[i * DRM_HDCP_KSV_LEN], ksv,
				       sizeof(ksv), "KSV %u", i);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* V' is computed once, at READY: later changes wait for the next one. */
static void drm_test_hdcp1_emul_v_fixed_at_ready(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);
	u8 v1[DRM_HDCP1_V_LEN], v2[DRM_HDCP1_V_LEN];
	u8 ksv[DRM_HDCP_KSV_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 3, 1, NULL), 0);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);
	rd(t, t->r->v, v1, sizeof(v1));

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 5, 2, NULL), 0);
	drm_hdcp1_emul_set_hdmi_mode(t->sink, false);
	drm_hdcp1_emul_set_limits_exceeded(t->sink, true, true);
	drm_hdcp1_emul_set_corrupt_v(t->sink, true);
	wait_ms(t, 1000);
	rd(t, t->r->v, v2, sizeof(v2));
	KUNIT_EXPECT_MEMEQ(test, v1, v2, sizeof(v1));
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, t->count, 3);

	/* The next authentication reports the new tree (and the faults). */
	drm_hdcp1_emul_set_limits_exceeded(t->sink, false, false);
	drm_hdcp1_emul_set_corrupt_v(t->sink, false);
	drm_hdcp1_emul_set_encryption(t->sink, false);
	tx_auth(t, AN_EMUL + 1);
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, t->bstatus, 0x0205);
	drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(6), ksv);
	KUNIT_EXPECT_MEMEQ(test, &t->list[4 * DRM_HDCP_KSV_LEN], ksv, sizeof(ksv));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* HDMI: one address streams the list, however the reads are cut. */
static void drm_test_hdcp1_emul_hdmi_fifo_streams(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	u8 list[15], expect[15], buf[2 + 10];
	int i;

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 3, 1, NULL), 0);
	for (i = 0; i < 3; i++)
		drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(2 + i), &expect[5 * i]);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);

	for (i = 0; i < 5; i++)
		rd(t, DRM_HDCP_DDC_KSV_FIFO, &list[i], 1);
	/* From Bstatus on: two bytes of Bstatus, then the FIFO streams. */
	rd(t, DRM_HDCP_DDC_BSTATUS, buf, sizeof(buf));
	memcpy(&list[5], &buf[2], 10);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(buf), 0x1103);
	KUNIT_EXPECT_MEMEQ(test, list, expect, sizeof(list));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* DP: the window moves on when a read includes its last byte, 0x6803a. */
static void drm_test_hdcp1_emul_dp_fifo_window(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u8 expect[20], buf[15];
	int i;

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 4, 1, NULL), 0);
	for (i = 0; i < 4; i++)
		drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(2 + i), &expect[5 * i]);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);

	rd(t, DP_AUX_HDCP_KSV_FIFO, buf, 8);
	KUNIT_EXPECT_MEMEQ(test, buf, expect, 8);
	rd(t, DP_AUX_HDCP_KSV_FIFO, buf, 15);
	KUNIT_EXPECT_MEMEQ(test, buf, expect, 15);
	/* The second window: the fourth KSV, zero-filled behind it. */
	rd(t, DP_AUX_HDCP_KSV_FIFO, buf, 5);
	KUNIT_EXPECT_MEMEQ(test, buf, &expect[15], 5);
	rd(t, DP_AUX_HDCP_KSV_FIFO + 5, buf, 10);
	KUNIT_EXPECT_NULL(test, memchr_inv(buf, 0, 10));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* A new Aksv drops READY and the DP flags and rewinds the FIFO. */
static void drm_test_hdcp1_emul_aksv_resets(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);
	u8 first[DRM_HDCP_KSV_LEN], again[DRM_HDCP_KSV_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 3, 1, NULL), 0);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);
	rd(t, t->r->fifo, first, sizeof(first));
	if (t->dp) {
		KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_dp_link_failure(t->sink), 0);
		KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_dp_reauth_request(t->sink), 0);
		KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS), 0xf);
	}

	drm_hdcp1_emul_set_encryption(t->sink, false);
	tx_exchange(t, AN_EMUL + 1);
	KUNIT_EXPECT_FALSE(test, sink_ready(t));
	if (t->dp)
		KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS), 0);
	wait_ms(t, 100);
	KUNIT_EXPECT_EQ(test, tx_read_r0(t), t->session.r0);
	tx_wait_ready(t, 5000);
	rd(t, t->r->fifo, again, sizeof(again));
	KUNIT_EXPECT_MEMEQ(test, again, first, sizeof(first));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* HDMI_MODE is part of Bstatus, and so of what V covers. */
static void drm_test_hdcp1_emul_hdmi_mode_in_v(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	u8 v_prime[DRM_HDCP1_V_LEN], v[DRM_HDCP1_V_LEN], without[DRM_HDCP1_V_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, 2, 1, NULL), 0);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, t->bstatus, BIT(12) | 2 | 1 << 8);
	rd(t, DRM_HDCP_DDC_V_PRIME(0), v_prime, sizeof(v_prime));
	KUNIT_ASSERT_EQ(test, drm_hdcp1_compute_v(t->list, 2, t->bstatus & ~BIT(12),
						  t->session.m0, v), 0);
	drm_hdcp1_v_to_v_prime(v, without);
	KUNIT_EXPECT_MEMNEQ(test, v_prime, without, sizeof(v_prime));
}

/* Strict mode. */

struct flow_case {
	enum drm_hdcp1_transport transport;
	unsigned int devices;		/* a receiver if 0 */
};

static const struct flow_case flow_cases[] = {
	{ DRM_HDCP1_HDMI, 0 }, { DRM_HDCP1_HDMI, 3 },
	{ DRM_HDCP1_DP, 0 }, { DRM_HDCP1_DP, 3 },
};

static void flow_case_desc(const struct flow_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s",
		 c->transport == DRM_HDCP1_DP ? "DP" : "HDMI",
		 c->devices ? "repeater" : "receiver");
}

KUNIT_ARRAY_PARAM(flow_case, flow_cases, flow_case_desc);

/*
 * Authenticate, check the link every two seconds for ten, then do it all
 * again, as a transmitter does after a link failure.
 */
static void drm_test_hdcp1_emul_correct_transmitter(struct kunit *test)
{
	const struct flow_case *c = test->param_value;
	struct emul_test *t = emul_start(test, c->transport, NULL, NULL);
	const u8 broken = DP_BSTATUS_LINK_FAILURE | DP_BSTATUS_REAUTH_REQ;
	int round, check;

	if (c->devices)
		KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, c->devices,
								  1, NULL), 0);
	for (round = 0; round < 2; round++) {
		tx_auth(t, AN_EMUL + round);
		if (t->repeater) {
			tx_wait_ready(t, 5000);
			KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
		}
		for (check = 0; check < 5; check++) {
			wait_ms(t, 2000);
			tx_frames(t, 120);
			if (t->dp)
				KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS) & broken, 0);
			else
				KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
		}
		drm_hdcp1_emul_set_encryption(t->sink, false);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_r0_read_before_100ms(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);

	/* Even from a receiver that is fast: HDMI gives the 100 ms, always. */
	drm_hdcp1_emul_set_r0_delay(t->sink, 20);
	tx_exchange(t, AN_EMUL);
	wait_ms(t, 99);
	KUNIT_EXPECT_EQ(test, rd16(t, DRM_HDCP_DDC_RI_PRIME), t->session.r0);
	expect_only(t, DRM_HDCP1_EMUL_R0_TOO_EARLY, 1);
}

static void drm_test_hdcp1_emul_dp_r0_read_before_available(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);

	tx_exchange(t, AN_EMUL);
	wait_ms(t, 50);
	rd16(t, DP_AUX_HDCP_RI_PRIME);
	expect_only(t, DRM_HDCP1_EMUL_R0_TOO_EARLY, 1);

	/* R0'_AVAILABLE ends the wait early on DisplayPort. */
	drm_hdcp1_emul_clear_violations(t->sink);
	drm_hdcp1_emul_set_r0_delay(t->sink, 20);
	tx_exchange(t, AN_EMUL + 1);
	wait_ms(t, 20);
	KUNIT_EXPECT_EQ(test, tx_read_r0(t), t->session.r0);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_aksv_not_twenty_ones(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	rd8(t, t->r->bcaps);
	wr_an(t, AN_EMUL);
	wr_aksv(t, 0x00000fffffULL);	/* twenty ones: fine */
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
	wr_an(t, AN_EMUL);
	wr_aksv(t, 0x000007ffffULL);
	expect_only(t, DRM_HDCP1_EMUL_AKSV_INVALID, 1);
}

static void drm_test_hdcp1_emul_aksv_with_stale_an(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	tx_exchange(t, AN_EMUL);
	wr_aksv(t, t->tx.ksv);
	expect_only(t, DRM_HDCP1_EMUL_AN_STALE, 1);
}

static void drm_test_hdcp1_emul_an_partly_written(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);
	u8 an[DRM_HDCP_AN_LEN] = {}, aksv[DRM_HDCP_KSV_LEN];

	rd8(t, t->r->bcaps);
	drm_hdcp1_u64_to_ksv(t->tx.ksv, aksv);
	/* Aksv in two writes is fine: the last byte starts the computation. */
	wr(t, t->r->an, an, sizeof(an));
	wr(t, t->r->aksv, aksv, 4);
	wr(t, t->r->aksv + 4, &aksv[4], 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);

	wr(t, t->r->an, an, 4);
	wr(t, t->r->aksv, aksv, sizeof(aksv));
	expect_only(t, DRM_HDCP1_EMUL_PARTIAL_WRITE, 1);
}

static void drm_test_hdcp1_emul_aksv_before_any_an(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	rd8(t, t->r->bcaps);
	wr_aksv(t, t->tx.ksv);
	expect_only(t, DRM_HDCP1_EMUL_WRONG_ORDER, 1);
}

static void drm_test_hdcp1_emul_an_after_aksv(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	tx_exchange(t, AN_EMUL);
	wr_an(t, AN_EMUL + 1);
	wait_ms(t, 100);
	/* The sink computed R0' from the An before Aksv, not this one. */
	KUNIT_EXPECT_EQ(test, tx_read_r0(t), t->session.r0);
	expect_only(t, DRM_HDCP1_EMUL_WRONG_ORDER, 1);
}

static struct emul_test *repeater_start(struct kunit *test,
					enum drm_hdcp1_transport transport,
					unsigned int devices)
{
	struct emul_test *t = emul_start(test, transport, NULL, NULL);

	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(t->sink, true, devices, 1, NULL), 0);
	return t;
}

static void drm_test_hdcp1_emul_fifo_before_ready(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, param_transport(test), 3);
	u8 buf[15];

	tx_auth(t, AN_EMUL);
	rd(t, t->r->fifo, buf, sizeof(buf));
	KUNIT_EXPECT_NULL(test, memchr_inv(buf, 0, sizeof(buf)));
	expect_only(t, DRM_HDCP1_EMUL_FIFO_NOT_READY, 1);
	/* Nothing was consumed: the list starts at the first KSV. */
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 1);
}

static void drm_test_hdcp1_emul_fifo_past_end(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, param_transport(test), 3);
	u8 buf[16];

	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);
	if (t->dp) {
		rd(t, DP_AUX_HDCP_KSV_FIFO, buf, 15);
		KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
		rd(t, DP_AUX_HDCP_KSV_FIFO, buf, 15);
		KUNIT_EXPECT_NULL(test, memchr_inv(buf, 0, 15));
	} else {
		rd(t, DRM_HDCP_DDC_KSV_FIFO, buf, 16);
		KUNIT_EXPECT_EQ(test, buf[15], 0);
	}
	expect_only(t, DRM_HDCP1_EMUL_FIFO_OVERRUN, 1);
}

static void drm_test_hdcp1_emul_v_before_ready(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, param_transport(test), 1);
	u8 v[DRM_HDCP1_V_LEN];

	tx_auth(t, AN_EMUL);
	rd(t, t->r->v, v, sizeof(v));
	KUNIT_EXPECT_NULL(test, memchr_inv(v, 0, sizeof(v)));
	expect_only(t, DRM_HDCP1_EMUL_V_NOT_READY, 1);
}

/* 1B-03: READY 5.1 s after R0'; the transmitter should have given up. */
static void drm_test_hdcp1_emul_1b_03_list_after_ready_timeout(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, cts_transport(test), 2);

	drm_hdcp1_emul_set_ready_delay(t->sink, 4990);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);

	drm_hdcp1_emul_set_encryption(t->sink, false);
	drm_hdcp1_emul_set_ready_delay(t->sink, 5100);
	tx_auth(t, AN_EMUL + 1);
	wait_ms(t, 5100);
	KUNIT_EXPECT_TRUE(test, sink_ready(t));
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	expect_only(t, DRM_HDCP1_EMUL_READY_TIMEOUT, 1);
}

static void drm_test_hdcp1_emul_encryption_before_r0(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	tx_exchange(t, AN_EMUL);
	drm_hdcp1_emul_set_encryption(t->sink, true);
	expect_only(t, DRM_HDCP1_EMUL_ENC_BEFORE_R0, 1);
}

/*
 * The sink is unplugged (or switches HDCP off) between the R0' read and
 * ENC_EN: the transmitter could not have known, so it broke no rule.
 */
static void drm_test_hdcp1_emul_encryption_after_r0_then_power_loss(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	tx_exchange(t, AN_EMUL);
	wait_ms(t, 100);
	KUNIT_ASSERT_EQ(test, tx_read_r0(t), t->session.r0);
	drm_hdcp1_emul_set_connected(t->sink, false);
	drm_hdcp1_emul_set_connected(t->sink, true);
	drm_hdcp1_emul_set_encryption(t->sink, true);
	drm_hdcp1_emul_set_encryption(t->sink, false);

	tx_exchange(t, AN_EMUL + 1);
	wait_ms(t, 100);
	KUNIT_ASSERT_EQ(test, tx_read_r0(t), t->session.r0);
	drm_hdcp1_emul_set_capable(t->sink, false);
	drm_hdcp1_emul_set_capable(t->sink, true);
	drm_hdcp1_emul_set_encryption(t->sink, true);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

/* A replug does not excuse ENC_EN for an authentication whose R0' was never read. */
static void drm_test_hdcp1_emul_encryption_without_r0_across_power_loss(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	tx_exchange(t, AN_EMUL);
	drm_hdcp1_emul_set_connected(t->sink, false);
	drm_hdcp1_emul_set_connected(t->sink, true);
	drm_hdcp1_emul_set_encryption(t->sink, true);
	expect_only(t, DRM_HDCP1_EMUL_ENC_BEFORE_R0, 1);
}

static void drm_test_hdcp1_emul_ri_not_checked(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);

	tx_auth(t, AN_EMUL);
	wait_ms(t, 2500);
	KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
	wait_ms(t, 2501);
	expect_only(t, DRM_HDCP1_EMUL_RI_CHECK_LATE, 1);
}

static void drm_test_hdcp1_emul_dp_an_before_bcaps(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);

	wr_an(t, AN_EMUL);
	wr_aksv(t, t->tx.ksv);
	expect_only(t, DRM_HDCP1_EMUL_CAPS_UNCHECKED, 1);
}

static void drm_test_hdcp1_emul_write_read_only(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);
	u8 bcaps = rd8(t, t->r->bcaps), junk[3] = { 0xff, 0xff, 0xff };

	wr(t, t->r->bcaps, junk, sizeof(junk));
	KUNIT_EXPECT_EQ(test, rd8(t, t->r->bcaps), bcaps);
	expect_only(t, DRM_HDCP1_EMUL_READ_ONLY_WRITE, 1);
}

static void drm_test_hdcp1_emul_ainfo_unsupported(struct kunit *test)
{
	struct emul_test *h = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	struct emul_test *d = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u8 val;

	/* DisplayPort offers REAUTHENTICATION_ENABLE_IRQ_HPD. */
	val = BIT(0);
	wr(d, DP_AUX_HDCP_AINFO, &val, 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(d->sink), 0);
	val = BIT(1);
	wr(d, DP_AUX_HDCP_AINFO, &val, 1);
	expect_only(d, DRM_HDCP1_EMUL_AINFO_UNSUPPORTED, 1);

	/* ENABLE_1.1_FEATURES, which this receiver's Bcaps does not offer. */
	KUNIT_EXPECT_EQ(test, rd8(h, DRM_HDCP_DDC_BCAPS) & BIT(1), 0);
	wr(h, DDC_AINFO, &val, 1);
	expect_only(h, DRM_HDCP1_EMUL_AINFO_UNSUPPORTED, 1);
}

static void drm_test_hdcp1_emul_strict_off(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);

	drm_hdcp1_emul_set_strict(t->sink, false);
	wr_aksv(t, t->tx.ksv);
	rd16(t, DRM_HDCP_DDC_RI_PRIME);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
	drm_hdcp1_emul_set_strict(t->sink, true);
	rd16(t, DRM_HDCP_DDC_RI_PRIME);
	expect_only(t, DRM_HDCP1_EMUL_R0_TOO_EARLY, 1);
}

static void drm_test_hdcp1_emul_violation_log(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	struct drm_hdcp1_emul_record log[DRM_HDCP1_EMUL_LOG_LEN + 4];
	u64 start = t->now;
	unsigned int i, j, n;
	u8 zero = 0;

	for (i = 0; i < 20; i++) {
		wr(t, DRM_HDCP_DDC_BKSV + (i % 5), &zero, 1);
		wait_ms(t, 1);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 20);
	n = drm_hdcp1_emul_violation_log(t->sink, log, ARRAY_SIZE(log));
	KUNIT_ASSERT_EQ(test, n, DRM_HDCP1_EMUL_LOG_LEN);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, log[i].reason, DRM_HDCP1_EMUL_READ_ONLY_WRITE);
		KUNIT_EXPECT_EQ(test, log[i].time_ns, start + (4 + i) * MS);
		KUNIT_EXPECT_EQ(test, log[i].offset, (4 + i) % 5);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violation_log(t->sink, log, 2), 2);
	KUNIT_EXPECT_EQ(test, log[1].time_ns, start + 19 * MS);

	drm_hdcp1_emul_clear_violations(t->sink);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violation_log(t->sink, log, ARRAY_SIZE(log)), 0);

	for (i = 0; i < DRM_HDCP1_EMUL_NUM_VIOLATIONS; i++) {
		KUNIT_EXPECT_STRNEQ(test, drm_hdcp1_emul_violation_name(i), "?");
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_STRNEQ(test, drm_hdcp1_emul_violation_name(i),
					    drm_hdcp1_emul_violation_name(j));
	}
	KUNIT_EXPECT_STREQ(test, drm_hdcp1_emul_violation_name(DRM_HDCP1_EMUL_NUM_VIOLATIONS),
			   "?");
}

/* Faults. */

static void drm_test_hdcp1_emul_1a_04_hdmi_port_naks(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	u8 buf[DRM_HDCP_AN_LEN] = {};

	drm_hdcp1_emul_set_capable(t->sink, false);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(t->sink, DRM_HDCP_DDC_BCAPS, buf, 1), -ENXIO);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_write(t->sink, DRM_HDCP_DDC_AN, buf, 8), -ENXIO);
	drm_hdcp1_emul_set_capable(t->sink, true);
	tx_auth(t, AN_EMUL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_dp_1a_04_not_capable(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u8 buf[0x3c];

	drm_hdcp1_emul_set_capable(t->sink, false);
	KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BCAPS), 0);
	/* A sink without HDCP ignores An and Aksv: nothing to compute. */
	wr_an(t, AN_EMUL);
	wr_aksv(t, t->tx.ksv);
	wait_ms(t, 200);
	rd(t, DP_AUX_HDCP_BKSV, buf, sizeof(buf));
	KUNIT_EXPECT_NULL(test, memchr_inv(buf, 0, sizeof(buf)));
	KUNIT_EXPECT_EQ(test, t->irqs, 0);
	/* Writing An without HDCP_CAPABLE is the transmitter's fault. */
	expect_only(t, DRM_HDCP1_EMUL_CAPS_UNCHECKED, 1);
}

static void drm_test_hdcp1_emul_unplugged(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, param_transport(test), 1);
	int err = t->dp ? -ETIMEDOUT : -ENXIO;
	u8 buf[DRM_HDCP_KSV_LEN];

	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);
	drm_hdcp1_emul_set_connected(t->sink, false);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(t->sink, t->r->bksv, buf, 5), err);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_write(t->sink, t->r->aksv, buf, 5), err);
	if (t->dp)
		KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_dp_link_failure(t->sink), -ENODEV);

	/* Replugged, it remembers nothing of the authentication. */
	drm_hdcp1_emul_set_connected(t->sink, true);
	KUNIT_EXPECT_FALSE(test, sink_ready(t));
	KUNIT_EXPECT_EQ(test, rd16(t, t->r->ri), 0);
	tx_auth(t, AN_EMUL + 1);
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_1a_05_invalid_bksv(struct kunit *test)
{
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);
	u8 bksv[DRM_HDCP_KSV_LEN];

	drm_hdcp1_emul_set_bksv(t->sink, 0x00000fffffULL >> 1);
	rd(t, t->r->bksv, bksv, sizeof(bksv));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_ksv_to_u64(bksv), 0x000007ffffULL);
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_ksv_is_valid(bksv));
}

static void drm_test_hdcp1_emul_1a_06_corrupt_r0(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);

	drm_hdcp1_emul_set_corrupt_r0(t->sink, true);
	tx_exchange(t, AN_EMUL);
	wait_ms(t, 100);
	KUNIT_EXPECT_NE(test, rd16(t, DRM_HDCP_DDC_RI_PRIME), t->session.r0);
	/* Only R0' is wrong: from frame 128 on Ri' matches again. */
	drm_hdcp1_emul_set_encryption(t->sink, true);
	tx_frames(t, 128);
	KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_dp_1a_06_corrupt_r0(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);

	drm_hdcp1_emul_set_corrupt_r0(t->sink, true);
	tx_exchange(t, AN_EMUL);
	wait_ms(t, 100);
	KUNIT_EXPECT_NE(test, tx_read_r0(t), t->session.r0);
}

/* 1A-07: Ri' right until the first update at or after frame 200. */
static void drm_test_hdcp1_emul_1a_07_link_break(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);

	tx_auth(t, AN_EMUL);
	drm_hdcp1_emul_set_link_break(t->sink, 200);
	tx_frames(t, 128);
	KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
	tx_frames(t, 127);
	KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
	tx_frames(t, 1);
	KUNIT_EXPECT_FALSE(test, tx_ri_matches(t));
	tx_frames(t, 128);
	KUNIT_EXPECT_FALSE(test, tx_ri_matches(t));
	drm_hdcp1_emul_set_link_break(t->sink, DRM_HDCP1_EMUL_NONE);
	KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
}

/* DP 1A-07: the sink finds the break itself, at frame 256, and says so. */
static void drm_test_hdcp1_emul_dp_1a_07_link_break(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u64 next, enc_at;

	drm_hdcp1_emul_set_frame_ns(t->sink, 10 * MS);
	tx_auth(t, AN_EMUL);
	enc_at = t->now;
	KUNIT_EXPECT_EQ(test, t->irqs, 1);
	drm_hdcp1_emul_set_link_break(t->sink, 130);
	KUNIT_ASSERT_TRUE(test, drm_hdcp1_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, next, enc_at + 2560 * MS);

	t->now = next - 1;
	KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS), DP_BSTATUS_R0_PRIME_READY);
	KUNIT_EXPECT_EQ(test, t->irqs, 1);
	t->now = next;
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, t->irqs, 2);
	KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS),
			DP_BSTATUS_R0_PRIME_READY | DP_BSTATUS_LINK_FAILURE);
}

/* 1A-07a: the Ri' read does not go through; everything else does. */
static void drm_test_hdcp1_emul_1a_07a_ri_read_fails(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	u8 buf[DRM_HDCP_KSV_LEN + 6];

	tx_auth(t, AN_EMUL);
	drm_hdcp1_emul_set_io_error(t->sink, DRM_HDCP_DDC_RI_PRIME + 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(t->sink, DRM_HDCP_DDC_RI_PRIME, buf, 2), -EIO);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_read(t->sink, DRM_HDCP_DDC_BKSV, buf,
						  sizeof(buf)), -EIO);
	rd(t, DRM_HDCP_DDC_BKSV, buf, DRM_HDCP_KSV_LEN);
	rd(t, DRM_HDCP_DDC_RI_PRIME, buf, 1);
	drm_hdcp1_emul_set_io_error(t->sink, DRM_HDCP1_EMUL_NONE);
	KUNIT_EXPECT_TRUE(test, tx_ri_matches(t));
}

static void drm_test_hdcp1_emul_dp_io_error(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);
	u8 an[DRM_HDCP_AN_LEN] = {};

	drm_hdcp1_emul_set_io_error(t->sink, DP_AUX_HDCP_AN + 7);
	rd8(t, DP_AUX_HDCP_BCAPS);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_write(t->sink, DP_AUX_HDCP_AN, an, 8), -EIO);
	/* The failed write changed nothing: An was never written. */
	wr_aksv(t, t->tx.ksv);
	expect_only(t, DRM_HDCP1_EMUL_WRONG_ORDER, 1);
}

/* 1A-08: a Bksv the caller picks, here B1, which the facsimile SRM revokes. */
static void drm_test_hdcp1_emul_1a_08_chosen_bksv(struct kunit *test)
{
	static const u8 b1_wire[] = { 0xcd, 0x1a, 0xf2, 0x1e, 0x51 };
	struct emul_test *t = emul_start(test, param_transport(test), NULL, NULL);

	drm_hdcp1_emul_set_bksv(t->sink, KSV_B1);
	/* Still a working device: only revocation can stop it. */
	tx_auth(t, AN_EMUL);
	KUNIT_EXPECT_MEMEQ(test, t->bksv, b1_wire, sizeof(b1_wire));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_1b_03_ready_never(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, cts_transport(test), 2);
	u64 next;

	drm_hdcp1_emul_set_ready_delay(t->sink, DRM_HDCP1_EMUL_NONE);
	tx_auth(t, AN_EMUL);
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_emul_poll(t->sink, &next));
	wait_ms(t, 10000);
	KUNIT_EXPECT_FALSE(test, sink_ready(t));
	KUNIT_EXPECT_EQ(test, t->irqs, t->dp ? 1 : 0);
}

static void drm_test_hdcp1_emul_1b_04_corrupt_v(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, cts_transport(test), 3);

	drm_hdcp1_emul_set_corrupt_v(t->sink, true);
	tx_auth(t, AN_EMUL);
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_FALSE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

struct limits_case {
	const char *name;
	enum drm_hdcp1_transport transport;
	bool max_devs, max_cascade;
	u16 bit;
};

static const struct limits_case limits_cases[] = {
	{ "1B-05 HDMI MAX_DEVS_EXCEEDED", DRM_HDCP1_HDMI, true, false, BIT(7) },
	{ "1B-06 HDMI MAX_CASCADE_EXCEEDED", DRM_HDCP1_HDMI, false, true, BIT(11) },
	{ "DP 1B-06 MAX_DEVS_EXCEEDED", DRM_HDCP1_DP, true, false, BIT(7) },
	{ "DP 1B-07 MAX_CASCADE_EXCEEDED", DRM_HDCP1_DP, false, true, BIT(11) },
};

KUNIT_ARRAY_PARAM_DESC(limits_case, limits_cases, name);

/* 1B-05/1B-06: the bit comes with READY, and V' covers it. */
static void drm_test_hdcp1_emul_1b_05_06_limits_exceeded(struct kunit *test)
{
	const struct limits_case *c = test->param_value;
	struct emul_test *t = repeater_start(test, c->transport, 3);

	drm_hdcp1_emul_set_limits_exceeded(t->sink, c->max_devs, c->max_cascade);
	tx_auth(t, AN_EMUL);
	KUNIT_EXPECT_EQ(test, rd16(t, t->r->bstatus) & c->bit, 0);
	tx_wait_ready(t, 5000);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	KUNIT_EXPECT_EQ(test, t->bstatus & (BIT(7) | BIT(11)), c->bit);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

static void drm_test_hdcp1_emul_dp_reauth_request(struct kunit *test)
{
	struct emul_test *h = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	struct emul_test *t = emul_start(test, DRM_HDCP1_DP, NULL, NULL);

	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_dp_reauth_request(h->sink), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_dp_link_failure(h->sink), -EINVAL);
	tx_auth(t, AN_EMUL);
	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_dp_reauth_request(t->sink), 0);
	KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS),
			DP_BSTATUS_R0_PRIME_READY | DP_BSTATUS_REAUTH_REQ);
	KUNIT_EXPECT_EQ(test, t->irqs, 2);
}

/* One CP_IRQ for each flag a DisplayPort sink sets; none on HDMI. */
static void drm_test_hdcp1_emul_cp_irq_per_event(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, param_transport(test), 2);
	unsigned int per = t->dp ? 1 : 0;
	u64 next;

	tx_exchange(t, AN_EMUL);
	wait_ms(t, 99);
	KUNIT_ASSERT_TRUE(test, drm_hdcp1_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, t->irqs, 0);
	/* Polled when R0' is due, the sink raises CP_IRQ on time. */
	t->now = next;
	KUNIT_ASSERT_TRUE(test, drm_hdcp1_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, t->irqs, per);
	KUNIT_EXPECT_EQ(test, tx_read_r0(t), t->session.r0);
	drm_hdcp1_emul_set_encryption(t->sink, true);
	wait_ms(t, 50);
	KUNIT_EXPECT_TRUE(test, sink_ready(t));
	KUNIT_EXPECT_EQ(test, t->irqs, 2 * per);
	KUNIT_EXPECT_TRUE(test, tx_ksv_list(t));
	if (t->dp) {
		KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_dp_link_failure(t->sink), 0);
		KUNIT_EXPECT_EQ(test, t->irqs, 3);
		KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_dp_reauth_request(t->sink), 0);
		KUNIT_EXPECT_EQ(test, t->irqs, 4);
		KUNIT_EXPECT_EQ(test, rd8(t, DP_AUX_HDCP_BSTATUS), 0xf);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_violations(t->sink), 0);
}

struct destroy_on_irq {
	struct drm_hdcp1_emul *sink;
	u64 now;
	unsigned int irqs;
};

static u64 destroy_clock(void *data)
{
	return ((struct destroy_on_irq *)data)->now;
}

/* An owner may tear the sink down from its CP_IRQ handler. */
static void destroy_cp_irq(void *data)
{
	struct destroy_on_irq *d = data;

	if (!d->irqs++)
		drm_hdcp1_emul_destroy(d->sink);
}

/*
 * R0' and READY fall due together: one call raises two CP_IRQs, and the
 * first one frees the sink (KASAN would see a later access).
 */
static void drm_test_hdcp1_emul_cp_irq_may_destroy(struct kunit *test)
{
	static const struct drm_hdcp1_emul_ops ops = {
		.clock_ns = destroy_clock,
		.cp_irq = destroy_cp_irq,
	};
	struct drm_hdcp1_emul_device *dev = kunit_kzalloc(test, sizeof(*dev), GFP_KERNEL);
	struct destroy_on_irq *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	u8 buf[DRM_HDCP_AN_LEN] = {}, bcaps;

	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_ASSERT_NOT_NULL(test, d);
	emul_device(dev, 1);
	d->sink = drm_hdcp1_emul_create(DRM_HDCP1_DP, dev, &ops, d);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, d->sink);
	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_set_topology(d->sink, true, 1, 1, NULL), 0);
	drm_hdcp1_emul_set_ready_delay(d->sink, 0);
	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_read(d->sink, DP_AUX_HDCP_BCAPS, &bcaps, 1), 0);
	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_write(d->sink, DP_AUX_HDCP_AN, buf, 8), 0);
	drm_hdcp1_u64_to_ksv(drm_hdcp1_emul_ksv(0), buf);
	KUNIT_ASSERT_EQ(test, drm_hdcp1_emul_write(d->sink, DP_AUX_HDCP_AKSV, buf, 5), 0);
	d->now += 100 * MS;
	drm_hdcp1_emul_poll(d->sink, &d->now);
	KUNIT_EXPECT_EQ(test, d->irqs, 2);
}

static void drm_test_hdcp1_emul_poll_times(struct kunit *test)
{
	struct emul_test *t = repeater_start(test, DRM_HDCP1_HDMI, 1);
	u64 next, aksv_at;

	KUNIT_EXPECT_FALSE(test, drm_hdcp1_emul_poll(t->sink, &next));
	drm_hdcp1_emul_set_ready_delay(t->sink, 70);
	aksv_at = t->now;
	tx_exchange(t, AN_EMUL);
	KUNIT_ASSERT_TRUE(test, drm_hdcp1_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, next, aksv_at + 100 * MS);
	t->now = next;
	KUNIT_ASSERT_TRUE(test, drm_hdcp1_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, next, aksv_at + 170 * MS);
	t->now = next;
	KUNIT_EXPECT_FALSE(test, drm_hdcp1_emul_poll(t->sink, &next));
	KUNIT_EXPECT_TRUE(test, sink_ready(t));
}

static void drm_test_hdcp1_emul_topology_limits(struct kunit *test)
{
	struct emul_test *t = emul_start(test, DRM_HDCP1_HDMI, NULL, NULL);
	struct drm_hdcp1_emul *s = t->sink;

	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_set_topology(s, true, 128, 7, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_set_topology(s, true, 127, 8, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_set_topology(s, true, 3, 0, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_set_topology(s, true, 0, 1, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_set_topology(s, true, 2, 3, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_set_topology(s, false, 1, 1, NULL), -EINVAL);
	KUNIT_EXPECT_EQ(test, rd8(t, DRM_HDCP_DDC_BCAPS) & DRM_HDCP_DDC_BCAPS_REPEATER_PRESENT, 0);
	KUNIT_EXPECT_EQ(test, drm_hdcp1_emul_set_topology(s, true, 7, 7, NULL), 0);
	KUNIT_EXPECT_NE(test, rd8(t, DRM_HDCP_DDC_BCAPS) & DRM_HDCP_DDC_BCAPS_REPEATER_PRESENT, 0);
}

static void drm_test_hdcp1_emul_create_checks_arguments(struct kunit *test)
{
	static const struct drm_hdcp1_emul_ops no_clock = { .cp_irq = emul_test_cp_irq };
	struct drm_hdcp1_emul_device *dev = kunit_kzalloc(test, sizeof(*dev), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, dev);
	emul_device(dev, 1);
	KUNIT_EXPECT_EQ(test, PTR_ERR(drm_hdcp1_emul_create(7, dev, &emul_test_ops, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(drm_hdcp1_emul_create(DRM_HDCP1_HDMI, NULL,
							    &emul_test_ops, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(drm_hdcp1_emul_create(DRM_HDCP1_DP, dev, &no_clock,
							    NULL)), -EINVAL);
	drm_hdcp1_emul_destroy(NULL);
}

static struct kunit_case drm_hdcp1_emul_tests[] = {
	KUNIT_CASE(drm_test_hdcp1_emul_ksv_balanced_distinct),
	KUNIT_CASE(drm_test_hdcp1_emul_keys_agree_on_km),
	KUNIT_CASE(drm_test_hdcp1_emul_keys_r0_ri_agree),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_facsimile_r0, facsimile_case_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_facsimile_ri),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_facsimile_v_prime, transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_hdmi_read_crosses_registers),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_read_crosses_registers),
	KUNIT_CASE(drm_test_hdcp1_emul_offsets_outside_map),
	KUNIT_CASE(drm_test_hdcp1_emul_aux_transfer),
	KUNIT_CASE(drm_test_hdcp1_emul_ddc_xfer),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_r0_after_delay, transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_frames_from_clock),
	KUNIT_CASE(drm_test_hdcp1_emul_frames_only_encrypted),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_register_keeps_r0),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_repeater_list_and_v, repeater_case_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_v_fixed_at_ready, transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_hdmi_fifo_streams),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_fifo_window),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_aksv_resets, transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_hdmi_mode_in_v),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_correct_transmitter, flow_case_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_r0_read_before_100ms),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_r0_read_before_available),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_aksv_not_twenty_ones, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_aksv_with_stale_an, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_an_partly_written, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_aksv_before_any_an, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_an_after_aksv, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_fifo_before_ready, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_fifo_past_end, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_v_before_ready, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_1b_03_list_after_ready_timeout,
			 ready_timeout_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_encryption_before_r0, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_encryption_after_r0_then_power_loss,
			 transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_encryption_without_r0_across_power_loss,
			 transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_ri_not_checked),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_an_before_bcaps),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_write_read_only, transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_ainfo_unsupported),
	KUNIT_CASE(drm_test_hdcp1_emul_strict_off),
	KUNIT_CASE(drm_test_hdcp1_emul_violation_log),
	KUNIT_CASE(drm_test_hdcp1_emul_1a_04_hdmi_port_naks),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_1a_04_not_capable),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_unplugged, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_1a_05_invalid_bksv, transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_1a_06_corrupt_r0),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_1a_06_corrupt_r0),
	KUNIT_CASE(drm_test_hdcp1_emul_1a_07_link_break),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_1a_07_link_break),
	KUNIT_CASE(drm_test_hdcp1_emul_1a_07a_ri_read_fails),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_io_error),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_1a_08_chosen_bksv, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_1b_03_ready_never, ready_timeout_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_1b_04_corrupt_v, corrupt_v_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_1b_05_06_limits_exceeded, limits_case_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_dp_reauth_request),
	KUNIT_CASE_PARAM(drm_test_hdcp1_emul_cp_irq_per_event, transport_gen_params),
	KUNIT_CASE(drm_test_hdcp1_emul_cp_irq_may_destroy),
	KUNIT_CASE(drm_test_hdcp1_emul_poll_times),
	KUNIT_CASE(drm_test_hdcp1_emul_topology_limits),
	KUNIT_CASE(drm_test_hdcp1_emul_create_checks_arguments),
	{}
};

static struct kunit_suite drm_hdcp1_emul_test_suite = {
	.name = "drm_hdcp1_emul",
	.test_cases = drm_hdcp1_emul_tests,
};

kunit_test_suite(drm_hdcp1_emul_test_suite);

MODULE_DESCRIPTION("KUnit tests for the emulated HDCP 1.4 sink");
MODULE_LICENSE("Dual MIT/GPL");
