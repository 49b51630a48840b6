// SPDX-License-Identifier: MIT
/*
 * The emulated HDCP registers behave like the hardware as far as the
 * transmitter sequence can tell:
 *
 *  - Key store: a load (HDCP_KEY_CONF trigger, or pcode on the platforms that
 *    load that way) ends with LOAD_DONE, plus LOAD_STATUS when the fused keys
 *    are good; Aksv can only go out after HDCP_AKSV_SEND_TRIGGER.
 *  - Unit: CAPTURE_AN latches An from the two ANINIT seeds; AUTH_AND_ENC
 *    computes Km, Ks, M0 and R0 from the fused keys, BKSV, An and this unit's
 *    REPEATER bit in HDCP_REP_CTL, whose M0 select must then name a
 *    repeater's unit; R0'/Ri' written to RPRIME is compared with
 *    the current Ri, and the first match starts encryption. Ri rolls with
 *    the frames the test advances.
 *  - SHA-1 engine: it hashes exactly the bytes it is fed, M0 inserted as
 *    the text mode says (see emu_sha_text()), and compares the digest with
 *    the V' registers after COMPLETE_HASH.
 *
 * Status bits that hardware sets after a while (AN_READY, R0_READY, ENC,
 * LOAD_DONE, SHA1_READY, ...) become visible at the next read of their
 * register, so a sequence that does not poll sees stale values. Whatever a
 * correct sequence never does (a register outside the HDCP block, a text
 * word before SHA1_READY, authentication without keys, ...) is counted as a
 * violation, which the tests check for.
 */

#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/unaligned.h>
#include <linux/wordpart.h>

#include "../intel_hdcp_regs.h"
#include "intel_hdcp1_hw_emul.h"

#define EMU_REP_PRESENT		GENMASK(31, 25)
#define EMU_M0_SELECT		GENMASK(22, 20)
#define EMU_SHA1_STATUS		GENMASK(19, 16)
#define EMU_SHA1_MODE		GENMASK(3, 1)
#define EMU_KEY_STATUS_BITS	(HDCP_KEY_LOAD_DONE | HDCP_KEY_LOAD_STATUS | \
				 HDCP_FUSE_IN_PROGRESS | HDCP_FUSE_ERROR | \
				 HDCP_FUSE_DONE)
#define EMU_KEY_CONF_BITS	(HDCP_AKSV_SEND_TRIGGER | \
				 HDCP_CLEAR_KEYS_TRIGGER | HDCP_KEY_LOAD_TRIGGER)

struct emu_rep_bits {
	u32 present;
	u32 m0_select;
};

static const struct emu_rep_bits emu_trans_bits[] = {
	{ HDCP_TRANSA_REP_PRESENT, HDCP_TRANSA_SHA1_M0 },
	{ HDCP_TRANSB_REP_PRESENT, HDCP_TRANSB_SHA1_M0 },
	{ HDCP_TRANSC_REP_PRESENT, HDCP_TRANSC_SHA1_M0 },
	{ HDCP_TRANSD_REP_PRESENT, HDCP_TRANSD_SHA1_M0 },
};

static const struct emu_rep_bits emu_port_bits[] = {
	{ HDCP_DDIA_REP_PRESENT, HDCP_DDIA_SHA1_M0 },
	{ HDCP_DDIB_REP_PRESENT, HDCP_DDIB_SHA1_M0 },
	{ HDCP_DDIC_REP_PRESENT, HDCP_DDIC_SHA1_M0 },
	{ HDCP_DDID_REP_PRESENT, HDCP_DDID_SHA1_M0 },
	{ HDCP_DDIE_REP_PRESENT, HDCP_DDIE_SHA1_M0 },
};

static void emu_violation(struct emu_hw *hw, const char *what, u32 reg, u32 val)
{
	if (!hw->violations++)
		snprintf(hw->violation, sizeof(hw->violation),
			 "%s (register %#x, value %#x)", what, reg, val);
}

static void emu_log(struct emu_hw *hw, enum emu_kind kind, u32 reg, u32 val,
		    u32 expect, unsigned int timeout_us, int ret)
{
	if (hw->log_len == EMU_LOG_MAX) {
		hw->log_full = true;
		return;
	}
	hw->log[hw->log_len++] = (struct emu_access) {
		.kind = kind, .reg = reg, .val = val, .expect = expect,
		.timeout_us = timeout_us, .ret = ret,
	};
}

static u32 *emu_reg(struct emu_hw *hw, u32 reg)
{
	if (reg < EMU_REG_BASE || reg >= EMU_REG_BASE + 4 * EMU_REG_WORDS ||
	    reg % 4)
		return NULL;
	return &hw->regs[(reg - EMU_REG_BASE) / 4];
}

