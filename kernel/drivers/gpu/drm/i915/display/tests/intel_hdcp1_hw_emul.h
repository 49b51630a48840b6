/* SPDX-License-Identifier: MIT */
/*
 * An emulated Intel HDCP 1.4 register block for KUnit: the key store, the
 * per-transcoder or per-port HDCP units, HDCP_REP_CTL and the SHA-1 engine,
 * computing with the DRM software cipher. KUnit's static stubs send the
 * driver calls of intel_hdcp1_hw.c to it (emu_redirect()); it records
 * every access.
 */

#ifndef __INTEL_HDCP1_HW_EMUL_H__
#define __INTEL_HDCP1_HW_EMUL_H__

#include <linux/mutex.h>
#include <linux/types.h>

#include <kunit/test.h>

#include <crypto/sha1.h>
#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1_cipher.h>

#include "../intel_hdcp1_hw.h"

#define EMU_MAX_UNITS		5
#define EMU_REG_BASE		0x66000
#define EMU_REG_WORDS		(0x1000 / 4)
#define EMU_SHA_MAX		(12 * SHA1_BLOCK_SIZE)
#define EMU_LOG_MAX		8192
#define EMU_MAX_STREAMS		4	/* MST streams on transcoders A to D */

/**
 * enum emu_kind - what a recorded access was
 * @EMU_READ: register read
 * @EMU_WRITE: register write
 * @EMU_WAIT: register wait
 * @EMU_PCODE: pcode key load request
 * @EMU_AN_AKSV: An and Aksv sent to the receiver
 * @EMU_SIGNALLING: HDCP signalling toggled
 * @EMU_STREAM_SELECT: DP MST stream select of a transcoder toggled
 */
enum emu_kind {
	EMU_READ,
	EMU_WRITE,
	EMU_WAIT,
	EMU_PCODE,
	EMU_AN_AKSV,
	EMU_SIGNALLING,
	EMU_STREAM_SELECT,
};

/**
 * struct emu_access - one recorded access
 * @kind: what happened
 * @reg: register offset; for the transport operations, the unit's index
 * @val: value read or written, the mask of a wait, or on/off
 * @expect: the value a wait waited for
 * @timeout_us: the timeout of a wait
 * @ret: the result of a wait or of a transport operation
 */
struct emu_access {
	enum emu_kind kind;
	u32 reg;
	u32 val;
	u32 expect;
	unsigned int timeout_us;
	int ret;
};

/**
 * enum emu_unit_state - where an HDCP unit is
 * @EMU_UNIT_IDLE: off
 * @EMU_UNIT_AN: An latched
 * @EMU_UNIT_AUTH: R0 computed, comparing R0'/Ri'
 */
enum emu_unit_state {
	EMU_UNIT_IDLE,
	EMU_UNIT_AN,
	EMU_UNIT_AUTH,
};

/**
 * struct emu_unit - one HDCP unit (a transcoder's or a port's)
 * @conf: offset of its HDCP_CONF
 * @aninit: offset of its HDCP_ANINIT
 * @anlo: offset of its HDCP_ANLO
 * @anhi: offset of its HDCP_ANHI
 * @bksvlo: offset of its HDCP_BKSVLO
 * @bksvhi: offset of its HDCP_BKSVHI
 * @rprime: offset of its HDCP_RPRIME
 * @status: offset of its HDCP_STATUS
 * @rep_present: its REPEATER bit in HDCP_REP_CTL
 * @m0_select: its value of the M0 select field of HDCP_REP_CTL
 * @state: idle, An latched, or authenticating
 * @seed: the last two ANINIT writes
 * @seeds: ANINIT writes since An was last latched
 * @an: the latched An
 * @status_next: what HDCP_STATUS shows at its next read; bits that hardware
 *	sets after a delay appear only then
 * @session_matched: R0' matched since AUTH_AND_ENC
 * @encrypting: encryption is on
 * @signalling: HDCP signalling of the transcoder is on
 * @hdmi: the unit drives HDMI
 * @session: the transmitter's cipher session
 */
