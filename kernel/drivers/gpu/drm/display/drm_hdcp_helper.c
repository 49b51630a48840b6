// SPDX-License-Identifier: GPL-2.0
/*
 * Content Protection connector properties and HDCP revocation (SRM) checks.
 *
 * The atomic core (drm_atomic.c) applies the rules for the property values
 * to the states of connectors that ask for them; this file creates the
 * properties, lets drivers report the link state, and answers revocation
 * questions from the System Renewability Message.
 */

#include <linux/bitmap.h>
#include <linux/export.h>
#include <linux/firmware.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_connector.h>
#include <drm/drm_device.h>
#include <drm/drm_mode_config.h>
#include <drm/drm_mode_object.h>
#include <drm/drm_modeset_lock.h>
#include <drm/drm_print.h>
#include <drm/drm_property.h>
#include <drm/drm_sysfs.h>

#include "drm_hdcp_helper_internal.h"

/**
 * DOC: content protection
 *
 * Content protection lets userspace ask for the link between a connector and
 * its sink to be encrypted, today with HDCP. A connector that supports it
 * carries the enum property "Content Protection" and, when the driver can
 * tell content types apart, the enum property "HDCP Content Type". Drivers
 * attach both with drm_connector_attach_content_protection_property().
 *
 * "Content Protection" has three values:
 *
 * Undesired (0):
 *	The link is not to be protected; content may go out in the clear.
 *	Setting it from Desired or Enabled makes the driver stop encrypting.
 * Desired (1):
 *	Userspace wants the link protected, and it is not (yet). The driver
 *	authenticates the sink in the background; the atomic commit that sets
 *	Desired does not wait for it. Desired stays until userspace sets
 *	Undesired: across hotplug, DPMS, modesets, suspend and resume the
 *	driver authenticates again whenever the link comes back.
 * Enabled (2):
 *	The link is protected. Only the kernel sets this value: an atomic or
 *	legacy property update asking for Enabled fails with -EINVAL, as does
 *	any value outside the enum. When the link stops being protected (a
 *	failed integrity check, a sink that goes away, a revoked device, the
 *	link switched off) the kernel moves the connector back to Desired and
 *	retries on its own. Enabled is never shown while the link is in the
 *	clear: the kernel reports Desired before it stops encrypting.
 *
 * Every committed state follows the same rules, whoever built it
 * (userspace, the state restored on resume, a driver): it keeps Enabled only
 * when the current state has it and the commit leaves the protected session
 * alone (same content type, same CRTC, active before and after, no
 * modeset); otherwise it carries Desired. Setting Desired again on an Enabled
 * connector keeps it Enabled, and Undesired always wins. The atomic core
 * applies these rules when it checks a commit to connectors that set
 * &drm_connector.content_protection_checked (those of the HDCP 1.4 engine,
 * drm_hdcp1_init(), among them); other drivers apply them in their own
 * atomic_check and commit paths.
 *
 * "HDCP Content Type" tells the driver what the content needs: "HDCP Type0"
 * (0) may travel over any HDCP version, "HDCP Type1" (1) needs HDCP 2.2 or
 * later, so a driver that only speaks HDCP 1.4 never reports Enabled for it.
 * It defaults to Type0 and is only exposed by drivers that can protect Type1
 * content. Changing the type on an Enabled connector moves it back to
 * Desired in the same commit; the driver then authenticates for the new
 * type.
 *
 * Every change the kernel makes on its own, through
 * drm_hdcp_update_content_protection(), is announced with a uevent carrying
 * HOTPLUG=1, CONNECTOR=<connector object id> and PROPERTY=<property object
 * id>, so a compositor can wait for Enabled, and notice the fall back to
 * Desired, without polling. So is a fall back to Desired that a commit
 * makes, whoever made the commit: a compositor's DPMS or modeset, the
 * restore after resume, a driver's link retraining. A compositor need not
 * have made the commit that ended protection to learn of it.
 *
 * Revocation: before it trusts a receiver or the devices behind a repeater,
 * a driver calls drm_hdcp_check_ksvs_revoked(), which looks the KSVs up in
 * the System Renewability Message (SRM) that userspace installs as the
 * firmware file "display_hdcp_srm.bin". Without that file nothing is
 * revoked.
 */