static u32 *emu_rep_ctl(struct emu_hw *hw)
{
	return emu_reg(hw, i915_mmio_reg_offset(HDCP_REP_CTL));
}

static struct emu_unit *emu_unit_of(struct emu_hw *hw, u32 reg)
{
	unsigned int i;

	for (i = 0; i < hw->num_units; i++) {
		struct emu_unit *u = &hw->units[i];

		if (reg == u->conf || reg == u->aninit || reg == u->anlo ||
		    reg == u->anhi || reg == u->bksvlo || reg == u->bksvhi ||
		    reg == u->rprime || reg == u->status)
			return u;
	}
	return NULL;
}

/* A simple 64-bit mixer: An looks random but follows from the seeds. */
static u64 emu_mix(u64 x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ULL;
	return x ^ (x >> 33);
}

static void emu_start_key_load(struct emu_hw *hw)
{
	bool good = !hw->fail_key_loads;

	/* Software loads the keys only while power well 1 is on. */
	if (hw->pw1_off) {
		emu_violation(hw, "key load with power well 1 off",
			      i915_mmio_reg_offset(HDCP_KEY_CONF), 0);
		good = false;
	}

	if (hw->fail_key_loads)
		hw->fail_key_loads--;
	hw->keys_loaded = good;
	hw->key_status_next = HDCP_KEY_LOAD_DONE |
			      (good ? HDCP_KEY_LOAD_STATUS | HDCP_FUSE_DONE :
				      HDCP_FUSE_ERROR);
}

static void emu_key_conf(struct emu_hw *hw, u32 val)
{
	u32 *status = emu_reg(hw, i915_mmio_reg_offset(HDCP_KEY_STATUS));
	u32 loaded = HDCP_KEY_LOAD_DONE | HDCP_KEY_LOAD_STATUS;

	if (val & ~EMU_KEY_CONF_BITS)
		emu_violation(hw, "reserved HDCP_KEY_CONF bits",
			      i915_mmio_reg_offset(HDCP_KEY_CONF), val);

	if (val & HDCP_CLEAR_KEYS_TRIGGER) {
		hw->keys_loaded = false;
		hw->aksv_ready = false;
		hw->key_status_next = 0;
		*status = 0;
	}
	if (val & HDCP_KEY_LOAD_TRIGGER) {
		if (hw->keys_via_pcode)
			emu_violation(hw, "key load trigger where pcode loads the keys",
				      i915_mmio_reg_offset(HDCP_KEY_CONF), val);
		else
			emu_start_key_load(hw);
	}
	if (val & HDCP_AKSV_SEND_TRIGGER) {
		if ((*status & loaded) != loaded)
			emu_violation(hw, "Aksv send trigger before the keys are seen loaded",
				      i915_mmio_reg_offset(HDCP_KEY_CONF), val);
		else
			hw->aksv_ready = true;
	}
}

static void emu_unit_update(struct emu_hw *hw, struct emu_unit *u)
{
	bool match;

	if (u->state != EMU_UNIT_AUTH)
		return;

	match = (*emu_reg(hw, u->rprime) & 0xffff) == u->session.ri_prime;
	/* Encryption starts on the first match after AUTH_AND_ENC only. */
	if (match && !u->session_matched) {
		u->session_matched = true;
		u->encrypting = !hw->enc_never;
	}
	u->status_next = HDCP_STATUS_AN_READY | HDCP_STATUS_R0_READY |
			 HDCP_STATUS_CIPHER |
			 (match ? HDCP_STATUS_RI_MATCH : 0) |
			 (u->encrypting ? HDCP_STATUS_ENC | HDCP_STATUS_AUTH : 0);
}

/* The transcoders whose MST streams ride @u's encryption, as a mask. */
static u32 emu_streams_on(struct emu_hw *hw, const struct emu_unit *u)
{
	u32 on = 0;
	unsigned int t;

	for (t = 0; t < EMU_MAX_STREAMS; t++)
		if ((hw->stream_select & BIT(t)) && hw->stream_port[t] == u)
			on |= BIT(t);
	return on;
}

/*
 * The STREAM_x_ENC bits a status register shows: on display 12 and later
 * in the stream transcoder's own register, before in the port's.
 */
static u32 emu_stream_status(struct emu_hw *hw, const struct emu_unit *u)
{
	static const u32 enc[EMU_MAX_STREAMS] = {
		HDCP_STATUS_STREAM_A_ENC, HDCP_STATUS_STREAM_B_ENC,
		HDCP_STATUS_STREAM_C_ENC, HDCP_STATUS_STREAM_D_ENC,
	};
	unsigned int t, index = u - hw->units;
	u32 bits = 0;

	if (hw->stream_enc_never)
		return 0;
	for (t = 0; t < EMU_MAX_STREAMS; t++) {
		if (!(hw->stream_select & BIT(t)) || !hw->stream_port[t]->encrypting)
			continue;
		if (hw->per_transcoder ? t == index : hw->stream_port[t] == u)
			bits |= enc[t];
	}
	return bits;
}

