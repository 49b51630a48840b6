// SPDX-License-Identifier: MIT
/*
 * The content protection port core: what drivers and commits post, the
 * streams of a port, the worker and its timer, and the "Content
 * Protection" property. A protocol (drm_hdcp1.c) authenticates the port
 * from the worker through &struct drm_hdcp_protocol.
 */

#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/slab.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_connector.h>
#include <drm/drm_crtc.h>
#include <drm/drm_device.h>
#include <drm/drm_managed.h>
#include <drm/drm_modes.h>
#include <drm/drm_modeset_lock.h>
#include <drm/drm_print.h>
#include <drm/drm_sysfs.h>

#include "drm_hdcp_port.h"

/*
 * How long Enabled waits for the hardware of a pending commit at most (the
 * atomic helpers' own waits give up after ten seconds), and how soon it
 * looks again after that.
 */
#define DRM_HDCP_PORT_HW_DONE_TIMEOUT_MS	10000
#define DRM_HDCP_PORT_COMMIT_RECHECK_MS		100

void drm_hdcp_port_dbg(struct drm_hdcp_port *port, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	drm_dbg_kms(port->dev, "%s %s: %pV", port->tag, port->proto->name, &vaf);
	va_end(args);
}

/*
 * The clock and the work queue, behind functions that KUnit can redirect
 * so that tests run the protocol on injected time.
 */
u64 drm_hdcp_port_now_ms(void)
{
	KUNIT_STATIC_STUB_REDIRECT(drm_hdcp_port_now_ms);
	return ktime_to_ms(ktime_get());
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_port_now_ms);

/*
 * The work queue delay for a run due in @delay_ms. The timer wheel runs
 * a timer of j jiffies at the tick after its expiry, more than j and at
 * most j + 1 jiffies after it was queued (level 0, up to 63 jiffies): so
 * the run comes after more than @delay_ms - DRM_HDCP_PORT_EARLY_MS and
 * by @delay_ms, and the worker sleeps the rest (drm_hdcp_port_process()).
 */
VISIBLE_IF_KUNIT unsigned long drm_hdcp_port_delay_jiffies(unsigned long delay_ms)
{
	if (delay_ms <= DRM_HDCP_PORT_EARLY_MS)
		return 0;
	return msecs_to_jiffies(delay_ms - DRM_HDCP_PORT_EARLY_MS);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_port_delay_jiffies);

/*
 * Make sure the worker runs within @delay_ms. Called under req_lock. The
 * worker is frozen with the system, so nothing runs while it is suspended.
 */
VISIBLE_IF_KUNIT void drm_hdcp_port_queue(struct drm_hdcp_port *port,
					  unsigned long delay_ms)
{
	KUNIT_STATIC_STUB_REDIRECT(drm_hdcp_port_queue, port, delay_ms);
	if (!delay_ms)
		mod_delayed_work(system_freezable_wq, &port->work, 0);
	else
		/* A pending run is a kick, which is sooner: leave it. */
		queue_delayed_work(system_freezable_wq, &port->work,
				   drm_hdcp_port_delay_jiffies(delay_ms));
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_port_queue);

/*
 * Sleep @ms in the worker, precisely (the work queue's delays round up to
 * jiffies). For the protocols' short waits; KUnit redirects it to move
 * its injected clock instead.
 */
void drm_hdcp_port_sleep(struct drm_hdcp_port *port, unsigned int ms)
{
	KUNIT_STATIC_STUB_REDIRECT(drm_hdcp_port_sleep, port, ms);
	lockdep_assert_held(&port->proto_lock);
	if (ms)
		usleep_range(ms * USEC_PER_MSEC, ms * USEC_PER_MSEC + 200);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_port_sleep);

/* Called with req_lock held. */
static void drm_hdcp_port_kick(struct drm_hdcp_port *port)
{
	if (!port->dead)
		drm_hdcp_port_queue(port, 0);
}

