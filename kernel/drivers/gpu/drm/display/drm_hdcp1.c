// SPDX-License-Identifier: MIT
/*
 * HDCP 1.4 transmitter engine: runs the transition function of
 * drm_hdcp1_fsm.c on a delayed work item, does the register I/O it asks for
 * through the driver's ops, and reports the result through the "Content
 * Protection" property.
 */

#include <linux/delay.h>
#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <kunit/visibility.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_cipher.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_connector.h>
#include <drm/drm_device.h>
#include <drm/drm_modeset_lock.h>
#include <drm/drm_print.h>

#include "drm_hdcp1_fsm.h"

/**
 * DOC: hdcp 1.4 engine
 *
 * The engine authenticates one connector's sink with HDCP 1.4 whenever
 * userspace wants content protection and a sink is driven, keeps checking
 * the link while it is encrypted, and starts over when anything fails. A
 * driver provides:
 *
 * - &drm_hdcp1_link_ops to reach the receiver's registers: the helpers
 *   have &drm_hdcp1_hdmi_ddc_ops (DDC, with &drm_hdcp1.ddc) and
 *   &drm_hdcp1_dp_aux_ops (DPCD, with &drm_hdcp1.aux);
 * - &drm_hdcp1_tx_ops for its transmitter: An and Aksv, the R0', Ri' and V'
 *   checks, and encryption on and off.
 *
 * and tells the engine what happens, from any context, without waiting:
 * drm_hdcp1_atomic_commit() or drm_hdcp1_set_desired() when the property
 * changes, drm_hdcp1_link_up() and drm_hdcp1_link_down() when the sink
 * starts or stops being driven (hotplug, DPMS, suspend), drm_hdcp1_cp_irq()
 * when a DisplayPort sink raises CP_IRQ. The commit that sets Desired
 * returns at once; the engine sets Enabled once encryption is on, and
 * Desired again, with a uevent, when the link stops being protected.
 *
 * The protocol is one transition function, (state, event) to (state,
 * actions, timeout), that neither sleeps nor does I/O:
 *
 * .. code-block:: none
 *
 *                   enable              link-up
 *     idle ----------------> wait-link -----------> A1 exchange KSVs
 *      ^  <-- disable (from any state)                 | ok    | fail
 *      |                                               v       v
 *      |                 +---------------------> A2 R0' ---> backoff
 *      |                 | retry <= 500 ms        | ok  ^      |
 *      |                 +------------------------+     |      | timer
 *      |                              repeater |  | rx  |      v
 *      |             A8 wait READY <-----------+  |     +-- A1 again
 *      |               | ready (<= 5 s)           |
 *      |               v                          v
 *      |             A9 KSV list, V' -------> A4 authenticated
 *      |                                      (Ri' every 2 s, CP_IRQ)
 *      +-- link-down: any authenticating state -> wait-link
 *
 * Locking: &drm_hdcp1.req_lock, a spinlock, guards the requests drivers
 * post; posting never sleeps, so it is allowed from atomic context and from
 * inside an atomic commit. The worker takes &drm_hdcp1.lock for the whole
 * run of the protocol, so operations are never called concurrently, and
 * takes &drm_mode_config.connection_mutex only around property updates; no
 * request path takes &drm_hdcp1.lock, so a commit holding modeset locks
 * never waits for an authentication.
 */

/* Where each register lives in the transport's map. */
struct drm_hdcp1_regs {
	u32 bksv, r0, aksv, an, v_prime, bcaps, bstatus, ksv_fifo;
	u32 ksv_fifo_window;	/* bytes one FIFO read may return, 0: any */
};

static const struct drm_hdcp1_regs drm_hdcp1_hdmi_regs = {
	.bksv = DRM_HDCP_DDC_BKSV,
	.r0 = DRM_HDCP_DDC_RI_PRIME,
	.aksv = DRM_HDCP_DDC_AKSV,
	.an = DRM_HDCP_DDC_AN,
	.v_prime = DRM_HDCP_DDC_V_PRIME(0),
	.bcaps = DRM_HDCP_DDC_BCAPS,
	.bstatus = DRM_HDCP_DDC_BSTATUS,
	.ksv_fifo = DRM_HDCP_DDC_KSV_FIFO,
};

