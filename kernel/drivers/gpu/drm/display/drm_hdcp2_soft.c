// SPDX-License-Identifier: MIT
/*
 * The software HDCP 2.2 backend: the transmitter's side of each protocol
 * message, computed with drm_hdcp2_crypto.c, behind the same
 * &struct drm_hdcp2_backend_ops as firmware. Certificates are checked
 * against the specification's test root only.
 */

#include <linux/err.h>
#include <linux/export.h>
#include <linux/fips.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <crypto/utils.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include <drm/display/drm_hdcp2.h>
#include <drm/display/drm_hdcp2_soft.h>

#include "drm_hdcp2_crypto.h"

/* Receivers whose pairing data is kept, most recent first. */
#define DRM_HDCP2_SOFT_PAIRINGS		4

/* One paired receiver: km and the Ekh(km) and m it stored for it. */
struct drm_hdcp2_soft_pairing {
	bool valid;
	u8 receiver_id[HDCP_2_2_RECEIVER_ID_LEN];
	u8 km[DRM_HDCP2_KM_LEN];
	u8 ekh_km_m[HDCP_2_2_E_KH_KM_M_LEN];
};

/*
 * The engine calls the operations one at a time, under its I/O lock, so
 * nothing here needs a lock of its own.
 */
struct drm_hdcp2_soft {
	struct drm_hdcp2_backend base;
	const struct drm_hdcp2_dcp_key *root;

	/* The session, from ake_init to close. */
	bool open;
	bool km_sent;
	struct hdcp2_ake_init init;
	u8 receiver_id[HDCP_2_2_RECEIVER_ID_LEN];
	u8 rrx[HDCP_2_2_RRX_LEN];
	u8 rx_caps[HDCP_2_2_RXCAPS_LEN];
	u8 km[DRM_HDCP2_KM_LEN];
	u8 kd[DRM_HDCP2_KD_LEN];
	u8 rn[HDCP_2_2_RN_LEN];
	bool rn_valid;

	struct drm_hdcp2_soft_pairing pairings[DRM_HDCP2_SOFT_PAIRINGS];
};

static struct drm_hdcp2_soft *to_soft(struct drm_hdcp2_backend *be)
{
	return container_of(be, struct drm_hdcp2_soft, base);
}

/*
 * The test root's e = 3 and the receivers' 1024-bit keys are not FIPS's.
 * A function of its own, so that KUnit can turn FIPS mode on.
 */
VISIBLE_IF_KUNIT bool drm_hdcp2_soft_fips(void)
{
	KUNIT_STATIC_STUB_REDIRECT(drm_hdcp2_soft_fips);
	return fips_enabled;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_soft_fips);

static bool drm_hdcp2_soft_capable(struct drm_hdcp2_backend *be)
{
	return !drm_hdcp2_soft_fips();
}

static void drm_hdcp2_soft_close(struct drm_hdcp2_backend *be)
{
	struct drm_hdcp2_soft *soft = to_soft(be);

	memzero_explicit(soft->km, sizeof(soft->km));
	memzero_explicit(soft->kd, sizeof(soft->kd));
	memzero_explicit(soft->rn, sizeof(soft->rn));
	soft->rn_valid = false;
	soft->km_sent = false;
	soft->open = false;
}

static int drm_hdcp2_soft_ake_init(struct drm_hdcp2_backend *be,
				   struct hdcp2_ake_init *msg)
{
	struct drm_hdcp2_soft *soft = to_soft(be);

	if (!drm_hdcp2_soft_capable(be))
		return -EOPNOTSUPP;
	drm_hdcp2_soft_close(be);
	soft->init.msg_id = HDCP_2_2_AKE_INIT;
	drm_hdcp2_random(DRM_HDCP2_NONCE_RTX, soft->init.r_tx, sizeof(soft->init.r_tx));
	soft->init.tx_caps.version = HDCP_2_2_RX_CAPS_VERSION_VAL;
	memset(soft->init.tx_caps.tx_cap_mask, 0, sizeof(soft->init.tx_caps.tx_cap_mask));
	soft->open = true;
	*msg = soft->init;
	return 0;
}

