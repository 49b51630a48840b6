// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the emulated HDCP 2.2 sink: a transmitter written out by
 * hand, with the software backend, authenticates it on both register maps
 * without a violation, and each rule it may break is counted when it does.
 */

#include <linux/string.h>

#include <kunit/test.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1_emul.h>
#include <drm/display/drm_hdcp2.h>
#include <drm/display/drm_hdcp2_emul.h>
#include <drm/display/drm_hdcp2_soft.h>

#include "../display/drm_hdcp2_msg.h"

#define V(x)	DRM_HDCP2_EMUL_##x

struct emul_test {
	struct kunit *test;
	enum drm_hdcp1_transport transport;
	struct drm_hdcp1_emul *sink1;
	struct drm_hdcp2_emul *sink;
	struct drm_hdcp2_backend *be;
	u64 now;		/* ms */
	unsigned int irqs;
	u8 buf[sizeof(struct hdcp2_ake_send_cert)];
	bool repeater;
};

static u64 emul_clock_ns(void *data)
{
	return ((struct emul_test *)data)->now * NSEC_PER_MSEC;
}

static void emul_cp_irq(void *data)
{
	((struct emul_test *)data)->irqs++;
}

static const struct drm_hdcp1_emul_ops sink1_ops = { .clock_ns = emul_clock_ns };

static const struct drm_hdcp2_emul_ops sink_ops = {
	.clock_ns = emul_clock_ns,
	.cp_irq = emul_cp_irq,
};

KUNIT_DEFINE_ACTION_WRAPPER(destroy_sink1, drm_hdcp1_emul_destroy, struct drm_hdcp1_emul *);
KUNIT_DEFINE_ACTION_WRAPPER(destroy_sink, drm_hdcp2_emul_destroy, struct drm_hdcp2_emul *);
KUNIT_DEFINE_ACTION_WRAPPER(destroy_soft, drm_hdcp2_soft_destroy, struct drm_hdcp2_backend *);

static const enum drm_hdcp1_transport transports[] = { DRM_HDCP1_HDMI, DRM_HDCP1_DP };

static void transport_desc(const enum drm_hdcp1_transport *t, char *desc)
{
	strscpy(desc, *t == DRM_HDCP1_DP ? "dp" : "hdmi", KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(transport, transports, transport_desc);

static struct emul_test *setup(struct kunit *test)
{
	struct drm_hdcp1_emul_device rx1 = { .ksv = drm_hdcp1_emul_ksv(1) };
	const enum drm_hdcp1_transport *tr = test->param_value;
	struct emul_test *t;

	t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	t->transport = *tr;
	t->now = 1000;
	drm_hdcp1_emul_device_keys(rx1.ksv, rx1.keys);
	t->sink1 = drm_hdcp1_emul_create(t->transport, &rx1, &sink1_ops, t);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->sink1);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_sink1, t->sink1), 0);
	t->sink = drm_hdcp2_emul_create(t->transport, 2, t->sink1, &sink_ops, t);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->sink);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_sink, t->sink), 0);
	t->be = drm_hdcp2_soft_create();
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->be);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, destroy_soft, t->be), 0);
	return t;
}

static bool is_dp(struct emul_test *t)
{
	return t->transport == DRM_HDCP1_DP;
}

/* Bytes to or from the sink, in AUX-sized pieces on DP. */
static void xfer(struct emul_test *t, bool write, u32 offset, u8 *buf, size_t len)
{
	size_t done, part;

	for (done = 0; done < len; done += part) {
		part = is_dp(t) ? min_t(size_t, len - done, DP_AUX_MAX_PAYLOAD_BYTES) : len;
		if (write)
			KUNIT_ASSERT_EQ(t->test, drm_hdcp2_emul_write(t->sink, offset + done,
								      buf + done, part), 0);
		else
			KUNIT_ASSERT_EQ(t->test, drm_hdcp2_emul_read(t->sink, offset + done,
								     buf + done, part), 0);
		if (!is_dp(t))
			break;
	}
}

static void send(struct emul_test *t, const void *msg, size_t len)
{
	const struct drm_hdcp2_msg *m = drm_hdcp2_msg_find(*(const u8 *)msg);

	if (is_dp(t))
		xfer(t, true, m->dp_offset, (u8 *)msg + 1, len - 1);
	else
		xfer(t, true, HDCP_2_2_HDMI_REG_WR_MSG_OFFSET, (u8 *)msg, len);
}

