// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the i915 HDCP 1.4 hardware sequence (intel_hdcp1_hw.c).
 *
 * The sequence runs against the emulated register block of
 * intel_hdcp1_hw_emul.c, fused with the specification's facsimile
 * transmitter keys (A1), and talks to a small emulated receiver or repeater
 * below (facsimile B1 or B2) that exposes the HDMI DDC or the DisplayPort
 * DPCD HDCP registers. Both ends compute with the DRM software cipher, so
 * what the hardware compares is what real devices would compute. Each case
 * calls the sequence in protocol order, as the HDCP 1.4 engine does.
 *
 * intel_hdcp1_hw.c includes this file, so that the suite can redirect the
 * sequence's static driver calls (emu_redirect()), for the engine's suite
 * too.
 */

#include <linux/delay.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/workqueue.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1_cipher.h>

#include "../../../tests/drm_hdcp1_facsimile.h"
#include "../intel_hdcp_regs.h"
#include "intel_hdcp1_hw_emul.h"

#define MAX_DEVICES		127
#define REP_M0_SELECT		GENMASK(22, 20)
#define REP_SHA1_MODE		GENMASK(3, 1)
#define BSTATUS_HDMI_MODE	BIT(12)
#define ENC_TIMEOUT_US		50000	/* HDCP_ENCRYPT_STATUS_CHANGE_TIMEOUT_MS */
#define SPEC_AN			0x34271c130c070403ULL

/*
 * The sequence's driver calls, redirected to the &struct emu_link the
 * transmitter is part of.
 */
static struct emu_link *emu_link_of(struct intel_hdcp1_hw *hw)
{
	return container_of(hw, struct emu_link, hw);
}

static u32 emu_stub_read(struct intel_hdcp1_hw *hw, i915_reg_t reg)
{
	struct emu_link *l = emu_link_of(hw);

	return l->ops->read(l->ctx, reg);
}

static void emu_stub_write(struct intel_hdcp1_hw *hw, i915_reg_t reg, u32 val)
{
	struct emu_link *l = emu_link_of(hw);

	l->ops->write(l->ctx, reg, val);
}

static int emu_stub_wait(struct intel_hdcp1_hw *hw, i915_reg_t reg, u32 mask,
			 u32 value, unsigned int timeout_us)
{
	struct emu_link *l = emu_link_of(hw);

	return l->ops->wait(l->ctx, reg, mask, value, timeout_us);
}

static int emu_stub_load_keys_pcode(struct intel_hdcp1_hw *hw)
{
	struct emu_link *l = emu_link_of(hw);

	return l->ops->load_keys_pcode(l->ctx);
}

static bool emu_stub_keys_loadable(struct intel_hdcp1_hw *hw)
{
	struct emu_link *l = emu_link_of(hw);

	return !l->ops->keys_loadable || l->ops->keys_loadable(l->ctx);
}

static int emu_stub_send_an_aksv(struct intel_hdcp1_hw *hw,
				 const u8 an[DRM_HDCP_AN_LEN])
{
	struct emu_link *l = emu_link_of(hw);

	return l->ops->send_an_aksv(l->ctx, an);
}

static int emu_stub_toggle_signalling(struct intel_hdcp1_hw *hw, bool enable)
{
	struct emu_link *l = emu_link_of(hw);

	return l->ops->toggle_signalling(l->ctx, enable);
}

static int emu_stub_toggle_stream_select(struct intel_hdcp1_hw *hw,
					 enum transcoder stream, bool enable)
{
	struct emu_link *l = emu_link_of(hw);

	return l->ops->toggle_stream_select(l->ctx, stream, enable);
}

static int emu_stub_power_get(struct intel_hdcp1_hw *hw)
{
	struct emu_link *l = emu_link_of(hw);

	return l->ops->power_get ? l->ops->power_get(l->ctx) : 0;
}

static void emu_stub_power_put(struct intel_hdcp1_hw *hw)
{
	struct emu_link *l = emu_link_of(hw);

	if (l->ops->power_put)
		l->ops->power_put(l->ctx);
}

/**
 * emu_redirect - send the sequence's driver calls to the test's seam
 * @test: the running test
 *
 * Until @test ends, every transmitter the sequence is called with, on
 * @test's threads, must be the @hw of a &struct emu_link.
 */
void emu_redirect(struct kunit *test)
{
	kunit_activate_static_stub(test, hdcp1_read, emu_stub_read);
	kunit_activate_static_stub(test, hdcp1_write, emu_stub_write);
	kunit_activate_static_stub(test, hdcp1_wait, emu_stub_wait);
	kunit_activate_static_stub(test, hdcp1_load_keys_pcode,
				   emu_stub_load_keys_pcode);
	kunit_activate_static_stub(test, hdcp1_keys_loadable,
				   emu_stub_keys_loadable);
	kunit_activate_static_stub(test, hdcp1_send_an_aksv, emu_stub_send_an_aksv);
	kunit_activate_static_stub(test, hdcp1_toggle_signalling,
				   emu_stub_toggle_signalling);
	kunit_activate_static_stub(test, hdcp1_toggle_stream_select,
				   emu_stub_toggle_stream_select);
	kunit_activate_static_stub(test, hdcp1_power_get, emu_stub_power_get);
	kunit_activate_static_stub(test, hdcp1_power_put, emu_stub_power_put);
}

/* Where the receiver's HDCP registers are, per transport. */
struct sink_map {
	unsigned int base;
	unsigned int bksv, ri, aksv, an, v, bcaps, bstatus, fifo;
	unsigned int fifo_window;	/* bytes of the KSV FIFO per read */
	u8 repeater_bit;
};

static const struct sink_map sink_hdmi = {
	.base = 0,
	.bksv = DRM_HDCP_DDC_BKSV,
	.ri = DRM_HDCP_DDC_RI_PRIME,
	.aksv = DRM_HDCP_DDC_AKSV,
	.an = DRM_HDCP_DDC_AN,
	.v = DRM_HDCP_DDC_V_PRIME(0),
	.bcaps = DRM_HDCP_DDC_BCAPS,
	.bstatus = DRM_HDCP_DDC_BSTATUS,
	.fifo = DRM_HDCP_DDC_KSV_FIFO,
	.fifo_window = MAX_DEVICES * DRM_HDCP_KSV_LEN,
	.repeater_bit = DRM_HDCP_DDC_BCAPS_REPEATER_PRESENT,
};

static const struct sink_map sink_dp = {
	.base = DP_AUX_HDCP_BKSV,
	.bksv = DP_AUX_HDCP_BKSV,
	.ri = DP_AUX_HDCP_RI_PRIME,
	.aksv = DP_AUX_HDCP_AKSV,
	.an = DP_AUX_HDCP_AN,
	.v = DP_AUX_HDCP_V_PRIME(0),
	.bcaps = DP_AUX_HDCP_BCAPS,
	.bstatus = DP_AUX_HDCP_BINFO,
	.fifo = DP_AUX_HDCP_KSV_FIFO,
	.fifo_window = 3 * DRM_HDCP_KSV_LEN,
	.repeater_bit = DP_BCAPS_REPEATER_PRESENT,
};

/*
 * The receiver or repeater: a register map, a cipher session started when
 * Aksv arrives, and read-side faults as a compliance tester injects them.
 */
