// SPDX-License-Identifier: MIT
/*
 * KUnit tests for the HDCP System Renewability Message parser and the
 * revocation lookup built on it.
 *
 * Every blob is handed to the parser in an allocation of exactly its size,
 * so a read past the end is a KASAN report, not a silent pass.
 */

#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/firmware.h>
#include <linux/vmalloc.h>

#include <kunit/device.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_drv.h>
#include <drm/drm_kunit_helpers.h>

#include "../display/drm_hdcp_helper_internal.h"

#define KSV_LEN		DRM_HDCP_KSV_LEN
#define SIG1_LEN	DRM_HDCP_1_4_DCP_SIG_SIZE
#define SIG2_LEN	DRM_HDCP_2_DCP_SIG_SIZE

/*
 * The facsimile SRM of the HDCP test material: version 5, one generation,
 * revoking the test receivers B1 (KSV 0x511ef21acd) and B2 (0xe72697f401),
 * listed most significant byte first, with a valid DSA signature.
 */
static const u8 facsimile_srm[] = {
	0x80, 0x00, 0x00, 0x05, 0x01, 0x00, 0x00, 0x36, 0x02, 0x51, 0x1e, 0xf2,
	0x1a, 0xcd, 0xe7, 0x26, 0x97, 0xf4, 0x01, 0x97, 0x10, 0x19, 0x92, 0x53,
	0xe9, 0xf0, 0x59, 0x95, 0xa3, 0x7a, 0x3b, 0xfe, 0xe0, 0x9c, 0x76, 0xdd,
	0x83, 0xaa, 0xc2, 0x5b, 0x24, 0xb3, 0x36, 0x84, 0x94, 0x75, 0x34, 0xdb,
	0x10, 0x9e, 0x3b, 0x23, 0x13, 0xd8, 0x7a, 0xc2, 0x30, 0x79, 0x84,
};

/* The same receivers as their Bksv registers return them: LSB first. */
static const u8 b1_wire[KSV_LEN] = { 0xcd, 0x1a, 0xf2, 0x1e, 0x51 };
static const u8 b2_wire[KSV_LEN] = { 0x01, 0xf4, 0x97, 0x26, 0xe7 };
/* The test transmitter A1 (0xb70361f714), which no test SRM revokes. */
static const u8 a1_wire[KSV_LEN] = { 0x14, 0xf7, 0x61, 0x03, 0xb7 };

/* Builds SRMs byte by byte into a buffer owned by the test. */
struct srm_builder {
	u8 buf[8192];
	size_t len;
	size_t gen_start;
};

static void put8(struct srm_builder *b, u8 v)
{
	b->buf[b->len++] = v;
}

static void put_n(struct srm_builder *b, u8 v, size_t n)
{
	memset(&b->buf[b->len], v, n);
	b->len += n;
}

/* KSV number @i, stored most significant byte first as in an SRM. */
static void put_ksv(struct srm_builder *b, unsigned int i)
{
	put8(b, 0x10 | (i >> 24));
	put8(b, i >> 16);
	put8(b, i >> 8);
	put8(b, i);
	put8(b, 0x5a);
}

/* The wire (LSB first) form of KSV number @i as a driver passes it. */
static void ksv_wire(u8 *out, unsigned int i)
{
	out[0] = 0x5a;
	out[1] = i;
	out[2] = i >> 8;
	out[3] = i >> 16;
	out[4] = 0x10 | (i >> 24);
}

static void srm1_begin(struct srm_builder *b, u8 generations)
{
	b->len = 0;
	put8(b, DRM_HDCP_1_4_SRM_ID << 4);
	put8(b, 0);
	put8(b, 0x12);		/* version 0x1234 */
	put8(b, 0x34);
	put8(b, generations);
	b->gen_start = b->len;
	put_n(b, 0, DRM_HDCP_1_4_VRL_LENGTH_SIZE);	/* filled by srm1_end_gen */
}

/* One VRL holding KSVs first .. first + n - 1. */
static void srm1_vrl(struct srm_builder *b, unsigned int first, unsigned int n)
{
	put8(b, n);
	for (; n; n--)
		put_ksv(b, first++);
}