/* From the worker: is the link it started this run on still the one driven? */
bool drm_hdcp_port_link_current(struct drm_hdcp_port *port)
{
	bool ok;

	spin_lock_irq(&port->req_lock);
	ok = !port->dead && port->driven && port->sink_present &&
	     port->link_gen == port->seen_link_gen;
	spin_unlock_irq(&port->req_lock);
	return ok;
}

/* How many streams are on an active CRTC. Called with req_lock held. */
static unsigned int drm_hdcp_port_driven_count(struct drm_hdcp_port *port)
{
	struct drm_hdcp_stream *s;
	unsigned int n = 0;

	list_for_each_entry(s, &port->streams, node)
		n += s->driven;
	return n;
}

/* The transmitter encrypts the link, or (@on false) no longer does. */
void drm_hdcp_port_set_encrypting(struct drm_hdcp_port *port, bool on)
{
	struct drm_hdcp_stream *s;

	spin_lock_irq(&port->req_lock);
	port->encrypting = on;
	/* The port's reset ends the encryption of every stream. */
	if (!on)
		list_for_each_entry(s, &port->streams, node)
			s->encrypting = false;
	spin_unlock_irq(&port->req_lock);
}

/* Stop the transmitter if anything was started in it; hw_lock held. */
static void drm_hdcp_port_reset_tx_locked(struct drm_hdcp_port *port)
{
	lockdep_assert_held(&port->hw_lock);
	if (port->tx_armed) {
		port->proto->reset(port);
		port->tx_armed = false;
		drm_hdcp_port_set_encrypting(port, false);
	}
}

void drm_hdcp_port_reset_tx(struct drm_hdcp_port *port)
{
	mutex_lock(&port->hw_lock);
	drm_hdcp_port_reset_tx_locked(port);
	mutex_unlock(&port->hw_lock);
}

/* Called with hw_lock held. */
static int drm_hdcp_port_stream_switch(struct drm_hdcp_stream *s, bool on)
{
	struct drm_hdcp_port *port = s->port;
	int ret;

	lockdep_assert_held(&port->hw_lock);
	ret = port->proto->stream_encrypt(port, s->connector, on);
	if (ret && on) {
		drm_hdcp_port_dbg(port, "[CONNECTOR:%d:%s] stream not encrypted: %d\n",
				  s->connector->base.id, s->connector->name, ret);
		return ret;
	}
	spin_lock_irq(&port->req_lock);
	s->encrypting = on;
	spin_unlock_irq(&port->req_lock);
	return 0;
}

/*
 * On a port that encrypts its streams one by one: once it is
 * authenticated, encrypt each stream that wants protection of Type 0 on an
 * active CRTC, and no other. A stream whose CRTC went through a modeset of
 * its own is encrypted again. A stream that fails stays in the clear until
 * the next run (at the latest the next link check).
 */
static void drm_hdcp_port_encrypt_streams(struct drm_hdcp_port *port)
{
	bool authed = port->proto->authenticated(port);
	struct drm_hdcp_stream *s;
	bool on, restarted;

	if (!port->per_stream)
		return;
	list_for_each_entry(s, &port->streams, node) {
		mutex_lock(&port->hw_lock);
		spin_lock_irq(&port->req_lock);
		on = authed && s->want && !s->type1 && s->driven;
		restarted = s->gen != s->seen_gen;
		s->seen_gen = s->gen;
		spin_unlock_irq(&port->req_lock);
		if (drm_hdcp_port_link_current(port)) {
			if (restarted && s->encrypting)
				drm_hdcp_port_stream_switch(s, false);
			if (on != s->encrypting)
				drm_hdcp_port_stream_switch(s, on);
		}
		mutex_unlock(&port->hw_lock);
	}
}