/* On DP, "Bstatus" of HDMI is called Binfo; DP's Bstatus holds flags. */
static const struct drm_hdcp1_regs drm_hdcp1_dp_regs = {
	.bksv = DP_AUX_HDCP_BKSV,
	.r0 = DP_AUX_HDCP_RI_PRIME,
	.aksv = DP_AUX_HDCP_AKSV,
	.an = DP_AUX_HDCP_AN,
	.v_prime = DP_AUX_HDCP_V_PRIME(0),
	.bcaps = DP_AUX_HDCP_BCAPS,
	.bstatus = DP_AUX_HDCP_BINFO,
	.ksv_fifo = DP_AUX_HDCP_KSV_FIFO,
	.ksv_fifo_window = 3 * DRM_HDCP_KSV_LEN,
};

#define DRM_HDCP1_MAX_DEVICES		127
#define DRM_HDCP1_BSTATUS_MAX_CASCADE	BIT(11)
#define DRM_HDCP1_BSTATUS_MAX_DEVS	BIT(7)
#define DRM_HDCP1_V_PRIME_LEN		(DRM_HDCP_V_PRIME_NUM_PARTS * DRM_HDCP_V_PRIME_PART_LEN)
#define DRM_HDCP1_DDC_MAX_WRITE		15

static const struct drm_hdcp1_regs *regs_of(struct drm_hdcp1 *hdcp)
{
	return hdcp->transport == DRM_HDCP1_DP ? &drm_hdcp1_dp_regs :
						 &drm_hdcp1_hdmi_regs;
}

static int drm_hdcp1_ddc_read(struct drm_hdcp1 *hdcp, unsigned int offset,
			      void *buf, size_t len)
{
	u8 start = offset;
	struct i2c_msg msgs[] = {
		{ .addr = DRM_HDCP_DDC_ADDR, .len = 1, .buf = &start },
		{ .addr = DRM_HDCP_DDC_ADDR, .flags = I2C_M_RD, .len = len, .buf = buf },
	};
	int ret;

	if (!hdcp->ddc || offset > 0xff || len > U16_MAX)
		return -EINVAL;
	ret = i2c_transfer(hdcp->ddc, msgs, ARRAY_SIZE(msgs));
	if (ret < 0)
		return ret;
	return ret == ARRAY_SIZE(msgs) ? 0 : -EIO;
}

static int drm_hdcp1_ddc_write(struct drm_hdcp1 *hdcp, unsigned int offset,
			       const void *buf, size_t len)
{
	u8 data[DRM_HDCP1_DDC_MAX_WRITE + 1];
	struct i2c_msg msg = {
		.addr = DRM_HDCP_DDC_ADDR, .len = len + 1, .buf = data,
	};
	int ret;

	if (!hdcp->ddc || offset > 0xff || len > DRM_HDCP1_DDC_MAX_WRITE)
		return -EINVAL;
	data[0] = offset;
	memcpy(&data[1], buf, len);
	ret = i2c_transfer(hdcp->ddc, &msg, 1);
	if (ret < 0)
		return ret;
	return ret == 1 ? 0 : -EIO;
}

/* The HDMI HDCP port on &drm_hdcp1.ddc. */
const struct drm_hdcp1_link_ops drm_hdcp1_hdmi_ddc_ops = {
	.read = drm_hdcp1_ddc_read,
	.write = drm_hdcp1_ddc_write,
};
EXPORT_SYMBOL(drm_hdcp1_hdmi_ddc_ops);

static int drm_hdcp1_aux_read(struct drm_hdcp1 *hdcp, unsigned int offset,
			      void *buf, size_t len)
{
	ssize_t ret = -ENODEV;

	if (IS_ENABLED(CONFIG_DRM_DISPLAY_DP_HELPER) && hdcp->aux)
		ret = drm_dp_dpcd_read(hdcp->aux, offset, buf, len);
	if (ret < 0)
		return ret;
	return (size_t)ret == len ? 0 : -EIO;
}

static int drm_hdcp1_aux_write(struct drm_hdcp1 *hdcp, unsigned int offset,
			       const void *buf, size_t len)
{
	ssize_t ret = -ENODEV;

	if (IS_ENABLED(CONFIG_DRM_DISPLAY_DP_HELPER) && hdcp->aux)
		ret = drm_dp_dpcd_write(hdcp->aux, offset, (void *)buf, len);
	if (ret < 0)
		return ret;
	return (size_t)ret == len ? 0 : -EIO;
}

