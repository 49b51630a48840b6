// SPDX-License-Identifier: MIT
/*
 * An emulated HDCP 1.4 receiver or repeater, register by register, on the
 * software cipher.
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/i2c.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time64.h>
#include <linux/unaligned.h>

#include <drm/display/drm_dp.h>
#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1_emul.h>

/**
 * DOC: emulated hdcp 1.4 sink
 *
 * A &struct drm_hdcp1_emul is one HDCP 1.4 receiver, or a repeater with a
 * downstream tree, as a transmitter sees it: the HDCP port on DDC (HDMI,
 * offsets 0x00..0xff) or the HDCP registers of the DPCD (DisplayPort,
 * 0x68000..0x680ff). The owner passes the transmitter's accesses to
 * drm_hdcp1_emul_read() and drm_hdcp1_emul_write(), tells the sink when the
 * transmitter switches encryption and, unless it gives a frame duration,
 * when frames pass. The sink computes Km, R0', Ri' and V' with the HDCP 1.x
 * cipher, so a correct transmitter authenticates it exactly as a real one.
 *
 * Keys. Emulated devices take their 40 keys from their KSV through one
 * fixed, symmetric 40 x 40 "emulation master matrix": key k is the sum of
 * the entries of row k that the device's own KSV selects. Km of two such
 * devices is then a^T M b from either side, so any two of them agree; they
 * agree with no real device. drm_hdcp1_emul_ksv() numbers KSVs with twenty
 * ones that are never one of the specification's test KSVs. A sink may
 * instead be given any KSV and keys, such as the specification's facsimile
 * keys.
 *
 * Registers, as a device behaves:
 *
 * - A read or write may cross registers; the address advances after each
 *   byte, wrapping at 0xff on HDMI, except on the HDMI KSV FIFO (0x43),
 *   one address that streams the list. Undefined registers read 0.
 * - The last byte of Aksv starts the authentication: it drops READY,
 *   R0'_AVAILABLE, LINK_INTEGRITY_FAILURE and REAUTHENTICATION_REQUEST,
 *   clears Ainfo, rewinds the KSV FIFO, stops the frame counter and
 *   computes Ks, M0 and R0 from Km and the An written before it.
 * - R0' appears a configurable time (by default the 100 ms the
 *   specification allows) after that write; until then the register keeps
 *   its previous value, as real receivers do. On DisplayPort, Bstatus
 *   R0'_AVAILABLE rises with it. On HDMI the register becomes Ri' and
 *   changes every 128th frame of encrypted video (R128, R256, ...); on
 *   DisplayPort it keeps R0' and the sink judges link integrity itself.
 * - A repeater raises READY a configurable time after R0'. At that moment,
 *   and only then, it assembles the KSV list, fixes Bstatus (HDMI, with
 *   HDMI_MODE) or Binfo (DisplayPort) and computes V' over them and M0, so
 *   every read of V' returns the same value; a topology change takes
 *   effect at the next READY. The topology fields read 0 until READY.
 * - KSV FIFO: on HDMI each byte read at 0x43 returns the next byte of the
 *   list; on DisplayPort the 15-byte window at 0x6802c shows the next three
 *   KSVs and a read that includes its last byte (0x6803a) moves it on by
 *   three. Past the end of the list, and before READY, the FIFO reads 0:
 *   neither bus can refuse a byte in the middle of a read of a defined
 *   register (an I2C slave does not acknowledge the bytes it sends; a DP
 *   sink zero-fills the window, as shipping sink firmware does), so a
 *   transmitter that reads too far sees zeros, not an error.
 *
 * Strict mode, on by default, counts and logs every protocol rule the
 * transmitter breaks (&enum drm_hdcp1_emul_violation); a correct
 * transmitter leaves the count at 0. The sink itself behaves the same in
 * either mode.
 *
 * Time: the sink reads only the owner's clock (&drm_hdcp1_emul_ops.clock_ns)
 * and moves its state on whenever it is called. On DisplayPort it raises
 * CP_IRQ through &drm_hdcp1_emul_ops.cp_irq when it sets a Bstatus flag; an
 * owner that wants the interrupt on time calls drm_hdcp1_emul_poll() at the
 * moment it returns.
 *
 * Locking: every entry point takes the sink's mutex and may sleep (the
 * cipher catches up on frames, V' uses the crypto API). Call them from
 * process context, never under a spinlock or in an interrupt handler.
 */

/* Times the specification gives the transmitter. */
#define EMUL_R0_FLOOR_MS	100	/* wait for R0' at least this long */
#define EMUL_READY_LIMIT_MS	5000	/* give up on READY after this */
#define EMUL_RI_CHECK_MAX_MS	2500	/* check Ri' every 2 s +- 0.5 s */

#define EMUL_DEFAULT_READY_MS	50
#define EMUL_CORRUPT_RI		0xffff
#define EMUL_HDMI_SPAN		0x100
#define EMUL_DP_SPAN		0x100
#define EMUL_DP_WINDOW		(3 * DRM_HDCP_KSV_LEN)
#define EMUL_LIST_LEN		(DRM_HDCP1_EMUL_MAX_DEVICES * DRM_HDCP_KSV_LEN)

/* HDMI registers drm_hdcp.h does not name. */
#define EMUL_DDC_PJ		0x0a
#define EMUL_DDC_AINFO		0x15
#define EMUL_BCAPS_HDMI		BIT(7)
#define EMUL_BSTATUS_HDMI_MODE	BIT(12)
#define EMUL_DP_AINFO_REAUTH_IRQ	BIT(0)

/* Bstatus (HDMI) and Binfo (DisplayPort) topology fields. */
#define EMUL_BSTATUS_MAX_DEVS	BIT(7)
#define EMUL_BSTATUS_DEPTH_SHIFT	8
#define EMUL_BSTATUS_MAX_CASCADE	BIT(11)

enum emul_reg_kind {
	EMUL_REG_NONE,
	EMUL_REG_BKSV,
	EMUL_REG_RI,
	EMUL_REG_PJ,
	EMUL_REG_AKSV,
	EMUL_REG_AINFO,
	EMUL_REG_AN,
	EMUL_REG_V,
	EMUL_REG_BCAPS,
	EMUL_REG_BSTATUS,	/* HDMI Bstatus; DP Binfo */
	EMUL_REG_DP_BSTATUS,	/* DP flags */
	EMUL_REG_FIFO,
};

struct emul_reg {
	u8 kind;
	u8 start;
	u8 len;
};

static const struct emul_reg emul_hdmi_regs[] = {
	{ EMUL_REG_BKSV, DRM_HDCP_DDC_BKSV, DRM_HDCP_KSV_LEN },
	{ EMUL_REG_RI, DRM_HDCP_DDC_RI_PRIME, DRM_HDCP_RI_LEN },
	{ EMUL_REG_PJ, EMUL_DDC_PJ, 1 },
	{ EMUL_REG_AKSV, DRM_HDCP_DDC_AKSV, DRM_HDCP_KSV_LEN },
	{ EMUL_REG_AINFO, EMUL_DDC_AINFO, 1 },
	{ EMUL_REG_AN, DRM_HDCP_DDC_AN, DRM_HDCP_AN_LEN },
	{ EMUL_REG_V, DRM_HDCP_DDC_V_PRIME(0), DRM_HDCP1_V_LEN },
	{ EMUL_REG_BCAPS, DRM_HDCP_DDC_BCAPS, 1 },
	{ EMUL_REG_BSTATUS, DRM_HDCP_DDC_BSTATUS, DRM_HDCP_BSTATUS_LEN },
	{ EMUL_REG_FIFO, DRM_HDCP_DDC_KSV_FIFO, 1 },
};

#define EMUL_DP(reg)	((reg) - DP_AUX_HDCP_BKSV)

