// SPDX-License-Identifier: GPL-2.0+
/*
 * debugfs interface of VKMS's emulated HDCP link, under the connector's
 * directory:
 *
 *   hdcp_sink_capability   what the sink supports, in the format the i915
 *                          and amdgpu files of the same purpose use
 *   hdcp/                  the sink's knobs (root only), one per file; the
 *                          hdcp2* ones with enable_hdcp2 only
 *
 * A knob takes a value only if the sink can have it: bad text, values out
 * of range and combinations that make no sense fail with -EINVAL and change
 * nothing. Documentation/gpu/vkms.rst lists them.
 */

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/kstrtox.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <kunit/visibility.h>

#include <drm/drm_connector.h>
#include <drm/drm_managed.h>

#include "vkms_drv.h"
#include "vkms_hdcp_priv.h"

#define VKMS_HDCP_KNOB_TEXT	32

struct vkms_hdcp_knob {
	const char *name;
	umode_t mode;
	ssize_t (*show)(struct vkms_hdcp *hdcp, char *buf, size_t size);
	int (*store)(struct vkms_hdcp *hdcp, char *text);
};

/*
 * Exactly 0/1, n/y or off/on: kstrtobool() looks at the first characters
 * only, and "10" or "yes please" are typos, not values.
 */
static int parse_bool(const char *text, bool *val)
{
	static const char * const words[] = { "0", "1", "n", "y", "N", "Y", "off", "on" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(words); i++) {
		if (!strcmp(text, words[i])) {
			*val = i & 1;
			return 0;
		}
	}
	return -EINVAL;
}

static int parse_delay(const char *text, u32 *ms)
{
	unsigned int val;

	if (kstrtouint(text, 10, &val) || val > VKMS_HDCP_MAX_DELAY_MS)
		return -EINVAL;
	*ms = val;
	return 0;
}

static ssize_t show_bool(bool val, char *buf, size_t size)
{
	return scnprintf(buf, size, "%d\n", val);
}

/* Each boolean knob reads back as its field. */
#define BOOL_KNOB(field)							\
static ssize_t show_##field(struct vkms_hdcp *hdcp, char *buf, size_t size)	\
{										\
	return show_bool(hdcp->knobs.field, buf, size);				\
}

BOOL_KNOB(capable)
BOOL_KNOB(corrupt_r0)
BOOL_KNOB(corrupt_v)
BOOL_KNOB(break_link)
BOOL_KNOB(ready_never)
BOOL_KNOB(max_devs)
BOOL_KNOB(max_cascade)
BOOL_KNOB(hdcp2)

/* A boolean knob that the sink takes as it is, through @set. */
static int store_sink_bool(struct drm_hdcp1_emul *sink, bool *knob, char *text,
			   void (*set)(struct drm_hdcp1_emul *sink, bool val))
{
	bool val;

	if (parse_bool(text, &val))
		return -EINVAL;
	*knob = val;
	set(sink, val);
	return 0;
}

static int store_capable(struct vkms_hdcp *hdcp, char *text)
{
	return store_sink_bool(hdcp->sink, &hdcp->knobs.capable, text,
			       drm_hdcp1_emul_set_capable);
}

static int store_corrupt_r0(struct vkms_hdcp *hdcp, char *text)
{
	return store_sink_bool(hdcp->sink, &hdcp->knobs.corrupt_r0, text,
			       drm_hdcp1_emul_set_corrupt_r0);
}

static int store_corrupt_v(struct vkms_hdcp *hdcp, char *text)
{
	return store_sink_bool(hdcp->sink, &hdcp->knobs.corrupt_v, text,
			       drm_hdcp1_emul_set_corrupt_v);
}

/*
 * HDMI: Ri' stops following the cipher from the next frame on. DP, where
 * the sink checks Ri itself: it reports LINK_INTEGRITY_FAILURE with
 * CP_IRQ, until the next authentication.
 */
