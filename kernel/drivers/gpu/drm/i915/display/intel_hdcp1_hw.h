/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 1.4 transmitter of Intel display hardware (display 9 and later)
 * as a sequence of register accesses: key loading, An, R0/Ri comparison,
 * encryption and the SHA-1 engine that checks a repeater's V'.
 *
 * The protocol (what to read from the receiver, when, how often to retry)
 * is not here: the DRM HDCP 1.4 engine runs it and uses these functions,
 * through &intel_hdcp1_tx_ops, as the transmitter. All hardware access goes
 * through &struct intel_hdcp1_hw_ops, so the same code runs on i915, on xe
 * and against an emulated register block in KUnit.
 */

#ifndef __INTEL_HDCP1_HW_H__
#define __INTEL_HDCP1_HW_H__

#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>

#include "i915_reg_defs.h"
#include "intel_display_limits.h"

/* Bytes of V' as the receiver reports it: five words, each LSB first. */
#define INTEL_HDCP1_HW_V_PRIME_LEN \
	(DRM_HDCP_V_PRIME_NUM_PARTS * DRM_HDCP_V_PRIME_PART_LEN)

struct drm_connector;
struct drm_device;

/**
 * struct intel_hdcp1_hw_ops - what the sequence needs from the driver
 *
 * Every operation gets the @ctx given to intel_hdcp1_hw_init(). All may
 * sleep.
 */
struct intel_hdcp1_hw_ops {
	/** @read: read a display register */
	u32 (*read)(void *ctx, i915_reg_t reg);
	/** @write: write a display register */
	void (*write)(void *ctx, i915_reg_t reg, u32 val);
	/**
	 * @wait: wait until (register & @mask) == @value, for at most
	 * @timeout_us; 0 or -ETIMEDOUT
	 */
	int (*wait)(void *ctx, i915_reg_t reg, u32 mask, u32 value,
		    unsigned int timeout_us);
	/**
	 * @load_keys_pcode: ask the firmware to load the HDCP keys (display
	 * 9 except Broxton); needed only when the shared state says so
	 */
	int (*load_keys_pcode)(void *ctx);
	/**
	 * @keys_loadable: optional; whether the key store can take the keys
	 * now (on Intel hardware: the power well that holds it is on).
	 * Asked by every intel_hdcp1_hw_start() before it touches the key
	 * store; NULL stands for always
	 */
	bool (*keys_loadable)(void *ctx);
	/**
	 * @send_an_aksv: write @an to the receiver, then have the hardware
	 * send Aksv after it (GMBUS Aksv select on HDMI, AUX Aksv select on
	 * a DPCD write to 0x68007 on DisplayPort); software never sees Aksv
	 */
	int (*send_an_aksv)(void *ctx, const u8 an[DRM_HDCP_AN_LEN]);
	/**
	 * @toggle_signalling: HDCP signalling of the transcoder on or off;
	 * HDMI only, may be NULL on DisplayPort. Called to turn it off only
	 * once the unit is off; the implementation owns the settling delay
	 * hardware needs before that (at least 6 us on HDMI)
	 */
	int (*toggle_signalling)(void *ctx, bool enable);
	/**
	 * @toggle_stream_select: DP MST only, may be NULL elsewhere: HDCP
	 * stream select (TRANS_DDI_HDCP_SELECT) of @stream's transcoder on
	 * or off, which puts that stream under the port's encryption
	 */
	int (*toggle_stream_select)(void *ctx, enum transcoder stream, bool enable);
	/**
	 * @power_get: keep the unit, and the port and transcoder it serves,
	 * powered for one transmitter operation of &intel_hdcp1_tx_ops. Takes
	 * a reference only if they are powered already and returns 0, else
	 * returns a negative error code, having taken nothing: the engine's
	 * worker never powers a port up, nor touches one that is down. Used
	 * by &intel_hdcp1_tx_ops only; calls on one @ctx never nest.
	 */
	int (*power_get)(void *ctx);
	/** @power_put: release what a successful @power_get took */
	void (*power_put)(void *ctx);
};

/**
 * struct intel_hdcp1_hw_shared - HDCP hardware shared by all connectors
 *
 * One per display device. The key store, HDCP_REP_CTL and the SHA-1 engine
 * serve every transcoder; the lock inside keeps the connectors' sequences
 * from interleaving there. Driver code that drives that hardware itself,
 * next to the sequence, takes the same lock through
 * intel_hdcp1_hw_shared_lock().
 */
struct intel_hdcp1_hw_shared {
	/* private: */
	struct mutex lock;	/* key loading, HDCP_REP_CTL, SHA-1 engine */
	bool keys_via_pcode;
};

/**
 * enum intel_hdcp1_hw_layout - where a connector's HDCP registers live
 * @INTEL_HDCP1_HW_PER_TRANSCODER: TRANS_HDCP_* of the CPU transcoder
 *	(display 12 and later)
 * @INTEL_HDCP1_HW_PER_PORT: PORT_HDCP_* of the DDI port (display 9 to 11)
 */