/* The DisplayPort HDCP registers on &drm_hdcp1.aux. */
const struct drm_hdcp1_link_ops drm_hdcp1_dp_aux_ops = {
	.read = drm_hdcp1_aux_read,
	.write = drm_hdcp1_aux_write,
};
EXPORT_SYMBOL(drm_hdcp1_dp_aux_ops);

static struct drm_device *dev_of(struct drm_hdcp1 *hdcp)
{
	return hdcp->connector->dev;
}

static __printf(2, 3) void hdcp_dbg(struct drm_hdcp1 *hdcp, const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	drm_dbg_kms(dev_of(hdcp), "[CONNECTOR:%d:%s] HDCP: %pV",
		    hdcp->connector->base.id, hdcp->connector->name, &vaf);
	va_end(args);
}

static int link_read(struct drm_hdcp1 *hdcp, u32 offset, void *buf, size_t len)
{
	int ret = hdcp->link->read(hdcp, offset, buf, len);

	if (ret)
		hdcp_dbg(hdcp, "read of %zu bytes at %#x failed: %d\n", len, offset, ret);
	return ret;
}

static int link_write(struct drm_hdcp1 *hdcp, u32 offset, const void *buf,
		      size_t len)
{
	int ret = hdcp->link->write(hdcp, offset, buf, len);

	if (ret)
		hdcp_dbg(hdcp, "write of %zu bytes at %#x failed: %d\n", len, offset, ret);
	return ret;
}

static enum drm_hdcp1_event verdict(struct drm_hdcp1 *hdcp, const char *what,
				    int ret)
{
	if (!ret)
		return DRM_HDCP1_EV_OK;
	hdcp_dbg(hdcp, "%s: %s (%d)\n", what, ret == -EPERM ? "mismatch" : "error", ret);
	return ret == -EPERM ? DRM_HDCP1_EV_NOT_YET : DRM_HDCP1_EV_IO_ERROR;
}

static int dp_bstatus(struct drm_hdcp1 *hdcp, u8 *bstatus)
{
	return link_read(hdcp, DP_AUX_HDCP_BSTATUS, bstatus, 1);
}

/* First part, up to the R0' wait: Bcaps, An, Aksv, Bksv and its checks. */
static enum drm_hdcp1_event drm_hdcp1_exchange(struct drm_hdcp1 *hdcp)
{
	const struct drm_hdcp1_regs *r = regs_of(hdcp);
	u8 bcaps, an[DRM_HDCP_AN_LEN], aksv[DRM_HDCP_KSV_LEN];
	bool repeater;
	int ret, tries;

	if (link_read(hdcp, r->bcaps, &bcaps, 1))
		return DRM_HDCP1_EV_IO_ERROR;
	if (hdcp->transport == DRM_HDCP1_DP) {
		/* DP requires the capability check before An is written. */
		if (!(bcaps & DP_BCAPS_HDCP_CAPABLE)) {
			hdcp_dbg(hdcp, "sink is not HDCP capable\n");
			return DRM_HDCP1_EV_FAIL;
		}
		repeater = bcaps & DP_BCAPS_REPEATER_PRESENT;
	} else {
		repeater = bcaps & DRM_HDCP_DDC_BCAPS_REPEATER_PRESENT;
	}

	ret = hdcp->tx->start(hdcp, an, aksv);
	if (ret) {
		hdcp_dbg(hdcp, "transmitter did not start: %d\n", ret);
		return DRM_HDCP1_EV_IO_ERROR;
	}
	/* An first: the Aksv write starts the receiver's computation. */
	if (link_write(hdcp, r->an, an, sizeof(an)) ||
	    link_write(hdcp, r->aksv, aksv, sizeof(aksv)))
		return DRM_HDCP1_EV_IO_ERROR;

