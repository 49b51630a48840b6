/* SPDX-License-Identifier: MIT */
/*
 * HDCP 1.4 cipher in software: key agreement (Km), hdcpBlockCipher,
 * hdcpStreamCipher and hdcpRekeyCipher, link integrity values (Ri) and the
 * repeater check value V. For emulated links and tests; real transmitters do
 * this in hardware. The KSV helpers are inline, for any HDCP 1.x code.
 */

#ifndef __DRM_DISPLAY_HDCP1_CIPHER_H__
#define __DRM_DISPLAY_HDCP1_CIPHER_H__

#include <linux/bitops.h>
#include <linux/types.h>

#include <drm/display/drm_hdcp.h>

/* Device private keys per HDCP device, 56 bits each. */
#define DRM_HDCP1_NUM_KEYS		40
/* Frames between two updates of the Ri' register. */
#define DRM_HDCP1_RI_FRAMES		128
/* Bytes of V: five SHA-1 words. */
#define DRM_HDCP1_V_LEN			20

/**
 * struct drm_hdcp1_cipher - state of one HDCP 1.x cipher
 *
 * The block module's key register (@kx, @ky, @kz) and data register (@bx,
 * @by, @bz), 28 bits each, the four LFSRs and the state of their four
 * shuffle networks. Opaque to users; it lives on the stack or in a session.
 */
struct drm_hdcp1_cipher {
	/* private: */
	u32 kx, ky, kz;
	u32 bx, by, bz;
	u32 lfsr[4];
	u8 shuffle_a, shuffle_b;
};

/**
 * struct drm_hdcp1_block_out - outputs of one hdcpBlockCipher run
 * @k: the 56-bit key (Ks during authentication, Ki for a frame)
 * @m: the 64-bit value chained into the next frame (M0, Mi)
 * @r: the 16-bit link integrity value (R0, Ri)
 */
struct drm_hdcp1_block_out {
	u64 k;
	u64 m;
	u16 r;
};

/**
 * struct drm_hdcp1_session - one authenticated HDCP 1.x link, one end of it
 * @cipher: cipher state, ready for stream output after each frame
 * @ks: session key
 * @m0: M0, needed for V on a repeater link
 * @mi: M of the last frame
 * @r0: R0, what the receiver reports right after authentication
 * @ri: Ri of the last frame
 * @ri_prime: the value of the Ri' register: R0, then R128, R256, ...
 * @frame: frames since authentication
 * @repeater: the REPEATER bit the session was computed with
 */
struct drm_hdcp1_session {
	struct drm_hdcp1_cipher cipher;
	u64 ks;
	u64 m0;
	u64 mi;
	u16 r0;
	u16 ri;
	u16 ri_prime;
	u32 frame;
	bool repeater;
};

/**
 * drm_hdcp1_ksv_to_u64 - KSV as a number, from its wire bytes
 * @ksv: five bytes, least significant first
 *
 * Returns:
 * The 40-bit KSV.
 */
static inline u64 drm_hdcp1_ksv_to_u64(const u8 ksv[DRM_HDCP_KSV_LEN])
{
	u64 v = 0;
	int i;

	for (i = DRM_HDCP_KSV_LEN - 1; i >= 0; i--)
		v = v << 8 | ksv[i];
	return v;
}

/**
 * drm_hdcp1_u64_to_ksv - wire bytes of a KSV
 * @val: the 40-bit KSV
 * @ksv: five bytes, least significant first
 */
static inline void drm_hdcp1_u64_to_ksv(u64 val, u8 ksv[DRM_HDCP_KSV_LEN])
{
	int i;

	for (i = 0; i < DRM_HDCP_KSV_LEN; i++, val >>= 8)
		ksv[i] = val & 0xff;
}

/**
 * drm_hdcp1_ksv_is_valid - check the twenty-ones rule
 * @ksv: five wire bytes
 *
 * Returns:
 * True if the KSV has exactly twenty bits set, as every valid KSV does.
 */
static inline bool drm_hdcp1_ksv_is_valid(const u8 ksv[DRM_HDCP_KSV_LEN])
{
	return hweight64(drm_hdcp1_ksv_to_u64(ksv)) == 20;
}

u64 drm_hdcp1_compute_km(const u64 keys[DRM_HDCP1_NUM_KEYS], u64 peer_ksv);

void drm_hdcp1_block_cipher(struct drm_hdcp1_cipher *c, u64 key, bool repeater,
			    u64 input, struct drm_hdcp1_block_out *out);
u32 drm_hdcp1_stream_cipher(struct drm_hdcp1_cipher *c);
void drm_hdcp1_rekey_cipher(struct drm_hdcp1_cipher *c);

void drm_hdcp1_session_start(struct drm_hdcp1_session *s, u64 km,
			     bool repeater, u64 an);
void drm_hdcp1_session_next_frame(struct drm_hdcp1_session *s);

int drm_hdcp1_compute_v(const u8 *ksv_list, unsigned int count, u16 bstatus,
			u64 m0, u8 v[DRM_HDCP1_V_LEN]);
void drm_hdcp1_v_to_v_prime(const u8 v[DRM_HDCP1_V_LEN], u8 v_prime[DRM_HDCP1_V_LEN]);

#endif /* __DRM_DISPLAY_HDCP1_CIPHER_H__ */
