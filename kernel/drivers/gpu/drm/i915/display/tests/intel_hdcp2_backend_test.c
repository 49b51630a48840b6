// SPDX-License-Identifier: MIT
/*
 * KUnit tests for i915's HDCP 2.2 firmware as a backend of the DRM HDCP 2.2
 * engine. The firmware is a fake MEI component whose &struct
 * i915_hdcp_ops compute with the display helpers' software backend, so
 * the errata's vectors (receivers R1 and R2) go through every firmware
 * call byte for byte, as the engine would make them.
 */

#include <linux/module.h>
#include <linux/string.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp2.h>
#include <drm/display/drm_hdcp2_soft.h>
#include <drm/intel/i915_hdcp_interface.h>

#include "../../../display/drm_hdcp2_crypto.h"
#include "../../../tests/drm_hdcp2_vectors.h"
#include "../intel_display_core.h"
#include "../intel_hdcp2_backend.h"

struct fake_mei {
	struct intel_display *display;
	struct drm_hdcp2_backend *soft;	/* what the firmware computes with */
	struct i915_hdcp_arbiter arbiter;
	struct hdcp_port_data data;
	struct hdcp2_streamid_type streams[HDCP_2_2_MAX_CONTENT_STREAMS_CNT];
	struct intel_hdcp2_backend be;
	const struct drm_hdcp2_vector *v;
	int fail;		/* what verify_lprime returns instead, if set */
	unsigned int calls;
	u8 auth_type;
	bool closed;
};

static struct fake_mei *fake(void)
{
	return kunit_get_current_test()->priv;
}

/* Every firmware call is made with the display's HDCP mutex held. */
static struct drm_hdcp2_backend *soft(struct hdcp_port_data *data)
{
	struct fake_mei *f = fake();

	lockdep_assert_held(&f->display->hdcp.hdcp_mutex);
	KUNIT_EXPECT_PTR_EQ(kunit_get_current_test(), data, &f->data);
	f->calls++;
	return f->soft;
}

static int fake_initiate(struct device *dev, struct hdcp_port_data *data,
			 struct hdcp2_ake_init *ake)
{
	fake()->closed = false;
	return soft(data)->ops->ake_init(fake()->soft, ake);
}

static int fake_verify_cert(struct device *dev, struct hdcp_port_data *data,
			    struct hdcp2_ake_send_cert *cert, bool *stored,
			    struct hdcp2_ake_no_stored_km *ek, size_t *len)
{
	union drm_hdcp2_ake_km km;
	int ret;

	ret = soft(data)->ops->verify_cert(fake()->soft, cert, &km, len);
	if (ret)
		return -EIO;
	*stored = km.msg_id == HDCP_2_2_AKE_STORED_KM;
	/* MEI writes either message into the caller's AKE_No_Stored_km. */
	memcpy(ek, &km, *len);
	return 0;
}

static int fake_verify_hprime(struct device *dev, struct hdcp_port_data *data,
			      struct hdcp2_ake_send_hprime *msg)
{
	return soft(data)->ops->verify_h_prime(fake()->soft, msg) ? -EIO : 0;
}

static int fake_store_pairing(struct device *dev, struct hdcp_port_data *data,
			      struct hdcp2_ake_send_pairing_info *msg)
{
	return soft(data)->ops->store_pairing(fake()->soft, msg) ? -EIO : 0;
}

static int fake_lc_init(struct device *dev, struct hdcp_port_data *data,
			struct hdcp2_lc_init *msg)
{
	return soft(data)->ops->lc_init(fake()->soft, msg);
}

static int fake_verify_lprime(struct device *dev, struct hdcp_port_data *data,
			      struct hdcp2_lc_send_lprime *msg)
{
	struct drm_hdcp2_backend *be = soft(data);

	if (fake()->fail)
		return fake()->fail;
	return be->ops->verify_l_prime(be, msg) ? -EIO : 0;
}

static int fake_session_key(struct device *dev, struct hdcp_port_data *data,
			    struct hdcp2_ske_send_eks *msg)
{
	return soft(data)->ops->ske(fake()->soft, msg);
}

