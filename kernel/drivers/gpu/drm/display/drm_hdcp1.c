// SPDX-License-Identifier: MIT
/*
 * HDCP 1.4 transmitter engine: runs the transition function of
 * drm_hdcp1_fsm.c on a delayed work item, does the register I/O it asks for
 * through the driver's ops, and reports the result through the "Content
 * Protection" property.
 */

#include <linux/err.h>
#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_cipher.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_connector.h>
#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "drm_hdcp1_internal.h"

/**
 * DOC: hdcp 1.4 engine
 *
 * The engine authenticates one connector's sink with HDCP 1.4 whenever
 * userspace wants content protection and a sink is driven, keeps checking
 * the link while it is encrypted, and starts over when anything fails. A
 * driver creates it with drm_hdcp1_init() and provides:
 *
 * - &drm_hdcp1_tx_ops for its transmitter: start an authentication (An,
 *   Aksv), compute with the receiver's KSV, the R0', Ri' and V' checks,
 *   its encryption status, and a reset;
 * - optionally &drm_hdcp1_link_ops to reach the receiver's registers;
 *   without them the engine uses the DDC bus (HDMI) or the AUX channel
 *   (DisplayPort) given in &drm_hdcp1_desc.
 *
 * It tells the engine what happens, one call per event:
 *
 * - drm_hdcp1_atomic_commit() from its commit tail, after the encoders are
 *   enabled. The engine reads only that commit's old and new states: the
 *   property values, whether the CRTC is active and whether it went through
 *   a modeset. The commit that sets Desired returns at once.
 * - drm_hdcp1_link_stop() from its encoder disable and suspend paths, before
 *   the link goes down. It may sleep and returns with encryption off and no
 *   engine I/O in flight; the engine touches no hardware until a commit
 *   drives the link again.
 * - drm_hdcp1_hand_over() instead, where another protocol (HDCP 2.2) may
 *   take the link: the engine also leaves the property alone until its
 *   next commit.
 * - drm_hdcp1_hotplug() when the sink goes away or comes back.
 * - drm_hdcp1_cp_irq() when a DisplayPort sink raises CP_IRQ.
 * - drm_hdcp1_fini() when the connector goes away, with no modeset lock
 *   held: it waits for the engine's worker.
 *
 * All but drm_hdcp1_link_stop(), drm_hdcp1_hand_over() and drm_hdcp1_fini()
 * are safe in atomic context and never wait for the engine. The engine sets
 * Enabled once the link is encrypted and sets Desired again, with a uevent,
 * before it turns encryption off; at every run it brings the property back
 * in line with the link, so that no interleaving of commits and runs can
 * leave them disagreeing. Enabled also waits for the hardware of the
 * commit that made the connector's current state (&drm_crtc_commit.hw_done):
 * a nonblocking modeset swapped in but not yet run may take the link down.
 *
 * The unit of authentication is a port. For SST the port is the
 * connector given to drm_hdcp1_init(), with one stream. A DP MST port
 * authenticates with its branch device, which is a repeater, and each MST
 * connector attaches a stream with drm_hdcp1_stream_attach(): the port
 * authenticates while any stream on an active CRTC wants protection, and
 * each stream of the authenticated port is encrypted on its own
 * (&drm_hdcp1_tx_ops.stream_encrypt), so that streams come, go and change
 * their minds without re-authenticating the others. The driver calls
 * drm_hdcp1_atomic_commit() once per port, drm_hdcp1_stream_stop() from an
 * MST stream's disable path and drm_hdcp1_stream_detach() when an MST
 * connector is destroyed. What does not depend on the protocol version
 * (requests, streams, the worker and its timer, the property) is the port
 * core of drm_hdcp_port.c; HDCP 1.4 plugs into it as a protocol.
 *
 * drm_hdcp1_init() sets &drm_connector.content_protection_checked: the
 * atomic core then turns Enabled into Desired in any commit that ends the
 * protected session (DPMS, a modeset, the restore after resume, a
 * driver's link retraining). The engine announces each such fall back
 * with a uevent, as it does its own, so that userspace learns of it even
 * when the kernel made the commit.
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
 *      |                       A2 R0' at 100 ms after Aksv --> backoff
 *      |                          | ok (encrypting)      ^       | timer
 *      |                 repeater |  | receiver          |       v
 *      |             A8 wait READY <-+  |                |   A1 again
 *      |               | ready (<= 5 s) |                |
 *      |               v                v                |
 *      |             A9 KSV list, V' --> A4 authenticated +
 *      |                                 (Ri' every 2 s, CP_IRQ)
 *      +-- link-down: any authenticating state -> wait-link
 *
 * Locking, outermost first: the engine's protocol lock (held by its worker
 * for a run), &drm_mode_config.connection_mutex (taken by the worker only
 * to update the property), the engine's I/O lock (held for each register
 * access and transmitter operation, never across the SRM lookup, which
 * reads a firmware file), and a spinlock for what drivers post.
 * Drivers may call drm_hdcp1_link_stop() and drm_hdcp1_hand_over() with
 * modeset locks held: they wait for the I/O in flight, never for the
 * worker. drm_hdcp1_fini() waits for the worker, so it must be called
 * without them.
 */

/* Where each register lives in the transport's map. */
struct drm_hdcp1_regs {
	u32 an, aksv, bksv, r0, v_prime, bcaps, bstatus, ksv_fifo;
	u32 ksv_fifo_window;	/* bytes one FIFO read may return, 0: any */
};

