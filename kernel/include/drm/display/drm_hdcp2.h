/* SPDX-License-Identifier: MIT */
/*
 * A hardware-independent HDCP 2.2 transmitter engine. A driver creates one
 * per port with drm_hdcp2_init(), gives it a backend for the protocol's
 * cryptography (&struct drm_hdcp2_backend: firmware, or software on
 * emulated links), what its transmitter does (&drm_hdcp2_tx_ops) and how
 * the receiver is reached, and tells it what happens; the engine runs the
 * protocol, falls back to HDCP 1.4 for Type 0 content where the sink has
 * no HDCP 2.2, and reports through the "Content Protection" property.
 */

#ifndef __DRM_DISPLAY_HDCP2_H__
#define __DRM_DISPLAY_HDCP2_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp.h>
#include <drm/display/drm_hdcp1.h>

struct drm_atomic_state;
struct drm_connector;
struct drm_dp_aux;
struct drm_hdcp2;
struct drm_hdcp2_backend;
struct i2c_adapter;

/**
 * union drm_hdcp2_ake_km - the message that carries km to the receiver
 * @msg_id: HDCP_2_2_AKE_NO_STORED_KM or HDCP_2_2_AKE_STORED_KM
 * @no_stored: km encrypted with the receiver's public key
 * @stored: km encrypted with the key the receiver paired with
 */
union drm_hdcp2_ake_km {
	u8 msg_id;
	struct hdcp2_ake_no_stored_km no_stored;
	struct hdcp2_ake_stored_km stored;
};

/**
 * struct drm_hdcp2_backend_ops - the cryptography of an HDCP 2.2 transmitter
 *
 * One operation per protocol message: each takes the message the receiver
 * sent, or builds the one to send, and keeps km, kd and ks to itself, as
 * the firmware of real transmitters does. The engine calls them in the
 * protocol's order, one at a time, from its worker, and may sleep in them.
 * A session runs from @ake_init to @close. "Verify" operations return 0
 * when the receiver's value matches, -EPERM when it does not, another
 * negative error code on failure.
 *
 * The engine, not the backend, checks what is not secret: the receiver's
 * version, revocation against the SRM, topology limits and the sequence
 * numbers.
 */
struct drm_hdcp2_backend_ops {
	/**
	 * @capable: optional; whether the transmitter can run HDCP 2.2 now
	 * (firmware loaded, not in a mode that forbids the algorithms).
	 * Without it, always.
	 */
	bool (*capable)(struct drm_hdcp2_backend *be);
	/** @ake_init: open a session and build AKE_Init (rtx, TxCaps) */
	int (*ake_init)(struct drm_hdcp2_backend *be, struct hdcp2_ake_init *msg);
	/**
	 * @verify_cert: check the certificate's signature and build the
	 * message that carries km: AKE_Stored_km if the backend paired with
	 * this receiver before, else AKE_No_Stored_km. *@len is the message's
	 * length.
	 */
	int (*verify_cert)(struct drm_hdcp2_backend *be,
			   const struct hdcp2_ake_send_cert *cert,
			   union drm_hdcp2_ake_km *km, size_t *len);
	/** @verify_h_prime: compare H' */
	int (*verify_h_prime)(struct drm_hdcp2_backend *be,
			      const struct hdcp2_ake_send_hprime *msg);
	/** @store_pairing: keep Ekh(km) for the next session with the receiver */
	int (*store_pairing)(struct drm_hdcp2_backend *be,
			     const struct hdcp2_ake_send_pairing_info *msg);
	/** @lc_init: build LC_Init with a fresh rn */
	int (*lc_init)(struct drm_hdcp2_backend *be, struct hdcp2_lc_init *msg);
	/** @verify_l_prime: compare L' */
	int (*verify_l_prime)(struct drm_hdcp2_backend *be,
			      const struct hdcp2_lc_send_lprime *msg);
	/** @ske: build SKE_Send_Eks with a fresh session key */
	int (*ske)(struct drm_hdcp2_backend *be, struct hdcp2_ske_send_eks *msg);
	/**
	 * @verify_receiver_ids: compare a repeater's V' and build
	 * RepeaterAuth_Send_Ack
	 */
	int (*verify_receiver_ids)(struct drm_hdcp2_backend *be,
				   const struct hdcp2_rep_send_receiverid_list *msg,
				   struct hdcp2_rep_send_ack *ack);
	/**
	 * @stream_manage: optional, for firmware that builds
	 * RepeaterAuth_Stream_Manage itself: fill in seq_num_M, from 0 after
	 * @ake_init and one more at each call, for the @manage->k streams
	 * the engine filled in. Without it the engine numbers the messages.
	 * -ERANGE once seq_num_M would roll over.
	 */
	int (*stream_manage)(struct drm_hdcp2_backend *be,
			     struct hdcp2_rep_stream_manage *manage);
	/**
	 * @verify_m_prime: compare a repeater's M' for the streams and
	 * seq_num_M of @manage, which the engine sent
	 */
	int (*verify_m_prime)(struct drm_hdcp2_backend *be,
			      const struct hdcp2_rep_stream_manage *manage,
			      const struct hdcp2_rep_stream_ready *msg);
	/**
	 * @authenticated: optional; the session is authenticated for content
	 * of @type (HDCP_STREAM_TYPE0 or 1) and the transmitter may encrypt
	 * with its key
	 */
	int (*authenticated)(struct drm_hdcp2_backend *be, u8 type);
	/** @close: end the session and forget its keys; must not fail */
	void (*close)(struct drm_hdcp2_backend *be);
};

