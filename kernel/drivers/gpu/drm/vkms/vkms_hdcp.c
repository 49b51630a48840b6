// SPDX-License-Identifier: GPL-2.0+
/*
 * An emulated HDCP 1.4 link behind the VKMS connector.
 *
 * Both ends are software: a transmitter with its own KSV and keys, and a
 * receiver (or a repeater with a downstream tree) that exposes the HDMI DDC
 * HDCP register map. Both compute Km, R0, Ri and V' with the DRM software
 * cipher, so the DRM HDCP 1.4 engine authenticates them exactly as it would
 * real devices. Ri rolls with the VKMS vblank counter. debugfs knobs inject
 * the faults a compliance tester would.
 *
 * The keys are emulation keys: every device's keys derive from one fixed,
 * symmetric "emulation master matrix" (see vkms_hdcp_matrix()), so any two
 * emulated devices agree on Km. They interoperate with nothing real.
 */

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/unaligned.h>

#include <kunit/visibility.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_cipher.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/drm_probe_helper.h>
#include <drm/drm_vblank.h>

#include "vkms_drv.h"
#include "vkms_hdcp.h"

#define VKMS_HDCP_MAX_DEVICES	127
#define VKMS_HDCP_MAX_DEPTH	7
#define VKMS_HDCP_READY_MS	50	/* a repeater's list is ready this late */
#define VKMS_HDCP_MAX_DELAY_MS	10000
#define VKMS_HDCP_MAX_CATCH_UP	8192	/* frames; further behind, sync is lost */
#define VKMS_HDCP_BSTATUS_HDMI	BIT(12)

/* One emulated HDCP device. */
struct vkms_hdcp_device {
	u64 ksv;
	u64 keys[DRM_HDCP1_NUM_KEYS];
};

struct vkms_hdcp {
	struct drm_hdcp1 *engine;
	struct vkms_device *vkmsdev;
	struct mutex lock;		/* everything below */

	/* Transmitter. */
	struct vkms_hdcp_device tx;
	u64 an_counter;
	u64 an;
	struct drm_hdcp1_session tx_session;
	bool encrypting;
	u64 frame_base;			/* vblank count when encryption started */

	/* Sink, and the knobs that shape it. */
	struct vkms_hdcp_device rx;
	bool capable, connected, repeater, break_link, corrupt_r0;
	bool max_devs, max_cascade, ready_never;
	u32 r0_delay_ms;
	unsigned int devices, depth;
	u64 downstream[VKMS_HDCP_MAX_DEVICES];
	u8 an_reg[DRM_HDCP_AN_LEN];
	struct drm_hdcp1_session rx_session;
	bool rx_authenticated;
	ktime_t aksv_at;
	size_t fifo_pos;
};