static const struct drm_hdcp1_regs drm_hdcp1_hdmi_regs = {
	.an = DRM_HDCP_DDC_AN,
	.aksv = DRM_HDCP_DDC_AKSV,
	.bksv = DRM_HDCP_DDC_BKSV,
	.r0 = DRM_HDCP_DDC_RI_PRIME,
	.v_prime = DRM_HDCP_DDC_V_PRIME(0),
	.bcaps = DRM_HDCP_DDC_BCAPS,
	.bstatus = DRM_HDCP_DDC_BSTATUS,
	.ksv_fifo = DRM_HDCP_DDC_KSV_FIFO,
};

/* On DP, "Bstatus" of HDMI is called Binfo; DP's Bstatus holds flags. */
static const struct drm_hdcp1_regs drm_hdcp1_dp_regs = {
	.an = DP_AUX_HDCP_AN,
	.aksv = DP_AUX_HDCP_AKSV,
	.bksv = DP_AUX_HDCP_BKSV,
	.r0 = DP_AUX_HDCP_RI_PRIME,
	.v_prime = DP_AUX_HDCP_V_PRIME(0),
	.bcaps = DP_AUX_HDCP_BCAPS,
	.bstatus = DP_AUX_HDCP_BINFO,
	.ksv_fifo = DP_AUX_HDCP_KSV_FIFO,
	.ksv_fifo_window = 3 * DRM_HDCP_KSV_LEN,
};

#define DRM_HDCP1_MAX_DEVICES		127
#define DRM_HDCP1_V_PRIME_LEN		(DRM_HDCP_V_PRIME_NUM_PARTS * DRM_HDCP_V_PRIME_PART_LEN)
/* The longest write, an HDCP 2.2 AKE_No_Stored_km, in one I2C message. */
#define DRM_HDCP_DDC_MAX_WRITE		sizeof(struct hdcp2_ake_no_stored_km)

/* Ri changes every 128 frames (HDCP 1.4 2.2.3): the core measures that period. */
static_assert(DRM_HDCP1_RI_FRAMES == DRM_HDCP_PORT_RI_FRAMES);

static const struct drm_hdcp1_regs *regs_of(struct drm_hdcp1 *hdcp)
{
	return hdcp->transport == DRM_HDCP1_DP ? &drm_hdcp1_dp_regs :
						 &drm_hdcp1_hdmi_regs;
}

#define hdcp_dbg(hdcp, fmt, ...) drm_hdcp_port_dbg(&(hdcp)->port, fmt, ##__VA_ARGS__)

static int drm_hdcp1_ddc_read(struct i2c_adapter *ddc, unsigned int offset,
			      void *buf, size_t len)
{
	u8 start = offset;
	struct i2c_msg msgs[] = {
		{ .addr = DRM_HDCP_DDC_ADDR, .len = 1, .buf = &start },
		{ .addr = DRM_HDCP_DDC_ADDR, .flags = I2C_M_RD, .len = len, .buf = buf },
	};
	int ret;

	if (offset > 0xff || len > U16_MAX)
		return -EINVAL;
	ret = i2c_transfer(ddc, msgs, ARRAY_SIZE(msgs));
	if (ret < 0)
		return ret;
	return ret == ARRAY_SIZE(msgs) ? 0 : -EIO;
}

static int drm_hdcp1_ddc_write(struct i2c_adapter *ddc, unsigned int offset,
			       const void *buf, size_t len)
{
	u8 data[DRM_HDCP_DDC_MAX_WRITE + 1];
	struct i2c_msg msg = {
		.addr = DRM_HDCP_DDC_ADDR, .len = len + 1, .buf = data,
	};
	int ret;

	if (offset > 0xff || len > DRM_HDCP_DDC_MAX_WRITE)
		return -EINVAL;
	data[0] = offset;
	memcpy(&data[1], buf, len);
	ret = i2c_transfer(ddc, &msg, 1);
	if (ret < 0)
		return ret;
	return ret == 1 ? 0 : -EIO;
}

/*
 * A native AUX transaction carries at most 16 bytes (DP 2.7.2.2 of the DP
 * specification; drm_dp_aux_msg.size): longer ranges go in parts. The KSV
 * FIFO, which streams from one address, is read in windows shorter than
 * that (drm_hdcp1_dp_regs.ksv_fifo_window), so it is never cut here.
 */
static int drm_hdcp1_aux_access(struct drm_dp_aux *aux, bool write,
				unsigned int offset, u8 *buf, size_t len)
{
	size_t done, part;
	ssize_t ret;

	if (!IS_ENABLED(CONFIG_DRM_DISPLAY_DP_HELPER))
		return -ENODEV;
	for (done = 0; done < len; done += part) {
		part = min_t(size_t, len - done, DP_AUX_MAX_PAYLOAD_BYTES);
		if (write)
			ret = drm_dp_dpcd_write(aux, offset + done, buf + done, part);
		else
			ret = drm_dp_dpcd_read(aux, offset + done, buf + done, part);
		if (ret < 0)
			return ret;
		if ((size_t)ret != part)
			return -EIO;
	}
	return 0;
}

static int drm_hdcp1_aux_read(struct drm_dp_aux *aux, unsigned int offset,
			      void *buf, size_t len)
{
	return drm_hdcp1_aux_access(aux, false, offset, buf, len);
}

