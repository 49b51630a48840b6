/* SPDX-License-Identifier: GPL-2.0+ */
/*
 * The parts of VKMS's emulated HDCP 1.4 link and what they share: the link
 * (vkms_hdcp.c: engine, sink, hotplug, suspend), the emulated transmitter
 * (vkms_hdcp_tx.c) and the debugfs knobs (vkms_hdcp_debugfs.c). Also read
 * by the KUnit tests.
 */

#ifndef _VKMS_HDCP_PRIV_H_
#define _VKMS_HDCP_PRIV_H_

#include <linux/i2c.h>
#include <linux/kconfig.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_cipher.h>
#include <drm/display/drm_hdcp1_emul.h>
#include <drm/display/drm_hdcp2.h>
#include <drm/display/drm_hdcp2_emul.h>

struct dentry;
struct drm_connector;
struct vkms_device;

/* Emulated device numbers of drm_hdcp1_emul_ksv(): ours and the sink's. */
#define VKMS_HDCP_TX_DEVICE		0
#define VKMS_HDCP_RX_DEVICE		1
/* Bounds of the delay knobs, in milliseconds. */
#define VKMS_HDCP_MAX_DELAY_MS		10000
/* A repeater's list is ready this long after R0', unless told otherwise. */
#define VKMS_HDCP_READY_DELAY_MS	50

/* The emulated transmitter: what a display engine's HDCP block would hold. */
struct vkms_hdcp_tx {
	/* @lock: guards every field below it */
	struct mutex lock;
	/* @dev: our KSV and keys, from the emulation matrix; never changes */
	struct drm_hdcp1_emul_device dev;
	/* @an_count: makes each An different */
	u64 an_count;
	/* @an: the An of the current authentication */
	u64 an;
	/* @session: Km, M0 and the Ri sequence of the current authentication */
	struct drm_hdcp1_session session;
	/* @encrypting: the R0' check passed and no reset came since */
	bool encrypting;
	/*
	 * @enc_changes: times @encrypting changed, so that userspace can tell
	 * that nothing changed between two of its reads
	 */
	u32 enc_changes;
	/* @enc_start_ns: when encryption began, on vkms_hdcp_now_ns() */
	u64 enc_start_ns;
	/* @hdcp2: the encryption is HDCP 2.2's */
	bool hdcp2;
	/* @frame_ns: frame duration of the mode being scanned out */
	u64 frame_ns;
};

/* What the debugfs knobs were last set to; the sink applies them. */
struct vkms_hdcp_knobs {
	bool capable;
	bool break_link;
	bool corrupt_r0;
	bool corrupt_v;
	bool ready_never;
	bool max_devs;
	bool max_cascade;
	bool repeater;
	u32 r0_delay_ms;
	u32 ready_delay_ms;
	unsigned int devices;
	unsigned int depth;
	u64 bksv;
	/* HDCP 2.2, with enable_hdcp2 */
	bool hdcp2;
	bool repeater2;
	struct drm_hdcp2_emul_topology topology2;
	bool fault2[DRM_HDCP2_EMUL_NUM_FAULTS];
	u32 delay2[DRM_HDCP2_EMUL_NUM_DELAYS];
};

struct vkms_hdcp {
	/* @vkmsdev: the device; constant */
	struct vkms_device *vkmsdev;
	/* @transport: HDMI or DisplayPort registers, from the device config */
	enum drm_hdcp1_transport transport;
	/* @engine: the DRM HDCP 1.4 engine driving the link, or NULL; constant */
	struct drm_hdcp1 *engine;
	/*
	 * @engine2: with enable_hdcp2, the DRM HDCP 2.2 engine instead, which
	 * falls back to HDCP 1.4; constant
	 */
	struct drm_hdcp2 *engine2;
	/* @sink: the emulated receiver or repeater; locks itself */
	struct drm_hdcp1_emul *sink;
	/* @sink2: with @engine2, its HDCP 2.2 side in front of @sink */
	struct drm_hdcp2_emul *sink2;
	/* @backend: with @engine2, the software HDCP 2.2 cryptography */
	struct drm_hdcp2_backend *backend;
	/* @aux: DisplayPort: the AUX channel to @sink */
	struct drm_dp_aux aux;
	/* @ddc: HDMI: the DDC bus to @sink, registered while @ddc_added */
	struct i2c_adapter ddc;
	/* @ddc_added: @ddc is registered */
	bool ddc_added;
	/* @edid: what the sink presents: a base block, and CTA-861 on HDMI */
	u8 edid[2 * 128];
	/* @edid_len: bytes of @edid in use */
	size_t edid_len;
	/* @tx: the emulated transmitter */
	struct vkms_hdcp_tx tx;
	/* @knob_lock: guards @knobs and orders knob writes to the sink */
	struct mutex knob_lock;
	/* @knobs: see struct vkms_hdcp_knobs */
	struct vkms_hdcp_knobs knobs;
	/*
	 * @connected: a sink is plugged in; written under
	 * &drm_mode_config.mutex together with the connector status
	 */
	bool connected;
};

struct vkms_hdcp *vkms_hdcp_of(struct drm_connector *connector);
void vkms_hdcp_set_connected(struct vkms_hdcp *hdcp, bool connected);

void vkms_hdcp_tx_init(struct vkms_hdcp_tx *tx);
void vkms_hdcp_tx_fini(struct vkms_hdcp_tx *tx);
void vkms_hdcp_tx_set_frame_ns(struct vkms_hdcp_tx *tx, u64 frame_ns);
bool vkms_hdcp_tx_encrypting(struct vkms_hdcp_tx *tx);
bool vkms_hdcp_tx_encryption(struct vkms_hdcp_tx *tx, u32 *changes);
bool vkms_hdcp_tx_hdcp2(struct vkms_hdcp_tx *tx);
extern const struct drm_hdcp1_tx_ops vkms_hdcp_tx_ops;
extern const struct drm_hdcp2_tx_ops vkms_hdcp2_tx_ops;

void vkms_hdcp_debugfs_init(struct drm_connector *connector, struct dentry *root);

/* The clock of the emulated link; KUnit tests inject theirs. */
u64 vkms_hdcp_now_ns(void);

#if IS_ENABLED(CONFIG_KUNIT)
/* What a debugfs file does, without the user copy, for the KUnit tests. */
int vkms_hdcp_knob_store(struct vkms_hdcp *hdcp, const char *name,
			 const char *buf, size_t len);
ssize_t vkms_hdcp_knob_show(struct vkms_hdcp *hdcp, const char *name,
			    char *buf, size_t size);
ssize_t vkms_hdcp_capability(struct drm_connector *connector, char *buf, size_t size);
#endif

#endif /* _VKMS_HDCP_PRIV_H_ */