static int fake_repeater_ack(struct device *dev, struct hdcp_port_data *data,
			     struct hdcp2_rep_send_receiverid_list *list,
			     struct hdcp2_rep_send_ack *ack)
{
	return soft(data)->ops->verify_receiver_ids(fake()->soft, list, ack) ? -EIO : 0;
}

/* As MEI does: the streams and seq_num_M come from the port data. */
static int fake_verify_mprime(struct device *dev, struct hdcp_port_data *data,
			      struct hdcp2_rep_stream_ready *msg)
{
	struct hdcp2_rep_stream_manage manage = {
		.msg_id = HDCP_2_2_REP_STREAM_MANAGE,
		.k = cpu_to_be16(data->k),
	};
	struct drm_hdcp2_backend *be = soft(data);

	if (data->k > HDCP_2_2_MAX_CONTENT_STREAMS_CNT)
		return -EINVAL;
	memcpy(manage.streams, data->streams, data->k * sizeof(*data->streams));
	drm_hdcp_cpu_to_be24(manage.seq_num_m, data->seq_num_m);
	return be->ops->verify_m_prime(be, &manage, msg) ? -EIO : 0;
}

static int fake_enable_auth(struct device *dev, struct hdcp_port_data *data)
{
	soft(data);
	fake()->auth_type = data->streams[0].stream_type;
	return 0;
}

static int fake_close(struct device *dev, struct hdcp_port_data *data)
{
	struct drm_hdcp2_backend *be = soft(data);

	be->ops->close(be);
	fake()->closed = true;
	return 0;
}

static const struct i915_hdcp_ops fake_mei_ops = {
	.initiate_hdcp2_session = fake_initiate,
	.verify_receiver_cert_prepare_km = fake_verify_cert,
	.verify_hprime = fake_verify_hprime,
	.store_pairing_info = fake_store_pairing,
	.initiate_locality_check = fake_lc_init,
	.verify_lprime = fake_verify_lprime,
	.get_session_key = fake_session_key,
	.repeater_check_flow_prepare_ack = fake_repeater_ack,
	.verify_mprime = fake_verify_mprime,
	.enable_hdcp_authentication = fake_enable_auth,
	.close_hdcp_session = fake_close,
};

/* The vector's random values, wherever the software asks for them. */
static void vector_random(enum drm_hdcp2_nonce what, void *buf, size_t len)
{
	const struct drm_hdcp2_vector *v = fake()->v;
	const void *src = NULL;

	switch (what) {
	case DRM_HDCP2_NONCE_RTX:
		src = v->rtx;
		break;
	case DRM_HDCP2_NONCE_KM:
		src = v->km;
		break;
	case DRM_HDCP2_NONCE_OAEP_SEED:
		src = drm_hdcp2_vector_oaep_seed;
		break;
	case DRM_HDCP2_NONCE_RN:
		src = v->rn;
		break;
	case DRM_HDCP2_NONCE_KS:
		src = drm_hdcp2_vector_ks;
		break;
	case DRM_HDCP2_NONCE_RIV:
		src = v->riv;
		break;
	case DRM_HDCP2_NONCE_RRX:
		src = v->rrx;
		break;
	}
	memcpy(buf, src, len);
}

KUNIT_DEFINE_ACTION_WRAPPER(soft_destroy, drm_hdcp2_soft_destroy, struct drm_hdcp2_backend *);

static struct fake_mei *setup(struct kunit *test, const struct drm_hdcp2_vector *v)
{
	struct fake_mei *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->display = kunit_kzalloc(test, sizeof(*f->display), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->display);
	mutex_init(&f->display->hdcp.hdcp_mutex);
	f->soft = drm_hdcp2_soft_create();
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, f->soft);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, soft_destroy, f->soft), 0);
	f->arbiter.ops = &fake_mei_ops;
	f->display->hdcp.arbiter = &f->arbiter;
	f->data.streams = f->streams;
	f->v = v;
	test->priv = f;
	intel_hdcp2_backend_init(&f->be, f->display, &f->data);
	kunit_activate_static_stub(test, drm_hdcp2_random, vector_random);
	return f;
}