struct test_sink {
	const struct sink_map *map;
	bool dp;
	const struct hdcp1_facsimile_device *dev;
	bool repeater;
	unsigned int count;
	u16 bstatus;
	u8 ksv_list[MAX_DEVICES * DRM_HDCP_KSV_LEN];
	unsigned int fifo_pos;
	u8 regs[0x100];
	bool an_written;
	unsigned int aksv_writes;
	bool authenticated;
	struct drm_hdcp1_session session;
	int v_error;

	unsigned int bad_r0_reads;	/* this many R0' reads are wrong */
	bool bad_ri;			/* Ri' reads are wrong */
	unsigned int bad_v_reads;	/* this many V' reads are wrong */
};

static u8 *sink_reg(struct test_sink *s, unsigned int addr)
{
	return &s->regs[addr - s->map->base];
}

/* Downstream KSV number @n: any balanced 40-bit value will do. */
static u64 test_ksv(unsigned int n)
{
	u64 x = n + 1;

	for (;;) {
		u64 ksv;

		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		ksv = (x >> 17) & GENMASK_ULL(39, 0);
		if (hweight64(ksv) == 20)
			return ksv;
	}
}

static void sink_set_list(struct test_sink *s, const u8 *list,
			  unsigned int count, u16 bstatus)
{
	memcpy(s->ksv_list, list, count * DRM_HDCP_KSV_LEN);
	s->count = count;
	s->bstatus = bstatus;
	put_unaligned_le16(bstatus, sink_reg(s, s->map->bstatus));
}

static void sink_init(struct test_sink *s, bool hdmi,
		      const struct hdcp1_facsimile_device *dev, bool repeater,
		      unsigned int count)
{
	u8 list[MAX_DEVICES * DRM_HDCP_KSV_LEN];
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->map = hdmi ? &sink_hdmi : &sink_dp;
	s->dp = !hdmi;
	s->dev = dev;
	s->repeater = repeater;
	drm_hdcp1_u64_to_ksv(dev->ksv, sink_reg(s, s->map->bksv));
	*sink_reg(s, s->map->bcaps) = (hdmi ? 0 : DP_BCAPS_HDCP_CAPABLE) |
				      (repeater ? s->map->repeater_bit : 0);
	if (!repeater)
		return;
	for (i = 0; i < count; i++)
		drm_hdcp1_u64_to_ksv(test_ksv(i), &list[i * DRM_HDCP_KSV_LEN]);
	sink_set_list(s, list, count,
		      count | 1 << 8 | (hdmi ? BSTATUS_HDMI_MODE : 0));
}

static void sink_an(void *sink, const u8 an[DRM_HDCP_AN_LEN])
{
	struct test_sink *s = sink;

	memcpy(sink_reg(s, s->map->an), an, DRM_HDCP_AN_LEN);
	s->an_written = true;
}

static void sink_aksv(void *sink, const u8 aksv[DRM_HDCP_KSV_LEN])
{
	struct test_sink *s = sink;
	u8 v[DRM_HDCP1_V_LEN];
	u64 km;

	memcpy(sink_reg(s, s->map->aksv), aksv, DRM_HDCP_KSV_LEN);
	s->aksv_writes++;
	if (s->dp)
		*sink_reg(s, DP_AUX_HDCP_BSTATUS) = 0;
	else
		*sink_reg(s, s->map->bcaps) &= ~DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY;

	km = drm_hdcp1_compute_km(s->dev->keys, drm_hdcp1_ksv_to_u64(aksv));
	drm_hdcp1_session_start(&s->session, km, s->repeater,
				get_unaligned_le64(sink_reg(s, s->map->an)));
	s->authenticated = true;
	put_unaligned_le16(s->session.ri_prime, sink_reg(s, s->map->ri));
	if (s->dp)
		*sink_reg(s, DP_AUX_HDCP_BSTATUS) |= DP_BSTATUS_R0_PRIME_READY;

	if (!s->repeater)
		return;
	/* This repeater's downstream side is ready at once. */
	s->v_error = drm_hdcp1_compute_v(s->ksv_list, s->count, s->bstatus,
					 s->session.m0, v);
	drm_hdcp1_v_to_v_prime(v, sink_reg(s, s->map->v));
	s->fifo_pos = 0;
	if (s->dp)
		*sink_reg(s, DP_AUX_HDCP_BSTATUS) |= DP_BSTATUS_READY;
	else
		*sink_reg(s, s->map->bcaps) |= DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY;
}

static const struct emu_sink_ops test_sink_ops = {
	.an = sink_an,
	.aksv = sink_aksv,
};

static void sink_frames(struct test_sink *s, unsigned int frames)
{
	if (!s->authenticated)
		return;
	while (frames--)
		drm_hdcp1_session_next_frame(&s->session);
	put_unaligned_le16(s->session.ri_prime, sink_reg(s, s->map->ri));
}

static void sink_bksv(struct test_sink *s, u8 bksv[DRM_HDCP_KSV_LEN])
{
	memcpy(bksv, sink_reg(s, s->map->bksv), DRM_HDCP_KSV_LEN);
}

static bool sink_is_repeater(struct test_sink *s)
{
	return *sink_reg(s, s->map->bcaps) & s->map->repeater_bit;
}

/* DisplayPort says when R0' is there; HDMI gives the receiver 100 ms. */
static bool sink_r0_available(struct test_sink *s)
{
	if (s->dp)
		return *sink_reg(s, DP_AUX_HDCP_BSTATUS) & DP_BSTATUS_R0_PRIME_READY;
	return s->authenticated;
}

static void sink_ri(struct test_sink *s, u8 ri[DRM_HDCP_RI_LEN])
{
	memcpy(ri, sink_reg(s, s->map->ri), DRM_HDCP_RI_LEN);
	if (s->bad_ri)
		ri[1] ^= 0x80;
}

static void sink_r0(struct test_sink *s, u8 r0[DRM_HDCP_RI_LEN])
{
	memcpy(r0, sink_reg(s, s->map->ri), DRM_HDCP_RI_LEN);
	if (s->bad_r0_reads) {
		s->bad_r0_reads--;
		r0[0] ^= 0x01;
	}
}

static bool sink_ksv_ready(struct test_sink *s)
{
	if (s->dp)
		return *sink_reg(s, DP_AUX_HDCP_BSTATUS) & DP_BSTATUS_READY;
	return *sink_reg(s, s->map->bcaps) & DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY;
}

static u16 sink_bstatus(struct test_sink *s)
{
	return get_unaligned_le16(sink_reg(s, s->map->bstatus));
}

/* Read the list as a transmitter must: DisplayPort shows 3 KSVs at a time. */
static void sink_ksv_fifo(struct test_sink *s, u8 *list, unsigned int count)
{
	unsigned int left = count * DRM_HDCP_KSV_LEN;

	while (left) {
		unsigned int n = min(left, s->map->fifo_window);

		memcpy(list, s->ksv_list + s->fifo_pos, n);
		s->fifo_pos += n;
		list += n;
		left -= n;
	}
}