static void emu_unit_conf(struct emu_hw *hw, struct emu_unit *u, u32 val)
{
	u64 bksv, km;
	bool repeater;

	*emu_reg(hw, u->conf) = val;

	switch (val) {
	case 0:
		if (emu_streams_on(hw, u))
			emu_violation(hw, "HDCP unit off with an MST stream still selected",
				      u->conf, emu_streams_on(hw, u));
		u->state = EMU_UNIT_IDLE;
		u->encrypting = false;
		u->status_next = 0;
		break;
	case HDCP_CONF_CAPTURE_AN:
		if (u->seeds < 2)
			emu_violation(hw, "An latched without seeding ANINIT twice",
				      u->conf, val);
		u->an = hw->force_an ? hw->forced_an :
			emu_mix((u64)u->seed[0] << 32 | u->seed[1]);
		u->seeds = 0;
		u->state = EMU_UNIT_AN;
		u->encrypting = false;
		u->status_next = HDCP_STATUS_AN_READY;
		break;
	case HDCP_CONF_AUTH_AND_ENC:
		if (u->state != EMU_UNIT_AN) {
			emu_violation(hw, "AUTH_AND_ENC without a fresh An", u->conf, val);
			break;
		}
		if (!hw->keys_loaded) {
			emu_violation(hw, "AUTH_AND_ENC without keys", u->conf, val);
			break;
		}
		if (u->hdmi && !u->signalling) {
			emu_violation(hw, "HDMI AUTH_AND_ENC with signalling off",
				      u->conf, val);
			break;
		}
		bksv = *emu_reg(hw, u->bksvlo) |
		       (u64)(*emu_reg(hw, u->bksvhi) & 0xff) << 32;
		repeater = *emu_rep_ctl(hw) & u->rep_present;
		/*
		 * The order Linux 6.12 used: a repeater's unit has its M0
		 * selected before authentication, in case the hardware takes
		 * the M0 source for the SHA-1 engine there.
		 */
		if (repeater && (*emu_rep_ctl(hw) & EMU_M0_SELECT) != u->m0_select)
			emu_violation(hw, "repeater AUTH_AND_ENC without its M0 selected",
				      u->conf, *emu_rep_ctl(hw));
		km = drm_hdcp1_compute_km(hw->tx_keys, bksv);
		drm_hdcp1_session_start(&u->session, km, repeater, u->an);
		u->state = EMU_UNIT_AUTH;
		u->session_matched = false;
		u->status_next = HDCP_STATUS_AN_READY | HDCP_STATUS_R0_READY |
				 HDCP_STATUS_CIPHER;
		break;
	default:
		emu_violation(hw, "unknown HDCP_CONF value", u->conf, val);
		break;
	}
}

static void emu_unit_write(struct emu_hw *hw, struct emu_unit *u, u32 reg, u32 val)
{
	if (reg == u->conf) {
		emu_unit_conf(hw, u, val);
	} else if (reg == u->aninit) {
		u->seed[u->seeds++ % 2] = val;
		*emu_reg(hw, reg) = val;
	} else if (reg == u->bksvlo || reg == u->bksvhi) {
		if (reg == u->bksvhi && val > 0xff)
			emu_violation(hw, "BKSVHI above bit 7", reg, val);
		*emu_reg(hw, reg) = val;
	} else if (reg == u->rprime) {
		if (val > 0xffff)
			emu_violation(hw, "RPRIME above bit 15", reg, val);
		*emu_reg(hw, reg) = val;
		emu_unit_update(hw, u);
	} else {
		emu_violation(hw, "write to a read-only HDCP register", reg, val);
	}
}

static int emu_text_bytes(u32 mode)
{
	switch (mode) {
	case HDCP_SHA1_TEXT_32:
		return 4;
	case HDCP_SHA1_TEXT_24:
		return 3;
	case HDCP_SHA1_TEXT_16:
		return 2;
	case HDCP_SHA1_TEXT_8:
		return 1;
	case HDCP_SHA1_TEXT_0:
		return 0;
	default:
		return -1;
	}
}

static void emu_sha_put(struct emu_hw *hw, u8 byte)
{
	if (hw->sha_len < EMU_SHA_MAX)
		hw->sha_msg[hw->sha_len] = byte;
	else
		hw->sha_bad = true;
	hw->sha_len++;
}