enum intel_hdcp1_hw_layout {
	INTEL_HDCP1_HW_PER_TRANSCODER,
	INTEL_HDCP1_HW_PER_PORT,
};

/**
 * struct intel_hdcp1_hw_desc - the HDCP unit a connector drives
 * @layout: register layout of the platform
 * @transcoder: the CPU transcoder (A to D), for the per-transcoder layout
 * @port: the DDI port (A to E), for the per-port layout
 * @hdmi: HDMI (HDCP signalling needed) rather than DisplayPort
 * @drm: the device whose log gets the hardware failures, or NULL
 */
struct intel_hdcp1_hw_desc {
	enum intel_hdcp1_hw_layout layout;
	enum transcoder transcoder;
	enum port port;
	bool hdmi;
	struct drm_device *drm;
};

/**
 * struct intel_hdcp1_hw - one connector's HDCP 1.4 transmitter
 *
 * Set up by intel_hdcp1_hw_init(), which may bind it again, to the unit of
 * another transcoder, between two authentications. The caller serialises
 * every call made on one connector, intel_hdcp1_hw_init() included, and
 * keeps the memory until the last call has returned.
 */
struct intel_hdcp1_hw {
	/* private: */
	struct intel_hdcp1_hw_shared *shared;
	const struct intel_hdcp1_hw_ops *ops;
	void *ctx;
	struct drm_device *drm;	/* for error reports, may be NULL */
	i915_reg_t conf, aninit, anlo, anhi, bksvlo, bksvhi, rprime, status;
	u32 rep_present;	/* this unit's REPEATER bit in HDCP_REP_CTL */
	u32 m0_select;		/* this unit's M0 in the SHA-1 select field */
	bool hdmi;
	bool per_transcoder;
	unsigned long streams;	/* MST: transcoders selected, BIT(transcoder) */
};

void intel_hdcp1_hw_shared_init(struct intel_hdcp1_hw_shared *shared,
				bool keys_via_pcode);
void intel_hdcp1_hw_shared_fini(struct intel_hdcp1_hw_shared *shared);
void intel_hdcp1_hw_shared_lock(struct intel_hdcp1_hw_shared *shared);
void intel_hdcp1_hw_shared_unlock(struct intel_hdcp1_hw_shared *shared);

int intel_hdcp1_hw_init(struct intel_hdcp1_hw *hw,
			struct intel_hdcp1_hw_shared *shared,
			const struct intel_hdcp1_hw_desc *desc,
			const struct intel_hdcp1_hw_ops *ops, void *ctx);

int intel_hdcp1_hw_start(struct intel_hdcp1_hw *hw, u8 an[DRM_HDCP_AN_LEN]);
int intel_hdcp1_hw_compute(struct intel_hdcp1_hw *hw,
			   const u8 bksv[DRM_HDCP_KSV_LEN], bool repeater);
int intel_hdcp1_hw_verify_r0(struct intel_hdcp1_hw *hw,
			     const u8 r0_prime[DRM_HDCP_RI_LEN]);
int intel_hdcp1_hw_verify_ri(struct intel_hdcp1_hw *hw,
			     const u8 ri_prime[DRM_HDCP_RI_LEN]);
int intel_hdcp1_hw_verify_v(struct intel_hdcp1_hw *hw, const u8 *ksv_list,
			    unsigned int count, u16 bstatus,
			    const u8 v_prime[INTEL_HDCP1_HW_V_PRIME_LEN]);
int intel_hdcp1_hw_encryption_status(struct intel_hdcp1_hw *hw);
int intel_hdcp1_hw_stream_encrypt(struct intel_hdcp1_hw *hw,
				  enum transcoder stream, bool on);
void intel_hdcp1_hw_reset(struct intel_hdcp1_hw *hw);

/*
 * The transmitter of @connector, or NULL if it has none; its ops have
 * power_get and power_put. Not defined here: the code that links this file
 * keeps the connector's transmitter where it keeps its other connector
 * state, and provides this lookup (i915 and xe in intel_hdcp1.c, the KUnit
 * suite in its fixture). Called by &intel_hdcp1_tx_ops from the engine's
 * worker, from drm_hdcp1_init() to drm_hdcp1_fini() of the connector.
 */
struct intel_hdcp1_hw *intel_hdcp1_hw_of(struct drm_connector *connector);

/*
 * For &intel_hdcp1_mst_tx_ops: the transmitter of the port that carries
 * @connector's stream, with the stream's CPU transcoder in *@stream, or
 * INVALID_TRANSCODER for the port's own connector (SST, no stream select);
 * NULL if @connector has no stream on such a port. Defined, and called, as
 * intel_hdcp1_hw_of() is.
 */
struct intel_hdcp1_hw *intel_hdcp1_hw_stream_of(struct drm_connector *connector,
						enum transcoder *stream);

extern const struct drm_hdcp1_tx_ops intel_hdcp1_tx_ops;
extern const struct drm_hdcp1_tx_ops intel_hdcp1_mst_tx_ops;

#endif /* __INTEL_HDCP1_HW_H__ */