/* HDMI: the length RxStatus gives; DP: the RxStatus byte. */
static u16 rxstatus(struct emul_test *t)
{
	u8 raw[2] = {};

	if (is_dp(t)) {
		xfer(t, false, DP_HDCP_2_2_REG_RXSTATUS_OFFSET, raw, 1);
		return raw[0];
	}
	xfer(t, false, HDCP_2_2_HDMI_REG_RXSTATUS_OFFSET, raw, 2);
	return raw[0] | raw[1] << 8;
}

/* Read message @id into t->buf, msg_id first; @len bytes of it. */
static void recv(struct emul_test *t, u8 id, size_t len)
{
	const struct drm_hdcp2_msg *m = drm_hdcp2_msg_find(id);

	memset(t->buf, 0, sizeof(t->buf));
	if (is_dp(t)) {
		t->buf[0] = id;
		xfer(t, false, m->dp_offset, t->buf + 1, len - 1);
	} else {
		xfer(t, false, HDCP_2_2_HDMI_REG_RD_MSG_OFFSET, t->buf, len);
	}
}

/* A correct transmitter's AKE_Init, certificate and km; returns km's msg_id. */
static u8 send_km(struct emul_test *t)
{
	struct kunit *test = t->test;
	const struct drm_hdcp2_backend_ops *ops = t->be->ops;
	struct hdcp2_ake_init init;
	union drm_hdcp2_ake_km km;
	size_t len;

	KUNIT_ASSERT_EQ(test, ops->ake_init(t->be, &init), 0);
	send(t, &init, sizeof(init));
	t->now += 100;
	if (!is_dp(t))
		KUNIT_EXPECT_EQ(test, rxstatus(t) & 0x3ff, sizeof(struct hdcp2_ake_send_cert));
	recv(t, HDCP_2_2_AKE_SEND_CERT, sizeof(struct hdcp2_ake_send_cert));
	KUNIT_ASSERT_EQ(test, ops->verify_cert(t->be, (void *)t->buf, &km, &len), 0);
	t->repeater = HDCP_2_2_RX_REPEATER(((struct hdcp2_ake_send_cert *)t->buf)->rx_caps[2]);
	send(t, &km, len);
	t->now += 100;
	return km.msg_id;
}

/* A correct transmitter, up to and with SKE_Send_Eks. */
static void authenticate(struct emul_test *t)
{
	struct kunit *test = t->test;
	const struct drm_hdcp2_backend_ops *ops = t->be->ops;
	struct hdcp2_lc_init lc;
	struct hdcp2_ske_send_eks eks;
	u8 km_id = send_km(t);

	if (is_dp(t))
		KUNIT_EXPECT_TRUE(test, rxstatus(t) & BIT(1));
	recv(t, HDCP_2_2_AKE_SEND_HPRIME, sizeof(struct hdcp2_ake_send_hprime));
	KUNIT_ASSERT_EQ(test, ops->verify_h_prime(t->be, (void *)t->buf), 0);
	if (km_id == HDCP_2_2_AKE_NO_STORED_KM) {
		t->now += 50;
		recv(t, HDCP_2_2_AKE_SEND_PAIRING_INFO,
		     sizeof(struct hdcp2_ake_send_pairing_info));
		KUNIT_ASSERT_EQ(test, ops->store_pairing(t->be, (void *)t->buf), 0);
	}
	KUNIT_ASSERT_EQ(test, ops->lc_init(t->be, &lc), 0);
	send(t, &lc, sizeof(lc));
	t->now += 10;
	recv(t, HDCP_2_2_LC_SEND_LPRIME, sizeof(struct hdcp2_lc_send_lprime));
	KUNIT_ASSERT_EQ(test, ops->verify_l_prime(t->be, (void *)t->buf), 0);
	KUNIT_ASSERT_EQ(test, ops->ske(t->be, &eks), 0);
	send(t, &eks, sizeof(eks));
}

static void drm_test_hdcp2_emul_correct_transmitter(struct kunit *test)
{
	struct emul_test *t = setup(test);

	authenticate(t);
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_emul_authenticated(t->sink));
	t->now += 201;
	drm_hdcp2_emul_set_encryption(t->sink, true);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 0);
	/* A second session, paired now: no pairing info, the same outcome. */
	t->now += 1000;
	authenticate(t);
	t->now += 201;
	drm_hdcp2_emul_set_encryption(t->sink, true);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 0);
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_emul_authenticated(t->sink));
}