static const struct drm_prop_enum_list drm_hdcp_cp_enum[] = {
	{ DRM_MODE_CONTENT_PROTECTION_UNDESIRED, "Undesired" },
	{ DRM_MODE_CONTENT_PROTECTION_DESIRED, "Desired" },
	{ DRM_MODE_CONTENT_PROTECTION_ENABLED, "Enabled" },
};

static const struct drm_prop_enum_list drm_hdcp_type_enum[] = {
	{ DRM_MODE_HDCP_CONTENT_TYPE0, "HDCP Type0" },
	{ DRM_MODE_HDCP_CONTENT_TYPE1, "HDCP Type1" },
};

static const char *drm_hdcp_enum_name(const struct drm_prop_enum_list *list,
				      unsigned int n, int val)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (list[i].type == val)
			return list[i].name;
	return "(unknown)";
}

/* Declared in drm_connector.h for state printing. */
const char *drm_get_content_protection_name(int val)
{
	return drm_hdcp_enum_name(drm_hdcp_cp_enum,
				  ARRAY_SIZE(drm_hdcp_cp_enum), val);
}

const char *drm_get_hdcp_content_type_name(int val)
{
	return drm_hdcp_enum_name(drm_hdcp_type_enum,
				  ARRAY_SIZE(drm_hdcp_type_enum), val);
}

static bool drm_hdcp_obj_has_property(const struct drm_mode_object *obj,
				      const struct drm_property *prop)
{
	int i;

	for (i = 0; i < obj->properties->count; i++)
		if (obj->properties->properties[i] == prop)
			return true;
	return false;
}

/*
 * Create @name once per device, cache it in *@slot and attach it to @obj
 * with @initial unless it is attached already.
 */
static int drm_hdcp_attach_enum(struct drm_device *dev,
				struct drm_mode_object *obj,
				struct drm_property **slot, const char *name,
				const struct drm_prop_enum_list *list,
				int n, u64 initial)
{
	if (!*slot) {
		struct drm_property *prop;

		prop = drm_property_create_enum(dev, 0, name, list, n);
		if (!prop)
			return -ENOMEM;
		*slot = prop;
	}

	if (!drm_hdcp_obj_has_property(obj, *slot))
		drm_object_attach_property(obj, *slot, initial);
	return 0;
}

/**
 * drm_connector_attach_content_protection_property - expose content protection
 * on a connector
 * @connector: connector whose link the driver can encrypt
 * @hdcp_content_type: also expose "HDCP Content Type"
 *
 * Creates the "Content Protection" enum property the first time any
 * connector of the device asks for it, stores it in
 * &drm_mode_config.content_protection_property and attaches it to @connector
 * with the value Undesired. With @hdcp_content_type the "HDCP Content Type"
 * property (&drm_mode_config.hdcp_content_type_property) is handled the same
 * way, starting at "HDCP Type0". Calling this again for the same connector
 * changes nothing.
 *
 * The values userspace picks end up in &drm_connector_state.content_protection
 * and &drm_connector_state.hdcp_content_type. The driver reports progress
 * with drm_hdcp_update_content_protection().
 *
 * Returns:
 * 0 on success, -ENOMEM if a property could not be created.
 */
int drm_connector_attach_content_protection_property(struct drm_connector *connector,
						     bool hdcp_content_type)
{
	struct drm_device *dev = connector->dev;
	struct drm_mode_config *config = &dev->mode_config;
	int ret;

	ret = drm_hdcp_attach_enum(dev, &connector->base,
				   &config->content_protection_property,
				   "Content Protection", drm_hdcp_cp_enum,
				   ARRAY_SIZE(drm_hdcp_cp_enum),
				   DRM_MODE_CONTENT_PROTECTION_UNDESIRED);
	if (ret || !hdcp_content_type)
		return ret;

	return drm_hdcp_attach_enum(dev, &connector->base,
				    &config->hdcp_content_type_property,
				    "HDCP Content Type", drm_hdcp_type_enum,
				    ARRAY_SIZE(drm_hdcp_type_enum),
				    DRM_MODE_HDCP_CONTENT_TYPE0);
}
EXPORT_SYMBOL(drm_connector_attach_content_protection_property);

/**
 * drm_hdcp_update_content_protection - report a kernel-made change of the
 * content protection state
 * @connector: connector whose link changed
 * @val: new value, one of the DRM_MODE_CONTENT_PROTECTION_* values
 *
 * Drivers call this when the link becomes encrypted (Desired to Enabled) or
 * stops being protected (Enabled to Desired). The value is written into the
 * connector's current state and, if it differs from what was there, a
 * connector property uevent is sent so that userspace rereads the property.
 * Writing the value that is already set sends nothing.
 *
 * The caller must hold &drm_mode_config.connection_mutex, which protects
 * &drm_connector.state against a concurrent commit.
 */
