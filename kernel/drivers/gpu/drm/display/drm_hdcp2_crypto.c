// SPDX-License-Identifier: MIT
/*
 * HDCP 2.2 cryptography in software, for the software backend and the
 * emulated receiver. Formulas are those of the HDCP on HDMI Specification
 * Rev 2.2 (the DisplayPort amendment uses the same ones); the KUnit suite
 * checks each against the errata's published vectors.
 *
 * RSA runs on the kernel's multi-precision integers, which are not
 * constant time: this code protects emulated links only, whose keys are
 * public test keys. The checks on decrypted data still compare every byte
 * whatever the outcome, as RSAES-OAEP requires.
 */

#include <linux/err.h>
#include <linux/export.h>
#include <linux/mpi.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <crypto/aes.h>
#include <crypto/hash.h>
#include <crypto/sha2.h>
#include <crypto/utils.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include "drm_hdcp2_crypto.h"

/* The largest message HMAC-SHA256 covers here: V over 31 receiver IDs. */
#define DRM_HDCP2_HMAC_MAX_DATA	(HDCP_2_2_RECEIVER_IDS_MAX_LEN + \
				 HDCP_2_2_RXINFO_LEN + HDCP_2_2_SEQ_NUM_LEN)

/* DER DigestInfo prefix of a SHA-256 hash (RFC 8017, 9.2 note 1). */
static const u8 drm_hdcp2_sha256_digest_info[] = {
	0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01,
	0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20,
};

/**
 * drm_hdcp2_random - fill a buffer with random bytes
 * @what: what the bytes are for
 * @buf: the buffer
 * @len: its length
 *
 * KUnit tests redirect this to replay the specification's vectors.
 */
void drm_hdcp2_random(enum drm_hdcp2_nonce what, void *buf, size_t len)
{
	KUNIT_STATIC_STUB_REDIRECT(drm_hdcp2_random, what, buf, len);
	get_random_bytes(buf, len);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_random);

/* @a into @len bytes, most significant first, zero padded. */
static int mpi_to_be(MPI a, u8 *out, size_t len)
{
	unsigned int n;
	u8 *buf;

	buf = mpi_get_buffer(a, &n, NULL);
	if (!buf)
		return -ENOMEM;
	if (n > len) {
		kfree_sensitive(buf);
		return -EOVERFLOW;
	}
	memset(out, 0, len - n);
	memcpy(out + len - n, buf, n);
	kfree_sensitive(buf);
	return 0;
}

/* @out = @in ^ @e mod @n; all of @len bytes but @e; @in must be below @n. */
static int drm_hdcp2_rsa_public(const u8 *n, size_t len, const u8 *e, size_t e_len,
				const u8 *in, u8 *out)
{
	MPI m = mpi_read_raw_data(n, len);
	MPI x = mpi_read_raw_data(e, e_len);
	MPI b = mpi_read_raw_data(in, len);
	MPI r = mpi_alloc(0);
	int ret;

	if (!m || !x || !b || !r)
		ret = -ENOMEM;
	else if (!mpi_cmp_ui(m, 0) || mpi_cmp(b, m) >= 0)
		ret = -EINVAL;
	else
		ret = mpi_powm(r, b, x, m) ?: mpi_to_be(r, out, len);
	mpi_free(r);
	mpi_free(b);
	mpi_free(x);
	mpi_free(m);
	return ret;
}

/*
 * The private operation with a key in CRT form (RFC 8017, 5.1.2):
 * m1 = c^dP mod p, m2 = c^dQ mod q, h = qInv (m1 - m2) mod p,
 * m = m2 + h q.
 */
