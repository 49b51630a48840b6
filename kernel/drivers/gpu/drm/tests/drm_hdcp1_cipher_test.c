// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the software HDCP 1.x cipher, against the facsimile keys
 * and test vectors of the HDCP 1.4 specification (Appendix A) and a
 * published repeater V' vector.
 */

#include <linux/bitops.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/test.h>

#include <drm/display/drm_hdcp1_cipher.h>

#include "drm_hdcp1_facsimile.h"

struct hdcp1_vector {
	const char *tx, *rx;
	bool repeater;
	u64 an, ks, m0;
	u16 r0;
	u64 k1, m1;
	u32 line0[8], line1[8];
};

/* Tables: authentication and the first frame. */
static const struct hdcp1_vector spec_vectors[] = {
	{
		.tx = "A1", .rx = "B1", .repeater = false,
		.an = 0x34271c130c070403ULL, .ks = 0x54294b7c040e35ULL,
		.m0 = 0xa02bc815e73d001cULL, .r0 = 0x8ae0,
		.k1 = 0xd692b7ee1d40e8ULL, .m1 = 0x1dbf44e50f523e56ULL,
		.line0 = { 0x59c03e, 0x9ee5fe, 0x9af919, 0x5b5d6c,
			   0x55dcde, 0xe58763, 0xbefcc7, 0xa1b565 },
		.line1 = { 0x126b14, 0x064a73, 0xf8bb15, 0xcce621,
			   0x879578, 0xd203f7, 0x628144, 0x80d875 },
	},
	{
		.tx = "A1", .rx = "B2", .repeater = false,
		.an = 0x445e62a53ad10fe5ULL, .ks = 0x4e60d941d0e8b1ULL,
		.m0 = 0xe7d28b9b2f46c49dULL, .r0 = 0xfb65,
		.k1 = 0xe46f51311a959aULL, .m1 = 0x445b5c6eebf657ffULL,
		.line0 = { 0x56bf8a, 0x2c2603, 0x8843dc, 0x1ddbbd,
			   0xe63213, 0x363424, 0x48828f, 0x99b9db },
		.line1 = { 0x9cac7b, 0x4011d0, 0xaa3ce6, 0xe6e9ac,
			   0x7ad52e, 0x941f35, 0xa78564, 0xf74516 },
	},
	{
		.tx = "A2", .rx = "B1", .repeater = false,
		.an = 0x83bec2bb01c66e07ULL, .ks = 0x2c9bef71df792eULL,
		.m0 = 0x8e1e91f6d8ae4c25ULL, .r0 = 0x3435,
		.k1 = 0xf3e27849d067c1ULL, .m1 = 0x23d89127a5ee6c26ULL,
		.line0 = { 0x1107d2, 0xb18f7f, 0x3cfb8c, 0xa3970c,
			   0x38943e, 0xac84da, 0xb8a473, 0x2fc5c0 },
		.line1 = { 0x6c64c7, 0xba058d, 0x6217ff, 0xf1e5df,
			   0xc2e692, 0x47a494, 0x59b7a1, 0x9d96ea },
	},
	{
		.tx = "A2", .rx = "B2", .repeater = false,
		.an = 0x0351f7175406a74dULL, .ks = 0x1963deb799ee82ULL,
		.m0 = 0xd05d8c26378a126eULL, .r0 = 0x4fd5,
		.k1 = 0x65f793e160ec27ULL, .m1 = 0x68be984885aafef7ULL,
		.line0 = { 0xb82c9c, 0x9b34e3, 0x1cfad7, 0x00a008,
			   0xcec3f4, 0xf43627, 0xb636f7, 0x24bd8b },
		.line1 = { 0x739f2e, 0xf61e16, 0xe28c59, 0xd98a86,
			   0xc5eb96, 0xc0b3ce, 0xeb26f3, 0xf49ee1 },
	},
	{
		.tx = "A1", .rx = "B1", .repeater = true,
		.an = 0x34271c130c070403ULL, .ks = 0xbc607b21d48e97ULL,
		.m0 = 0x372d3dce38bbe78fULL, .r0 = 0x6485,
		.k1 = 0x98b281e1876a9aULL, .m1 = 0x016f9561e001f80dULL,
		.line0 = { 0x334e55, 0xd2374e, 0x0e22f5, 0xc1318f,
			   0xdca1a7, 0x27e7c3, 0x563ec9, 0x10dc2f },
		.line1 = { 0x730322, 0x690136, 0x3d2753, 0xfe4150,
			   0xa8188d, 0x1a0291, 0x8c29ce, 0x89cdbf },
	},
	{
		.tx = "A1", .rx = "B2", .repeater = true,
		.an = 0x445e62a53ad10fe5ULL, .ks = 0xb7894f1754caaaULL,
		.m0 = 0x43d609c682c956e1ULL, .r0 = 0x3f68,
		.k1 = 0xffbfea4bc7fd2cULL, .m1 = 0x2a067368042fa1aaULL,
		.line0 = { 0xbc9ca4, 0x4319df, 0xb1e012, 0x27d05a,
			   0xd8aa3d, 0x3f2a64, 0x2e000a, 0xf24763 },
		.line1 = { 0xe497f1, 0xdf150e, 0x2f447b, 0x0c9bae,
			   0x93dbda, 0xa7f901, 0x1a399a, 0x4b5400 },
	},
	{
		.tx = "A2", .rx = "B1", .repeater = true,
		.an = 0x83bec2bb01c66e07ULL, .ks = 0xfe3717c12f3bb1ULL,
		.m0 = 0x536dee1e44a58bf4ULL, .r0 = 0xdd9b,
		.k1 = 0xa1ec276b2ddaf0ULL, .m1 = 0xb365f8813c45db0bULL,
		.line0 = { 0x4ac7d3, 0x30a7ec, 0x2d6e36, 0xe175b6,
			   0x94fffb, 0x11aac1, 0x5c7166, 0xbe336f },
		.line1 = { 0x0ba7ec, 0x4f101e, 0xfe1616, 0x52e635,
			   0xdb8db7, 0x18f0d9, 0xf59a63, 0xd4acaa },
	},
	{
		.tx = "A2", .rx = "B2", .repeater = true,
		.an = 0x0351f7175406a74dULL, .ks = 0xaac4147081a2d0ULL,
		.m0 = 0x38b57ad3cdd1b266ULL, .r0 = 0x7930,
		.k1 = 0x0f0b83888e3209ULL, .m1 = 0x06471e358f601ce4ULL,
		.line0 = { 0xc2c884, 0x2f7c68, 0x900be5, 0x9ede54,
			   0x78cd8c, 0x38a5b8, 0x32ff1e, 0xe4d90c },
		.line1 = { 0x620f61, 0x337352, 0xcd96fd, 0x53ead5,
			   0x33a931, 0xcc3486, 0x6ee0bb, 0xd2fc4b },
	},
};

