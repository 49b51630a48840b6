// SPDX-License-Identifier: MIT
/*
 * HDCP 1.4 on Intel display hardware, register by register.
 *
 * Per connector there is one HDCP unit: the CPU transcoder's TRANS_HDCP_*
 * registers from display 12 on, the DDI port's PORT_HDCP_* before. The key
 * store (HDCP_KEY_*), HDCP_REP_CTL and the SHA-1 engine behind it are one
 * per device: every access to them, here or in other driver code that
 * drives them (intel_hdcp1_hw_shared_lock()), happens under the shared
 * lock, and HDCP_REP_CTL, which holds one REPEATER bit per unit, is only
 * ever changed by read-modify-write here.
 *
 * Hardware failures (keys that do not load, a status bit that never comes)
 * go to the kernel log as errors, rate-limited since the engine retries;
 * mismatches of R0', Ri' and V' are the protocol's business and are only
 * returned.
 *
 * The SHA-1 engine computes V for a repeater. Software streams the message
 * KSV list || Bstatus (Binfo on DisplayPort) || M0 into HDCP_SHA_TEXT one
 * big-endian word at a time, with the SHA-1 padding; M0 never leaves the
 * hardware, so the text mode in HDCP_REP_CTL tells the engine how many bytes
 * of each word are text and how many it should take from M0 of the unit
 * picked by the M0 select field. See hdcp1_sha_message().
 *
 * &intel_hdcp1_tx_ops makes the sequence the transmitter of the DRM HDCP 1.4
 * engine. The engine names a connector; its transmitter, as
 * intel_hdcp1_hw_of() finds it, answers, holding the power references of
 * its unit for the length of each operation.
 */

#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/random.h>
#include <linux/unaligned.h>

#include <crypto/sha1.h>

#include <kunit/static_stub.h>

#include <drm/drm_device.h>
#include <drm/drm_print.h>

#include "i915_drv.h"
#include "i915_reg.h"
#include "intel_ddi.h"
#include "intel_de.h"
#include "intel_display_power.h"
#include "intel_display_power_well.h"
#include "intel_display_types.h"
#include "intel_hdcp1_hw.h"
#include "intel_hdcp_regs.h"
#include "intel_hdmi.h"
#include "intel_pcode.h"

#define HDCP1_KEY_LOAD_TRIES	5

/* Timeouts, in microseconds. */
#define HDCP1_KEY_LOAD_US	1000
#define HDCP1_AN_US		1000
#define HDCP1_R0_US		1000
#define HDCP1_RI_MATCH_US	1000
#define HDCP1_SHA1_US		1000
#define HDCP1_ENC_CHANGE_US	50000

#define HDCP1_MAX_DEVICES	127

/* Fields of HDCP_REP_CTL beside the per-unit REPEATER bits. */
#define HDCP1_REP_M0_SELECT	GENMASK(22, 20)
#define HDCP1_REP_SHA1_STATUS	GENMASK(19, 16)
#define HDCP1_REP_SHA1_MODE	GENMASK(3, 1)

struct hdcp1_rep_bits {
	u32 present;
	u32 m0_select;
};

static const struct hdcp1_rep_bits hdcp1_trans_rep[] = {
	[TRANSCODER_A] = { HDCP_TRANSA_REP_PRESENT, HDCP_TRANSA_SHA1_M0 },
	[TRANSCODER_B] = { HDCP_TRANSB_REP_PRESENT, HDCP_TRANSB_SHA1_M0 },
	[TRANSCODER_C] = { HDCP_TRANSC_REP_PRESENT, HDCP_TRANSC_SHA1_M0 },
	[TRANSCODER_D] = { HDCP_TRANSD_REP_PRESENT, HDCP_TRANSD_SHA1_M0 },
};

static const struct hdcp1_rep_bits hdcp1_port_rep[] = {
	[PORT_A] = { HDCP_DDIA_REP_PRESENT, HDCP_DDIA_SHA1_M0 },
	[PORT_B] = { HDCP_DDIB_REP_PRESENT, HDCP_DDIB_SHA1_M0 },
	[PORT_C] = { HDCP_DDIC_REP_PRESENT, HDCP_DDIC_SHA1_M0 },
	[PORT_D] = { HDCP_DDID_REP_PRESENT, HDCP_DDID_SHA1_M0 },
	[PORT_E] = { HDCP_DDIE_REP_PRESENT, HDCP_DDIE_SHA1_M0 },
};

/* Text modes by the number of text bytes in a word; the rest is M0. */
static const u32 hdcp1_text_mode[] = {
	HDCP_SHA1_TEXT_0,
	HDCP_SHA1_TEXT_8,
	HDCP_SHA1_TEXT_16,
	HDCP_SHA1_TEXT_24,
	HDCP_SHA1_TEXT_32,
};

/*
 * The driver functions the sequence calls. Each can be redirected by a
 * KUnit test (kunit/static_stub.h), which then runs the sequence against an
 * emulated register block and receiver; outside a test each is a call.
 */
static u32 hdcp1_read(struct intel_hdcp1_hw *hw, i915_reg_t reg)
{
	KUNIT_STATIC_STUB_REDIRECT(hdcp1_read, hw, reg);
	return intel_de_read(hw->display, reg);
}

static void hdcp1_write(struct intel_hdcp1_hw *hw, i915_reg_t reg, u32 val)
{
	KUNIT_STATIC_STUB_REDIRECT(hdcp1_write, hw, reg, val);
	intel_de_write(hw->display, reg, val);
}