static int drm_hdcp2_rsa_private(const u8 kpriv[DRM_HDCP2_RX_KPRIV_LEN],
				 const u8 in[HDCP_2_2_E_KPUB_KM_LEN],
				 u8 out[HDCP_2_2_E_KPUB_KM_LEN])
{
	const size_t plen = DRM_HDCP2_RX_PRIME_LEN;
	MPI p = mpi_read_raw_data(kpriv, plen);
	MPI q = mpi_read_raw_data(kpriv + plen, plen);
	MPI dp = mpi_read_raw_data(kpriv + 2 * plen, plen);
	MPI dq = mpi_read_raw_data(kpriv + 3 * plen, plen);
	MPI qinv = mpi_read_raw_data(kpriv + 4 * plen, plen);
	MPI c = mpi_read_raw_data(in, HDCP_2_2_E_KPUB_KM_LEN);
	MPI n = mpi_alloc(0), m1 = mpi_alloc(0), m2 = mpi_alloc(0);
	MPI t = mpi_alloc(0), zero = mpi_alloc(0);
	int ret;

	if (!p || !q || !dp || !dq || !qinv || !c || !n || !m1 || !m2 || !t || !zero) {
		ret = -ENOMEM;
		goto out;
	}
	ret = mpi_mul(n, p, q);
	if (ret)
		goto out;
	if (mpi_cmp(c, n) >= 0) {
		ret = -EINVAL;
		goto out;
	}
	/* c mod p and c mod q: mpi_mod() is not exported, mpi_addm() is. */
	ret = mpi_addm(t, c, zero, p) ?: mpi_powm(m1, t, dp, p);
	ret = ret ?: mpi_addm(t, c, zero, q) ?: mpi_powm(m2, t, dq, q);
	ret = ret ?: mpi_subm(t, m1, m2, p) ?: mpi_mulm(m1, qinv, t, p);
	ret = ret ?: mpi_mul(t, m1, q) ?: mpi_add(m1, m2, t);
	ret = ret ?: mpi_to_be(m1, out, HDCP_2_2_E_KPUB_KM_LEN);
out:
	mpi_free(zero);
	mpi_free(t);
	mpi_free(m2);
	mpi_free(m1);
	mpi_free(n);
	mpi_free(c);
	mpi_free(qinv);
	mpi_free(dq);
	mpi_free(dp);
	mpi_free(q);
	mpi_free(p);
	return ret;
}

/**
 * drm_hdcp2_cert_verify - check the DCP LLC signature of a certificate
 * @cert: the receiver's certificate
 * @dcp: the DCP LLC public key to check it with
 *
 * RSASSA-PKCS1-v1_5 with SHA-256 over the receiver ID, kpubrx and the
 * reserved bytes (HDMI 2.2 2.2, Table 2.1; RFC 8017, 8.2.2).
 *
 * Returns:
 * 0 for a valid signature, -EPERM for an invalid one, another negative
 * error code on failure.
 */
int drm_hdcp2_cert_verify(const struct hdcp2_cert_rx *cert,
			  const struct drm_hdcp2_dcp_key *dcp)
{
	const size_t len = HDCP_2_2_DCP_LLC_SIG_LEN;
	const size_t di_len = sizeof(drm_hdcp2_sha256_digest_info);
	u8 e[4] = { dcp->e >> 24, dcp->e >> 16, dcp->e >> 8, dcp->e };
	u8 *em, *want;
	int ret;

	em = kmalloc(2 * len, GFP_KERNEL);
	if (!em)
		return -ENOMEM;
	want = em + len;
	ret = drm_hdcp2_rsa_public(dcp->n, len, e, sizeof(e), cert->dcp_signature, em);
	if (ret == -EINVAL)
		ret = -EPERM;
	if (!ret) {
		/* 0x00 0x01 PS 0x00 DigestInfo H, PS all 0xff. */
		want[0] = 0x00;
		want[1] = 0x01;
		memset(want + 2, 0xff, len - 3 - di_len - SHA256_DIGEST_SIZE);
		want[len - 1 - di_len - SHA256_DIGEST_SIZE] = 0x00;
		memcpy(want + len - di_len - SHA256_DIGEST_SIZE,
		       drm_hdcp2_sha256_digest_info, di_len);
		sha256((const u8 *)cert, DRM_HDCP2_CERT_SIGNED_LEN,
		       want + len - SHA256_DIGEST_SIZE);
		if (crypto_memneq(em, want, len))
			ret = -EPERM;
	}
	kfree(em);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_cert_verify);

/* MGF1 with SHA-256 (RFC 8017, B.2.1): XOR the mask of @seed into @out. */
static void drm_hdcp2_mgf1_xor(const u8 *seed, size_t seed_len, u8 *out, size_t len)
{
	u8 digest[SHA256_DIGEST_SIZE];
	struct sha256_state st;
	size_t done, i, part;
	__be32 counter;

	for (done = 0, i = 0; done < len; done += part, i++) {
		counter = cpu_to_be32(i);
		sha256_init(&st);
		sha256_update(&st, seed, seed_len);
		sha256_update(&st, (const u8 *)&counter, sizeof(counter));
		sha256_final(&st, digest);
		part = min(len - done, sizeof(digest));
		crypto_xor(out + done, digest, part);
	}
	memzero_explicit(digest, sizeof(digest));
}