static struct drm_hdcp2_soft_pairing *
drm_hdcp2_soft_find_pairing(struct drm_hdcp2_soft *soft, const u8 *receiver_id)
{
	int i;

	for (i = 0; i < DRM_HDCP2_SOFT_PAIRINGS; i++)
		if (soft->pairings[i].valid &&
		    !memcmp(soft->pairings[i].receiver_id, receiver_id,
			    HDCP_2_2_RECEIVER_ID_LEN))
			return &soft->pairings[i];
	return NULL;
}

static int drm_hdcp2_soft_verify_cert(struct drm_hdcp2_backend *be,
				      const struct hdcp2_ake_send_cert *cert,
				      union drm_hdcp2_ake_km *km, size_t *len)
{
	struct drm_hdcp2_soft *soft = to_soft(be);
	const struct drm_hdcp2_soft_pairing *paired;
	u8 seed[DRM_HDCP2_OAEP_SEED_LEN];
	int ret;

	if (!soft->open || soft->km_sent)
		return -EPROTO;
	ret = drm_hdcp2_cert_verify(&cert->cert_rx, soft->root);
	if (ret)
		return ret;
	memcpy(soft->receiver_id, cert->cert_rx.receiver_id, sizeof(soft->receiver_id));
	memcpy(soft->rrx, cert->r_rx, sizeof(soft->rrx));
	memcpy(soft->rx_caps, cert->rx_caps, sizeof(soft->rx_caps));

	paired = drm_hdcp2_soft_find_pairing(soft, soft->receiver_id);
	if (paired) {
		memcpy(soft->km, paired->km, sizeof(soft->km));
		km->stored.msg_id = HDCP_2_2_AKE_STORED_KM;
		memcpy(km->stored.e_kh_km_m, paired->ekh_km_m, sizeof(paired->ekh_km_m));
		*len = sizeof(km->stored);
	} else {
		drm_hdcp2_random(DRM_HDCP2_NONCE_KM, soft->km, sizeof(soft->km));
		drm_hdcp2_random(DRM_HDCP2_NONCE_OAEP_SEED, seed, sizeof(seed));
		km->no_stored.msg_id = HDCP_2_2_AKE_NO_STORED_KM;
		ret = drm_hdcp2_km_encrypt(cert->cert_rx.kpub_rx, soft->km, seed,
					   km->no_stored.e_kpub_km);
		memzero_explicit(seed, sizeof(seed));
		/* A key the RSA operation refuses is an invalid certificate. */
		if (ret)
			return ret == -EINVAL ? -EPERM : ret;
		*len = sizeof(km->no_stored);
	}
	ret = drm_hdcp2_kd(soft->km, soft->init.r_tx, soft->rrx, soft->kd);
	if (!ret)
		soft->km_sent = true;
	return ret;
}

static int drm_hdcp2_soft_verify_h_prime(struct drm_hdcp2_backend *be,
					 const struct hdcp2_ake_send_hprime *msg)
{
	struct drm_hdcp2_soft *soft = to_soft(be);
	u8 h[HDCP_2_2_H_PRIME_LEN];
	int ret;

	if (!soft->km_sent)
		return -EPROTO;
	ret = drm_hdcp2_h_prime(soft->kd, soft->init.r_tx, soft->rx_caps,
				&soft->init.tx_caps, h);
	if (!ret && crypto_memneq(h, msg->h_prime, sizeof(h)))
		ret = -EPERM;
	memzero_explicit(h, sizeof(h));
	return ret;
}

/*
 * The transmitter cannot check Ekh(km): kh is the receiver's. It keeps it
 * with km and m = rtx || rrx, and offers it in the next session.
 */
