// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the software HDCP 2.2 cryptography and backend, byte
 * for byte against the vectors of the errata's Appendix E (receivers R1
 * and R2; see drm_hdcp2_vectors.h and drm_hdcp2_facsimile.c for the
 * sources), with the random values replaced by the vectors' own.
 */

#include <linux/err.h>
#include <linux/string.h>

#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp2.h>
#include <drm/display/drm_hdcp2_soft.h>

#include "../display/drm_hdcp2_crypto.h"
#include "drm_hdcp2_vectors.h"

static const struct drm_hdcp2_facsimile_rx *const test_rx[] = {
	&drm_hdcp2_test_r1, &drm_hdcp2_test_r2,
};

static void vector_desc(const struct drm_hdcp2_vector *v, char *desc)
{
	strscpy(desc, v->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(vector, drm_hdcp2_vectors, vector_desc);

static const struct drm_hdcp2_facsimile_rx *rx_of(const struct drm_hdcp2_vector *v)
{
	return test_rx[v - drm_hdcp2_vectors];
}

static const struct hdcp2_cert_rx *cert_of(const struct drm_hdcp2_facsimile_rx *rx)
{
	return (const struct hdcp2_cert_rx *)rx->cert;
}

/* The random values a vector was made with, for drm_hdcp2_random(). */
static void vector_random(enum drm_hdcp2_nonce what, void *buf, size_t len)
{
	struct kunit *test = kunit_get_current_test();
	const struct drm_hdcp2_vector *v = test->priv;
	const void *src = NULL;
	size_t want = 0;

	switch (what) {
	case DRM_HDCP2_NONCE_RTX:
		src = v->rtx, want = sizeof(v->rtx);
		break;
	case DRM_HDCP2_NONCE_KM:
		src = v->km, want = sizeof(v->km);
		break;
	case DRM_HDCP2_NONCE_OAEP_SEED:
		src = drm_hdcp2_vector_oaep_seed, want = sizeof(drm_hdcp2_vector_oaep_seed);
		break;
	case DRM_HDCP2_NONCE_RN:
		src = v->rn, want = sizeof(v->rn);
		break;
	case DRM_HDCP2_NONCE_KS:
		src = drm_hdcp2_vector_ks, want = sizeof(drm_hdcp2_vector_ks);
		break;
	case DRM_HDCP2_NONCE_RIV:
		src = v->riv, want = sizeof(v->riv);
		break;
	case DRM_HDCP2_NONCE_RRX:
		src = v->rrx, want = sizeof(v->rrx);
		break;
	}
	KUNIT_ASSERT_EQ(test, len, want);
	memcpy(buf, src, len);
}

static const struct drm_hdcp2_vector *use_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;

	test->priv = (void *)v;
	kunit_activate_static_stub(test, drm_hdcp2_random, vector_random);
	return v;
}

static void drm_test_hdcp2_cert_verifies_under_test_root(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;

	KUNIT_EXPECT_EQ(test, drm_hdcp2_cert_verify(cert_of(rx_of(v)), &drm_hdcp2_test_root), 0);
}

/* 1A-09: a certificate that is not DCP LLC's, anywhere it is changed. */
static void drm_test_hdcp2_1a_09_invalid_certificate(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	static const size_t flips[] = {
		0,					/* receiver ID */
		HDCP_2_2_RECEIVER_ID_LEN + 7,		/* kpubrx */
		HDCP_2_2_RECEIVER_ID_LEN + HDCP_2_2_K_PUB_RX_LEN,	/* reserved */
		DRM_HDCP2_CERT_SIGNED_LEN + 100,	/* signature */
		sizeof(struct hdcp2_cert_rx) - 1,
	};
	struct hdcp2_cert_rx cert;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(flips); i++) {
		memcpy(&cert, rx_of(v)->cert, sizeof(cert));
		((u8 *)&cert)[flips[i]] ^= 0x10;
		KUNIT_EXPECT_EQ_MSG(test, drm_hdcp2_cert_verify(&cert, &drm_hdcp2_test_root),
				    -EPERM, "byte %zu changed", flips[i]);
	}
	/* A signature at or above the modulus is no signature. */
	memcpy(&cert, rx_of(v)->cert, sizeof(cert));
	memset(cert.dcp_signature, 0xff, sizeof(cert.dcp_signature));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_cert_verify(&cert, &drm_hdcp2_test_root), -EPERM);
}