static const struct hdcp1_facsimile_device *device(const char *name)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(hdcp1_facsimile); i++)
		if (!strcmp(hdcp1_facsimile[i].name, name))
			return &hdcp1_facsimile[i];
	return NULL;
}

static u64 km_of(const char *tx, const char *rx)
{
	return drm_hdcp1_compute_km(device(tx)->keys, device(rx)->ksv);
}

static void drm_test_hdcp1_km_facsimile_pairs(struct kunit *test)
{
	static const struct { const char *tx, *rx; u64 km; } pairs[] = {
		{ "A1", "B1", 0x5309c7d22fceccULL },
		{ "A1", "B2", 0xf6aee46089c923ULL },
		{ "A2", "B1", 0x4afe34dbec1205ULL },
		{ "A2", "B2", 0xa423d78b8676a7ULL },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		/* Both ends reach the same Km from their own keys. */
		KUNIT_EXPECT_EQ_MSG(test, km_of(pairs[i].tx, pairs[i].rx), pairs[i].km,
				    "%s -> %s, transmitter side", pairs[i].tx, pairs[i].rx);
		KUNIT_EXPECT_EQ_MSG(test, km_of(pairs[i].rx, pairs[i].tx), pairs[i].km,
				    "%s -> %s, receiver side", pairs[i].tx, pairs[i].rx);
	}
}