static int drm_hdcp1_aux_write(struct drm_dp_aux *aux, unsigned int offset,
			       const void *buf, size_t len)
{
	/* drm_dp_dpcd_write() takes a non-const buffer it only reads. */
	return drm_hdcp1_aux_access(aux, true, offset, (u8 *)buf, len);
}

/* Receiver access, for HDCP 1.4 and the HDCP 2.2 engine on the same port. */
int drm_hdcp1_link_read(struct drm_hdcp1 *hdcp, u32 offset, void *buf, size_t len)
{
	int ret;

	if (hdcp->link)
		ret = hdcp->link->read(hdcp->port.connector, offset, buf, len);
	else if (hdcp->transport == DRM_HDCP1_DP)
		ret = drm_hdcp1_aux_read(hdcp->aux, offset, buf, len);
	else
		ret = drm_hdcp1_ddc_read(hdcp->ddc, offset, buf, len);
	if (ret)
		hdcp_dbg(hdcp, "read of %zu bytes at %#x failed: %d\n", len, offset, ret);
	return ret;
}

int drm_hdcp1_link_write(struct drm_hdcp1 *hdcp, u32 offset, const void *buf,
			 size_t len)
{
	int ret;

	if (hdcp->link)
		ret = hdcp->link->write(hdcp->port.connector, offset, buf, len);
	else if (hdcp->transport == DRM_HDCP1_DP)
		ret = drm_hdcp1_aux_write(hdcp->aux, offset, buf, len);
	else
		ret = drm_hdcp1_ddc_write(hdcp->ddc, offset, buf, len);
	if (ret)
		hdcp_dbg(hdcp, "write of %zu bytes at %#x failed: %d\n", len, offset, ret);
	return ret;
}

/**
 * drm_hdcp1_write_an_aksv - send An, then Aksv, to the receiver
 * @hdcp: the engine
 * @an: the transmitter's fresh An, least significant byte first
 * @aksv: the transmitter's KSV, least significant byte first
 *
 * For &drm_hdcp1_tx_ops.start of transmitters that may reveal their KSV.
 * The Aksv write starts the receiver's computation, so An goes first.
 *
 * Returns:
 * 0 or the error of the register write that failed.
 */
int drm_hdcp1_write_an_aksv(struct drm_hdcp1 *hdcp,
			    const u8 an[DRM_HDCP_AN_LEN],
			    const u8 aksv[DRM_HDCP_KSV_LEN])
{
	const struct drm_hdcp1_regs *r = regs_of(hdcp);
	int ret;

	lockdep_assert_held(&hdcp->port.hw_lock);
	ret = drm_hdcp1_link_write(hdcp, r->an, an, DRM_HDCP_AN_LEN);
	if (!ret)
		ret = drm_hdcp1_link_write(hdcp, r->aksv, aksv, DRM_HDCP_KSV_LEN);
	return ret;
}
EXPORT_SYMBOL(drm_hdcp1_write_an_aksv);

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
	return drm_hdcp1_link_read(hdcp, DP_AUX_HDCP_BSTATUS, bstatus, 1);
}

/* DP: Bstatus into *@bstatus; a sink that gave up on the link fails the step. */
static enum drm_hdcp1_event dp_link_verdict(struct drm_hdcp1 *hdcp, u8 *bstatus)
{
	if (dp_bstatus(hdcp, bstatus))
		return DRM_HDCP1_EV_IO_ERROR;
	if (*bstatus & (DP_BSTATUS_LINK_FAILURE | DP_BSTATUS_REAUTH_REQ)) {
		hdcp_dbg(hdcp, "sink reports %s\n",
			 *bstatus & DP_BSTATUS_LINK_FAILURE ?
			 "link integrity failure" : "re-authentication request");
		return DRM_HDCP1_EV_FAIL;
	}
	return DRM_HDCP1_EV_OK;
}

/*
 * Look @count KSVs up in the SRM, with the I/O lock dropped: the lookup
 * reads a firmware file, and drm_hdcp1_link_stop() must not wait for that.
 * The KSVs are the worker's own copy. The caller checks that the link is
 * still the one it started on once the lock is back.
 */
bool drm_hdcp1_revoked(struct drm_hdcp1 *hdcp, u8 *ksvs, unsigned int count)
{
	int ret;

	if (!count)
		return false;
	mutex_unlock(&hdcp->port.hw_lock);
	ret = drm_hdcp_check_ksvs_revoked(hdcp->port.dev, ksvs, count);
	mutex_lock(&hdcp->port.hw_lock);
	return ret > 0;
}

/*
 * First part, up to the R0' wait: Bcaps, An and Aksv, Bksv and its checks.
 * *@at becomes the time of the Aksv write, from which R0' is timed.
 */
static enum drm_hdcp1_event drm_hdcp1_exchange(struct drm_hdcp1 *hdcp, u64 *at)
{
	const struct drm_hdcp1_regs *r = regs_of(hdcp);
	bool repeater;
	int ret, tries;
	u8 bcaps;

	if (drm_hdcp1_link_read(hdcp, r->bcaps, &bcaps, 1))
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

	hdcp->port.tx_armed = true;
	ret = hdcp->tx->start(hdcp->port.connector);
	*at = drm_hdcp_port_now_ms();
	if (ret) {
		hdcp_dbg(hdcp, "transmitter did not start: %d\n", ret);
		return DRM_HDCP1_EV_IO_ERROR;
	}