/* Not after the port's fini, nor while the link is handed over. */
static bool drm_hdcp_port_owns_property(struct drm_hdcp_port *port)
{
	bool owns;

	spin_lock_irq(&port->req_lock);
	owns = !port->dead && !port->handed_over;
	spin_unlock_irq(&port->req_lock);
	return owns;
}

/*
 * A commit swapped in whose tail has yet to program the hardware: a
 * nonblocking modeset may be about to take the link down.
 */
static bool drm_hdcp_port_commit_pending(const struct drm_connector_state *state)
{
	return state->commit && !completion_done(&state->commit->hw_done);
}

/* Whether the authenticated link may carry Type 1 content. */
static bool drm_hdcp_port_type1(struct drm_hdcp_port *port, bool authed)
{
	return authed && port->proto->type1 && port->proto->type1(port);
}

/*
 * What a stream's property should say: Enabled while the port is
 * authenticated for the stream's content type and, on a port that
 * encrypts its streams one by one, the stream is encrypted.
 */
static bool drm_hdcp_port_stream_enabled(struct drm_hdcp_port *port,
					 struct drm_hdcp_stream *s, bool authed,
					 bool type1)
{
	bool on;

	spin_lock_irq(&port->req_lock);
	on = authed && (!s->type1 || type1) && (!port->per_stream || s->encrypting);
	spin_unlock_irq(&port->req_lock);
	return on;
}

/*
 * Bring one stream's property in line, with connection_mutex held. Returns
 * the pending commit Enabled has to wait for, referenced, or NULL; with
 * @hold, another stream waits already and Enabled is left for later.
 */
static struct drm_crtc_commit *drm_hdcp_port_sync_stream(struct drm_hdcp_port *port,
							 struct drm_hdcp_stream *s,
							 bool enabled, bool type1,
							 bool owns, bool hold)
{
	struct drm_property *prop = port->dev->mode_config.content_protection_property;
	struct drm_connector *connector = s->connector;
	struct drm_connector_state *state = connector->state;
	bool promote, announce;

	spin_lock_irq(&port->req_lock);
	announce = s->demoted;
	s->demoted = false;
	spin_unlock_irq(&port->req_lock);
	if (!owns || !state)
		return NULL;
	promote = enabled &&
		  state->content_protection == DRM_MODE_CONTENT_PROTECTION_DESIRED &&
		  (state->hdcp_content_type == DRM_MODE_HDCP_CONTENT_TYPE0 || type1) &&
		  state->crtc;
	/*
	 * Until its tail has run, the commit that made this state may yet
	 * take down the link we authenticated.
	 */
	if (promote && drm_hdcp_port_commit_pending(state))
		return hold ? NULL : drm_crtc_commit_get(state->commit);
	if (promote && hold)
		return NULL;
	if (promote) {
		drm_hdcp_update_content_protection(connector,
						   DRM_MODE_CONTENT_PROTECTION_ENABLED);
	} else if (!enabled &&
		   state->content_protection == DRM_MODE_CONTENT_PROTECTION_ENABLED) {
		drm_hdcp_update_content_protection(connector,
						   DRM_MODE_CONTENT_PROTECTION_DESIRED);
		/* Maybe a swapped-in commit's new state: its tail must know. */
		spin_lock_irq(&port->req_lock);
		s->self_demoted = state;
		spin_unlock_irq(&port->req_lock);
	} else if (announce &&
		   state->content_protection == DRM_MODE_CONTENT_PROTECTION_DESIRED) {
		/* A commit dropped Enabled: whoever made it, userspace hears. */
		drm_sysfs_connector_property_event(connector, prop);
	}
	return NULL;
}

/*
 * Make every stream's property agree with the link: Enabled while
 * authenticated (for Type 0 content on a routed connector), Desired
 * otherwise. Undesired is userspace's and is never overwritten. Skipped
 * when nothing can have changed since the last sync. Returns false when
 * Enabled had to wait for a pending commit's hardware, after waiting for
 * it: sync again then.
 */