/* SplitMix64: a fixed, well-mixed sequence for emulation values. */
static u64 vkms_hdcp_mix(u64 x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* "VKMSEMUL": the label of the emulation master matrix. Not a real key. */
#define VKMS_HDCP_EMULATION_LABEL	0x564b4d53454d554cULL

/*
 * Entry (i, j) of the 40 x 40 emulation master matrix, 56 bits. It is
 * symmetric, so that one rule gives every device its keys (key k is the
 * sum of row k's entries selected by the device's own KSV) and any two
 * devices compute the same Km from opposite sides.
 */
static u64 vkms_hdcp_matrix(unsigned int i, unsigned int j)
{
	u64 lo = min(i, j), hi = max(i, j);

	return vkms_hdcp_mix(VKMS_HDCP_EMULATION_LABEL ^ (lo << 8 | hi)) &
	       GENMASK_ULL(55, 0);
}

static void vkms_hdcp_make_device(struct vkms_hdcp_device *dev, u64 ksv)
{
	unsigned int i, k;

	dev->ksv = ksv;
	for (k = 0; k < DRM_HDCP1_NUM_KEYS; k++) {
		u64 key = 0;

		for (i = 0; i < DRM_HDCP1_NUM_KEYS; i++)
			if (ksv & BIT_ULL(i))
				key += vkms_hdcp_matrix(i, k);
		dev->keys[k] = key & GENMASK_ULL(55, 0);
	}
}

/* The test KSVs of the specification, which its facsimile SRM revokes. */
static const u64 vkms_hdcp_spec_ksvs[] = {
	0xb70361f714ULL, 0x43f72d5066ULL, 0x511ef21acdULL, 0xe72697f401ULL,
};

/* Emulated KSV number @n: twenty ones out of forty, never a spec test KSV. */
static u64 vkms_hdcp_ksv(u64 n)
{
	u64 seed = n;

	for (;;) {
		u64 ksv = vkms_hdcp_mix(VKMS_HDCP_EMULATION_LABEL + seed) & GENMASK_ULL(39, 0);
		unsigned int i;

		seed += 1000;
		if (hweight64(ksv) != 20)
			continue;
		for (i = 0; i < ARRAY_SIZE(vkms_hdcp_spec_ksvs); i++)
			if (ksv == vkms_hdcp_spec_ksvs[i])
				break;
		if (i == ARRAY_SIZE(vkms_hdcp_spec_ksvs))
			return ksv;
	}
}

static struct vkms_hdcp *to_vkms_hdcp(struct drm_connector *connector)
{
	return container_of(connector, struct vkms_output, connector)->hdcp;
}

static u64 vkms_hdcp_frames(struct vkms_hdcp *hdcp)
{
	if (!hdcp->encrypting)
		return 0;
	return drm_crtc_vblank_count(&hdcp->vkmsdev->output.crtc) - hdcp->frame_base;
}

/* Bring a session up to the current frame; false if it fell out of sync. */
static bool vkms_hdcp_catch_up(struct drm_hdcp1_session *s, u64 frames)
{
	if (frames < s->frame || frames - s->frame > VKMS_HDCP_MAX_CATCH_UP)
		return false;
	while (s->frame < frames)
		drm_hdcp1_session_next_frame(s);
	return true;
}

static bool vkms_hdcp_r0_ready(struct vkms_hdcp *hdcp)
{
	return hdcp->rx_authenticated &&
	       ktime_ms_delta(ktime_get(), hdcp->aksv_at) >= hdcp->r0_delay_ms;
}

static bool vkms_hdcp_list_ready(struct vkms_hdcp *hdcp)
{
	return hdcp->repeater && !hdcp->ready_never && vkms_hdcp_r0_ready(hdcp) &&
	       ktime_ms_delta(ktime_get(), hdcp->aksv_at) >=
	       hdcp->r0_delay_ms + VKMS_HDCP_READY_MS;
}

static u16 vkms_hdcp_bstatus(struct vkms_hdcp *hdcp)
{
	unsigned int devices = hdcp->repeater ? hdcp->devices : 0;

	return devices | (hdcp->max_devs ? DRM_HDCP_MAX_DEVICE_EXCEEDED(0xff) : 0) |
	       (hdcp->repeater ? hdcp->depth : 0) << 8 |
	       (hdcp->max_cascade ? DRM_HDCP_MAX_CASCADE_EXCEEDED(0xff) << 8 : 0) |
	       VKMS_HDCP_BSTATUS_HDMI;
}

static u16 vkms_hdcp_ri_prime(struct vkms_hdcp *hdcp)
{
	u16 ri;

	if (!vkms_hdcp_r0_ready(hdcp))
		return 0;
	if (!vkms_hdcp_catch_up(&hdcp->rx_session, vkms_hdcp_frames(hdcp)))
		return 0xdead;
	ri = hdcp->rx_session.ri_prime;
	if (hdcp->corrupt_r0 && hdcp->rx_session.frame < DRM_HDCP1_RI_FRAMES)
		ri ^= 0x0101;
	if (hdcp->break_link)
		ri ^= 0x5a5a;
	return ri;
}

/* The five V' registers: zero until the list is ready. */
static void vkms_hdcp_v_prime(struct vkms_hdcp *hdcp, u8 *out)
{
	unsigned int i, n = hdcp->devices;
	u8 v[DRM_HDCP1_V_LEN];
	u8 *list;

	memset(out, 0, DRM_HDCP1_V_LEN);
	if (!vkms_hdcp_list_ready(hdcp))
		return;
	list = kcalloc(VKMS_HDCP_MAX_DEVICES, DRM_HDCP_KSV_LEN, GFP_KERNEL);
	if (!list)
		return;
	for (i = 0; i < n; i++)
		drm_hdcp1_u64_to_ksv(hdcp->downstream[i], &list[i * DRM_HDCP_KSV_LEN]);
	if (!drm_hdcp1_compute_v(list, n, vkms_hdcp_bstatus(hdcp), hdcp->rx_session.m0, v))
		drm_hdcp1_v_to_v_prime(v, out);
	kfree(list);
}

/* The sink's HDMI HDCP port, one register at a time. */
static int vkms_hdcp_reg_read(struct vkms_hdcp *hdcp, unsigned int reg, u8 *out)
{
	unsigned int i;

	switch (reg) {
	case DRM_HDCP_DDC_BKSV ... DRM_HDCP_DDC_BKSV + DRM_HDCP_KSV_LEN - 1:
		*out = hdcp->rx.ksv >> (8 * (reg - DRM_HDCP_DDC_BKSV));
		return 0;
	case DRM_HDCP_DDC_RI_PRIME ... DRM_HDCP_DDC_RI_PRIME + 1:
		*out = vkms_hdcp_ri_prime(hdcp) >> (8 * (reg - DRM_HDCP_DDC_RI_PRIME));
		return 0;
	case DRM_HDCP_DDC_BCAPS:
		*out = (hdcp->repeater ? DRM_HDCP_DDC_BCAPS_REPEATER_PRESENT : 0) |
		       (vkms_hdcp_list_ready(hdcp) ? DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY : 0);
		return 0;
	case DRM_HDCP_DDC_BSTATUS ... DRM_HDCP_DDC_BSTATUS + 1:
		*out = vkms_hdcp_bstatus(hdcp) >> (8 * (reg - DRM_HDCP_DDC_BSTATUS));
		return 0;
	case DRM_HDCP_DDC_KSV_FIFO:
		i = hdcp->fifo_pos++;
		if (i >= hdcp->devices * DRM_HDCP_KSV_LEN)
			return -EIO;
		*out = hdcp->downstream[i / DRM_HDCP_KSV_LEN] >> (8 * (i % DRM_HDCP_KSV_LEN));
		return 0;
	default:
		*out = 0;
		return 0;
	}
}

static int vkms_hdcp_read(struct drm_connector *connector, unsigned int offset,
			  void *buf, size_t len)
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	unsigned int fifo = offset == DRM_HDCP_DDC_KSV_FIFO;
	u8 *out = buf;
	size_t i;
	int ret = 0;

	if (offset > 0xff || (!fifo && offset + len > 0x100))
		return -EINVAL;
	mutex_lock(&hdcp->lock);
	/* A sink without HDCP, or without a cable, does not answer at 0x3a. */
	if (!hdcp->connected || !hdcp->capable)
		ret = -ENXIO;
	if (!ret && offset >= DRM_HDCP_DDC_V_PRIME(0) &&
	    offset + len <= DRM_HDCP_DDC_V_PRIME(0) + DRM_HDCP1_V_LEN) {
		u8 v[DRM_HDCP1_V_LEN];

		vkms_hdcp_v_prime(hdcp, v);
		memcpy(out, &v[offset - DRM_HDCP_DDC_V_PRIME(0)], len);
		len = 0;
	}
	/* The KSV FIFO is one address that streams the list. */
	for (i = 0; !ret && i < len; i++)
		ret = vkms_hdcp_reg_read(hdcp, fifo ? offset : offset + i, &out[i]);
	mutex_unlock(&hdcp->lock);
	return ret;
}