struct emu_unit {
	u32 conf, aninit, anlo, anhi, bksvlo, bksvhi, rprime, status;
	u32 rep_present, m0_select;
	enum emu_unit_state state;
	u32 seed[2];
	unsigned int seeds;
	u64 an;
	u32 status_next;
	bool session_matched;
	bool encrypting;
	bool signalling;
	bool hdmi;
	struct drm_hdcp1_session session;
};

/**
 * struct emu_hw - the emulated device
 * @lock: protects everything below; taken by every operation
 * @per_transcoder: display 12 layout (else per port)
 * @keys_via_pcode: keys load through pcode, not HDCP_KEY_CONF
 * @regs: the register file, from EMU_REG_BASE
 * @units: the HDCP units
 * @num_units: how many of @units exist
 * @tx_ksv: the fused transmitter KSV (Aksv)
 * @tx_keys: the fused transmitter device keys
 * @keys_loaded: the key store holds the keys
 * @aksv_ready: HDCP_AKSV_SEND_TRIGGER handed Aksv over
 * @key_status_next: what HDCP_KEY_STATUS shows at its next read
 * @sha_msg: the bytes the SHA-1 engine has hashed so far
 * @sha_len: how many
 * @m0: M0 of the unit selected when the message reached M0
 * @m0_used: M0 bytes inserted in this message
 * @sha_ready: SHA1_READY was seen since the last word
 * @sha_armed: the mode was written since the current block began
 * @sha_bad: the message is corrupt and can never match
 * @rep_status_next: SHA-1 status bits HDCP_REP_CTL shows at its next read
 * @force_an: knob: latch @forced_an instead of a seeded An
 * @forced_an: knob: see @force_an
 * @fail_key_loads: knob: this many key loads end without valid keys
 * @pcode_error: knob: the pcode key load request fails with this code
 * @enc_never: knob: R0' matches but encryption never starts
 * @pw1_off: knob: power well 1 is off, so software cannot load the keys
 * @stream_select: DP MST: transcoders (A to D) whose stream select is on
 * @stream_port: the unit whose encryption each selected stream rides
 * @stream_enc_never: knob: selected streams never report encryption
 * @wait_sleep_us: knob: each wait sleeps first, letting threads interleave
 * @log: every access, in order
 * @log_len: entries in @log
 * @log_full: @log overflowed
 * @violations: things a correct sequence never does
 * @violation: the first of them
 */
struct emu_hw {
	struct mutex lock;	/* the whole device */
	bool per_transcoder;
	bool keys_via_pcode;
	u32 regs[EMU_REG_WORDS];
	struct emu_unit units[EMU_MAX_UNITS];
	unsigned int num_units;

	u64 tx_ksv;
	const u64 *tx_keys;
	bool keys_loaded;
	bool aksv_ready;
	u32 key_status_next;

	u8 sha_msg[EMU_SHA_MAX];
	unsigned int sha_len;
	u8 m0[8];
	unsigned int m0_used;
	bool sha_ready;
	bool sha_armed;
	bool sha_bad;
	u32 rep_status_next;

	bool force_an;
	u64 forced_an;
	unsigned int fail_key_loads;
	int pcode_error;
	bool enc_never;
	bool pw1_off;
	u32 stream_select;
	struct emu_unit *stream_port[EMU_MAX_STREAMS];
	bool stream_enc_never;
	unsigned int wait_sleep_us;

	struct emu_access *log;
	unsigned int log_len;
	bool log_full;
	unsigned int violations;
	char violation[160];
};

/**
 * struct emu_sink_ops - the receiver end of the transport
 *
 * Called when the transmitter writes An and when the hardware puts Aksv on
 * the wire; both may sleep.
 */
struct emu_sink_ops {
	/** @an: An reached the receiver */
	void (*an)(void *sink, const u8 an[DRM_HDCP_AN_LEN]);
	/** @aksv: Aksv reached the receiver */
	void (*aksv)(void *sink, const u8 aksv[DRM_HDCP_KSV_LEN]);
};