static void vector_desc(const struct hdcp1_vector *v, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s->%s repeater=%d", v->tx, v->rx,
		 v->repeater);
}

KUNIT_ARRAY_PARAM(spec_vector, spec_vectors, vector_desc);

static void drm_test_hdcp1_authentication_vector(struct kunit *test)
{
	const struct hdcp1_vector *v = test->param_value;
	struct drm_hdcp1_session s;

	drm_hdcp1_session_start(&s, km_of(v->tx, v->rx), v->repeater, v->an);
	KUNIT_EXPECT_EQ(test, s.ks, v->ks);
	KUNIT_EXPECT_EQ(test, s.m0, v->m0);
	KUNIT_EXPECT_EQ(test, s.r0, v->r0);
	KUNIT_EXPECT_EQ(test, s.ri_prime, v->r0);
}

static void drm_test_hdcp1_first_frame_vector(struct kunit *test)
{
	const struct hdcp1_vector *v = test->param_value;
	struct drm_hdcp1_block_out out;
	struct drm_hdcp1_cipher c;
	int i;

	drm_hdcp1_block_cipher(&c, v->ks, v->repeater, v->m0, &out);
	KUNIT_EXPECT_EQ(test, out.k, v->k1);
	KUNIT_EXPECT_EQ(test, out.m, v->m1);

	/* Eight pixels of line 0, a line key change, eight of line 1. */
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ_MSG(test, drm_hdcp1_stream_cipher(&c), v->line0[i],
				    "line 0 pixel %d", i);
	drm_hdcp1_rekey_cipher(&c);
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ_MSG(test, drm_hdcp1_stream_cipher(&c), v->line1[i],
				    "line 1 pixel %d", i);
}

/*
 * Ri of vector 1 (A1 -> B1), frame by frame; frames 128 and 256 are Table
 * A-28, the others were computed by two independent implementations.
 */
static void drm_test_hdcp1_ri_sequence(struct kunit *test)
{
	static const struct { u32 frame; u16 ri; } expect[] = {
		{ 1, 0xc08b }, { 2, 0x97bb }, { 3, 0x82ec }, { 127, 0x0cfa },
		{ 128, 0x6153 }, { 256, 0xd189 }, { 384, 0x2b74 },
	};
	struct drm_hdcp1_session s;
	unsigned int next = 0;

	drm_hdcp1_session_start(&s, km_of("A1", "B1"), false, spec_vectors[0].an);
	while (next < ARRAY_SIZE(expect)) {
		drm_hdcp1_session_next_frame(&s);
		if (s.frame == expect[next].frame) {
			KUNIT_EXPECT_EQ_MSG(test, s.ri, expect[next].ri, "frame %u", s.frame);
			next++;
		}
		/* The register only follows every 128th frame. */
		if (s.frame < 128)
			KUNIT_EXPECT_EQ(test, s.ri_prime, 0x8ae0);
		else if (s.frame < 256)
			KUNIT_EXPECT_EQ(test, s.ri_prime, 0x6153);
		else if (s.frame < 384)
			KUNIT_EXPECT_EQ(test, s.ri_prime, 0xd189);
	}
	KUNIT_EXPECT_EQ(test, s.ri_prime, 0x2b74);
}

/* Both ends of a link agree frame after frame; a wrong Km never does. */
static void drm_test_hdcp1_ends_agree(struct kunit *test)
{
	struct drm_hdcp1_session tx, rx, bad;
	int i;

	drm_hdcp1_session_start(&tx, km_of("A2", "B1"), true, 0x0123456789abcdefULL);
	drm_hdcp1_session_start(&rx, km_of("B1", "A2"), true, 0x0123456789abcdefULL);
	drm_hdcp1_session_start(&bad, km_of("B2", "A2"), true, 0x0123456789abcdefULL);
	KUNIT_EXPECT_EQ(test, tx.r0, rx.r0);
	KUNIT_EXPECT_NE(test, tx.r0, bad.r0);
	for (i = 0; i < 130; i++) {
		drm_hdcp1_session_next_frame(&tx);
		drm_hdcp1_session_next_frame(&rx);
		KUNIT_ASSERT_EQ(test, tx.ri, rx.ri);
	}
	KUNIT_EXPECT_EQ(test, tx.ri_prime, rx.ri_prime);
}