static void srm1_end_gen(struct srm_builder *b)
{
	size_t len;

	put_n(b, 0xa5, SIG1_LEN);
	len = b->len - b->gen_start;
	if (b->gen_start == sizeof(struct hdcp_srm_header)) {
		b->buf[b->gen_start] = len >> 16;
		b->buf[b->gen_start + 1] = len >> 8;
		b->buf[b->gen_start + 2] = len;
	} else {
		b->buf[b->gen_start] = len >> 8;
		b->buf[b->gen_start + 1] = len;
	}
}

static void srm1_next_gen(struct srm_builder *b)
{
	b->gen_start = b->len;
	put_n(b, 0, 2);
}

static void srm2_build(struct srm_builder *b, unsigned int n)
{
	size_t len = DRM_HDCP_2_VRL_LENGTH_SIZE +
		     DRM_HDCP_2_NO_OF_DEV_PLUS_RESERVED_SZ + n * KSV_LEN + SIG2_LEN;
	unsigned int i;

	b->len = 0;
	put8(b, DRM_HDCP_2_SRM_ID << 4 | DRM_HDCP_2_INDICATOR);
	put8(b, 0);
	put8(b, 0);
	put8(b, 2);
	put8(b, 1);
	put8(b, len >> 16);
	put8(b, len >> 8);
	put8(b, len);
	put8(b, n >> 2);
	put8(b, (n & 3) << 6);
	put_n(b, 0, 2);
	for (i = 0; i < n; i++)
		put_ksv(b, i);
	put_n(b, 0xa5, SIG2_LEN);
}

static u8 *test_dup(struct kunit *test, const void *src, size_t len)
{
	u8 *p = kunit_kmalloc(test, len, GFP_KERNEL);

	if (p)
		memcpy(p, src, len);
	return p;
}

static const u8 *exact_copy(struct kunit *test, const void *src, size_t len)
{
	/* kunit_kmalloc(0) would give ZERO_SIZE_PTR, which is what we want. */
	u8 *p = kunit_kmalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	if (len)
		memcpy(p, src, len);
	return p;
}

static int parse(struct kunit *test, const void *blob, size_t len,
		 struct drm_hdcp_srm_info *info, const char **why)
{
	return drm_hdcp_srm_parse(exact_copy(test, blob, len), len, info, why);
}

static int count_revoked(struct kunit *test, const struct srm_builder *b,
			 const u8 *ksvs, u32 n)
{
	return drm_hdcp_srm_count_revoked(exact_copy(test, b->buf, b->len),
					  b->len, ksvs, n, NULL);
}

static void drm_test_hdcp_srm_facsimile_parses(struct kunit *test)
{
	struct drm_hdcp_srm_info info;
	const char *why = "unset";

	KUNIT_ASSERT_EQ(test, parse(test, facsimile_srm, sizeof(facsimile_srm),
				    &info, &why), 0);
	KUNIT_EXPECT_NULL(test, why);
	KUNIT_EXPECT_EQ(test, info.protocol, 1);
	KUNIT_EXPECT_EQ(test, info.srm_version, 5);
	KUNIT_EXPECT_EQ(test, info.generations, 1);
	KUNIT_EXPECT_EQ(test, info.ksv_count, 2);
}

/* 1A-08: a Bksv listed in the SRM must fail; here in the wire byte order. */
static void drm_test_hdcp_srm_1a_08_facsimile_revokes_b1_b2(struct kunit *test)
{
	const u8 *srm = exact_copy(test, facsimile_srm, sizeof(facsimile_srm));
	u8 ksvs[3 * KSV_LEN];

	KUNIT_EXPECT_EQ(test, drm_hdcp_srm_count_revoked(srm, sizeof(facsimile_srm),
							 b1_wire, 1, NULL), 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp_srm_count_revoked(srm, sizeof(facsimile_srm),
							 b2_wire, 1, NULL), 1);
	KUNIT_EXPECT_EQ(test, drm_hdcp_srm_count_revoked(srm, sizeof(facsimile_srm),
							 a1_wire, 1, NULL), 0);

	memcpy(&ksvs[0], b1_wire, KSV_LEN);
	memcpy(&ksvs[KSV_LEN], a1_wire, KSV_LEN);
	memcpy(&ksvs[2 * KSV_LEN], b2_wire, KSV_LEN);
	KUNIT_EXPECT_EQ(test, drm_hdcp_srm_count_revoked(srm, sizeof(facsimile_srm),
							 ksvs, 3, NULL), 2);
}