/* Encryption within 200 ms of SKE, or with no session key at all. */
static void drm_test_hdcp2_emul_encryption_rules(struct kunit *test)
{
	struct emul_test *t = setup(test);

	drm_hdcp2_emul_set_encryption(t->sink, true);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(ENC_UNAUTHENTICATED)), 1);
	drm_hdcp2_emul_set_encryption(t->sink, false);
	authenticate(t);
	t->now += 199;
	drm_hdcp2_emul_set_encryption(t->sink, true);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(ENC_TOO_EARLY)), 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 2);
}

/* A message the receiver does not expect, and one read before it is there. */
static void drm_test_hdcp2_emul_out_of_order(struct kunit *test)
{
	struct emul_test *t = setup(test);
	struct hdcp2_ske_send_eks eks = { .msg_id = HDCP_2_2_SKE_SEND_EKS };
	struct hdcp2_ake_init init;

	send(t, &eks, sizeof(eks));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(OUT_OF_ORDER)), 1);
	KUNIT_ASSERT_EQ(test, t->be->ops->ake_init(t->be, &init), 0);
	send(t, &init, sizeof(init));
	/* The certificate takes its time; it is not there at once. */
	drm_hdcp2_emul_set_delay(t->sink, V(CERT), 50);
	send(t, &init, sizeof(init));
	recv(t, HDCP_2_2_AKE_SEND_CERT, sizeof(struct hdcp2_ake_send_cert));
	KUNIT_EXPECT_GE(test, drm_hdcp2_emul_violations_of(t->sink, V(READ_NOT_READY)), 1);
	KUNIT_EXPECT_FALSE(test, drm_hdcp2_emul_authenticated(t->sink));
}

/*
 * Replugged mid-session: the transmitter's next messages of the lost
 * session are ignored, not counted, until its AKE_Init; after that, and
 * on a sink that never had a session, they count again.
 */
static void drm_test_hdcp2_emul_replug_loses_the_session(struct kunit *test)
{
	struct emul_test *t = setup(test);
	const struct drm_hdcp2_backend_ops *ops = t->be->ops;
	struct hdcp2_ske_send_eks eks = { .msg_id = HDCP_2_2_SKE_SEND_EKS };
	struct hdcp2_ake_init init;
	struct hdcp2_lc_init lc;

	/* Unplugged without a session: nothing is lost. */
	drm_hdcp2_emul_set_connected(t->sink, false);
	drm_hdcp2_emul_set_connected(t->sink, true);
	send(t, &eks, sizeof(eks));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(OUT_OF_ORDER)), 1);

	send_km(t);
	drm_hdcp2_emul_set_connected(t->sink, false);
	drm_hdcp2_emul_set_connected(t->sink, true);
	/* H' was lost with the session; then LC_Init and SKE of that session. */
	recv(t, HDCP_2_2_AKE_SEND_HPRIME, sizeof(struct hdcp2_ake_send_hprime));
	KUNIT_ASSERT_EQ(test, ops->lc_init(t->be, &lc), 0);
	send(t, &lc, sizeof(lc));
	send(t, &eks, sizeof(eks));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_ignored(t->sink), is_dp(t) ? 4 : 3);
	KUNIT_EXPECT_FALSE(test, drm_hdcp2_emul_authenticated(t->sink));

	/* A change of capability loses it too; AKE_Init starts a new one. */
	authenticate(t);
	drm_hdcp2_emul_set_capable(t->sink, false);
	drm_hdcp2_emul_set_capable(t->sink, true);
	send(t, &eks, sizeof(eks));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 1);
	KUNIT_ASSERT_EQ(test, ops->ake_init(t->be, &init), 0);
	send(t, &init, sizeof(init));
	send(t, &eks, sizeof(eks));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(OUT_OF_ORDER)), 2);
}

/* SKE after an L' read more than 20 ms after LC_Init. */
static void drm_test_hdcp2_emul_lc_late(struct kunit *test)
{
	struct emul_test *t = setup(test);
	const struct drm_hdcp2_backend_ops *ops = t->be->ops;
	struct hdcp2_lc_init lc;
	struct hdcp2_ske_send_eks eks;

	send_km(t);
	recv(t, HDCP_2_2_AKE_SEND_HPRIME, sizeof(struct hdcp2_ake_send_hprime));
	t->now += 50;
	recv(t, HDCP_2_2_AKE_SEND_PAIRING_INFO, sizeof(struct hdcp2_ake_send_pairing_info));
	KUNIT_ASSERT_EQ(test, ops->lc_init(t->be, &lc), 0);
	send(t, &lc, sizeof(lc));
	t->now += 25;
	recv(t, HDCP_2_2_LC_SEND_LPRIME, sizeof(struct hdcp2_lc_send_lprime));
	KUNIT_ASSERT_EQ(test, ops->ske(t->be, &eks), 0);
	send(t, &eks, sizeof(eks));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(LC_LATE)), 1);
}