static const struct emul_reg emul_dp_regs[] = {
	{ EMUL_REG_BKSV, EMUL_DP(DP_AUX_HDCP_BKSV), DRM_HDCP_KSV_LEN },
	{ EMUL_REG_RI, EMUL_DP(DP_AUX_HDCP_RI_PRIME), DRM_HDCP_RI_LEN },
	{ EMUL_REG_AKSV, EMUL_DP(DP_AUX_HDCP_AKSV), DRM_HDCP_KSV_LEN },
	{ EMUL_REG_AN, EMUL_DP(DP_AUX_HDCP_AN), DRM_HDCP_AN_LEN },
	{ EMUL_REG_V, EMUL_DP(DP_AUX_HDCP_V_PRIME(0)), DRM_HDCP1_V_LEN },
	{ EMUL_REG_BCAPS, EMUL_DP(DP_AUX_HDCP_BCAPS), 1 },
	{ EMUL_REG_DP_BSTATUS, EMUL_DP(DP_AUX_HDCP_BSTATUS), 1 },
	{ EMUL_REG_BSTATUS, EMUL_DP(DP_AUX_HDCP_BINFO), DRM_HDCP_BSTATUS_LEN },
	{ EMUL_REG_FIFO, EMUL_DP(DP_AUX_HDCP_KSV_FIFO), EMUL_DP_WINDOW },
	{ EMUL_REG_AINFO, EMUL_DP(DP_AUX_HDCP_AINFO), 1 },
};

struct drm_hdcp1_emul {
	struct mutex lock;		/* everything below */
	enum drm_hdcp1_transport transport;
	const struct drm_hdcp1_emul_ops *ops;
	void *data;
	u64 now;			/* the clock when the current call began */
	unsigned int irqs;		/* CP_IRQs to raise when the lock drops */

	/* What the sink is, and the faults it has. */
	struct drm_hdcp1_emul_device dev;
	bool capable, connected, strict, hdmi_mode;
	bool repeater;
	unsigned int devices, depth;
	u8 list[EMUL_LIST_LEN];
	u32 r0_delay_ms, ready_delay_ms;
	u64 frame_ns;
	bool corrupt_r0, corrupt_v, max_devs, max_cascade;
	u32 link_break;			/* first corrupt frame, or NONE */
	u32 io_error;			/* failing register, or NONE */
	/*
	 * HDMI: the HDCP port's register offset between two messages on
	 * DDC; i2c_transfer()s on one adapter are serialized by its bus
	 * lock, and only drm_hdcp1_emul_ddc_xfer() uses it.
	 */
	u8 ddc_offset;

	/* Registers the transmitter writes, and which bytes it wrote. */
	u8 an[DRM_HDCP_AN_LEN];
	u8 aksv[DRM_HDCP_KSV_LEN];
	u8 ainfo;
	u8 an_written, aksv_written;	/* byte masks since the last Aksv */
	bool an_ever;
	bool caps_checked;		/* DP: Bcaps said HDCP_CAPABLE */

	/* The authentication the last Aksv started. */
	bool auth;
	bool auth_repeater;
	u64 aksv_ns;
	struct drm_hdcp1_session session;
	bool r0_ready;
	u64 r0_ready_ns;
	u16 ri_reg;			/* the Ri' register as last loaded */
	bool r0_read;			/* R0' read once it was there */
	bool lost_r0_read;		/* power lost after R0' was read */
	u64 r0_read_ns;
	bool ready;
	u64 ready_ns;
	bool ready_failed;
	u16 bstatus;			/* HDMI Bstatus / DP Binfo at READY */
	unsigned int fifo_count;
	u8 fifo[EMUL_LIST_LEN];
	size_t fifo_pos;
	u8 v_prime[DRM_HDCP1_V_LEN];
	bool v_read;
	u64 v_read_ns;
	bool timeout_noted;
	u8 dp_bstatus;
	bool link_failed;

	/* Encryption, as the transmitter signals it, and the frame counter. */
	bool encrypting;
	u64 enc_ns;
	u64 frames_base;		/* frames counted before enc_ns */
	u64 frames;
	u64 last_ri_read_ns;

	/* Strict mode. */
	unsigned int total;
	unsigned int counts[DRM_HDCP1_EMUL_NUM_VIOLATIONS];
	struct drm_hdcp1_emul_record log[DRM_HDCP1_EMUL_LOG_LEN];
	unsigned int log_next;
};

/* The test KSVs of the specification: emulated devices never use them. */
static const u64 emul_spec_ksvs[] = {
	0xb70361f714ULL, 0x43f72d5066ULL, 0x511ef21acdULL, 0xe72697f401ULL,
};

/* Labels of the two emulation sequences: "HDCPEMUL" and "HDCP-KSV". */
#define EMUL_MATRIX_LABEL	0x48444350454d554cULL
#define EMUL_KSV_LABEL		0x484443502d4b5356ULL