	/* 1A-05: a Bksv that is not 20 ones is read once more, then fails. */
	for (tries = 0; tries < 2; tries++) {
		if (link_read(hdcp, r->bksv, hdcp->bksv, DRM_HDCP_KSV_LEN))
			return DRM_HDCP1_EV_IO_ERROR;
		if (drm_hdcp1_ksv_is_valid(hdcp->bksv))
			break;
	}
	if (tries == 2) {
		hdcp_dbg(hdcp, "invalid Bksv %5phN\n", hdcp->bksv);
		return DRM_HDCP1_EV_FAIL;
	}

	/* 1A-08: a revoked receiver fails before anything is encrypted. */
	ret = drm_hdcp_check_ksvs_revoked(dev_of(hdcp), hdcp->bksv, 1);
	if (ret > 0) {
		hdcp_dbg(hdcp, "Bksv %5phN is revoked\n", hdcp->bksv);
		return DRM_HDCP1_EV_FAIL;
	}

	hdcp_dbg(hdcp, "Bksv %5phN, %s\n", hdcp->bksv,
		 repeater ? "repeater" : "receiver");
	return repeater ? DRM_HDCP1_EV_OK_REPEATER : DRM_HDCP1_EV_OK;
}

static enum drm_hdcp1_event drm_hdcp1_read_r0(struct drm_hdcp1 *hdcp)
{
	u8 r0[DRM_HDCP_RI_LEN], bstatus;

	if (hdcp->transport == DRM_HDCP1_DP) {
		if (dp_bstatus(hdcp, &bstatus))
			return DRM_HDCP1_EV_IO_ERROR;
		if (!(bstatus & DP_BSTATUS_R0_PRIME_READY))
			return DRM_HDCP1_EV_NOT_YET;
	}
	if (link_read(hdcp, regs_of(hdcp)->r0, r0, sizeof(r0)))
		return DRM_HDCP1_EV_IO_ERROR;
	return verdict(hdcp, "R0'", hdcp->tx->verify_r0(hdcp, hdcp->bksv,
							hdcp->fsm.repeater, r0));
}

static enum drm_hdcp1_event drm_hdcp1_poll_ready(struct drm_hdcp1 *hdcp)
{
	u8 val;

	if (hdcp->transport == DRM_HDCP1_DP) {
		if (dp_bstatus(hdcp, &val))
			return DRM_HDCP1_EV_IO_ERROR;
		return val & DP_BSTATUS_READY ? DRM_HDCP1_EV_OK : DRM_HDCP1_EV_NOT_YET;
	}
	if (link_read(hdcp, DRM_HDCP_DDC_BCAPS, &val, 1))
		return DRM_HDCP1_EV_IO_ERROR;
	return val & DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY ? DRM_HDCP1_EV_OK :
							 DRM_HDCP1_EV_NOT_YET;
}

static int read_ksv_fifo(struct drm_hdcp1 *hdcp, unsigned int count)
{
	const struct drm_hdcp1_regs *r = regs_of(hdcp);
	size_t total = count * DRM_HDCP_KSV_LEN, done, chunk;

	for (done = 0; done < total; done += chunk) {
		chunk = total - done;
		if (r->ksv_fifo_window)
			chunk = min_t(size_t, chunk, r->ksv_fifo_window);
		if (link_read(hdcp, r->ksv_fifo, hdcp->ksv_list + done, chunk))
			return -EIO;
	}
	return 0;
}

/* Second part: topology limits, KSV list, revocation, V'. */
static enum drm_hdcp1_event drm_hdcp1_read_ksv_list(struct drm_hdcp1 *hdcp)
{
	const struct drm_hdcp1_regs *r = regs_of(hdcp);
	u8 raw[DRM_HDCP_BSTATUS_LEN], v_prime[DRM_HDCP1_V_PRIME_LEN];
	unsigned int count;
	u16 bstatus;

	if (link_read(hdcp, r->bstatus, raw, sizeof(raw)))
		return DRM_HDCP1_EV_IO_ERROR;
	bstatus = get_unaligned_le16(raw);
	count = DRM_HDCP_NUM_DOWNSTREAM(bstatus);

	/* 1B-05 and 1B-06. */
	if (bstatus & (DRM_HDCP1_BSTATUS_MAX_DEVS | DRM_HDCP1_BSTATUS_MAX_CASCADE)) {
		hdcp_dbg(hdcp, "topology limits exceeded (Bstatus %#06x)\n", bstatus);
		return DRM_HDCP1_EV_FAIL;
	}