/**
 * struct emu_seam_ops - what a test puts behind the driver calls of the
 * sequence, for one connector
 *
 * Each member stands for the function of intel_hdcp1_hw.c of that name
 * (hdcp1_read() for @read, and so on) and gets the context of its
 * &struct emu_link. @keys_loadable, @power_get and @power_put may be NULL:
 * always loadable, always powered.
 */
struct emu_seam_ops {
	/** @read: register read */
	u32 (*read)(void *ctx, i915_reg_t reg);
	/** @write: register write */
	void (*write)(void *ctx, i915_reg_t reg, u32 val);
	/** @wait: register wait, 0 or -ETIMEDOUT */
	int (*wait)(void *ctx, i915_reg_t reg, u32 mask, u32 value,
		    unsigned int timeout_us);
	/** @load_keys_pcode: the pcode key load request */
	int (*load_keys_pcode)(void *ctx);
	/** @keys_loadable: the key store's power well is on */
	bool (*keys_loadable)(void *ctx);
	/** @send_an_aksv: An, then Aksv, to the receiver */
	int (*send_an_aksv)(void *ctx, const u8 an[DRM_HDCP_AN_LEN]);
	/** @toggle_signalling: HDMI signalling on or off */
	int (*toggle_signalling)(void *ctx, bool enable);
	/** @toggle_stream_select: DP MST stream select on or off */
	int (*toggle_stream_select)(void *ctx, enum transcoder stream, bool enable);
	/** @power_get: power the unit for one operation */
	int (*power_get)(void *ctx);
	/** @power_put: release @power_get */
	void (*power_put)(void *ctx);
};

/**
 * struct emu_link - a connector's transmitter in a test
 * @hw: what the sequence gets
 * @ops: where its driver calls go
 * @ctx: passed to @ops
 */
struct emu_link {
	struct intel_hdcp1_hw hw;
	const struct emu_seam_ops *ops;
	void *ctx;
};

/**
 * struct emu_port - the context of &emu_hdcp1_ops for one connector
 * @hw: the device
 * @unit: its HDCP unit
 * @sink_ops: the receiver it is cabled to
 * @sink: passed to @sink_ops
 * @aksv_error: knob: the Aksv transfer (GMBUS or AUX) fails with this code
 */
struct emu_port {
	struct emu_hw *hw;
	struct emu_unit *unit;
	const struct emu_sink_ops *sink_ops;
	void *sink;
	int aksv_error;
};

extern const struct emu_seam_ops emu_hdcp1_ops;

/* In intel_hdcp1_hw_test.c, which intel_hdcp1_hw.c includes. */
void emu_redirect(struct kunit *test);

int emu_hw_init(struct emu_hw *hw, bool per_transcoder, bool keys_via_pcode,
		u64 tx_ksv, const u64 tx_keys[DRM_HDCP1_NUM_KEYS]);
void emu_hw_fini(struct emu_hw *hw);
struct emu_unit *emu_hw_unit(struct emu_hw *hw, unsigned int index);
void emu_port_init(struct emu_port *port, struct emu_hw *hw,
		   struct emu_unit *unit, bool hdmi,
		   const struct emu_sink_ops *sink_ops, void *sink);

u32 emu_peek(struct emu_hw *hw, u32 reg);
void emu_frames(struct emu_hw *hw, struct emu_unit *unit, unsigned int frames);
void emu_drop_encryption(struct emu_hw *hw, struct emu_unit *unit);

unsigned int emu_log_len(struct emu_hw *hw);
unsigned int emu_count(struct emu_hw *hw, unsigned int from, enum emu_kind kind,
		       u32 reg, u32 mask, u32 val);
int emu_find(struct emu_hw *hw, unsigned int from, enum emu_kind kind,
	     u32 reg, u32 mask, u32 val);
unsigned int emu_foreign_accesses(struct emu_hw *hw, const struct emu_unit *unit);

#endif /* __INTEL_HDCP1_HW_EMUL_H__ */