static int store_break_link(struct vkms_hdcp *hdcp, char *text)
{
	bool val;
	int ret = 0;

	if (parse_bool(text, &val))
		return -EINVAL;
	if (hdcp->sink2 && hdcp->knobs.hdcp2) {
		/* HDCP 2.2 has no Ri: an HDMI sink asks for authentication. */
		if (val && hdcp->transport == DRM_HDCP1_DP)
			ret = drm_hdcp2_emul_link_failure(hdcp->sink2);
		else if (val)
			drm_hdcp2_emul_reauth_request(hdcp->sink2);
	} else if (hdcp->transport == DRM_HDCP1_DP) {
		if (val)
			ret = drm_hdcp1_emul_dp_link_failure(hdcp->sink);
	} else {
		drm_hdcp1_emul_set_link_break(hdcp->sink, val ?
					      drm_hdcp1_emul_frame(hdcp->sink) + 1 :
					      DRM_HDCP1_EMUL_NONE);
	}
	if (!ret)
		hdcp->knobs.break_link = val;
	return ret;
}

static int store_ready_never(struct vkms_hdcp *hdcp, char *text)
{
	bool val;

	if (parse_bool(text, &val))
		return -EINVAL;
	hdcp->knobs.ready_never = val;
	drm_hdcp1_emul_set_ready_delay(hdcp->sink, val ? DRM_HDCP1_EMUL_NONE :
					hdcp->knobs.ready_delay_ms);
	return 0;
}

/* The topology flags describe a repeater's tree: a receiver has none. */
static int store_limit(struct vkms_hdcp *hdcp, char *text, bool cascade)
{
	bool val, devs = hdcp->knobs.max_devs, depth = hdcp->knobs.max_cascade;

	if (parse_bool(text, &val) || (val && !hdcp->knobs.repeater))
		return -EINVAL;
	if (cascade)
		depth = val;
	else
		devs = val;
	drm_hdcp1_emul_set_limits_exceeded(hdcp->sink, devs, depth);
	hdcp->knobs.max_devs = devs;
	hdcp->knobs.max_cascade = depth;
	return 0;
}

static int store_max_devs(struct vkms_hdcp *hdcp, char *text)
{
	return store_limit(hdcp, text, false);
}

static int store_max_cascade(struct vkms_hdcp *hdcp, char *text)
{
	return store_limit(hdcp, text, true);
}

static ssize_t show_connected(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	return show_bool(hdcp->connected, buf, size);
}

static int store_connected(struct vkms_hdcp *hdcp, char *text)
{
	bool val;

	if (parse_bool(text, &val))
		return -EINVAL;
	vkms_hdcp_set_connected(hdcp, val);
	return 0;
}

static int store_reauth_request(struct vkms_hdcp *hdcp, char *text)
{
	bool val;

	if (parse_bool(text, &val) || !val)
		return -EINVAL;
	/* HDCP 2.2 sinks ask on HDMI too; HDCP 1.4 has the request on DP only. */
	if (hdcp->sink2 && hdcp->knobs.hdcp2) {
		drm_hdcp2_emul_reauth_request(hdcp->sink2);
		return 0;
	}
	if (hdcp->transport != DRM_HDCP1_DP)
		return -EINVAL;
	return drm_hdcp1_emul_dp_reauth_request(hdcp->sink);
}

static ssize_t show_r0_delay_ms(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	return scnprintf(buf, size, "%u\n", hdcp->knobs.r0_delay_ms);
}

static int store_r0_delay_ms(struct vkms_hdcp *hdcp, char *text)
{
	if (parse_delay(text, &hdcp->knobs.r0_delay_ms))
		return -EINVAL;
	drm_hdcp1_emul_set_r0_delay(hdcp->sink, hdcp->knobs.r0_delay_ms);
	return 0;
}

static ssize_t show_ready_delay_ms(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	return scnprintf(buf, size, "%u\n", hdcp->knobs.ready_delay_ms);
}

static int store_ready_delay_ms(struct vkms_hdcp *hdcp, char *text)
{
	if (parse_delay(text, &hdcp->knobs.ready_delay_ms))
		return -EINVAL;
	if (!hdcp->knobs.ready_never)
		drm_hdcp1_emul_set_ready_delay(hdcp->sink, hdcp->knobs.ready_delay_ms);
	return 0;
}