/* The SRM's own (MSB first) spelling of B1 is not what a sink sends. */
static void drm_test_hdcp_srm_ksv_byte_order(struct kunit *test)
{
	const u8 *srm = exact_copy(test, facsimile_srm, sizeof(facsimile_srm));
	static const u8 b1_msb_first[KSV_LEN] = { 0x51, 0x1e, 0xf2, 0x1a, 0xcd };

	KUNIT_EXPECT_EQ(test, drm_hdcp_srm_count_revoked(srm, sizeof(facsimile_srm),
							 b1_msb_first, 1, NULL), 0);
	KUNIT_EXPECT_EQ(test, drm_hdcp_srm_count_revoked(srm, sizeof(facsimile_srm),
							 b1_wire, 1, NULL), 1);
}

static void drm_test_hdcp_srm_zero_ksvs_empty(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;
	u8 ksv[KSV_LEN];

	KUNIT_ASSERT_NOT_NULL(test, b);
	srm1_begin(b, 1);
	srm1_end_gen(b);
	KUNIT_ASSERT_EQ(test, parse(test, b->buf, b->len, &info, NULL), 0);
	KUNIT_EXPECT_EQ(test, info.ksv_count, 0);
	ksv_wire(ksv, 0);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksv, 1), 0);
}

static void drm_test_hdcp_srm_zero_ksvs_empty_vrl(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;

	KUNIT_ASSERT_NOT_NULL(test, b);
	srm1_begin(b, 1);
	srm1_vrl(b, 0, 0);
	srm1_vrl(b, 0, 0);
	srm1_end_gen(b);
	KUNIT_ASSERT_EQ(test, parse(test, b->buf, b->len, &info, NULL), 0);
	KUNIT_EXPECT_EQ(test, info.ksv_count, 0);
	KUNIT_EXPECT_EQ(test, info.srm_version, 0x1234);
}

static void drm_test_hdcp_srm_one_ksv(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;
	u8 ksv[KSV_LEN];

	KUNIT_ASSERT_NOT_NULL(test, b);
	srm1_begin(b, 1);
	srm1_vrl(b, 7, 1);
	srm1_end_gen(b);
	KUNIT_ASSERT_EQ(test, parse(test, b->buf, b->len, &info, NULL), 0);
	KUNIT_EXPECT_EQ(test, info.ksv_count, 1);

	ksv_wire(ksv, 7);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksv, 1), 1);
	ksv_wire(ksv, 8);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksv, 1), 0);
}

/* Several VRLs filling a first generation up to the 5 KiB limit. */
static void drm_test_hdcp_srm_many_ksvs(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;
	u8 *ksvs = kunit_kzalloc(test, 4 * KSV_LEN, GFP_KERNEL);
	unsigned int first = 0, n = 0;

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, ksvs);
	srm1_begin(b, 1);
	while (b->len + 1 + 127 * KSV_LEN + SIG1_LEN <= DRM_HDCP_SRM_GEN1_MAX_BYTES) {
		srm1_vrl(b, first, 127);
		first += 127;
	}
	n = (DRM_HDCP_SRM_GEN1_MAX_BYTES - b->len - SIG1_LEN - 1) / KSV_LEN;
	srm1_vrl(b, first, n);
	first += n;
	srm1_end_gen(b);
	KUNIT_ASSERT_LE(test, b->len, (size_t)DRM_HDCP_SRM_GEN1_MAX_BYTES);
	KUNIT_ASSERT_GT(test, first, 900u);

	KUNIT_ASSERT_EQ(test, parse(test, b->buf, b->len, &info, NULL), 0);
	KUNIT_EXPECT_EQ(test, info.ksv_count, first);

	/* First, one at a VRL boundary, last, and one past the end. */
	ksv_wire(&ksvs[0], 0);
	ksv_wire(&ksvs[KSV_LEN], 127);
	ksv_wire(&ksvs[2 * KSV_LEN], first - 1);
	ksv_wire(&ksvs[3 * KSV_LEN], first);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksvs, 4), 3);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, &ksvs[3 * KSV_LEN], 1), 0);
}