static void drm_test_hdcp2_cert_fails_under_another_root(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	struct drm_hdcp2_dcp_key *other;

	other = kunit_kmalloc(test, sizeof(*other), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, other);
	*other = drm_hdcp2_test_root;
	other->n[HDCP_2_2_DCP_LLC_SIG_LEN - 1] ^= 0x02;
	KUNIT_EXPECT_EQ(test, drm_hdcp2_cert_verify(cert_of(rx_of(v)), other), -EPERM);
	*other = drm_hdcp2_test_root;
	other->e = 65537;
	KUNIT_EXPECT_EQ(test, drm_hdcp2_cert_verify(cert_of(rx_of(v)), other), -EPERM);
}

static void drm_test_hdcp2_km_encrypt_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	u8 ekpub[HDCP_2_2_E_KPUB_KM_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp2_km_encrypt(cert_of(rx_of(v))->kpub_rx, v->km,
						   drm_hdcp2_vector_oaep_seed, ekpub), 0);
	KUNIT_EXPECT_MEMEQ(test, ekpub, v->ekpub_km, sizeof(ekpub));
}

/* The private key decrypts the vector: its primes are the certificate's. */
static void drm_test_hdcp2_km_decrypt_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	u8 km[DRM_HDCP2_KM_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp2_km_decrypt(rx_of(v)->kpriv, v->ekpub_km, km), 0);
	KUNIT_EXPECT_MEMEQ(test, km, v->km, sizeof(km));
}

static void drm_test_hdcp2_km_decrypt_rejects_bad_padding(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	u8 ekpub[HDCP_2_2_E_KPUB_KM_LEN], km[DRM_HDCP2_KM_LEN];
	unsigned int i;

	for (i = 0; i < sizeof(ekpub); i += 31) {
		memcpy(ekpub, v->ekpub_km, sizeof(ekpub));
		ekpub[i] ^= 0x01;
		memset(km, 0x5a, sizeof(km));
		KUNIT_EXPECT_EQ_MSG(test, drm_hdcp2_km_decrypt(rx_of(v)->kpriv, ekpub, km),
				    -EPERM, "byte %u changed", i);
		KUNIT_EXPECT_TRUE(test, !memchr_inv(km, 0, sizeof(km)));
	}
	/* Above the modulus. */
	memset(ekpub, 0xff, sizeof(ekpub));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_km_decrypt(rx_of(v)->kpriv, ekpub, km), -EPERM);
	/* Encrypted with the other receiver's key. */
	KUNIT_EXPECT_EQ(test, drm_hdcp2_km_decrypt(test_rx[1 - (v - drm_hdcp2_vectors)]->kpriv,
						   v->ekpub_km, km), -EPERM);
}

static void drm_test_hdcp2_h_prime_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	const struct hdcp2_tx_caps *tx_caps = (const void *)drm_hdcp2_vector_tx_caps;
	u8 kd[DRM_HDCP2_KD_LEN], h[HDCP_2_2_H_PRIME_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp2_kd(v->km, v->rtx, v->rrx, kd), 0);
	KUNIT_ASSERT_EQ(test, drm_hdcp2_h_prime(kd, v->rtx, v->rx_caps, tx_caps, h), 0);
	KUNIT_EXPECT_MEMEQ(test, h, v->h_prime, sizeof(h));
}

static void drm_test_hdcp2_ekh_km_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	u8 kh[DRM_HDCP2_KH_LEN], m[HDCP_2_2_RTX_LEN + HDCP_2_2_RRX_LEN];
	u8 ekh[HDCP_2_2_E_KH_KM_LEN], km[DRM_HDCP2_KM_LEN];

	drm_hdcp2_kh(rx_of(v)->kpriv, kh);
	memcpy(m, v->rtx, HDCP_2_2_RTX_LEN);
	memcpy(m + HDCP_2_2_RTX_LEN, v->rrx, HDCP_2_2_RRX_LEN);
	KUNIT_ASSERT_EQ(test, drm_hdcp2_ekh_km(kh, v->km, m, ekh), 0);
	KUNIT_EXPECT_MEMEQ(test, ekh, v->ekh_km, sizeof(ekh));
	KUNIT_ASSERT_EQ(test, drm_hdcp2_ekh_km(kh, ekh, m, km), 0);
	KUNIT_EXPECT_MEMEQ(test, km, v->km, sizeof(km));
}