	/* No devices behind the repeater is valid: V' then covers none. */
	if (count && read_ksv_fifo(hdcp, count))
		return DRM_HDCP1_EV_IO_ERROR;
	if (drm_hdcp_check_ksvs_revoked(dev_of(hdcp), hdcp->ksv_list, count) > 0) {
		hdcp_dbg(hdcp, "a downstream KSV is revoked\n");
		return DRM_HDCP1_EV_FAIL;
	}

	if (link_read(hdcp, r->v_prime, v_prime, sizeof(v_prime)))
		return DRM_HDCP1_EV_IO_ERROR;
	hdcp_dbg(hdcp, "%u downstream devices, depth %u\n", count, (bstatus >> 8) & 7);
	return verdict(hdcp, "V'", hdcp->tx->verify_v(hdcp, hdcp->ksv_list, count,
						      bstatus, v_prime));
}

/* Third part: link integrity. */
static enum drm_hdcp1_event drm_hdcp1_check_link(struct drm_hdcp1 *hdcp)
{
	u8 ri[DRM_HDCP_RI_LEN], bstatus;

	if (hdcp->transport == DRM_HDCP1_DP) {
		/* The DP sink checks Ri itself and reports through Bstatus. */
		if (dp_bstatus(hdcp, &bstatus))
			return DRM_HDCP1_EV_IO_ERROR;
		if (bstatus & (DP_BSTATUS_LINK_FAILURE | DP_BSTATUS_REAUTH_REQ)) {
			hdcp_dbg(hdcp, "sink reports %s\n",
				 bstatus & DP_BSTATUS_LINK_FAILURE ?
				 "link integrity failure" : "re-authentication request");
			return DRM_HDCP1_EV_FAIL;
		}
		return DRM_HDCP1_EV_OK;
	}
	if (link_read(hdcp, DRM_HDCP_DDC_RI_PRIME, ri, sizeof(ri)))
		return DRM_HDCP1_EV_IO_ERROR;
	return verdict(hdcp, "Ri'", hdcp->tx->verify_ri(hdcp, ri));
}

static void drm_hdcp1_report(struct drm_hdcp1 *hdcp, u64 val)
{
	struct drm_connector *connector = hdcp->connector;
	struct drm_modeset_lock *lock = &dev_of(hdcp)->mode_config.connection_mutex;

	drm_modeset_lock(lock, NULL);
	/* A commit may have asked for Undesired meanwhile; that request wins. */
	if (connector->state &&
	    connector->state->content_protection != DRM_MODE_CONTENT_PROTECTION_UNDESIRED)
		drm_hdcp_update_content_protection(connector, val);
	drm_modeset_unlock(lock);
}

/* Run a step's actions; returns the result of its I/O, if it has any. */
static enum drm_hdcp1_event drm_hdcp1_run(struct drm_hdcp1 *hdcp, u32 actions)
{
	int ret;

	if (actions & DRM_HDCP1_ACT_DISABLE_ENC)
		hdcp->tx->disable_encryption(hdcp);
	if (actions & DRM_HDCP1_ACT_REPORT_DESIRED)
		drm_hdcp1_report(hdcp, DRM_MODE_CONTENT_PROTECTION_DESIRED);
	if (actions & DRM_HDCP1_ACT_ENABLE_ENC) {
		ret = hdcp->tx->enable_encryption(hdcp);
		if (ret) {
			hdcp_dbg(hdcp, "encryption did not start: %d\n", ret);
			return DRM_HDCP1_EV_HW_ERROR;
		}
	}
	if (actions & DRM_HDCP1_ACT_REPORT_ENABLED)
		drm_hdcp1_report(hdcp, DRM_MODE_CONTENT_PROTECTION_ENABLED);

	switch (actions & DRM_HDCP1_ACT_IO_MASK) {
	case DRM_HDCP1_ACT_EXCHANGE_KSVS:
		return drm_hdcp1_exchange(hdcp);
	case DRM_HDCP1_ACT_READ_R0:
		return drm_hdcp1_read_r0(hdcp);
	case DRM_HDCP1_ACT_POLL_READY:
		return drm_hdcp1_poll_ready(hdcp);
	case DRM_HDCP1_ACT_READ_KSV_LIST:
		return drm_hdcp1_read_ksv_list(hdcp);
	case DRM_HDCP1_ACT_CHECK_LINK:
		return drm_hdcp1_check_link(hdcp);
	default:
		return DRM_HDCP1_NUM_EVENTS;
	}
}