/* SplitMix64's output function: a fixed, well-spread function of @x. */
static u64 emul_mix(u64 x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/*
 * Entry (i, j) of the emulation master matrix. Symmetric, so that every
 * device, transmitter or receiver, derives its keys by the same rule.
 */
static u64 emul_matrix(unsigned int i, unsigned int j)
{
	u64 lo = min(i, j), hi = max(i, j);

	return emul_mix(EMUL_MATRIX_LABEL ^ (lo << 8 | hi)) & GENMASK_ULL(55, 0);
}

/**
 * drm_hdcp1_emul_ksv - the KSV of emulated device number @n
 * @n: any number; different numbers give different KSVs
 *
 * Returns:
 * A 40-bit KSV with twenty ones, never one of the specification's test
 * KSVs (which its facsimile SRM revokes).
 */
u64 drm_hdcp1_emul_ksv(unsigned int n)
{
	u32 i;
	int s;

	for (i = 0; ; i++) {
		u64 ksv = emul_mix(EMUL_KSV_LABEL ^ ((u64)n << 32 | i)) & GENMASK_ULL(39, 0);

		if (hweight64(ksv) != 20)
			continue;
		for (s = 0; s < ARRAY_SIZE(emul_spec_ksvs); s++)
			if (ksv == emul_spec_ksvs[s])
				break;
		if (s == ARRAY_SIZE(emul_spec_ksvs))
			return ksv;
	}
}
EXPORT_SYMBOL(drm_hdcp1_emul_ksv);

/**
 * drm_hdcp1_emul_device_keys - the emulation keys of a KSV
 * @ksv: the device's KSV
 * @keys: its 40 device private keys
 *
 * Key k is the sum, modulo 2^56, of the entries (i, k) of the emulation
 * master matrix for every bit i set in @ksv. Any two devices keyed this way
 * compute the same Km; no real device does.
 */
void drm_hdcp1_emul_device_keys(u64 ksv, u64 keys[DRM_HDCP1_NUM_KEYS])
{
	unsigned int i, k;

	for (k = 0; k < DRM_HDCP1_NUM_KEYS; k++) {
		u64 key = 0;

		for (i = 0; i < DRM_HDCP1_NUM_KEYS; i++)
			if (ksv & BIT_ULL(i))
				key += emul_matrix(i, k);
		keys[k] = key & GENMASK_ULL(55, 0);
	}
}
EXPORT_SYMBOL(drm_hdcp1_emul_device_keys);

static bool emul_is_dp(const struct drm_hdcp1_emul *s)
{
	return s->transport == DRM_HDCP1_DP;
}

static u64 emul_ms(u32 ms)
{
	return (u64)ms * NSEC_PER_MSEC;
}

static void emul_violation(struct drm_hdcp1_emul *s,
			   enum drm_hdcp1_emul_violation reason, u32 offset)
{
	struct drm_hdcp1_emul_record *rec;

	if (!s->strict)
		return;
	s->total++;
	s->counts[reason]++;
	rec = &s->log[s->log_next++ % DRM_HDCP1_EMUL_LOG_LEN];
	rec->reason = reason;
	rec->time_ns = s->now;
	rec->offset = offset;
}

/* Set DP Bstatus flags; each one raises CP_IRQ once the lock drops. */
static void emul_dp_raise(struct drm_hdcp1_emul *s, u8 flag)
{
	if (!emul_is_dp(s))
		return;
	s->dp_bstatus |= flag;
	s->irqs++;
}

/* Frames of encrypted video since the authentication, at @now. */
static u64 emul_frames_at(const struct drm_hdcp1_emul *s, u64 now)
{
	u64 frames = s->frames_base;

	if (s->encrypting && s->frame_ns && now > s->enc_ns)
		frames += div64_u64(now - s->enc_ns, s->frame_ns);
	return frames;
}

/*
 * The first Ri' update (frames 128, 256, ...) at or after the link break:
 * from there on the sink's cipher disagrees with the transmitter's.
 */
static u64 emul_break_frame(const struct drm_hdcp1_emul *s)
{
	if (s->link_break == DRM_HDCP1_EMUL_NONE)
		return U64_MAX;
	return max_t(u64, round_up((u64)s->link_break, DRM_HDCP1_RI_FRAMES),
		     DRM_HDCP1_RI_FRAMES);
}

/* Forget the authentication; the registers the transmitter wrote stay. */
static void emul_drop_auth(struct drm_hdcp1_emul *s)
{
	s->auth = false;
	s->r0_ready = false;
	s->r0_read = false;
	s->ready = false;
	s->ready_failed = false;
	s->bstatus = 0;
	s->fifo_count = 0;
	s->fifo_pos = 0;
	memset(s->v_prime, 0, sizeof(s->v_prime));
	s->v_read = false;
	s->timeout_noted = false;
	s->dp_bstatus = 0;
	s->link_failed = false;
	s->encrypting = false;
	s->frames_base = 0;
	s->frames = 0;
	memzero_explicit(&s->session, sizeof(s->session));
}

/* Power lost, or the HDCP function switched off: nothing survives. */
static void emul_power_reset(struct drm_hdcp1_emul *s)
{
	/* ENC_EN may already be on its way for the authentication lost here. */
	s->lost_r0_read |= s->r0_read;
	emul_drop_auth(s);
	memset(s->an, 0, sizeof(s->an));
	memset(s->aksv, 0, sizeof(s->aksv));
	s->ainfo = 0;
	s->an_written = 0;
	s->aksv_written = 0;
	s->an_ever = false;
	s->caps_checked = false;
	s->ri_reg = 0;
}

/* Bstatus or Binfo as the repeater fixes it at READY. */
static u16 emul_topology_bits(const struct drm_hdcp1_emul *s)
{
	u16 val = s->devices | s->depth << EMUL_BSTATUS_DEPTH_SHIFT;

	if (s->max_devs)
		val |= EMUL_BSTATUS_MAX_DEVS;
	if (s->max_cascade)
		val |= EMUL_BSTATUS_MAX_CASCADE;
	if (!emul_is_dp(s) && s->hdmi_mode)
		val |= EMUL_BSTATUS_HDMI_MODE;
	return val;
}

/* READY: the list, Bstatus and V' are fixed now, once. */
static int emul_assemble(struct drm_hdcp1_emul *s)
{
	u8 v[DRM_HDCP1_V_LEN];
	int ret, h;

	s->fifo_count = s->devices;
	memcpy(s->fifo, s->list, s->devices * DRM_HDCP_KSV_LEN);
	s->bstatus = emul_topology_bits(s);
	ret = drm_hdcp1_compute_v(s->fifo, s->fifo_count, s->bstatus,
				  s->session.m0, v);
	if (ret)
		return ret;
	drm_hdcp1_v_to_v_prime(v, s->v_prime);
	if (s->corrupt_v)
		for (h = 0; h < DRM_HDCP_V_PRIME_NUM_PARTS; h++)
			s->v_prime[h * DRM_HDCP_V_PRIME_PART_LEN] ^= 0xff;
	return 0;
}

/* When R0' appears; U64_MAX if it is not pending. */
static u64 emul_r0_due(const struct drm_hdcp1_emul *s)
{
	if (!s->auth || s->r0_ready || s->r0_delay_ms == DRM_HDCP1_EMUL_NONE)
		return U64_MAX;
	return s->aksv_ns + emul_ms(s->r0_delay_ms);
}

/* When a repeater's READY rises; U64_MAX if it is not pending. */
static u64 emul_ready_due(const struct drm_hdcp1_emul *s)
{
	if (!s->r0_ready || !s->auth_repeater || s->ready || s->ready_failed ||
	    s->ready_delay_ms == DRM_HDCP1_EMUL_NONE)
		return U64_MAX;
	return s->r0_ready_ns + emul_ms(s->ready_delay_ms);
}

/* Bring the sink's state up to the time of the current call. */
static void emul_update(struct drm_hdcp1_emul *s)
{
	u64 now = s->ops->clock_ns(s->data);
	u64 due;

	s->now = max(now, s->now);
	s->frames = emul_frames_at(s, s->now);
	if (!s->auth)
		return;

	due = emul_r0_due(s);
	if (s->now >= due) {
		s->r0_ready = true;
		s->r0_ready_ns = due;
		s->ri_reg = s->session.r0;
		if (s->corrupt_r0)
			s->ri_reg ^= EMUL_CORRUPT_RI;
		emul_dp_raise(s, DP_BSTATUS_R0_PRIME_READY);
	}

	due = emul_ready_due(s);
	if (s->now >= due) {
		/* Out of memory for SHA-1: this repeater never gets ready. */
		if (emul_assemble(s)) {
			s->ready_failed = true;
		} else {
			s->ready = true;
			s->ready_ns = due;
			s->fifo_pos = 0;
			emul_dp_raise(s, DP_BSTATUS_READY);
		}
	}

	/* A DisplayPort sink checks Ri itself and reports a mismatch. */
	if (emul_is_dp(s) && s->r0_ready && !s->link_failed &&
	    s->frames >= emul_break_frame(s)) {
		s->link_failed = true;
		emul_dp_raise(s, DP_BSTATUS_LINK_FAILURE);
	}

	/* Third part: HDMI transmitters check Ri' every 2 s +- 0.5 s. */
	if (!emul_is_dp(s) && s->encrypting &&
	    (s->auth_repeater ? s->v_read : s->r0_read)) {
		u64 since = max3(s->enc_ns, s->last_ri_read_ns,
				 s->auth_repeater ? s->v_read_ns : s->r0_read_ns);

		if (s->now > since + emul_ms(EMUL_RI_CHECK_MAX_MS)) {
			emul_violation(s, DRM_HDCP1_EMUL_RI_CHECK_LATE,
				       DRM_HDCP1_EMUL_NONE);
			s->last_ri_read_ns = s->now;
		}
	}
}

static void emul_lock(struct drm_hdcp1_emul *s)
{
	mutex_lock(&s->lock);
	emul_update(s);
}

/*
 * Drop the lock, then raise the CP_IRQs the call produced; the sink is not
 * touched after that, so the owner's callback may even destroy it.
 */
static void emul_unlock(struct drm_hdcp1_emul *s)
{
	void (*cp_irq)(void *data) = s->ops->cp_irq;
	unsigned int irqs = s->irqs;
	void *data = s->data;

	s->irqs = 0;
	mutex_unlock(&s->lock);
	while (cp_irq && irqs--)
		cp_irq(data);
}

/* Which register holds byte @addr of the map, and which of its bytes. */
static enum emul_reg_kind emul_reg_at(const struct drm_hdcp1_emul *s, u32 addr,
				      unsigned int *idx)
{
	const struct emul_reg *regs = emul_is_dp(s) ? emul_dp_regs : emul_hdmi_regs;
	unsigned int n = emul_is_dp(s) ? ARRAY_SIZE(emul_dp_regs) :
					 ARRAY_SIZE(emul_hdmi_regs);
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (addr >= regs[i].start && addr < regs[i].start + regs[i].len) {
			*idx = addr - regs[i].start;
			return regs[i].kind;
		}
	}
	*idx = 0;
	return EMUL_REG_NONE;
}

static u32 emul_base(const struct drm_hdcp1_emul *s)
{
	return emul_is_dp(s) ? DP_AUX_HDCP_BKSV : 0;
}

/* The address after @addr: HDMI stays on the KSV FIFO and wraps at 0xff. */
static u32 emul_next_addr(const struct drm_hdcp1_emul *s, u32 addr)
{
	unsigned int idx;

	if (emul_is_dp(s))
		return addr + 1;
	if (emul_reg_at(s, addr, &idx) == EMUL_REG_FIFO)
		return addr;
	return (addr + 1) % EMUL_HDMI_SPAN;
}

/*
 * Check an access and turn @offset into the first address of the map.
 * Returns 0, or the error the bus would give.
 */