static void drm_test_hdcp_srm_second_generation(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;
	u8 ksv[KSV_LEN];

	KUNIT_ASSERT_NOT_NULL(test, b);
	srm1_begin(b, 3);
	srm1_vrl(b, 0, 2);
	srm1_end_gen(b);
	srm1_next_gen(b);
	srm1_vrl(b, 100, 3);
	srm1_vrl(b, 200, 1);
	srm1_end_gen(b);
	srm1_next_gen(b);
	srm1_end_gen(b);

	KUNIT_ASSERT_EQ(test, parse(test, b->buf, b->len, &info, NULL), 0);
	KUNIT_EXPECT_EQ(test, info.generations, 3);
	KUNIT_EXPECT_EQ(test, info.ksv_count, 6);

	ksv_wire(ksv, 102);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksv, 1), 1);
	ksv_wire(ksv, 200);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksv, 1), 1);
	ksv_wire(ksv, 103);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksv, 1), 0);
}

/* A repeater's KSV list: revoked devices anywhere in it are found. */
static void drm_test_hdcp_srm_1b_revoked_downstream_ksv(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	u8 *list = kunit_kzalloc(test, 127 * KSV_LEN, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, list);
	srm1_begin(b, 1);
	srm1_vrl(b, 1000, 1);
	srm1_vrl(b, 1126, 1);
	srm1_end_gen(b);

	for (i = 0; i < 127; i++)
		ksv_wire(&list[i * KSV_LEN], 1000 + i);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, list, 127), 2);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, &list[KSV_LEN], 125), 0);
}

/* The same KSV twice in the SRM counts once; twice in the list, twice. */
static void drm_test_hdcp_srm_duplicates(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	u8 ksvs[2 * KSV_LEN];

	KUNIT_ASSERT_NOT_NULL(test, b);
	srm1_begin(b, 1);
	srm1_vrl(b, 5, 1);
	srm1_vrl(b, 5, 1);
	srm1_end_gen(b);

	ksv_wire(&ksvs[0], 5);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksvs, 1), 1);
	ksv_wire(&ksvs[KSV_LEN], 5);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksvs, 2), 2);
}

/* HDCP 2.x receiver IDs travel MSB first, so they compare as stored. */
static void drm_test_hdcp_srm_hdcp2(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;
	u8 id[KSV_LEN] = { 0x10, 0x00, 0x00, 0x02, 0x5a };

	KUNIT_ASSERT_NOT_NULL(test, b);
	srm2_build(b, 5);
	KUNIT_ASSERT_EQ(test, parse(test, b->buf, b->len, &info, NULL), 0);
	KUNIT_EXPECT_EQ(test, info.protocol, 2);
	KUNIT_EXPECT_EQ(test, info.ksv_count, 5);
	KUNIT_EXPECT_EQ(test, info.srm_version, 2);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, id, 1), 1);
	id[3] = 5;
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, id, 1), 0);

	srm2_build(b, 0);
	KUNIT_ASSERT_EQ(test, parse(test, b->buf, b->len, &info, NULL), 0);
	KUNIT_EXPECT_EQ(test, info.ksv_count, 0);
}

/* Every proper prefix of the facsimile SRM is malformed. */
static void drm_test_hdcp_srm_truncated_facsimile(struct kunit *test)
{
	struct drm_hdcp_srm_info info;
	const char *why;
	size_t len;

	for (len = 0; len < sizeof(facsimile_srm); len++) {
		why = NULL;
		KUNIT_EXPECT_EQ_MSG(test, parse(test, facsimile_srm, len, &info, &why),
				    -EINVAL, "prefix of %zu bytes", len);
		KUNIT_EXPECT_NOT_NULL_MSG(test, why, "prefix of %zu bytes", len);
		KUNIT_EXPECT_EQ(test, info.ksv_count, 0);
	}
}

struct srm_bad_case {
	const char *name;
	void (*build)(struct srm_builder *b);
	const char *why;
};

static void bad_wrong_id(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_end_gen(b);
	b->buf[0] = 0x90;
}

static void bad_zero_id(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_end_gen(b);
	b->buf[0] = 0;
}

static void bad_zero_generations(struct srm_builder *b)
{
	srm1_begin(b, 0);
	srm1_end_gen(b);
}

static void bad_vrl_length_short(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_end_gen(b);
	b->buf[7] = DRM_HDCP_1_4_VRL_LENGTH_SIZE + SIG1_LEN - 1;
	b->len--;
}