/* M0 of the unit the select field names, as the engine inserts it. */
static void emu_sha_fetch_m0(struct emu_hw *hw)
{
	u32 select = *emu_rep_ctl(hw) & EMU_M0_SELECT;
	unsigned int i;

	memset(hw->m0, 0, sizeof(hw->m0));
	for (i = 0; i < hw->num_units; i++) {
		struct emu_unit *u = &hw->units[i];

		if (select && u->m0_select == select && u->state == EMU_UNIT_AUTH)
			put_unaligned_le64(u->session.m0, hw->m0);
	}
}

/*
 * One word into the engine. In a mode with n text bytes and 4 - n bytes of
 * M0: while M0 has not begun, the n text bytes (the low-order bytes of the
 * write) come first and M0 begins after them; once M0 has begun, its next
 * 4 - n bytes come first, and if that ends M0 the message ends there: the
 * engine adds the 0x80 padding byte and zeros instead of the text.
 */
static void emu_sha_text(struct emu_hw *hw, u32 word)
{
	u32 *rep_ctl = emu_rep_ctl(hw);
	u32 reg = i915_mmio_reg_offset(HDCP_SHA_TEXT);
	int text = emu_text_bytes(*rep_ctl & EMU_SHA1_MODE);
	int i, m0;

	if (!hw->sha_ready) {
		emu_violation(hw, "SHA_TEXT written before SHA1_READY", reg, word);
		hw->sha_bad = true;
	}
	if (text < 0) {
		emu_violation(hw, "SHA_TEXT written with no text mode", reg, *rep_ctl);
		hw->sha_bad = true;
		text = 4;
	}
	if (!(hw->sha_len % SHA1_BLOCK_SIZE) && !hw->sha_armed) {
		emu_violation(hw, "SHA-1 block begun without programming HDCP_REP_CTL",
			      reg, word);
		hw->sha_bad = true;
	}
	if (!hw->sha_len) {
		*rep_ctl &= ~(HDCP_SHA1_COMPLETE | HDCP_SHA1_V_MATCH);
		hw->rep_status_next &= ~(HDCP_SHA1_COMPLETE | HDCP_SHA1_V_MATCH);
		hw->m0_used = 0;
	}

	m0 = 4 - text;
	if (!m0) {
		for (i = 3; i >= 0; i--)
			emu_sha_put(hw, word >> (8 * i));
	} else if (!hw->m0_used) {
		emu_sha_fetch_m0(hw);
		for (i = text - 1; i >= 0; i--)
			emu_sha_put(hw, word >> (8 * i));
		for (i = 0; i < m0; i++)
			emu_sha_put(hw, hw->m0[hw->m0_used++]);
	} else {
		if (hw->m0_used + m0 > sizeof(hw->m0) ||
		    (text && hw->m0_used + m0 != sizeof(hw->m0))) {
			emu_violation(hw, "text mode does not fit the M0 left", reg,
				      *rep_ctl);
			hw->sha_bad = true;
		}
		for (i = 0; i < m0; i++)
			emu_sha_put(hw, hw->m0_used < sizeof(hw->m0) ?
				    hw->m0[hw->m0_used++] : 0);
		for (i = 0; i < text; i++)
			emu_sha_put(hw, i ? 0 : DRM_HDCP_SHA1_TERMINATOR);
	}

	if (!(hw->sha_len % SHA1_BLOCK_SIZE))
		hw->sha_armed = false;
	hw->sha_ready = false;
	*rep_ctl &= ~HDCP_SHA1_READY;
	hw->rep_status_next |= HDCP_SHA1_READY;
}

static void emu_sha_complete(struct emu_hw *hw)
{
	u32 digest[SHA1_DIGEST_WORDS], ws[SHA1_WORKSPACE_WORDS];
	u32 *rep_ctl = emu_rep_ctl(hw);
	bool match = false;
	unsigned int i;

	if (!hw->sha_len || hw->sha_len % SHA1_BLOCK_SIZE) {
		emu_violation(hw, "COMPLETE_HASH on a partial block",
			      i915_mmio_reg_offset(HDCP_REP_CTL), hw->sha_len);
	} else if (!hw->sha_bad) {
		sha1_init(digest);
		for (i = 0; i < hw->sha_len; i += SHA1_BLOCK_SIZE)
			sha1_transform(digest, (const char *)hw->sha_msg + i, ws);
		match = true;
		for (i = 0; i < SHA1_DIGEST_WORDS; i++)
			if (digest[i] != *emu_reg(hw, i915_mmio_reg_offset(HDCP_SHA_V_PRIME(i))))
				match = false;
	}

	*rep_ctl &= ~(HDCP_SHA1_COMPLETE | HDCP_SHA1_V_MATCH);
	hw->rep_status_next &= ~HDCP_SHA1_V_MATCH;
	hw->rep_status_next |= HDCP_SHA1_COMPLETE | (match ? HDCP_SHA1_V_MATCH : 0);
	hw->sha_len = 0;
	hw->sha_bad = false;
	hw->sha_armed = false;
	hw->m0_used = 0;
}