static void sink_v_prime(struct test_sink *s, u8 v[INTEL_HDCP1_HW_V_PRIME_LEN])
{
	memcpy(v, sink_reg(s, s->map->v), INTEL_HDCP1_HW_V_PRIME_LEN);
	if (s->bad_v_reads) {
		s->bad_v_reads--;
		v[7] ^= 0x10;
	}
}

/* The device: emulated registers and the sequence's shared part. */
struct fixture {
	struct emu_hw emu;
	struct intel_hdcp1_hw_shared shared;
	bool per_transcoder;
};

/* One connector: its HDCP unit, the sequence and the sink on the cable. */
struct link {
	struct fixture *f;
	struct emu_unit *unit;
	struct emu_port port;
	struct test_sink sink;
	struct emu_link tx;
	bool hdmi;
};

static void fixture_release(void *data)
{
	struct fixture *f = data;

	intel_hdcp1_hw_shared_fini(&f->shared);
	emu_hw_fini(&f->emu);
}

static struct fixture *make_fixture(struct kunit *test, bool per_transcoder,
				    bool keys_via_pcode)
{
	struct fixture *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_EQ(test, emu_hw_init(&f->emu, per_transcoder, keys_via_pcode,
					  HDCP1_A1->ksv, HDCP1_A1->keys), 0);
	intel_hdcp1_hw_shared_init(&f->shared, keys_via_pcode);
	f->per_transcoder = per_transcoder;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fixture_release, f), 0);
	emu_redirect(test);
	return f;
}

static struct link *make_link(struct kunit *test, struct fixture *f,
			      unsigned int unit, bool hdmi,
			      const struct hdcp1_facsimile_device *dev,
			      bool repeater, unsigned int count)
{
	struct link *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);
	struct intel_hdcp1_hw_desc desc = {
		.layout = f->per_transcoder ? INTEL_HDCP1_HW_PER_TRANSCODER :
					      INTEL_HDCP1_HW_PER_PORT,
		.transcoder = TRANSCODER_A + unit,
		.port = PORT_A + unit,
		.hdmi = hdmi,
	};

	KUNIT_ASSERT_NOT_NULL(test, l);
	l->f = f;
	l->hdmi = hdmi;
	l->unit = emu_hw_unit(&f->emu, unit);
	KUNIT_ASSERT_NOT_NULL(test, l->unit);
	sink_init(&l->sink, hdmi, dev, repeater, count);
	emu_port_init(&l->port, &f->emu, l->unit, hdmi, &test_sink_ops, &l->sink);
	l->tx.ops = &emu_hdcp1_ops;
	l->tx.ctx = &l->port;
	KUNIT_ASSERT_EQ(test, intel_hdcp1_hw_init(&l->tx.hw, &f->shared, &desc), 0);
	return l;
}

static u32 rep_ctl_of(struct fixture *f)
{
	return emu_peek(&f->emu, i915_mmio_reg_offset(HDCP_REP_CTL));
}

static bool link_encrypting(struct link *l)
{
	return emu_peek(&l->f->emu, l->unit->status) & HDCP_STATUS_ENC;
}

static void link_frames(struct link *l, unsigned int frames)
{
	bool encrypting = link_encrypting(l);

	emu_frames(&l->f->emu, l->unit, frames);
	if (encrypting)
		sink_frames(&l->sink, frames);
}

/* First part of authentication, up to encryption; the first error. */
static int link_part1(struct kunit *test, struct link *l)
{
	u8 an[DRM_HDCP_AN_LEN], bksv[DRM_HDCP_KSV_LEN], r0[DRM_HDCP_RI_LEN];
	int ret;

	ret = intel_hdcp1_hw_start(&l->tx.hw, an);
	if (ret)
		return ret;
	/* The An reported is the one the receiver got. */
	KUNIT_EXPECT_MEMEQ(test, an, sink_reg(&l->sink, l->sink.map->an),
			   DRM_HDCP_AN_LEN);

	sink_bksv(&l->sink, bksv);
	KUNIT_EXPECT_TRUE(test, drm_hdcp1_ksv_is_valid(bksv));
	ret = intel_hdcp1_hw_compute(&l->tx.hw, bksv, sink_is_repeater(&l->sink));
	if (ret)
		return ret;

	KUNIT_EXPECT_TRUE(test, sink_r0_available(&l->sink));
	sink_r0(&l->sink, r0);
	return intel_hdcp1_hw_verify_r0(&l->tx.hw, r0);
}

/* Second part: the repeater's KSV list and V'. */
static int link_part2(struct kunit *test, struct link *l)
{
	u8 v[INTEL_HDCP1_HW_V_PRIME_LEN];
	unsigned int count;
	u16 bstatus;
	u8 *list;

	KUNIT_EXPECT_TRUE(test, sink_ksv_ready(&l->sink));
	KUNIT_EXPECT_EQ(test, l->sink.v_error, 0);
	/* Every attempt reads the whole list from its start. */
	l->sink.fifo_pos = 0;
	bstatus = sink_bstatus(&l->sink);
	count = DRM_HDCP_NUM_DOWNSTREAM(bstatus);
	list = kunit_kzalloc(test, MAX_DEVICES * DRM_HDCP_KSV_LEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, list);
	sink_ksv_fifo(&l->sink, list, count);
	sink_v_prime(&l->sink, v);
	return intel_hdcp1_hw_verify_v(&l->tx.hw, list, count, bstatus, v);
}

static void expect_no_violation(struct kunit *test, struct fixture *f)
{
	KUNIT_EXPECT_EQ_MSG(test, f->emu.violations, 0, "first: %s",
			    f->emu.violation);
	KUNIT_EXPECT_FALSE(test, f->emu.log_full);
}

/* Nothing of this connector's HDCP left on in the hardware. */
static void expect_off(struct kunit *test, struct link *l)
{
	u32 rep_ctl = rep_ctl_of(l->f);

	KUNIT_EXPECT_EQ(test, emu_peek(&l->f->emu, l->unit->conf), 0);
	KUNIT_EXPECT_EQ(test, emu_peek(&l->f->emu, l->unit->status), 0);
	KUNIT_EXPECT_EQ(test, rep_ctl & l->unit->rep_present, 0);
	KUNIT_EXPECT_NE(test, rep_ctl & REP_M0_SELECT, l->unit->m0_select);
	KUNIT_EXPECT_EQ(test, rep_ctl & REP_SHA1_MODE, 0);
	KUNIT_EXPECT_FALSE(test, l->unit->signalling);
}

static u32 key_conf(void)
{
	return i915_mmio_reg_offset(HDCP_KEY_CONF);
}

struct receiver_case {
	const char *name;
	bool per_transcoder;
	bool hdmi;
	unsigned int unit;
};

static const struct receiver_case receiver_cases[] = {
	{ "HDMI on transcoder A", true, true, 0 },
	{ "DisplayPort on transcoder C", true, false, 2 },
	{ "HDMI on port A", false, true, 0 },
	{ "DisplayPort on port B", false, false, 1 },
	{ "HDMI on port D", false, true, 3 },
};