static int vkms_hdcp_write(struct drm_connector *connector, unsigned int offset,
			   const void *buf, size_t len)
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	int ret = 0;

	mutex_lock(&hdcp->lock);
	if (!hdcp->connected || !hdcp->capable) {
		ret = -ENXIO;
	} else if (offset == DRM_HDCP_DDC_AN && len == DRM_HDCP_AN_LEN) {
		memcpy(hdcp->an_reg, buf, len);
	} else if (offset == DRM_HDCP_DDC_AKSV && len == DRM_HDCP_KSV_LEN) {
		/* Writing Aksv starts the receiver's computation of R0'. */
		u64 km = drm_hdcp1_compute_km(hdcp->rx.keys, drm_hdcp1_ksv_to_u64(buf));

		drm_hdcp1_session_start(&hdcp->rx_session, km, hdcp->repeater,
					get_unaligned_le64(hdcp->an_reg));
		hdcp->rx_authenticated = true;
		hdcp->aksv_at = ktime_get();
		hdcp->fifo_pos = 0;
	} else {
		ret = -EINVAL;
	}
	mutex_unlock(&hdcp->lock);
	return ret;
}

static const struct drm_hdcp1_link_ops vkms_hdcp_link_ops = {
	.read = vkms_hdcp_read,
	.write = vkms_hdcp_write,
};

