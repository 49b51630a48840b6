/* SPDX-License-Identifier: MIT */
/*
 * A hardware-independent HDCP 1.4 transmitter engine. A driver creates one
 * per port with drm_hdcp1_init() (for SST, its connector), attaches the
 * connectors of further streams (DP MST) with drm_hdcp1_stream_attach(),
 * supplies what its transmitter does
 * (&drm_hdcp1_tx_ops) and, unless the engine reaches the receiver over DDC
 * or AUX itself, how to reach the receiver's registers (&drm_hdcp1_link_ops),
 * and tells the engine what happens; the engine runs the protocol and
 * reports through the "Content Protection" property.
 */

#ifndef __DRM_DISPLAY_HDCP1_H__
#define __DRM_DISPLAY_HDCP1_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp.h>

struct drm_atomic_state;
struct drm_connector;
struct drm_dp_aux;
struct drm_hdcp1;
struct drm_hdcp_stream;
struct i2c_adapter;

/**
 * enum drm_hdcp1_transport - how the receiver's HDCP registers are reached
 * @DRM_HDCP1_HDMI: the HDCP port on DDC (I2C address 0x3a), HDMI and DVI
 * @DRM_HDCP1_DP: the HDCP registers in the DPCD (0x68000), DisplayPort
 */
enum drm_hdcp1_transport {
	DRM_HDCP1_HDMI,
	DRM_HDCP1_DP,
};

/**
 * struct drm_hdcp1_link_ops - access to the receiver's HDCP registers
 *
 * Offsets are those of the transport's own map (DRM_HDCP_DDC_* for HDMI,
 * DP_AUX_HDCP_* for DisplayPort). Both may sleep and return 0 or a negative
 * error code. A driver whose receiver sits on plain DDC or AUX leaves
 * &drm_hdcp1_desc.link NULL and the engine uses &drm_hdcp1_desc.ddc or
 * &drm_hdcp1_desc.aux.
 */
struct drm_hdcp1_link_ops {
	/** @read: read @len bytes at @offset */
	int (*read)(struct drm_connector *connector, unsigned int offset,
		    void *buf, size_t len);
	/** @write: write @len bytes at @offset */
	int (*write)(struct drm_connector *connector, unsigned int offset,
		     const void *buf, size_t len);
};

/**
 * struct drm_hdcp1_tx_ops - the transmitter
 *
 * The engine calls these one at a time, from its worker, and may sleep in
 * them. Once @start has been called, @reset is called before the attempt
 * is given up, whatever step failed, and when the link is stopped.
 * "Verify" operations return 0 when the receiver's value matches, -EPERM
 * when it does not, another negative code on error; they compare in
 * hardware or compute in software, whichever the transmitter does.
 */
struct drm_hdcp1_tx_ops {
	/**
	 * @start: begin an authentication: load the keys if needed, make a
	 * fresh An and send An, then Aksv, to the receiver. A transmitter
	 * that may reveal Aksv can send both with drm_hdcp1_write_an_aksv();
	 * one that injects Aksv in hardware writes them its own way.
	 */
	int (*start)(struct drm_connector *connector);
	/**
	 * @compute: the receiver's KSV and REPEATER bit are known and valid;
	 * compute Km, Ks, M0 and R0 (in hardware: start authentication).
	 * @bksv is in the order read from the link, least significant byte
	 * first.
	 */
	int (*compute)(struct drm_connector *connector,
		       const u8 bksv[DRM_HDCP_KSV_LEN], bool repeater);
	/**
	 * @verify_r0: compare R0'; on a match encryption is on when this
	 * returns 0. May be called again after a mismatch.
	 */
	int (*verify_r0)(struct drm_connector *connector,
			 const u8 r0_prime[DRM_HDCP_RI_LEN]);
	/**
	 * @verify_ri: compare Ri' during the link integrity check (HDMI;
	 * optional on DisplayPort, where the sink checks Ri itself)
	 */
	int (*verify_ri)(struct drm_connector *connector,
			 const u8 ri_prime[DRM_HDCP_RI_LEN]);
	/**
	 * @verify_v: compare a repeater's V' with V computed over the KSV
	 * list, Bstatus (Binfo on DisplayPort) and M0, which may never leave
	 * the hardware. May be called again with the same list after a
	 * mismatch.
	 */
	int (*verify_v)(struct drm_connector *connector, const u8 *ksv_list,
			unsigned int count, u16 bstatus,
			const u8 v_prime[DRM_HDCP_V_PRIME_NUM_PARTS *
					 DRM_HDCP_V_PRIME_PART_LEN]);
	/**
	 * @encryption_status: optional; 0 while the transmitter still
	 * encrypts, a negative code when it stopped on its own. Asked at
	 * every link integrity check, HDMI and DisplayPort.
	 */
	int (*encryption_status)(struct drm_connector *connector);
	/**
	 * @reset: stop encrypting and forget the authentication, in the
	 * transmitter and its link signalling. Must not fail.
	 */
	void (*reset)(struct drm_connector *connector);
	/**
	 * @stream_encrypt: optional, for ports that carry several streams
	 * (DP MST): switch the encryption of one stream of the authenticated
	 * port on or off. @connector is the stream's; on success the stream
	 * is encrypted (or in the clear) on return. Without it every stream
	 * is encrypted with the port. Must not fail when switching off.
	 */
	int (*stream_encrypt)(struct drm_connector *connector, bool on);
};

/**
 * struct drm_hdcp1_desc - what drm_hdcp1_init() needs to know
 * @transport: HDMI or DisplayPort register map
 * @tx: the transmitter
 * @link: receiver register access, or NULL for plain DDC or AUX
 * @ddc: with a NULL @link on HDMI: the DDC bus, or NULL for
 *	&drm_connector.ddc
 * @aux: with a NULL @link on DisplayPort: the AUX channel
 */
struct drm_hdcp1_desc {
	enum drm_hdcp1_transport transport;
	const struct drm_hdcp1_tx_ops *tx;
	const struct drm_hdcp1_link_ops *link;
	struct i2c_adapter *ddc;
	struct drm_dp_aux *aux;
};

struct drm_hdcp1 *drm_hdcp1_init(struct drm_connector *connector,
				 const struct drm_hdcp1_desc *desc);
void drm_hdcp1_fini(struct drm_hdcp1 *hdcp);

struct drm_hdcp_stream *drm_hdcp1_stream_attach(struct drm_hdcp1 *hdcp,
						struct drm_connector *connector);
void drm_hdcp1_stream_stop(struct drm_hdcp_stream *stream);
void drm_hdcp1_stream_detach(struct drm_hdcp_stream *stream);

void drm_hdcp1_atomic_commit(struct drm_hdcp1 *hdcp,
			     struct drm_atomic_state *state);
void drm_hdcp1_link_stop(struct drm_hdcp1 *hdcp);
void drm_hdcp1_hand_over(struct drm_hdcp1 *hdcp);
void drm_hdcp1_hotplug(struct drm_hdcp1 *hdcp, bool connected);
void drm_hdcp1_cp_irq(struct drm_hdcp1 *hdcp);

bool drm_hdcp1_is_encrypting(struct drm_hdcp1 *hdcp);
int drm_hdcp1_write_an_aksv(struct drm_hdcp1 *hdcp,
			    const u8 an[DRM_HDCP_AN_LEN],
			    const u8 aksv[DRM_HDCP_KSV_LEN]);

#endif /* __DRM_DISPLAY_HDCP1_H__ */