static ssize_t show_topology(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	if (!hdcp->knobs.repeater)
		return scnprintf(buf, size, "receiver\n");
	return scnprintf(buf, size, "repeater %u %u\n", hdcp->knobs.devices,
			 hdcp->knobs.depth);
}

/* "receiver", or "repeater <devices> <depth>". */
static int store_topology(struct vkms_hdcp *hdcp, char *text)
{
	char *word = strsep(&text, " "), *devs = strsep(&text, " ");
	char *depth = strsep(&text, " ");
	unsigned int d = 0, l = 0;
	bool repeater;

	if (!strcmp(word, "receiver") && !devs) {
		/* The limit flags would describe a tree that is gone. */
		if (hdcp->knobs.max_devs || hdcp->knobs.max_cascade)
			return -EINVAL;
		repeater = false;
	} else if (!strcmp(word, "repeater") && devs && depth && !text) {
		if (kstrtouint(devs, 10, &d) || kstrtouint(depth, 10, &l))
			return -EINVAL;
		repeater = true;
	} else {
		return -EINVAL;
	}
	if (drm_hdcp1_emul_set_topology(hdcp->sink, repeater, d, l, NULL))
		return -EINVAL;
	hdcp->knobs.repeater = repeater;
	hdcp->knobs.devices = d;
	hdcp->knobs.depth = l;
	return 0;
}

static ssize_t show_bksv(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	return scnprintf(buf, size, "%010llx\n", hdcp->knobs.bksv);
}

/* Ten hex digits with twenty ones: an SRM can then revoke the sink. */
static int store_bksv(struct vkms_hdcp *hdcp, char *text)
{
	u8 raw[DRM_HDCP_KSV_LEN];
	u64 ksv;

	if (strlen(text) != 10 || kstrtou64(text, 16, &ksv))
		return -EINVAL;
	drm_hdcp1_u64_to_ksv(ksv, raw);
	if (!drm_hdcp1_ksv_is_valid(raw))
		return -EINVAL;
	hdcp->knobs.bksv = ksv;
	drm_hdcp1_emul_set_bksv(hdcp->sink, ksv);
	return 0;
}

static ssize_t show_encrypting(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	return show_bool(vkms_hdcp_tx_encrypting(&hdcp->tx), buf, size);
}

/*
 * "<encrypting> <changes>": read before and after the property, an
 * unchanged count proves what the link did while userspace read it.
 */
static ssize_t show_encryption(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	u32 changes;
	bool on = vkms_hdcp_tx_encryption(&hdcp->tx, &changes);

	return scnprintf(buf, size, "%d %u\n", on, changes);
}

/* The count, then the latest violations the sink logged, oldest first. */
static ssize_t show_violations(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	struct drm_hdcp1_emul_record log[DRM_HDCP1_EMUL_LOG_LEN];
	unsigned int i, n;
	ssize_t len;

	len = scnprintf(buf, size, "%u\n", drm_hdcp1_emul_violations(hdcp->sink));
	n = drm_hdcp1_emul_violation_log(hdcp->sink, log, ARRAY_SIZE(log));
	for (i = 0; i < n; i++)
		len += scnprintf(buf + len, size - len, "%s (register 0x%x at %llu ms)\n",
				 drm_hdcp1_emul_violation_name(log[i].reason), log[i].offset,
				 div_u64(log[i].time_ns, NSEC_PER_MSEC));
	return len;
}

static int store_hdcp2(struct vkms_hdcp *hdcp, char *text)
{
	bool val;

	if (parse_bool(text, &val))
		return -EINVAL;
	hdcp->knobs.hdcp2 = val;
	drm_hdcp2_emul_set_capable(hdcp->sink2, val);
	return 0;
}

