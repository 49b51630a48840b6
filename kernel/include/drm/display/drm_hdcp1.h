/* SPDX-License-Identifier: MIT */
/*
 * A hardware-independent HDCP 1.4 transmitter engine. A driver embeds a
 * struct drm_hdcp1 per connector, supplies two small ops tables (how to
 * reach the receiver's registers, what its transmitter hardware does) and
 * tells the engine what userspace and the link are doing; the engine runs
 * the protocol and reports through the "Content Protection" property.
 */

#ifndef __DRM_DISPLAY_HDCP1_H__
#define __DRM_DISPLAY_HDCP1_H__

#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include <drm/display/drm_hdcp.h>

struct drm_connector;
struct drm_connector_state;
struct drm_dp_aux;
struct drm_hdcp1;
struct i2c_adapter;

/**
 * enum drm_hdcp1_transport - how the receiver's HDCP registers are reached
 * @DRM_HDCP1_HDMI: the HDCP port on DDC (I2C address 0x3a), HDMI and DVI
 * @DRM_HDCP1_DP: the HDCP registers in the DPCD (0x68000), DisplayPort
 */
enum drm_hdcp1_transport {
	DRM_HDCP1_HDMI,
	DRM_HDCP1_DP,
};

/**
 * enum drm_hdcp1_state - where the transmitter is in the protocol
 * @DRM_HDCP1_IDLE: content protection is Undesired
 * @DRM_HDCP1_WAIT_LINK: Desired, but no sink is driven
 * @DRM_HDCP1_UNSUPPORTED: Desired for content (Type 1) that HDCP 1.4 cannot
 *	protect
 * @DRM_HDCP1_A1_EXCHANGE: first part: Bcaps read, An and Aksv written, Bksv
 *	read and checked (the I/O is in flight)
 * @DRM_HDCP1_A2_R0: waiting for R0', then reading and comparing it
 * @DRM_HDCP1_A8_READY: encrypted, waiting for a repeater's KSV list
 * @DRM_HDCP1_A9_KSV_LIST: second part: topology, KSV list, revocation, V'
 * @DRM_HDCP1_A4_AUTHENTICATED: encrypted and reported Enabled; third part
 *	(link integrity checks) runs on a timer and on CP_IRQ
 * @DRM_HDCP1_BACKOFF: an attempt failed; waiting before the next one
 * @DRM_HDCP1_NUM_STATES: number of states
 */
enum drm_hdcp1_state {
	DRM_HDCP1_IDLE,
	DRM_HDCP1_WAIT_LINK,
	DRM_HDCP1_UNSUPPORTED,
	DRM_HDCP1_A1_EXCHANGE,
	DRM_HDCP1_A2_R0,
	DRM_HDCP1_A8_READY,
	DRM_HDCP1_A9_KSV_LIST,
	DRM_HDCP1_A4_AUTHENTICATED,
	DRM_HDCP1_BACKOFF,
	DRM_HDCP1_NUM_STATES
};

/**
 * struct drm_hdcp1_fsm - the protocol state; plain data
 * @state: current state
 * @io: the I/O action whose result is awaited, 0 if none
 * @link_up: a sink is connected and driven
 * @type1: the content needs HDCP 2.2 (Type 1)
 * @repeater: the receiver is a repeater (from Bcaps)
 * @encrypting: encryption is on
 * @reported_enabled: the property was set to Enabled
 * @attempts: failed authentications since the last success
 * @reads: reads of R0', V' or Ri' in the current step
 * @since_ms: when the current wait began (Aksv write, R0' match)
 */
struct drm_hdcp1_fsm {
	enum drm_hdcp1_state state;
	u32 io;
	bool link_up;
	bool type1;
	bool repeater;
	bool encrypting;
	bool reported_enabled;
	unsigned int attempts;
	unsigned int reads;
	u64 since_ms;
};

/**
 * struct drm_hdcp1_link_ops - access to the receiver's HDCP registers
 *
 * Offsets are those of the transport's own map (DRM_HDCP_DDC_* for HDMI,
 * DP_AUX_HDCP_* for DisplayPort). Both return 0 or a negative error code.
 * The helpers provide &drm_hdcp1_hdmi_ddc_ops and &drm_hdcp1_dp_aux_ops.
 */
struct drm_hdcp1_link_ops {
	/** @read: read @len bytes at @offset */
	int (*read)(struct drm_hdcp1 *hdcp, unsigned int offset, void *buf,
		    size_t len);
	/** @write: write @len bytes at @offset */
	int (*write)(struct drm_hdcp1 *hdcp, unsigned int offset,
		     const void *buf, size_t len);
};