static int emul_check_access(struct drm_hdcp1_emul *s, u32 offset,
			     const void *buf, size_t len, u32 *first)
{
	u32 addr;
	size_t i;

	if (!buf && len)
		return -EINVAL;
	if (emul_is_dp(s)) {
		if (offset < DP_AUX_HDCP_BKSV || offset >= DP_AUX_HDCP_BKSV + EMUL_DP_SPAN ||
		    len > DP_AUX_HDCP_BKSV + EMUL_DP_SPAN - offset)
			return -EINVAL;
	} else if (offset >= EMUL_HDMI_SPAN) {
		return -EINVAL;
	}
	*first = offset - emul_base(s);

	/* No cable: HDMI's port address goes unacknowledged, DP AUX times out. */
	if (!s->connected)
		return emul_is_dp(s) ? -ETIMEDOUT : -ENXIO;
	/* An HDMI sink without HDCP has no device at 0x3a. */
	if (!s->capable && !emul_is_dp(s))
		return -ENXIO;

	for (i = 0, addr = *first; i < len; i++, addr = emul_next_addr(s, addr))
		if (addr + emul_base(s) == s->io_error)
			return -EIO;
	return 0;
}

/* The Ri' register, brought up to the current frame. */
static u16 emul_ri_prime(struct drm_hdcp1_emul *s)
{
	u64 frames = min_t(u64, s->frames, U32_MAX);

	/* Before R0', the register holds what it held; DP keeps R0'. */
	if (!s->r0_ready || emul_is_dp(s) || frames < DRM_HDCP1_RI_FRAMES)
		return s->ri_reg;

	while (s->session.frame < frames) {
		drm_hdcp1_session_next_frame(&s->session);
		if (!(s->session.frame % DRM_HDCP1_RI_FRAMES))
			cond_resched();
	}
	s->ri_reg = s->session.ri_prime;
	if (frames >= emul_break_frame(s))
		s->ri_reg ^= EMUL_CORRUPT_RI;
	return s->ri_reg;
}

/* The transmitter reads R0' (or Ri'): check when, then load the value. */
static u16 emul_read_ri(struct drm_hdcp1_emul *s, u32 offset)
{
	u16 ri;

	if (s->auth && !s->r0_read) {
		bool early = s->now < s->aksv_ns + emul_ms(EMUL_R0_FLOOR_MS);

		/* DisplayPort lets R0'_AVAILABLE end the wait early. */
		if (s->dp_bstatus & DP_BSTATUS_R0_PRIME_READY)
			early = false;
		if (early)
			emul_violation(s, DRM_HDCP1_EMUL_R0_TOO_EARLY, offset);
		if (s->an_written)
			emul_violation(s, DRM_HDCP1_EMUL_WRONG_ORDER, offset);
	}
	ri = emul_ri_prime(s);
	if (s->r0_ready) {
		if (!s->r0_read) {
			s->r0_read = true;
			s->r0_read_ns = s->now;
		}
		s->last_ri_read_ns = s->now;
	}
	return ri;
}

/* 1B-03: READY came too late for a transmitter that keeps to 5 s. */
static void emul_check_ready_wait(struct drm_hdcp1_emul *s, u32 offset)
{
	if (!s->ready || !s->r0_read || s->timeout_noted)
		return;
	if (s->ready_ns > s->r0_read_ns + emul_ms(EMUL_READY_LIMIT_MS)) {
		s->timeout_noted = true;
		emul_violation(s, DRM_HDCP1_EMUL_READY_TIMEOUT, offset);
	}
}

static u8 emul_bcaps(const struct drm_hdcp1_emul *s)
{
	u8 val = 0;

	if (emul_is_dp(s)) {
		val = DP_BCAPS_HDCP_CAPABLE;
		if (s->repeater)
			val |= DP_BCAPS_REPEATER_PRESENT;
		return val;
	}
	if (s->hdmi_mode)
		val |= EMUL_BCAPS_HDMI;
	if (s->repeater)
		val |= DRM_HDCP_DDC_BCAPS_REPEATER_PRESENT;
	if (s->ready)
		val |= DRM_HDCP_DDC_BCAPS_KSV_FIFO_READY;
	return val;
}

/* HDMI Bstatus or DP Binfo: the topology only with READY. */
static u16 emul_bstatus(const struct drm_hdcp1_emul *s)
{
	if (s->ready)
		return s->bstatus;
	return !emul_is_dp(s) && s->hdmi_mode ? EMUL_BSTATUS_HDMI_MODE : 0;
}

/* One byte of the KSV FIFO; HDMI streams, DP shows a window at @pos. */
static u8 emul_fifo_byte(struct drm_hdcp1_emul *s, size_t pos)
{
	if (!s->ready || pos >= s->fifo_count * DRM_HDCP_KSV_LEN)
		return 0;
	return s->fifo[pos];
}

static u8 emul_read_byte(struct drm_hdcp1_emul *s, u32 addr, u16 ri,
			 size_t window)
{
	unsigned int idx;

	switch (emul_reg_at(s, addr, &idx)) {
	case EMUL_REG_BKSV:
		return s->dev.ksv >> (8 * idx);
	case EMUL_REG_RI:
		return ri >> (8 * idx);
	case EMUL_REG_AKSV:
		return s->aksv[idx];
	case EMUL_REG_AINFO:
		return s->ainfo;
	case EMUL_REG_AN:
		return s->an[idx];
	case EMUL_REG_V:
		return s->ready ? s->v_prime[idx] : 0;
	case EMUL_REG_BCAPS:
		return emul_bcaps(s);
	case EMUL_REG_BSTATUS:
		return emul_bstatus(s) >> (8 * idx);
	case EMUL_REG_DP_BSTATUS:
		return s->dp_bstatus;
	case EMUL_REG_FIFO:
		if (emul_is_dp(s))
			return emul_fifo_byte(s, window + idx);
		if (!s->ready)
			return 0;
		return emul_fifo_byte(s, s->fifo_pos++);
	default:
		return 0;
	}
}

/**
 * drm_hdcp1_emul_read - the transmitter reads the sink's HDCP registers
 * @sink: the sink
 * @offset: first register, in the transport's map (DRM_HDCP_DDC_* for
 *	HDMI, DP_AUX_HDCP_* for DisplayPort)
 * @buf: where the bytes go
 * @len: how many
 *
 * One call is one bus transaction: reads cross registers and, on the HDMI
 * KSV FIFO, stream the list. May sleep.
 *
 * Returns:
 * 0; -EINVAL for an offset outside the HDCP registers; -ENXIO (HDMI) or
 * -ETIMEDOUT (DisplayPort) when the sink is not connected; -ENXIO for an
 * HDMI sink that is not HDCP capable; -EIO when the access touches the
 * register set with drm_hdcp1_emul_set_io_error().
 */
int drm_hdcp1_emul_read(struct drm_hdcp1_emul *sink, u32 offset, void *buf,
			size_t len)
{
	struct drm_hdcp1_emul *s = sink;
	bool fifo = false, fifo_end = false, overrun = false, ri_done = false;
	bool v = false;
	unsigned int idx;
	size_t window, i;
	u8 *out = buf;
	u32 first, addr;
	u16 ri = 0;
	int ret;

	emul_lock(s);
	ret = emul_check_access(s, offset, buf, len, &first);
	if (ret)
		goto out;
	window = s->fifo_pos;
	/* A DisplayPort sink without HDCP: an empty HDCP range. */
	if (!s->capable) {
		memset(buf, 0, len);
		goto out;
	}

	/* What the read touches is judged once, before any byte moves. */
	for (i = 0, addr = first; i < len; i++, addr = emul_next_addr(s, addr)) {
		u32 reg = addr + emul_base(s);

		switch (emul_reg_at(s, addr, &idx)) {
		case EMUL_REG_RI:
			if (!ri_done)
				ri = emul_read_ri(s, reg);
			ri_done = true;
			break;
		case EMUL_REG_V:
			v = true;
			break;
		case EMUL_REG_FIFO:
			if (!fifo) {
				if (!s->ready)
					emul_violation(s, DRM_HDCP1_EMUL_FIFO_NOT_READY, reg);
				emul_check_ready_wait(s, reg);
			}
			fifo = true;
			fifo_end |= idx == EMUL_DP_WINDOW - 1;
			break;
		case EMUL_REG_BCAPS:
			s->caps_checked = true;
			break;
		default:
			break;
		}
	}
	if (v) {
		if (!s->ready) {
			emul_violation(s, DRM_HDCP1_EMUL_V_NOT_READY, offset);
		} else {
			emul_check_ready_wait(s, offset);
			if (!s->v_read) {
				s->v_read = true;
				s->v_read_ns = s->now;
			}
		}
	}

	for (i = 0, addr = first; i < len; i++, addr = emul_next_addr(s, addr)) {
		/* HDMI: a byte past the list; DP: a window past the list. */
		if (!overrun && emul_reg_at(s, addr, &idx) == EMUL_REG_FIFO &&
		    s->ready && (emul_is_dp(s) ? window : s->fifo_pos) >=
		    s->fifo_count * DRM_HDCP_KSV_LEN) {
			emul_violation(s, DRM_HDCP1_EMUL_FIFO_OVERRUN, addr + emul_base(s));
			overrun = true;
		}
		out[i] = emul_read_byte(s, addr, ri, window);
	}
	if (emul_is_dp(s) && fifo_end && s->ready)
		s->fifo_pos += EMUL_DP_WINDOW;
out:
	emul_unlock(s);
	return ret;
}
EXPORT_SYMBOL(drm_hdcp1_emul_read);