/* A repeater: seq_num_M in sequence, Type 1 only where allowed, an ack in time. */
static void drm_test_hdcp2_emul_repeater_rules(struct kunit *test)
{
	struct drm_hdcp2_emul_topology topo = {
		.devices = 3, .depth = 1, .hdcp1_downstream = true,
	};
	struct hdcp2_rep_stream_manage sm = {
		.msg_id = HDCP_2_2_REP_STREAM_MANAGE, .k = cpu_to_be16(1),
		.streams = { { 0, HDCP_STREAM_TYPE1 } },
	};
	struct emul_test *t = setup(test);
	struct hdcp2_rep_send_ack ack;
	size_t len;

	KUNIT_ASSERT_EQ(test, drm_hdcp2_emul_set_repeater(t->sink, &topo), 0);
	authenticate(t);
	KUNIT_EXPECT_TRUE(test, t->repeater);
	t->now += 2500;
	if (is_dp(t))
		KUNIT_EXPECT_TRUE(test, rxstatus(t) & BIT(0));
	else
		KUNIT_EXPECT_TRUE(test, rxstatus(t) & BIT(10));
	len = drm_hdcp2_receiver_id_list_len(3);
	recv(t, HDCP_2_2_REP_SEND_RECVID_LIST, len);
	KUNIT_ASSERT_EQ(test, t->be->ops->verify_receiver_ids(t->be, (void *)t->buf, &ack), 0);
	send(t, &ack, sizeof(ack));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(ACK_LATE)), 1);
	drm_hdcp_cpu_to_be24(sm.seq_num_m, 1);
	send(t, &sm, drm_hdcp2_stream_manage_len(1));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(SEQ_NUM_M)), 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(TYPE1_FORBIDDEN)), 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_stream_type(t->sink), HDCP_STREAM_TYPE1);
	/* The next one must carry 2; Type 0 is allowed. */
	sm.streams[0].stream_type = HDCP_STREAM_TYPE0;
	drm_hdcp_cpu_to_be24(sm.seq_num_m, 2);
	send(t, &sm, drm_hdcp2_stream_manage_len(1));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 3);
}

/* Transport rules: AUX payloads, message lengths, read-only registers. */
static void drm_test_hdcp2_emul_transport_rules(struct kunit *test)
{
	struct emul_test *t = setup(test);
	u8 bytes[DP_AUX_MAX_PAYLOAD_BYTES + 1] = {};
	struct drm_dp_aux_msg msg = {
		.address = DP_HDCP_2_2_REG_CERT_RX_OFFSET,
		.request = DP_AUX_NATIVE_READ,
		.buffer = bytes,
		.size = sizeof(bytes),
	};
	struct hdcp2_ake_init init;

	if (is_dp(t)) {
		KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_aux_transfer(t->sink, &msg), -E2BIG);
		KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(AUX_TOO_LONG)), 1);
		xfer(t, true, DP_HDCP_2_2_REG_RXSTATUS_OFFSET, bytes, 1);
	} else {
		KUNIT_ASSERT_EQ(test, t->be->ops->ake_init(t->be, &init), 0);
		xfer(t, true, HDCP_2_2_HDMI_REG_WR_MSG_OFFSET, (u8 *)&init, sizeof(init) - 1);
		KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(BAD_LENGTH)), 1);
		xfer(t, true, HDCP_2_2_HDMI_REG_RXSTATUS_OFFSET, bytes, 1);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations_of(t->sink, V(READ_ONLY_WRITE)), 1);
}