static void bad_vrl_length_past_end(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_vrl(b, 0, 2);
	srm1_end_gen(b);
	b->buf[7] += 1;
}

static void bad_vrl_length_huge(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_end_gen(b);
	b->buf[5] = 0xff;
	b->buf[6] = 0xff;
	b->buf[7] = 0xff;
}

static void bad_ksv_count_overflows(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_vrl(b, 0, 2);
	srm1_end_gen(b);
	b->buf[8] = 127;
}

static void bad_ksv_count_one_too_many(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_vrl(b, 0, 2);
	srm1_vrl(b, 2, 1);
	srm1_end_gen(b);
	b->buf[8 + 1 + 2 * KSV_LEN] = 2;
}

static void bad_stray_vrl_byte(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_vrl(b, 0, 1);
	put8(b, 1);	/* a VRL header whose KSV is missing */
	srm1_end_gen(b);
}

static void bad_gen1_too_large(struct srm_builder *b)
{
	srm1_begin(b, 1);
	while (b->len + 1 + 127 * KSV_LEN + SIG1_LEN <= DRM_HDCP_SRM_GEN1_MAX_BYTES)
		srm1_vrl(b, 0, 127);
	srm1_vrl(b, 0, 127);
	srm1_end_gen(b);
}

static void bad_missing_generation(struct srm_builder *b)
{
	srm1_begin(b, 2);
	srm1_vrl(b, 0, 1);
	srm1_end_gen(b);
}

static void bad_next_gen_short(struct srm_builder *b)
{
	srm1_begin(b, 2);
	srm1_end_gen(b);
	srm1_next_gen(b);
	srm1_end_gen(b);
	b->buf[b->gen_start + 1] = 2 + SIG1_LEN - 1;
	b->len--;
}

static void bad_next_gen_past_end(struct srm_builder *b)
{
	srm1_begin(b, 2);
	srm1_end_gen(b);
	srm1_next_gen(b);
	srm1_vrl(b, 0, 1);
	srm1_end_gen(b);
	b->buf[b->gen_start] = 0x04;
}

static void bad_next_gen_ksv_overflow(struct srm_builder *b)
{
	srm1_begin(b, 2);
	srm1_end_gen(b);
	srm1_next_gen(b);
	srm1_vrl(b, 0, 1);
	srm1_end_gen(b);
	b->buf[b->gen_start + 2] = 9;
}

static void bad_trailing_bytes(struct srm_builder *b)
{
	srm1_begin(b, 1);
	srm1_vrl(b, 0, 1);
	srm1_end_gen(b);
	put8(b, 0);
}

static void bad_hdcp2_count_overflows(struct srm_builder *b)
{
	srm2_build(b, 2);
	b->buf[8] = 0xff;
}

static void bad_hdcp2_short(struct srm_builder *b)
{
	srm2_build(b, 0);
	b->len -= 1;
}

static void bad_hdcp2_length_past_end(struct srm_builder *b)
{
	srm2_build(b, 1);
	b->buf[6] += 1;
}

static void bad_hdcp2_trailing_bytes(struct srm_builder *b)
{
	srm2_build(b, 1);
	put8(b, 0);
}

static void bad_hdcp2_zero_generations(struct srm_builder *b)
{
	srm2_build(b, 1);
	b->buf[4] = 0;
}

static const struct srm_bad_case srm_bad_cases[] = {
	{ "wrong SRM ID", bad_wrong_id, "SRM ID" },
	{ "zero SRM ID", bad_zero_id, "SRM ID" },
	{ "zero generations", bad_zero_generations, "zero generations" },
	{ "VRL length below minimum", bad_vrl_length_short, "shorter" },
	{ "VRL length one past the end", bad_vrl_length_past_end, "past the end" },
	{ "VRL length 0xffffff", bad_vrl_length_huge, "5 KiB" },
	{ "VRL KSV count 127 in a small VRL", bad_ksv_count_overflows, "more KSVs" },
	{ "last VRL one KSV short", bad_ksv_count_one_too_many, "more KSVs" },
	{ "stray VRL header", bad_stray_vrl_byte, "more KSVs" },
	{ "first generation over 5 KiB", bad_gen1_too_large, "5 KiB" },
	{ "announced generation missing", bad_missing_generation, "missing" },
	{ "next generation length below minimum", bad_next_gen_short, "shorter" },
	{ "next generation past the end", bad_next_gen_past_end, "past the end" },
	{ "next generation KSV count overflows", bad_next_gen_ksv_overflow, "more KSVs" },
	{ "trailing bytes", bad_trailing_bytes, "follow" },
	{ "HDCP 2 receiver count overflows", bad_hdcp2_count_overflows, "count" },
	{ "HDCP 2 shorter than its signature", bad_hdcp2_short, "shorter" },
	{ "HDCP 2 length past the end", bad_hdcp2_length_past_end, "past the end" },
	{ "HDCP 2 trailing bytes", bad_hdcp2_trailing_bytes, "follow" },
	{ "HDCP 2 zero generations", bad_hdcp2_zero_generations, "zero generations" },
};