/* The last byte of Aksv: a new authentication begins. */
static void emul_start_auth(struct drm_hdcp1_emul *s, u32 offset)
{
	u64 aksv = drm_hdcp1_ksv_to_u64(s->aksv);
	u64 an = get_unaligned_le64(s->an);

	if (!s->an_ever)
		emul_violation(s, DRM_HDCP1_EMUL_WRONG_ORDER, offset);
	else if (!s->an_written)
		emul_violation(s, DRM_HDCP1_EMUL_AN_STALE, offset);
	else if (s->an_written != GENMASK(DRM_HDCP_AN_LEN - 1, 0))
		emul_violation(s, DRM_HDCP1_EMUL_PARTIAL_WRITE, offset);
	if (s->aksv_written != GENMASK(DRM_HDCP_KSV_LEN - 1, 0))
		emul_violation(s, DRM_HDCP1_EMUL_PARTIAL_WRITE, offset);
	if (hweight64(aksv) != 20)
		emul_violation(s, DRM_HDCP1_EMUL_AKSV_INVALID, offset);

	emul_drop_auth(s);
	s->lost_r0_read = false;
	s->auth = true;
	s->auth_repeater = s->repeater;
	s->aksv_ns = s->now;
	s->ainfo = 0;
	s->an_written = 0;
	s->aksv_written = 0;
	drm_hdcp1_session_start(&s->session, drm_hdcp1_compute_km(s->dev.keys, aksv),
				s->auth_repeater, an);
}

static void emul_write_ainfo(struct drm_hdcp1_emul *s, u32 reg, u8 val)
{
	/* DP may ask for REAUTHENTICATION_REQUEST by IRQ_HPD; HDMI for nothing. */
	u8 allowed = emul_is_dp(s) ? EMUL_DP_AINFO_REAUTH_IRQ : 0;

	if (val & ~allowed)
		emul_violation(s, DRM_HDCP1_EMUL_AINFO_UNSUPPORTED, reg);
	s->ainfo = val;
}

/**
 * drm_hdcp1_emul_write - the transmitter writes the sink's HDCP registers
 * @sink: the sink
 * @offset: first register, in the transport's map
 * @buf: the bytes
 * @len: how many
 *
 * Writing the last byte of Aksv starts an authentication with the An
 * written before it. Writes to registers the transmitter may only read are
 * ignored, as devices do. May sleep.
 *
 * Returns:
 * 0, or the errors of drm_hdcp1_emul_read().
 */
int drm_hdcp1_emul_write(struct drm_hdcp1_emul *sink, u32 offset,
			 const void *buf, size_t len)
{
	struct drm_hdcp1_emul *s = sink;
	bool read_only = false, an = false;
	const u8 *in = buf;
	unsigned int idx;
	u32 first, addr;
	size_t i;
	int ret;

	emul_lock(s);
	ret = emul_check_access(s, offset, buf, len, &first);
	if (ret)
		goto out;

	for (i = 0, addr = first; i < len; i++, addr = emul_next_addr(s, addr))
		an |= emul_reg_at(s, addr, &idx) == EMUL_REG_AN;
	/* DP requires the capability check before An is written. */
	if (an && emul_is_dp(s) && !s->caps_checked)
		emul_violation(s, DRM_HDCP1_EMUL_CAPS_UNCHECKED, offset);
	if (!s->capable)
		goto out;

	for (i = 0, addr = first; i < len; i++, addr = emul_next_addr(s, addr)) {
		u32 reg = addr + emul_base(s);

		switch (emul_reg_at(s, addr, &idx)) {
		case EMUL_REG_AN:
			s->an[idx] = in[i];
			s->an_written |= BIT(idx);
			s->an_ever = true;
			break;
		case EMUL_REG_AKSV:
			s->aksv[idx] = in[i];
			s->aksv_written |= BIT(idx);
			if (idx == DRM_HDCP_KSV_LEN - 1)
				emul_start_auth(s, reg);
			break;
		case EMUL_REG_AINFO:
			emul_write_ainfo(s, reg, in[i]);
			break;
		default:
			if (!read_only)
				emul_violation(s, DRM_HDCP1_EMUL_READ_ONLY_WRITE, reg);
			read_only = true;
			break;
		}
	}
out:
	emul_unlock(s);
	return ret;
}
EXPORT_SYMBOL(drm_hdcp1_emul_write);

/* The HDCP 1.x range of the DPCD; the sink's registers are a part of it. */
#define EMUL_DPCD_HDCP_END	0x68100
#define EMUL_DPCD_END		0x100000

/**
 * drm_hdcp1_emul_aux_transfer - answer one AUX transaction as a DP sink
 * @sink: the sink, with the DisplayPort map
 * @msg: the transaction, as &drm_dp_aux.transfer gets it
 *
 * The transfer of a &drm_dp_aux that stands for the AUX channel to the
 * sink. Native reads and writes of the HDCP 1.x range of the DPCD reach the
 * sink's registers; elsewhere DPCD_REV reads as DisplayPort 1.2 and the rest
 * as zeros, and writes are taken. As on a real link: a transaction carries
 * at most 16 bytes (a longer one is refused with -E2BIG, as an AUX channel
 * does, and counted as %DRM_HDCP1_EMUL_AUX_TOO_LONG), one that runs past the
 * 20-bit address space is NACKed, I2C over AUX is NACKed (no I2C device
 * sits behind), an unplugged sink does not answer (-ETIMEDOUT) and a fault
 * set with drm_hdcp1_emul_set_io_error() is a NACK.
 *
 * Returns:
 * The bytes transferred, 0 with a NACK reply, or a negative error code.
 */
ssize_t drm_hdcp1_emul_aux_transfer(struct drm_hdcp1_emul *sink,
				    struct drm_dp_aux_msg *msg)
{
	u8 request = msg->request & ~DP_AUX_I2C_MOT;
	bool read = request == DP_AUX_NATIVE_READ;
	bool connected;
	int ret;

	if (!sink || !emul_is_dp(sink) || (msg->size && !msg->buffer))
		return -EINVAL;
	emul_lock(sink);
	connected = sink->connected;
	if (msg->size > DP_AUX_MAX_PAYLOAD_BYTES)
		emul_violation(sink, DRM_HDCP1_EMUL_AUX_TOO_LONG, msg->address);
	emul_unlock(sink);