bool drm_hdcp_port_sync_property(struct drm_hdcp_port *port)
{
	unsigned long hw_done_timeout = msecs_to_jiffies(DRM_HDCP_PORT_HW_DONE_TIMEOUT_MS);
	struct drm_modeset_lock *lock = &port->dev->mode_config.connection_mutex;
	bool authed = port->proto->authenticated(port);
	bool type1 = drm_hdcp_port_type1(port, authed);
	struct drm_crtc_commit *pending = NULL;
	struct drm_hdcp_stream *s;
	bool stale = false, owns;
	u32 seq;

	spin_lock_irq(&port->req_lock);
	seq = port->resync_seq;
	spin_unlock_irq(&port->req_lock);
	list_for_each_entry(s, &port->streams, node)
		stale |= seq != s->synced_seq ||
			 drm_hdcp_port_stream_enabled(port, s, authed, type1) !=
			 s->shown_enabled;
	if (!stale)
		return true;

	drm_modeset_lock(lock, NULL);
	/*
	 * A blocking commit that holds the lock may have stopped the link
	 * while we waited for it: the link is in the clear then.
	 * The port's fini (which waits for us before the connector goes) or
	 * hand-over may have run meanwhile too.
	 */
	if (authed && !drm_hdcp_port_link_current(port))
		authed = false;
	type1 = drm_hdcp_port_type1(port, authed);
	owns = drm_hdcp_port_owns_property(port);
	list_for_each_entry(s, &port->streams, node) {
		struct drm_crtc_commit *wait;
		bool enabled = drm_hdcp_port_stream_enabled(port, s, authed, type1);

		wait = drm_hdcp_port_sync_stream(port, s, enabled, type1, owns, !!pending);
		if (wait)
			pending = wait;
		s->shown_enabled = enabled;
	}
	drm_modeset_unlock(lock);
	if (pending) {
		/*
		 * With no lock held: the tail may need the modeset locks and
		 * stop the link (hw_lock); fence waits before it can be long.
		 */
		if (!wait_for_completion_timeout(&pending->hw_done, hw_done_timeout))
			drm_hdcp_port_dbg(port, "commit hardware not done after %u ms\n",
					  DRM_HDCP_PORT_HW_DONE_TIMEOUT_MS);
		drm_crtc_commit_put(pending);
		return false;
	}
	list_for_each_entry(s, &port->streams, node)
		s->synced_seq = seq;
	return true;
}

/*
 * What the streams ask of the port, with req_lock held: protection while
 * any stream on an active CRTC wants it (while none is active, any stream),
 * for Type 1 content only when no such stream has Type 0 content.
 */
static void drm_hdcp_port_wants(struct drm_hdcp_port *port, bool *want, bool *type1,
				bool *asked_again)
{
	bool want_driven = false, type0_driven = false, want_any = false,
	     type0_any = false;
	struct drm_hdcp_stream *s;

	*asked_again = false;
	list_for_each_entry(s, &port->streams, node) {
		if (s->driven) {
			want_driven |= s->want;
			type0_driven |= s->want && !s->type1;
		}
		want_any |= s->want;
		type0_any |= s->want && !s->type1;
		*asked_again |= s->asked_again;
		s->asked_again = false;
	}
	*want = port->driven ? want_driven : want_any;
	*type1 = *want && !(port->driven ? type0_driven : type0_any);
}

/* Arm the timer, from a protocol's run: run again at @deadline_ms. */
void drm_hdcp_port_arm(struct drm_hdcp_port *port, u64 deadline_ms)
{
	lockdep_assert_held(&port->proto_lock);
	port->timer_armed = true;
	port->deadline_ms = deadline_ms;
}

void drm_hdcp_port_disarm(struct drm_hdcp_port *port)
{
	lockdep_assert_held(&port->proto_lock);
	port->timer_armed = false;
}