	/* 1A-05: a Bksv that is not 20 ones is read once more, then fails. */
	for (tries = 0; tries < 2; tries++) {
		if (drm_hdcp1_link_read(hdcp, r->bksv, hdcp->bksv, DRM_HDCP_KSV_LEN))
			return DRM_HDCP1_EV_IO_ERROR;
		if (drm_hdcp1_ksv_is_valid(hdcp->bksv))
			break;
	}
	if (tries == 2) {
		hdcp_dbg(hdcp, "invalid Bksv %5phN\n", hdcp->bksv);
		return DRM_HDCP1_EV_FAIL;
	}

	/* 1A-08: a revoked receiver fails before anything is encrypted. */
	if (drm_hdcp1_revoked(hdcp, hdcp->bksv, 1)) {
		hdcp_dbg(hdcp, "Bksv %5phN is revoked\n", hdcp->bksv);
		return DRM_HDCP1_EV_REVOKED;
	}
	if (!drm_hdcp_port_link_current(&hdcp->port))
		return DRM_HDCP1_NUM_EVENTS;

	ret = hdcp->tx->compute(hdcp->port.connector, hdcp->bksv, repeater);
	if (ret) {
		hdcp_dbg(hdcp, "transmitter did not take Bksv: %d\n", ret);
		return DRM_HDCP1_EV_IO_ERROR;
	}
	hdcp_dbg(hdcp, "Bksv %5phN, %s\n", hdcp->bksv,
		 repeater ? "repeater" : "receiver");
	return repeater ? DRM_HDCP1_EV_OK_REPEATER : DRM_HDCP1_EV_OK;
}

static enum drm_hdcp1_event drm_hdcp1_read_r0(struct drm_hdcp1 *hdcp)
{
	u8 r0[DRM_HDCP_RI_LEN], bstatus;
	enum drm_hdcp1_event ev;

	if (hdcp->transport == DRM_HDCP1_DP) {
		if (dp_bstatus(hdcp, &bstatus))
			return DRM_HDCP1_EV_IO_ERROR;
		if (!(bstatus & DP_BSTATUS_R0_PRIME_READY)) {
			hdcp_dbg(hdcp, "R0' not available\n");
			return DRM_HDCP1_EV_NOT_YET;
		}
	}
	if (drm_hdcp1_link_read(hdcp, regs_of(hdcp)->r0, r0, sizeof(r0)))
		return DRM_HDCP1_EV_IO_ERROR;
	ev = verdict(hdcp, "R0'", hdcp->tx->verify_r0(hdcp->port.connector, r0));
	if (ev == DRM_HDCP1_EV_OK)
		drm_hdcp_port_set_encrypting(&hdcp->port, true);
	return ev;
}

static enum drm_hdcp1_event drm_hdcp1_poll_ready(struct drm_hdcp1 *hdcp)
{
	enum drm_hdcp1_event ev;
	u8 val;

	if (hdcp->transport == DRM_HDCP1_DP) {
		/* The sink may give up on the link while it gathers the list. */
		ev = dp_link_verdict(hdcp, &val);
		if (ev != DRM_HDCP1_EV_OK)
			return ev;
		return val & DP_BSTATUS_READY ? DRM_HDCP1_EV_OK : DRM_HDCP1_EV_NOT_YET;
	}
	if (drm_hdcp1_link_read(hdcp, DRM_HDCP_DDC_BCAPS, &val, 1))
		return DRM_HDCP1_EV_IO_ERROR;
	return val & DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY ? DRM_HDCP1_EV_OK :
							 DRM_HDCP1_EV_NOT_YET;
}

/* A KSV FIFO streams the list once per authentication: read it in order. */
static int read_ksv_fifo(struct drm_hdcp1 *hdcp, unsigned int count)
{
	const struct drm_hdcp1_regs *r = regs_of(hdcp);
	size_t total = count * DRM_HDCP_KSV_LEN, done, chunk;

	for (done = 0; done < total; done += chunk) {
		chunk = total - done;
		if (r->ksv_fifo_window)
			chunk = min_t(size_t, chunk, r->ksv_fifo_window);
		if (drm_hdcp1_link_read(hdcp, r->ksv_fifo, hdcp->ksv_list + done, chunk))
			return -EIO;
	}
	return 0;
}

/* Second part, once per attempt: topology limits, KSV list, revocation. */
static enum drm_hdcp1_event drm_hdcp1_read_ksv_list(struct drm_hdcp1 *hdcp)
{
	const struct drm_hdcp1_regs *r = regs_of(hdcp);
	u8 raw[DRM_HDCP_BSTATUS_LEN];
	unsigned int count;

	if (drm_hdcp1_link_read(hdcp, r->bstatus, raw, sizeof(raw)))
		return DRM_HDCP1_EV_IO_ERROR;
	hdcp->bstatus = get_unaligned_le16(raw);
	count = DRM_HDCP_NUM_DOWNSTREAM(hdcp->bstatus);

	/* 1B-05 and 1B-06. */
	if (DRM_HDCP_MAX_DEVICE_EXCEEDED(raw[0]) || DRM_HDCP_MAX_CASCADE_EXCEEDED(raw[1])) {
		hdcp_dbg(hdcp, "topology limits exceeded (Bstatus %#06x)\n",
			 hdcp->bstatus);
		return DRM_HDCP1_EV_FAIL;
	}