static u64 drm_hdcp1_clock_ms(void)
{
	return ktime_to_ms(ktime_get());
}

/* Feed one event and the results of the I/O it leads to. */
static void drm_hdcp1_feed(struct drm_hdcp1 *hdcp, enum drm_hdcp1_event ev,
			   u64 *now)
{
	while (ev < DRM_HDCP1_NUM_EVENTS) {
		enum drm_hdcp1_state from = hdcp->fsm.state;
		struct drm_hdcp1_step s = drm_hdcp1_fsm_next(&hdcp->fsm, ev, *now);

		if (s.ignored)
			return;
		if (from != hdcp->fsm.state)
			hdcp_dbg(hdcp, "%s -> %s on %s\n", drm_hdcp1_state_name(from),
				 drm_hdcp1_state_name(hdcp->fsm.state),
				 drm_hdcp1_event_name(ev));
		if (s.timeout_ms == DRM_HDCP1_TIMER_NONE) {
			hdcp->timer_armed = false;
		} else if (s.timeout_ms >= 0) {
			hdcp->timer_armed = true;
			hdcp->deadline_ms = *now + s.timeout_ms;
		}
		ev = drm_hdcp1_run(hdcp, s.actions);
		if (!hdcp->manual)
			*now = drm_hdcp1_clock_ms();
	}
}

/* One run of the engine at time @now; returns the time it wants to run next. */
static s64 drm_hdcp1_process(struct drm_hdcp1 *hdcp, u64 now)
{
	bool want, type1, link_up, cp_irq, replugged;
	s64 next = -1;

	mutex_lock(&hdcp->lock);
	spin_lock_irq(&hdcp->req_lock);
	want = hdcp->want;
	type1 = hdcp->type1;
	link_up = hdcp->link_up;
	cp_irq = hdcp->cp_irq;
	hdcp->cp_irq = false;
	replugged = hdcp->link_generation != hdcp->seen_generation;
	hdcp->seen_generation = hdcp->link_generation;
	spin_unlock_irq(&hdcp->req_lock);

	/* Levels first, then edges, then the clock. */
	if (replugged)
		drm_hdcp1_feed(hdcp, DRM_HDCP1_EV_LINK_DOWN, &now);
	hdcp->fsm.type1 = type1;
	drm_hdcp1_feed(hdcp, want ? DRM_HDCP1_EV_ENABLE : DRM_HDCP1_EV_DISABLE, &now);
	drm_hdcp1_feed(hdcp, link_up ? DRM_HDCP1_EV_LINK_UP : DRM_HDCP1_EV_LINK_DOWN, &now);
	if (cp_irq)
		drm_hdcp1_feed(hdcp, DRM_HDCP1_EV_CP_IRQ, &now);
	if (hdcp->timer_armed && now >= hdcp->deadline_ms) {
		hdcp->timer_armed = false;
		drm_hdcp1_feed(hdcp, DRM_HDCP1_EV_TIMER, &now);
	}

	if (hdcp->timer_armed)
		next = hdcp->deadline_ms;
	hdcp->runs++;
	mutex_unlock(&hdcp->lock);
	wake_up_all(&hdcp->wait);
	return next;
}

static void drm_hdcp1_work(struct work_struct *work)
{
	struct drm_hdcp1 *hdcp = container_of(to_delayed_work(work),
					      struct drm_hdcp1, work);
	s64 next = drm_hdcp1_process(hdcp, drm_hdcp1_clock_ms());
	unsigned long flags;

	if (next < 0)
		return;
	spin_lock_irqsave(&hdcp->req_lock, flags);
	if (!hdcp->dead) {
		s64 delay = next - (s64)drm_hdcp1_clock_ms();

		/* Round up: the floors are minimum waits. */
		queue_delayed_work(system_wq, &hdcp->work,
				   delay > 0 ? msecs_to_jiffies(delay) + 1 : 0);
	}
	spin_unlock_irqrestore(&hdcp->req_lock, flags);
}