void drm_hdcp_update_content_protection(struct drm_connector *connector,
					u64 val)
{
	struct drm_device *dev = connector->dev;
	struct drm_property *prop = dev->mode_config.content_protection_property;
	struct drm_connector_state *state = connector->state;

	drm_modeset_lock_assert_held(&dev->mode_config.connection_mutex);

	if (val > DRM_MODE_CONTENT_PROTECTION_ENABLED) {
		drm_err(dev, "[CONNECTOR:%d:%s] invalid content protection value %llu from the driver\n",
			connector->base.id, connector->name, val);
		return;
	}
	if (!prop || !state || state->content_protection == val)
		return;

	drm_dbg_kms(dev, "[CONNECTOR:%d:%s] content protection %s -> %s\n",
		    connector->base.id, connector->name,
		    drm_get_content_protection_name(state->content_protection),
		    drm_get_content_protection_name(val));
	WRITE_ONCE(state->content_protection, val);
	drm_sysfs_connector_property_event(connector, prop);
}
EXPORT_SYMBOL(drm_hdcp_update_content_protection);

/*
 * System Renewability Message.
 *
 * HDCP 1.x SRM (all multi-byte fields big-endian):
 *
 *   0  ID in bits 7:4 (8), reserved bits
 *   1  reserved
 *   2  SRM version (2 bytes)
 *   4  number of generations in this file
 *   5  length of the first generation: these 3 bytes, its VRLs and its
 *      40-byte DSA signature
 *   8  VRLs: a count byte (bits 6:0, bit 7 reserved), then that many 5-byte
 *      KSVs
 *   .. signature
 *
 * Every further generation is a 2-byte length (counting itself, its VRLs and
 * its signature), VRLs and a signature. An HDCP 2.x SRM has the ID byte 0x91,
 * the same 5-byte header and 3-byte length, then a 10-bit receiver ID count
 * padded to 4 bytes, the IDs and a 384-byte signature.
 *
 * Byte order of the revoked IDs: the SRM lists them most significant byte
 * first, as the specifications print them. On the wire an HDCP 1.x Bksv or
 * KSV FIFO entry arrives least significant byte first, and that is what
 * drivers hand to drm_hdcp_check_ksvs_revoked(); HDCP 2.x receiver IDs are
 * sent most significant byte first. Entries of an HDCP 1.x SRM are therefore
 * reversed before they are compared, entries of an HDCP 2.x SRM are not.
 *
 * The DSA signatures are not verified: the kernel has no DSA code and only
 * root can install the firmware file.
 */

#define DRM_HDCP_SRM_FW_NAME		"display_hdcp_srm.bin"
#define DRM_HDCP_SRM_HEADER_LEN		sizeof(struct hdcp_srm_header)
#define DRM_HDCP1_SRM_VRL_COUNT_MASK	0x7f
#define DRM_HDCP1_SRM_NEXT_GEN_LEN_SIZE	2
#define DRM_HDCP2_SRM_ID_BYTE		(DRM_HDCP_2_SRM_ID << 4 | DRM_HDCP_2_INDICATOR)
#define DRM_HDCP2_SRM_MAX_IDS		1023	/* a 10-bit count */

/* Called for each revoked ID in wire order; returning true stops the walk. */
typedef bool (*drm_hdcp_srm_visit_t)(const u8 *ksv, void *ctx);

struct drm_hdcp_srm_walk {
	struct drm_hdcp_srm_info *info;
	drm_hdcp_srm_visit_t visit;
	void *ctx;
	bool stopped;
};

static u32 drm_hdcp_get_be24(const u8 *p)
{
	return (u32)p[0] << 16 | (u32)p[1] << 8 | p[2];
}

static void drm_hdcp_srm_visit(struct drm_hdcp_srm_walk *walk,
			       const u8 *entry, bool reverse)
{
	u8 ksv[DRM_HDCP_KSV_LEN];
	int i;

	if (!walk->visit || walk->stopped)
		return;
	for (i = 0; i < DRM_HDCP_KSV_LEN; i++)
		ksv[i] = reverse ? entry[DRM_HDCP_KSV_LEN - 1 - i] : entry[i];
	walk->stopped = walk->visit(ksv, walk->ctx);
}

