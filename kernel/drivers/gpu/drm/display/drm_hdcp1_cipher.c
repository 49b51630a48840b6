// SPDX-License-Identifier: MIT
/*
 * The HDCP 1.x cipher, bit by bit, as the specification describes the
 * hardware: four LFSRs feeding a combiner with shuffle networks, a block
 * module of two 84-bit registers with S-box and linear layers, and a 24-bit
 * output function. It is slow (one bit of LFSR state per clock) and meant
 * for emulated links and tests, where a few thousand clocks per frame are
 * nothing.
 *
 * Conventions: a KSV is a 40-bit number whose bit i selects device key i;
 * on the wire KSVs, An, Ri and M travel least significant byte first. Keys
 * and Km are 56-bit numbers, An and Mi 64-bit, Ri 16-bit.
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <crypto/hash.h>

#include <drm/display/drm_hdcp1_cipher.h>

#define HDCP1_MASK28		GENMASK(27, 0)
#define HDCP1_MASK56		GENMASK_ULL(55, 0)
#define HDCP1_WARMUP_CLOCKS	48	/* block module only, before Ki is taken */
#define HDCP1_KEYED_CLOCKS	56	/* with rekey, producing Mi and Ri */
#define HDCP1_REKEY_BIT		13	/* Ky bit replaced by the LFSR output */

/* The four LFSRs: length, feedback taps, and the taps the combiner reads. */
struct hdcp1_lfsr_def {
	u8 len;
	u8 ntaps;
	u8 feedback[6];
	u8 mix, select, out;	/* combiner inputs: data, shuffle select, output */
};

static const struct hdcp1_lfsr_def hdcp1_lfsr[4] = {
	{ 13, 4, { 4, 8, 10, 12 }, 3, 7, 12 },
	{ 14, 6, { 3, 5, 6, 9, 10, 13 }, 4, 8, 13 },
	{ 16, 6, { 4, 6, 7, 11, 14, 15 }, 5, 9, 15 },
	{ 17, 4, { 4, 10, 14, 16 }, 5, 11, 16 },
};

/* S-boxes of the K round (SK) and the B round (SB). */
static const u8 hdcp1_sk[7][16] = {
	{ 0x8, 0xe, 0x5, 0x9, 0x3, 0x0, 0xc, 0x6, 0x1, 0xb, 0xf, 0x2, 0x4, 0x7, 0xa, 0xd },
	{ 0x1, 0x6, 0x4, 0xf, 0x8, 0x3, 0xb, 0x5, 0xa, 0x0, 0x9, 0xc, 0x7, 0xd, 0xe, 0x2 },
	{ 0xd, 0xb, 0x8, 0x6, 0x7, 0x4, 0x2, 0xf, 0x1, 0xc, 0xe, 0x0, 0xa, 0x3, 0x9, 0x5 },
	{ 0x0, 0xe, 0xb, 0x7, 0xc, 0x3, 0x2, 0xd, 0xf, 0x4, 0x8, 0x1, 0x9, 0xa, 0x5, 0x6 },
	{ 0xc, 0x7, 0xf, 0x8, 0xb, 0xe, 0x1, 0x4, 0x6, 0xa, 0x3, 0x5, 0x0, 0x9, 0xd, 0x2 },
	{ 0x1, 0xc, 0x7, 0x2, 0x8, 0x3, 0x4, 0xe, 0xb, 0x5, 0x0, 0xf, 0xd, 0x6, 0xa, 0x9 },
	{ 0xa, 0x7, 0x6, 0x1, 0x0, 0xe, 0x3, 0xd, 0xc, 0x9, 0xb, 0x2, 0xf, 0x5, 0x4, 0x8 },
};