/* Capability, and the HDCP 1.4 registers behind the same port. */
static void drm_test_hdcp2_emul_capability_and_hdcp1(struct kunit *test)
{
	struct emul_test *t = setup(test);
	u8 caps[HDCP_2_2_RXCAPS_LEN], bcaps;

	if (is_dp(t)) {
		xfer(t, false, DP_HDCP_2_2_REG_RX_CAPS_OFFSET, caps, sizeof(caps));
		KUNIT_EXPECT_EQ(test, caps[0], HDCP_2_2_RX_CAPS_VERSION_VAL);
		KUNIT_EXPECT_TRUE(test, HDCP_2_2_DP_HDCP_CAPABLE(caps[2]));
		drm_hdcp2_emul_set_capable(t->sink, false);
		xfer(t, false, DP_HDCP_2_2_REG_RX_CAPS_OFFSET, caps, sizeof(caps));
		KUNIT_EXPECT_FALSE(test, HDCP_2_2_DP_HDCP_CAPABLE(caps[2]));
		KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_read(t->sink, DP_AUX_HDCP_BCAPS, &bcaps, 1),
				0);
		KUNIT_EXPECT_TRUE(test, bcaps & DP_BCAPS_HDCP_CAPABLE);
	} else {
		xfer(t, false, HDCP_2_2_HDMI_REG_VER_OFFSET, caps, 1);
		KUNIT_EXPECT_TRUE(test, caps[0] & HDCP_2_2_HDMI_SUPPORT_MASK);
		drm_hdcp2_emul_set_capable(t->sink, false);
		xfer(t, false, HDCP_2_2_HDMI_REG_VER_OFFSET, caps, 1);
		KUNIT_EXPECT_FALSE(test, caps[0] & HDCP_2_2_HDMI_SUPPORT_MASK);
		KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_read(t->sink, DRM_HDCP_DDC_BKSV, caps, 3), 0);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 0);
	drm_hdcp2_emul_set_connected(t->sink, false);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_read(t->sink, HDCP_2_2_HDMI_REG_VER_OFFSET, caps, 1),
			-ENXIO);
}

/* DP: each RxStatus bit raises CP_IRQ once; reading the message clears it. */
static void drm_test_hdcp2_emul_dp_cp_irq(struct kunit *test)
{
	struct emul_test *t = setup(test);
	const struct drm_hdcp2_backend_ops *ops = t->be->ops;
	struct hdcp2_ake_init init;
	union drm_hdcp2_ake_km km;
	u64 next;
	size_t len;

	if (!is_dp(t))
		return;
	KUNIT_ASSERT_EQ(test, ops->ake_init(t->be, &init), 0);
	send(t, &init, sizeof(init));
	t->now += 100;
	recv(t, HDCP_2_2_AKE_SEND_CERT, sizeof(struct hdcp2_ake_send_cert));
	KUNIT_ASSERT_EQ(test, ops->verify_cert(t->be, (void *)t->buf, &km, &len), 0);
	send(t, &km, len);
	KUNIT_EXPECT_TRUE(test, drm_hdcp2_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, t->irqs, 0);
	t->now = DIV_ROUND_UP_ULL(next, NSEC_PER_MSEC);
	KUNIT_EXPECT_FALSE(test, drm_hdcp2_emul_poll(t->sink, &next));
	KUNIT_EXPECT_EQ(test, t->irqs, 1);
	KUNIT_EXPECT_TRUE(test, rxstatus(t) & BIT(1));
	recv(t, HDCP_2_2_AKE_SEND_HPRIME, sizeof(struct hdcp2_ake_send_hprime));
	KUNIT_EXPECT_FALSE(test, rxstatus(t) & BIT(1));
	KUNIT_EXPECT_EQ(test, t->irqs, 1);
	drm_hdcp2_emul_reauth_request(t->sink);
	KUNIT_EXPECT_EQ(test, t->irqs, 2);
	KUNIT_EXPECT_TRUE(test, rxstatus(t) & BIT(3));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_emul_violations(t->sink), 0);
}

static struct kunit_case drm_hdcp2_emul_tests[] = {
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_correct_transmitter, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_encryption_rules, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_out_of_order, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_replug_loses_the_session, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_lc_late, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_repeater_rules, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_transport_rules, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_capability_and_hdcp1, transport_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_emul_dp_cp_irq, transport_gen_params),
	{}
};

static struct kunit_suite drm_hdcp2_emul_test_suite = {
	.name = "drm_hdcp2_emul",
	.test_cases = drm_hdcp2_emul_tests,
};

kunit_test_suite(drm_hdcp2_emul_test_suite);

MODULE_DESCRIPTION("KUnit tests for the emulated HDCP 2.2 sink");
MODULE_LICENSE("Dual MIT/GPL");