	/*
	 * A repeater with no downstream device still authenticates: V' then
	 * covers Bstatus and M0 only (facts 4.3: 5 * count + 10 bytes). The
	 * specification lets a transmitter drop encryption in that case, it
	 * does not require failing; the link is encrypted, so Enabled holds.
	 */
	if (count && read_ksv_fifo(hdcp, count))
		return DRM_HDCP1_EV_IO_ERROR;
	if (drm_hdcp1_revoked(hdcp, hdcp->ksv_list, count)) {
		hdcp_dbg(hdcp, "a downstream KSV is revoked\n");
		return DRM_HDCP1_EV_REVOKED;
	}
	if (!drm_hdcp_port_link_current(&hdcp->port))
		return DRM_HDCP1_NUM_EVENTS;
	hdcp->ksv_count = count;
	hdcp_dbg(hdcp, "%u downstream devices, depth %u\n", count,
		 (hdcp->bstatus >> 8) & 7);
	return DRM_HDCP1_EV_OK;
}

static enum drm_hdcp1_event drm_hdcp1_read_v(struct drm_hdcp1 *hdcp)
{
	u8 v_prime[DRM_HDCP1_V_PRIME_LEN];

	if (drm_hdcp1_link_read(hdcp, regs_of(hdcp)->v_prime, v_prime, sizeof(v_prime)))
		return DRM_HDCP1_EV_IO_ERROR;
	return verdict(hdcp, "V'", hdcp->tx->verify_v(hdcp->port.connector, hdcp->ksv_list,
						      hdcp->ksv_count, hdcp->bstatus,
						      v_prime));
}

/* Third part: link integrity, in the transmitter and in the sink. */
static enum drm_hdcp1_event drm_hdcp1_check_link(struct drm_hdcp1 *hdcp)
{
	u8 ri[DRM_HDCP_RI_LEN], bstatus;
	int ret;

	if (hdcp->tx->encryption_status) {
		ret = hdcp->tx->encryption_status(hdcp->port.connector);
		if (ret) {
			hdcp_dbg(hdcp, "transmitter stopped encrypting: %d\n", ret);
			return DRM_HDCP1_EV_FAIL;
		}
	}
	/* The DP sink checks Ri itself and reports through Bstatus. */
	if (hdcp->transport == DRM_HDCP1_DP)
		return dp_link_verdict(hdcp, &bstatus);
	if (drm_hdcp1_link_read(hdcp, DRM_HDCP_DDC_RI_PRIME, ri, sizeof(ri)))
		return DRM_HDCP1_EV_IO_ERROR;
	return verdict(hdcp, "Ri'", hdcp->tx->verify_ri(hdcp->port.connector, ri));
}

/*
 * Run one I/O action on the link this run started on. Returns its result,
 * or DRM_HDCP1_NUM_EVENTS when the link was stopped or replaced meanwhile:
 * the run that follows sees why and starts over.
 */
static enum drm_hdcp1_event drm_hdcp1_io(struct drm_hdcp1 *hdcp, u32 io, u64 *at)
{
	enum drm_hdcp1_event ev;

	mutex_lock(&hdcp->port.hw_lock);
	if (!drm_hdcp_port_link_current(&hdcp->port)) {
		mutex_unlock(&hdcp->port.hw_lock);
		return DRM_HDCP1_NUM_EVENTS;
	}
	switch (io) {
	case DRM_HDCP1_ACT_EXCHANGE_KSVS:
		ev = drm_hdcp1_exchange(hdcp, at);
		break;
	case DRM_HDCP1_ACT_READ_R0:
		ev = drm_hdcp1_read_r0(hdcp);
		break;
	case DRM_HDCP1_ACT_POLL_READY:
		ev = drm_hdcp1_poll_ready(hdcp);
		break;
	case DRM_HDCP1_ACT_READ_KSV_LIST:
		ev = drm_hdcp1_read_ksv_list(hdcp);
		break;
	case DRM_HDCP1_ACT_READ_V:
		ev = drm_hdcp1_read_v(hdcp);
		break;
	default:
		ev = drm_hdcp1_check_link(hdcp);
		break;
	}
	mutex_unlock(&hdcp->port.hw_lock);
	if (io != DRM_HDCP1_ACT_EXCHANGE_KSVS)
		*at = drm_hdcp_port_now_ms();
	return ev;
}

/* Run a step's actions; returns the result of its I/O, if it has any. */
static enum drm_hdcp1_event drm_hdcp1_act(struct drm_hdcp1 *hdcp, u32 actions,
					  u64 *at)
{
	if (actions & DRM_HDCP1_ACT_RESET_TX) {
		/* Userspace learns that the link is no longer protected first. */
		drm_hdcp_port_sync_property(&hdcp->port);
		drm_hdcp_port_reset_tx(&hdcp->port);
	}
	if (!(actions & DRM_HDCP1_ACT_IO_MASK))
		return DRM_HDCP1_NUM_EVENTS;
	return drm_hdcp1_io(hdcp, actions & DRM_HDCP1_ACT_IO_MASK, at);
}

