/* SPDX-License-Identifier: MIT */
/*
 * An emulated HDCP 2.2 receiver or repeater: the messages and registers a
 * transmitter reaches over the HDMI DDC HDCP port (0x50 to 0x80) or in the
 * DisplayPort DPCD (0x69000 on), computed in software with one of the
 * specification's test receivers. It is an HDCP 1.4 sink as well, as every
 * HDCP 2.2 sink is: the accesses outside its HDCP 2.2 registers go to a
 * &struct drm_hdcp1_emul. For emulated links (VKMS) and tests; it records
 * every protocol violation the transmitter commits.
 */

#ifndef __DRM_DISPLAY_HDCP2_EMUL_H__
#define __DRM_DISPLAY_HDCP2_EMUL_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp1.h>

struct drm_dp_aux_msg;
struct drm_hdcp1_emul;
struct drm_hdcp2_emul;
struct i2c_msg;

/* "Never" for a delay. */
#define DRM_HDCP2_EMUL_NEVER		U32_MAX
/* Violations kept in the log; the counters keep counting past it. */
#define DRM_HDCP2_EMUL_LOG_LEN		16

/**
 * struct drm_hdcp2_emul_ops - what the sink needs from its owner
 *
 * Called without the sink's lock held.
 */
struct drm_hdcp2_emul_ops {
	/** @clock_ns: the current time in nanoseconds; required */
	u64 (*clock_ns)(void *data);
	/**
	 * @cp_irq: optional; a DisplayPort sink raises CP_IRQ, once each
	 * time it sets a bit of RxStatus
	 */
	void (*cp_irq)(void *data);
};

/**
 * enum drm_hdcp2_emul_violation - protocol rules a transmitter broke
 * @DRM_HDCP2_EMUL_OUT_OF_ORDER: a message the receiver does not expect in
 *	its state, or an unknown one
 * @DRM_HDCP2_EMUL_BAD_LENGTH: HDMI: a message written with the wrong
 *	length
 * @DRM_HDCP2_EMUL_READ_NOT_READY: a message read before the receiver made
 *	it available
 * @DRM_HDCP2_EMUL_LC_LATE: SKE_Send_Eks sent although L' was read more
 *	than 20 ms after LC_Init
 * @DRM_HDCP2_EMUL_ENC_TOO_EARLY: encryption enabled less than 200 ms
 *	after SKE_Send_Eks
 * @DRM_HDCP2_EMUL_ENC_UNAUTHENTICATED: encryption enabled without a
 *	session key exchanged since AKE_Init
 * @DRM_HDCP2_EMUL_SEQ_NUM_M: a RepeaterAuth_Stream_Manage whose seq_num_M
 *	is not the one after the last (0 first)
 * @DRM_HDCP2_EMUL_TYPE1_FORBIDDEN: Type 1 content announced to a
 *	topology with an HDCP 1.x device or an HDCP 2.0 repeater downstream
 * @DRM_HDCP2_EMUL_ACK_LATE: RepeaterAuth_Send_Ack more than 2 s after the
 *	Receiver ID list was made available
 * @DRM_HDCP2_EMUL_READ_ONLY_WRITE: a write to a register the transmitter
 *	may only read, or to an undefined one
 * @DRM_HDCP2_EMUL_AUX_TOO_LONG: DisplayPort: an AUX transaction of more
 *	than 16 bytes
 * @DRM_HDCP2_EMUL_NUM_VIOLATIONS: number of violation kinds
 */
enum drm_hdcp2_emul_violation {
	DRM_HDCP2_EMUL_OUT_OF_ORDER,
	DRM_HDCP2_EMUL_BAD_LENGTH,
	DRM_HDCP2_EMUL_READ_NOT_READY,
	DRM_HDCP2_EMUL_LC_LATE,
	DRM_HDCP2_EMUL_ENC_TOO_EARLY,
	DRM_HDCP2_EMUL_ENC_UNAUTHENTICATED,
	DRM_HDCP2_EMUL_SEQ_NUM_M,
	DRM_HDCP2_EMUL_TYPE1_FORBIDDEN,
	DRM_HDCP2_EMUL_ACK_LATE,
	DRM_HDCP2_EMUL_READ_ONLY_WRITE,
	DRM_HDCP2_EMUL_AUX_TOO_LONG,
	DRM_HDCP2_EMUL_NUM_VIOLATIONS
};