/* A fresh An, then An and Aksv to the sink: this transmitter may show its KSV. */
static int vkms_hdcp_tx_start(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	u8 an[DRM_HDCP_AN_LEN], aksv[DRM_HDCP_KSV_LEN];

	mutex_lock(&hdcp->lock);
	hdcp->an = vkms_hdcp_mix(ktime_get_ns() ^ hdcp->an_counter++);
	put_unaligned_le64(hdcp->an, an);
	drm_hdcp1_u64_to_ksv(hdcp->tx.ksv, aksv);
	mutex_unlock(&hdcp->lock);
	return drm_hdcp1_write_an_aksv(hdcp->engine, an, aksv);
}

static int vkms_hdcp_tx_compute(struct drm_connector *connector,
				const u8 bksv[DRM_HDCP_KSV_LEN], bool repeater)
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	u64 km = drm_hdcp1_compute_km(hdcp->tx.keys, drm_hdcp1_ksv_to_u64(bksv));

	mutex_lock(&hdcp->lock);
	drm_hdcp1_session_start(&hdcp->tx_session, km, repeater, hdcp->an);
	mutex_unlock(&hdcp->lock);
	return 0;
}

/*
 * A match starts encryption, which counts frames: hold a vblank reference
 * so that the vblank counter keeps running, as the frame counter of a real
 * transmitter does.
 */
static int vkms_hdcp_tx_verify_r0(struct drm_connector *connector,
				  const u8 r0_prime[DRM_HDCP_RI_LEN])
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	struct drm_crtc *crtc = &hdcp->vkmsdev->output.crtc;
	bool match;
	int ret;

	mutex_lock(&hdcp->lock);
	match = get_unaligned_le16(r0_prime) == hdcp->tx_session.r0;
	mutex_unlock(&hdcp->lock);
	if (!match)
		return -EPERM;
	if (hdcp->encrypting)
		return 0;
	ret = drm_crtc_vblank_get(crtc);
	if (ret)
		return ret;
	mutex_lock(&hdcp->lock);
	hdcp->frame_base = drm_crtc_vblank_count(crtc);
	hdcp->encrypting = true;
	mutex_unlock(&hdcp->lock);
	return 0;
}

static void vkms_hdcp_tx_reset(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	bool was_on;

	mutex_lock(&hdcp->lock);
	was_on = hdcp->encrypting;
	hdcp->encrypting = false;
	mutex_unlock(&hdcp->lock);
	if (was_on)
		drm_crtc_vblank_put(&hdcp->vkmsdev->output.crtc);
}