/* One run of the port; returns when it wants to run next, or -1. */
static s64 drm_hdcp_port_process(struct drm_hdcp_port *port)
{
	struct drm_hdcp_port_input in;
	u64 now;

	spin_lock_irq(&port->req_lock);
	if (port->dead) {
		spin_unlock_irq(&port->req_lock);
		return -1;
	}
	drm_hdcp_port_wants(port, &in.want, &in.type1, &in.asked_again);
	in.link_up = port->driven && port->sink_present;
	in.cp_irq = port->cp_irq;
	port->cp_irq = false;
	in.restarted = port->link_gen != port->seen_link_gen;
	port->seen_link_gen = port->link_gen;
	in.ri_period_ns = port->ri_period_ns;
	spin_unlock_irq(&port->req_lock);

	port->proto->run(port, &in, drm_hdcp_port_now_ms());
	now = drm_hdcp_port_now_ms();
	/*
	 * Woken early by the queue: sleep past the deadline. Its origin and
	 * the clock are read in whole milliseconds, the origin up to 1 ms
	 * before the event a floor counts from: the deadline's millisecond
	 * itself may still be early, hence one more.
	 */
	if (port->timer_armed && now <= port->deadline_ms &&
	    port->deadline_ms - now <= DRM_HDCP_PORT_EARLY_MS + 1) {
		drm_hdcp_port_sleep(port, port->deadline_ms - now + 1);
		now = drm_hdcp_port_now_ms();
	}
	if (port->timer_armed && now >= port->deadline_ms) {
		port->timer_armed = false;
		port->proto->timer(port, now);
	}
	drm_hdcp_port_encrypt_streams(port);
	/* Once a pending commit's hardware is done, decide again at once. */
	if (!drm_hdcp_port_sync_property(port) && !drm_hdcp_port_sync_property(port)) {
		now = drm_hdcp_port_now_ms() + DRM_HDCP_PORT_COMMIT_RECHECK_MS;
		if (!port->timer_armed || now < port->deadline_ms)
			return now;
	}
	return port->timer_armed ? port->deadline_ms : -1;
}

VISIBLE_IF_KUNIT void drm_hdcp_port_run(struct drm_hdcp_port *port)
{
	s64 next;
	u64 now;

	mutex_lock(&port->proto_lock);
	next = drm_hdcp_port_process(port);
	mutex_unlock(&port->proto_lock);
	if (next < 0)
		return;

	spin_lock_irq(&port->req_lock);
	if (!port->dead) {
		now = drm_hdcp_port_now_ms();
		/* The floors are minimum waits: woken early, it sleeps to them. */
		drm_hdcp_port_queue(port, (u64)next > now ? (u64)next - now : 1);
	}
	spin_unlock_irq(&port->req_lock);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp_port_run);

static void drm_hdcp_port_work(struct work_struct *work)
{
	drm_hdcp_port_run(container_of(to_delayed_work(work), struct drm_hdcp_port, work));
}

static void drm_hdcp_port_free(struct kref *ref)
{
	struct drm_hdcp_port *port = container_of(ref, struct drm_hdcp_port, ref);

	mutex_destroy(&port->hw_lock);
	mutex_destroy(&port->proto_lock);
	kfree(port->tag);
	port->proto->release(port);
}

/* The device's reference; attached streams hold one each. */
static void drm_hdcp_port_release(struct drm_device *dev, void *data)
{
	struct drm_hdcp_port *port = data;

	drm_hdcp_port_fini(port);
	kref_put(&port->ref, drm_hdcp_port_free);
}

/* Called with req_lock held, or before the port is set up. */
static void drm_hdcp_port_stream_init(struct drm_hdcp_port *port, struct drm_hdcp_stream *s,
				      struct drm_connector *connector)
{
	s->port = port;
	s->connector = connector;
	/* The engine relies on the core's rule for the committed values. */
	connector->content_protection_checked = true;
	list_add_tail(&s->node, &port->streams);
}