/* The VRLs of one HDCP 1.x generation must fill [p, end) exactly. */
static int drm_hdcp1_srm_walk_vrls(const u8 *p, const u8 *end,
				   struct drm_hdcp_srm_walk *walk,
				   const char **why)
{
	while (p < end) {
		unsigned int n = *p++ & DRM_HDCP1_SRM_VRL_COUNT_MASK;
		size_t bytes = n * DRM_HDCP_KSV_LEN;

		if (bytes > (size_t)(end - p)) {
			*why = "a VRL lists more KSVs than its generation holds";
			return -EINVAL;
		}
		walk->info->ksv_count += n;
		for (; n; n--, p += DRM_HDCP_KSV_LEN)
			drm_hdcp_srm_visit(walk, p, true);
	}
	return 0;
}

static int drm_hdcp1_srm_walk(const u8 *blob, size_t len,
			      struct drm_hdcp_srm_walk *walk, const char **why)
{
	const size_t min_gen1 = DRM_HDCP_1_4_VRL_LENGTH_SIZE + DRM_HDCP_1_4_DCP_SIG_SIZE;
	const size_t min_next = DRM_HDCP1_SRM_NEXT_GEN_LEN_SIZE + DRM_HDCP_1_4_DCP_SIG_SIZE;
	const u8 *p = blob + DRM_HDCP_SRM_HEADER_LEN;
	const u8 *end = blob + len;
	size_t gen_len;
	unsigned int gen;
	int ret;

	if (len < DRM_HDCP_SRM_HEADER_LEN + min_gen1) {
		*why = "shorter than an HDCP 1.x SRM header and signature";
		return -EINVAL;
	}
	if (!walk->info->generations) {
		*why = "the header declares zero generations";
		return -EINVAL;
	}

	gen_len = drm_hdcp_get_be24(p);
	if (gen_len < min_gen1) {
		*why = "the first generation is shorter than its length field and signature";
		return -EINVAL;
	}
	if (DRM_HDCP_SRM_HEADER_LEN + gen_len > DRM_HDCP_SRM_GEN1_MAX_BYTES) {
		*why = "the first generation is larger than the 5 KiB the specification allows";
		return -EINVAL;
	}
	if (gen_len > (size_t)(end - p)) {
		*why = "the first generation runs past the end of the file";
		return -EINVAL;
	}
	ret = drm_hdcp1_srm_walk_vrls(p + DRM_HDCP_1_4_VRL_LENGTH_SIZE,
				      p + gen_len - DRM_HDCP_1_4_DCP_SIG_SIZE,
				      walk, why);
	if (ret)
		return ret;
	p += gen_len;

	for (gen = 2; gen <= walk->info->generations; gen++) {
		if ((size_t)(end - p) < DRM_HDCP1_SRM_NEXT_GEN_LEN_SIZE) {
			*why = "a generation the header announces is missing";
			return -EINVAL;
		}
		gen_len = get_unaligned_be16(p);
		if (gen_len < min_next) {
			*why = "a later generation is shorter than its length field and signature";
			return -EINVAL;
		}
		if (gen_len > (size_t)(end - p)) {
			*why = "a later generation runs past the end of the file";
			return -EINVAL;
		}
		ret = drm_hdcp1_srm_walk_vrls(p + DRM_HDCP1_SRM_NEXT_GEN_LEN_SIZE,
					      p + gen_len - DRM_HDCP_1_4_DCP_SIG_SIZE,
					      walk, why);
		if (ret)
			return ret;
		p += gen_len;
	}

	if (p != end) {
		*why = "bytes follow the last generation";
		return -EINVAL;
	}
	return 0;
}

static int drm_hdcp2_srm_walk(const u8 *blob, size_t len,
			      struct drm_hdcp_srm_walk *walk, const char **why)
{
	const size_t fixed = DRM_HDCP_2_VRL_LENGTH_SIZE +
			     DRM_HDCP_2_NO_OF_DEV_PLUS_RESERVED_SZ +
			     DRM_HDCP_2_DCP_SIG_SIZE;
	const u8 *p = blob + DRM_HDCP_SRM_HEADER_LEN;
	size_t gen_len;
	unsigned int n;

	if (len < DRM_HDCP_SRM_HEADER_LEN + fixed) {
		*why = "shorter than an HDCP 2.x SRM header and signature";
		return -EINVAL;
	}
	if (!walk->info->generations) {
		*why = "the header declares zero generations";
		return -EINVAL;
	}