static int vkms_hdcp_tx_encryption_status(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);

	return hdcp->encrypting ? 0 : -EIO;
}

static int vkms_hdcp_tx_verify_ri(struct drm_connector *connector,
				  const u8 ri_prime[DRM_HDCP_RI_LEN])
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	int ret = -EPERM;

	mutex_lock(&hdcp->lock);
	if (vkms_hdcp_catch_up(&hdcp->tx_session, vkms_hdcp_frames(hdcp)) &&
	    get_unaligned_le16(ri_prime) == hdcp->tx_session.ri_prime)
		ret = 0;
	mutex_unlock(&hdcp->lock);
	return ret;
}

static int vkms_hdcp_tx_verify_v(struct drm_connector *connector, const u8 *list,
				 unsigned int count, u16 bstatus, const u8 v_prime[20])
{
	struct vkms_hdcp *hdcp = to_vkms_hdcp(connector);
	u8 v[DRM_HDCP1_V_LEN], expect[DRM_HDCP1_V_LEN];
	int ret;

	mutex_lock(&hdcp->lock);
	ret = drm_hdcp1_compute_v(list, count, bstatus, hdcp->tx_session.m0, v);
	mutex_unlock(&hdcp->lock);
	if (ret)
		return ret;
	drm_hdcp1_v_to_v_prime(v, expect);
	return memcmp(expect, v_prime, DRM_HDCP1_V_LEN) ? -EPERM : 0;
}

static const struct drm_hdcp1_tx_ops vkms_hdcp_tx_ops = {
	.start = vkms_hdcp_tx_start,
	.compute = vkms_hdcp_tx_compute,
	.verify_r0 = vkms_hdcp_tx_verify_r0,
	.verify_ri = vkms_hdcp_tx_verify_ri,
	.verify_v = vkms_hdcp_tx_verify_v,
	.encryption_status = vkms_hdcp_tx_encryption_status,
	.reset = vkms_hdcp_tx_reset,
};

/* The downstream tree: devices 0 .. n - 1, KSVs 2 .. n + 1 of the sequence. */
static void vkms_hdcp_set_topology(struct vkms_hdcp *hdcp, bool repeater,
				   unsigned int devices, unsigned int depth)
{
	unsigned int i;

	hdcp->repeater = repeater;
	hdcp->devices = repeater ? devices : 0;
	hdcp->depth = repeater ? depth : 0;
	for (i = 0; i < hdcp->devices; i++)
		hdcp->downstream[i] = vkms_hdcp_ksv(2 + i);
}

int vkms_hdcp_init(struct vkms_device *vkmsdev)
{
	struct vkms_output *output = &vkmsdev->output;
	const struct drm_hdcp1_desc desc = {
		.transport = DRM_HDCP1_HDMI,
		.tx = &vkms_hdcp_tx_ops,
		.link = &vkms_hdcp_link_ops,
	};
	struct vkms_hdcp *hdcp;
	int ret;

	hdcp = kzalloc(sizeof(*hdcp), GFP_KERNEL);
	if (!hdcp)
		return -ENOMEM;
	hdcp->vkmsdev = vkmsdev;
	mutex_init(&hdcp->lock);
	vkms_hdcp_make_device(&hdcp->tx, vkms_hdcp_ksv(0));
	vkms_hdcp_make_device(&hdcp->rx, vkms_hdcp_ksv(1));
	hdcp->capable = true;
	hdcp->connected = true;
	vkms_hdcp_set_topology(hdcp, false, 0, 0);

	ret = drm_connector_attach_content_protection_property(&output->connector, true);
	if (!ret) {
		hdcp->engine = drm_hdcp1_init(&output->connector, &desc);
		ret = PTR_ERR_OR_ZERO(hdcp->engine);
	}
	if (ret) {
		mutex_destroy(&hdcp->lock);
		kfree(hdcp);
		return ret;
	}
	output->hdcp = hdcp;
	return 0;
}