static void srm_bad_case_desc(const struct srm_bad_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(srm_bad, srm_bad_cases, srm_bad_case_desc);

static void drm_test_hdcp_srm_malformed_rejected(struct kunit *test)
{
	const struct srm_bad_case *c = test->param_value;
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;
	const char *why = NULL;
	u8 ksv[KSV_LEN];

	KUNIT_ASSERT_NOT_NULL(test, b);
	c->build(b);
	KUNIT_EXPECT_EQ(test, parse(test, b->buf, b->len, &info, &why), -EINVAL);
	KUNIT_ASSERT_NOT_NULL(test, why);
	kunit_info(test, "%s: rejected, %s\n", c->name, why);
	KUNIT_EXPECT_NOT_NULL(test, strstr(why, c->why));
	KUNIT_EXPECT_EQ(test, info.ksv_count, 0);

	/* A lookup against it fails instead of answering "not revoked". */
	ksv_wire(ksv, 0);
	KUNIT_EXPECT_EQ(test, count_revoked(test, b, ksv, 1), -EINVAL);
}

/*
 * The firmware file the revocation check loads, as the test sets it: none,
 * or @blob. The machine's own /lib/firmware is never looked at.
 */
struct installed_srm {
	const u8 *blob;
	size_t len;
};

static int fake_load_srm(struct drm_device *drm, const struct firmware **fw)
{
	struct installed_srm *srm = kunit_get_current_test()->priv;
	struct firmware *f;
	void *data;

	if (!srm || !srm->blob)
		return -ENOENT;
	f = kzalloc(sizeof(*f), GFP_KERNEL);
	data = vmalloc(srm->len);
	if (!f || !data) {
		kfree(f);
		vfree(data);
		return -ENOMEM;
	}
	memcpy(data, srm->blob, srm->len);
	f->data = data;
	f->size = srm->len;
	*fw = f;
	return 0;
}

static struct drm_device *srm_device(struct kunit *test, const u8 *blob, size_t len)
{
	struct installed_srm *srm = kunit_kzalloc(test, sizeof(*srm), GFP_KERNEL);
	struct drm_device *drm;
	struct device *dev;

	KUNIT_ASSERT_NOT_NULL(test, srm);
	srm->blob = blob;
	srm->len = len;
	test->priv = srm;
	kunit_activate_static_stub(test, drm_hdcp_load_srm, fake_load_srm);

	dev = drm_kunit_helper_alloc_device(test);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	drm = __drm_kunit_helper_alloc_drm_device(test, dev, sizeof(*drm), 0,
						  DRIVER_MODESET);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, drm);
	return drm;
}

/* Without an installed SRM nothing is revoked. */
static void drm_test_hdcp_srm_missing_file_revokes_nothing(struct kunit *test)
{
	struct drm_device *drm = srm_device(test, NULL, 0);
	u8 ksvs[2 * KSV_LEN];

	memcpy(&ksvs[0], b1_wire, KSV_LEN);
	memcpy(&ksvs[KSV_LEN], b2_wire, KSV_LEN);
	KUNIT_EXPECT_EQ(test, drm_hdcp_check_ksvs_revoked(drm, ksvs, 2), 0);
	KUNIT_EXPECT_EQ(test, drm_hdcp_check_ksvs_revoked(drm, ksvs, 0), 0);
	KUNIT_EXPECT_EQ(test, drm_hdcp_check_ksvs_revoked(drm, NULL, 1), -EINVAL);
}