static const u8 hdcp1_sb[7][16] = {
	{ 0xc, 0x9, 0x3, 0x0, 0xb, 0x5, 0xd, 0x6, 0x2, 0x4, 0xe, 0x7, 0x8, 0xf, 0x1, 0xa },
	{ 0x3, 0x8, 0xe, 0x1, 0x5, 0x2, 0xb, 0xd, 0xa, 0x4, 0x9, 0x7, 0x6, 0xf, 0xc, 0x0 },
	{ 0x7, 0x4, 0x1, 0xa, 0xb, 0xd, 0xe, 0x3, 0xc, 0xf, 0x6, 0x0, 0x2, 0x8, 0x9, 0x5 },
	{ 0x6, 0x3, 0x1, 0x4, 0xa, 0xc, 0xf, 0x2, 0x5, 0xe, 0xb, 0x8, 0x9, 0x7, 0x0, 0xd },
	{ 0x3, 0x6, 0xf, 0xc, 0x4, 0x1, 0x9, 0x2, 0x5, 0x8, 0xa, 0x7, 0xb, 0xd, 0x0, 0xe },
	{ 0xb, 0xe, 0x6, 0x8, 0x5, 0x2, 0xc, 0x7, 0x1, 0x4, 0xf, 0x3, 0xa, 0xd, 0x9, 0x0 },
	{ 0x1, 0xb, 0x7, 0x4, 0x2, 0x5, 0xc, 0x9, 0xd, 0x6, 0x8, 0xf, 0xe, 0x0, 0x3, 0xa },
};

/*
 * The linear layers are eight 7-input diffusion networks. Inputs name a bit
 * of the z word or, with HDCP1_Y set, of the y word; output m of a network
 * lands on bit 4 * m + @lane of the new x or y word. In the B round four
 * networks also mix in seven bits of the old Ky, from @key_base on.
 */
#define HDCP1_Y		0x80
#define HDCP1_NO_KEY	0xff

struct hdcp1_diffusion {
	u8 in[7];
	bool to_y;
	u8 lane;
	u8 key_base;
};

static const struct hdcp1_diffusion hdcp1_linear[8] = {
	{ { 0, 1, 2, 3, 4, 5, 6 }, false, 0, 0 },
	{ { 7, 8, 9, HDCP1_Y | 0, HDCP1_Y | 1, HDCP1_Y | 2, HDCP1_Y | 12 },
	  true, 0, HDCP1_NO_KEY },
	{ { 10, 11, 12, HDCP1_Y | 3, HDCP1_Y | 4, HDCP1_Y | 5, HDCP1_Y | 13 },
	  true, 1, HDCP1_NO_KEY },
	{ { 13, 14, 15, HDCP1_Y | 6, HDCP1_Y | 7, HDCP1_Y | 8, HDCP1_Y | 14 },
	  true, 2, HDCP1_NO_KEY },
	{ { 16, 17, 18, HDCP1_Y | 9, HDCP1_Y | 10, HDCP1_Y | 11, HDCP1_Y | 15 },
	  true, 3, HDCP1_NO_KEY },
	{ { HDCP1_Y | 16, HDCP1_Y | 17, HDCP1_Y | 18, HDCP1_Y | 19, 19, 20, 21 },
	  false, 1, 7 },
	{ { HDCP1_Y | 20, HDCP1_Y | 21, HDCP1_Y | 22, HDCP1_Y | 23, 22, 23, 24 },
	  false, 2, 14 },
	{ { HDCP1_Y | 24, HDCP1_Y | 25, HDCP1_Y | 26, HDCP1_Y | 27, 25, 26, 27 },
	  false, 3, 21 },
};

/* Output bit n: XOR of seven Bz & Kz products, one By bit and one Ky bit. */
struct hdcp1_output_bit {
	u8 bz[7];
	u8 kz[7];
	u8 by;
	u8 ky;
};