void vkms_hdcp_fini(struct vkms_hdcp *hdcp)
{
	if (!hdcp)
		return;
	drm_hdcp1_fini(hdcp->engine);
	mutex_destroy(&hdcp->lock);
	kfree(hdcp);
}

bool vkms_hdcp_sink_connected(struct vkms_hdcp *hdcp)
{
	bool connected;

	if (!hdcp)
		return true;
	mutex_lock(&hdcp->lock);
	connected = hdcp->connected;
	mutex_unlock(&hdcp->lock);
	return connected;
}

/*
 * From the commit tail, before the CRTC is disabled: a transmitter stops
 * encrypting before its link goes down.
 */
void vkms_hdcp_commit_disables(struct vkms_device *vkmsdev, struct drm_atomic_state *state)
{
	struct vkms_hdcp *hdcp = vkmsdev->output.hdcp;
	struct drm_crtc_state *old_crtc_state, *new_crtc_state;
	struct drm_crtc *crtc = &vkmsdev->output.crtc;

	if (!hdcp)
		return;
	old_crtc_state = drm_atomic_get_old_crtc_state(state, crtc);
	new_crtc_state = drm_atomic_get_new_crtc_state(state, crtc);
	if (old_crtc_state && old_crtc_state->active &&
	    drm_atomic_crtc_needs_modeset(new_crtc_state))
		drm_hdcp1_link_stop(hdcp->engine);
}

/* From the commit tail, once the CRTC is on: tell the engine what the commit did. */
void vkms_hdcp_commit(struct vkms_device *vkmsdev, struct drm_atomic_state *state)
{
	struct vkms_hdcp *hdcp = vkmsdev->output.hdcp;

	if (hdcp)
		drm_hdcp1_atomic_commit(hdcp->engine, state);
}

static const char * const vkms_hdcp_knob_names[] = {
	[VKMS_HDCP_SINK_CAPABILITY] = "hdcp_sink_capability",
	[VKMS_HDCP_CAPABLE] = "hdcp_sink_capable",
	[VKMS_HDCP_CONNECTED] = "hdcp_sink_connected",
	[VKMS_HDCP_BREAK_LINK] = "hdcp_break_link",
	[VKMS_HDCP_CORRUPT_R0] = "hdcp_corrupt_r0",
	[VKMS_HDCP_R0_DELAY_MS] = "hdcp_r0_delay_ms",
	[VKMS_HDCP_TOPOLOGY] = "hdcp_topology",
	[VKMS_HDCP_MAX_DEVS_EXCEEDED] = "hdcp_max_devs_exceeded",
	[VKMS_HDCP_MAX_CASCADE_EXCEEDED] = "hdcp_max_cascade_exceeded",
	[VKMS_HDCP_READY_NEVER] = "hdcp_ready_never",
};

VISIBLE_IF_KUNIT const char *vkms_hdcp_knob_name(enum vkms_hdcp_knob knob)
{
	return knob < VKMS_HDCP_NUM_KNOBS ? vkms_hdcp_knob_names[knob] : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_knob_name);

static bool *vkms_hdcp_flag(struct vkms_hdcp *hdcp, enum vkms_hdcp_knob knob)
{
	switch (knob) {
	case VKMS_HDCP_CAPABLE: return &hdcp->capable;
	case VKMS_HDCP_CONNECTED: return &hdcp->connected;
	case VKMS_HDCP_BREAK_LINK: return &hdcp->break_link;
	case VKMS_HDCP_CORRUPT_R0: return &hdcp->corrupt_r0;
	case VKMS_HDCP_MAX_DEVS_EXCEEDED: return &hdcp->max_devs;
	case VKMS_HDCP_MAX_CASCADE_EXCEEDED: return &hdcp->max_cascade;
	case VKMS_HDCP_READY_NEVER: return &hdcp->ready_never;
	default: return NULL;
	}
}