	gen_len = drm_hdcp_get_be24(p);
	if (gen_len < fixed) {
		*why = "the first generation is shorter than its fixed fields and signature";
		return -EINVAL;
	}
	if (gen_len > (size_t)(blob + len - p)) {
		*why = "the first generation runs past the end of the file";
		return -EINVAL;
	}

	/*
	 * Later generations are not parsed and their bytes are left alone;
	 * with one generation declared, nothing may follow it.
	 */
	if (walk->info->generations == 1 &&
	    gen_len != (size_t)(blob + len - p)) {
		*why = "bytes follow the last generation";
		return -EINVAL;
	}
	p += DRM_HDCP_2_VRL_LENGTH_SIZE;
	n = p[0] << 2 | DRM_HDCP_2_KSV_COUNT_2_LSBITS(p[1]);
	if (gen_len != fixed + (size_t)n * DRM_HDCP_KSV_LEN) {
		*why = "the receiver ID count does not match the generation length";
		return -EINVAL;
	}
	p += DRM_HDCP_2_NO_OF_DEV_PLUS_RESERVED_SZ;
	walk->info->ksv_count = n;
	for (; n; n--, p += DRM_HDCP_KSV_LEN)
		drm_hdcp_srm_visit(walk, p, false);
	return 0;
}

static int drm_hdcp_srm_walk(const u8 *blob, size_t len,
			     struct drm_hdcp_srm_walk *walk, const char **why)
{
	const struct hdcp_srm_header *header = (const void *)blob;
	const char *ignored;

	if (!why)
		why = &ignored;
	*why = NULL;
	memset(walk->info, 0, sizeof(*walk->info));

	if (!blob || len < DRM_HDCP_SRM_HEADER_LEN) {
		*why = "shorter than an SRM header";
		return -EINVAL;
	}

	walk->info->srm_version = be16_to_cpu(header->srm_version);
	walk->info->generations = header->srm_gen_no;

	if (blob[0] == DRM_HDCP2_SRM_ID_BYTE) {
		walk->info->protocol = 2;
		return drm_hdcp2_srm_walk(blob, len, walk, why);
	}
	/* The low nibble and the next byte are reserved in HDCP 1.x. */
	if ((blob[0] & DRM_HDCP_SRM_ID_MASK) == DRM_HDCP_1_4_SRM_ID << 4) {
		walk->info->protocol = 1;
		return drm_hdcp1_srm_walk(blob, len, walk, why);
	}

	*why = "the SRM ID is neither HDCP 1.x nor HDCP 2.x";
	return -EINVAL;
}

/**
 * drm_hdcp_srm_parse - check that a blob is a well-formed SRM
 * @blob: the SRM bytes
 * @len: number of bytes at @blob
 * @info: filled with what the SRM declares (zeroed on error)
 * @why: if not NULL, set to a reason when the SRM is rejected
 *
 * Never reads outside [@blob, @blob + @len).
 *
 * Returns:
 * 0 for a well-formed SRM, -EINVAL otherwise.
 */
VISIBLE_IF_KUNIT int drm_hdcp_srm_parse(const u8 *blob, size_t len,
					struct drm_hdcp_srm_info *info,
					const char **why)
{
	struct drm_hdcp_srm_walk walk = { .info = info };
	int ret;

	ret = drm_hdcp_srm_walk(blob, len, &walk, why);
	if (ret)
		memset(info, 0, sizeof(*info));
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_srm_parse);

struct drm_hdcp_srm_match {
	const u8 *ksvs;
	u32 count;
	unsigned long *revoked;		/* one bit per KSV of @ksvs */
};

/* Marks every KSV of the list that equals @revoked; the walk goes on. */
static bool drm_hdcp_srm_match_all(const u8 *revoked, void *ctx)
{
	struct drm_hdcp_srm_match *match = ctx;
	u32 i;

	for (i = 0; i < match->count; i++)
		if (!memcmp(revoked, &match->ksvs[i * DRM_HDCP_KSV_LEN], DRM_HDCP_KSV_LEN))
			__set_bit(i, match->revoked);
	return false;
}