	if (msg->size > DP_AUX_MAX_PAYLOAD_BYTES)
		return -E2BIG;
	if (!connected)
		return -ETIMEDOUT;
	if (!read && request != DP_AUX_NATIVE_WRITE) {
		msg->reply = DP_AUX_I2C_REPLY_NACK;
		return 0;
	}
	if (msg->address + msg->size > EMUL_DPCD_END) {
		msg->reply = DP_AUX_NATIVE_REPLY_NACK;
		return 0;
	}
	if (msg->address < DP_AUX_HDCP_BKSV || msg->address >= EMUL_DPCD_HDCP_END) {
		if (read) {
			memset(msg->buffer, 0, msg->size);
			if (msg->size && msg->address == DP_DPCD_REV)
				*(u8 *)msg->buffer = DP_DPCD_REV_12;
		}
		msg->reply = DP_AUX_NATIVE_REPLY_ACK;
		return msg->size;
	}
	if (read)
		ret = drm_hdcp1_emul_read(sink, msg->address, msg->buffer, msg->size);
	else
		ret = drm_hdcp1_emul_write(sink, msg->address, msg->buffer, msg->size);
	if (ret == -ETIMEDOUT)
		return ret;
	msg->reply = ret ? DP_AUX_NATIVE_REPLY_NACK : DP_AUX_NATIVE_REPLY_ACK;
	return ret ? 0 : msg->size;
}
EXPORT_SYMBOL(drm_hdcp1_emul_aux_transfer);

/**
 * drm_hdcp1_emul_ddc_xfer - answer the messages of an I2C transfer on DDC
 * @sink: the sink, with the HDMI map
 * @msgs: the messages of one i2c_transfer(), in order
 * @num: their number
 *
 * The master_xfer of an &i2c_adapter that stands for the DDC bus. The HDCP
 * port at 0x3a behaves as a sink's does: a write sets the register offset
 * and writes any bytes after it, a read returns bytes from the offset on,
 * which then moves past them, except that the KSV FIFO streams from one
 * offset. Other addresses, and 0x3a when unplugged or without HDCP, are not
 * acknowledged (-ENXIO), as no device answers there; a fault set with
 * drm_hdcp1_emul_set_io_error() is -EIO.
 *
 * Returns:
 * @num, or a negative error code.
 */
int drm_hdcp1_emul_ddc_xfer(struct drm_hdcp1_emul *sink, struct i2c_msg *msgs,
			    int num)
{
	struct i2c_msg *m;
	int i, ret;

	if (!sink || emul_is_dp(sink) || num < 0 || (num && !msgs))
		return -EINVAL;
	for (i = 0; i < num; i++) {
		m = &msgs[i];
		if (m->addr != DRM_HDCP_DDC_ADDR || (m->len && !m->buf))
			return -ENXIO;
		if (m->flags & I2C_M_RD) {
			ret = drm_hdcp1_emul_read(sink, sink->ddc_offset, m->buf, m->len);
			if (ret)
				return ret == -ENXIO ? ret : -EIO;
			if (sink->ddc_offset != DRM_HDCP_DDC_KSV_FIFO)
				sink->ddc_offset += m->len;
			continue;
		}
		if (!m->len)
			continue;
		sink->ddc_offset = m->buf[0];
		if (m->len == 1)
			continue;
		ret = drm_hdcp1_emul_write(sink, m->buf[0], m->buf + 1, m->len - 1);
		if (ret)
			return ret == -ENXIO ? ret : -EIO;
		sink->ddc_offset += m->len - 1;
	}
	return num;
}
EXPORT_SYMBOL(drm_hdcp1_emul_ddc_xfer);

/**
 * drm_hdcp1_emul_create - make an emulated HDCP 1.4 sink
 * @transport: HDMI (DDC HDCP port) or DisplayPort (DPCD) register map
 * @device: the sink's KSV and keys, copied; see drm_hdcp1_emul_ksv() and
 *	drm_hdcp1_emul_device_keys()
 * @ops: the owner's clock and CP_IRQ line; must outlive the sink
 * @data: passed to @ops
 *
 * The sink starts connected, HDCP capable, a receiver (not a repeater),
 * HDMI mode on HDMI, strict, with R0' 100 ms and READY 50 ms after R0',
 * and no faults. Frames are counted by drm_hdcp1_emul_advance_frames()
 * until drm_hdcp1_emul_set_frame_ns() gives a frame duration.
 *
 * Returns:
 * The sink, or an ERR_PTR(): -EINVAL for a bad argument, -ENOMEM.
 */
struct drm_hdcp1_emul *
drm_hdcp1_emul_create(enum drm_hdcp1_transport transport,
		      const struct drm_hdcp1_emul_device *device,
		      const struct drm_hdcp1_emul_ops *ops, void *data)
{
	struct drm_hdcp1_emul *s;

	if ((transport != DRM_HDCP1_HDMI && transport != DRM_HDCP1_DP) ||
	    !device || !ops || !ops->clock_ns)
		return ERR_PTR(-EINVAL);
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return ERR_PTR(-ENOMEM);
	mutex_init(&s->lock);
	s->transport = transport;
	s->ops = ops;
	s->data = data;
	s->dev = *device;
	s->capable = true;
	s->connected = true;
	s->strict = true;
	s->hdmi_mode = transport == DRM_HDCP1_HDMI;
	s->r0_delay_ms = EMUL_R0_FLOOR_MS;
	s->ready_delay_ms = EMUL_DEFAULT_READY_MS;
	s->link_break = DRM_HDCP1_EMUL_NONE;
	s->io_error = DRM_HDCP1_EMUL_NONE;
	s->now = ops->clock_ns(data);
	return s;
}
EXPORT_SYMBOL(drm_hdcp1_emul_create);

/**
 * drm_hdcp1_emul_destroy - free a sink
 * @sink: the sink, or NULL; no call may be in progress
 */