static const struct hdcp1_output_bit hdcp1_output[24] = {
	{ { 17, 26, 22, 27, 21, 18,  2 }, {  3,  6,  0,  9,  4, 22,  5 }, 5, 10 },
	{ {  5, 20, 15, 24,  2, 25,  0 }, { 20, 18,  7, 23, 15,  5,  3 }, 16, 25 },
	{ { 22,  5, 14, 16, 25, 17, 20 }, {  7, 19,  2, 10, 22,  4, 13 }, 11, 21 },
	{ { 19,  3, 15, 11, 21, 16, 27 }, {  6, 14,  9,  8, 17, 18, 12 }, 1, 24 },
	{ { 19,  6, 17, 18, 22,  7,  9 }, { 25,  6,  5,  2, 10, 15, 21 }, 12, 8 },
	{ {  3,  7,  4,  8, 16,  6,  5 }, { 27, 14,  2,  4, 24, 19,  1 }, 17, 12 },
	{ {  8, 21, 27,  2, 11, 24, 12 }, { 17, 26,  4, 16, 27,  7, 22 }, 3, 11 },
	{ {  9,  5,  7,  4,  8, 13,  3 }, {  9, 10, 19, 11,  7,  6,  8 }, 15, 23 },
	{ { 26, 13, 23, 10, 11,  7, 15 }, { 13, 12, 18, 24, 15, 23,  7 }, 19, 16 },
	{ {  1,  0, 19, 11, 13, 16, 24 }, {  0,  5, 20, 25,  1, 24,  9 }, 18, 27 },
	{ { 26, 13,  9, 14, 10,  4,  1 }, { 14, 23, 27, 25, 17, 19,  1 }, 2, 22 },
	{ { 21, 15,  5,  3, 13, 25, 16 }, {  6, 21, 17, 15, 26, 11, 16 }, 27, 7 },
	{ { 20,  7, 18, 12, 17,  1, 16 }, { 11, 22, 20,  0, 26, 23, 17 }, 0, 2 },
	{ { 14, 23,  1, 12, 24,  6, 18 }, {  8,  4,  3, 14, 20, 26, 23 }, 9, 15 },
	{ { 19,  6, 21, 25, 23,  1, 10 }, { 19,  0, 18,  2, 13,  8, 24 }, 8, 14 },
	{ {  3,  0, 27, 23, 19,  8,  4 }, { 16, 21, 24, 25, 12, 27, 15 }, 7, 18 },
	{ {  6,  5, 14, 22, 24, 18,  2 }, {  3,  5,  8, 25,  7, 27,  2 }, 21, 26 },
	{ {  3,  4,  2,  6, 22, 14, 12 }, { 11, 14, 23, 17, 22, 13, 19 }, 26, 4 },
	{ { 25, 21, 19,  9, 10, 15, 13 }, {  1, 16, 14, 11, 12,  6, 10 }, 22, 19 },
	{ { 23, 11, 10, 20,  1, 12, 14 }, { 21,  1, 10, 20, 18, 26,  9 }, 4, 13 },
	{ { 11, 26, 20, 17,  8, 23,  0 }, { 20, 21,  9, 25, 12,  3, 15 }, 24, 0 },
	{ {  9, 17, 26,  4, 27,  0, 15 }, { 18, 12, 21, 27,  1, 16, 24 }, 6, 20 },
	{ { 22, 12,  2, 10,  7, 20, 25 }, { 13,  0,  3, 16, 22, 11, 26 }, 13, 9 },
	{ { 27, 24, 26,  8,  0,  9, 18 }, {  2,  0, 13,  5,  4,  8, 10 }, 23, 3 },
};

static inline u32 hdcp1_bit(u32 word, unsigned int n)
{
	return (word >> n) & 1;
}

/*
 * LFSR i starts from a slice of the 56-bit value and has its top bit set to
 * the complement of one bit of that slice, so that it is never all zero.
 */
static void hdcp1_lfsr_init(struct drm_hdcp1_cipher *c, u64 v)
{
	static const u8 first[4] = { 0, 12, 25, 40 };
	static const u8 inverted[4] = { 6, 18, 32, 47 };
	int i;

	for (i = 0; i < 4; i++) {
		u8 low = hdcp1_lfsr[i].len - 1;

		c->lfsr[i] = (v >> first[i]) & GENMASK(low - 1, 0);
		c->lfsr[i] |= (u32)(!((v >> inverted[i]) & 1)) << low;
	}
	c->shuffle_a = 0;
	c->shuffle_b = 0xf;
}

/* One clock of the LFSR module; returns its output bit. */
static u32 hdcp1_lfsr_clock(struct drm_hdcp1_cipher *c)
{
	u32 data = 0, out;
	int i, t;

	for (i = 0; i < 4; i++)
		data ^= hdcp1_bit(c->lfsr[i], hdcp1_lfsr[i].mix);

	/* Each shuffle network swaps its two cells around the data bit. */
	for (i = 0; i < 4; i++) {
		u32 a = hdcp1_bit(c->shuffle_a, i), b = hdcp1_bit(c->shuffle_b, i);
		bool sel = hdcp1_bit(c->lfsr[i], hdcp1_lfsr[i].select);

		out = sel ? b : a;
		c->shuffle_a = (c->shuffle_a & ~BIT(i)) | (sel ? data : b) << i;
		c->shuffle_b = (c->shuffle_b & ~BIT(i)) | (sel ? a : data) << i;
		data = out;
	}

	out = data;
	for (i = 0; i < 4; i++)
		out ^= hdcp1_bit(c->lfsr[i], hdcp1_lfsr[i].out);

	for (i = 0; i < 4; i++) {
		const struct hdcp1_lfsr_def *d = &hdcp1_lfsr[i];
		u32 fb = 0;

		for (t = 0; t < d->ntaps; t++)
			fb ^= hdcp1_bit(c->lfsr[i], d->feedback[t]);
		c->lfsr[i] = ((c->lfsr[i] << 1) | fb) & GENMASK(d->len - 1, 0);
	}
	return out;
}

