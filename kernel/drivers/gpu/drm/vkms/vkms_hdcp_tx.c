// SPDX-License-Identifier: GPL-2.0+
/*
 * The emulated HDCP 1.4 transmitter of VKMS: what a display engine's HDCP
 * block does, in software. It has its own KSV and keys from the emulation
 * matrix, makes An, computes Km, R0, Ri and V with the software cipher, and
 * counts frames from the time encryption started and the mode's frame
 * duration, so that encrypting costs no vblank interrupt.
 */

#include <linux/math64.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "vkms_drv.h"
#include "vkms_hdcp_priv.h"

/* SplitMix64 finaliser: a fresh, well-mixed An for every authentication. */
static u64 vkms_hdcp_tx_mix(u64 x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

void vkms_hdcp_tx_init(struct vkms_hdcp_tx *tx)
{
	mutex_init(&tx->lock);
	tx->dev.ksv = drm_hdcp1_emul_ksv(VKMS_HDCP_TX_DEVICE);
	drm_hdcp1_emul_device_keys(tx->dev.ksv, tx->dev.keys);
}

void vkms_hdcp_tx_fini(struct vkms_hdcp_tx *tx)
{
	mutex_destroy(&tx->lock);
}

/* Set by the commit that lights the CRTC up; used once encryption starts. */
void vkms_hdcp_tx_set_frame_ns(struct vkms_hdcp_tx *tx, u64 frame_ns)
{
	mutex_lock(&tx->lock);
	tx->frame_ns = frame_ns;
	mutex_unlock(&tx->lock);
}

bool vkms_hdcp_tx_encrypting(struct vkms_hdcp_tx *tx)
{
	return vkms_hdcp_tx_encryption(tx, NULL);
}

/* Whether it encrypts, and how many times that changed, read together. */
bool vkms_hdcp_tx_encryption(struct vkms_hdcp_tx *tx, u32 *changes)
{
	bool on;

	mutex_lock(&tx->lock);
	on = tx->encrypting;
	if (changes)
		*changes = tx->enc_changes;
	mutex_unlock(&tx->lock);
	return on;
}

/* Bring the cipher up to the frame being sent now. Called with the lock held. */
static void vkms_hdcp_tx_catch_up(struct vkms_hdcp_tx *tx)
{
	u64 frames;

	if (!tx->encrypting || !tx->frame_ns)
		return;
	frames = div64_u64(vkms_hdcp_now_ns() - tx->enc_start_ns, tx->frame_ns);
	while (tx->session.frame < frames)
		drm_hdcp1_session_next_frame(&tx->session);
}

/* A fresh An, then An and Aksv to the sink: this transmitter may show its KSV. */
static int vkms_hdcp_tx_start(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = vkms_hdcp_of(connector);
	struct vkms_hdcp_tx *tx = &hdcp->tx;
	u8 an[DRM_HDCP_AN_LEN], aksv[DRM_HDCP_KSV_LEN];

	mutex_lock(&tx->lock);
	tx->an = vkms_hdcp_tx_mix(vkms_hdcp_now_ns() ^ tx->an_count++);
	put_unaligned_le64(tx->an, an);
	drm_hdcp1_u64_to_ksv(tx->dev.ksv, aksv);
	mutex_unlock(&tx->lock);
	if (hdcp->engine2)
		return drm_hdcp2_write_an_aksv(hdcp->engine2, an, aksv);
	return drm_hdcp1_write_an_aksv(hdcp->engine, an, aksv);
}

static int vkms_hdcp_tx_compute(struct drm_connector *connector,
				const u8 bksv[DRM_HDCP_KSV_LEN], bool repeater)
{
	struct vkms_hdcp_tx *tx = &vkms_hdcp_of(connector)->tx;
	u64 km = drm_hdcp1_compute_km(tx->dev.keys, drm_hdcp1_ksv_to_u64(bksv));

	mutex_lock(&tx->lock);
	drm_hdcp1_session_start(&tx->session, km, repeater, tx->an);
	mutex_unlock(&tx->lock);
	return 0;
}

/* A match starts encryption: the sink sees ENC_EN and both count frames from now. */
static int vkms_hdcp_tx_verify_r0(struct drm_connector *connector,
				  const u8 r0_prime[DRM_HDCP_RI_LEN])
{
	struct vkms_hdcp *hdcp = vkms_hdcp_of(connector);
	struct vkms_hdcp_tx *tx = &hdcp->tx;
	bool match;

	mutex_lock(&tx->lock);
	match = get_unaligned_le16(r0_prime) == tx->session.r0;
	if (match && !tx->encrypting) {
		tx->encrypting = true;
		tx->hdcp2 = false;
		tx->enc_changes++;
		tx->enc_start_ns = vkms_hdcp_now_ns();
	}
	mutex_unlock(&tx->lock);
	if (!match)
		return -EPERM;
	drm_hdcp1_emul_set_encryption(hdcp->sink, true);
	return 0;
}

static int vkms_hdcp_tx_verify_ri(struct drm_connector *connector,
				  const u8 ri_prime[DRM_HDCP_RI_LEN])
{
	struct vkms_hdcp_tx *tx = &vkms_hdcp_of(connector)->tx;
	bool match;

	mutex_lock(&tx->lock);
	vkms_hdcp_tx_catch_up(tx);
	match = tx->encrypting && get_unaligned_le16(ri_prime) == tx->session.ri_prime;
	mutex_unlock(&tx->lock);
	return match ? 0 : -EPERM;
}

static int vkms_hdcp_tx_verify_v(struct drm_connector *connector, const u8 *list,
				 unsigned int count, u16 bstatus,
				 const u8 v_prime[DRM_HDCP1_V_LEN])
{
	struct vkms_hdcp_tx *tx = &vkms_hdcp_of(connector)->tx;
	u8 v[DRM_HDCP1_V_LEN], expect[DRM_HDCP1_V_LEN];
	u64 m0;
	int ret;

	mutex_lock(&tx->lock);
	m0 = tx->session.m0;
	mutex_unlock(&tx->lock);
	ret = drm_hdcp1_compute_v(list, count, bstatus, m0, v);
	if (ret)
		return ret;
	drm_hdcp1_v_to_v_prime(v, expect);
	return memcmp(expect, v_prime, DRM_HDCP1_V_LEN) ? -EPERM : 0;
}

static int vkms_hdcp_tx_encryption_status(struct drm_connector *connector)
{
	return vkms_hdcp_tx_encrypting(&vkms_hdcp_of(connector)->tx) ? 0 : -EIO;
}

static void vkms_hdcp_tx_reset(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = vkms_hdcp_of(connector);

	mutex_lock(&hdcp->tx.lock);
	if (hdcp->tx.encrypting)
		hdcp->tx.enc_changes++;
	hdcp->tx.encrypting = false;
	mutex_unlock(&hdcp->tx.lock);
	drm_hdcp1_emul_set_encryption(hdcp->sink, false);
}

const struct drm_hdcp1_tx_ops vkms_hdcp_tx_ops = {
	.start = vkms_hdcp_tx_start,
	.compute = vkms_hdcp_tx_compute,
	.verify_r0 = vkms_hdcp_tx_verify_r0,
	.verify_ri = vkms_hdcp_tx_verify_ri,
	.verify_v = vkms_hdcp_tx_verify_v,
	.encryption_status = vkms_hdcp_tx_encryption_status,
	.reset = vkms_hdcp_tx_reset,
};

/* Whether the link is encrypted with HDCP 2.2 (else HDCP 1.4, or not at all). */
bool vkms_hdcp_tx_hdcp2(struct vkms_hdcp_tx *tx)
{
	bool on;

	mutex_lock(&tx->lock);
	on = tx->encrypting && tx->hdcp2;
	mutex_unlock(&tx->lock);
	return on;
}

/*
 * HDCP 2.2: the engine and the software backend did the authentication;
 * the transmitter only switches the link's encryption, and the sink sees
 * it.
 */
static int vkms_hdcp2_tx_encrypt(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = vkms_hdcp_of(connector);
	struct vkms_hdcp_tx *tx = &hdcp->tx;

	mutex_lock(&tx->lock);
	if (!tx->encrypting) {
		tx->encrypting = true;
		tx->enc_changes++;
		tx->enc_start_ns = vkms_hdcp_now_ns();
	}
	tx->hdcp2 = true;
	mutex_unlock(&tx->lock);
	drm_hdcp2_emul_set_encryption(hdcp->sink2, true);
	return 0;
}

static void vkms_hdcp2_tx_reset(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = vkms_hdcp_of(connector);

	mutex_lock(&hdcp->tx.lock);
	if (hdcp->tx.encrypting)
		hdcp->tx.enc_changes++;
	hdcp->tx.encrypting = false;
	mutex_unlock(&hdcp->tx.lock);
	drm_hdcp2_emul_set_encryption(hdcp->sink2, false);
}

const struct drm_hdcp2_tx_ops vkms_hdcp2_tx_ops = {
	.encrypt = vkms_hdcp2_tx_encrypt,
	.encryption_status = vkms_hdcp_tx_encryption_status,
	.reset = vkms_hdcp2_tx_reset,
};