/* 0 once (@reg & @mask) == @value, or -ETIMEDOUT after @timeout_us. */
static int hdcp1_wait(struct intel_hdcp1_hw *hw, i915_reg_t reg, u32 mask,
		      u32 value, unsigned int timeout_us)
{
	KUNIT_STATIC_STUB_REDIRECT(hdcp1_wait, hw, reg, mask, value, timeout_us);
	return intel_de_wait(hw->display, reg, mask, value,
			     DIV_ROUND_UP(timeout_us, 1000));
}

static int hdcp1_load_keys_pcode(struct intel_hdcp1_hw *hw)
{
	KUNIT_STATIC_STUB_REDIRECT(hdcp1_load_keys_pcode, hw);
	return snb_pcode_write(&to_i915(hw->display->drm)->uncore,
			       SKL_PCODE_LOAD_HDCP_KEYS, 1);
}

/*
 * Software loads the keys only while power well 1 is up (on Haswell and
 * Broadwell the global well, where the hardware loads them itself). Asked
 * within hdcp1_power_get()'s references, so the device is awake.
 */
static bool hdcp1_keys_loadable(struct intel_hdcp1_hw *hw)
{
	struct drm_i915_private *i915;
	enum i915_power_well_id well = SKL_DISP_PW_1;

	KUNIT_STATIC_STUB_REDIRECT(hdcp1_keys_loadable, hw);
	i915 = to_i915(hw->display->drm);
	if (IS_HASWELL(i915) || IS_BROADWELL(i915))
		well = HSW_DISP_PW_GLOBAL;
	return intel_display_power_well_is_enabled(i915, well);
}

/* The shim's GMBUS or AUX write of An makes the hardware append Aksv. */
static int hdcp1_send_an_aksv(struct intel_hdcp1_hw *hw,
			      const u8 an[DRM_HDCP_AN_LEN])
{
	u8 buf[DRM_HDCP_AN_LEN];

	KUNIT_STATIC_STUB_REDIRECT(hdcp1_send_an_aksv, hw, an);
	memcpy(buf, an, sizeof(buf));
	return hw->shim->write_an_aksv(hw->dig_port, buf);
}

/*
 * HDMI only. intel_hdmi_hdcp_signalling() waits before switching off and
 * keeps Kaby Lake's fix of the ENC_EN window on the bound pipe.
 */
static int hdcp1_toggle_signalling(struct intel_hdcp1_hw *hw, bool enable)
{
	KUNIT_STATIC_STUB_REDIRECT(hdcp1_toggle_signalling, hw, enable);
	return intel_hdmi_hdcp_signalling(hw->dig_port, hw->cpu_transcoder,
					  hw->pipe, enable);
}

/* DP MST: the stream select of @stream's transcoder, on the port's DDI. */
static int hdcp1_toggle_stream_select(struct intel_hdcp1_hw *hw,
				      enum transcoder stream, bool enable)
{
	KUNIT_STATIC_STUB_REDIRECT(hdcp1_toggle_stream_select, hw, stream, enable);
	return intel_ddi_toggle_hdcp_bits(&hw->dig_port->base, stream, enable,
					  TRANS_DDI_HDCP_SELECT);
}

/*
 * Keep the port and, per transcoder, the bound transcoder powered for one
 * operation, taking references only if they are on already: the engine's
 * worker never powers a port up, nor touches one that is down. Calls on
 * one @hw never nest.
 */
static int hdcp1_power_get(struct intel_hdcp1_hw *hw)
{
	enum intel_display_power_domain port;
	struct drm_i915_private *i915;

	KUNIT_STATIC_STUB_REDIRECT(hdcp1_power_get, hw);
	i915 = to_i915(hw->display->drm);
	port = hw->dig_port->base.power_domain;
	hw->port_wakeref = intel_display_power_get_if_enabled(i915, port);
	if (!hw->port_wakeref)
		return -ENODEV;
	if (!hw->per_transcoder)
		return 0;

	/* Put back what was taken, even if a bind changes the unit meanwhile. */
	hw->transcoder_domain = POWER_DOMAIN_TRANSCODER(hw->cpu_transcoder);
	hw->transcoder_wakeref =
		intel_display_power_get_if_enabled(i915, hw->transcoder_domain);
	if (hw->transcoder_wakeref)
		return 0;
	intel_display_power_put(i915, port, hw->port_wakeref);
	return -ENODEV;
}

static void hdcp1_power_put(struct intel_hdcp1_hw *hw)
{
	struct drm_i915_private *i915;

	KUNIT_STATIC_STUB_REDIRECT(hdcp1_power_put, hw);
	i915 = to_i915(hw->display->drm);
	if (hw->per_transcoder)
		intel_display_power_put(i915, hw->transcoder_domain,
					hw->transcoder_wakeref);
	intel_display_power_put(i915, hw->dig_port->base.power_domain,
				hw->port_wakeref);
}

/*
 * Change HDCP_REP_CTL without disturbing the other units' bits. The SHA-1
 * mode field is a command to the engine, so it is written as @set says and
 * never copied back from a read; the status bits are read-only.
 */
static void hdcp1_rep_ctl_rmw(struct intel_hdcp1_hw *hw, u32 clear, u32 set)
{
	u32 val;

	lockdep_assert_held(&hw->shared->lock);

	val = hdcp1_read(hw, HDCP_REP_CTL);
	val &= ~(clear | HDCP1_REP_SHA1_MODE | HDCP1_REP_SHA1_STATUS);
	hdcp1_write(hw, HDCP_REP_CTL, val | set);
}