/**
 * struct drm_hdcp1_tx_ops - the transmitter side
 *
 * All may sleep. "Verify" operations return 0 when the receiver's value
 * matches, -EPERM when it does not, another negative code on error; they
 * either compare in hardware or compute in software, whichever the
 * transmitter does.
 */
struct drm_hdcp1_tx_ops {
	/**
	 * @start: begin an authentication: load the keys if needed, fill
	 * @an with a fresh An and return the transmitter's KSV in @aksv
	 */
	int (*start)(struct drm_hdcp1 *hdcp, u8 an[DRM_HDCP_AN_LEN],
		     u8 aksv[DRM_HDCP_KSV_LEN]);
	/** @verify_r0: check R0' against the session computed from @bksv */
	int (*verify_r0)(struct drm_hdcp1 *hdcp, const u8 bksv[DRM_HDCP_KSV_LEN],
			 bool repeater, const u8 r0_prime[DRM_HDCP_RI_LEN]);
	/** @enable_encryption: start encrypting the link */
	int (*enable_encryption)(struct drm_hdcp1 *hdcp);
	/** @disable_encryption: stop encrypting; must not fail */
	void (*disable_encryption)(struct drm_hdcp1 *hdcp);
	/** @verify_ri: check Ri' during the link integrity check (HDMI) */
	int (*verify_ri)(struct drm_hdcp1 *hdcp, const u8 ri_prime[DRM_HDCP_RI_LEN]);
	/**
	 * @verify_v: check a repeater's V' against V computed from the KSV
	 * list, Bstatus (Binfo on DP) and M0, which may never leave the
	 * hardware
	 */
	int (*verify_v)(struct drm_hdcp1 *hdcp, const u8 *ksv_list,
			unsigned int count, u16 bstatus,
			const u8 v_prime[DRM_HDCP_V_PRIME_NUM_PARTS *
					 DRM_HDCP_V_PRIME_PART_LEN]);
};

/**
 * struct drm_hdcp1 - HDCP 1.4 engine state for one connector
 *
 * Set up with drm_hdcp1_init(); the fields below the private marker belong
 * to the engine.
 */
struct drm_hdcp1 {
	/** @connector: the connector whose property the engine drives */
	struct drm_connector *connector;
	/** @transport: HDMI or DisplayPort register map */
	enum drm_hdcp1_transport transport;
	/** @link: receiver register access */
	const struct drm_hdcp1_link_ops *link;
	/** @tx: transmitter operations */
	const struct drm_hdcp1_tx_ops *tx;
	/** @ddc: DDC bus, for &drm_hdcp1_hdmi_ddc_ops */
	struct i2c_adapter *ddc;
	/** @aux: AUX channel, for &drm_hdcp1_dp_aux_ops */
	struct drm_dp_aux *aux;

	/* private: */
	struct mutex lock;		/* the protocol: fsm, auth data, timer */
	struct delayed_work work;
	wait_queue_head_t wait;
	bool timer_armed;
	u64 deadline_ms;
	struct drm_hdcp1_fsm fsm;
	u8 bksv[DRM_HDCP_KSV_LEN];
	u8 *ksv_list;			/* 127 KSVs */

	spinlock_t req_lock;		/* requests from the driver: */
	bool dead;
	bool manual;			/* KUnit: run only from drm_hdcp1_process_at() */
	bool want;
	bool type1;
	bool link_up;
	bool cp_irq;
	u32 link_generation;
	u32 seen_generation;
	unsigned int runs;
};

extern const struct drm_hdcp1_link_ops drm_hdcp1_hdmi_ddc_ops;
extern const struct drm_hdcp1_link_ops drm_hdcp1_dp_aux_ops;

int drm_hdcp1_init(struct drm_hdcp1 *hdcp, struct drm_connector *connector,
		   enum drm_hdcp1_transport transport,
		   const struct drm_hdcp1_link_ops *link,
		   const struct drm_hdcp1_tx_ops *tx);
void drm_hdcp1_fini(struct drm_hdcp1 *hdcp);

void drm_hdcp1_set_desired(struct drm_hdcp1 *hdcp, bool desired, u64 content_type);
void drm_hdcp1_atomic_commit(struct drm_hdcp1 *hdcp,
			     const struct drm_connector_state *new_state);
void drm_hdcp1_link_up(struct drm_hdcp1 *hdcp);
void drm_hdcp1_link_down(struct drm_hdcp1 *hdcp);
void drm_hdcp1_cp_irq(struct drm_hdcp1 *hdcp);

bool drm_hdcp1_is_encrypting(struct drm_hdcp1 *hdcp);

#endif /* __DRM_DISPLAY_HDCP1_H__ */