/* Feed one event at time @at and the results of the I/O it leads to. */
void drm_hdcp1_feed(struct drm_hdcp1 *hdcp, enum drm_hdcp1_event ev, u64 at)
{
	while (ev < DRM_HDCP1_NUM_EVENTS) {
		enum drm_hdcp1_state from = hdcp->fsm.state;
		struct drm_hdcp1_step s = drm_hdcp1_fsm_next(&hdcp->fsm, ev, at);

		if (s.ignored)
			return;
		if (from != hdcp->fsm.state)
			hdcp_dbg(hdcp, "%s -> %s on %s\n", drm_hdcp1_state_name(from),
				 drm_hdcp1_state_name(hdcp->fsm.state),
				 drm_hdcp1_event_name(ev));
		if (s.timeout_ms == DRM_HDCP1_TIMER_NONE)
			drm_hdcp_port_disarm(&hdcp->port);
		else if (s.timeout_ms >= 0)
			drm_hdcp_port_arm(&hdcp->port, at + s.timeout_ms);
		ev = drm_hdcp1_act(hdcp, s.actions, &at);
	}
}

static struct drm_hdcp1 *to_hdcp1(struct drm_hdcp_port *port)
{
	return container_of(port, struct drm_hdcp1, port);
}

/* One run: levels first, then edges; the core then looks at the clock. */
static void drm_hdcp1_proto_run(struct drm_hdcp_port *port,
				const struct drm_hdcp_port_input *in, u64 now)
{
	struct drm_hdcp1 *hdcp = to_hdcp1(port);

	hdcp->fsm.ri_period_ns = in->ri_period_ns;
	if (in->restarted)
		drm_hdcp1_feed(hdcp, DRM_HDCP1_EV_LINK_DOWN, now);
	hdcp->fsm.type1 = in->type1;
	/*
	 * Undesired then Desired, maybe both since the last run: a sink the
	 * SRM revoked gets a new attempt, as userspace asked again.
	 */
	if (in->asked_again && hdcp->fsm.state == DRM_HDCP1_REVOKED)
		drm_hdcp1_feed(hdcp, DRM_HDCP1_EV_DISABLE, now);
	drm_hdcp1_feed(hdcp, in->want ? DRM_HDCP1_EV_ENABLE : DRM_HDCP1_EV_DISABLE, now);
	drm_hdcp1_feed(hdcp, in->link_up ? DRM_HDCP1_EV_LINK_UP : DRM_HDCP1_EV_LINK_DOWN,
		       now);
	if (in->cp_irq)
		drm_hdcp1_feed(hdcp, DRM_HDCP1_EV_CP_IRQ, now);
}

static void drm_hdcp1_proto_timer(struct drm_hdcp_port *port, u64 now)
{
	drm_hdcp1_feed(to_hdcp1(port), DRM_HDCP1_EV_TIMER, now);
}

static bool drm_hdcp1_proto_authenticated(struct drm_hdcp_port *port)
{
	return to_hdcp1(port)->fsm.state == DRM_HDCP1_A4_AUTHENTICATED;
}

static void drm_hdcp1_proto_reset(struct drm_hdcp_port *port)
{
	to_hdcp1(port)->tx->reset(port->connector);
}

static int drm_hdcp1_proto_stream_encrypt(struct drm_hdcp_port *port,
					  struct drm_connector *connector, bool on)
{
	return to_hdcp1(port)->tx->stream_encrypt(connector, on);
}

static void drm_hdcp1_proto_release(struct drm_hdcp_port *port)
{
	struct drm_hdcp1 *hdcp = to_hdcp1(port);

	kfree(hdcp->ksv_list);
	kfree(hdcp);
}

const struct drm_hdcp_protocol drm_hdcp1_protocol = {
	.name = "HDCP 1.4",
	.run = drm_hdcp1_proto_run,
	.timer = drm_hdcp1_proto_timer,
	.authenticated = drm_hdcp1_proto_authenticated,
	.reset = drm_hdcp1_proto_reset,
	.stream_encrypt = drm_hdcp1_proto_stream_encrypt,
	.release = drm_hdcp1_proto_release,
};

/*
 * Fill in @hdcp, zeroed, from @desc, except its port. A NULL @desc->tx is
 * a port that reaches the receiver but has no HDCP 1.4 (only for the HDCP
 * 2.2 engine, which embeds a &struct drm_hdcp1).
 */
int drm_hdcp1_setup(struct drm_hdcp1 *hdcp, struct drm_connector *connector,
		    const struct drm_hdcp1_desc *desc)
{
	const struct drm_hdcp1_tx_ops *tx = desc->tx;

	if ((tx && (!tx->start || !tx->compute || !tx->verify_r0 || !tx->verify_v ||
		    !tx->reset || (desc->transport == DRM_HDCP1_HDMI && !tx->verify_ri))) ||
	    (desc->transport != DRM_HDCP1_HDMI && desc->transport != DRM_HDCP1_DP) ||
	    (desc->link && (!desc->link->read || !desc->link->write)) ||
	    (!desc->link && desc->transport == DRM_HDCP1_HDMI &&
	     !desc->ddc && !connector->ddc) ||
	    (!desc->link && desc->transport == DRM_HDCP1_DP &&
	     (!desc->aux || !IS_ENABLED(CONFIG_DRM_DISPLAY_DP_HELPER))) ||
	    !connector->dev->mode_config.content_protection_property)
		return -EINVAL;
	if (tx) {
		hdcp->ksv_list = kcalloc(DRM_HDCP1_MAX_DEVICES, DRM_HDCP_KSV_LEN, GFP_KERNEL);
		if (!hdcp->ksv_list)
			return -ENOMEM;
	}
	hdcp->transport = desc->transport;
	hdcp->tx = tx;
	hdcp->link = desc->link;
	hdcp->ddc = desc->ddc ? desc->ddc : connector->ddc;
	hdcp->aux = desc->aux;
	drm_hdcp1_fsm_init(&hdcp->fsm, desc->transport == DRM_HDCP1_DP);
	return 0;
}