/**
 * struct drm_hdcp2_backend - an HDCP 2.2 cryptography backend
 * @ops: its operations
 *
 * Embedded in the backend's own object. One per port: a session's keys
 * live in it from &drm_hdcp2_backend_ops.ake_init to
 * &drm_hdcp2_backend_ops.close.
 */
struct drm_hdcp2_backend {
	const struct drm_hdcp2_backend_ops *ops;
};

/**
 * struct drm_hdcp2_tx_ops - the transmitter's HDCP 2.2 encryption
 *
 * Called from the engine's worker, one at a time, except @reset, which is
 * also called from drm_hdcp2_link_stop(). All may sleep.
 */
struct drm_hdcp2_tx_ops {
	/**
	 * @encrypt: start encrypting the link with the session key of the
	 * authenticated session; on success the link is encrypted
	 */
	int (*encrypt)(struct drm_connector *connector);
	/**
	 * @encryption_status: optional; 0 while the transmitter still
	 * encrypts, a negative code when it stopped on its own
	 */
	int (*encryption_status)(struct drm_connector *connector);
	/**
	 * @stream_encrypt: optional, for ports that carry several streams
	 * (DP MST): switch one stream's encryption, as
	 * &drm_hdcp1_tx_ops.stream_encrypt does
	 */
	int (*stream_encrypt)(struct drm_connector *connector, bool on);
	/** @reset: stop encrypting; must not fail */
	void (*reset)(struct drm_connector *connector);
};

/**
 * struct drm_hdcp2_desc - what drm_hdcp2_init() needs to know
 * @transport: HDMI or DisplayPort
 * @backend: the cryptography
 * @tx: the transmitter's HDCP 2.2 encryption
 * @hdcp1_tx: optional; the transmitter's HDCP 1.4, used for Type 0
 *	content when the sink has no HDCP 2.2
 * @link: receiver access, or NULL for plain DDC or AUX (as for HDCP 1.4,
 *	with offsets of the transport's map: DDC 0x50 to 0x80, DPCD 0x69000
 *	on)
 * @ddc: with a NULL @link on HDMI: the DDC bus, or NULL for
 *	&drm_connector.ddc
 * @aux: with a NULL @link on DisplayPort: the AUX channel
 */
struct drm_hdcp2_desc {
	enum drm_hdcp1_transport transport;
	struct drm_hdcp2_backend *backend;
	const struct drm_hdcp2_tx_ops *tx;
	const struct drm_hdcp1_tx_ops *hdcp1_tx;
	const struct drm_hdcp1_link_ops *link;
	struct i2c_adapter *ddc;
	struct drm_dp_aux *aux;
};

struct drm_hdcp2 *drm_hdcp2_init(struct drm_connector *connector,
				 const struct drm_hdcp2_desc *desc);
void drm_hdcp2_fini(struct drm_hdcp2 *hdcp);
void drm_hdcp2_atomic_commit(struct drm_hdcp2 *hdcp, struct drm_atomic_state *state);
void drm_hdcp2_link_stop(struct drm_hdcp2 *hdcp);
void drm_hdcp2_hotplug(struct drm_hdcp2 *hdcp, bool connected);
void drm_hdcp2_cp_irq(struct drm_hdcp2 *hdcp);
bool drm_hdcp2_is_encrypting(struct drm_hdcp2 *hdcp);
int drm_hdcp2_write_an_aksv(struct drm_hdcp2 *hdcp,
			    const u8 an[DRM_HDCP_AN_LEN],
			    const u8 aksv[DRM_HDCP_KSV_LEN]);

#endif /* __DRM_DISPLAY_HDCP2_H__ */