static void drm_test_hdcp1_ksv_helpers(struct kunit *test)
{
	static const u8 a1_wire[5] = { 0x14, 0xf7, 0x61, 0x03, 0xb7 };
	u8 ksv[5];
	int i;

	KUNIT_EXPECT_EQ(test, drm_hdcp1_ksv_to_u64(a1_wire), KSV_A1);
	drm_hdcp1_u64_to_ksv(KSV_A1, ksv);
	KUNIT_EXPECT_MEMEQ(test, ksv, a1_wire, sizeof(ksv));

	for (i = 0; i < ARRAY_SIZE(hdcp1_facsimile); i++) {
		drm_hdcp1_u64_to_ksv(hdcp1_facsimile[i].ksv, ksv);
		KUNIT_EXPECT_TRUE_MSG(test, drm_hdcp1_ksv_is_valid(ksv), "%s",
				      hdcp1_facsimile[i].name);
	}
}

/* 1A-05: a Bksv without exactly twenty ones is invalid. */
static void drm_test_hdcp1_1a_05_ksv_bit_count(struct kunit *test)
{
	static const u64 bad[] = {
		0, GENMASK_ULL(39, 0), GENMASK_ULL(18, 0), GENMASK_ULL(20, 0),
		KSV_A1 ^ BIT_ULL(39), KSV_A1 | BIT_ULL(0) | BIT_ULL(1),
	};
	u8 ksv[5];
	int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		drm_hdcp1_u64_to_ksv(bad[i], ksv);
		KUNIT_EXPECT_FALSE_MSG(test, drm_hdcp1_ksv_is_valid(ksv), "%#llx", bad[i]);
	}
	drm_hdcp1_u64_to_ksv(GENMASK_ULL(19, 0), ksv);
	KUNIT_EXPECT_TRUE(test, drm_hdcp1_ksv_is_valid(ksv));
}

/* A repeater's V: the KSV list, Bstatus and M0 of a published vector. */
static void drm_test_hdcp1_v_vector(struct kunit *test)
{
	static const u8 list[] = {
		0x2e, 0x17, 0x6a, 0x79, 0x35, 0x0f, 0xe2, 0x71, 0x8e, 0x47,
		0xa6, 0x97, 0x53, 0xe8, 0x74,
	};
	static const u8 digest[DRM_HDCP1_V_LEN] = {
		0x0f, 0xcb, 0xd5, 0x86, 0xef, 0xc1, 0x07, 0xef, 0xcc, 0xd7,
		0x0a, 0x1d, 0xb1, 0x18, 0x6d, 0xda, 0x1f, 0xb3, 0xff, 0x5e,
	};
	/* The same V as the repeater's V' registers hold it. */
	static const u8 regs[DRM_HDCP1_V_LEN] = {
		0x86, 0xd5, 0xcb, 0x0f, 0xef, 0x07, 0xc1, 0xef, 0x1d, 0x0a,
		0xd7, 0xcc, 0xda, 0x6d, 0x18, 0xb1, 0x5e, 0xff, 0xb3, 0x1f,
	};
	u8 v[DRM_HDCP1_V_LEN], v_prime[DRM_HDCP1_V_LEN];

	KUNIT_ASSERT_EQ(test, drm_hdcp1_compute_v(list, 3, 0x0203,
						  0x372d3dce38bbe78fULL, v), 0);
	KUNIT_EXPECT_MEMEQ(test, v, digest, sizeof(v));
	drm_hdcp1_v_to_v_prime(v, v_prime);
	KUNIT_EXPECT_MEMEQ(test, v_prime, regs, sizeof(regs));
	/* The M0 is vector 5's (A1 -> B1 as a repeater). */
	KUNIT_EXPECT_EQ(test, spec_vectors[4].m0, 0x372d3dce38bbe78fULL);
}

/*
 * An independent SHA-1 (FIPS 180-4, straight from the definition) to check
 * V for lists of every length against.
 */