/**
 * enum drm_hdcp2_emul_delay - the receiver's response times
 * @DRM_HDCP2_EMUL_CERT: AKE_Send_Cert after AKE_Init (spec: 100 ms)
 * @DRM_HDCP2_EMUL_H_PRIME: H' after the km message (1 s, 200 ms paired)
 * @DRM_HDCP2_EMUL_PAIRING: pairing info after H' (200 ms)
 * @DRM_HDCP2_EMUL_L_PRIME: L' after LC_Init (20 ms round trip)
 * @DRM_HDCP2_EMUL_LIST: a repeater's Receiver ID list after SKE (3 s)
 * @DRM_HDCP2_EMUL_M_PRIME: M' after RepeaterAuth_Stream_Manage (100 ms)
 * @DRM_HDCP2_EMUL_NUM_DELAYS: number of delays
 */
enum drm_hdcp2_emul_delay {
	DRM_HDCP2_EMUL_CERT,
	DRM_HDCP2_EMUL_H_PRIME,
	DRM_HDCP2_EMUL_PAIRING,
	DRM_HDCP2_EMUL_L_PRIME,
	DRM_HDCP2_EMUL_LIST,
	DRM_HDCP2_EMUL_M_PRIME,
	DRM_HDCP2_EMUL_NUM_DELAYS
};

/**
 * enum drm_hdcp2_emul_fault - a value the receiver gets wrong on purpose
 * @DRM_HDCP2_EMUL_BAD_CERT: the certificate's signature
 * @DRM_HDCP2_EMUL_BAD_H_PRIME: H'
 * @DRM_HDCP2_EMUL_BAD_L_PRIME: L'
 * @DRM_HDCP2_EMUL_BAD_V_PRIME: V'
 * @DRM_HDCP2_EMUL_BAD_M_PRIME: M'
 * @DRM_HDCP2_EMUL_SEQ_NUM_V_REPEAT: a topology change reuses the last
 *	seq_num_V
 * @DRM_HDCP2_EMUL_SEQ_NUM_V_ROLLOVER: seq_num_V starts at 0xffffff, so the
 *	next list rolls over to 0
 * @DRM_HDCP2_EMUL_SEQ_NUM_V_NONZERO: the first list after AKE has
 *	seq_num_V 1
 * @DRM_HDCP2_EMUL_NUM_FAULTS: number of faults
 */
enum drm_hdcp2_emul_fault {
	DRM_HDCP2_EMUL_BAD_CERT,
	DRM_HDCP2_EMUL_BAD_H_PRIME,
	DRM_HDCP2_EMUL_BAD_L_PRIME,
	DRM_HDCP2_EMUL_BAD_V_PRIME,
	DRM_HDCP2_EMUL_BAD_M_PRIME,
	DRM_HDCP2_EMUL_SEQ_NUM_V_REPEAT,
	DRM_HDCP2_EMUL_SEQ_NUM_V_ROLLOVER,
	DRM_HDCP2_EMUL_SEQ_NUM_V_NONZERO,
	DRM_HDCP2_EMUL_NUM_FAULTS
};

/**
 * struct drm_hdcp2_emul_topology - what a repeater reports downstream
 * @devices: downstream devices, at most 31 (more sets MAX_DEVS_EXCEEDED)
 * @depth: levels, at most 4 (more sets MAX_CASCADE_EXCEEDED)
 * @hdcp1_downstream: an HDCP 1.x device is downstream
 * @hdcp2_0_downstream: an HDCP 2.0 repeater is downstream
 */
struct drm_hdcp2_emul_topology {
	unsigned int devices;
	unsigned int depth;
	bool hdcp1_downstream;
	bool hdcp2_0_downstream;
};