/*
 * Set up @port, embedded in the protocol's object, which
 * &drm_hdcp_protocol.release frees; on error it is freed already. With
 * @per_stream, each stream is encrypted on its own
 * (&drm_hdcp_protocol.stream_encrypt) and more streams may attach.
 */
int drm_hdcp_port_init(struct drm_hdcp_port *port, struct drm_connector *connector,
		       const struct drm_hdcp_protocol *proto, bool per_stream)
{
	port->proto = proto;
	port->per_stream = per_stream;
	port->tag = kasprintf(GFP_KERNEL, "[CONNECTOR:%d:%s]", connector->base.id,
			      connector->name);
	if (!port->tag) {
		proto->release(port);
		return -ENOMEM;
	}
	port->dev = connector->dev;
	port->connector = connector;
	kref_init(&port->ref);
	INIT_LIST_HEAD(&port->streams);
	drm_hdcp_port_stream_init(port, &port->sst, connector);
	port->sink_present = true;
	mutex_init(&port->proto_lock);
	mutex_init(&port->hw_lock);
	spin_lock_init(&port->req_lock);
	INIT_DELAYED_WORK(&port->work, drm_hdcp_port_work);
	return drmm_add_action_or_reset(connector->dev, drm_hdcp_port_release, port);
}

/* The port's link goes down, every stream with it. Called with req_lock held. */
static void drm_hdcp_port_undrive(struct drm_hdcp_port *port)
{
	struct drm_hdcp_stream *s;

	list_for_each_entry(s, &port->streams, node)
		s->driven = false;
	port->driven = false;
	port->link_gen++;
}

/* Stop the port for good and wait for its worker: see drm_hdcp1_fini(). */
void drm_hdcp_port_fini(struct drm_hdcp_port *port)
{
	might_sleep();
	spin_lock_irq(&port->req_lock);
	port->dead = true;
	drm_hdcp_port_undrive(port);
	spin_unlock_irq(&port->req_lock);
	/* A run in progress sees @dead at its next step; wait for its end. */
	cancel_delayed_work_sync(&port->work);
	drm_hdcp_port_reset_tx(port);
}

/* Add @connector's stream to the port: see drm_hdcp1_stream_attach(). */
struct drm_hdcp_stream *drm_hdcp_port_stream_attach(struct drm_hdcp_port *port,
						    struct drm_connector *connector)
{
	struct drm_hdcp_stream *s;
	int ret = 0;

	might_sleep();
	if (!connector || !port->per_stream ||
	    connector->dev != port->dev ||
	    !port->dev->mode_config.content_protection_property)
		return ERR_PTR(-EINVAL);
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	mutex_lock(&port->proto_lock);
	spin_lock_irq(&port->req_lock);
	if (port->dead) {
		ret = -ENODEV;
	} else {
		kref_get(&port->ref);
		drm_hdcp_port_stream_init(port, s, connector);
	}
	spin_unlock_irq(&port->req_lock);
	mutex_unlock(&port->proto_lock);
	if (ret) {
		kfree(s);
		return ERR_PTR(ret);
	}
	return s;
}

/*
 * Take one stream off the link, with hw_lock held: its encryption off, its
 * CRTC no longer counted; the last stream takes the port's link down and
 * stops the transmitter.
 */
static void drm_hdcp_port_stream_off(struct drm_hdcp_stream *s)
{
	struct drm_hdcp_port *port = s->port;
	bool port_down = false;

	lockdep_assert_held(&port->hw_lock);
	if (s->encrypting)
		drm_hdcp_port_stream_switch(s, false);
	spin_lock_irq(&port->req_lock);
	if (s->driven) {
		s->driven = false;
		s->gen++;
		if (!drm_hdcp_port_driven_count(port)) {
			port->driven = false;
			port->link_gen++;
			port_down = true;
		}
	}
	port->resync_seq++;
	drm_hdcp_port_kick(port);
	spin_unlock_irq(&port->req_lock);
	if (port_down)
		drm_hdcp_port_reset_tx_locked(port);
}