/*
 * EME-OAEP for km in a 1024-bit modulus (RFC 8017, 7.1.1, SHA-256, MGF1,
 * empty label): 0x00, the masked seed, then the masked data block
 * lHash || PS || 0x01 || km.
 */
#define DRM_HDCP2_OAEP_DB_LEN	(HDCP_2_2_E_KPUB_KM_LEN - SHA256_DIGEST_SIZE - 1)
#define DRM_HDCP2_OAEP_PS_LEN	(DRM_HDCP2_OAEP_DB_LEN - SHA256_DIGEST_SIZE - 1 - \
				 DRM_HDCP2_KM_LEN)

/**
 * drm_hdcp2_km_encrypt - encrypt km with the receiver's public key
 * @kpub_rx: the receiver's public key from its certificate: modulus, then
 *	exponent
 * @km: the master key
 * @seed: the OAEP seed, random
 * @ekpub_km: Ekpub(km), for AKE_No_Stored_km
 *
 * RSAES-OAEP with SHA-256 (HDMI 2.2 2.2).
 *
 * Returns:
 * 0, or a negative error code for a key that cannot encrypt.
 */
int drm_hdcp2_km_encrypt(const u8 kpub_rx[HDCP_2_2_K_PUB_RX_LEN],
			 const u8 km[DRM_HDCP2_KM_LEN],
			 const u8 seed[DRM_HDCP2_OAEP_SEED_LEN],
			 u8 ekpub_km[HDCP_2_2_E_KPUB_KM_LEN])
{
	u8 em[HDCP_2_2_E_KPUB_KM_LEN];
	u8 *mseed = em + 1, *db = em + 1 + SHA256_DIGEST_SIZE;
	int ret;

	em[0] = 0;
	sha256(NULL, 0, db);
	memset(db + SHA256_DIGEST_SIZE, 0, DRM_HDCP2_OAEP_PS_LEN);
	db[DRM_HDCP2_OAEP_DB_LEN - DRM_HDCP2_KM_LEN - 1] = 0x01;
	memcpy(db + DRM_HDCP2_OAEP_DB_LEN - DRM_HDCP2_KM_LEN, km, DRM_HDCP2_KM_LEN);
	drm_hdcp2_mgf1_xor(seed, DRM_HDCP2_OAEP_SEED_LEN, db, DRM_HDCP2_OAEP_DB_LEN);
	memcpy(mseed, seed, DRM_HDCP2_OAEP_SEED_LEN);
	drm_hdcp2_mgf1_xor(db, DRM_HDCP2_OAEP_DB_LEN, mseed, DRM_HDCP2_OAEP_SEED_LEN);
	ret = drm_hdcp2_rsa_public(kpub_rx, HDCP_2_2_K_PUB_RX_MOD_N_LEN,
				   kpub_rx + HDCP_2_2_K_PUB_RX_MOD_N_LEN,
				   HDCP_2_2_K_PUB_RX_EXP_E_LEN, em, ekpub_km);
	memzero_explicit(em, sizeof(em));
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_km_encrypt);

/**
 * drm_hdcp2_km_decrypt - decrypt km with the receiver's private key
 * @kpriv_rx: the private key, in CRT form
 * @ekpub_km: Ekpub(km) from AKE_No_Stored_km, HDCP_2_2_E_KPUB_KM_LEN bytes
 * @km: the master key
 *
 * The padding is checked in full whatever it holds, so that a wrong
 * message takes the same path as a right one (RFC 8017, 7.1.2 note).
 *
 * Returns:
 * 0, -EPERM for a message that does not decode, another negative error
 * code on failure.
 */