static const struct drm_hdcp2_facsimile_rx *rx_of(const struct drm_hdcp2_vector *v)
{
	return v == &drm_hdcp2_vectors[0] ? &drm_hdcp2_test_r1 : &drm_hdcp2_test_r2;
}

static void vector_desc(const struct drm_hdcp2_vector *v, char *desc)
{
	strscpy(desc, v->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(vector, drm_hdcp2_vectors, vector_desc);

/* One session through the firmware calls, each message byte for byte. */
static void session(struct kunit *test, struct fake_mei *f, bool paired)
{
	const struct drm_hdcp2_backend_ops *ops = f->be.base.ops;
	struct drm_hdcp2_backend *be = &f->be.base;
	const struct drm_hdcp2_vector *v = f->v;
	struct hdcp2_lc_send_lprime lprime = { .msg_id = HDCP_2_2_LC_SEND_LPRIME };
	struct hdcp2_ake_send_hprime hprime = { .msg_id = HDCP_2_2_AKE_SEND_HPRIME };
	struct hdcp2_ake_send_pairing_info pairing = {
		.msg_id = HDCP_2_2_AKE_SEND_PAIRING_INFO,
	};
	struct hdcp2_ake_send_cert cert = { .msg_id = HDCP_2_2_AKE_SEND_CERT };
	struct hdcp2_ske_send_eks eks;
	union drm_hdcp2_ake_km km;
	struct hdcp2_ake_init init;
	struct hdcp2_lc_init lc;
	size_t len = 0;

	KUNIT_ASSERT_TRUE(test, ops->capable(be));
	KUNIT_ASSERT_EQ(test, ops->ake_init(be, &init), 0);
	KUNIT_EXPECT_MEMEQ(test, init.r_tx, v->rtx, sizeof(init.r_tx));
	KUNIT_EXPECT_MEMEQ(test, &init.tx_caps, drm_hdcp2_vector_tx_caps, sizeof(init.tx_caps));
	memcpy(&cert.cert_rx, rx_of(v)->cert, sizeof(cert.cert_rx));
	memcpy(cert.r_rx, v->rrx, sizeof(cert.r_rx));
	memcpy(cert.rx_caps, v->rx_caps, sizeof(cert.rx_caps));
	KUNIT_ASSERT_EQ(test, ops->verify_cert(be, &cert, &km, &len), 0);
	if (paired) {
		KUNIT_EXPECT_EQ(test, km.msg_id, HDCP_2_2_AKE_STORED_KM);
		KUNIT_EXPECT_EQ(test, len, sizeof(km.stored));
		KUNIT_EXPECT_MEMEQ(test, km.stored.e_kh_km_m, v->ekh_km, sizeof(v->ekh_km));
	} else {
		KUNIT_EXPECT_EQ(test, km.msg_id, HDCP_2_2_AKE_NO_STORED_KM);
		KUNIT_EXPECT_EQ(test, len, sizeof(km.no_stored));
		KUNIT_EXPECT_MEMEQ(test, km.no_stored.e_kpub_km, v->ekpub_km,
				   sizeof(v->ekpub_km));
	}
	memcpy(hprime.h_prime, v->h_prime, sizeof(hprime.h_prime));
	KUNIT_EXPECT_EQ(test, ops->verify_h_prime(be, &hprime), 0);
	if (!paired) {
		memcpy(pairing.e_kh_km, v->ekh_km, sizeof(pairing.e_kh_km));
		KUNIT_EXPECT_EQ(test, ops->store_pairing(be, &pairing), 0);
	}
	KUNIT_ASSERT_EQ(test, ops->lc_init(be, &lc), 0);
	KUNIT_EXPECT_MEMEQ(test, lc.r_n, v->rn, sizeof(lc.r_n));
	memcpy(lprime.l_prime, v->l_prime, sizeof(lprime.l_prime));
	KUNIT_EXPECT_EQ(test, ops->verify_l_prime(be, &lprime), 0);
	/* A wrong L' is a mismatch, which the engine answers with a new rn. */
	lprime.l_prime[0] ^= 1;
	KUNIT_EXPECT_EQ(test, ops->verify_l_prime(be, &lprime), -EPERM);
	KUNIT_ASSERT_EQ(test, ops->ske(be, &eks), 0);
	KUNIT_EXPECT_MEMEQ(test, eks.e_dkey_ks, v->edkey_ks, sizeof(eks.e_dkey_ks));
	KUNIT_EXPECT_MEMEQ(test, eks.riv, v->riv, sizeof(eks.riv));
	KUNIT_EXPECT_EQ(test, ops->authenticated(be, HDCP_STREAM_TYPE1), 0);
	KUNIT_EXPECT_EQ(test, f->auth_type, HDCP_STREAM_TYPE1);
	ops->close(be);
	KUNIT_EXPECT_TRUE(test, f->closed);
	KUNIT_EXPECT_EQ(test, f->data.k, 0);
}

static void intel_test_hdcp2_backend_session_vector(struct kunit *test)
{
	struct fake_mei *f = setup(test, test->param_value);

	/* One firmware call per operation, the wrong L' included. */
	session(test, f, false);
	KUNIT_EXPECT_EQ(test, f->calls, 10);
	/* The firmware paired: AKE_Stored_km next time, no pairing info. */
	session(test, f, true);
	KUNIT_EXPECT_EQ(test, f->calls, 19);
}

/* A session of the vector's receiver, up to the session key. */
static void to_session_key(struct kunit *test, struct fake_mei *f)
{
	struct hdcp2_ake_send_cert cert = { .msg_id = HDCP_2_2_AKE_SEND_CERT };
	struct drm_hdcp2_backend *be = &f->be.base;
	struct hdcp2_ske_send_eks eks;
	union drm_hdcp2_ake_km km;
	struct hdcp2_ake_init init;
	struct hdcp2_lc_init lc;
	size_t len;

	KUNIT_ASSERT_EQ(test, be->ops->ake_init(be, &init), 0);
	memcpy(&cert.cert_rx, rx_of(f->v)->cert, sizeof(cert.cert_rx));
	memcpy(cert.r_rx, f->v->rrx, sizeof(cert.r_rx));
	memcpy(cert.rx_caps, f->v->rx_caps, sizeof(cert.rx_caps));
	KUNIT_ASSERT_EQ(test, be->ops->verify_cert(be, &cert, &km, &len), 0);
	KUNIT_ASSERT_EQ(test, be->ops->lc_init(be, &lc), 0);
	KUNIT_ASSERT_EQ(test, be->ops->ske(be, &eks), 0);
}

/* R1 as a repeater: V' and the acknowledgment, M' from the port data. */
static void intel_test_hdcp2_backend_repeater_vector(struct kunit *test)
{
	struct fake_mei *f = setup(test, &drm_hdcp2_vectors[0]);
	struct drm_hdcp2_backend *be = &f->be.base;
	struct hdcp2_rep_stream_ready ready = { .msg_id = HDCP_2_2_REP_STREAM_READY };
	struct hdcp2_rep_stream_manage manage = {
		.msg_id = HDCP_2_2_REP_STREAM_MANAGE,
		.k = cpu_to_be16(1),
		.streams = { { .stream_id = 0, .stream_type = HDCP_STREAM_TYPE1 } },
	};
	struct hdcp2_rep_send_receiverid_list *list;
	struct hdcp2_rep_send_ack ack;

	list = kunit_kzalloc(test, sizeof(*list), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, list);
	to_session_key(test, f);
	list->msg_id = HDCP_2_2_REP_SEND_RECVID_LIST;
	memcpy(list->rx_info, drm_hdcp2_vector_r1_rx_info, sizeof(list->rx_info));
	memcpy(list->seq_num_v, drm_hdcp2_vector_r1_seq_num_v, sizeof(list->seq_num_v));
	memcpy(list->v_prime, drm_hdcp2_vector_r1_v_prime, sizeof(list->v_prime));
	memcpy(list->receiver_ids, drm_hdcp2_vector_r1_receiver_ids,
	       sizeof(drm_hdcp2_vector_r1_receiver_ids));
	KUNIT_ASSERT_EQ(test, be->ops->verify_receiver_ids(be, list, &ack), 0);
	KUNIT_EXPECT_MEMEQ(test, ack.v, drm_hdcp2_vector_r1_v, sizeof(ack.v));
	list->v_prime[5] ^= 1;
	KUNIT_EXPECT_EQ(test, be->ops->verify_receiver_ids(be, list, &ack), -EPERM);

	memcpy(ready.m_prime, drm_hdcp2_vector_r1_m_prime, sizeof(ready.m_prime));
	memcpy(manage.seq_num_m, drm_hdcp2_vector_r1_seq_num_m, sizeof(manage.seq_num_m));
	KUNIT_EXPECT_EQ(test, be->ops->verify_m_prime(be, &manage, &ready), 0);
	KUNIT_EXPECT_EQ(test, f->data.k, 1);
	KUNIT_EXPECT_EQ(test, f->data.streams[0].stream_type, HDCP_STREAM_TYPE1);
	KUNIT_EXPECT_EQ(test, f->data.seq_num_m, drm_hdcp_be24_to_cpu(manage.seq_num_m));
	drm_hdcp_cpu_to_be24(manage.seq_num_m, 1);
	KUNIT_EXPECT_EQ(test, be->ops->verify_m_prime(be, &manage, &ready), -EPERM);
	KUNIT_EXPECT_EQ(test, f->data.seq_num_m, 1);
	manage.k = cpu_to_be16(HDCP_2_2_MAX_CONTENT_STREAMS_CNT + 1);
	KUNIT_EXPECT_EQ(test, be->ops->verify_m_prime(be, &manage, &ready), -EINVAL);
	be->ops->close(be);
}

/* No firmware bound: not capable, and -ENODEV rather than a mismatch. */
static void intel_test_hdcp2_backend_no_firmware(struct kunit *test)
{
	struct fake_mei *f = setup(test, &drm_hdcp2_vectors[1]);
	struct drm_hdcp2_backend *be = &f->be.base;
	struct hdcp2_lc_send_lprime lprime = { .msg_id = HDCP_2_2_LC_SEND_LPRIME };
	struct hdcp2_ake_init init;

	f->display->hdcp.arbiter = NULL;
	KUNIT_EXPECT_FALSE(test, be->ops->capable(be));
	KUNIT_EXPECT_EQ(test, be->ops->ake_init(be, &init), -ENODEV);
	KUNIT_EXPECT_EQ(test, be->ops->verify_l_prime(be, &lprime), -ENODEV);
	f->arbiter.ops = NULL;
	f->display->hdcp.arbiter = &f->arbiter;
	KUNIT_EXPECT_FALSE(test, be->ops->capable(be));
	KUNIT_EXPECT_EQ(test, f->calls, 0);
}

/* Whatever the firmware returns for a comparison it refused is a mismatch. */
static void intel_test_hdcp2_backend_firmware_error_is_mismatch(struct kunit *test)
{
	struct fake_mei *f = setup(test, &drm_hdcp2_vectors[1]);
	struct drm_hdcp2_backend *be = &f->be.base;
	struct hdcp2_lc_send_lprime lprime = { .msg_id = HDCP_2_2_LC_SEND_LPRIME };

	f->fail = -EIO;
	KUNIT_EXPECT_EQ(test, be->ops->verify_l_prime(be, &lprime), -EPERM);
	f->fail = -ETIMEDOUT;
	KUNIT_EXPECT_EQ(test, be->ops->verify_l_prime(be, &lprime), -EPERM);
	KUNIT_EXPECT_EQ(test, f->calls, 2);
}

static struct kunit_case intel_hdcp2_backend_tests[] = {
	KUNIT_CASE_PARAM(intel_test_hdcp2_backend_session_vector, vector_gen_params),
	KUNIT_CASE(intel_test_hdcp2_backend_repeater_vector),
	KUNIT_CASE(intel_test_hdcp2_backend_no_firmware),
	KUNIT_CASE(intel_test_hdcp2_backend_firmware_error_is_mismatch),
	{}
};

static struct kunit_suite intel_hdcp2_backend_suite = {
	.name = "intel_hdcp2_backend",
	.test_cases = intel_hdcp2_backend_tests,
};

kunit_test_suite(intel_hdcp2_backend_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