/* Take one stream off the link at once: see drm_hdcp1_stream_stop(). */
void drm_hdcp_port_stream_stop(struct drm_hdcp_stream *stream)
{
	might_sleep();
	if (!stream)
		return;
	mutex_lock(&stream->port->hw_lock);
	drm_hdcp_port_stream_off(stream);
	mutex_unlock(&stream->port->hw_lock);
}

/* Remove a stream, waiting for a run in progress: see drm_hdcp1_stream_detach(). */
void drm_hdcp_port_stream_detach(struct drm_hdcp_stream *stream)
{
	struct drm_hdcp_port *port;

	might_sleep();
	if (!stream)
		return;
	port = stream->port;
	mutex_lock(&port->proto_lock);
	mutex_lock(&port->hw_lock);
	drm_hdcp_port_stream_off(stream);
	spin_lock_irq(&port->req_lock);
	list_del(&stream->node);
	spin_unlock_irq(&port->req_lock);
	mutex_unlock(&port->hw_lock);
	mutex_unlock(&port->proto_lock);
	kfree(stream);
	kref_put(&port->ref, drm_hdcp_port_free);
}

/* Nanoseconds of the mode in 128 frames, the period of Ri; 0 if unknown. */
static u64 drm_hdcp_port_ri_period_ns(const struct drm_display_mode *mode)
{
	int clock = mode->crtc_clock ? mode->crtc_clock : mode->clock;

	if (clock <= 0)
		return 0;
	return div_u64((u64)DRM_HDCP_PORT_RI_FRAMES * mode->htotal * mode->vtotal *
		       USEC_PER_SEC, clock);
}

/*
 * One stream's part of a commit, with req_lock held. Returns whether the
 * property may now disagree with the link; *@modeset tells whether the
 * stream's CRTC went through a modeset and is on after it.
 */
static bool drm_hdcp_port_commit_stream(struct drm_hdcp_port *port, struct drm_hdcp_stream *s,
					struct drm_atomic_state *state, bool *modeset)
{
	struct drm_connector_state *old_state, *new_state;
	struct drm_crtc_state *crtc_state = NULL;
	bool driven, want, type1, changed = false;
	u64 cp, old_cp;

	*modeset = false;
	old_state = drm_atomic_get_old_connector_state(state, s->connector);
	new_state = drm_atomic_get_new_connector_state(state, s->connector);
	if (!new_state)
		return false;
	if (new_state->crtc)
		crtc_state = drm_atomic_get_new_crtc_state(state, new_state->crtc);
	driven = crtc_state && crtc_state->active;
	*modeset = driven && (old_state->crtc != new_state->crtc ||
			      drm_atomic_crtc_needs_modeset(crtc_state));
	/*
	 * Once the commit is swapped in, the worker may write the value of
	 * @new_state (under connection_mutex, which a nonblocking tail does
	 * not hold): one read of each value, marked as racing.
	 */
	cp = READ_ONCE(new_state->content_protection);
	old_cp = READ_ONCE(old_state->content_protection);
	want = cp != DRM_MODE_CONTENT_PROTECTION_UNDESIRED;
	type1 = new_state->hdcp_content_type == DRM_MODE_HDCP_CONTENT_TYPE1;
	if (driven)
		port->ri_period_ns = drm_hdcp_port_ri_period_ns(&crtc_state->adjusted_mode);