/* Called with req_lock held. */
static void drm_hdcp1_kick(struct drm_hdcp1 *hdcp)
{
	if (!hdcp->dead && !hdcp->manual)
		mod_delayed_work(system_wq, &hdcp->work, 0);
}

/**
 * drm_hdcp1_init - set up the HDCP 1.4 engine for a connector
 * @hdcp: engine state, embedded in the driver's connector
 * @connector: the connector, with the content protection property attached
 * @transport: HDMI or DisplayPort register map
 * @link: receiver register access
 * @tx: transmitter operations
 *
 * The engine starts idle; set &drm_hdcp1.ddc or &drm_hdcp1.aux before the
 * first request if @link needs it.
 *
 * Returns:
 * 0, -EINVAL for missing operations, or -ENOMEM.
 */
int drm_hdcp1_init(struct drm_hdcp1 *hdcp, struct drm_connector *connector,
		   enum drm_hdcp1_transport transport,
		   const struct drm_hdcp1_link_ops *link,
		   const struct drm_hdcp1_tx_ops *tx)
{
	struct i2c_adapter *ddc;
	struct drm_dp_aux *aux;

	if (!connector || !link || !link->read || !link->write || !tx ||
	    !tx->start || !tx->verify_r0 || !tx->enable_encryption ||
	    !tx->disable_encryption || !tx->verify_v ||
	    (transport == DRM_HDCP1_HDMI && !tx->verify_ri))
		return -EINVAL;

	ddc = hdcp->ddc;
	aux = hdcp->aux;
	memset(hdcp, 0, sizeof(*hdcp));
	hdcp->connector = connector;
	hdcp->transport = transport;
	hdcp->link = link;
	hdcp->tx = tx;
	hdcp->ddc = ddc;
	hdcp->aux = aux;
	hdcp->ksv_list = kcalloc(DRM_HDCP1_MAX_DEVICES, DRM_HDCP_KSV_LEN, GFP_KERNEL);
	if (!hdcp->ksv_list)
		return -ENOMEM;
	mutex_init(&hdcp->lock);
	spin_lock_init(&hdcp->req_lock);
	init_waitqueue_head(&hdcp->wait);
	INIT_DELAYED_WORK(&hdcp->work, drm_hdcp1_work);
	return 0;
}
EXPORT_SYMBOL(drm_hdcp1_init);

/**
 * drm_hdcp1_fini - stop the engine for good
 * @hdcp: engine state
 *
 * Waits for a running authentication step to finish, cancels pending work
 * and switches encryption off. Requests made afterwards are ignored. Call
 * while the transmitter's CRTC and encoder still exist, for instance right
 * after drm_atomic_helper_shutdown(), and before the connector goes away;
 * may sleep.
 */
void drm_hdcp1_fini(struct drm_hdcp1 *hdcp)
{
	spin_lock_irq(&hdcp->req_lock);
	hdcp->dead = true;
	spin_unlock_irq(&hdcp->req_lock);
	cancel_delayed_work_sync(&hdcp->work);

	mutex_lock(&hdcp->lock);
	if (hdcp->fsm.encrypting)
		hdcp->tx->disable_encryption(hdcp);
	memset(&hdcp->fsm, 0, sizeof(hdcp->fsm));
	hdcp->timer_armed = false;
	mutex_unlock(&hdcp->lock);

	kfree(hdcp->ksv_list);
	hdcp->ksv_list = NULL;
	mutex_destroy(&hdcp->lock);
}
EXPORT_SYMBOL(drm_hdcp1_fini);

/**
 * drm_hdcp1_set_desired - tell the engine what userspace wants
 * @hdcp: engine state
 * @desired: content protection is Desired (or Enabled), not Undesired
 * @content_type: DRM_MODE_HDCP_CONTENT_TYPE0 or _TYPE1
 *
 * Never sleeps; authentication happens later, on a work item.
 */
void drm_hdcp1_set_desired(struct drm_hdcp1 *hdcp, bool desired, u64 content_type)
{
	unsigned long flags;

	spin_lock_irqsave(&hdcp->req_lock, flags);
	hdcp->want = desired;
	hdcp->type1 = content_type == DRM_MODE_HDCP_CONTENT_TYPE1;
	drm_hdcp1_kick(hdcp);
	spin_unlock_irqrestore(&hdcp->req_lock, flags);
}
EXPORT_SYMBOL(drm_hdcp1_set_desired);