/**
 * drm_hdcp1_init - create the HDCP 1.4 engine of a connector
 * @connector: the connector, with the "Content Protection" property attached
 * @desc: transport, transmitter and receiver access
 *
 * The engine authenticates a port: @connector's sink for SST, the branch
 * device of a DP MST port, whose MST connectors attach their streams with
 * drm_hdcp1_stream_attach(); @connector is the one the ops are given. The
 * engine starts idle, with the sink assumed present, and lives until the
 * DRM device is released and its last stream is detached;
 * drm_hdcp1_fini() stops it for good before that. Sets
 * &drm_connector.content_protection_checked, so call it before the
 * connector is registered.
 *
 * Returns:
 * The engine, or an ERR_PTR(): -EINVAL for a missing operation, DDC bus or
 * AUX channel, or a connector without the property; -ENOMEM.
 */
struct drm_hdcp1 *drm_hdcp1_init(struct drm_connector *connector,
				 const struct drm_hdcp1_desc *desc)
{
	struct drm_hdcp1 *hdcp;
	int ret;

	if (!connector || !desc || !desc->tx)
		return ERR_PTR(-EINVAL);
	hdcp = kzalloc(sizeof(*hdcp), GFP_KERNEL);
	if (!hdcp)
		return ERR_PTR(-ENOMEM);
	ret = drm_hdcp1_setup(hdcp, connector, desc);
	if (ret) {
		kfree(hdcp);
		return ERR_PTR(ret);
	}
	/* On error, the port has freed @hdcp. */
	ret = drm_hdcp_port_init(&hdcp->port, connector, &drm_hdcp1_protocol,
				 !!desc->tx->stream_encrypt);
	if (ret)
		return ERR_PTR(ret);
	return hdcp;
}
EXPORT_SYMBOL(drm_hdcp1_init);

/**
 * drm_hdcp1_fini - stop the engine for good
 * @hdcp: the engine, or NULL
 *
 * Switches encryption off and waits for the engine's worker, so that on
 * return nothing of the engine runs or will run, and the connector, its
 * transmitter and the DDC bus or AUX channel may go away. Every later
 * request is ignored. Call it from the connector's destroy hook or the
 * driver's remove path, before the transmitter's CRTC, encoder or
 * connector are freed, with no modeset lock held: the worker may be
 * waiting for &drm_mode_config.connection_mutex to update the property. A
 * path that holds modeset locks and must stop HDCP at once uses
 * drm_hdcp1_link_stop(). May be called more than once. May sleep.
 */
void drm_hdcp1_fini(struct drm_hdcp1 *hdcp)
{
	if (hdcp)
		drm_hdcp_port_fini(&hdcp->port);
}
EXPORT_SYMBOL(drm_hdcp1_fini);

/**
 * drm_hdcp1_stream_attach - add a connector's stream to a port
 * @hdcp: the port's engine
 * @connector: the stream's connector, with the "Content Protection"
 *	property attached, not yet registered
 *
 * For DP MST: the port authenticates once, while at least one of its
 * streams wants protection, and each stream of the authenticated port is
 * encrypted on its own with &drm_hdcp1_tx_ops.stream_encrypt, which the
 * port must have. A stream added to an authenticated port is encrypted
 * without re-authenticating; one stream going Undesired leaves the others
 * Enabled; a link failure sets every stream back to Desired and the port
 * authenticates again. Sets &drm_connector.content_protection_checked.
 * May sleep.
 *
 * Returns:
 * The stream, to be detached with drm_hdcp1_stream_detach() before the
 * connector is freed, or an ERR_PTR(): -EINVAL for a port without
 * &drm_hdcp1_tx_ops.stream_encrypt or a connector without the property,
 * -ENODEV once the port is stopped for good, -ENOMEM.
 */
struct drm_hdcp_stream *drm_hdcp1_stream_attach(struct drm_hdcp1 *hdcp,
						struct drm_connector *connector)
{
	might_sleep();
	if (!hdcp)
		return ERR_PTR(-EINVAL);
	return drm_hdcp_port_stream_attach(&hdcp->port, connector);
}
EXPORT_SYMBOL(drm_hdcp1_stream_attach);

/**
 * drm_hdcp1_stream_stop - stop one stream before its CRTC goes down
 * @stream: the stream, or NULL
 *
 * For the disable path of an MST stream: returns with the stream's
 * encryption off and no engine I/O in flight. The port stays
 * authenticated for its other streams; once none is on an active CRTC,
 * the port is stopped as by drm_hdcp1_link_stop(). Desired stays. May be
 * called with modeset locks held. May sleep.
 */
void drm_hdcp1_stream_stop(struct drm_hdcp_stream *stream)
{
	drm_hdcp_port_stream_stop(stream);
}
EXPORT_SYMBOL(drm_hdcp1_stream_stop);