	if (driven != s->driven || *modeset) {
		s->driven = driven;
		s->gen++;
		changed = true;
	}
	/*
	 * The commit may have changed the value the engine last wrote, unless
	 * the worker dropped Enabled in @new_state itself once the commit was
	 * swapped in: that change was announced already. Any later state
	 * comes from a commit whose tail passes here first, so the pointer
	 * cannot be a freed state's.
	 */
	if (old_cp == DRM_MODE_CONTENT_PROTECTION_ENABLED &&
	    cp == DRM_MODE_CONTENT_PROTECTION_DESIRED &&
	    new_state != s->self_demoted)
		s->demoted = true;
	s->self_demoted = NULL;
	if (old_cp == DRM_MODE_CONTENT_PROTECTION_UNDESIRED && want)
		s->asked_again = true;
	if (old_cp != cp || want != s->want || type1 != s->type1) {
		s->want = want;
		s->type1 = type1;
		changed = true;
	}
	/* Handed back: bring the property in line with the engine's link. */
	if (port->handed_over) {
		port->handed_over = false;
		changed = true;
	}
	return changed;
}

/* What a commit did to the port's streams: see drm_hdcp1_atomic_commit(). */
void drm_hdcp_port_atomic_commit(struct drm_hdcp_port *port,
				 struct drm_atomic_state *state)
{
	unsigned int modesets = 0, driven;
	struct drm_hdcp_stream *s;
	bool changed = false, modeset;
	unsigned long flags;

	spin_lock_irqsave(&port->req_lock, flags);
	list_for_each_entry(s, &port->streams, node) {
		changed |= drm_hdcp_port_commit_stream(port, s, state, &modeset);
		modesets += modeset;
	}
	driven = drm_hdcp_port_driven_count(port);
	if (!driven)
		port->ri_period_ns = 0;
	/* Alone on the link, a stream's modeset takes the link down. */
	if (!!driven != port->driven || (modesets && modesets == driven)) {
		port->driven = driven;
		port->link_gen++;
		changed = true;
	}
	if (changed) {
		port->resync_seq++;
		drm_hdcp_port_kick(port);
	}
	spin_unlock_irqrestore(&port->req_lock, flags);
}

/* Stop before the link goes down: see drm_hdcp1_link_stop(). */
void drm_hdcp_port_link_stop(struct drm_hdcp_port *port)
{
	might_sleep();
	spin_lock_irq(&port->req_lock);
	drm_hdcp_port_undrive(port);
	drm_hdcp_port_kick(port);
	spin_unlock_irq(&port->req_lock);
	drm_hdcp_port_reset_tx(port);
}

/* Stop, and leave the property to another protocol: see drm_hdcp1_hand_over(). */
void drm_hdcp_port_hand_over(struct drm_hdcp_port *port)
{
	might_sleep();
	spin_lock_irq(&port->req_lock);
	port->handed_over = true;
	spin_unlock_irq(&port->req_lock);
	drm_hdcp_port_link_stop(port);
}

/* The sink went away or came back: see drm_hdcp1_hotplug(). */
void drm_hdcp_port_hotplug(struct drm_hdcp_port *port, bool connected)
{
	unsigned long flags;

	spin_lock_irqsave(&port->req_lock, flags);
	if (port->sink_present != connected) {
		port->sink_present = connected;
		port->link_gen++;
		port->resync_seq++;
		drm_hdcp_port_kick(port);
	}
	spin_unlock_irqrestore(&port->req_lock, flags);
}

/* A DisplayPort sink raised CP_IRQ: see drm_hdcp1_cp_irq(). */
void drm_hdcp_port_cp_irq(struct drm_hdcp_port *port)
{
	unsigned long flags;

	spin_lock_irqsave(&port->req_lock, flags);
	port->cp_irq = true;
	drm_hdcp_port_kick(port);
	spin_unlock_irqrestore(&port->req_lock, flags);
}

/* Whether the transmitter encrypts the link: see drm_hdcp1_is_encrypting(). */
bool drm_hdcp_port_is_encrypting(struct drm_hdcp_port *port)
{
	unsigned long flags;
	bool on;

	spin_lock_irqsave(&port->req_lock, flags);
	on = port->encrypting;
	spin_unlock_irqrestore(&port->req_lock, flags);
	return on;
}