static void receiver_case_desc(const struct receiver_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(receiver, receiver_cases, receiver_case_desc);

/* A plain receiver authenticates, passes link checks and is reset. */
static void test_receiver(struct kunit *test)
{
	const struct receiver_case *c = test->param_value;
	struct fixture *f = make_fixture(test, c->per_transcoder, false);
	struct link *l = make_link(test, f, c->unit, c->hdmi, HDCP1_B1, false, 0);
	u8 ri[DRM_HDCP_RI_LEN];

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_encryption_status(&l->tx.hw), 0);
	KUNIT_EXPECT_EQ(test, l->unit->signalling, c->hdmi);
	KUNIT_EXPECT_EQ(test, rep_ctl_of(f) & l->unit->rep_present, 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_SIGNALLING, l->unit - f->emu.units,
					0, 0), c->hdmi ? 1 : 0);

	link_frames(l, DRM_HDCP1_RI_FRAMES);
	sink_ri(&l->sink, ri);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&l->tx.hw, ri), 0);
	KUNIT_EXPECT_EQ(test, emu_foreign_accesses(&f->emu, l->unit), 0);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_encryption_status(&l->tx.hw), -ENXIO);
	expect_no_violation(test, f);
}

/*
 * The spec's vectors 1 and 5 (A1 to B1, An 0x34271c130c070403, receiver and
 * repeater): An goes out in wire order, R0' is E0 8A and 85 64, and the
 * hardware accepts exactly that, not its byte swap.
 */
static void test_spec_r0_vectors(struct kunit *test)
{
	static const u8 spec_an[] = { 0x03, 0x04, 0x07, 0x0c, 0x13, 0x1c, 0x27, 0x34 };
	static const u8 spec_r0[2][DRM_HDCP_RI_LEN] = { { 0xe0, 0x8a }, { 0x85, 0x64 } };
	int repeater;

	for (repeater = 0; repeater < 2; repeater++) {
		struct fixture *f = make_fixture(test, true, false);
		struct link *l = make_link(test, f, 1, true, HDCP1_B1, repeater, 1);
		u8 an[DRM_HDCP_AN_LEN], bksv[DRM_HDCP_KSV_LEN], r0[DRM_HDCP_RI_LEN];
		u8 swapped[DRM_HDCP_RI_LEN];

		f->emu.force_an = true;
		f->emu.forced_an = SPEC_AN;
		KUNIT_ASSERT_EQ(test, intel_hdcp1_hw_start(&l->tx.hw, an), 0);
		KUNIT_EXPECT_MEMEQ(test, an, spec_an, sizeof(spec_an));
		KUNIT_EXPECT_MEMEQ(test, sink_reg(&l->sink, l->sink.map->an), spec_an,
				   sizeof(spec_an));

		sink_bksv(&l->sink, bksv);
		KUNIT_ASSERT_EQ(test, intel_hdcp1_hw_compute(&l->tx.hw, bksv, repeater), 0);
		sink_r0(&l->sink, r0);
		KUNIT_EXPECT_MEMEQ(test, r0, spec_r0[repeater], DRM_HDCP_RI_LEN);

		swapped[0] = spec_r0[repeater][1];
		swapped[1] = spec_r0[repeater][0];
		KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_r0(&l->tx.hw, swapped), -EPERM);
		KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_r0(&l->tx.hw, spec_r0[repeater]), 0);
		KUNIT_EXPECT_TRUE(test, link_encrypting(l));

		intel_hdcp1_hw_reset(&l->tx.hw);
		expect_off(test, l);
		expect_no_violation(test, f);
	}
}

/*
 * A published repeater vector: KSVs 0x35796a172e, 0x478e71e20f and
 * 0x74e85397a6, Bstatus 0x0203, M0 of vector 5. The hardware's SHA-1 engine,
 * fed by the sequence, must accept its V' and nothing else; 15 bytes of KSVs
 * make the text end one byte into a word.
 */
static void test_spec_v_vector(struct kunit *test)
{
	static const u8 list[] = {
		0x2e, 0x17, 0x6a, 0x79, 0x35, 0x0f, 0xe2, 0x71,
		0x8e, 0x47, 0xa6, 0x97, 0x53, 0xe8, 0x74,
	};
	static const u8 spec_v[INTEL_HDCP1_HW_V_PRIME_LEN] = {
		0x86, 0xd5, 0xcb, 0x0f, 0xef, 0x07, 0xc1, 0xef, 0x1d, 0x0a,
		0xd7, 0xcc, 0xda, 0x6d, 0x18, 0xb1, 0x5e, 0xff, 0xb3, 0x1f,
	};
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 3, false, HDCP1_B1, true, 0);
	u8 v[INTEL_HDCP1_HW_V_PRIME_LEN];
	unsigned int bit;

	f->emu.force_an = true;
	f->emu.forced_an = SPEC_AN;
	sink_set_list(&l->sink, list, 3, 0x0203);
	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);

	sink_v_prime(&l->sink, v);
	KUNIT_EXPECT_MEMEQ(test, v, spec_v, sizeof(spec_v));
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_v(&l->tx.hw, list, 3, 0x0203, spec_v), 0);

	/* Any one bit off, in V', the list or Bstatus, and it fails. */
	for (bit = 0; bit < 8 * sizeof(spec_v); bit += 37) {
		memcpy(v, spec_v, sizeof(v));
		v[bit / 8] ^= BIT(bit % 8);
		KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_v(&l->tx.hw, list, 3, 0x0203, v),
				-EPERM);
	}
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_v(&l->tx.hw, list, 3, 0x0a03, spec_v),
			-EPERM);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_v(&l->tx.hw, list, 2, 0x0203, spec_v),
			-EPERM);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_v(&l->tx.hw, list, 3, 0x0203, spec_v), 0);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

struct repeater_case {
	unsigned int count;
	bool per_transcoder;
	bool hdmi;
	unsigned int unit;
};

/*
 * 5n + 2 text bytes: n = 0..3 leave 2, 3, 0, 1 bytes for the word that M0
 * starts in, every case of the text modes. 22 devices end the message 56
 * bytes into a block, so the length spills into another one; 127 is the
 * most a repeater can report.
 */
static const struct repeater_case repeater_cases[] = {
	{ 0, true, true, 3 },
	{ 1, true, true, 3 },
	{ 2, true, true, 3 },
	{ 3, true, true, 3 },
	{ 4, true, true, 3 },
	{ 22, true, true, 3 },
	{ 31, true, true, 3 },
	{ 127, true, true, 3 },
	{ 0, false, false, 2 },
	{ 1, false, false, 2 },
	{ 2, false, false, 2 },
	{ 3, false, false, 2 },
	{ 4, false, false, 2 },
	{ 22, false, false, 2 },
	{ 31, false, false, 2 },
	{ 127, false, false, 2 },
};

static void repeater_case_desc(const struct repeater_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u devices, %s on %s %c", c->count,
		 c->hdmi ? "HDMI" : "DisplayPort",
		 c->per_transcoder ? "transcoder" : "port", 'A' + c->unit);
}

KUNIT_ARRAY_PARAM(repeater, repeater_cases, repeater_case_desc);