/**
 * struct drm_hdcp2_emul_record - one logged violation
 * @reason: the rule broken
 * @time_ns: when, on the owner's clock
 * @msg_id: the message concerned, 0 if none
 */
struct drm_hdcp2_emul_record {
	enum drm_hdcp2_emul_violation reason;
	u64 time_ns;
	u8 msg_id;
};

struct drm_hdcp2_emul *
drm_hdcp2_emul_create(enum drm_hdcp1_transport transport, unsigned int receiver,
		      struct drm_hdcp1_emul *hdcp1,
		      const struct drm_hdcp2_emul_ops *ops, void *data);
void drm_hdcp2_emul_destroy(struct drm_hdcp2_emul *sink);

int drm_hdcp2_emul_read(struct drm_hdcp2_emul *sink, u32 offset, void *buf, size_t len);
int drm_hdcp2_emul_write(struct drm_hdcp2_emul *sink, u32 offset, const void *buf,
			 size_t len);
ssize_t drm_hdcp2_emul_aux_transfer(struct drm_hdcp2_emul *sink,
				    struct drm_dp_aux_msg *msg);
int drm_hdcp2_emul_ddc_xfer(struct drm_hdcp2_emul *sink, struct i2c_msg *msgs, int num);
bool drm_hdcp2_emul_poll(struct drm_hdcp2_emul *sink, u64 *next_ns);

void drm_hdcp2_emul_set_encryption(struct drm_hdcp2_emul *sink, bool on);
bool drm_hdcp2_emul_authenticated(struct drm_hdcp2_emul *sink);
int drm_hdcp2_emul_stream_type(struct drm_hdcp2_emul *sink);

void drm_hdcp2_emul_set_capable(struct drm_hdcp2_emul *sink, bool capable);
void drm_hdcp2_emul_set_connected(struct drm_hdcp2_emul *sink, bool connected);
int drm_hdcp2_emul_set_repeater(struct drm_hdcp2_emul *sink,
				const struct drm_hdcp2_emul_topology *topology);
void drm_hdcp2_emul_set_receiver(struct drm_hdcp2_emul *sink);
void drm_hdcp2_emul_set_delay(struct drm_hdcp2_emul *sink,
			      enum drm_hdcp2_emul_delay which, u32 ms);
u32 drm_hdcp2_emul_delay(struct drm_hdcp2_emul *sink, enum drm_hdcp2_emul_delay which);
void drm_hdcp2_emul_set_fault(struct drm_hdcp2_emul *sink,
			      enum drm_hdcp2_emul_fault fault, bool on);
void drm_hdcp2_emul_set_pairing(struct drm_hdcp2_emul *sink, bool pairing);
void drm_hdcp2_emul_reauth_request(struct drm_hdcp2_emul *sink);
int drm_hdcp2_emul_link_failure(struct drm_hdcp2_emul *sink);
int drm_hdcp2_emul_topology_change(struct drm_hdcp2_emul *sink,
				   const struct drm_hdcp2_emul_topology *topology);
const u8 *drm_hdcp2_emul_receiver_id(struct drm_hdcp2_emul *sink);

void drm_hdcp2_emul_set_strict(struct drm_hdcp2_emul *sink, bool strict);
unsigned int drm_hdcp2_emul_violations(struct drm_hdcp2_emul *sink);
unsigned int drm_hdcp2_emul_ignored(struct drm_hdcp2_emul *sink);
unsigned int drm_hdcp2_emul_violations_of(struct drm_hdcp2_emul *sink,
					  enum drm_hdcp2_emul_violation reason);
unsigned int drm_hdcp2_emul_violation_log(struct drm_hdcp2_emul *sink,
					  struct drm_hdcp2_emul_record *log,
					  unsigned int max);
void drm_hdcp2_emul_clear_violations(struct drm_hdcp2_emul *sink);
const char *drm_hdcp2_emul_violation_name(enum drm_hdcp2_emul_violation reason);

#endif /* __DRM_DISPLAY_HDCP2_EMUL_H__ */
