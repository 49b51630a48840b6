/* SPDX-License-Identifier: MIT */
/*
 * The content protection port core of the display helpers, and the
 * contract between it and the protocols that plug into it. Private to the
 * display helpers and their KUnit tests: drivers see only a protocol's
 * handle, such as struct drm_hdcp1.
 *
 * The core owns what does not depend on the protocol version: what drivers
 * and commits post, the streams of a port, the worker and its timer, the
 * "Content Protection" property and its uevents, and the encryption of
 * each stream of an authenticated port. A protocol runs the
 * authentication itself, from the core's worker, through a
 * &struct drm_hdcp_protocol.
 */

#ifndef __DRM_HDCP_PORT_H__
#define __DRM_HDCP_PORT_H__

#include <linux/kconfig.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

struct drm_atomic_state;
struct drm_connector;
struct drm_connector_state;
struct drm_device;
struct drm_hdcp_port;

/*
 * One connector's stream on a port. SST is a port with its one stream;
 * DP MST adds a stream per MST connector. The list of a port's streams is
 * changed under both &drm_hdcp_port.proto_lock and &drm_hdcp_port.req_lock,
 * so either is enough to walk it.
 */
struct drm_hdcp_stream {
	struct list_head node;		/* in &drm_hdcp_port.streams */
	struct drm_hdcp_port *port;
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

/* &drm_hdcp_port_input.ri_period_ns spans this many frames (HDCP 1.x Ri). */
#define DRM_HDCP_PORT_RI_FRAMES		128

/*
 * How long before a protocol's deadline the work queue may wake the
 * worker, which sleeps the rest: its delays round up to jiffies, two of
 * which are 20 ms at HZ=100, and to the timer wheel's coarser steps
 * beyond 64 jiffies (8 ms at HZ=1000).
 */
#define DRM_HDCP_PORT_EARLY_MS		20

/*
 * What the streams and the driver asked of the port, for one run of the
 * protocol.
 */
struct drm_hdcp_port_input {
	bool want;			/* some stream wants protection */
	bool type1;			/* ... of Type 1 content only */
	bool asked_again;		/* Undesired, then Desired again */
	bool link_up;			/* a stream is driven and the sink present */
	bool restarted;			/* the link went down since the last run */
	bool cp_irq;			/* a DisplayPort sink raised CP_IRQ */
	u64 ri_period_ns;		/* DRM_HDCP_PORT_RI_FRAMES of the mode, 0 if unknown */
};

/**
 * struct drm_hdcp_protocol - a protocol version on the port core
 *
 * All are called from the core's worker with &drm_hdcp_port.proto_lock
 * held, except @reset, @stream_encrypt and @release.
 */
struct drm_hdcp_protocol {
	/** @name: for logs, "HDCP 1.4" */
	const char *name;
	/**
	 * @run: take the inputs of this run at time @now: authenticate,
	 * check the link, give up; arm the core's timer with
	 * drm_hdcp_port_arm() when it wants to run again
	 */
	void (*run)(struct drm_hdcp_port *port, const struct drm_hdcp_port_input *in,
		    u64 now);
	/** @timer: the timer armed by @run is due */
	void (*timer)(struct drm_hdcp_port *port, u64 now);
	/** @authenticated: whether the link is authenticated and encrypted */
	bool (*authenticated)(struct drm_hdcp_port *port);
	/**
	 * @type1: optional; whether the authenticated link may carry Type 1
	 * content. Without it, only Type 0 content is Enabled.
	 */
	bool (*type1)(struct drm_hdcp_port *port);
	/**
	 * @reset: stop encrypting and forget the authentication; with
	 * &drm_hdcp_port.hw_lock held, from any context that may sleep
	 */
	void (*reset)(struct drm_hdcp_port *port);
	/**
	 * @stream_encrypt: switch one stream of the authenticated port, with
	 * &drm_hdcp_port.hw_lock held; called only on ports set up per
	 * stream (drm_hdcp_port_init()). Elsewhere every stream is encrypted
	 * with the port.
	 */
	int (*stream_encrypt)(struct drm_hdcp_port *port, struct drm_connector *connector,
			      bool on);
	/** @release: free the protocol's object, once nothing uses the port */
	void (*release)(struct drm_hdcp_port *port);
};

/*
 * Locking, outermost first:
 *
 *   @proto_lock  the protocol and the timer. Held by the worker for a
 *                whole run; besides the worker, only stream attach and
 *                detach take it.
 *   connection_mutex (&drm_mode_config.connection_mutex) is taken by the
 *                worker under @proto_lock to update the property; drivers
 *                call the link and stream stops with it held (blocking
 *                commits), never the fini and detach calls, which wait for
 *                the worker.
 *   @hw_lock     the transmitter and receiver I/O. Never held while waiting
 *                for a modeset lock, so stopping the hardware never waits
 *                for anything but the I/O in flight.
 *   @req_lock    spinlock: what drivers post. Innermost; never held across
 *                I/O.
 */
struct drm_hdcp_port {
	struct drm_device *dev;
	struct drm_connector *connector;	/* the port's, given to the ops */
	char *tag;			/* "[CONNECTOR:id:name]", for logs after fini */
	const struct drm_hdcp_protocol *proto;
	bool per_stream;		/* streams are encrypted one by one */
	struct delayed_work work;
	struct kref ref;		/* the device's, and one per attached stream */