static const char * const vkms_hdcp2_faults[] = {
	[DRM_HDCP2_EMUL_BAD_CERT] = "bad_cert",
	[DRM_HDCP2_EMUL_BAD_H_PRIME] = "bad_h_prime",
	[DRM_HDCP2_EMUL_BAD_L_PRIME] = "bad_l_prime",
	[DRM_HDCP2_EMUL_BAD_V_PRIME] = "bad_v_prime",
	[DRM_HDCP2_EMUL_BAD_M_PRIME] = "bad_m_prime",
	[DRM_HDCP2_EMUL_SEQ_NUM_V_REPEAT] = "seq_num_v_repeat",
	[DRM_HDCP2_EMUL_SEQ_NUM_V_ROLLOVER] = "seq_num_v_rollover",
	[DRM_HDCP2_EMUL_SEQ_NUM_V_NONZERO] = "seq_num_v_nonzero",
};

static_assert(ARRAY_SIZE(vkms_hdcp2_faults) == DRM_HDCP2_EMUL_NUM_FAULTS);

static const char * const vkms_hdcp2_delays[] = {
	[DRM_HDCP2_EMUL_CERT] = "cert",
	[DRM_HDCP2_EMUL_H_PRIME] = "h_prime",
	[DRM_HDCP2_EMUL_PAIRING] = "pairing",
	[DRM_HDCP2_EMUL_L_PRIME] = "l_prime",
	[DRM_HDCP2_EMUL_LIST] = "list",
	[DRM_HDCP2_EMUL_M_PRIME] = "m_prime",
};

static_assert(ARRAY_SIZE(vkms_hdcp2_delays) == DRM_HDCP2_EMUL_NUM_DELAYS);

/* "<name> <value>": the index of @name in @names, and the value's text. */
static int parse_named(char *text, const char * const *names, unsigned int n,
		       char **value)
{
	char *name = strsep(&text, " ");

	if (!text || strchr(text, ' '))
		return -EINVAL;
	*value = text;
	return match_string(names, n, name);
}

static ssize_t show_hdcp2_fault(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	ssize_t n = 0;
	unsigned int i;

	for (i = 0; i < DRM_HDCP2_EMUL_NUM_FAULTS; i++)
		n += scnprintf(buf + n, size - n, "%s %d\n", vkms_hdcp2_faults[i],
			       hdcp->knobs.fault2[i]);
	return n;
}

/* "<fault> <0|1>": the sink gets one value wrong from its next message on. */
static int store_hdcp2_fault(struct vkms_hdcp *hdcp, char *text)
{
	int i = parse_named(text, vkms_hdcp2_faults, DRM_HDCP2_EMUL_NUM_FAULTS, &text);
	bool val;

	if (i < 0 || parse_bool(text, &val))
		return -EINVAL;
	hdcp->knobs.fault2[i] = val;
	drm_hdcp2_emul_set_fault(hdcp->sink2, i, val);
	return 0;
}

static ssize_t show_hdcp2_delay_ms(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	ssize_t n = 0;
	unsigned int i;

	for (i = 0; i < DRM_HDCP2_EMUL_NUM_DELAYS; i++) {
		if (hdcp->knobs.delay2[i] == DRM_HDCP2_EMUL_NEVER)
			n += scnprintf(buf + n, size - n, "%s never\n", vkms_hdcp2_delays[i]);
		else
			n += scnprintf(buf + n, size - n, "%s %u\n", vkms_hdcp2_delays[i],
				       hdcp->knobs.delay2[i]);
	}
	return n;
}

/* "<answer> <ms>" or "<answer> never": how long the sink takes for it. */
static int store_hdcp2_delay_ms(struct vkms_hdcp *hdcp, char *text)
{
	int i = parse_named(text, vkms_hdcp2_delays, DRM_HDCP2_EMUL_NUM_DELAYS, &text);
	u32 ms;

	if (i < 0)
		return -EINVAL;
	if (!strcmp(text, "never"))
		ms = DRM_HDCP2_EMUL_NEVER;
	else if (parse_delay(text, &ms))
		return -EINVAL;
	hdcp->knobs.delay2[i] = ms;
	drm_hdcp2_emul_set_delay(hdcp->sink2, i, ms);
	return 0;
}