static void drm_test_hdcp2_l_prime_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	u8 kd[DRM_HDCP2_KD_LEN], l[HDCP_2_2_L_PRIME_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp2_kd(v->km, v->rtx, v->rrx, kd), 0);
	KUNIT_ASSERT_EQ(test, drm_hdcp2_l_prime(kd, v->rrx, v->rn, l), 0);
	KUNIT_EXPECT_MEMEQ(test, l, v->l_prime, sizeof(l));
}

static void drm_test_hdcp2_edkey_ks_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = test->param_value;
	u8 edkey[DRM_HDCP2_KS_LEN], ks[DRM_HDCP2_KS_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp2_edkey_ks(v->km, v->rtx, v->rrx, v->rn,
						 drm_hdcp2_vector_ks, edkey), 0);
	KUNIT_EXPECT_MEMEQ(test, edkey, v->edkey_ks, sizeof(edkey));
	KUNIT_ASSERT_EQ(test, drm_hdcp2_edkey_ks(v->km, v->rtx, v->rrx, v->rn, edkey, ks), 0);
	KUNIT_EXPECT_MEMEQ(test, ks, drm_hdcp2_vector_ks, sizeof(ks));
}

static void r1_kd(struct kunit *test, u8 kd[DRM_HDCP2_KD_LEN])
{
	const struct drm_hdcp2_vector *r1 = &drm_hdcp2_vectors[0];

	KUNIT_ASSERT_EQ(test, drm_hdcp2_kd(r1->km, r1->rtx, r1->rrx, kd), 0);
}

static void drm_test_hdcp2_v_vector(struct kunit *test)
{
	u8 kd[DRM_HDCP2_KD_LEN], v[DRM_HDCP2_V_LEN];

	r1_kd(test, kd);
	KUNIT_ASSERT_EQ(test, drm_hdcp2_v(kd, drm_hdcp2_vector_r1_receiver_ids, 3,
					  drm_hdcp2_vector_r1_rx_info,
					  drm_hdcp2_vector_r1_seq_num_v, v), 0);
	KUNIT_EXPECT_MEMEQ(test, v, drm_hdcp2_vector_r1_v_prime, HDCP_2_2_V_PRIME_HALF_LEN);
	KUNIT_EXPECT_MEMEQ(test, v + HDCP_2_2_V_PRIME_HALF_LEN, drm_hdcp2_vector_r1_v,
			   HDCP_2_2_V_PRIME_HALF_LEN);
	KUNIT_EXPECT_EQ(test, drm_hdcp2_v(kd, drm_hdcp2_vector_r1_receiver_ids,
					  HDCP_2_2_MAX_DEVICE_COUNT + 1,
					  drm_hdcp2_vector_r1_rx_info,
					  drm_hdcp2_vector_r1_seq_num_v, v), -EINVAL);
}

/* The vector's M' is for stream 0 of Type 1; Type 0 gives another. */
static void drm_test_hdcp2_m_prime_vector(struct kunit *test)
{
	struct hdcp2_streamid_type stream = { .stream_id = 0, .stream_type = 1 };
	u8 kd[DRM_HDCP2_KD_LEN], m[HDCP_2_2_MPRIME_LEN];

	r1_kd(test, kd);
	KUNIT_ASSERT_EQ(test, drm_hdcp2_m_prime(kd, &stream, 1,
						drm_hdcp2_vector_r1_seq_num_m, m), 0);
	KUNIT_EXPECT_MEMEQ(test, m, drm_hdcp2_vector_r1_m_prime, sizeof(m));
	stream.stream_type = 0;
	KUNIT_ASSERT_EQ(test, drm_hdcp2_m_prime(kd, &stream, 1,
						drm_hdcp2_vector_r1_seq_num_m, m), 0);
	KUNIT_EXPECT_MEMNEQ(test, m, drm_hdcp2_vector_r1_m_prime, sizeof(m));
	KUNIT_EXPECT_EQ(test, drm_hdcp2_m_prime(kd, &stream, HDCP_2_2_MAX_CONTENT_STREAMS_CNT + 1,
						drm_hdcp2_vector_r1_seq_num_m, m), -EINVAL);
}

KUNIT_DEFINE_ACTION_WRAPPER(soft_destroy, drm_hdcp2_soft_destroy, struct drm_hdcp2_backend *);

static struct drm_hdcp2_backend *make_soft(struct kunit *test)
{
	struct drm_hdcp2_backend *be = drm_hdcp2_soft_create();

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, be);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, soft_destroy, be), 0);
	return be;
}