/* Nibble s of the layer gathers bits s, s + 7, s + 14 and s + 21. */
static u32 hdcp1_sbox_layer(u32 x, const u8 box[7][16])
{
	u32 z = 0;
	int s;

	for (s = 0; s < 7; s++) {
		u32 in = hdcp1_bit(x, s) | hdcp1_bit(x, s + 7) << 1 | hdcp1_bit(x, s + 14) << 2 |
			 hdcp1_bit(x, s + 21) << 3;
		u32 w = box[s][in];

		z |= (w & 1) << s | hdcp1_bit(w, 1) << (s + 7) | hdcp1_bit(w, 2) << (s + 14) |
		     hdcp1_bit(w, 3) << (s + 21);
	}
	return z;
}

/*
 * Each network outputs, on line m < 6, the XOR of all inputs but input m;
 * line 6 carries the XOR of all seven. @key is NULL for the K round.
 */
static void hdcp1_linear_layer(u32 z, u32 y, const u32 *key, u32 *new_x,
			       u32 *new_y)
{
	int g, m;

	*new_x = 0;
	*new_y = 0;
	for (g = 0; g < ARRAY_SIZE(hdcp1_linear); g++) {
		const struct hdcp1_diffusion *d = &hdcp1_linear[g];
		u32 in[7], all = 0;

		for (m = 0; m < 7; m++) {
			u8 src = d->in[m];

			in[m] = src & HDCP1_Y ? hdcp1_bit(y, src & ~HDCP1_Y) : hdcp1_bit(z, src);
			all ^= in[m];
		}
		for (m = 0; m < 7; m++) {
			u32 o = m == 6 ? all : all ^ in[m];

			if (key && d->key_base != HDCP1_NO_KEY)
				o ^= hdcp1_bit(*key, d->key_base + m);
			if (d->to_y)
				*new_y |= o << (4 * m + d->lane);
			else
				*new_x |= o << (4 * m + d->lane);
		}
	}
}

/* One clock of the block module, optionally rekeyed from the LFSRs. */
static void hdcp1_block_clock(struct drm_hdcp1_cipher *c, bool rekey)
{
	u32 kx, ky, kz, bx, by, bz, lfsr_bit = 0;

	if (rekey)
		lfsr_bit = hdcp1_lfsr_clock(c);

	kz = hdcp1_sbox_layer(c->kx, hdcp1_sk);
	hdcp1_linear_layer(c->kz, c->ky, NULL, &kx, &ky);
	bz = hdcp1_sbox_layer(c->bx, hdcp1_sb);
	hdcp1_linear_layer(c->bz, c->by, &c->ky, &bx, &by);

	if (rekey)
		ky = (ky & ~BIT(HDCP1_REKEY_BIT)) | lfsr_bit << HDCP1_REKEY_BIT;

	c->kx = kx;
	c->ky = ky;
	c->kz = kz;
	c->bx = bx;
	c->by = by;
	c->bz = bz;
}

/* The 24-bit output of the current state. */
static u32 hdcp1_output_word(const struct drm_hdcp1_cipher *c)
{
	u32 word = 0;
	int n, j;

	for (n = 0; n < ARRAY_SIZE(hdcp1_output); n++) {
		const struct hdcp1_output_bit *o = &hdcp1_output[n];
		u32 v = hdcp1_bit(c->by, o->by) ^ hdcp1_bit(c->ky, o->ky);

		for (j = 0; j < 7; j++)
			v ^= hdcp1_bit(c->bz, o->bz[j]) & hdcp1_bit(c->kz, o->kz[j]);
		word |= v << n;
	}
	return word;
}