/* A repeater with n devices: R0', then V' through the SHA-1 engine. */
static void test_repeater(struct kunit *test)
{
	const struct repeater_case *c = test->param_value;
	struct fixture *f = make_fixture(test, c->per_transcoder, false);
	struct link *l = make_link(test, f, c->unit, c->hdmi, HDCP1_B2, true, c->count);
	unsigned int msg_len = c->count * DRM_HDCP_KSV_LEN + 10;
	unsigned int blocks = (msg_len + 1 + 8 + 63) / 64;
	u32 text = i915_mmio_reg_offset(HDCP_SHA_TEXT);

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	KUNIT_EXPECT_NE(test, rep_ctl_of(f) & l->unit->rep_present, 0);
	KUNIT_ASSERT_EQ(test, link_part2(test, l), 0);

	/* Padded to whole blocks, and not one block more. */
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, text, 0, 0), 16 * blocks);
	/* M0 stays selected until the reset, as Linux 6.12 left it. */
	KUNIT_EXPECT_EQ(test, rep_ctl_of(f) & REP_M0_SELECT, l->unit->m0_select);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_encryption_status(&l->tx.hw), 0);
	KUNIT_EXPECT_EQ(test, emu_foreign_accesses(&f->emu, l->unit), 0);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* Keys that never load: a bounded number of tries, and nothing sent. */
static void test_keys_fail_to_load(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 0, true, HDCP1_B1, false, 0);
	u8 an[DRM_HDCP_AN_LEN];

	f->emu.fail_key_loads = UINT_MAX;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_start(&l->tx.hw, an), -ENXIO);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(),
					HDCP_KEY_LOAD_TRIGGER, HDCP_KEY_LOAD_TRIGGER), 5);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(),
					HDCP_CLEAR_KEYS_TRIGGER, HDCP_CLEAR_KEYS_TRIGGER), 5);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(),
					HDCP_AKSV_SEND_TRIGGER, HDCP_AKSV_SEND_TRIGGER), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, l->unit->conf, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, emu_peek(&f->emu, i915_mmio_reg_offset(HDCP_KEY_STATUS)), 0);
	KUNIT_EXPECT_FALSE(test, l->sink.an_written);
	KUNIT_EXPECT_EQ(test, l->sink.aksv_writes, 0);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/*
 * Item A10: with power well 1 off the keys cannot be loaded; as Linux 6.12
 * did, the sequence says so and touches neither the key store nor the unit.
 */
static void test_keys_not_loadable(struct kunit *test)
{
	const bool *pcode = test->param_value;
	struct fixture *f = make_fixture(test, !*pcode, *pcode);
	struct link *l = make_link(test, f, 0, true, HDCP1_B1, false, 0);
	u8 an[DRM_HDCP_AN_LEN];

	f->emu.pw1_off = true;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_start(&l->tx.hw, an), -ENXIO);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(), 0, 0), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_PCODE, 0, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, l->unit->conf, 0, 0), 0);
	KUNIT_EXPECT_FALSE(test, l->sink.an_written);

	/* Power well 1 back on: the keys load and An goes out. */
	f->emu.pw1_off = false;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_start(&l->tx.hw, an), 0);
	KUNIT_EXPECT_TRUE(test, l->sink.an_written);
	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

static const bool key_paths[] = { false, true };

static void key_path_desc(const bool *pcode, char *desc)
{
	strscpy(desc, *pcode ? "pcode" : "HDCP_KEY_CONF", KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(key_path, key_paths, key_path_desc);

/* Keys that load on the third try: cleared in between, then used. */
static void test_keys_load_on_retry(struct kunit *test)
{
	struct fixture *f = make_fixture(test, false, false);
	struct link *l = make_link(test, f, 1, true, HDCP1_B2, false, 0);
	int load, clear, clear2, aksv;

	f->emu.fail_key_loads = 2;
	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	load = emu_find(&f->emu, 0, EMU_WRITE, key_conf(), ~0u, HDCP_KEY_LOAD_TRIGGER);
	clear = emu_find(&f->emu, load, EMU_WRITE, key_conf(), ~0u, HDCP_CLEAR_KEYS_TRIGGER);
	aksv = emu_find(&f->emu, 0, EMU_WRITE, key_conf(), ~0u, HDCP_AKSV_SEND_TRIGGER);
	KUNIT_EXPECT_GE(test, load, 0);
	KUNIT_EXPECT_GT(test, clear, load);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(), ~0u,
					HDCP_KEY_LOAD_TRIGGER), 3);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(), ~0u,
					HDCP_CLEAR_KEYS_TRIGGER), 2);
	/* Aksv handed over once, after the load that worked. */
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(), ~0u,
					HDCP_AKSV_SEND_TRIGGER), 1);
	clear2 = emu_find(&f->emu, clear + 1, EMU_WRITE, key_conf(), ~0u,
			  HDCP_CLEAR_KEYS_TRIGGER);
	KUNIT_EXPECT_GT(test, clear2, clear);
	KUNIT_EXPECT_GT(test, aksv, clear2);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* Loaded keys stay loaded: a second authentication does not reload them. */
static void test_keys_loaded_once(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 0, true, HDCP1_B1, false, 0);
	struct link *m = make_link(test, f, 1, false, HDCP1_B2, false, 0);

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	intel_hdcp1_hw_reset(&l->tx.hw);
	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	KUNIT_ASSERT_EQ(test, link_part1(test, m), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(), 0, 0), 2);

	intel_hdcp1_hw_reset(&l->tx.hw);
	intel_hdcp1_hw_reset(&m->tx.hw);
	expect_off(test, l);
	expect_off(test, m);
	expect_no_violation(test, f);
}

/* Display 9 but Broxton: the keys load through pcode, not HDCP_KEY_CONF. */
static void test_keys_via_pcode(struct kunit *test)
{
	struct fixture *f = make_fixture(test, false, true);
	struct link *l = make_link(test, f, 2, true, HDCP1_B1, true, 4);
	struct fixture *g = make_fixture(test, false, true);
	struct link *m = make_link(test, g, 2, true, HDCP1_B1, false, 0);
	u8 an[DRM_HDCP_AN_LEN];

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	KUNIT_ASSERT_EQ(test, link_part2(test, l), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_PCODE, 0, 0, 0), 1);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE, key_conf(),
					HDCP_KEY_LOAD_TRIGGER, HDCP_KEY_LOAD_TRIGGER), 0);
	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);

	/* The mailbox refuses: the same bounded retries. */
	g->emu.pcode_error = -EIO;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_start(&m->tx.hw, an), -EIO);
	KUNIT_EXPECT_EQ(test, emu_count(&g->emu, 0, EMU_PCODE, 0, 0, 0), 5);
	KUNIT_EXPECT_EQ(test, m->sink.aksv_writes, 0);
	expect_no_violation(test, g);
}

/* 1A-06: a wrong R0' fails; R0' read again and right then succeeds. */
static void test_cts_1a_06_r0_mismatch_then_match(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 1, false, HDCP1_B2, false, 0);
	u8 r0[DRM_HDCP_RI_LEN];

	l->sink.bad_r0_reads = 1;
	KUNIT_EXPECT_EQ(test, link_part1(test, l), -EPERM);
	KUNIT_EXPECT_FALSE(test, link_encrypting(l));
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_encryption_status(&l->tx.hw), -ENXIO);

	sink_r0(&l->sink, r0);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_r0(&l->tx.hw, r0), 0);
	KUNIT_EXPECT_TRUE(test, link_encrypting(l));

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* 1A-07: Ri' goes wrong later on; the link check says so. */
static void test_cts_1a_07_ri_mismatch(struct kunit *test)
{
	struct fixture *f = make_fixture(test, false, false);
	struct link *l = make_link(test, f, 2, true, HDCP1_B1, false, 0);
	u8 ri[DRM_HDCP_RI_LEN];

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	link_frames(l, 2 * DRM_HDCP1_RI_FRAMES);
	sink_ri(&l->sink, ri);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&l->tx.hw, ri), 0);

	l->sink.bad_ri = true;
	link_frames(l, DRM_HDCP1_RI_FRAMES);
	sink_ri(&l->sink, ri);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&l->tx.hw, ri), -EPERM);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* The hardware's Ri moves every 128 frames, and a stale Ri' fails. */