static void cert_msg(const struct drm_hdcp2_vector *v, struct hdcp2_ake_send_cert *msg)
{
	msg->msg_id = HDCP_2_2_AKE_SEND_CERT;
	memcpy(&msg->cert_rx, rx_of(v)->cert, sizeof(msg->cert_rx));
	memcpy(msg->r_rx, v->rrx, sizeof(msg->r_rx));
	memcpy(msg->rx_caps, v->rx_caps, sizeof(msg->rx_caps));
}

/* One session up to SKE, every message the backend builds byte for byte. */
static void run_session(struct kunit *test, struct drm_hdcp2_backend *be,
			const struct drm_hdcp2_vector *v, bool paired)
{
	const struct drm_hdcp2_backend_ops *ops = be->ops;
	struct hdcp2_ake_send_pairing_info pairing = { HDCP_2_2_AKE_SEND_PAIRING_INFO };
	struct hdcp2_ake_send_hprime hprime = { HDCP_2_2_AKE_SEND_HPRIME };
	struct hdcp2_lc_send_lprime lprime = { HDCP_2_2_LC_SEND_LPRIME };
	struct hdcp2_ake_send_cert cert;
	union drm_hdcp2_ake_km km;
	struct hdcp2_ske_send_eks eks;
	struct hdcp2_ake_init init;
	struct hdcp2_lc_init lc;
	size_t len = 0;

	KUNIT_ASSERT_EQ(test, ops->ake_init(be, &init), 0);
	KUNIT_EXPECT_EQ(test, init.msg_id, HDCP_2_2_AKE_INIT);
	KUNIT_EXPECT_MEMEQ(test, init.r_tx, v->rtx, sizeof(init.r_tx));
	KUNIT_EXPECT_MEMEQ(test, &init.tx_caps, drm_hdcp2_vector_tx_caps, sizeof(init.tx_caps));

	cert_msg(v, &cert);
	KUNIT_ASSERT_EQ(test, ops->verify_cert(be, &cert, &km, &len), 0);
	if (paired) {
		/* Ekh(km) from the pairing, then m = rtx || rrx of that session. */
		KUNIT_EXPECT_EQ(test, km.msg_id, HDCP_2_2_AKE_STORED_KM);
		KUNIT_EXPECT_EQ(test, len, sizeof(km.stored));
		KUNIT_EXPECT_MEMEQ(test, km.stored.e_kh_km_m, v->ekh_km, HDCP_2_2_E_KH_KM_LEN);
		KUNIT_EXPECT_MEMEQ(test, km.stored.e_kh_km_m + 16, v->rtx, HDCP_2_2_RTX_LEN);
		KUNIT_EXPECT_MEMEQ(test, km.stored.e_kh_km_m + 24, v->rrx, HDCP_2_2_RRX_LEN);
	} else {
		KUNIT_EXPECT_EQ(test, km.msg_id, HDCP_2_2_AKE_NO_STORED_KM);
		KUNIT_EXPECT_EQ(test, len, sizeof(km.no_stored));
		KUNIT_EXPECT_MEMEQ(test, km.no_stored.e_kpub_km, v->ekpub_km,
				   sizeof(v->ekpub_km));
	}

	memcpy(hprime.h_prime, v->h_prime, sizeof(hprime.h_prime));
	hprime.h_prime[5] ^= 0x80;
	KUNIT_EXPECT_EQ(test, ops->verify_h_prime(be, &hprime), -EPERM);
	hprime.h_prime[5] ^= 0x80;
	KUNIT_EXPECT_EQ(test, ops->verify_h_prime(be, &hprime), 0);
	if (!paired) {
		memcpy(pairing.e_kh_km, v->ekh_km, sizeof(pairing.e_kh_km));
		KUNIT_EXPECT_EQ(test, ops->store_pairing(be, &pairing), 0);
	}

	KUNIT_ASSERT_EQ(test, ops->lc_init(be, &lc), 0);
	KUNIT_EXPECT_EQ(test, lc.msg_id, HDCP_2_2_LC_INIT);
	KUNIT_EXPECT_MEMEQ(test, lc.r_n, v->rn, sizeof(lc.r_n));
	memcpy(lprime.l_prime, v->l_prime, sizeof(lprime.l_prime));
	lprime.l_prime[31] ^= 1;
	KUNIT_EXPECT_EQ(test, ops->verify_l_prime(be, &lprime), -EPERM);
	lprime.l_prime[31] ^= 1;
	KUNIT_EXPECT_EQ(test, ops->verify_l_prime(be, &lprime), 0);

	KUNIT_ASSERT_EQ(test, ops->ske(be, &eks), 0);
	KUNIT_EXPECT_EQ(test, eks.msg_id, HDCP_2_2_SKE_SEND_EKS);
	KUNIT_EXPECT_MEMEQ(test, eks.e_dkey_ks, v->edkey_ks, sizeof(eks.e_dkey_ks));
	KUNIT_EXPECT_MEMEQ(test, eks.riv, v->riv, sizeof(eks.riv));
}