static ssize_t show_hdcp2_topology(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	const struct drm_hdcp2_emul_topology *t = &hdcp->knobs.topology2;

	if (!hdcp->knobs.repeater2)
		return scnprintf(buf, size, "receiver\n");
	return scnprintf(buf, size, "repeater %u %u%s%s\n", t->devices, t->depth,
			 t->hdcp1_downstream ? " hdcp1" : "",
			 t->hdcp2_0_downstream ? " hdcp2.0" : "");
}

/*
 * "<devices> <depth> [hdcp1] [hdcp2.0]" into @t: what a repeater reports,
 * with an HDCP 1.x device or an HDCP 2.0 repeater downstream.
 */
static int parse_topology2(char *text, struct drm_hdcp2_emul_topology *t)
{
	char *devs = strsep(&text, " "), *depth = strsep(&text, " "), *word;

	*t = (struct drm_hdcp2_emul_topology){};
	if (!devs || !depth || kstrtouint(devs, 10, &t->devices) ||
	    kstrtouint(depth, 10, &t->depth))
		return -EINVAL;
	while ((word = strsep(&text, " "))) {
		if (!strcmp(word, "hdcp1") && !t->hdcp1_downstream)
			t->hdcp1_downstream = true;
		else if (!strcmp(word, "hdcp2.0") && !t->hdcp2_0_downstream)
			t->hdcp2_0_downstream = true;
		else
			return -EINVAL;
	}
	return 0;
}

/* "receiver", or "repeater <devices> <depth> [hdcp1] [hdcp2.0]". */
static int store_hdcp2_topology(struct vkms_hdcp *hdcp, char *text)
{
	char *word = strsep(&text, " ");
	struct drm_hdcp2_emul_topology t = {};

	if (!strcmp(word, "receiver") && !text) {
		drm_hdcp2_emul_set_receiver(hdcp->sink2);
		hdcp->knobs.repeater2 = false;
		return 0;
	}
	if (strcmp(word, "repeater") || !text || parse_topology2(text, &t) ||
	    drm_hdcp2_emul_set_repeater(hdcp->sink2, &t))
		return -EINVAL;
	hdcp->knobs.repeater2 = true;
	hdcp->knobs.topology2 = t;
	return 0;
}

/* "<devices> <depth> [hdcp1] [hdcp2.0]": an authenticated repeater's tree changes. */
static int store_hdcp2_topology_change(struct vkms_hdcp *hdcp, char *text)
{
	struct drm_hdcp2_emul_topology t;
	int ret;

	if (!hdcp->knobs.repeater2 || parse_topology2(text, &t))
		return -EINVAL;
	ret = drm_hdcp2_emul_topology_change(hdcp->sink2, &t);
	if (!ret)
		hdcp->knobs.topology2 = t;
	return ret;
}

static ssize_t show_hdcp2_encrypting(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	return show_bool(vkms_hdcp_tx_hdcp2(&hdcp->tx), buf, size);
}

static ssize_t show_hdcp2_violations(struct vkms_hdcp *hdcp, char *buf, size_t size)
{
	struct drm_hdcp2_emul_record log[DRM_HDCP2_EMUL_LOG_LEN];
	unsigned int i, n;
	ssize_t len;

	len = scnprintf(buf, size, "%u\n", drm_hdcp2_emul_violations(hdcp->sink2));
	n = drm_hdcp2_emul_violation_log(hdcp->sink2, log, ARRAY_SIZE(log));
	for (i = 0; i < n; i++)
		len += scnprintf(buf + len, size - len, "%s (msg_id %u at %llu ms)\n",
				 drm_hdcp2_emul_violation_name(log[i].reason), log[i].msg_id,
				 div_u64(log[i].time_ns, NSEC_PER_MSEC));
	return len;
}