static void test_ri_follows_frames(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 2, true, HDCP1_B2, false, 0);
	u8 r0[DRM_HDCP_RI_LEN], ri[DRM_HDCP_RI_LEN];

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	sink_r0(&l->sink, r0);

	link_frames(l, DRM_HDCP1_RI_FRAMES - 1);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&l->tx.hw, r0), 0);
	link_frames(l, 1);
	sink_ri(&l->sink, ri);
	KUNIT_EXPECT_MEMNEQ(test, ri, r0, DRM_HDCP_RI_LEN);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&l->tx.hw, r0), -EPERM);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&l->tx.hw, ri), 0);

	/* Encryption lost: not an Ri' mismatch. */
	emu_drop_encryption(&f->emu, l->unit);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&l->tx.hw, ri), -ENXIO);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_encryption_status(&l->tx.hw), -ENXIO);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* 1B-04: a wrong V' fails; V' read again and right then succeeds. */
static void test_cts_1b_04_v_mismatch_then_match(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 0, true, HDCP1_B2, true, 3);

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	l->sink.bad_v_reads = 1;
	KUNIT_EXPECT_EQ(test, link_part2(test, l), -EPERM);
	KUNIT_EXPECT_EQ(test, rep_ctl_of(f) & HDCP_SHA1_V_MATCH, 0);
	KUNIT_EXPECT_EQ(test, rep_ctl_of(f) & REP_M0_SELECT, l->unit->m0_select);
	KUNIT_EXPECT_EQ(test, link_part2(test, l), 0);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* R0' matches but the hardware never reports encryption. */
static void test_encryption_never_reported(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 1, true, HDCP1_B1, false, 0);
	int wait;

	f->emu.enc_never = true;
	KUNIT_EXPECT_EQ(test, link_part1(test, l), -ETIMEDOUT);
	wait = emu_find(&f->emu, 0, EMU_WAIT, l->unit->status, HDCP_STATUS_ENC,
			HDCP_STATUS_ENC);
	KUNIT_ASSERT_GE(test, wait, 0);
	KUNIT_EXPECT_GE(test, f->emu.log[wait].timeout_us, ENC_TIMEOUT_US);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_encryption_status(&l->tx.hw), -ENXIO);

	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

struct aksv_case {
	const char *name;
	bool hdmi;
	int error;
};

static const struct aksv_case aksv_cases[] = {
	{ "GMBUS NAK on HDMI", true, -ENXIO },
	{ "AUX timeout on DisplayPort", false, -ETIMEDOUT },
	{ "AUX I/O error on DisplayPort", false, -EIO },
};

static void aksv_case_desc(const struct aksv_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(aksv, aksv_cases, aksv_case_desc);

/* 1A-04: Aksv cannot be written; the error comes back, a retry works. */
static void test_cts_1a_04_aksv_write_fails(struct kunit *test)
{
	const struct aksv_case *c = test->param_value;
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 2, c->hdmi, HDCP1_B1, false, 0);
	u8 an[DRM_HDCP_AN_LEN];

	l->port.aksv_error = c->error;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_start(&l->tx.hw, an), c->error);
	KUNIT_EXPECT_TRUE(test, l->sink.an_written);
	KUNIT_EXPECT_EQ(test, l->sink.aksv_writes, 0);
	KUNIT_EXPECT_FALSE(test, l->sink.authenticated);
	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);

	l->port.aksv_error = 0;
	KUNIT_EXPECT_EQ(test, link_part1(test, l), 0);
	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

static const bool layouts[] = { true, false };

static void layout_desc(const bool *per_transcoder, char *desc)
{
	strscpy(desc, *per_transcoder ? "per transcoder" : "per port",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(layout, layouts, layout_desc);

/*
 * Two repeaters on two units at once: each keeps its REPEATER bit while the
 * other authenticates, the SHA-1 engine inserts the right M0 for each, and
 * resetting one leaves the other as it was.
 */
static void test_rep_ctl_shared(struct kunit *test)
{
	const bool *per_transcoder = test->param_value;
	struct fixture *f = make_fixture(test, *per_transcoder, false);
	struct link *x = make_link(test, f, 0, true, HDCP1_B1, true, 2);
	struct link *y = make_link(test, f, 1, false, HDCP1_B2, true, 5);
	u8 ri[DRM_HDCP_RI_LEN];

	KUNIT_ASSERT_EQ(test, link_part1(test, x), 0);
	KUNIT_EXPECT_EQ(test, rep_ctl_of(f) & (x->unit->rep_present | y->unit->rep_present),
			x->unit->rep_present);
	KUNIT_ASSERT_EQ(test, link_part1(test, y), 0);
	KUNIT_EXPECT_EQ(test, rep_ctl_of(f) & (x->unit->rep_present | y->unit->rep_present),
			x->unit->rep_present | y->unit->rep_present);

	KUNIT_EXPECT_EQ(test, link_part2(test, y), 0);
	KUNIT_EXPECT_EQ(test, link_part2(test, x), 0);

	intel_hdcp1_hw_reset(&x->tx.hw);
	expect_off(test, x);
	KUNIT_EXPECT_NE(test, rep_ctl_of(f) & y->unit->rep_present, 0);
	KUNIT_EXPECT_TRUE(test, link_encrypting(y));
	KUNIT_EXPECT_EQ(test, link_part2(test, y), 0);
	link_frames(y, DRM_HDCP1_RI_FRAMES);
	sink_ri(&y->sink, ri);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&y->tx.hw, ri), 0);

	/* A receiver on the first unit now: its bit must stay clear. */
	sink_init(&x->sink, true, HDCP1_B1, false, 0);
	KUNIT_EXPECT_EQ(test, link_part1(test, x), 0);
	KUNIT_EXPECT_EQ(test, rep_ctl_of(f) & (x->unit->rep_present | y->unit->rep_present),
			y->unit->rep_present);

	intel_hdcp1_hw_reset(&y->tx.hw);
	intel_hdcp1_hw_reset(&x->tx.hw);
	expect_off(test, x);
	expect_off(test, y);
	expect_no_violation(test, f);
}

struct v_worker {
	struct work_struct work;
	struct kunit *test;
	struct intel_hdcp1_hw *hw;
	u8 list[MAX_DEVICES * DRM_HDCP_KSV_LEN];
	unsigned int count;
	u16 bstatus;
	u8 v[INTEL_HDCP1_HW_V_PRIME_LEN];
	unsigned int failures;
};

#define V_WORKER_ROUNDS		3