int drm_hdcp2_km_decrypt(const u8 kpriv_rx[DRM_HDCP2_RX_KPRIV_LEN], const u8 *ekpub_km,
			 u8 km[DRM_HDCP2_KM_LEN])
{
	u8 em[HDCP_2_2_E_KPUB_KM_LEN], lhash[SHA256_DIGEST_SIZE];
	u8 *mseed = em + 1, *db = em + 1 + SHA256_DIGEST_SIZE;
	unsigned int bad, i;
	int ret;

	ret = drm_hdcp2_rsa_private(kpriv_rx, ekpub_km, em);
	if (ret)
		return ret == -EINVAL ? -EPERM : ret;
	drm_hdcp2_mgf1_xor(db, DRM_HDCP2_OAEP_DB_LEN, mseed, DRM_HDCP2_OAEP_SEED_LEN);
	drm_hdcp2_mgf1_xor(mseed, DRM_HDCP2_OAEP_SEED_LEN, db, DRM_HDCP2_OAEP_DB_LEN);
	sha256(NULL, 0, lhash);
	bad = em[0];
	bad |= crypto_memneq(db, lhash, SHA256_DIGEST_SIZE);
	for (i = 0; i < DRM_HDCP2_OAEP_PS_LEN; i++)
		bad |= db[SHA256_DIGEST_SIZE + i];
	bad |= db[DRM_HDCP2_OAEP_DB_LEN - DRM_HDCP2_KM_LEN - 1] ^ 0x01;
	memcpy(km, db + DRM_HDCP2_OAEP_DB_LEN - DRM_HDCP2_KM_LEN, DRM_HDCP2_KM_LEN);
	memzero_explicit(em, sizeof(em));
	if (bad) {
		memzero_explicit(km, DRM_HDCP2_KM_LEN);
		return -EPERM;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_km_decrypt);

/* One AES-128 block: @out = AES_@key(@in). */
static int drm_hdcp2_aes(const u8 key[AES_KEYSIZE_128], const u8 in[AES_BLOCK_SIZE],
			 u8 out[AES_BLOCK_SIZE])
{
	struct crypto_aes_ctx *ctx;
	int ret;

	ctx = kmalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ret = aes_expandkey(ctx, key, AES_KEYSIZE_128);
	if (!ret)
		aes_encrypt(ctx, out, in);
	kfree_sensitive(ctx);
	return ret;
}

/*
 * dkey_i = AES_k(rtx || (rrx XOR i)) with the 64-bit counter i, k = km
 * for dkey0 and dkey1, km XOR (0^64 || rn) for dkey2 (HDMI 2.2 2.7).
 */
static int drm_hdcp2_dkey(const u8 km[DRM_HDCP2_KM_LEN], const u8 rtx[HDCP_2_2_RTX_LEN],
			  const u8 rrx[HDCP_2_2_RRX_LEN], const u8 *rn, u8 i,
			  u8 dkey[AES_BLOCK_SIZE])
{
	u8 key[AES_KEYSIZE_128], in[AES_BLOCK_SIZE];
	int ret;

	memcpy(key, km, sizeof(key));
	if (rn)
		crypto_xor(key + AES_KEYSIZE_128 - HDCP_2_2_RN_LEN, rn, HDCP_2_2_RN_LEN);
	memcpy(in, rtx, HDCP_2_2_RTX_LEN);
	memcpy(in + HDCP_2_2_RTX_LEN, rrx, HDCP_2_2_RRX_LEN);
	in[AES_BLOCK_SIZE - 1] ^= i;
	ret = drm_hdcp2_aes(key, in, dkey);
	memzero_explicit(key, sizeof(key));
	return ret;
}

/**
 * drm_hdcp2_kd - derive kd = dkey0 || dkey1 from km
 * @km: the master key
 * @rtx: the transmitter's random value
 * @rrx: the receiver's random value
 * @kd: the derived key
 *
 * Returns:
 * 0 or a negative error code.
 */
int drm_hdcp2_kd(const u8 km[DRM_HDCP2_KM_LEN], const u8 rtx[HDCP_2_2_RTX_LEN],
		 const u8 rrx[HDCP_2_2_RRX_LEN], u8 kd[DRM_HDCP2_KD_LEN])
{
	return drm_hdcp2_dkey(km, rtx, rrx, NULL, 0, kd) ?:
	       drm_hdcp2_dkey(km, rtx, rrx, NULL, 1, kd + AES_BLOCK_SIZE);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_kd);

/* HMAC-SHA256 of @len bytes with @key (RFC 2104), through the crypto API. */
static int drm_hdcp2_hmac(const u8 *key, unsigned int key_len, const u8 *data,
			  unsigned int len, u8 out[SHA256_DIGEST_SIZE])
{
	struct crypto_shash *tfm;
	int ret;

	tfm = crypto_alloc_shash("hmac(sha256)", 0, 0);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm);
	ret = crypto_shash_setkey(tfm, key, key_len) ?:
	      crypto_shash_tfm_digest(tfm, data, len, out);
	crypto_free_shash(tfm);
	return ret;
}

/**
 * drm_hdcp2_h_prime - H' = HMAC-SHA256(rtx || RxCaps || TxCaps, kd)
 * @kd: the derived key
 * @rtx: the transmitter's random value
 * @rx_caps: RxCaps from AKE_Send_Cert
 * @tx_caps: TxCaps from AKE_Init
 * @h: H'
 *
 * Returns:
 * 0 or a negative error code.
 */