void drm_hdcp1_emul_destroy(struct drm_hdcp1_emul *sink)
{
	if (!sink)
		return;
	mutex_destroy(&sink->lock);
	kfree_sensitive(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_destroy);

/**
 * drm_hdcp1_emul_set_encryption - the transmitter switches encryption
 * @sink: the sink
 * @on: ENC_EN (true) or ENC_DIS (false) seen on the link
 *
 * The frame counter, and with it Ri', advances only on encrypted frames.
 * The sink stops decrypting at each new authentication, so the owner
 * signals ENC_EN again after it. May sleep.
 */
void drm_hdcp1_emul_set_encryption(struct drm_hdcp1_emul *sink, bool on)
{
	struct drm_hdcp1_emul *s = sink;

	emul_lock(s);
	if (on) {
		/* Encryption follows a matching R0', never precedes it. */
		if (!s->r0_read && !s->lost_r0_read)
			emul_violation(s, DRM_HDCP1_EMUL_ENC_BEFORE_R0,
				       DRM_HDCP1_EMUL_NONE);
		if (!s->encrypting) {
			s->encrypting = true;
			s->enc_ns = s->now;
		}
	} else if (s->encrypting) {
		s->frames_base = emul_frames_at(s, s->now);
		s->encrypting = false;
	}
	emul_unlock(s);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_encryption);

/**
 * drm_hdcp1_emul_set_frame_ns - count frames from the clock
 * @sink: the sink
 * @frame_ns: duration of one frame, or 0 to count only the frames given
 *	to drm_hdcp1_emul_advance_frames()
 *
 * Frames already counted stay counted. May sleep.
 */
void drm_hdcp1_emul_set_frame_ns(struct drm_hdcp1_emul *sink, u64 frame_ns)
{
	struct drm_hdcp1_emul *s = sink;

	emul_lock(s);
	s->frames_base = emul_frames_at(s, s->now);
	s->enc_ns = s->now;
	s->frame_ns = frame_ns;
	emul_unlock(s);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_frame_ns);

/**
 * drm_hdcp1_emul_advance_frames - frames of video went by
 * @sink: the sink
 * @frames: how many
 *
 * Counted only while encryption is on. May sleep; the cipher runs when Ri'
 * is read, once per frame since the last read.
 */
void drm_hdcp1_emul_advance_frames(struct drm_hdcp1_emul *sink,
				   unsigned int frames)
{
	struct drm_hdcp1_emul *s = sink;

	emul_lock(s);
	if (s->encrypting) {
		s->frames_base += frames;
		emul_update(s);
	}
	emul_unlock(s);
}
EXPORT_SYMBOL(drm_hdcp1_emul_advance_frames);

/**
 * drm_hdcp1_emul_frame - the sink's frame counter
 * @sink: the sink
 *
 * May sleep.
 *
 * Returns:
 * Encrypted frames since the current authentication.
 */
u64 drm_hdcp1_emul_frame(struct drm_hdcp1_emul *sink)
{
	u64 frames;

	emul_lock(sink);
	frames = sink->frames;
	emul_unlock(sink);
	return frames;
}
EXPORT_SYMBOL(drm_hdcp1_emul_frame);

/**
 * drm_hdcp1_emul_poll - let the sink's time-driven changes happen
 * @sink: the sink
 * @next_ns: set to when the next one is due, if any
 *
 * R0' and READY appear, and a DisplayPort sink detects a broken link, when
 * their time comes; every entry point notices that, this one does nothing
 * else. Call it at @next_ns to have CP_IRQ raised on time. May sleep.
 *
 * Returns:
 * True if a change is pending and @next_ns was set.
 */
bool drm_hdcp1_emul_poll(struct drm_hdcp1_emul *sink, u64 *next_ns)
{
	struct drm_hdcp1_emul *s = sink;
	u64 next, brk;

	emul_lock(s);
	next = min(emul_r0_due(s), emul_ready_due(s));
	brk = emul_break_frame(s);
	if (emul_is_dp(s) && s->r0_ready && !s->link_failed && s->encrypting &&
	    s->frame_ns && brk != U64_MAX && brk > s->frames_base)
		next = min(next, s->enc_ns + (brk - s->frames_base) * s->frame_ns);
	emul_unlock(s);

	if (next == U64_MAX)
		return false;
	*next_ns = next;
	return true;
}
EXPORT_SYMBOL(drm_hdcp1_emul_poll);

/**
 * drm_hdcp1_emul_set_topology - make the sink a receiver or a repeater
 * @sink: the sink
 * @repeater: report REPEATER in Bcaps
 * @devices: downstream devices, 0..127; 0 for a receiver
 * @depth: downstream levels, 0..7: at least 1 with devices, at most
 *	@devices, 0 without
 * @ksvs: the @devices downstream KSVs, or NULL for drm_hdcp1_emul_ksv(2),
 *	drm_hdcp1_emul_ksv(3), ...
 *
 * Bcaps changes at once; the REPEATER bit the cipher uses at the next
 * Aksv; the list, Bstatus/Binfo and V' at the next READY. May sleep.
 *
 * Returns:
 * 0, or -EINVAL for a topology no repeater can report.
 */
int drm_hdcp1_emul_set_topology(struct drm_hdcp1_emul *sink, bool repeater,
				unsigned int devices, unsigned int depth,
				const u64 *ksvs)
{
	struct drm_hdcp1_emul *s = sink;
	unsigned int i;

	if (devices > DRM_HDCP1_EMUL_MAX_DEVICES || depth > DRM_HDCP1_EMUL_MAX_DEPTH ||
	    (!repeater && devices) || !devices != !depth || depth > devices)
		return -EINVAL;

	emul_lock(s);
	s->repeater = repeater;
	s->devices = devices;
	s->depth = depth;
	for (i = 0; i < devices; i++)
		drm_hdcp1_u64_to_ksv(ksvs ? ksvs[i] : drm_hdcp1_emul_ksv(2 + i),
				     &s->list[i * DRM_HDCP_KSV_LEN]);
	emul_unlock(s);
	return 0;
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_topology);

/**
 * drm_hdcp1_emul_set_hdmi_mode - HDMI receiver or DVI receiver
 * @sink: the sink
 * @hdmi: HDMI-capable (Bcaps bit 7) and in HDMI mode (Bstatus HDMI_MODE,
 *	which V covers); false for DVI. Ignored on DisplayPort.
 *
 * May sleep.
 */
void drm_hdcp1_emul_set_hdmi_mode(struct drm_hdcp1_emul *sink, bool hdmi)
{
	emul_lock(sink);
	sink->hdmi_mode = hdmi && !emul_is_dp(sink);
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_hdmi_mode);

/**
 * drm_hdcp1_emul_set_r0_delay - how long the receiver takes for R0'
 * @sink: the sink
 * @ms: milliseconds after the Aksv write, or %DRM_HDCP1_EMUL_NONE for never
 *
 * Also applies to an R0' still pending. The specification allows up to
 * 100 ms, the default. May sleep.
 */
void drm_hdcp1_emul_set_r0_delay(struct drm_hdcp1_emul *sink, u32 ms)
{
	emul_lock(sink);
	sink->r0_delay_ms = ms;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_r0_delay);

/**
 * drm_hdcp1_emul_set_ready_delay - how long a repeater takes for READY
 * @sink: the sink
 * @ms: milliseconds after R0', or %DRM_HDCP1_EMUL_NONE for never (CTS
 *	1B-03)
 *
 * Also applies to a READY still pending. May sleep.
 */
void drm_hdcp1_emul_set_ready_delay(struct drm_hdcp1_emul *sink, u32 ms)
{
	emul_lock(sink);
	sink->ready_delay_ms = ms;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_ready_delay);

/**
 * drm_hdcp1_emul_set_capable - switch the sink's HDCP function
 * @sink: the sink
 * @capable: false: an HDMI sink no longer answers at the HDCP port
 *	(-ENXIO, as a NAK); a DisplayPort sink clears Bcaps, reads 0 and
 *	ignores writes in the HDCP range
 *
 * Either change loses the authentication. May sleep.
 */
void drm_hdcp1_emul_set_capable(struct drm_hdcp1_emul *sink, bool capable)
{
	emul_lock(sink);
	if (sink->capable != capable)
		emul_power_reset(sink);
	sink->capable = capable;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_capable);

/**
 * drm_hdcp1_emul_set_connected - plug or unplug the sink
 * @sink: the sink
 * @connected: false: every access fails; a replugged sink starts afresh
 *
 * May sleep.
 */
void drm_hdcp1_emul_set_connected(struct drm_hdcp1_emul *sink, bool connected)
{
	emul_lock(sink);
	if (sink->connected != connected)
		emul_power_reset(sink);
	sink->connected = connected;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_connected);

/**
 * drm_hdcp1_emul_set_bksv - give the sink another KSV
 * @sink: the sink
 * @ksv: the Bksv it reports from now on, valid or not (CTS 1A-05), revoked
 *	or not (1A-08)
 *
 * The sink becomes the emulated device with that KSV: its keys are
 * replaced by drm_hdcp1_emul_device_keys(@ksv), so a transmitter that
 * ignores revocation still authenticates it. Km changes at the next Aksv.
 * May sleep.
 */
void drm_hdcp1_emul_set_bksv(struct drm_hdcp1_emul *sink, u64 ksv)
{
	emul_lock(sink);
	sink->dev.ksv = ksv & GENMASK_ULL(39, 0);
	drm_hdcp1_emul_device_keys(sink->dev.ksv, sink->dev.keys);
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_bksv);

/**
 * drm_hdcp1_emul_set_corrupt_r0 - report a wrong R0' (CTS 1A-06)
 * @sink: the sink
 * @corrupt: from the next R0' on
 *
 * Ri' values from frame 128 on are not affected. May sleep.
 */
void drm_hdcp1_emul_set_corrupt_r0(struct drm_hdcp1_emul *sink, bool corrupt)
{
	emul_lock(sink);
	sink->corrupt_r0 = corrupt;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_corrupt_r0);

/**
 * drm_hdcp1_emul_set_link_break - lose cipher sync at a frame (CTS 1A-07)
 * @sink: the sink
 * @frame: frame of the authentication from which the sink's cipher
 *	diverges, or %DRM_HDCP1_EMUL_NONE to repair the link
 *
 * The first Ri' update at or after @frame (128, 256, ...) is wrong, and so
 * are the ones after it. A DisplayPort sink sets LINK_INTEGRITY_FAILURE and
 * raises CP_IRQ at that frame instead. drm_hdcp1_emul_frame() gives the
 * current frame, for a break "now". May sleep.
 */
void drm_hdcp1_emul_set_link_break(struct drm_hdcp1_emul *sink, u32 frame)
{
	emul_lock(sink);
	sink->link_break = frame;
	emul_update(sink);
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_link_break);

/**
 * drm_hdcp1_emul_set_corrupt_v - report a wrong V' (CTS 1B-04)
 * @sink: the sink
 * @corrupt: from the next READY on
 *
 * May sleep.
 */
void drm_hdcp1_emul_set_corrupt_v(struct drm_hdcp1_emul *sink, bool corrupt)
{
	emul_lock(sink);
	sink->corrupt_v = corrupt;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_corrupt_v);

/**
 * drm_hdcp1_emul_set_limits_exceeded - report a topology over the limits
 * @sink: the sink
 * @max_devs: set MAX_DEVS_EXCEEDED (CTS 1B-05)
 * @max_cascade: set MAX_CASCADE_EXCEEDED (CTS 1B-06)
 *
 * In Bstatus (HDMI) or Binfo (DisplayPort), from the next READY on, which
 * a repeater still raises. May sleep.
 */
void drm_hdcp1_emul_set_limits_exceeded(struct drm_hdcp1_emul *sink,
					bool max_devs, bool max_cascade)
{
	emul_lock(sink);
	sink->max_devs = max_devs;
	sink->max_cascade = max_cascade;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_limits_exceeded);

/**
 * drm_hdcp1_emul_set_io_error - make one register fail (CTS 1A-07a)
 * @sink: the sink
 * @offset: the register, in the transport's map, or %DRM_HDCP1_EMUL_NONE
 *
 * Every access that touches @offset fails with -EIO and changes nothing.
 * May sleep.
 */
void drm_hdcp1_emul_set_io_error(struct drm_hdcp1_emul *sink, u32 offset)
{
	emul_lock(sink);
	sink->io_error = offset;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_io_error);

static int emul_dp_event(struct drm_hdcp1_emul *s, u8 flag)
{
	int ret = 0;

	if (!emul_is_dp(s))
		return -EINVAL;
	emul_lock(s);
	if (!s->connected || !s->capable)
		ret = -ENODEV;
	else
		emul_dp_raise(s, flag);
	emul_unlock(s);
	return ret;
}

/**
 * drm_hdcp1_emul_dp_link_failure - the sink finds the link broken
 * @sink: a DisplayPort sink
 *
 * Sets LINK_INTEGRITY_FAILURE in Bstatus and raises CP_IRQ (DP CTS 1A-07);
 * the next Aksv clears it. May sleep.
 *
 * Returns:
 * 0, -EINVAL on HDMI, -ENODEV when the sink is unplugged or not capable.
 */
int drm_hdcp1_emul_dp_link_failure(struct drm_hdcp1_emul *sink)
{
	return emul_dp_event(sink, DP_BSTATUS_LINK_FAILURE);
}
EXPORT_SYMBOL(drm_hdcp1_emul_dp_link_failure);

/**
 * drm_hdcp1_emul_dp_reauth_request - the sink asks for authentication
 * @sink: a DisplayPort sink
 *
 * Sets REAUTHENTICATION_REQUEST in Bstatus and raises CP_IRQ; the next
 * Aksv clears it. May sleep.
 *
 * Returns:
 * 0, -EINVAL on HDMI, -ENODEV when the sink is unplugged or not capable.
 */
int drm_hdcp1_emul_dp_reauth_request(struct drm_hdcp1_emul *sink)
{
	return emul_dp_event(sink, DP_BSTATUS_REAUTH_REQ);
}
EXPORT_SYMBOL(drm_hdcp1_emul_dp_reauth_request);

/**
 * drm_hdcp1_emul_set_strict - record protocol violations or not
 * @sink: the sink
 * @strict: record (the default); the sink behaves the same either way
 *
 * May sleep.
 */
void drm_hdcp1_emul_set_strict(struct drm_hdcp1_emul *sink, bool strict)
{
	emul_lock(sink);
	sink->strict = strict;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_set_strict);

/**
 * drm_hdcp1_emul_violations - how many violations the transmitter committed
 * @sink: the sink
 *
 * Violations found by time (a late Ri' check) are counted at the next call
 * into the sink. May sleep.
 *
 * Returns:
 * The count since creation or drm_hdcp1_emul_clear_violations().
 */
unsigned int drm_hdcp1_emul_violations(struct drm_hdcp1_emul *sink)
{
	unsigned int n;

	emul_lock(sink);
	n = sink->total;
	emul_unlock(sink);
	return n;
}
EXPORT_SYMBOL(drm_hdcp1_emul_violations);

/**
 * drm_hdcp1_emul_violations_of - how often one rule was broken
 * @sink: the sink
 * @reason: the rule
 *
 * May sleep.
 *
 * Returns:
 * The count for @reason, 0 for an unknown one.
 */
unsigned int drm_hdcp1_emul_violations_of(struct drm_hdcp1_emul *sink,
					  enum drm_hdcp1_emul_violation reason)
{
	unsigned int n = 0;

	emul_lock(sink);
	if (reason < DRM_HDCP1_EMUL_NUM_VIOLATIONS)
		n = sink->counts[reason];
	emul_unlock(sink);
	return n;
}
EXPORT_SYMBOL(drm_hdcp1_emul_violations_of);

/**
 * drm_hdcp1_emul_violation_log - the latest violations
 * @sink: the sink
 * @log: filled with up to @max records, oldest first
 * @max: room in @log
 *
 * The sink keeps the last %DRM_HDCP1_EMUL_LOG_LEN. May sleep.
 *
 * Returns:
 * The number of records written.
 */
unsigned int drm_hdcp1_emul_violation_log(struct drm_hdcp1_emul *sink,
					  struct drm_hdcp1_emul_record *log,
					  unsigned int max)
{
	unsigned int n, first, i;

	emul_lock(sink);
	n = min3(sink->log_next, (unsigned int)DRM_HDCP1_EMUL_LOG_LEN, max);
	first = sink->log_next - n;
	for (i = 0; i < n; i++)
		log[i] = sink->log[(first + i) % DRM_HDCP1_EMUL_LOG_LEN];
	emul_unlock(sink);
	return n;
}
EXPORT_SYMBOL(drm_hdcp1_emul_violation_log);

/**
 * drm_hdcp1_emul_clear_violations - forget the violations recorded so far
 * @sink: the sink
 *
 * May sleep.
 */
void drm_hdcp1_emul_clear_violations(struct drm_hdcp1_emul *sink)
{
	emul_lock(sink);
	sink->total = 0;
	memset(sink->counts, 0, sizeof(sink->counts));
	sink->log_next = 0;
	emul_unlock(sink);
}
EXPORT_SYMBOL(drm_hdcp1_emul_clear_violations);

static const char * const emul_violation_names[] = {
	[DRM_HDCP1_EMUL_R0_TOO_EARLY] = "R0' read before 100 ms",
	[DRM_HDCP1_EMUL_AKSV_INVALID] = "Aksv without twenty ones",
	[DRM_HDCP1_EMUL_AN_STALE] = "Aksv without a fresh An",
	[DRM_HDCP1_EMUL_PARTIAL_WRITE] = "An or Aksv partly written",
	[DRM_HDCP1_EMUL_WRONG_ORDER] = "An and Aksv in the wrong order",
	[DRM_HDCP1_EMUL_FIFO_NOT_READY] = "KSV FIFO read before READY",
	[DRM_HDCP1_EMUL_FIFO_OVERRUN] = "KSV FIFO read past the list",
	[DRM_HDCP1_EMUL_V_NOT_READY] = "V' read before READY",
	[DRM_HDCP1_EMUL_READY_TIMEOUT] = "KSV list used after the 5 s READY timeout",
	[DRM_HDCP1_EMUL_ENC_BEFORE_R0] = "encryption before R0' was read",
	[DRM_HDCP1_EMUL_RI_CHECK_LATE] = "Ri' not checked for 2.5 s",
	[DRM_HDCP1_EMUL_CAPS_UNCHECKED] = "An written before Bcaps showed HDCP_CAPABLE",
	[DRM_HDCP1_EMUL_READ_ONLY_WRITE] = "write to a read-only register",
	[DRM_HDCP1_EMUL_AINFO_UNSUPPORTED] = "Ainfo bit the receiver does not offer",
	[DRM_HDCP1_EMUL_AUX_TOO_LONG] = "AUX transaction over 16 bytes",
};

/**
 * drm_hdcp1_emul_violation_name - what a violation means, for logs
 * @reason: the violation
 *
 * Returns:
 * A static string.
 */
const char *drm_hdcp1_emul_violation_name(enum drm_hdcp1_emul_violation reason)
{
	if (reason >= DRM_HDCP1_EMUL_NUM_VIOLATIONS)
		return "?";
	return emul_violation_names[reason];
}
EXPORT_SYMBOL(drm_hdcp1_emul_violation_name);