static void v_worker_fn(struct work_struct *work)
{
	struct v_worker *w = container_of(work, struct v_worker, work);
	unsigned int i;

	/* The static stubs apply to the test's threads: make this one of them. */
	current->kunit_test = w->test;
	for (i = 0; i < V_WORKER_ROUNDS; i++)
		w->failures += !!intel_hdcp1_hw_verify_v(w->hw, w->list, w->count,
							 w->bstatus, w->v);
	current->kunit_test = NULL;
}

static struct v_worker *make_v_worker(struct kunit *test, struct link *l)
{
	struct v_worker *w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, w);
	INIT_WORK(&w->work, v_worker_fn);
	w->test = test;
	w->hw = &l->tx.hw;
	w->bstatus = sink_bstatus(&l->sink);
	w->count = DRM_HDCP_NUM_DOWNSTREAM(w->bstatus);
	sink_ksv_fifo(&l->sink, w->list, w->count);
	sink_v_prime(&l->sink, w->v);
	return w;
}

/* Two connectors checking V' at the same time take turns on the engine. */
static void test_concurrent_v_checks(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *x = make_link(test, f, 0, true, HDCP1_B1, true, 13);
	struct link *y = make_link(test, f, 2, false, HDCP1_B2, true, 4);
	struct v_worker *wx, *wy;

	KUNIT_ASSERT_EQ(test, link_part1(test, x), 0);
	KUNIT_ASSERT_EQ(test, link_part1(test, y), 0);
	wx = make_v_worker(test, x);
	wy = make_v_worker(test, y);

	/* Each poll sleeps, so the other worker gets to run in between. */
	f->emu.wait_sleep_us = 10;
	queue_work(system_unbound_wq, &wx->work);
	queue_work(system_unbound_wq, &wy->work);
	flush_work(&wx->work);
	flush_work(&wy->work);
	f->emu.wait_sleep_us = 0;

	KUNIT_EXPECT_EQ(test, wx->failures, 0);
	KUNIT_EXPECT_EQ(test, wy->failures, 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_WRITE,
					i915_mmio_reg_offset(HDCP_REP_CTL), REP_SHA1_MODE,
					HDCP_SHA1_COMPLETE_HASH), 2 * V_WORKER_ROUNDS);

	intel_hdcp1_hw_reset(&x->tx.hw);
	intel_hdcp1_hw_reset(&y->tx.hw);
	expect_off(test, x);
	expect_off(test, y);
	expect_no_violation(test, f);
}

/*
 * Reset after a full repeater authentication: unit off before signalling,
 * only this connector's bits cleared, and no register touched afterwards.
 */
static void test_reset_leaves_nothing_behind(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct link *l = make_link(test, f, 1, true, HDCP1_B1, true, 3);
	struct link *other = make_link(test, f, 3, true, HDCP1_B2, true, 1);
	unsigned int before, after;
	int conf_off, signal_off, rep_ctl;
	u8 ri[DRM_HDCP_RI_LEN];

	KUNIT_ASSERT_EQ(test, link_part1(test, other), 0);
	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	KUNIT_ASSERT_EQ(test, link_part2(test, l), 0);
	KUNIT_ASSERT_TRUE(test, l->unit->signalling);

	before = emu_log_len(&f->emu);
	intel_hdcp1_hw_reset(&l->tx.hw);
	after = emu_log_len(&f->emu);
	expect_off(test, l);

	conf_off = emu_find(&f->emu, before, EMU_WRITE, l->unit->conf, ~0u, 0);
	rep_ctl = emu_find(&f->emu, before, EMU_WRITE,
			   i915_mmio_reg_offset(HDCP_REP_CTL), 0, 0);
	signal_off = emu_find(&f->emu, before, EMU_SIGNALLING, l->unit - f->emu.units,
			      ~0u, 0);
	KUNIT_EXPECT_GE(test, conf_off, 0);
	KUNIT_EXPECT_GT(test, rep_ctl, conf_off);
	KUNIT_EXPECT_GT(test, signal_off, rep_ctl);

	/* The other connector: untouched, still encrypting and checking out. */
	KUNIT_EXPECT_NE(test, rep_ctl_of(f) & other->unit->rep_present, 0);
	KUNIT_EXPECT_TRUE(test, other->unit->signalling);
	KUNIT_EXPECT_TRUE(test, link_encrypting(other));

	/* Time passes on the link; the reset connector stays silent. */
	link_frames(l, DRM_HDCP1_RI_FRAMES);
	msleep(20);
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), after);

	link_frames(other, DRM_HDCP1_RI_FRAMES);
	sink_ri(&other->sink, ri);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_verify_ri(&other->tx.hw, ri), 0);
	intel_hdcp1_hw_reset(&other->tx.hw);
	expect_off(test, other);
	expect_no_violation(test, f);
}

/* Reset of a connector that never started, twice: harmless. */
static void test_reset_before_start(struct kunit *test)
{
	struct fixture *f = make_fixture(test, false, false);
	struct link *l = make_link(test, f, 0, true, HDCP1_B1, false, 0);
	struct link *other = make_link(test, f, 1, false, HDCP1_B2, true, 2);

	unsigned int before;

	KUNIT_ASSERT_EQ(test, link_part1(test, other), 0);
	before = emu_log_len(&f->emu);
	intel_hdcp1_hw_reset(&l->tx.hw);
	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	KUNIT_EXPECT_NE(test, rep_ctl_of(f) & other->unit->rep_present, 0);
	KUNIT_EXPECT_TRUE(test, link_encrypting(other));
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, before, EMU_WRITE, key_conf(), 0, 0), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, before, EMU_WRITE,
					i915_mmio_reg_offset(HDCP_SHA_TEXT), 0, 0), 0);

	intel_hdcp1_hw_reset(&other->tx.hw);
	expect_off(test, other);
	expect_no_violation(test, f);
}

/* Units without HDCP are refused. */
static void test_init_rejects(struct kunit *test)
{
	struct fixture *f = make_fixture(test, true, false);
	struct fixture *g = make_fixture(test, false, true);
	struct intel_hdcp1_hw_desc desc = {
		.layout = INTEL_HDCP1_HW_PER_TRANSCODER,
		.transcoder = TRANSCODER_D,
		.hdmi = true,
	};
	struct intel_hdcp1_hw hw;

	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_init(&hw, &f->shared, &desc), 0);
	desc.transcoder = TRANSCODER_EDP;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_init(&hw, &f->shared, &desc), -EINVAL);
	desc.transcoder = INVALID_TRANSCODER;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_init(&hw, &f->shared, &desc), -EINVAL);

	desc.layout = INTEL_HDCP1_HW_PER_PORT;
	desc.port = PORT_E;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_init(&hw, &g->shared, &desc), 0);
	desc.port = PORT_F;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_init(&hw, &g->shared, &desc), -EINVAL);
	desc.port = PORT_NONE;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_init(&hw, &g->shared, &desc), -EINVAL);

	/* Binding touches no hardware. */
	KUNIT_EXPECT_EQ(test, emu_log_len(&f->emu), 0);
	KUNIT_EXPECT_EQ(test, emu_log_len(&g->emu), 0);
}

/*
 * DP MST: the port's unit (B) authenticates with the branch device, which
 * is a repeater, and then encrypts the streams of transcoders A to D one
 * by one; device counts include those whose SHA-1 padding 6.12 got wrong.
 */