static void emu_rep_ctl_write(struct emu_hw *hw, u32 val)
{
	u32 writable = EMU_REP_PRESENT | EMU_M0_SELECT | EMU_SHA1_MODE;
	u32 *rep_ctl = emu_rep_ctl(hw);
	u32 mode = val & EMU_SHA1_MODE;

	if (val & ~(writable | EMU_SHA1_STATUS))
		emu_violation(hw, "reserved HDCP_REP_CTL bits",
			      i915_mmio_reg_offset(HDCP_REP_CTL), val);
	*rep_ctl = (*rep_ctl & EMU_SHA1_STATUS) | (val & writable);

	if (mode == HDCP_SHA1_COMPLETE_HASH)
		emu_sha_complete(hw);
	else if (emu_text_bytes(mode) >= 0)
		hw->sha_armed = true;
	else if (mode)
		emu_violation(hw, "reserved SHA-1 mode",
			      i915_mmio_reg_offset(HDCP_REP_CTL), val);
}

static u32 emu_read_locked(struct emu_hw *hw, u32 reg)
{
	u32 *r = emu_reg(hw, reg);
	struct emu_unit *u = emu_unit_of(hw, reg);

	if (!r) {
		emu_violation(hw, "read outside the HDCP block", reg, 0);
		return 0;
	}

	if (u && reg == u->status) {
		*r = u->status_next | emu_stream_status(hw, u);
		if (u->status_next & HDCP_STATUS_AN_READY) {
			*emu_reg(hw, u->anlo) = lower_32_bits(u->an);
			*emu_reg(hw, u->anhi) = upper_32_bits(u->an);
		}
	} else if (reg == i915_mmio_reg_offset(HDCP_KEY_STATUS)) {
		*r = hw->key_status_next;
	} else if (reg == i915_mmio_reg_offset(HDCP_REP_CTL)) {
		*r = (*r & ~EMU_SHA1_STATUS) | hw->rep_status_next;
		if (*r & HDCP_SHA1_READY)
			hw->sha_ready = true;
	} else if (!u && reg != i915_mmio_reg_offset(HDCP_KEY_CONF)) {
		emu_violation(hw, "read of a register the sequence never needs", reg, *r);
	}
	return *r;
}

static void emu_write_locked(struct emu_hw *hw, u32 reg, u32 val)
{
	struct emu_unit *u = emu_unit_of(hw, reg);
	unsigned int i;

	if (u) {
		emu_unit_write(hw, u, reg, val);
		return;
	}
	if (reg == i915_mmio_reg_offset(HDCP_KEY_CONF)) {
		emu_key_conf(hw, val);
		return;
	}
	if (reg == i915_mmio_reg_offset(HDCP_KEY_STATUS)) {
		if (val & ~EMU_KEY_STATUS_BITS)
			emu_violation(hw, "reserved HDCP_KEY_STATUS bits", reg, val);
		/* Write one to clear. */
		*emu_reg(hw, reg) &= ~val;
		hw->key_status_next &= ~val;
		return;
	}
	if (reg == i915_mmio_reg_offset(HDCP_REP_CTL)) {
		emu_rep_ctl_write(hw, val);
		return;
	}
	if (reg == i915_mmio_reg_offset(HDCP_SHA_TEXT)) {
		emu_sha_text(hw, val);
		return;
	}
	for (i = 0; i < DRM_HDCP_V_PRIME_NUM_PARTS; i++) {
		if (reg == i915_mmio_reg_offset(HDCP_SHA_V_PRIME(i))) {
			*emu_reg(hw, reg) = val;
			return;
		}
	}
	emu_violation(hw, "write to a register the sequence never needs", reg, val);
}

static u32 emu_op_read(void *ctx, i915_reg_t reg)
{
	struct emu_hw *hw = ((struct emu_port *)ctx)->hw;
	u32 off = i915_mmio_reg_offset(reg), val;

	mutex_lock(&hw->lock);
	val = emu_read_locked(hw, off);
	emu_log(hw, EMU_READ, off, val, 0, 0, 0);
	mutex_unlock(&hw->lock);
	return val;
}

static void emu_op_write(void *ctx, i915_reg_t reg, u32 val)
{
	struct emu_hw *hw = ((struct emu_port *)ctx)->hw;
	u32 off = i915_mmio_reg_offset(reg);

	mutex_lock(&hw->lock);
	emu_log(hw, EMU_WRITE, off, val, 0, 0, 0);
	emu_write_locked(hw, off, val);
	mutex_unlock(&hw->lock);
}