static int drm_hdcp2_soft_store_pairing(struct drm_hdcp2_backend *be,
					const struct hdcp2_ake_send_pairing_info *msg)
{
	struct drm_hdcp2_soft *soft = to_soft(be);
	struct drm_hdcp2_soft_pairing *p;

	if (!soft->km_sent)
		return -EPROTO;
	p = drm_hdcp2_soft_find_pairing(soft, soft->receiver_id);
	if (!p)
		p = &soft->pairings[DRM_HDCP2_SOFT_PAIRINGS - 1];
	memzero_explicit(p, sizeof(*p));
	/* Most recent first: the oldest falls off the end. */
	memmove(&soft->pairings[1], &soft->pairings[0], (p - soft->pairings) * sizeof(*p));
	p = &soft->pairings[0];
	p->valid = true;
	memcpy(p->receiver_id, soft->receiver_id, sizeof(p->receiver_id));
	memcpy(p->km, soft->km, sizeof(p->km));
	memcpy(p->ekh_km_m, msg->e_kh_km, HDCP_2_2_E_KH_KM_LEN);
	memcpy(p->ekh_km_m + HDCP_2_2_E_KH_KM_LEN, soft->init.r_tx, HDCP_2_2_RTX_LEN);
	memcpy(p->ekh_km_m + HDCP_2_2_E_KH_KM_LEN + HDCP_2_2_RTX_LEN, soft->rrx,
	       HDCP_2_2_RRX_LEN);
	return 0;
}

static int drm_hdcp2_soft_lc_init(struct drm_hdcp2_backend *be, struct hdcp2_lc_init *msg)
{
	struct drm_hdcp2_soft *soft = to_soft(be);

	if (!soft->km_sent)
		return -EPROTO;
	drm_hdcp2_random(DRM_HDCP2_NONCE_RN, soft->rn, sizeof(soft->rn));
	soft->rn_valid = true;
	msg->msg_id = HDCP_2_2_LC_INIT;
	memcpy(msg->r_n, soft->rn, sizeof(msg->r_n));
	return 0;
}

static int drm_hdcp2_soft_verify_l_prime(struct drm_hdcp2_backend *be,
					 const struct hdcp2_lc_send_lprime *msg)
{
	struct drm_hdcp2_soft *soft = to_soft(be);
	u8 l[HDCP_2_2_L_PRIME_LEN];
	int ret;

	if (!soft->rn_valid)
		return -EPROTO;
	ret = drm_hdcp2_l_prime(soft->kd, soft->rrx, soft->rn, l);
	if (!ret && crypto_memneq(l, msg->l_prime, sizeof(l)))
		ret = -EPERM;
	memzero_explicit(l, sizeof(l));
	return ret;
}

static int drm_hdcp2_soft_ske(struct drm_hdcp2_backend *be, struct hdcp2_ske_send_eks *msg)
{
	struct drm_hdcp2_soft *soft = to_soft(be);
	u8 ks[DRM_HDCP2_KS_LEN];
	int ret;

	if (!soft->rn_valid)
		return -EPROTO;
	drm_hdcp2_random(DRM_HDCP2_NONCE_KS, ks, sizeof(ks));
	msg->msg_id = HDCP_2_2_SKE_SEND_EKS;
	drm_hdcp2_random(DRM_HDCP2_NONCE_RIV, msg->riv, sizeof(msg->riv));
	ret = drm_hdcp2_edkey_ks(soft->km, soft->init.r_tx, soft->rrx, soft->rn, ks,
				 msg->e_dkey_ks);
	/* Content is encrypted in hardware; software keeps no session key. */
	memzero_explicit(ks, sizeof(ks));
	return ret;
}