struct mst_case {
	bool per_transcoder;
	unsigned int devices;
};

static const struct mst_case mst_cases[] = {
	{ true, 2 }, { true, 22 }, { true, 35 }, { true, 127 },
	{ false, 2 }, { false, 22 }, { false, 35 }, { false, 127 },
};

static void mst_case_desc(const struct mst_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "per %s, branch with %u devices",
		 c->per_transcoder ? "transcoder" : "port", c->devices);
}

KUNIT_ARRAY_PARAM(mst, mst_cases, mst_case_desc);

static const u32 stream_enc_bits[] = {
	HDCP_STATUS_STREAM_A_ENC, HDCP_STATUS_STREAM_B_ENC,
	HDCP_STATUS_STREAM_C_ENC, HDCP_STATUS_STREAM_D_ENC,
};

/* The status register that shows a stream's bit, as the hardware has it. */
static u32 stream_status(struct link *l, enum transcoder stream)
{
	u32 reg = l->f->per_transcoder ?
		  i915_mmio_reg_offset(TRANS_HDCP_STATUS(stream)) : l->unit->status;

	return emu_peek(&l->f->emu, reg) & stream_enc_bits[stream];
}

static struct link *mst_port(struct kunit *test, struct fixture *f, unsigned int devices)
{
	struct link *l = make_link(test, f, 1, false, HDCP1_B2, true, devices);

	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	KUNIT_ASSERT_EQ(test, link_part2(test, l), 0);
	return l;
}

static void test_mst_streams(struct kunit *test)
{
	const struct mst_case *c = test->param_value;
	struct fixture *f = make_fixture(test, c->per_transcoder, false);
	struct link *l = mst_port(test, f, c->devices);
	enum transcoder t;
	int reset_at, conf_off;

	for (t = TRANSCODER_A; t <= TRANSCODER_D; t++) {
		KUNIT_ASSERT_EQ(test, intel_hdcp1_hw_stream_encrypt(&l->tx.hw, t, true), 0);
		KUNIT_EXPECT_NE(test, stream_status(l, t), 0);
	}
	/* One stream leaves; the port and the other streams go on. */
	KUNIT_ASSERT_EQ(test, intel_hdcp1_hw_stream_encrypt(&l->tx.hw, TRANSCODER_C, false), 0);
	KUNIT_EXPECT_EQ(test, stream_status(l, TRANSCODER_C), 0);
	KUNIT_EXPECT_NE(test, stream_status(l, TRANSCODER_B), 0);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_encryption_status(&l->tx.hw), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_STREAM_SELECT, TRANSCODER_C, ~0u, 0), 1);

	/* The port's reset deselects the three streams left first. */
	reset_at = emu_log_len(&f->emu);
	intel_hdcp1_hw_reset(&l->tx.hw);
	conf_off = emu_find(&f->emu, reset_at, EMU_WRITE, l->unit->conf, ~0u, 0);
	KUNIT_EXPECT_GE(test, conf_off, 0);
	for (t = TRANSCODER_A; t <= TRANSCODER_D; t++) {
		KUNIT_EXPECT_EQ(test, emu_count(&f->emu, reset_at, EMU_STREAM_SELECT, t, ~0u, 0),
				t == TRANSCODER_C ? 0 : 1);
		KUNIT_EXPECT_EQ(test, emu_find(&f->emu, conf_off, EMU_STREAM_SELECT, t, 0, 0), -1);
		KUNIT_EXPECT_EQ(test, stream_status(l, t), 0);
	}
	KUNIT_EXPECT_EQ(test, f->emu.stream_select, 0);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* No stream before the port encrypts, and none past transcoder D. */
static void test_mst_stream_needs_encrypting_port(struct kunit *test)
{
	const bool *per_transcoder = test->param_value;
	struct fixture *f = make_fixture(test, *per_transcoder, false);
	struct link *l = make_link(test, f, 1, false, HDCP1_B2, true, 2);

	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_stream_encrypt(&l->tx.hw, TRANSCODER_A, true),
			-ENXIO);
	KUNIT_ASSERT_EQ(test, link_part1(test, l), 0);
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_stream_encrypt(&l->tx.hw, TRANSCODER_D + 1, true),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_STREAM_SELECT, TRANSCODER_A, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, emu_count(&f->emu, 0, EMU_STREAM_SELECT, TRANSCODER_D + 1, 0, 0),
			0);
	intel_hdcp1_hw_reset(&l->tx.hw);
	expect_off(test, l);
	expect_no_violation(test, f);
}

/* Hardware that never reports the stream: -ETIMEDOUT, nothing left selected. */
static void test_mst_stream_never_encrypted(struct kunit *test)
{
	const bool *per_transcoder = test->param_value;
	struct fixture *f = make_fixture(test, *per_transcoder, false);
	struct link *l = mst_port(test, f, 2);

	f->emu.stream_enc_never = true;
	KUNIT_EXPECT_EQ(test, intel_hdcp1_hw_stream_encrypt(&l->tx.hw, TRANSCODER_B, true),
			-ETIMEDOUT);
	intel_hdcp1_hw_reset(&l->tx.hw);
	KUNIT_EXPECT_EQ(test, f->emu.stream_select, 0);
	expect_off(test, l);
	expect_no_violation(test, f);
}

static struct kunit_case intel_hdcp1_hw_cases[] = {
	KUNIT_CASE_PARAM(test_receiver, receiver_gen_params),
	KUNIT_CASE(test_spec_r0_vectors),
	KUNIT_CASE(test_spec_v_vector),
	KUNIT_CASE_PARAM(test_mst_streams, mst_gen_params),
	KUNIT_CASE_PARAM(test_mst_stream_needs_encrypting_port, layout_gen_params),
	KUNIT_CASE_PARAM(test_mst_stream_never_encrypted, layout_gen_params),
	KUNIT_CASE_PARAM(test_repeater, repeater_gen_params),
	KUNIT_CASE(test_keys_fail_to_load),
	KUNIT_CASE_PARAM(test_keys_not_loadable, key_path_gen_params),
	KUNIT_CASE(test_keys_load_on_retry),
	KUNIT_CASE(test_keys_loaded_once),
	KUNIT_CASE(test_keys_via_pcode),
	KUNIT_CASE(test_cts_1a_06_r0_mismatch_then_match),
	KUNIT_CASE(test_cts_1a_07_ri_mismatch),
	KUNIT_CASE(test_ri_follows_frames),
	KUNIT_CASE(test_cts_1b_04_v_mismatch_then_match),
	KUNIT_CASE(test_encryption_never_reported),
	KUNIT_CASE_PARAM(test_cts_1a_04_aksv_write_fails, aksv_gen_params),
	KUNIT_CASE_PARAM(test_rep_ctl_shared, layout_gen_params),
	KUNIT_CASE(test_concurrent_v_checks),
	KUNIT_CASE(test_reset_leaves_nothing_behind),
	KUNIT_CASE(test_reset_before_start),
	KUNIT_CASE(test_init_rejects),
	{}
};

static struct kunit_suite intel_hdcp1_hw_suite = {
	.name = "intel_hdcp1_hw",
	.test_cases = intel_hdcp1_hw_cases,
};

kunit_test_suite(intel_hdcp1_hw_suite);