static void hdcp1_load_data(struct drm_hdcp1_cipher *c, bool repeater, u64 x)
{
	c->bx = x & HDCP1_MASK28;
	c->by = (x >> 28) & HDCP1_MASK28;
	c->bz = (x >> 56) | (u32)repeater << 8;
}

/**
 * drm_hdcp1_block_cipher - run hdcpBlockCipher
 * @c: cipher state, overwritten; ready for stream output afterwards
 * @key: 56-bit key: Km during authentication, Ks for a frame
 * @repeater: the REPEATER bit of the receiver
 * @input: 64-bit input: An during authentication, M of the previous frame
 * @out: Ks or Ki, M0 or Mi, R0 or Ri
 */
void drm_hdcp1_block_cipher(struct drm_hdcp1_cipher *c, u64 key, bool repeater,
			    u64 input, struct drm_hdcp1_block_out *out)
{
	u32 o[4] = {};
	int t;

	c->kx = key & HDCP1_MASK28;
	c->ky = (key >> 28) & HDCP1_MASK28;
	c->kz = 0;
	hdcp1_load_data(c, repeater, input);
	for (t = 0; t < HDCP1_WARMUP_CLOCKS; t++)
		hdcp1_block_clock(c, false);

	out->k = c->bx | (u64)c->by << 28;

	/* The data register becomes the key; the input is loaded again. */
	c->kx = c->bx;
	c->ky = c->by;
	c->kz = c->bz;
	hdcp1_lfsr_init(c, out->k);
	hdcp1_load_data(c, repeater, input);

	for (t = 0; t < HDCP1_KEYED_CLOCKS; t++) {
		if (t >= HDCP1_KEYED_CLOCKS - 4)
			o[t - (HDCP1_KEYED_CLOCKS - 4)] = hdcp1_output_word(c);
		hdcp1_block_clock(c, true);
	}

	out->m = (u64)(o[0] & 0xffff) << 48 | (u64)(o[1] & 0xffff) << 32 |
		 (u64)(o[2] & 0xffff) << 16 | (o[3] & 0xffff);
	out->r = (o[2] >> 16) << 8 | (o[3] >> 16);
}
EXPORT_SYMBOL_GPL(drm_hdcp1_block_cipher);

/**
 * drm_hdcp1_stream_cipher - one output of hdcpStreamCipher
 * @c: cipher state after drm_hdcp1_block_cipher()
 *
 * Returns:
 * The 24-bit word that encrypts one pixel or data island character.
 */
u32 drm_hdcp1_stream_cipher(struct drm_hdcp1_cipher *c)
{
	u32 word = hdcp1_output_word(c);

	/* The LFSRs run along; their output is not used here. */
	hdcp1_lfsr_clock(c);
	hdcp1_block_clock(c, false);
	return word;
}
EXPORT_SYMBOL_GPL(drm_hdcp1_stream_cipher);

/**
 * drm_hdcp1_rekey_cipher - run hdcpRekeyCipher, as at the start of a line
 * @c: cipher state
 */
void drm_hdcp1_rekey_cipher(struct drm_hdcp1_cipher *c)
{
	int t;

	for (t = 0; t < HDCP1_KEYED_CLOCKS; t++)
		hdcp1_block_clock(c, true);
}
EXPORT_SYMBOL_GPL(drm_hdcp1_rekey_cipher);

/**
 * drm_hdcp1_compute_km - the shared secret of two HDCP devices
 * @keys: this device's 40 private keys, 56 bits each
 * @peer_ksv: the other device's KSV
 *
 * Returns:
 * Km, the sum modulo 2^56 of the keys selected by the peer's KSV bits.
 */
u64 drm_hdcp1_compute_km(const u64 keys[DRM_HDCP1_NUM_KEYS], u64 peer_ksv)
{
	u64 km = 0;
	int i;

	for (i = 0; i < DRM_HDCP1_NUM_KEYS; i++)
		if (peer_ksv & BIT_ULL(i))
			km += keys[i];
	return km & HDCP1_MASK56;
}
EXPORT_SYMBOL_GPL(drm_hdcp1_compute_km);

/**
 * drm_hdcp1_session_start - authenticate one end of a link
 * @s: session to fill
 * @km: Km of this end
 * @repeater: the receiver's REPEATER bit
 * @an: the transmitter's random An
 *
 * Computes Ks, M0 and R0; the Ri' register starts at R0.
 */