static int drm_hdcp2_soft_verify_receiver_ids(struct drm_hdcp2_backend *be,
					      const struct hdcp2_rep_send_receiverid_list *msg,
					      struct hdcp2_rep_send_ack *ack)
{
	struct drm_hdcp2_soft *soft = to_soft(be);
	unsigned int count = HDCP_2_2_DEV_COUNT_HI(msg->rx_info[0]) << 4 |
			     HDCP_2_2_DEV_COUNT_LO(msg->rx_info[1]);
	u8 v[DRM_HDCP2_V_LEN];
	int ret;

	if (!soft->rn_valid)
		return -EPROTO;
	ret = drm_hdcp2_v(soft->kd, msg->receiver_ids, count, msg->rx_info,
			  msg->seq_num_v, v);
	if (!ret && crypto_memneq(v, msg->v_prime, HDCP_2_2_V_PRIME_HALF_LEN))
		ret = -EPERM;
	if (!ret) {
		ack->msg_id = HDCP_2_2_REP_SEND_ACK;
		memcpy(ack->v, v + HDCP_2_2_V_PRIME_HALF_LEN, sizeof(ack->v));
	}
	memzero_explicit(v, sizeof(v));
	return ret;
}

static int drm_hdcp2_soft_verify_m_prime(struct drm_hdcp2_backend *be,
					 const struct hdcp2_rep_stream_manage *manage,
					 const struct hdcp2_rep_stream_ready *msg)
{
	struct drm_hdcp2_soft *soft = to_soft(be);
	u8 m[HDCP_2_2_MPRIME_LEN];
	int ret;

	if (!soft->rn_valid)
		return -EPROTO;
	ret = drm_hdcp2_m_prime(soft->kd, manage->streams, be16_to_cpu(manage->k),
				manage->seq_num_m, m);
	if (!ret && crypto_memneq(m, msg->m_prime, sizeof(m)))
		ret = -EPERM;
	memzero_explicit(m, sizeof(m));
	return ret;
}

static const struct drm_hdcp2_backend_ops drm_hdcp2_soft_ops = {
	.capable = drm_hdcp2_soft_capable,
	.ake_init = drm_hdcp2_soft_ake_init,
	.verify_cert = drm_hdcp2_soft_verify_cert,
	.verify_h_prime = drm_hdcp2_soft_verify_h_prime,
	.store_pairing = drm_hdcp2_soft_store_pairing,
	.lc_init = drm_hdcp2_soft_lc_init,
	.verify_l_prime = drm_hdcp2_soft_verify_l_prime,
	.ske = drm_hdcp2_soft_ske,
	.verify_receiver_ids = drm_hdcp2_soft_verify_receiver_ids,
	.verify_m_prime = drm_hdcp2_soft_verify_m_prime,
	.close = drm_hdcp2_soft_close,
};

/**
 * drm_hdcp2_soft_create - a software HDCP 2.2 backend
 *
 * For emulated links and tests: it trusts the specification's test root
 * only, and reports itself not capable in FIPS mode, whose rules the test
 * keys break. Free it with drm_hdcp2_soft_destroy() once the engine that
 * uses it is gone.
 *
 * Returns:
 * The backend, or an ERR_PTR(-ENOMEM).
 */
struct drm_hdcp2_backend *drm_hdcp2_soft_create(void)
{
	struct drm_hdcp2_soft *soft;

	soft = kzalloc(sizeof(*soft), GFP_KERNEL);
	if (!soft)
		return ERR_PTR(-ENOMEM);
	soft->base.ops = &drm_hdcp2_soft_ops;
	soft->root = &drm_hdcp2_test_root;
	return &soft->base;
}
EXPORT_SYMBOL(drm_hdcp2_soft_create);

/**
 * drm_hdcp2_soft_destroy - free a software backend and wipe its keys
 * @be: the backend, or NULL
 */
void drm_hdcp2_soft_destroy(struct drm_hdcp2_backend *be)
{
	if (be)
		kfree_sensitive(to_soft(be));
}
EXPORT_SYMBOL(drm_hdcp2_soft_destroy);
