/* SPDX-License-Identifier: MIT */
/*
 * HDCP 2.2 cryptography in software: what a transmitter and a receiver
 * compute during authentication (HDCP on HDMI 2.2, sections 2.2 to 2.7,
 * and the errata's Appendix E). Private to the display helpers' software
 * backend, the emulated receiver and their KUnit tests; real transmitters
 * do this in firmware, behind &struct drm_hdcp2_backend_ops.
 *
 * Byte strings are big endian, as they travel in the protocol messages.
 */

#ifndef __DRM_HDCP2_CRYPTO_H__
#define __DRM_HDCP2_CRYPTO_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp.h>

#define DRM_HDCP2_KM_LEN		16
#define DRM_HDCP2_KD_LEN		32
#define DRM_HDCP2_KS_LEN		16
#define DRM_HDCP2_KH_LEN		16
#define DRM_HDCP2_OAEP_SEED_LEN		32
#define DRM_HDCP2_V_LEN			32
/* kprivrx in CRT form: p, q, dP, dQ and qInv, 64 bytes each (HDMI 2.2 2.1). */
#define DRM_HDCP2_RX_PRIME_LEN		64
#define DRM_HDCP2_RX_KPRIV_LEN		(5 * DRM_HDCP2_RX_PRIME_LEN)
/* The part of the certificate the DCP LLC signature covers. */
#define DRM_HDCP2_CERT_SIGNED_LEN	(HDCP_2_2_RECEIVER_ID_LEN + \
					 HDCP_2_2_K_PUB_RX_LEN + 2)

/**
 * struct drm_hdcp2_dcp_key - a public key of DCP LLC that signs certificates
 * @n: the modulus, 3072 bits
 * @e: the public exponent
 */
struct drm_hdcp2_dcp_key {
	u8 n[HDCP_2_2_DCP_LLC_SIG_LEN];
	u32 e;
};

/**
 * struct drm_hdcp2_facsimile_rx - a test receiver of the specification
 * @cert: its certificate, signed by the test root
 * @kpriv: its private key, in CRT form
 */
struct drm_hdcp2_facsimile_rx {
	u8 cert[sizeof(struct hdcp2_cert_rx)];
	u8 kpriv[DRM_HDCP2_RX_KPRIV_LEN];
};

/* drm_hdcp2_facsimile.c: the errata's test root and receivers R1 and R2. */
extern const struct drm_hdcp2_dcp_key drm_hdcp2_test_root;
extern const struct drm_hdcp2_facsimile_rx drm_hdcp2_test_r1;
extern const struct drm_hdcp2_facsimile_rx drm_hdcp2_test_r2;

/**
 * enum drm_hdcp2_nonce - what a random value is drawn for
 *
 * drm_hdcp2_random() takes one so that a KUnit test can hand out the
 * values of a published vector in place of random ones.
 *
 * @DRM_HDCP2_NONCE_RTX: the transmitter's rtx (AKE_Init)
 * @DRM_HDCP2_NONCE_KM: the master key km
 * @DRM_HDCP2_NONCE_OAEP_SEED: the seed of km's OAEP encryption
 * @DRM_HDCP2_NONCE_RN: rn of a locality check
 * @DRM_HDCP2_NONCE_KS: the session key ks
 * @DRM_HDCP2_NONCE_RIV: riv (SKE_Send_Eks)
 * @DRM_HDCP2_NONCE_RRX: the receiver's rrx (AKE_Send_Cert)
 */
enum drm_hdcp2_nonce {
	DRM_HDCP2_NONCE_RTX,
	DRM_HDCP2_NONCE_KM,
	DRM_HDCP2_NONCE_OAEP_SEED,
	DRM_HDCP2_NONCE_RN,
	DRM_HDCP2_NONCE_KS,
	DRM_HDCP2_NONCE_RIV,
	DRM_HDCP2_NONCE_RRX,
};

void drm_hdcp2_random(enum drm_hdcp2_nonce what, void *buf, size_t len);

int drm_hdcp2_cert_verify(const struct hdcp2_cert_rx *cert,
			  const struct drm_hdcp2_dcp_key *dcp);
int drm_hdcp2_km_encrypt(const u8 kpub_rx[HDCP_2_2_K_PUB_RX_LEN],
			 const u8 km[DRM_HDCP2_KM_LEN],
			 const u8 seed[DRM_HDCP2_OAEP_SEED_LEN],
			 u8 ekpub_km[HDCP_2_2_E_KPUB_KM_LEN]);
int drm_hdcp2_km_decrypt(const u8 kpriv_rx[DRM_HDCP2_RX_KPRIV_LEN], const u8 *ekpub_km,
			 u8 km[DRM_HDCP2_KM_LEN]);
int drm_hdcp2_kd(const u8 km[DRM_HDCP2_KM_LEN], const u8 rtx[HDCP_2_2_RTX_LEN],
		 const u8 rrx[HDCP_2_2_RRX_LEN], u8 kd[DRM_HDCP2_KD_LEN]);
int drm_hdcp2_h_prime(const u8 kd[DRM_HDCP2_KD_LEN], const u8 rtx[HDCP_2_2_RTX_LEN],
		      const u8 rx_caps[HDCP_2_2_RXCAPS_LEN],
		      const struct hdcp2_tx_caps *tx_caps,
		      u8 h[HDCP_2_2_H_PRIME_LEN]);
void drm_hdcp2_kh(const u8 kpriv_rx[DRM_HDCP2_RX_KPRIV_LEN], u8 kh[DRM_HDCP2_KH_LEN]);
int drm_hdcp2_ekh_km(const u8 kh[DRM_HDCP2_KH_LEN], const u8 *km, const u8 *m,
		     u8 ekh_km[HDCP_2_2_E_KH_KM_LEN]);
int drm_hdcp2_l_prime(const u8 kd[DRM_HDCP2_KD_LEN], const u8 rrx[HDCP_2_2_RRX_LEN],
		      const u8 rn[HDCP_2_2_RN_LEN], u8 l[HDCP_2_2_L_PRIME_LEN]);
int drm_hdcp2_edkey_ks(const u8 km[DRM_HDCP2_KM_LEN], const u8 rtx[HDCP_2_2_RTX_LEN],
		       const u8 rrx[HDCP_2_2_RRX_LEN], const u8 rn[HDCP_2_2_RN_LEN],
		       const u8 in[DRM_HDCP2_KS_LEN], u8 out[DRM_HDCP2_KS_LEN]);
int drm_hdcp2_v(const u8 kd[DRM_HDCP2_KD_LEN], const u8 *receiver_ids,
		unsigned int count, const u8 rx_info[HDCP_2_2_RXINFO_LEN],
		const u8 seq_num_v[HDCP_2_2_SEQ_NUM_LEN], u8 v[DRM_HDCP2_V_LEN]);
int drm_hdcp2_m_prime(const u8 kd[DRM_HDCP2_KD_LEN],
		      const struct hdcp2_streamid_type *streams, unsigned int k,
		      const u8 seq_num_m[HDCP_2_2_SEQ_NUM_LEN],
		      u8 m[HDCP_2_2_MPRIME_LEN]);

#if IS_ENABLED(CONFIG_KUNIT)
bool drm_hdcp2_soft_fips(void);
#endif

#endif /* __DRM_HDCP2_CRYPTO_H__ */