	struct mutex proto_lock;	/* the protocol: below, up to hw_lock */
	bool timer_armed;
	u64 deadline_ms;
	u32 seen_link_gen;

	struct mutex hw_lock;		/* transmitter and receiver I/O */
	bool tx_armed;			/* the protocol started the transmitter */

	spinlock_t req_lock;		/* what drivers post: below */
	bool dead;
	bool handed_over;		/* the property is another protocol's */
	bool driven;			/* some stream's CRTC is active */
	bool sink_present;
	bool cp_irq;
	bool encrypting;		/* the transmitter encrypts the link */
	u32 link_gen;			/* bumped whenever the link restarts */
	u32 resync_seq;			/* bumped when a property may disagree with the link */
	u64 ri_period_ns;		/* 128 frames of the mode, 0 if unknown */
	struct list_head streams;	/* see struct drm_hdcp_stream */
	struct drm_hdcp_stream sst;	/* the port's own connector's stream */
};

int drm_hdcp_port_init(struct drm_hdcp_port *port, struct drm_connector *connector,
		       const struct drm_hdcp_protocol *proto, bool per_stream);
void drm_hdcp_port_fini(struct drm_hdcp_port *port);
void drm_hdcp_port_atomic_commit(struct drm_hdcp_port *port,
				 struct drm_atomic_state *state);
void drm_hdcp_port_link_stop(struct drm_hdcp_port *port);
void drm_hdcp_port_hand_over(struct drm_hdcp_port *port);
void drm_hdcp_port_hotplug(struct drm_hdcp_port *port, bool connected);
void drm_hdcp_port_cp_irq(struct drm_hdcp_port *port);
bool drm_hdcp_port_is_encrypting(struct drm_hdcp_port *port);
struct drm_hdcp_stream *drm_hdcp_port_stream_attach(struct drm_hdcp_port *port,
						    struct drm_connector *connector);
void drm_hdcp_port_stream_stop(struct drm_hdcp_stream *stream);
void drm_hdcp_port_stream_detach(struct drm_hdcp_stream *stream);

/* For the protocols, from the worker. */
void drm_hdcp_port_arm(struct drm_hdcp_port *port, u64 deadline_ms);
void drm_hdcp_port_disarm(struct drm_hdcp_port *port);
bool drm_hdcp_port_link_current(struct drm_hdcp_port *port);
void drm_hdcp_port_set_encrypting(struct drm_hdcp_port *port, bool on);
bool drm_hdcp_port_sync_property(struct drm_hdcp_port *port);
void drm_hdcp_port_reset_tx(struct drm_hdcp_port *port);
__printf(2, 3) void drm_hdcp_port_dbg(struct drm_hdcp_port *port, const char *fmt, ...);

/* The clock of the core and its protocols; KUnit redirects it. */
u64 drm_hdcp_port_now_ms(void);
void drm_hdcp_port_sleep(struct drm_hdcp_port *port, unsigned int ms);

#if IS_ENABLED(CONFIG_KUNIT)
/* Test hooks: the work queueing, redirectable, and one run of the worker. */
void drm_hdcp_port_queue(struct drm_hdcp_port *port, unsigned long delay_ms);
unsigned long drm_hdcp_port_delay_jiffies(unsigned long delay_ms);
void drm_hdcp_port_run(struct drm_hdcp_port *port);
#endif

#endif /* __DRM_HDCP_PORT_H__ */