/**
 * intel_hdcp1_hw_shared_init - set up the device-wide part
 * @shared: one per display device
 * @keys_via_pcode: the keys are loaded through the pcode mailbox (display 9
 *	except Broxton) rather than HDCP_KEY_CONF
 */
void intel_hdcp1_hw_shared_init(struct intel_hdcp1_hw_shared *shared,
				bool keys_via_pcode)
{
	mutex_init(&shared->lock);
	shared->keys_via_pcode = keys_via_pcode;
}

/**
 * intel_hdcp1_hw_shared_fini - tear down the device-wide part
 * @shared: set up by intel_hdcp1_hw_shared_init(), no connector using it
 */
void intel_hdcp1_hw_shared_fini(struct intel_hdcp1_hw_shared *shared)
{
	mutex_destroy(&shared->lock);
}

/**
 * intel_hdcp1_hw_shared_lock - take the device-wide HDCP 1.4 hardware
 * @shared: set up by intel_hdcp1_hw_shared_init()
 *
 * For driver code that drives the key store, HDCP_REP_CTL or the SHA-1
 * engine itself while connectors may run this sequence. Hold it only for
 * register accesses, never across a wait for the receiver, and call no
 * function of this file while holding it: they take it themselves.
 */
void intel_hdcp1_hw_shared_lock(struct intel_hdcp1_hw_shared *shared)
{
	mutex_lock(&shared->lock);
}

/**
 * intel_hdcp1_hw_shared_unlock - give the device-wide HDCP 1.4 hardware back
 * @shared: locked with intel_hdcp1_hw_shared_lock()
 */
void intel_hdcp1_hw_shared_unlock(struct intel_hdcp1_hw_shared *shared)
{
	mutex_unlock(&shared->lock);
}

/**
 * intel_hdcp1_hw_init - bind a connector to its HDCP unit
 * @hw: the connector's transmitter state
 * @shared: the device-wide part, which must outlive @hw
 * @desc: which unit, in which register layout, for which port and
 *	transport, with HDMI signalling on which transcoder and pipe
 *
 * Touches no hardware. May bind @hw again, to another unit, while no other
 * call on @hw is running.
 *
 * Returns:
 * 0, or -EINVAL, leaving @hw as it was, for a unit the hardware has no HDCP
 * for.
 */
int intel_hdcp1_hw_init(struct intel_hdcp1_hw *hw,
			struct intel_hdcp1_hw_shared *shared,
			const struct intel_hdcp1_hw_desc *desc)
{
	const struct hdcp1_rep_bits *rep;

	switch (desc->layout) {
	case INTEL_HDCP1_HW_PER_TRANSCODER:
		if ((unsigned int)desc->transcoder >= ARRAY_SIZE(hdcp1_trans_rep))
			return -EINVAL;
		rep = &hdcp1_trans_rep[desc->transcoder];
		hw->conf = TRANS_HDCP_CONF(desc->transcoder);
		hw->aninit = TRANS_HDCP_ANINIT(desc->transcoder);
		hw->anlo = TRANS_HDCP_ANLO(desc->transcoder);
		hw->anhi = TRANS_HDCP_ANHI(desc->transcoder);
		hw->bksvlo = TRANS_HDCP_BKSVLO(desc->transcoder);
		hw->bksvhi = TRANS_HDCP_BKSVHI(desc->transcoder);
		hw->rprime = TRANS_HDCP_RPRIME(desc->transcoder);
		hw->status = TRANS_HDCP_STATUS(desc->transcoder);
		break;
	case INTEL_HDCP1_HW_PER_PORT:
		if ((unsigned int)desc->port >= ARRAY_SIZE(hdcp1_port_rep))
			return -EINVAL;
		rep = &hdcp1_port_rep[desc->port];
		hw->conf = PORT_HDCP_CONF(desc->port);
		hw->aninit = PORT_HDCP_ANINIT(desc->port);
		hw->anlo = PORT_HDCP_ANLO(desc->port);
		hw->anhi = PORT_HDCP_ANHI(desc->port);
		hw->bksvlo = PORT_HDCP_BKSVLO(desc->port);
		hw->bksvhi = PORT_HDCP_BKSVHI(desc->port);
		hw->rprime = PORT_HDCP_RPRIME(desc->port);
		hw->status = PORT_HDCP_STATUS(desc->port);
		break;
	default:
		return -EINVAL;
	}

	hw->shared = shared;
	hw->display = desc->display;
	hw->dig_port = desc->dig_port;
	hw->shim = desc->shim;
	hw->cpu_transcoder = desc->transcoder;
	hw->pipe = desc->pipe;
	hw->drm = desc->drm;
	hw->rep_present = rep->present;
	hw->m0_select = rep->m0_select;
	hw->hdmi = desc->hdmi;
	hw->per_transcoder = desc->layout == INTEL_HDCP1_HW_PER_TRANSCODER;
	return 0;
}

static bool hdcp1_keys_loaded(u32 key_status)
{
	u32 ok = HDCP_KEY_LOAD_DONE | HDCP_KEY_LOAD_STATUS;

	return (key_status & ok) == ok;
}