/**
 * drm_hdcp1_atomic_commit - pass a committed connector state to the engine
 * @hdcp: engine state
 * @new_state: the connector state that was just committed
 *
 * For a driver's commit tail; never sleeps.
 */
void drm_hdcp1_atomic_commit(struct drm_hdcp1 *hdcp,
			     const struct drm_connector_state *new_state)
{
	drm_hdcp1_set_desired(hdcp, new_state->content_protection !=
			      DRM_MODE_CONTENT_PROTECTION_UNDESIRED,
			      new_state->hdcp_content_type);
}
EXPORT_SYMBOL(drm_hdcp1_atomic_commit);

/**
 * drm_hdcp1_link_up - the sink is connected and driven
 * @hdcp: engine state
 *
 * Call when the encoder is enabled (modeset, DPMS on, resume). Never sleeps.
 */
void drm_hdcp1_link_up(struct drm_hdcp1 *hdcp)
{
	unsigned long flags;

	spin_lock_irqsave(&hdcp->req_lock, flags);
	hdcp->link_up = true;
	drm_hdcp1_kick(hdcp);
	spin_unlock_irqrestore(&hdcp->req_lock, flags);
}
EXPORT_SYMBOL(drm_hdcp1_link_up);

/**
 * drm_hdcp1_link_down - the sink stopped being driven
 * @hdcp: engine state
 *
 * Call on unplug, DPMS off and suspend. An Enabled connector goes back to
 * Desired; authentication restarts at the next drm_hdcp1_link_up(), even if
 * that comes before the engine ran. Never sleeps.
 */
void drm_hdcp1_link_down(struct drm_hdcp1 *hdcp)
{
	unsigned long flags;

	spin_lock_irqsave(&hdcp->req_lock, flags);
	hdcp->link_up = false;
	hdcp->link_generation++;
	drm_hdcp1_kick(hdcp);
	spin_unlock_irqrestore(&hdcp->req_lock, flags);
}
EXPORT_SYMBOL(drm_hdcp1_link_down);

/**
 * drm_hdcp1_cp_irq - a DisplayPort sink raised CP_IRQ
 * @hdcp: engine state
 *
 * Safe from interrupt context.
 */
void drm_hdcp1_cp_irq(struct drm_hdcp1 *hdcp)
{
	unsigned long flags;

	spin_lock_irqsave(&hdcp->req_lock, flags);
	hdcp->cp_irq = true;
	drm_hdcp1_kick(hdcp);
	spin_unlock_irqrestore(&hdcp->req_lock, flags);
}
EXPORT_SYMBOL(drm_hdcp1_cp_irq);

/**
 * drm_hdcp1_is_encrypting - whether the engine has encryption on
 * @hdcp: engine state
 *
 * May sleep.
 *
 * Returns:
 * True between a successful R0' check and the next failure or disable.
 */
bool drm_hdcp1_is_encrypting(struct drm_hdcp1 *hdcp)
{
	bool on;

	mutex_lock(&hdcp->lock);
	on = hdcp->fsm.encrypting;
	mutex_unlock(&hdcp->lock);
	return on;
}
EXPORT_SYMBOL(drm_hdcp1_is_encrypting);

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * drm_hdcp1_process_at - run the engine synchronously at an injected time
 * @hdcp: engine state, switched to manual mode
 * @now_ms: the time to run at
 *
 * For KUnit: from the first call on, the engine no longer queues work; the
 * test calls this with the times it wants.
 *
 * Returns:
 * When the engine wants to run next, or -1 if it waits for a request.
 */
s64 drm_hdcp1_process_at(struct drm_hdcp1 *hdcp, u64 now_ms)
{
	spin_lock_irq(&hdcp->req_lock);
	hdcp->manual = true;
	spin_unlock_irq(&hdcp->req_lock);
	cancel_delayed_work_sync(&hdcp->work);
	return drm_hdcp1_process(hdcp, now_ms);
}
EXPORT_SYMBOL_IF_KUNIT(drm_hdcp1_process_at);
#endif