static const struct vkms_hdcp_knob vkms_hdcp_knobs[] = {
	{ "capable", 0600, show_capable, store_capable },
	{ "connected", 0600, show_connected, store_connected },
	{ "break_link", 0600, show_break_link, store_break_link },
	{ "reauth_request", 0200, NULL, store_reauth_request },
	{ "corrupt_r0", 0600, show_corrupt_r0, store_corrupt_r0 },
	{ "corrupt_v", 0600, show_corrupt_v, store_corrupt_v },
	{ "r0_delay_ms", 0600, show_r0_delay_ms, store_r0_delay_ms },
	{ "ready_delay_ms", 0600, show_ready_delay_ms, store_ready_delay_ms },
	{ "ready_never", 0600, show_ready_never, store_ready_never },
	{ "topology", 0600, show_topology, store_topology },
	{ "max_devs_exceeded", 0600, show_max_devs, store_max_devs },
	{ "max_cascade_exceeded", 0600, show_max_cascade, store_max_cascade },
	{ "bksv", 0600, show_bksv, store_bksv },
	{ "encrypting", 0400, show_encrypting, NULL },
	{ "encryption", 0400, show_encryption, NULL },
	{ "violations", 0400, show_violations, NULL },
	{ "hdcp2", 0600, show_hdcp2, store_hdcp2 },
	{ "hdcp2_topology", 0600, show_hdcp2_topology, store_hdcp2_topology },
	{ "hdcp2_topology_change", 0200, NULL, store_hdcp2_topology_change },
	{ "hdcp2_fault", 0600, show_hdcp2_fault, store_hdcp2_fault },
	{ "hdcp2_delay_ms", 0600, show_hdcp2_delay_ms, store_hdcp2_delay_ms },
	{ "hdcp2_encrypting", 0400, show_hdcp2_encrypting, NULL },
	{ "hdcp2_violations", 0400, show_hdcp2_violations, NULL },
};

/* The HDCP 2.2 knobs need the sink's HDCP 2.2 side. */
static bool vkms_hdcp_knob_exists(struct vkms_hdcp *hdcp, const struct vkms_hdcp_knob *knob)
{
	return hdcp->sink2 || strncmp(knob->name, "hdcp2", 5);
}

static int vkms_hdcp_store(struct vkms_hdcp *hdcp, const struct vkms_hdcp_knob *knob,
			   const char *buf, size_t len)
{
	char text[VKMS_HDCP_KNOB_TEXT];
	int ret;

	if (!vkms_hdcp_knob_exists(hdcp, knob))
		return -ENODEV;
	if (!knob->store || !len || len >= sizeof(text))
		return -EINVAL;
	memcpy(text, buf, len);
	text[len] = '\0';
	/* Connecting takes the mode config mutex; the knob lock nests inside. */
	if (knob->store == store_connected)
		return store_connected(hdcp, strim(text));
	mutex_lock(&hdcp->knob_lock);
	ret = knob->store(hdcp, strim(text));
	mutex_unlock(&hdcp->knob_lock);
	return ret;
}

static ssize_t vkms_hdcp_show(struct vkms_hdcp *hdcp, const struct vkms_hdcp_knob *knob,
			      char *buf, size_t size)
{
	ssize_t n;

	if (!vkms_hdcp_knob_exists(hdcp, knob))
		return -ENODEV;
	if (!knob->show)
		return -EINVAL;
	mutex_lock(&hdcp->knob_lock);
	n = knob->show(hdcp, buf, size);
	mutex_unlock(&hdcp->knob_lock);
	return n;
}

#if IS_ENABLED(CONFIG_KUNIT)
static const struct vkms_hdcp_knob *vkms_hdcp_find_knob(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vkms_hdcp_knobs); i++)
		if (!strcmp(vkms_hdcp_knobs[i].name, name))
			return &vkms_hdcp_knobs[i];
	return NULL;
}

int vkms_hdcp_knob_store(struct vkms_hdcp *hdcp, const char *name, const char *buf,
			 size_t len)
{
	const struct vkms_hdcp_knob *knob = vkms_hdcp_find_knob(name);

	return knob ? vkms_hdcp_store(hdcp, knob, buf, len) : -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_knob_store);

ssize_t vkms_hdcp_knob_show(struct vkms_hdcp *hdcp, const char *name, char *buf,
			    size_t size)
{
	const struct vkms_hdcp_knob *knob = vkms_hdcp_find_knob(name);

	return knob ? vkms_hdcp_show(hdcp, knob, buf, size) : -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_knob_show);