static int hdcp1_load_keys_once(struct intel_hdcp1_hw *hw)
{
	int ret;

	if (hdcp1_keys_loaded(hdcp1_read(hw, HDCP_KEY_STATUS)))
		return 0;

	if (hw->shared->keys_via_pcode) {
		ret = hdcp1_load_keys_pcode(hw);
		if (ret)
			return ret;
	} else {
		hdcp1_write(hw, HDCP_KEY_CONF, HDCP_KEY_LOAD_TRIGGER);
	}

	ret = hdcp1_wait(hw, HDCP_KEY_STATUS, HDCP_KEY_LOAD_DONE,
			 HDCP_KEY_LOAD_DONE, HDCP1_KEY_LOAD_US);
	if (ret)
		return ret;
	/* Done without the status bit: the fuses gave no usable keys. */
	if (!(hdcp1_read(hw, HDCP_KEY_STATUS) & HDCP_KEY_LOAD_STATUS))
		return -ENXIO;

	/* Aksv goes out from another part of the display; hand it over. */
	hdcp1_write(hw, HDCP_KEY_CONF, HDCP_AKSV_SEND_TRIGGER);
	return 0;
}

static void hdcp1_clear_keys(struct intel_hdcp1_hw *hw)
{
	hdcp1_write(hw, HDCP_KEY_CONF, HDCP_CLEAR_KEYS_TRIGGER);
	/* The status bits are cleared by writing ones. */
	hdcp1_write(hw, HDCP_KEY_STATUS,
		    HDCP_KEY_LOAD_DONE | HDCP_KEY_LOAD_STATUS |
		    HDCP_FUSE_IN_PROGRESS | HDCP_FUSE_ERROR | HDCP_FUSE_DONE);
}

static int hdcp1_load_keys(struct intel_hdcp1_hw *hw)
{
	int i, ret;

	mutex_lock(&hw->shared->lock);
	for (i = 0; i < HDCP1_KEY_LOAD_TRIES; i++) {
		ret = hdcp1_load_keys_once(hw);
		if (!ret)
			break;
		hdcp1_clear_keys(hw);
	}
	mutex_unlock(&hw->shared->lock);
	if (ret)
		drm_err_ratelimited(hw->drm, "HDCP 1.4 keys failed to load (%d)\n",
				    ret);
	return ret;
}

/**
 * intel_hdcp1_hw_start - first step of an authentication
 * @hw: the connector's transmitter
 * @an: filled with the An sent to the receiver, least significant byte first
 *
 * Checks that the key store can be loaded now (the keys_loadable
 * operation), loads the keys if the device has none loaded (retrying a few
 * times, clearing the key store in between), has the unit latch a fresh An
 * and sends An, then Aksv, to the receiver.
 *
 * Returns:
 * 0, -ENXIO if the keys cannot be loaded, or the error of a register wait
 * or of the transport.
 */
int intel_hdcp1_hw_start(struct intel_hdcp1_hw *hw, u8 an[DRM_HDCP_AN_LEN])
{
	int ret;

	if (!hdcp1_keys_loadable(hw)) {
		drm_err_ratelimited(hw->drm,
				    "HDCP 1.4 keys cannot be loaded: their power well is off\n");
		return -ENXIO;
	}

	ret = hdcp1_load_keys(hw);
	if (ret)
		return ret;

	/* Seed the generator, then latch An. */
	hdcp1_write(hw, hw->aninit, get_random_u32());
	hdcp1_write(hw, hw->aninit, get_random_u32());
	hdcp1_write(hw, hw->conf, HDCP_CONF_CAPTURE_AN);
	ret = hdcp1_wait(hw, hw->status, HDCP_STATUS_AN_READY,
			 HDCP_STATUS_AN_READY, HDCP1_AN_US);
	if (ret) {
		drm_err_ratelimited(hw->drm, "HDCP 1.4 unit gave no An (%d)\n",
				    ret);
		return ret;
	}

	put_unaligned_le32(hdcp1_read(hw, hw->anlo), an);
	put_unaligned_le32(hdcp1_read(hw, hw->anhi), an + 4);

	return hdcp1_send_an_aksv(hw, an);
}

/**
 * intel_hdcp1_hw_compute - let the hardware compute Km, Ks, M0 and R0
 * @hw: the connector's transmitter, after intel_hdcp1_hw_start()
 * @bksv: the receiver's KSV, least significant byte first
 * @repeater: the receiver's REPEATER bit, which enters the computation
 *
 * Also turns HDCP signalling on for HDMI.
 *
 * Returns:
 * 0 once R0 is ready, or the error of a register wait or of signalling.
 */
int intel_hdcp1_hw_compute(struct intel_hdcp1_hw *hw,
			   const u8 bksv[DRM_HDCP_KSV_LEN], bool repeater)
{
	int ret;

	hdcp1_write(hw, hw->bksvlo, get_unaligned_le32(bksv));
	hdcp1_write(hw, hw->bksvhi, bksv[4]);

	/*
	 * In the order Linux 6.12 used: a repeater's unit gets its REPEATER
	 * bit and the SHA-1 engine's M0 select together, before
	 * authentication starts, and keeps both until the reset: the
	 * hardware may take the M0 source when authentication starts.
	 */
	mutex_lock(&hw->shared->lock);
	if (repeater)
		hdcp1_rep_ctl_rmw(hw, hw->rep_present | HDCP1_REP_M0_SELECT,
				  hw->rep_present | hw->m0_select);
	else
		hdcp1_rep_ctl_rmw(hw, hw->rep_present, 0);
	mutex_unlock(&hw->shared->lock);

	if (hw->hdmi) {
		ret = hdcp1_toggle_signalling(hw, true);
		if (ret)
			return ret;
	}

	hdcp1_write(hw, hw->conf, HDCP_CONF_AUTH_AND_ENC);
	ret = hdcp1_wait(hw, hw->status, HDCP_STATUS_R0_READY,
			 HDCP_STATUS_R0_READY, HDCP1_R0_US);
	if (ret)
		drm_err_ratelimited(hw->drm, "HDCP 1.4 unit computed no R0 (%d)\n",
				    ret);
	return ret;
}

