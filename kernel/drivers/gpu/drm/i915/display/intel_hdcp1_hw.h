/* SPDX-License-Identifier: MIT */
/*
 * The HDCP 1.4 transmitter of Intel display hardware (display 9 and later)
 * as a sequence of register accesses: key loading, An, R0/Ri comparison,
 * encryption and the SHA-1 engine that checks a repeater's V'.
 *
 * The protocol (what to read from the receiver, when, how often to retry)
 * is not here: the DRM HDCP 1.4 engine runs it and uses these functions,
 * through &intel_hdcp1_tx_ops, as the transmitter. The same code serves
 * i915 and xe, through intel_de_*() and the display's power domains.
 */

#ifndef __INTEL_HDCP1_HW_H__
#define __INTEL_HDCP1_HW_H__

#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>

#include "i915_reg_defs.h"
#include "intel_display_limits.h"
#include "intel_display_power.h"

/* Bytes of V' as the receiver reports it: five words, each LSB first. */
#define INTEL_HDCP1_HW_V_PRIME_LEN \
	(DRM_HDCP_V_PRIME_NUM_PARTS * DRM_HDCP_V_PRIME_PART_LEN)

struct drm_connector;
struct drm_device;
struct intel_digital_port;
struct intel_display;
struct intel_hdcp_shim;

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
 * @transcoder: the CPU transcoder (A to D): its unit in the per-transcoder
 *	layout, its power and HDMI signalling in both
 * @port: the DDI port (A to E), for the per-port layout
 * @pipe: the pipe that feeds @transcoder, for HDMI signalling
 * @hdmi: HDMI (HDCP signalling needed) rather than DisplayPort
 * @display: the display the unit is part of
 * @dig_port: the port, whose power domain each operation holds
 * @shim: the port's HDCP shim, whose write_an_aksv() sends An and Aksv
 * @drm: the device whose log gets the hardware failures, or NULL
 */
struct intel_hdcp1_hw_desc {
	enum intel_hdcp1_hw_layout layout;
	enum transcoder transcoder;
	enum port port;
	enum pipe pipe;
	bool hdmi;
	struct intel_display *display;
	struct intel_digital_port *dig_port;
	const struct intel_hdcp_shim *shim;
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
	struct intel_display *display;
	struct intel_digital_port *dig_port;
	const struct intel_hdcp_shim *shim;
	enum transcoder cpu_transcoder;
	enum pipe pipe;
	struct drm_device *drm;	/* for error reports, may be NULL */
	i915_reg_t conf, aninit, anlo, anhi, bksvlo, bksvhi, rprime, status;
	u32 rep_present;	/* this unit's REPEATER bit in HDCP_REP_CTL */
	u32 m0_select;		/* this unit's M0 in the SHA-1 select field */
	bool hdmi;
	bool per_transcoder;
	unsigned long streams;	/* MST: transcoders selected, BIT(transcoder) */

	/* Taken by one operation's power get, released by its put. */
	intel_wakeref_t port_wakeref;
	intel_wakeref_t transcoder_wakeref;
	enum intel_display_power_domain transcoder_domain;
};

/* The transcoder whose unit, or whose port's, @hw is bound to. */
static inline enum transcoder
intel_hdcp1_hw_transcoder(const struct intel_hdcp1_hw *hw)
{
	return hw->cpu_transcoder;
}

void intel_hdcp1_hw_shared_init(struct intel_hdcp1_hw_shared *shared,
				bool keys_via_pcode);
void intel_hdcp1_hw_shared_fini(struct intel_hdcp1_hw_shared *shared);
void intel_hdcp1_hw_shared_lock(struct intel_hdcp1_hw_shared *shared);
void intel_hdcp1_hw_shared_unlock(struct intel_hdcp1_hw_shared *shared);

int intel_hdcp1_hw_init(struct intel_hdcp1_hw *hw,
			struct intel_hdcp1_hw_shared *shared,
			const struct intel_hdcp1_hw_desc *desc);

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
 * The transmitter of @connector, or NULL if it has none; defined in
 * intel_hdcp1.c, which keeps it with the connector's other HDCP 1.4 state.
 * Called by &intel_hdcp1_tx_ops from the engine's worker, from
 * drm_hdcp1_init() to drm_hdcp1_fini() of the connector.
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