/**
 * vkms_hdcp_knob_show - print a knob's value as its debugfs file does
 * @hdcp: emulated link
 * @knob: which knob
 * @buf: output buffer
 * @size: size of @buf
 *
 * Returns:
 * Bytes written (without a terminating NUL), or -EINVAL.
 */
VISIBLE_IF_KUNIT ssize_t vkms_hdcp_knob_show(struct vkms_hdcp *hdcp,
					     enum vkms_hdcp_knob knob,
					     char *buf, size_t size)
{
	bool *flag = vkms_hdcp_flag(hdcp, knob);
	ssize_t n;

	if (knob >= VKMS_HDCP_NUM_KNOBS)
		return -EINVAL;
	mutex_lock(&hdcp->lock);
	if (flag)
		n = scnprintf(buf, size, "%d\n", *flag);
	else if (knob == VKMS_HDCP_SINK_CAPABILITY)
		n = scnprintf(buf, size, "%s\n", hdcp->capable ? "HDCP1.4" : "None");
	else if (knob == VKMS_HDCP_R0_DELAY_MS)
		n = scnprintf(buf, size, "%u\n", hdcp->r0_delay_ms);
	else if (hdcp->repeater)
		n = scnprintf(buf, size, "repeater %u %u\n", hdcp->devices, hdcp->depth);
	else
		n = scnprintf(buf, size, "receiver\n");
	mutex_unlock(&hdcp->lock);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_knob_show);

/* Exactly 0/1, n/y or off/on: anything else is a typo, not a value. */
static int vkms_hdcp_parse_bool(const char *s, bool *val)
{
	static const char * const off[] = { "0", "n", "N", "off" };
	static const char * const on[] = { "1", "y", "Y", "on" };
	int i;

	for (i = 0; i < ARRAY_SIZE(off); i++) {
		if (!strcmp(s, off[i])) {
			*val = false;
			return 0;
		}
		if (!strcmp(s, on[i])) {
			*val = true;
			return 0;
		}
	}
	return -EINVAL;
}

static int vkms_hdcp_parse_topology(const char *s, bool *repeater,
				    unsigned int *devices, unsigned int *depth)
{
	char word[16];
	char extra;
	int n;

	if (sysfs_streq(s, "receiver")) {
		*repeater = false;
		*devices = 0;
		*depth = 0;
		return 0;
	}
	n = sscanf(s, "%15s %u %u %c", word, devices, depth, &extra);
	if (n != 3 || strcmp(word, "repeater"))
		return -EINVAL;
	/* A tree of devices needs at least one level; none needs none. */
	if (*devices > VKMS_HDCP_MAX_DEVICES || *depth > VKMS_HDCP_MAX_DEPTH ||
	    (*devices && !*depth))
		return -EINVAL;
	*repeater = true;
	return 0;
}

/* Unplug or replug the emulated sink, as its hotplug detect line would. */
static void vkms_hdcp_hotplug(struct vkms_hdcp *hdcp, bool connected)
{
	struct drm_connector *connector = &hdcp->vkmsdev->output.connector;
	struct drm_device *dev = connector->dev;

	drm_hdcp1_hotplug(hdcp->engine, connected);
	mutex_lock(&dev->mode_config.mutex);
	connector->status = connected ? connector_status_connected :
					connector_status_disconnected;
	mutex_unlock(&dev->mode_config.mutex);
	drm_kms_helper_connector_hotplug_event(connector);
}

/**
 * vkms_hdcp_knob_store - set a knob as its debugfs file does
 * @hdcp: emulated link
 * @knob: which knob
 * @buf: the text written, not necessarily NUL-terminated
 * @len: its length
 *
 * Bad input changes nothing. Changes to the sink take effect at its next
 * authentication, except the link break and the hotplug, which act at once.
 *
 * Returns:
 * 0, or -EINVAL for text the knob does not accept or a read-only knob.
 */