/**
 * intel_hdcp1_hw_verify_r0 - compare R0' and start encrypting
 * @hw: the connector's transmitter, after intel_hdcp1_hw_compute()
 * @r0_prime: R0' as read from the receiver, least significant byte first
 *
 * The hardware compares R0' with its R0 and starts encrypting on a match.
 * After a mismatch it may be called again with a value read anew.
 *
 * Returns:
 * 0 once encrypting, -EPERM if R0' does not match, -ETIMEDOUT if the
 * hardware does not report encryption.
 */
int intel_hdcp1_hw_verify_r0(struct intel_hdcp1_hw *hw,
			     const u8 r0_prime[DRM_HDCP_RI_LEN])
{
	int ret;

	hdcp1_write(hw, hw->rprime, get_unaligned_le16(r0_prime));
	ret = hdcp1_wait(hw, hw->status, HDCP_STATUS_RI_MATCH,
			 HDCP_STATUS_RI_MATCH, HDCP1_RI_MATCH_US);
	if (ret == -ETIMEDOUT)
		return -EPERM;
	if (ret)
		return ret;

	ret = hdcp1_wait(hw, hw->status, HDCP_STATUS_ENC, HDCP_STATUS_ENC,
			 HDCP1_ENC_CHANGE_US);
	if (ret)
		drm_err_ratelimited(hw->drm,
				    "HDCP 1.4 unit matched R0' but did not encrypt (%d)\n",
				    ret);
	return ret;
}

/**
 * intel_hdcp1_hw_verify_ri - link integrity check against Ri'
 * @hw: the connector's transmitter, encrypting
 * @ri_prime: Ri' as read from the receiver, least significant byte first
 *
 * Returns:
 * 0 if Ri' matches the hardware's current Ri, -EPERM if not, -ENXIO if the
 * hardware is no longer encrypting.
 */
int intel_hdcp1_hw_verify_ri(struct intel_hdcp1_hw *hw,
			     const u8 ri_prime[DRM_HDCP_RI_LEN])
{
	u32 ok = HDCP_STATUS_RI_MATCH | HDCP_STATUS_ENC;
	int ret;

	hdcp1_write(hw, hw->rprime, get_unaligned_le16(ri_prime));
	ret = hdcp1_wait(hw, hw->status, ok, ok, HDCP1_RI_MATCH_US);
	if (ret != -ETIMEDOUT)
		return ret;

	/* A wrong Ri' and a link that stopped encrypting call for different reports. */
	if (hdcp1_read(hw, hw->status) & HDCP_STATUS_ENC)
		return -EPERM;
	drm_err_ratelimited(hw->drm, "HDCP 1.4 unit stopped encrypting\n");
	return -ENXIO;
}

struct hdcp1_sha {
	struct intel_hdcp1_hw *hw;
	u32 mode;		/* text mode last given to the engine */
	unsigned int len;	/* bytes fed to the engine */
	int err;		/* first failure; later words are skipped */
};

static void hdcp1_sha_word(struct hdcp1_sha *sha, u32 mode, u32 word)
{
	struct intel_hdcp1_hw *hw = sha->hw;

	if (sha->err)
		return;

	/* The programming notes ask for the mode again at each 64-byte block. */
	if (mode != sha->mode || !(sha->len % SHA1_BLOCK_SIZE)) {
		hdcp1_rep_ctl_rmw(hw, HDCP1_REP_M0_SELECT, hw->m0_select | mode);
		sha->mode = mode;
	}
	hdcp1_write(hw, HDCP_SHA_TEXT, word);
	sha->len += sizeof(word);
	sha->err = hdcp1_wait(hw, HDCP_REP_CTL, HDCP_SHA1_READY,
			      HDCP_SHA1_READY, HDCP1_SHA1_US);
}

static u8 hdcp1_text_byte(const u8 *ksv_list, unsigned int ksv_bytes,
			  u16 bstatus, unsigned int i)
{
	if (i < ksv_bytes)
		return ksv_list[i];
	return i == ksv_bytes ? bstatus & 0xff : bstatus >> 8;
}

/*
 * Feed the engine KSV list || Bstatus || M0 and the SHA-1 padding.
 *
 * The text (KSV list, then Bstatus, in wire order) goes first, four bytes a
 * word with the earliest byte in bits 31:24, in TEXT_32 mode. M0 follows,
 * and the hardware inserts it:
 *  - The 1 to 3 text bytes left over share a word with the start of M0: they
 *    are written right-aligned in TEXT_8/16/24 mode, the engine takes them
 *    first and completes the word with the first M0 bytes.
 *  - Words entirely of M0 are written (as zero) in TEXT_0 mode.
 *  - If M0 ends inside a word, that word is written in the mode naming the
 *    bytes after M0 as text: the engine puts the rest of M0 first and ends
 *    the message there with the 0x80 padding byte itself. If M0 ends on a
 *    word boundary, software writes the 0x80 in a TEXT_32 word.
 * Then zeros up to the last eight bytes of a 64-byte block, and the message
 * length in bits as a 64-bit number. The pristine i915 code writes only the
 * low word after zeros up to byte 60 of the block, which puts the length in
 * the wrong place when the message ends 56 to 59 bytes into a block (22, 35,
 * 48, 61, 86, 99, 112 or 125 devices).
 */