/* 1A-08 through the exported check: the installed facsimile SRM revokes B1 and B2. */
static void drm_test_hdcp_srm_installed_file_revokes(struct kunit *test)
{
	struct drm_device *drm = srm_device(test, facsimile_srm, sizeof(facsimile_srm));
	u8 ksvs[3 * KSV_LEN];

	memcpy(&ksvs[0], b1_wire, KSV_LEN);
	memcpy(&ksvs[KSV_LEN], a1_wire, KSV_LEN);
	memcpy(&ksvs[2 * KSV_LEN], b2_wire, KSV_LEN);
	KUNIT_EXPECT_EQ(test, drm_hdcp_check_ksvs_revoked(drm, ksvs, 3), 2);
	KUNIT_EXPECT_EQ(test, drm_hdcp_check_ksvs_revoked(drm, &ksvs[KSV_LEN], 1), 0);
}

/* A malformed installed SRM is an error, which drivers treat as nothing revoked. */
static void drm_test_hdcp_srm_installed_file_malformed(struct kunit *test)
{
	struct drm_device *drm = srm_device(test, facsimile_srm, sizeof(facsimile_srm) - 1);
	u8 ksvs[KSV_LEN];

	memcpy(ksvs, b1_wire, KSV_LEN);
	KUNIT_EXPECT_EQ(test, drm_hdcp_check_ksvs_revoked(drm, ksvs, 1), -EINVAL);
}

#define SRM_FUZZ_RUNS	10000

/* One mutation of @buf (holding @len bytes of a valid SRM); returns the new length. */
static size_t srm_mutate(struct rnd_state *rnd, u8 *buf, size_t len, size_t cap,
			 unsigned int run)
{
	u32 r = prandom_u32_state(rnd);
	size_t at = len ? prandom_u32_state(rnd) % len : 0;
	unsigned int i, n;

	switch (r % 7) {
	case 0:		/* truncation */
		return len ? prandom_u32_state(rnd) % len : 0;
	case 1:		/* a few bit flips */
		n = 1 + r / 7 % 8;
		for (i = 0; i < n && len; i++) {
			at = prandom_u32_state(rnd) % len;
			buf[at] ^= BIT(prandom_u32_state(rnd) % 8);
		}
		return len;
	case 2:		/* the first generation's length pushed around */
		if (len >= 8) {
			buf[5] = prandom_u32_state(rnd);
			buf[6] = prandom_u32_state(rnd);
			buf[7] = prandom_u32_state(rnd);
		}
		return len;
	case 3:		/* a byte that may be a count or a later length */
		buf[at] = r & 1 ? 0xff : prandom_u32_state(rnd);
		return len;
	case 4:		/* every generation count */
		if (len > 4)
			buf[4] = run;
		return len;
	case 5:		/* trailing bytes */
		n = min_t(size_t, 1 + r / 7 % 64, cap - len);
		prandom_bytes_state(rnd, buf + len, n);
		return len + n;
	default:	/* a random span overwritten */
		n = min_t(size_t, 1 + r / 7 % 16, len - at);
		prandom_bytes_state(rnd, buf + at, n);
		return len;
	}
}

/*
 * Ten thousand mutated SRMs from a fixed seed, each in an
 * allocation of exactly its size so that KASAN sees any stray read; each
 * answer is a count in range or -EINVAL.
 */