static void drm_test_hdcp2_soft_session_vector(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = use_vector(test);
	struct drm_hdcp2_backend *be = make_soft(test);

	KUNIT_EXPECT_TRUE(test, be->ops->capable(be));
	run_session(test, be, v, false);
	be->ops->close(be);
}

/* The next session with a paired receiver sends AKE_Stored_km. */
static void drm_test_hdcp2_soft_pairing_reused(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = use_vector(test);
	struct drm_hdcp2_backend *be = make_soft(test);

	run_session(test, be, v, false);
	be->ops->close(be);
	run_session(test, be, v, true);
	be->ops->close(be);
}

static void drm_test_hdcp2_soft_repeater_vector(struct kunit *test)
{
	struct hdcp2_rep_stream_ready ready = { HDCP_2_2_REP_STREAM_READY };
	struct hdcp2_rep_send_receiverid_list *list;
	struct hdcp2_rep_stream_manage manage = {
		.msg_id = HDCP_2_2_REP_STREAM_MANAGE,
		.k = cpu_to_be16(1),
		.streams = { { .stream_id = 0, .stream_type = 1 } },
	};
	struct drm_hdcp2_backend *be;
	struct hdcp2_rep_send_ack ack;

	test->param_value = (void *)&drm_hdcp2_vectors[0];
	use_vector(test);
	be = make_soft(test);
	run_session(test, be, &drm_hdcp2_vectors[0], false);

	list = kunit_kzalloc(test, sizeof(*list), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, list);
	list->msg_id = HDCP_2_2_REP_SEND_RECVID_LIST;
	memcpy(list->rx_info, drm_hdcp2_vector_r1_rx_info, sizeof(list->rx_info));
	memcpy(list->seq_num_v, drm_hdcp2_vector_r1_seq_num_v, sizeof(list->seq_num_v));
	memcpy(list->v_prime, drm_hdcp2_vector_r1_v_prime, sizeof(list->v_prime));
	memcpy(list->receiver_ids, drm_hdcp2_vector_r1_receiver_ids,
	       sizeof(drm_hdcp2_vector_r1_receiver_ids));
	KUNIT_ASSERT_EQ(test, be->ops->verify_receiver_ids(be, list, &ack), 0);
	KUNIT_EXPECT_EQ(test, ack.msg_id, HDCP_2_2_REP_SEND_ACK);
	KUNIT_EXPECT_MEMEQ(test, ack.v, drm_hdcp2_vector_r1_v, sizeof(ack.v));
	/* 1B-03: an invalid V'. */
	list->v_prime[0] ^= 1;
	KUNIT_EXPECT_EQ(test, be->ops->verify_receiver_ids(be, list, &ack), -EPERM);

	memcpy(manage.seq_num_m, drm_hdcp2_vector_r1_seq_num_m, sizeof(manage.seq_num_m));
	memcpy(ready.m_prime, drm_hdcp2_vector_r1_m_prime, sizeof(ready.m_prime));
	KUNIT_EXPECT_EQ(test, be->ops->verify_m_prime(be, &manage, &ready), 0);
	manage.seq_num_m[2] = 1;
	KUNIT_EXPECT_EQ(test, be->ops->verify_m_prime(be, &manage, &ready), -EPERM);
	be->ops->close(be);
}

/* 1A-09 through the backend: an invalid certificate carries no km. */
static void drm_test_hdcp2_soft_rejects_invalid_certificate(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = use_vector(test);
	struct drm_hdcp2_backend *be = make_soft(test);
	struct hdcp2_ake_send_cert cert;
	struct hdcp2_ake_init init;
	union drm_hdcp2_ake_km km;
	size_t len = 0;

	KUNIT_ASSERT_EQ(test, be->ops->ake_init(be, &init), 0);
	cert_msg(v, &cert);
	cert.cert_rx.kpub_rx[3] ^= 4;
	KUNIT_EXPECT_EQ(test, be->ops->verify_cert(be, &cert, &km, &len), -EPERM);
	KUNIT_EXPECT_EQ(test, len, 0);
	be->ops->close(be);
}