static int emu_op_wait(void *ctx, i915_reg_t reg, u32 mask, u32 value,
		       unsigned int timeout_us)
{
	struct emu_hw *hw = ((struct emu_port *)ctx)->hw;
	u32 off = i915_mmio_reg_offset(reg);
	int ret;

	/* Gives other threads a chance to run in between, like real polling. */
	if (hw->wait_sleep_us)
		usleep_range(hw->wait_sleep_us, 2 * hw->wait_sleep_us);

	mutex_lock(&hw->lock);
	if (!timeout_us || timeout_us > 100 * USEC_PER_MSEC)
		emu_violation(hw, "unreasonable wait timeout", off, timeout_us);
	ret = (emu_read_locked(hw, off) & mask) == value ? 0 : -ETIMEDOUT;
	emu_log(hw, EMU_WAIT, off, mask, value, timeout_us, ret);
	mutex_unlock(&hw->lock);
	return ret;
}

static int emu_op_load_keys_pcode(void *ctx)
{
	struct emu_hw *hw = ((struct emu_port *)ctx)->hw;
	int ret = hw->pcode_error;

	mutex_lock(&hw->lock);
	if (!hw->keys_via_pcode)
		emu_violation(hw, "pcode key load on a platform without it", 0, 0);
	else if (!ret)
		emu_start_key_load(hw);
	emu_log(hw, EMU_PCODE, 0, 0, 0, 0, ret);
	mutex_unlock(&hw->lock);
	return ret;
}

static int emu_op_send_an_aksv(void *ctx, const u8 an[DRM_HDCP_AN_LEN])
{
	struct emu_port *port = ctx;
	struct emu_hw *hw = port->hw;
	struct emu_unit *u = port->unit;
	u8 aksv[DRM_HDCP_KSV_LEN] = {};
	int ret = port->aksv_error;

	mutex_lock(&hw->lock);
	if (!(*emu_reg(hw, u->status) & HDCP_STATUS_AN_READY))
		emu_violation(hw, "An sent before it was seen latched", u->status, 0);
	/* The hardware sends whatever the key store handed over: nothing yet. */
	if (hw->aksv_ready)
		drm_hdcp1_u64_to_ksv(hw->tx_ksv, aksv);
	else
		emu_violation(hw, "Aksv sent before HDCP_AKSV_SEND_TRIGGER", 0, 0);
	emu_log(hw, EMU_AN_AKSV, u - hw->units, 0, 0, 0, ret);
	mutex_unlock(&hw->lock);

	port->sink_ops->an(port->sink, an);
	if (!ret)
		port->sink_ops->aksv(port->sink, aksv);
	return ret;
}

static int emu_op_toggle_signalling(void *ctx, bool enable)
{
	struct emu_port *port = ctx;
	struct emu_hw *hw = port->hw;
	struct emu_unit *u = port->unit;

	mutex_lock(&hw->lock);
	if (!u->hdmi)
		emu_violation(hw, "HDCP signalling on DisplayPort", u->conf, enable);
	if (!enable && u->state != EMU_UNIT_IDLE)
		emu_violation(hw, "signalling off with the HDCP unit still on",
			      u->conf, enable);
	u->signalling = enable;
	emu_log(hw, EMU_SIGNALLING, u - hw->units, enable, 0, 0, 0);
	mutex_unlock(&hw->lock);
	return 0;
}

static int emu_op_toggle_stream_select(void *ctx, enum transcoder stream, bool enable)
{
	struct emu_port *port = ctx;
	struct emu_hw *hw = port->hw;
	struct emu_unit *u = port->unit;

	mutex_lock(&hw->lock);
	if (u->hdmi || (unsigned int)stream >= EMU_MAX_STREAMS) {
		emu_violation(hw, "stream select off an MST stream transcoder", u->conf, stream);
	} else if (enable) {
		if (!u->encrypting)
			emu_violation(hw, "MST stream selected on a port that is not encrypting",
				      u->conf, stream);
		hw->stream_select |= BIT(stream);
		hw->stream_port[stream] = u;
	} else {
		hw->stream_select &= ~BIT(stream);
	}
	emu_log(hw, EMU_STREAM_SELECT, stream, enable, 0, 0, 0);
	mutex_unlock(&hw->lock);
	return 0;
}

static bool emu_op_keys_loadable(void *ctx)
{
	struct emu_hw *hw = ((struct emu_port *)ctx)->hw;
	bool on;

	mutex_lock(&hw->lock);
	on = !hw->pw1_off;
	mutex_unlock(&hw->lock);
	return on;
}

const struct emu_seam_ops emu_hdcp1_ops = {
	.read = emu_op_read,
	.write = emu_op_write,
	.wait = emu_op_wait,
	.load_keys_pcode = emu_op_load_keys_pcode,
	.keys_loadable = emu_op_keys_loadable,
	.send_an_aksv = emu_op_send_an_aksv,
	.toggle_signalling = emu_op_toggle_signalling,
	.toggle_stream_select = emu_op_toggle_stream_select,
};