static int hdcp1_sha_message(struct hdcp1_sha *sha, const u8 *ksv_list,
			     unsigned int count, u16 bstatus)
{
	unsigned int ksv_bytes = count * DRM_HDCP_KSV_LEN;
	unsigned int text_len = ksv_bytes + DRM_HDCP_BSTATUS_LEN;
	unsigned int m0_left = sizeof(u64);
	unsigned int i, n;
	u32 word;

	for (i = 0; i + sizeof(word) <= text_len; i += sizeof(word)) {
		word = 0;
		for (n = 0; n < sizeof(word); n++)
			word = word << 8 |
			       hdcp1_text_byte(ksv_list, ksv_bytes, bstatus, i + n);
		hdcp1_sha_word(sha, HDCP_SHA1_TEXT_32, word);
	}

	n = text_len - i;
	if (n) {
		word = 0;
		for (; i < text_len; i++)
			word = word << 8 |
			       hdcp1_text_byte(ksv_list, ksv_bytes, bstatus, i);
		hdcp1_sha_word(sha, hdcp1_text_mode[n], word);
		m0_left -= sizeof(word) - n;
	}

	for (; m0_left >= sizeof(word); m0_left -= sizeof(word))
		hdcp1_sha_word(sha, HDCP_SHA1_TEXT_0, 0);

	if (m0_left)
		hdcp1_sha_word(sha, hdcp1_text_mode[sizeof(word) - m0_left], 0);
	else
		hdcp1_sha_word(sha, HDCP_SHA1_TEXT_32,
			       (u32)DRM_HDCP_SHA1_TERMINATOR << 24);

	while (sha->len % SHA1_BLOCK_SIZE != SHA1_BLOCK_SIZE - sizeof(u64))
		hdcp1_sha_word(sha, HDCP_SHA1_TEXT_32, 0);
	hdcp1_sha_word(sha, HDCP_SHA1_TEXT_32, 0);
	hdcp1_sha_word(sha, HDCP_SHA1_TEXT_32,
		       (text_len + sizeof(u64)) * BITS_PER_BYTE);

	return sha->err;
}

/**
 * intel_hdcp1_hw_verify_v - check a repeater's V' in the SHA-1 engine
 * @hw: the connector's transmitter, authenticated with a repeater
 * @ksv_list: @count KSVs of 5 bytes each, as read from the KSV FIFO
 * @count: number of KSVs, 0 to 127
 * @bstatus: Bstatus (HDMI) or Binfo (DisplayPort) as read, bits 7:0 first
 *	on the wire
 * @v_prime: V' as read from the repeater: H0 to H4, each least significant
 *	byte first
 *
 * The engine computes V = SHA-1(KSV list || Bstatus || M0) with the M0 of
 * this connector's last authentication and compares it with V'. It serves
 * one connector at a time. May be called again after a mismatch.
 *
 * Returns:
 * 0 if V' matches, -EPERM if not, -EINVAL for a bad list, -ETIMEDOUT if the
 * engine does not answer.
 */
int intel_hdcp1_hw_verify_v(struct intel_hdcp1_hw *hw, const u8 *ksv_list,
			    unsigned int count, u16 bstatus,
			    const u8 v_prime[INTEL_HDCP1_HW_V_PRIME_LEN])
{
	struct hdcp1_sha sha = { .hw = hw };
	int i, ret;

	if (count > HDCP1_MAX_DEVICES || (count && !ksv_list))
		return -EINVAL;

	mutex_lock(&hw->shared->lock);

	for (i = 0; i < DRM_HDCP_V_PRIME_NUM_PARTS; i++)
		hdcp1_write(hw, HDCP_SHA_V_PRIME(i),
			    get_unaligned_le32(v_prime + i * DRM_HDCP_V_PRIME_PART_LEN));

	ret = hdcp1_sha_message(&sha, ksv_list, count, bstatus);
	if (!ret) {
		hdcp1_rep_ctl_rmw(hw, HDCP1_REP_M0_SELECT,
				  hw->m0_select | HDCP_SHA1_COMPLETE_HASH);
		ret = hdcp1_wait(hw, HDCP_REP_CTL, HDCP_SHA1_COMPLETE,
				 HDCP_SHA1_COMPLETE, HDCP1_SHA1_US);
	}
	if (!ret && !(hdcp1_read(hw, HDCP_REP_CTL) & HDCP_SHA1_V_MATCH))
		ret = -EPERM;
	/* M0 stays selected, as compute() left it, until the reset. */
	mutex_unlock(&hw->shared->lock);
	if (ret && ret != -EPERM)
		drm_err_ratelimited(hw->drm, "HDCP 1.4 SHA-1 engine stalled (%d)\n",
				    ret);
	return ret;
}

/**
 * intel_hdcp1_hw_encryption_status - is the hardware encrypting?
 * @hw: the connector's transmitter
 *
 * Returns:
 * 0 while the unit reports encryption, -ENXIO otherwise.
 */
int intel_hdcp1_hw_encryption_status(struct intel_hdcp1_hw *hw)
{
	return hdcp1_read(hw, hw->status) & HDCP_STATUS_ENC ? 0 : -ENXIO;
}

/* The stream bits of HDCP_STATUS run down from bit 31, transcoder A's. */
static_assert((HDCP_STATUS_STREAM_A_ENC >> 1) == HDCP_STATUS_STREAM_B_ENC);
static_assert((HDCP_STATUS_STREAM_A_ENC >> 3) == HDCP_STATUS_STREAM_D_ENC);

/* A stream's bit in HDCP_STATUS; transcoders A to D carry MST streams. */
static u32 hdcp1_stream_enc_bit(enum transcoder stream)
{
	if (stream < TRANSCODER_A || stream > TRANSCODER_D)
		return 0;
	return HDCP_STATUS_STREAM_A_ENC >> (stream - TRANSCODER_A);
}