int drm_hdcp2_h_prime(const u8 kd[DRM_HDCP2_KD_LEN], const u8 rtx[HDCP_2_2_RTX_LEN],
		      const u8 rx_caps[HDCP_2_2_RXCAPS_LEN],
		      const struct hdcp2_tx_caps *tx_caps,
		      u8 h[HDCP_2_2_H_PRIME_LEN])
{
	u8 data[HDCP_2_2_RTX_LEN + HDCP_2_2_RXCAPS_LEN + sizeof(*tx_caps)];

	memcpy(data, rtx, HDCP_2_2_RTX_LEN);
	memcpy(data + HDCP_2_2_RTX_LEN, rx_caps, HDCP_2_2_RXCAPS_LEN);
	memcpy(data + HDCP_2_2_RTX_LEN + HDCP_2_2_RXCAPS_LEN, tx_caps, sizeof(*tx_caps));
	return drm_hdcp2_hmac(kd, DRM_HDCP2_KD_LEN, data, sizeof(data), h);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_h_prime);

/**
 * drm_hdcp2_kh - kh, the key of the pairing data: the least significant
 *	128 bits of SHA-256 over the receiver's private key
 * @kpriv_rx: the private key, in CRT form
 * @kh: kh
 */
void drm_hdcp2_kh(const u8 kpriv_rx[DRM_HDCP2_RX_KPRIV_LEN], u8 kh[DRM_HDCP2_KH_LEN])
{
	u8 digest[SHA256_DIGEST_SIZE];

	sha256(kpriv_rx, DRM_HDCP2_RX_KPRIV_LEN, digest);
	memcpy(kh, digest + SHA256_DIGEST_SIZE - DRM_HDCP2_KH_LEN, DRM_HDCP2_KH_LEN);
	memzero_explicit(digest, sizeof(digest));
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_kh);

/**
 * drm_hdcp2_ekh_km - Ekh(km) = km XOR AES_kh(m), and back
 * @kh: the receiver's pairing key
 * @km: km to encrypt, or Ekh(km) to decrypt, 16 bytes
 * @m: rtx || rrx of the session that paired, 16 bytes
 * @ekh_km: the result
 *
 * Returns:
 * 0 or a negative error code.
 */
int drm_hdcp2_ekh_km(const u8 kh[DRM_HDCP2_KH_LEN], const u8 *km, const u8 *m,
		     u8 ekh_km[HDCP_2_2_E_KH_KM_LEN])
{
	u8 mask[AES_BLOCK_SIZE];
	int ret;

	ret = drm_hdcp2_aes(kh, m, mask);
	if (!ret)
		crypto_xor_cpy(ekh_km, km, mask, HDCP_2_2_E_KH_KM_LEN);
	memzero_explicit(mask, sizeof(mask));
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_ekh_km);

/**
 * drm_hdcp2_l_prime - L' = HMAC-SHA256(rn, kd XOR (0^192 || rrx))
 * @kd: the derived key
 * @rrx: the receiver's random value
 * @rn: the locality check's random value
 * @l: L'
 *
 * Returns:
 * 0 or a negative error code.
 */
int drm_hdcp2_l_prime(const u8 kd[DRM_HDCP2_KD_LEN], const u8 rrx[HDCP_2_2_RRX_LEN],
		      const u8 rn[HDCP_2_2_RN_LEN], u8 l[HDCP_2_2_L_PRIME_LEN])
{
	u8 key[DRM_HDCP2_KD_LEN];
	int ret;

	memcpy(key, kd, sizeof(key));
	crypto_xor(key + DRM_HDCP2_KD_LEN - HDCP_2_2_RRX_LEN, rrx, HDCP_2_2_RRX_LEN);
	ret = drm_hdcp2_hmac(key, sizeof(key), rn, HDCP_2_2_RN_LEN, l);
	memzero_explicit(key, sizeof(key));
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_l_prime);

/**
 * drm_hdcp2_edkey_ks - Edkey(ks) = ks XOR (dkey2 XOR rrx), and back
 * @km: the master key
 * @rtx: the transmitter's random value
 * @rrx: the receiver's random value
 * @rn: the random value of the locality check that passed
 * @in: ks to encrypt, or Edkey(ks) to decrypt
 * @out: the result
 *
 * rrx is XORed into the least significant 64 bits (HDMI 2.2 2.4).
 *
 * Returns:
 * 0 or a negative error code.
 */