/**
 * emu_hw_init - power up an emulated device
 * @hw: the device
 * @per_transcoder: display 12 layout with transcoders A to D, else display
 *	9 to 11 with ports A to E
 * @keys_via_pcode: the keys load through pcode
 * @tx_ksv: the transmitter KSV fused in
 * @tx_keys: the transmitter device keys fused in; must outlive @hw
 *
 * Returns:
 * 0 or -ENOMEM.
 */
int emu_hw_init(struct emu_hw *hw, bool per_transcoder, bool keys_via_pcode,
		u64 tx_ksv, const u64 tx_keys[DRM_HDCP1_NUM_KEYS])
{
	const struct emu_rep_bits *bits;
	unsigned int i;

	memset(hw, 0, sizeof(*hw));
	hw->log = kcalloc(EMU_LOG_MAX, sizeof(*hw->log), GFP_KERNEL);
	if (!hw->log)
		return -ENOMEM;
	mutex_init(&hw->lock);
	hw->per_transcoder = per_transcoder;
	hw->keys_via_pcode = keys_via_pcode;
	hw->tx_ksv = tx_ksv;
	hw->tx_keys = tx_keys;
	hw->sha_ready = true;
	hw->rep_status_next = HDCP_SHA1_READY;
	*emu_rep_ctl(hw) = HDCP_SHA1_READY;

	hw->num_units = per_transcoder ? ARRAY_SIZE(emu_trans_bits) :
					 ARRAY_SIZE(emu_port_bits);
	bits = per_transcoder ? emu_trans_bits : emu_port_bits;
	for (i = 0; i < hw->num_units; i++) {
		struct emu_unit *u = &hw->units[i];

		if (per_transcoder) {
			u->conf = i915_mmio_reg_offset(TRANS_HDCP_CONF(i));
			u->aninit = i915_mmio_reg_offset(TRANS_HDCP_ANINIT(i));
			u->anlo = i915_mmio_reg_offset(TRANS_HDCP_ANLO(i));
			u->anhi = i915_mmio_reg_offset(TRANS_HDCP_ANHI(i));
			u->bksvlo = i915_mmio_reg_offset(TRANS_HDCP_BKSVLO(i));
			u->bksvhi = i915_mmio_reg_offset(TRANS_HDCP_BKSVHI(i));
			u->rprime = i915_mmio_reg_offset(TRANS_HDCP_RPRIME(i));
			u->status = i915_mmio_reg_offset(TRANS_HDCP_STATUS(i));
		} else {
			u->conf = i915_mmio_reg_offset(PORT_HDCP_CONF(i));
			u->aninit = i915_mmio_reg_offset(PORT_HDCP_ANINIT(i));
			u->anlo = i915_mmio_reg_offset(PORT_HDCP_ANLO(i));
			u->anhi = i915_mmio_reg_offset(PORT_HDCP_ANHI(i));
			u->bksvlo = i915_mmio_reg_offset(PORT_HDCP_BKSVLO(i));
			u->bksvhi = i915_mmio_reg_offset(PORT_HDCP_BKSVHI(i));
			u->rprime = i915_mmio_reg_offset(PORT_HDCP_RPRIME(i));
			u->status = i915_mmio_reg_offset(PORT_HDCP_STATUS(i));
		}
		u->rep_present = bits[i].present;
		u->m0_select = bits[i].m0_select;
	}
	return 0;
}

/**
 * emu_hw_fini - free an emulated device
 * @hw: the device
 */
void emu_hw_fini(struct emu_hw *hw)
{
	mutex_destroy(&hw->lock);
	kfree(hw->log);
}

/**
 * emu_hw_unit - an HDCP unit of the device
 * @hw: the device
 * @index: transcoder or port, 0 for A
 *
 * Returns:
 * The unit, or NULL if the device has no such unit.
 */
struct emu_unit *emu_hw_unit(struct emu_hw *hw, unsigned int index)
{
	return index < hw->num_units ? &hw->units[index] : NULL;
}

/**
 * emu_port_init - cable a receiver to a unit
 * @port: the context of &emu_hdcp1_ops in the connector's &struct emu_link
 * @hw: the device
 * @unit: the unit
 * @hdmi: HDMI (signalling expected) or DisplayPort
 * @sink_ops: the receiver's side
 * @sink: passed to @sink_ops
 */
void emu_port_init(struct emu_port *port, struct emu_hw *hw,
		   struct emu_unit *unit, bool hdmi,
		   const struct emu_sink_ops *sink_ops, void *sink)
{
	port->hw = hw;
	port->unit = unit;
	port->sink_ops = sink_ops;
	port->sink = sink;
	port->aksv_error = 0;
	unit->hdmi = hdmi;
}