void drm_hdcp1_session_start(struct drm_hdcp1_session *s, u64 km,
			     bool repeater, u64 an)
{
	struct drm_hdcp1_block_out out;

	memset(s, 0, sizeof(*s));
	drm_hdcp1_block_cipher(&s->cipher, km, repeater, an, &out);
	s->repeater = repeater;
	s->ks = out.k;
	s->m0 = out.m;
	s->mi = out.m;
	s->r0 = out.r;
	s->ri = out.r;
	s->ri_prime = out.r;
}
EXPORT_SYMBOL_GPL(drm_hdcp1_session_start);

/**
 * drm_hdcp1_session_next_frame - advance the session by one frame
 * @s: an authenticated session
 *
 * Runs the frame key computation. The Ri' register follows every
 * %DRM_HDCP1_RI_FRAMES frames, starting with frame 128.
 */
void drm_hdcp1_session_next_frame(struct drm_hdcp1_session *s)
{
	struct drm_hdcp1_block_out out;

	drm_hdcp1_block_cipher(&s->cipher, s->ks, s->repeater, s->mi, &out);
	s->mi = out.m;
	s->ri = out.r;
	s->frame++;
	if (s->frame % DRM_HDCP1_RI_FRAMES == 0)
		s->ri_prime = out.r;
}
EXPORT_SYMBOL_GPL(drm_hdcp1_session_next_frame);

/**
 * drm_hdcp1_compute_v - the repeater check value V
 * @ksv_list: @count KSVs of 5 bytes each, as read from the KSV FIFO
 * @count: number of KSVs, at most 127
 * @bstatus: Bstatus (HDMI) or Binfo (DP), as the repeater reports it
 * @m0: M0 of the current authentication
 * @v: the 20-byte SHA-1 digest, H0 first, each word most significant byte
 *	first (the V' registers hold each word least significant byte first)
 *
 * V = SHA-1(KSV list || Bstatus || M0), every field in wire byte order.
 * May sleep.
 *
 * Returns:
 * 0, -EINVAL for more than 127 KSVs, or an error from the crypto API.
 */
int drm_hdcp1_compute_v(const u8 *ksv_list, unsigned int count, u16 bstatus,
			u64 m0, u8 v[DRM_HDCP1_V_LEN])
{
	u8 tail[DRM_HDCP_BSTATUS_LEN + sizeof(u64)];
	struct crypto_shash *tfm;
	SHASH_DESC_ON_STACK(desc, tfm);
	int ret;

	if (count > DRM_HDCP_NUM_DOWNSTREAM(0xff) || (count && !ksv_list))
		return -EINVAL;

	tfm = crypto_alloc_shash("sha1", 0, 0);
	if (IS_ERR(tfm))
		return PTR_ERR(tfm);

	put_unaligned_le16(bstatus, tail);
	put_unaligned_le64(m0, tail + DRM_HDCP_BSTATUS_LEN);

	desc->tfm = tfm;
	ret = crypto_shash_init(desc);
	if (!ret && count)
		ret = crypto_shash_update(desc, ksv_list, count * DRM_HDCP_KSV_LEN);
	if (!ret)
		ret = crypto_shash_finup(desc, tail, sizeof(tail), v);
	shash_desc_zero(desc);
	crypto_free_shash(tfm);
	return ret;
}
EXPORT_SYMBOL_GPL(drm_hdcp1_compute_v);

/**
 * drm_hdcp1_v_to_v_prime - V as a repeater's V' registers hold it
 * @v: the digest from drm_hdcp1_compute_v(), H0 first, big-endian words
 * @v_prime: the twenty register bytes, H0 first, each word least
 *	significant byte first
 *
 * A transmitter checks a repeater by comparing @v_prime with what it reads.
 */
void drm_hdcp1_v_to_v_prime(const u8 v[DRM_HDCP1_V_LEN], u8 v_prime[DRM_HDCP1_V_LEN])
{
	int h;

	for (h = 0; h < DRM_HDCP1_V_LEN / 4; h++)
		put_unaligned_le32(get_unaligned_be32(&v[4 * h]), &v_prime[4 * h]);
}
EXPORT_SYMBOL_GPL(drm_hdcp1_v_to_v_prime);