/**
 * intel_hdcp1_hw_stream_encrypt - put one DP MST stream under encryption
 * @hw: the port's transmitter, authenticated and encrypting to switch on
 * @stream: the stream's CPU transcoder (A to D)
 * @on: select the stream, or deselect it
 *
 * Toggles the stream select of @stream's transcoder and waits for the
 * stream's bit in HDCP_STATUS: the stream transcoder's own register on
 * display 12 and later, the port's before.
 *
 * Returns:
 * 0 once the hardware reports the stream's new state; -EINVAL for a
 * transcoder that carries no MST stream or a transmitter without stream
 * select, -ENXIO to switch on while the port does not encrypt,
 * -ETIMEDOUT when the hardware does not follow, or the error of the
 * stream select.
 */
int intel_hdcp1_hw_stream_encrypt(struct intel_hdcp1_hw *hw,
				  enum transcoder stream, bool on)
{
	u32 bit = hdcp1_stream_enc_bit(stream);
	i915_reg_t status;
	int ret;

	if (!bit || hw->hdmi)
		return -EINVAL;
	if (on && !(hdcp1_read(hw, hw->status) & HDCP_STATUS_ENC))
		return -ENXIO;
	status = hw->per_transcoder ? TRANS_HDCP_STATUS(stream) : hw->status;
	ret = hdcp1_toggle_stream_select(hw, stream, on);
	if (ret) {
		drm_err(hw->drm, "HDCP 1.4 stream select of transcoder %c failed: %d\n",
			'A' + stream, ret);
		return ret;
	}
	if (on)
		hw->streams |= BIT(stream);
	else
		hw->streams &= ~BIT(stream);
	if (hdcp1_wait(hw, status, bit, on ? bit : 0, HDCP1_ENC_CHANGE_US)) {
		drm_err(hw->drm, "HDCP 1.4 stream of transcoder %c not %s\n",
			'A' + stream, on ? "encrypted" : "in the clear");
		return -ETIMEDOUT;
	}
	return 0;
}

/**
 * intel_hdcp1_hw_reset - stop encryption and authentication
 * @hw: the connector's transmitter, in any state
 *
 * Deselects the DP MST streams it encrypts, turns the unit off, clears
 * this connector's REPEATER bit (and no other) and, on HDMI, HDCP
 * signalling. Does all of it even if the hardware does
 * not confirm a step; nothing is left running afterwards.
 */
void intel_hdcp1_hw_reset(struct intel_hdcp1_hw *hw)
{
	unsigned long stream;

	/* MST: no stream may stay selected on a port that stops. */
	for_each_set_bit(stream, &hw->streams, I915_MAX_TRANSCODERS)
		hdcp1_toggle_stream_select(hw, stream, false);
	hw->streams = 0;
	hdcp1_write(hw, hw->conf, 0);
	/* Signalling must outlive encryption; a timeout changes nothing below. */
	if (hdcp1_wait(hw, hw->status, ~0u, 0, HDCP1_ENC_CHANGE_US))
		drm_err_ratelimited(hw->drm,
				    "HDCP 1.4 unit did not clear its status on reset\n");

	mutex_lock(&hw->shared->lock);
	/* Another unit's repeater may have taken the M0 select since: keep it. */
	if ((hdcp1_read(hw, HDCP_REP_CTL) & HDCP1_REP_M0_SELECT) == hw->m0_select)
		hdcp1_rep_ctl_rmw(hw, hw->rep_present | HDCP1_REP_M0_SELECT, 0);
	else
		hdcp1_rep_ctl_rmw(hw, hw->rep_present, 0);
	mutex_unlock(&hw->shared->lock);

	if (hw->hdmi)
		hdcp1_toggle_signalling(hw, false);
}

/* Power @hw's unit for one operation: 0, or why not. */
static int hdcp1_tx_power_get(struct intel_hdcp1_hw *hw)
{
	int ret = hdcp1_power_get(hw);

	/* -EPERM means "mismatch" to the engine; a dark port is not one. */
	return ret == -EPERM ? -ENODEV : ret;
}

/*
 * The connector's transmitter with its unit powered for one operation, or
 * NULL and the reason in *@ret.
 */
static struct intel_hdcp1_hw *hdcp1_tx_get(struct drm_connector *connector,
					   int *ret)
{
	struct intel_hdcp1_hw *hw = intel_hdcp1_hw_of(connector);

	if (!hw) {
		*ret = -ENODEV;
		return NULL;
	}
	*ret = hdcp1_tx_power_get(hw);
	return *ret ? NULL : hw;
}

static void hdcp1_tx_put(struct intel_hdcp1_hw *hw)
{
	hdcp1_power_put(hw);
}

/* Steps that compare nothing report no mismatch, whatever failed. */
static int hdcp1_tx_error(int ret)
{
	return ret == -EPERM ? -EIO : ret;
}

static int intel_hdcp1_tx_start(struct drm_connector *connector)
{
	u8 an[DRM_HDCP_AN_LEN];
	struct intel_hdcp1_hw *hw;
	int ret;

	hw = hdcp1_tx_get(connector, &ret);
	if (!hw)
		return ret;
	ret = intel_hdcp1_hw_start(hw, an);
	hdcp1_tx_put(hw);
	return hdcp1_tx_error(ret);
}