/* Messages out of the protocol's order, and after close, are refused. */
static void drm_test_hdcp2_soft_refuses_out_of_order(struct kunit *test)
{
	const struct drm_hdcp2_vector *v = use_vector(test);
	struct drm_hdcp2_backend *be = make_soft(test);
	const struct drm_hdcp2_backend_ops *ops = be->ops;
	struct hdcp2_ake_send_pairing_info pairing = { HDCP_2_2_AKE_SEND_PAIRING_INFO };
	struct hdcp2_ake_send_hprime hprime = { HDCP_2_2_AKE_SEND_HPRIME };
	struct hdcp2_lc_send_lprime lprime = { HDCP_2_2_LC_SEND_LPRIME };
	struct hdcp2_ake_send_cert cert;
	union drm_hdcp2_ake_km km;
	struct hdcp2_ske_send_eks eks;
	struct hdcp2_lc_init lc;
	size_t len;

	cert_msg(v, &cert);
	KUNIT_EXPECT_EQ(test, ops->verify_cert(be, &cert, &km, &len), -EPROTO);
	KUNIT_EXPECT_EQ(test, ops->verify_h_prime(be, &hprime), -EPROTO);
	KUNIT_EXPECT_EQ(test, ops->store_pairing(be, &pairing), -EPROTO);
	KUNIT_EXPECT_EQ(test, ops->lc_init(be, &lc), -EPROTO);
	KUNIT_EXPECT_EQ(test, ops->verify_l_prime(be, &lprime), -EPROTO);
	KUNIT_EXPECT_EQ(test, ops->ske(be, &eks), -EPROTO);

	/* A whole session, then close: its keys are gone. */
	run_session(test, be, v, false);
	ops->close(be);
	memcpy(hprime.h_prime, v->h_prime, sizeof(hprime.h_prime));
	KUNIT_EXPECT_EQ(test, ops->verify_h_prime(be, &hprime), -EPROTO);
	KUNIT_EXPECT_EQ(test, ops->ske(be, &eks), -EPROTO);
}

static bool fips_on(void)
{
	return true;
}

static void drm_test_hdcp2_soft_not_capable_in_fips_mode(struct kunit *test)
{
	struct drm_hdcp2_backend *be = make_soft(test);
	struct hdcp2_ake_init init;

	KUNIT_EXPECT_TRUE(test, be->ops->capable(be));
	kunit_activate_static_stub(test, drm_hdcp2_soft_fips, fips_on);
	KUNIT_EXPECT_FALSE(test, be->ops->capable(be));
	KUNIT_EXPECT_EQ(test, be->ops->ake_init(be, &init), -EOPNOTSUPP);
}

static struct kunit_case drm_hdcp2_crypto_tests[] = {
	KUNIT_CASE_PARAM(drm_test_hdcp2_cert_verifies_under_test_root, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_1a_09_invalid_certificate, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_cert_fails_under_another_root, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_km_encrypt_vector, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_km_decrypt_vector, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_km_decrypt_rejects_bad_padding, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_h_prime_vector, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_ekh_km_vector, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_l_prime_vector, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_edkey_ks_vector, vector_gen_params),
	KUNIT_CASE(drm_test_hdcp2_v_vector),
	KUNIT_CASE(drm_test_hdcp2_m_prime_vector),
	KUNIT_CASE_PARAM(drm_test_hdcp2_soft_session_vector, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_soft_pairing_reused, vector_gen_params),
	KUNIT_CASE(drm_test_hdcp2_soft_repeater_vector),
	KUNIT_CASE_PARAM(drm_test_hdcp2_soft_rejects_invalid_certificate, vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp2_soft_refuses_out_of_order, vector_gen_params),
	KUNIT_CASE(drm_test_hdcp2_soft_not_capable_in_fips_mode),
	{}
};

static struct kunit_suite drm_hdcp2_crypto_test_suite = {
	.name = "drm_hdcp2_crypto",
	.test_cases = drm_hdcp2_crypto_tests,
};

kunit_test_suite(drm_hdcp2_crypto_test_suite);

MODULE_DESCRIPTION("KUnit tests for the software HDCP 2.2 cryptography and backend");
MODULE_LICENSE("Dual MIT/GPL");