VISIBLE_IF_KUNIT int vkms_hdcp_knob_store(struct vkms_hdcp *hdcp,
					  enum vkms_hdcp_knob knob,
					  const char *buf, size_t len)
{
	bool *flag = vkms_hdcp_flag(hdcp, knob);
	unsigned int devices, depth;
	char text[32];
	bool val, repeater, changed;
	u32 ms;

	if (knob >= VKMS_HDCP_NUM_KNOBS || knob == VKMS_HDCP_SINK_CAPABILITY ||
	    !len || len >= sizeof(text))
		return -EINVAL;
	memcpy(text, buf, len);
	text[len] = '\0';

	if (flag) {
		if (vkms_hdcp_parse_bool(strim(text), &val))
			return -EINVAL;
		mutex_lock(&hdcp->lock);
		changed = *flag != val;
		*flag = val;
		mutex_unlock(&hdcp->lock);
		if (knob == VKMS_HDCP_CONNECTED && changed)
			vkms_hdcp_hotplug(hdcp, val);
		return 0;
	}
	if (knob == VKMS_HDCP_R0_DELAY_MS) {
		if (kstrtou32(strim(text), 10, &ms) || ms > VKMS_HDCP_MAX_DELAY_MS)
			return -EINVAL;
		mutex_lock(&hdcp->lock);
		hdcp->r0_delay_ms = ms;
		mutex_unlock(&hdcp->lock);
		return 0;
	}
	if (vkms_hdcp_parse_topology(strim(text), &repeater, &devices, &depth))
		return -EINVAL;
	mutex_lock(&hdcp->lock);
	vkms_hdcp_set_topology(hdcp, repeater, devices, depth);
	mutex_unlock(&hdcp->lock);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_knob_store);

#if IS_ENABLED(CONFIG_KUNIT)
struct drm_hdcp1 *vkms_hdcp_engine(struct vkms_hdcp *hdcp)
{
	return hdcp->engine;
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_engine);

/* The sink's registers as the engine reads them. */
int vkms_hdcp_sink_read(struct vkms_hdcp *hdcp, unsigned int offset, void *buf,
			size_t len)
{
	return vkms_hdcp_read(&hdcp->vkmsdev->output.connector, offset, buf, len);
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_sink_read);
#endif

struct vkms_hdcp_knob_file {
	struct vkms_hdcp *hdcp;
	enum vkms_hdcp_knob knob;
};

static ssize_t vkms_hdcp_knob_read(struct file *file, char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	struct vkms_hdcp_knob_file *kf = file->private_data;
	char buf[64];
	ssize_t n = vkms_hdcp_knob_show(kf->hdcp, kf->knob, buf, sizeof(buf));

	if (n < 0)
		return n;
	return simple_read_from_buffer(ubuf, count, ppos, buf, n);
}

static ssize_t vkms_hdcp_knob_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct vkms_hdcp_knob_file *kf = file->private_data;
	char buf[32];
	int ret;

	if (*ppos || !count || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	ret = vkms_hdcp_knob_store(kf->hdcp, kf->knob, buf, count);
	return ret ? ret : count;
}

static const struct file_operations vkms_hdcp_knob_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = vkms_hdcp_knob_read,
	.write = vkms_hdcp_knob_write,
	.llseek = default_llseek,
};

/* One file per knob in the connector's debugfs directory; root only. */
void vkms_hdcp_debugfs_init(struct vkms_hdcp *hdcp, struct dentry *root)
{
	struct drm_device *dev = &hdcp->vkmsdev->drm;
	struct vkms_hdcp_knob_file *files;
	int k;

	files = drmm_kcalloc(dev, VKMS_HDCP_NUM_KNOBS, sizeof(*files), GFP_KERNEL);
	if (!files)
		return;
	for (k = 0; k < VKMS_HDCP_NUM_KNOBS; k++) {
		files[k].hdcp = hdcp;
		files[k].knob = k;
		debugfs_create_file(vkms_hdcp_knob_name(k),
				    k == VKMS_HDCP_SINK_CAPABILITY ? 0400 : 0600,
				    root, &files[k], &vkms_hdcp_knob_fops);
	}
}