static int intel_hdcp1_tx_compute(struct drm_connector *connector,
				  const u8 bksv[DRM_HDCP_KSV_LEN], bool repeater)
{
	struct intel_hdcp1_hw *hw;
	int ret;

	hw = hdcp1_tx_get(connector, &ret);
	if (!hw)
		return ret;
	ret = intel_hdcp1_hw_compute(hw, bksv, repeater);
	hdcp1_tx_put(hw);
	return hdcp1_tx_error(ret);
}

static int intel_hdcp1_tx_verify_r0(struct drm_connector *connector,
				    const u8 r0_prime[DRM_HDCP_RI_LEN])
{
	struct intel_hdcp1_hw *hw;
	int ret;

	hw = hdcp1_tx_get(connector, &ret);
	if (!hw)
		return ret;
	ret = intel_hdcp1_hw_verify_r0(hw, r0_prime);
	hdcp1_tx_put(hw);
	return ret;
}

static int intel_hdcp1_tx_verify_ri(struct drm_connector *connector,
				    const u8 ri_prime[DRM_HDCP_RI_LEN])
{
	struct intel_hdcp1_hw *hw;
	int ret;

	hw = hdcp1_tx_get(connector, &ret);
	if (!hw)
		return ret;
	ret = intel_hdcp1_hw_verify_ri(hw, ri_prime);
	hdcp1_tx_put(hw);
	return ret;
}

static int intel_hdcp1_tx_verify_v(struct drm_connector *connector,
				   const u8 *ksv_list, unsigned int count,
				   u16 bstatus,
				   const u8 v_prime[INTEL_HDCP1_HW_V_PRIME_LEN])
{
	struct intel_hdcp1_hw *hw;
	int ret;

	hw = hdcp1_tx_get(connector, &ret);
	if (!hw)
		return ret;
	ret = intel_hdcp1_hw_verify_v(hw, ksv_list, count, bstatus, v_prime);
	hdcp1_tx_put(hw);
	return ret;
}

static int intel_hdcp1_tx_encryption_status(struct drm_connector *connector)
{
	struct intel_hdcp1_hw *hw;
	int ret;

	hw = hdcp1_tx_get(connector, &ret);
	if (!hw)
		return ret;
	ret = intel_hdcp1_hw_encryption_status(hw);
	/* The engine asks only while it holds the link authenticated. */
	if (ret)
		drm_err_ratelimited(hw->drm, "HDCP 1.4 unit stopped encrypting\n");
	hdcp1_tx_put(hw);
	return hdcp1_tx_error(ret);
}

static void intel_hdcp1_tx_reset(struct drm_connector *connector)
{
	struct intel_hdcp1_hw *hw;
	int ret;

	/* A unit without power lost its HDCP state with it: nothing to undo. */
	hw = hdcp1_tx_get(connector, &ret);
	if (!hw)
		return;
	intel_hdcp1_hw_reset(hw);
	hdcp1_tx_put(hw);
}

static int intel_hdcp1_tx_stream_encrypt(struct drm_connector *connector, bool on)
{
	enum transcoder stream;
	struct intel_hdcp1_hw *hw;
	int ret;

	hw = intel_hdcp1_hw_stream_of(connector, &stream);
	if (!hw)
		return on ? -ENODEV : 0;
	/* SST on a port that can do MST: the port's encryption is the stream's. */
	if (stream == INVALID_TRANSCODER)
		return 0;
	ret = hdcp1_tx_power_get(hw);
	if (ret)
		/* A dark port lost its stream select with its power. */
		return on ? ret : 0;
	ret = intel_hdcp1_hw_stream_encrypt(hw, stream, on);
	hdcp1_tx_put(hw);
	return hdcp1_tx_error(ret);
}

/*
 * Intel display hardware as the transmitter of the HDCP 1.4 engine, for
 * drm_hdcp1_init(). Each operation runs the hardware sequence on the
 * transmitter intel_hdcp1_hw_of() gives for the connector, within one
 * reference on the power of its unit; a connector without a
 * transmitter, or whose unit is powered down, gets -ENODEV. Only the
 * comparisons report -EPERM, for a mismatch. @reset does nothing to a unit
 * that is powered down.
 */
const struct drm_hdcp1_tx_ops intel_hdcp1_tx_ops = {
	.start = intel_hdcp1_tx_start,
	.compute = intel_hdcp1_tx_compute,
	.verify_r0 = intel_hdcp1_tx_verify_r0,
	.verify_ri = intel_hdcp1_tx_verify_ri,
	.verify_v = intel_hdcp1_tx_verify_v,
	.encryption_status = intel_hdcp1_tx_encryption_status,
	.reset = intel_hdcp1_tx_reset,
};

/*
 * The same for a DisplayPort port that can carry DP MST streams: its
 * connectors' streams are encrypted one by one (@stream_encrypt), each with
 * the stream select of its transcoder on the transmitter of the port
 * (intel_hdcp1_hw_stream_of()). Switching off a stream of a port without
 * power succeeds, as the power loss deselected it.
 */
const struct drm_hdcp1_tx_ops intel_hdcp1_mst_tx_ops = {
	.start = intel_hdcp1_tx_start,
	.compute = intel_hdcp1_tx_compute,
	.verify_r0 = intel_hdcp1_tx_verify_r0,
	.verify_ri = intel_hdcp1_tx_verify_ri,
	.verify_v = intel_hdcp1_tx_verify_v,
	.encryption_status = intel_hdcp1_tx_encryption_status,
	.reset = intel_hdcp1_tx_reset,
	.stream_encrypt = intel_hdcp1_tx_stream_encrypt,
};

#if IS_ENABLED(CONFIG_DRM_I915_HDCP1_KUNIT_TEST) && defined(I915)
#include "tests/intel_hdcp1_hw_test.c"
#endif