static void ref_sha1(const u8 *msg, size_t len, u8 out[20])
{
	u32 h[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0 };
	size_t padded = ((len + 8) / 64 + 1) * 64, off;
	u8 block[64];
	int i;

	for (off = 0; off < padded; off += 64) {
		u32 w[80], a, b, c, d, e, f, k, t;

		for (i = 0; i < 64; i++) {
			size_t p = off + i;

			if (p < len)
				block[i] = msg[p];
			else if (p == len)
				block[i] = 0x80;
			else if (p >= padded - 8)
				block[i] = (u64)len * 8 >> (8 * (padded - 1 - p));
			else
				block[i] = 0;
		}
		for (i = 0; i < 16; i++)
			w[i] = get_unaligned_be32(&block[4 * i]);
		for (i = 16; i < 80; i++)
			w[i] = rol32(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
		a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
		for (i = 0; i < 80; i++) {
			if (i < 20)
				f = (b & c) | (~b & d), k = 0x5a827999;
			else if (i < 40)
				f = b ^ c ^ d, k = 0x6ed9eba1;
			else if (i < 60)
				f = (b & c) | (b & d) | (c & d), k = 0x8f1bbcdc;
			else
				f = b ^ c ^ d, k = 0xca62c1d6;
			t = rol32(a, 5) + f + e + k + w[i];
			e = d, d = c, c = rol32(b, 30), b = a, a = t;
		}
		h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e;
	}
	for (i = 0; i < 5; i++)
		put_unaligned_be32(h[i], &out[4 * i]);
}

static void drm_test_hdcp1_v_every_list_length(struct kunit *test)
{
	const size_t max = 127 * DRM_HDCP_KSV_LEN + 10;
	u8 *msg = kunit_kzalloc(test, max, GFP_KERNEL);
	u8 v[DRM_HDCP1_V_LEN], ref[20];
	u64 m0 = 0x38b57ad3cdd1b266ULL;
	unsigned int n, i;

	KUNIT_ASSERT_NOT_NULL(test, msg);
	for (i = 0; i < 127 * DRM_HDCP_KSV_LEN; i++)
		msg[i] = i * 37 + 11;

	for (n = 0; n <= 127; n++) {
		u16 bstatus = n | (n % 8) << 8;
		u8 *tail = &msg[n * DRM_HDCP_KSV_LEN];
		u8 saved[10];

		memcpy(saved, tail, sizeof(saved));
		put_unaligned_le16(bstatus, tail);
		put_unaligned_le64(m0, tail + 2);
		ref_sha1(msg, n * DRM_HDCP_KSV_LEN + 10, ref);
		memcpy(tail, saved, sizeof(saved));

		KUNIT_ASSERT_EQ(test, drm_hdcp1_compute_v(msg, n, bstatus, m0, v), 0);
		KUNIT_EXPECT_MEMEQ_MSG(test, v, ref, sizeof(v), "%u KSVs", n);
	}
	KUNIT_EXPECT_EQ(test, drm_hdcp1_compute_v(msg, 128, 0, m0, v), -EINVAL);
}

static struct kunit_case drm_hdcp1_cipher_tests[] = {
	KUNIT_CASE(drm_test_hdcp1_km_facsimile_pairs),
	KUNIT_CASE_PARAM(drm_test_hdcp1_authentication_vector, spec_vector_gen_params),
	KUNIT_CASE_PARAM(drm_test_hdcp1_first_frame_vector, spec_vector_gen_params),
	KUNIT_CASE(drm_test_hdcp1_ri_sequence),
	KUNIT_CASE(drm_test_hdcp1_ends_agree),
	KUNIT_CASE(drm_test_hdcp1_ksv_helpers),
	KUNIT_CASE(drm_test_hdcp1_1a_05_ksv_bit_count),
	KUNIT_CASE(drm_test_hdcp1_v_vector),
	KUNIT_CASE(drm_test_hdcp1_v_every_list_length),
	{}
};

static struct kunit_suite drm_hdcp1_cipher_test_suite = {
	.name = "drm_hdcp1_cipher",
	.test_cases = drm_hdcp1_cipher_tests,
};

kunit_test_suite(drm_hdcp1_cipher_test_suite);

MODULE_DESCRIPTION("KUnit tests for the software HDCP 1.x cipher");
MODULE_LICENSE("Dual MIT/GPL");
