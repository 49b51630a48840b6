// SPDX-License-Identifier: GPL-2.0+
/*
 * debugfs interface of VKMS's emulated HDCP 1.4 link, under the connector's
 * directory:
 *
 *   hdcp_sink_capability   what the sink supports, in the format the i915
 *                          and amdgpu files of the same purpose use
 *   hdcp/                  the sink's knobs (root only), one per file
 *
 * A knob takes a value only if the sink can have it: bad text, values out
 * of range and combinations that make no sense fail with -EINVAL and change
 * nothing. Documentation/gpu/vkms.rst lists them.
 */

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
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
	if (hdcp->transport == DRM_HDCP1_DP) {
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

	if (parse_bool(text, &val) || !val || hdcp->transport != DRM_HDCP1_DP)
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
		len += scnprintf(buf + len, size - len, "%s\n",
				 drm_hdcp1_emul_violation_name(log[i].reason));
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
};

static int vkms_hdcp_store(struct vkms_hdcp *hdcp, const struct vkms_hdcp_knob *knob,
			   const char *buf, size_t len)
{
	char text[VKMS_HDCP_KNOB_TEXT];
	int ret;

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
	bool capable;
	ssize_t n;

	mutex_lock(&hdcp->knob_lock);
	capable = hdcp->knobs.capable;
	mutex_unlock(&hdcp->knob_lock);
	/* Each version is followed by a space, the line by a newline. */
	n = scnprintf(buf, size, "%s:%d HDCP version: %s ", connector->name,
		      connector->base.id, capable ? "HDCP1.4" : "None");
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
		files[i].connector = connector;
		files[i].knob = &vkms_hdcp_knobs[i];
		debugfs_create_file(vkms_hdcp_knobs[i].name, vkms_hdcp_knobs[i].mode, dir,
				    &files[i], &vkms_hdcp_knob_fops);
	}
}