static void drm_test_hdcp_srm_fuzz(struct kunit *test)
{
	struct srm_builder *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_hdcp_srm_info info;
	struct rnd_state rnd;
	u8 ksvs[4 * KSV_LEN];
	u8 *base[4], *work, *blob;
	size_t base_len[4], len;
	unsigned int run, rejected = 0;
	const char *why;
	int ret, i;

	KUNIT_ASSERT_NOT_NULL(test, b);
	work = kunit_kzalloc(test, sizeof(b->buf), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, work);

	base[0] = test_dup(test, facsimile_srm, sizeof(facsimile_srm));
	base_len[0] = sizeof(facsimile_srm);
	srm1_begin(b, 3);
	srm1_vrl(b, 0, 2);
	srm1_vrl(b, 7, 1);
	srm1_end_gen(b);
	srm1_next_gen(b);
	srm1_vrl(b, 20, 3);
	srm1_end_gen(b);
	srm1_next_gen(b);
	srm1_end_gen(b);
	base[1] = test_dup(test, b->buf, b->len);
	base_len[1] = b->len;
	srm2_build(b, 3);
	base[2] = test_dup(test, b->buf, b->len);
	base_len[2] = b->len;
	srm1_begin(b, 1);
	srm1_end_gen(b);
	base[3] = test_dup(test, b->buf, b->len);
	base_len[3] = b->len;
	for (i = 0; i < 4; i++) {
		KUNIT_ASSERT_NOT_NULL(test, base[i]);
		KUNIT_ASSERT_EQ(test, drm_hdcp_srm_parse(base[i], base_len[i], &info, NULL), 0);
	}
	memcpy(&ksvs[0], b1_wire, KSV_LEN);
	ksv_wire(&ksvs[KSV_LEN], 0);
	ksv_wire(&ksvs[2 * KSV_LEN], 21);
	memcpy(&ksvs[3 * KSV_LEN], a1_wire, KSV_LEN);

	prandom_seed_state(&rnd, 0x48444350);	/* "HDCP" */
	for (run = 0; run < SRM_FUZZ_RUNS; run++) {
		i = run % 4;
		memcpy(work, base[i], base_len[i]);
		len = srm_mutate(&rnd, work, base_len[i], sizeof(b->buf), run);
		if (prandom_u32_state(&rnd) & 1)
			len = srm_mutate(&rnd, work, len, sizeof(b->buf), run);

		blob = kmalloc(len, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, blob);
		memcpy(blob, work, len);
		why = NULL;
		ret = drm_hdcp_srm_count_revoked(blob, len, ksvs, 4, &why);
		if (ret < 0) {
			rejected++;
			KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "run %u", run);
			KUNIT_EXPECT_NOT_NULL_MSG(test, why, "run %u", run);
		} else {
			KUNIT_EXPECT_LE_MSG(test, ret, 4, "run %u", run);
			KUNIT_EXPECT_EQ(test, drm_hdcp_srm_parse(blob, len, &info, NULL), 0);
		}
		kfree(blob);
	}
	kunit_info(test, "%u mutated SRMs, %u rejected\n", SRM_FUZZ_RUNS, rejected);
	/* Both outcomes must have been exercised for the run to mean anything. */
	KUNIT_EXPECT_GT(test, rejected, 0u);
	KUNIT_EXPECT_LT(test, rejected, SRM_FUZZ_RUNS);
}

static struct kunit_case drm_hdcp_srm_tests[] = {
	KUNIT_CASE(drm_test_hdcp_srm_facsimile_parses),
	KUNIT_CASE(drm_test_hdcp_srm_1a_08_facsimile_revokes_b1_b2),
	KUNIT_CASE(drm_test_hdcp_srm_ksv_byte_order),
	KUNIT_CASE(drm_test_hdcp_srm_zero_ksvs_empty),
	KUNIT_CASE(drm_test_hdcp_srm_zero_ksvs_empty_vrl),
	KUNIT_CASE(drm_test_hdcp_srm_one_ksv),
	KUNIT_CASE(drm_test_hdcp_srm_many_ksvs),
	KUNIT_CASE(drm_test_hdcp_srm_second_generation),
	KUNIT_CASE(drm_test_hdcp_srm_1b_revoked_downstream_ksv),
	KUNIT_CASE(drm_test_hdcp_srm_duplicates),
	KUNIT_CASE(drm_test_hdcp_srm_hdcp2),
	KUNIT_CASE(drm_test_hdcp_srm_truncated_facsimile),
	KUNIT_CASE_PARAM(drm_test_hdcp_srm_malformed_rejected, srm_bad_gen_params),
	KUNIT_CASE(drm_test_hdcp_srm_missing_file_revokes_nothing),
	KUNIT_CASE(drm_test_hdcp_srm_installed_file_revokes),
	KUNIT_CASE(drm_test_hdcp_srm_installed_file_malformed),
	KUNIT_CASE(drm_test_hdcp_srm_fuzz),
	{}
};

static struct kunit_suite drm_hdcp_srm_test_suite = {
	.name = "drm_hdcp_srm",
	.test_cases = drm_hdcp_srm_tests,
};

kunit_test_suite(drm_hdcp_srm_test_suite);

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_DESCRIPTION("KUnit tests for the HDCP SRM parser");
MODULE_LICENSE("Dual MIT/GPL");