/**
 * drm_hdcp_srm_count_revoked - count how many KSVs an SRM revokes
 * @blob: the SRM bytes
 * @len: number of bytes at @blob
 * @ksvs: @ksv_count KSVs of 5 bytes each, in the order they travel on the
 *	link (HDCP 1.x: least significant byte first)
 * @ksv_count: number of KSVs at @ksvs
 * @why: if not NULL, set to a reason when the SRM is rejected
 *
 * A KSV that appears several times in @ksvs counts each time; one that the
 * SRM lists several times counts once. The SRM is walked once, whatever
 * the number of KSVs.
 *
 * Returns:
 * The number of revoked KSVs, -EINVAL for a malformed SRM, -ENOMEM.
 */
VISIBLE_IF_KUNIT int drm_hdcp_srm_count_revoked(const u8 *blob, size_t len,
						const u8 *ksvs, u32 ksv_count,
						const char **why)
{
	struct drm_hdcp_srm_info info;
	struct drm_hdcp_srm_match match = { .ksvs = ksvs, .count = ksv_count };
	struct drm_hdcp_srm_walk walk = {
		.info = &info,
		.visit = drm_hdcp_srm_match_all,
		.ctx = &match,
	};
	int ret;

	/* Nothing to look up: the SRM is only checked. */
	if (!ksv_count)
		return drm_hdcp_srm_parse(blob, len, &info, why);
	match.revoked = bitmap_zalloc(ksv_count, GFP_KERNEL);
	if (!match.revoked)
		return -ENOMEM;
	ret = drm_hdcp_srm_walk(blob, len, &walk, why);
	if (!ret)
		ret = bitmap_weight(match.revoked, ksv_count);
	bitmap_free(match.revoked);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_srm_count_revoked);

/* The installed SRM; KUnit tests supply theirs instead of the machine's. */
VISIBLE_IF_KUNIT int drm_hdcp_load_srm(struct drm_device *drm_dev,
				       const struct firmware **fw)
{
	KUNIT_STATIC_STUB_REDIRECT(drm_hdcp_load_srm, drm_dev, fw);
	return request_firmware_direct(fw, DRM_HDCP_SRM_FW_NAME, drm_dev->dev);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_load_srm);

/**
 * drm_hdcp_check_ksvs_revoked - look KSVs up in the installed SRM
 * @drm_dev: device doing the authentication (used to load the firmware)
 * @ksvs: @ksv_count KSVs (HDCP 2.x: receiver IDs) of 5 bytes each, exactly
 *	as read from the sink: for HDCP 1.x the Bksv or KSV FIFO bytes, least
 *	significant byte first
 * @ksv_count: number of KSVs at @ksvs
 *
 * Loads the System Renewability Message from the firmware file
 * "display_hdcp_srm.bin" (HDCP 1.x or 2.x format, as published by DCP LLC)
 * and counts how many of @ksvs it revokes. The file is read on every call,
 * so an updated SRM takes effect at the next authentication. A missing file
 * revokes nothing. A malformed one is rejected with an error in the log;
 * drivers must then not treat any KSV as revoked by it.
 *
 * May sleep.
 *
 * Returns:
 * The number of revoked KSVs (0 if none), or a negative error code: -EINVAL
 * for a malformed SRM or bad arguments, -ENOMEM.
 */
int drm_hdcp_check_ksvs_revoked(struct drm_device *drm_dev, u8 *ksvs,
				u32 ksv_count)
{
	const struct firmware *fw;
	const char *why;
	int ret;

	/* Lets KUnit tests of HDCP engines revoke KSVs without firmware. */
	KUNIT_STATIC_STUB_REDIRECT(drm_hdcp_check_ksvs_revoked, drm_dev, ksvs,
				   ksv_count);

	if (!ksv_count)
		return 0;
	if (!ksvs)
		return -EINVAL;

	ret = drm_hdcp_load_srm(drm_dev, &fw);
	if (ret) {
		drm_dbg_kms(drm_dev, "no HDCP SRM (%d): nothing is revoked\n", ret);
		return 0;
	}

	ret = drm_hdcp_srm_count_revoked(fw->data, fw->size, ksvs, ksv_count, &why);
	if (ret == -EINVAL)
		drm_err_ratelimited(drm_dev, "HDCP SRM %s rejected: %s\n",
				    DRM_HDCP_SRM_FW_NAME, why);
	else if (ret)
		drm_dbg_kms(drm_dev, "%d of %u KSVs revoked by the SRM\n",
			    ret, ksv_count);

	release_firmware(fw);
	return ret;
}
EXPORT_SYMBOL_GPL(drm_hdcp_check_ksvs_revoked);