/**
 * drm_hdcp1_stream_detach - remove a stream from its port
 * @stream: the stream, or NULL
 *
 * Stops the stream (drm_hdcp_port_stream_stop()) and waits for a run of the
 * engine in progress, so that on return the engine holds no pointer to the
 * stream's connector; the port de-authenticates once no stream wants
 * protection. Call it from the connector's destroy path, with no modeset
 * lock held, also after drm_hdcp_port_fini(). May sleep.
 */
void drm_hdcp1_stream_detach(struct drm_hdcp_stream *stream)
{
	drm_hdcp_port_stream_detach(stream);
}
EXPORT_SYMBOL(drm_hdcp1_stream_detach);

/**
 * drm_hdcp1_atomic_commit - tell the engine what a commit did
 * @hdcp: the engine, or NULL
 * @state: the atomic state being committed
 *
 * Call from the commit tail once the encoders are enabled, before or after
 * drm_atomic_helper_commit_hw_done(), once per port: the engine looks at
 * every stream of the port that @state touches. The engine shows Enabled
 * only once the hardware of the commit behind the connector's state is done
 * (&drm_crtc_commit.hw_done of &drm_connector_state.commit, as
 * drm_atomic_helper_setup_commit() sets them up), and waits for it without
 * holding any lock; a driver that commits without them must stop the link
 * (drm_hdcp1_link_stop()) before it swaps in a state that takes the link
 * down. Reads only the old and new states of @state: the "Content
 * Protection" and "HDCP Content Type" values, whether the connector's CRTC
 * is active and whether it went through a modeset. A modeset restarts the
 * port's authentication when its stream is the only one on an active CRTC
 * (SST); with other streams on, the stream is encrypted again on the
 * authenticated port. A commit that changes none of these does nothing.
 * Never sleeps.
 */
void drm_hdcp1_atomic_commit(struct drm_hdcp1 *hdcp,
			     struct drm_atomic_state *state)
{
	if (hdcp)
		drm_hdcp_port_atomic_commit(&hdcp->port, state);
}
EXPORT_SYMBOL(drm_hdcp1_atomic_commit);

/**
 * drm_hdcp1_link_stop - stop HDCP before the link goes down
 * @hdcp: the engine, or NULL
 *
 * For the encoder disable and suspend paths of a driver: switches
 * encryption off in the transmitter and returns once no engine I/O is in
 * flight. The engine touches no hardware until a commit drives the link
 * again (drm_hdcp_port_atomic_commit()); Desired stays. May be called with
 * modeset locks held. May sleep.
 */
void drm_hdcp1_link_stop(struct drm_hdcp1 *hdcp)
{
	might_sleep();
	if (hdcp)
		drm_hdcp_port_link_stop(&hdcp->port);
}
EXPORT_SYMBOL(drm_hdcp1_link_stop);

/**
 * drm_hdcp1_hand_over - stop, and leave the property to another protocol
 * @hdcp: the engine, or NULL
 *
 * For a driver that can also protect the connector with a later HDCP
 * version, which then reports "Content Protection" itself. Stops the link
 * as drm_hdcp_port_link_stop() does; from then on the engine writes the
 * property no more, not even from a run it already had pending, until
 * drm_hdcp_port_atomic_commit() gives the connector back. May be called with
 * modeset locks held. May sleep.
 */
void drm_hdcp1_hand_over(struct drm_hdcp1 *hdcp)
{
	might_sleep();
	if (hdcp)
		drm_hdcp_port_hand_over(&hdcp->port);
}
EXPORT_SYMBOL(drm_hdcp1_hand_over);

/**
 * drm_hdcp1_hotplug - the sink went away or came back
 * @hdcp: the engine, or NULL
 * @connected: whether a sink is connected now
 *
 * An Enabled connector goes back to Desired when its sink goes away;
 * authentication starts over when it is back, even if both happen before
 * the engine runs. Reporting the state the engine already knows changes
 * nothing, so a driver that sees a sink replaced behind its back reports
 * it gone, then back. Never sleeps.
 */
void drm_hdcp1_hotplug(struct drm_hdcp1 *hdcp, bool connected)
{
	if (hdcp)
		drm_hdcp_port_hotplug(&hdcp->port, connected);
}
EXPORT_SYMBOL(drm_hdcp1_hotplug);

/**
 * drm_hdcp1_cp_irq - a DisplayPort sink raised CP_IRQ
 * @hdcp: the engine, or NULL
 *
 * The engine reads the sink's Bstatus on its worker. Safe from interrupt
 * context.
 */
void drm_hdcp1_cp_irq(struct drm_hdcp1 *hdcp)
{
	if (hdcp)
		drm_hdcp_port_cp_irq(&hdcp->port);
}
EXPORT_SYMBOL(drm_hdcp1_cp_irq);

/**
 * drm_hdcp1_is_encrypting - whether the transmitter encrypts the link
 * @hdcp: the engine, or NULL
 *
 * Never sleeps nor waits for the engine, so it may be called from
 * atomic_check or a commit tail with modeset locks held.
 *
 * Returns:
 * True from a successful R0' check until the transmitter is reset.
 */
bool drm_hdcp1_is_encrypting(struct drm_hdcp1 *hdcp)
{
	return hdcp && drm_hdcp_port_is_encrypting(&hdcp->port);
}
EXPORT_SYMBOL(drm_hdcp1_is_encrypting);