int drm_hdcp2_edkey_ks(const u8 km[DRM_HDCP2_KM_LEN], const u8 rtx[HDCP_2_2_RTX_LEN],
		       const u8 rrx[HDCP_2_2_RRX_LEN], const u8 rn[HDCP_2_2_RN_LEN],
		       const u8 in[DRM_HDCP2_KS_LEN], u8 out[DRM_HDCP2_KS_LEN])
{
	u8 dkey2[AES_BLOCK_SIZE];
	int ret;

	ret = drm_hdcp2_dkey(km, rtx, rrx, rn, 2, dkey2);
	if (!ret) {
		crypto_xor(dkey2 + AES_BLOCK_SIZE - HDCP_2_2_RRX_LEN, rrx, HDCP_2_2_RRX_LEN);
		crypto_xor_cpy(out, in, dkey2, DRM_HDCP2_KS_LEN);
	}
	memzero_explicit(dkey2, sizeof(dkey2));
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_edkey_ks);

/**
 * drm_hdcp2_v - V = HMAC-SHA256(Receiver ID list || RxInfo || seq_num_V, kd)
 * @kd: the derived key
 * @receiver_ids: @count receiver IDs, 5 bytes each
 * @count: how many, at most HDCP_2_2_MAX_DEVICE_COUNT
 * @rx_info: RxInfo
 * @seq_num_v: seq_num_V
 * @v: V; the repeater sends the most significant half as V', the
 *	transmitter acknowledges with the least significant half
 *
 * Returns:
 * 0, -EINVAL for too many IDs, another negative error code.
 */
int drm_hdcp2_v(const u8 kd[DRM_HDCP2_KD_LEN], const u8 *receiver_ids,
		unsigned int count, const u8 rx_info[HDCP_2_2_RXINFO_LEN],
		const u8 seq_num_v[HDCP_2_2_SEQ_NUM_LEN], u8 v[DRM_HDCP2_V_LEN])
{
	u8 data[DRM_HDCP2_HMAC_MAX_DATA];
	size_t ids = count * HDCP_2_2_RECEIVER_ID_LEN;

	if (count > HDCP_2_2_MAX_DEVICE_COUNT)
		return -EINVAL;
	memcpy(data, receiver_ids, ids);
	memcpy(data + ids, rx_info, HDCP_2_2_RXINFO_LEN);
	memcpy(data + ids + HDCP_2_2_RXINFO_LEN, seq_num_v, HDCP_2_2_SEQ_NUM_LEN);
	return drm_hdcp2_hmac(kd, DRM_HDCP2_KD_LEN, data,
			      ids + HDCP_2_2_RXINFO_LEN + HDCP_2_2_SEQ_NUM_LEN, v);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_v);

/**
 * drm_hdcp2_m_prime - M' = HMAC-SHA256(StreamID_Type || seq_num_M, SHA-256(kd))
 * @kd: the derived key
 * @streams: the stream IDs and types of RepeaterAuth_Stream_Manage
 * @k: how many, at most HDCP_2_2_MAX_CONTENT_STREAMS_CNT
 * @seq_num_m: seq_num_M
 * @m: M'
 *
 * Returns:
 * 0, -EINVAL for too many streams, another negative error code.
 */
int drm_hdcp2_m_prime(const u8 kd[DRM_HDCP2_KD_LEN],
		      const struct hdcp2_streamid_type *streams, unsigned int k,
		      const u8 seq_num_m[HDCP_2_2_SEQ_NUM_LEN],
		      u8 m[HDCP_2_2_MPRIME_LEN])
{
	u8 data[HDCP_2_2_MAX_CONTENT_STREAMS_CNT * sizeof(*streams) + HDCP_2_2_SEQ_NUM_LEN];
	u8 key[SHA256_DIGEST_SIZE];
	size_t len = k * sizeof(*streams);
	int ret;

	if (k > HDCP_2_2_MAX_CONTENT_STREAMS_CNT)
		return -EINVAL;
	memcpy(data, streams, len);
	memcpy(data + len, seq_num_m, HDCP_2_2_SEQ_NUM_LEN);
	sha256(kd, DRM_HDCP2_KD_LEN, key);
	ret = drm_hdcp2_hmac(key, sizeof(key), data, len + HDCP_2_2_SEQ_NUM_LEN, m);
	memzero_explicit(key, sizeof(key));
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp2_m_prime);