#endif

/* The debugfs file of one knob; the connector owns the link, which outlives it. */
struct vkms_hdcp_knob_file {
	struct drm_connector *connector;
	const struct vkms_hdcp_knob *knob;
};

static ssize_t vkms_hdcp_knob_read(struct file *file, char __user *ubuf, size_t count,
				   loff_t *ppos)
{
	struct vkms_hdcp_knob_file *kf = file->private_data;
	struct vkms_hdcp *hdcp = vkms_hdcp_of(kf->connector);
	char buf[16 + DRM_HDCP1_EMUL_LOG_LEN * 32];
	ssize_t n;

	n = vkms_hdcp_show(hdcp, kf->knob, buf, sizeof(buf));
	if (n < 0)
		return n;
	return simple_read_from_buffer(ubuf, count, ppos, buf, n);
}

static ssize_t vkms_hdcp_knob_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct vkms_hdcp_knob_file *kf = file->private_data;
	struct vkms_hdcp *hdcp = vkms_hdcp_of(kf->connector);
	char buf[VKMS_HDCP_KNOB_TEXT];
	int ret;

	if (*ppos || !count || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	ret = vkms_hdcp_store(hdcp, kf->knob, buf, count);
	return ret ? ret : count;
}

static const struct file_operations vkms_hdcp_knob_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = vkms_hdcp_knob_read,
	.write = vkms_hdcp_knob_write,
	.llseek = default_llseek,
};

/* The same line i915_hdcp_sink_capability and amdgpu's file print. */
VISIBLE_IF_KUNIT ssize_t vkms_hdcp_capability(struct drm_connector *connector, char *buf,
					      size_t size)
{
	struct vkms_hdcp *hdcp = vkms_hdcp_of(connector);
	bool capable, capable2;
	ssize_t n;

	mutex_lock(&hdcp->knob_lock);
	capable = hdcp->knobs.capable;
	capable2 = hdcp->sink2 && hdcp->knobs.hdcp2;
	mutex_unlock(&hdcp->knob_lock);
	/* Each version is followed by a space, the line by a newline. */
	n = scnprintf(buf, size, "%s:%d HDCP version: ", connector->name, connector->base.id);
	if (capable)
		n += scnprintf(buf + n, size - n, "HDCP1.4 ");
	if (capable2)
		n += scnprintf(buf + n, size - n, "HDCP2.2 ");
	if (!capable && !capable2)
		n += scnprintf(buf + n, size - n, "None ");
	return n + scnprintf(buf + n, size - n, "\n");
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_capability);

static int vkms_hdcp_capability_show(struct seq_file *m, void *data)
{
	char buf[64];

	vkms_hdcp_capability(m->private, buf, sizeof(buf));
	seq_puts(m, buf);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(vkms_hdcp_capability);

void vkms_hdcp_debugfs_init(struct drm_connector *connector, struct dentry *root)
{
	struct vkms_hdcp_knob_file *files;
	struct dentry *dir;
	unsigned int i;

	if (!vkms_hdcp_of(connector))
		return;
	debugfs_create_file("hdcp_sink_capability", 0444, root, connector,
			    &vkms_hdcp_capability_fops);
	files = drmm_kcalloc(connector->dev, ARRAY_SIZE(vkms_hdcp_knobs), sizeof(*files),
			     GFP_KERNEL);
	if (!files)
		return;
	dir = debugfs_create_dir("hdcp", root);
	for (i = 0; i < ARRAY_SIZE(vkms_hdcp_knobs); i++) {
		if (!vkms_hdcp_knob_exists(vkms_hdcp_of(connector), &vkms_hdcp_knobs[i]))
			continue;
		files[i].connector = connector;
		files[i].knob = &vkms_hdcp_knobs[i];
		debugfs_create_file(vkms_hdcp_knobs[i].name, vkms_hdcp_knobs[i].mode, dir,
				    &files[i], &vkms_hdcp_knob_fops);
	}
}
