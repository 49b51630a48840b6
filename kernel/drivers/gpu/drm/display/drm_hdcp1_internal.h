/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 1.4 engine's private state, shared by drm_hdcp1.c and its KUnit
 * tests only. Drivers see struct drm_hdcp1 as an opaque type.
 */

#ifndef __DRM_HDCP1_INTERNAL_H__
#define __DRM_HDCP1_INTERNAL_H__

#include <linux/kconfig.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <drm/display/drm_hdcp1.h>

#include "drm_hdcp1_fsm.h"

struct drm_connector_state;
struct drm_device;

/*
 * One connector's stream on the port. SST is a port with its one stream;
 * DP MST adds a stream per MST connector. The list of a port's streams is
 * changed under both @proto_lock and @req_lock, so either is enough to
 * walk it.
 */
struct drm_hdcp1_stream {
	struct list_head node;		/* in &drm_hdcp1.streams */
	struct drm_hdcp1 *port;
	struct drm_connector *connector;

	/* Under the port's req_lock: what the last commit asked for. */
	bool want;
	bool type1;
	bool driven;
	bool asked_again;		/* Undesired, then Desired, since the last run */
	bool demoted;			/* a commit dropped Enabled: uevent due */
	/*
	 * The connector state the worker last dropped Enabled in itself, and
	 * announced; only compared, never dereferenced.
	 */
	const struct drm_connector_state *self_demoted;
	u32 gen;			/* bumped by the stream's own modesets */

	/* The worker's, under the port's proto_lock. */
	u32 seen_gen;
	u32 synced_seq;
	bool shown_enabled;		/* what the last property sync wrote */
	/* Written under hw_lock and req_lock: the stream is encrypted. */
	bool encrypting;
};

/*
 * Locking, outermost first:
 *
 *   @proto_lock  the protocol: fsm, timer, authentication data. Held by the
 *                worker for a whole run; only the worker takes it.
 *   connection_mutex (&drm_mode_config.connection_mutex) is taken by the
 *                worker under @proto_lock to update the property; drivers
 *                call drm_hdcp1_link_stop() and drm_hdcp1_hand_over() with
 *                it held (blocking commits), never drm_hdcp1_fini(),
 *                which waits for the worker.
 *   @hw_lock     the transmitter and receiver I/O. Never held while waiting
 *                for a modeset lock, so stopping the hardware never waits
 *                for anything but the I/O in flight.
 *   @req_lock    spinlock: what drivers post. Innermost; never held across
 *                I/O.
 */
struct drm_hdcp1 {
	struct drm_device *dev;
	struct drm_connector *connector;	/* the port's, given to the ops */
	char *tag;			/* "[CONNECTOR:id:name]", for logs after fini */
	enum drm_hdcp1_transport transport;
	const struct drm_hdcp1_tx_ops *tx;
	const struct drm_hdcp1_link_ops *link;
	struct i2c_adapter *ddc;
	struct drm_dp_aux *aux;
	struct delayed_work work;

	struct mutex proto_lock;	/* the protocol: below, up to hw_lock */
	struct drm_hdcp1_fsm fsm;
	bool timer_armed;
	u64 deadline_ms;
	u32 seen_link_gen;
	u8 bksv[DRM_HDCP_KSV_LEN];
	u8 *ksv_list;			/* up to 127 KSVs, read once per attempt */
	unsigned int ksv_count;
	u16 bstatus;

	struct mutex hw_lock;		/* transmitter and receiver I/O */
	bool tx_armed;			/* @tx started and not reset since */

	spinlock_t req_lock;		/* what drivers post: below */
	bool dead;
	bool handed_over;		/* the property is another protocol's */
	bool driven;			/* some stream's CRTC is active */
	bool sink_present;
	bool cp_irq;
	bool encrypting;		/* for drm_hdcp1_is_encrypting() */
	u32 link_gen;			/* bumped whenever the link restarts */
	u32 resync_seq;			/* bumped when a property may disagree with the link */
	u64 ri_period_ns;		/* 128 frames of the mode, 0 if unknown */
	struct list_head streams;	/* see struct drm_hdcp1_stream */
	struct kref ref;		/* the device's, and one per attached stream */
	struct drm_hdcp1_stream sst;	/* the port's own connector's stream */
};

#if IS_ENABLED(CONFIG_KUNIT)
/* Test hooks: the clock and the work queueing, redirectable by KUnit. */
u64 drm_hdcp1_now_ms(void);
void drm_hdcp1_queue(struct drm_hdcp1 *hdcp, unsigned long delay_ms);
/* One run of the worker, from the test thread. */
void drm_hdcp1_run(struct drm_hdcp1 *hdcp);
#endif

#endif /* __DRM_HDCP1_INTERNAL_H__ */