/**
 * emu_peek - the value a register settles at
 * @hw: the device
 * @reg: register offset
 *
 * Neither recorded nor a read as far as the emulation is concerned.
 *
 * Returns:
 * The register's value once pending status changes have happened.
 */
u32 emu_peek(struct emu_hw *hw, u32 reg)
{
	struct emu_unit *u;
	u32 *r, val;

	mutex_lock(&hw->lock);
	u = emu_unit_of(hw, reg);
	r = emu_reg(hw, reg);
	val = r ? *r : 0;
	if (u && reg == u->status)
		val = u->status_next | emu_stream_status(hw, u);
	else if (reg == i915_mmio_reg_offset(HDCP_KEY_STATUS))
		val = hw->key_status_next;
	else if (reg == i915_mmio_reg_offset(HDCP_REP_CTL))
		val = (val & ~EMU_SHA1_STATUS) | hw->rep_status_next;
	mutex_unlock(&hw->lock);
	return val;
}

/**
 * emu_frames - frames go by on a unit's link
 * @hw: the device
 * @unit: the unit
 * @frames: how many
 *
 * While encrypting, the unit's Ri moves on with the frames.
 */
void emu_frames(struct emu_hw *hw, struct emu_unit *unit, unsigned int frames)
{
	mutex_lock(&hw->lock);
	while (unit->encrypting && frames--)
		drm_hdcp1_session_next_frame(&unit->session);
	emu_unit_update(hw, unit);
	mutex_unlock(&hw->lock);
}

/**
 * emu_drop_encryption - the unit stops encrypting on its own
 * @hw: the device
 * @unit: the unit
 */
void emu_drop_encryption(struct emu_hw *hw, struct emu_unit *unit)
{
	mutex_lock(&hw->lock);
	unit->encrypting = false;
	emu_unit_update(hw, unit);
	mutex_unlock(&hw->lock);
}

/**
 * emu_log_len - accesses recorded so far
 * @hw: the device
 *
 * Returns:
 * The number of entries in the log.
 */
unsigned int emu_log_len(struct emu_hw *hw)
{
	unsigned int len;

	mutex_lock(&hw->lock);
	len = hw->log_len;
	mutex_unlock(&hw->lock);
	return len;
}

static bool emu_match(const struct emu_access *a, enum emu_kind kind, u32 reg,
		      u32 mask, u32 val)
{
	return a->kind == kind && a->reg == reg && (a->val & mask) == val;
}

/**
 * emu_count - count recorded accesses
 * @hw: the device
 * @from: first log index to look at
 * @kind: kind of access
 * @reg: register offset, or unit index for the transport operations
 * @mask: bits of the value to compare
 * @val: what they must be
 *
 * Returns:
 * How many accesses from @from on match.
 */
unsigned int emu_count(struct emu_hw *hw, unsigned int from, enum emu_kind kind,
		       u32 reg, u32 mask, u32 val)
{
	unsigned int i, n = 0;

	mutex_lock(&hw->lock);
	for (i = from; i < hw->log_len; i++)
		n += emu_match(&hw->log[i], kind, reg, mask, val);
	mutex_unlock(&hw->lock);
	return n;
}

/**
 * emu_find - find a recorded access
 * @hw: the device
 * @from: first log index to look at
 * @kind: kind of access
 * @reg: register offset, or unit index for the transport operations
 * @mask: bits of the value to compare
 * @val: what they must be
 *
 * Returns:
 * The log index of the first match from @from on, or -1.
 */
int emu_find(struct emu_hw *hw, unsigned int from, enum emu_kind kind,
	     u32 reg, u32 mask, u32 val)
{
	unsigned int i;
	int found = -1;

	mutex_lock(&hw->lock);
	for (i = from; i < hw->log_len; i++) {
		if (emu_match(&hw->log[i], kind, reg, mask, val)) {
			found = i;
			break;
		}
	}
	mutex_unlock(&hw->lock);
	return found;
}

/**
 * emu_foreign_accesses - accesses to other units' registers
 * @hw: the device
 * @unit: the unit a connector should keep to
 *
 * Returns:
 * How many recorded register accesses went to another unit.
 */
unsigned int emu_foreign_accesses(struct emu_hw *hw, const struct emu_unit *unit)
{
	unsigned int i, n = 0;

	mutex_lock(&hw->lock);
	for (i = 0; i < hw->log_len; i++) {
		const struct emu_access *a = &hw->log[i];
		struct emu_unit *u;

		if (a->kind != EMU_READ && a->kind != EMU_WRITE && a->kind != EMU_WAIT)
			continue;
		u = emu_unit_of(hw, a->reg);
		n += u && u != unit;
	}
	mutex_unlock(&hw->lock);
	return n;
}
