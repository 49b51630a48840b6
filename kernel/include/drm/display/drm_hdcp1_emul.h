/* SPDX-License-Identifier: MIT */
/*
 * An emulated HDCP 1.4 receiver or repeater: the registers a transmitter
 * reaches over the HDMI DDC HDCP port or in the DisplayPort DPCD, backed by
 * the software cipher. For emulated links (VKMS) and tests; it records every
 * protocol violation the transmitter commits.
 */

#ifndef __DRM_DISPLAY_HDCP1_EMUL_H__
#define __DRM_DISPLAY_HDCP1_EMUL_H__

#include <linux/types.h>

#include <drm/display/drm_hdcp1.h>
#include <drm/display/drm_hdcp1_cipher.h>

struct drm_dp_aux_msg;
struct drm_hdcp1_emul;
struct i2c_msg;

/* "Never" for a delay or a frame, "no register" for a register fault. */
#define DRM_HDCP1_EMUL_NONE		U32_MAX

/* The most downstream devices and levels a repeater can report. */
#define DRM_HDCP1_EMUL_MAX_DEVICES	127
#define DRM_HDCP1_EMUL_MAX_DEPTH	7

/* Violations kept in the log; the counters keep counting past it. */
#define DRM_HDCP1_EMUL_LOG_LEN		16

/**
 * struct drm_hdcp1_emul_device - the identity of one HDCP device
 * @ksv: the 40-bit KSV
 * @keys: the 40 device private keys, 56 bits each
 */
struct drm_hdcp1_emul_device {
	u64 ksv;
	u64 keys[DRM_HDCP1_NUM_KEYS];
};

/**
 * struct drm_hdcp1_emul_ops - what the sink needs from its owner
 *
 * Both are called without the sink's lock held, so they may call back into
 * the sink.
 */
struct drm_hdcp1_emul_ops {
	/**
	 * @clock_ns: the current time in nanoseconds, never going backwards.
	 * The sink reads no other clock, so a test can drive it with
	 * injected time. Required.
	 */
	u64 (*clock_ns)(void *data);
	/**
	 * @cp_irq: a DisplayPort sink raises CP_IRQ, once for each time it
	 * sets READY, R0'_AVAILABLE, LINK_INTEGRITY_FAILURE or
	 * REAUTHENTICATION_REQUEST in Bstatus. Optional; never called for
	 * HDMI.
	 */
	void (*cp_irq)(void *data);
};

/**
 * enum drm_hdcp1_emul_violation - protocol rules a transmitter broke
 * @DRM_HDCP1_EMUL_R0_TOO_EARLY: R0' read less than 100 ms after the Aksv
 *	write (on DisplayPort: also before R0'_AVAILABLE was set)
 * @DRM_HDCP1_EMUL_AKSV_INVALID: an Aksv without exactly twenty ones
 * @DRM_HDCP1_EMUL_AN_STALE: Aksv written without a fresh An since the
 *	previous Aksv
 * @DRM_HDCP1_EMUL_PARTIAL_WRITE: An or Aksv only partly written when the
 *	last Aksv byte started the authentication
 * @DRM_HDCP1_EMUL_WRONG_ORDER: Aksv written before any An, or An written
 *	after Aksv and before R0' was read
 * @DRM_HDCP1_EMUL_FIFO_NOT_READY: KSV FIFO read before READY
 * @DRM_HDCP1_EMUL_FIFO_OVERRUN: KSV FIFO read past the end of the list
 * @DRM_HDCP1_EMUL_V_NOT_READY: V' read before READY
 * @DRM_HDCP1_EMUL_READY_TIMEOUT: KSV FIFO or V' read although READY came
 *	more than 5 s after R0' was read; the transmitter had to give up
 * @DRM_HDCP1_EMUL_ENC_BEFORE_R0: encryption enabled before R0' of the
 *	current authentication was read; not counted when the sink lost power
 *	after that read, as the transmitter cannot see the loss in time
 * @DRM_HDCP1_EMUL_RI_CHECK_LATE: HDMI: more than 2.5 s without an Ri' read
 *	while the link is authenticated and encrypted
 * @DRM_HDCP1_EMUL_CAPS_UNCHECKED: DisplayPort: An written without a Bcaps
 *	read that reported HDCP_CAPABLE since the sink was connected
 * @DRM_HDCP1_EMUL_READ_ONLY_WRITE: a write to a register the transmitter
 *	may only read, or to an undefined one
 * @DRM_HDCP1_EMUL_AINFO_UNSUPPORTED: Ainfo written with a bit the receiver
 *	does not offer (HDMI: ENABLE_1.1_FEATURES, as Bcaps offers no 1.1
 *	features) or a reserved bit
 * @DRM_HDCP1_EMUL_AUX_TOO_LONG: DisplayPort: an AUX transaction of more
 *	than 16 bytes, which the protocol cannot carry
 * @DRM_HDCP1_EMUL_NUM_VIOLATIONS: number of violation kinds
 */
enum drm_hdcp1_emul_violation {
	DRM_HDCP1_EMUL_R0_TOO_EARLY,
	DRM_HDCP1_EMUL_AKSV_INVALID,
	DRM_HDCP1_EMUL_AN_STALE,
	DRM_HDCP1_EMUL_PARTIAL_WRITE,
	DRM_HDCP1_EMUL_WRONG_ORDER,
	DRM_HDCP1_EMUL_FIFO_NOT_READY,
	DRM_HDCP1_EMUL_FIFO_OVERRUN,
	DRM_HDCP1_EMUL_V_NOT_READY,
	DRM_HDCP1_EMUL_READY_TIMEOUT,
	DRM_HDCP1_EMUL_ENC_BEFORE_R0,
	DRM_HDCP1_EMUL_RI_CHECK_LATE,
	DRM_HDCP1_EMUL_CAPS_UNCHECKED,
	DRM_HDCP1_EMUL_READ_ONLY_WRITE,
	DRM_HDCP1_EMUL_AINFO_UNSUPPORTED,
	DRM_HDCP1_EMUL_AUX_TOO_LONG,
	DRM_HDCP1_EMUL_NUM_VIOLATIONS
};

/**
 * struct drm_hdcp1_emul_record - one logged violation
 * @reason: the rule broken
 * @time_ns: when, on the owner's clock
 * @offset: the register accessed, in the transport's map, or
 *	%DRM_HDCP1_EMUL_NONE when no access committed it
 */
struct drm_hdcp1_emul_record {
	enum drm_hdcp1_emul_violation reason;
	u64 time_ns;
	u32 offset;
};

u64 drm_hdcp1_emul_ksv(unsigned int n);
void drm_hdcp1_emul_device_keys(u64 ksv, u64 keys[DRM_HDCP1_NUM_KEYS]);

struct drm_hdcp1_emul *
drm_hdcp1_emul_create(enum drm_hdcp1_transport transport,
		      const struct drm_hdcp1_emul_device *device,
		      const struct drm_hdcp1_emul_ops *ops, void *data);
void drm_hdcp1_emul_destroy(struct drm_hdcp1_emul *sink);

int drm_hdcp1_emul_read(struct drm_hdcp1_emul *sink, u32 offset, void *buf,
			size_t len);
int drm_hdcp1_emul_write(struct drm_hdcp1_emul *sink, u32 offset,
			 const void *buf, size_t len);
ssize_t drm_hdcp1_emul_aux_transfer(struct drm_hdcp1_emul *sink,
				    struct drm_dp_aux_msg *msg);
int drm_hdcp1_emul_ddc_xfer(struct drm_hdcp1_emul *sink, struct i2c_msg *msgs,
			    int num);

void drm_hdcp1_emul_set_encryption(struct drm_hdcp1_emul *sink, bool on);
void drm_hdcp1_emul_set_frame_ns(struct drm_hdcp1_emul *sink, u64 frame_ns);
void drm_hdcp1_emul_advance_frames(struct drm_hdcp1_emul *sink,
				   unsigned int frames);
u64 drm_hdcp1_emul_frame(struct drm_hdcp1_emul *sink);
bool drm_hdcp1_emul_poll(struct drm_hdcp1_emul *sink, u64 *next_ns);

int drm_hdcp1_emul_set_topology(struct drm_hdcp1_emul *sink, bool repeater,
				unsigned int devices, unsigned int depth,
				const u64 *ksvs);
void drm_hdcp1_emul_set_hdmi_mode(struct drm_hdcp1_emul *sink, bool hdmi);
void drm_hdcp1_emul_set_r0_delay(struct drm_hdcp1_emul *sink, u32 ms);
void drm_hdcp1_emul_set_ready_delay(struct drm_hdcp1_emul *sink, u32 ms);

void drm_hdcp1_emul_set_capable(struct drm_hdcp1_emul *sink, bool capable);
void drm_hdcp1_emul_set_connected(struct drm_hdcp1_emul *sink, bool connected);
void drm_hdcp1_emul_set_bksv(struct drm_hdcp1_emul *sink, u64 ksv);
void drm_hdcp1_emul_set_corrupt_r0(struct drm_hdcp1_emul *sink, bool corrupt);
void drm_hdcp1_emul_set_link_break(struct drm_hdcp1_emul *sink, u32 frame);
void drm_hdcp1_emul_set_corrupt_v(struct drm_hdcp1_emul *sink, bool corrupt);
void drm_hdcp1_emul_set_limits_exceeded(struct drm_hdcp1_emul *sink,
					bool max_devs, bool max_cascade);
void drm_hdcp1_emul_set_io_error(struct drm_hdcp1_emul *sink, u32 offset);
int drm_hdcp1_emul_dp_link_failure(struct drm_hdcp1_emul *sink);
int drm_hdcp1_emul_dp_reauth_request(struct drm_hdcp1_emul *sink);

void drm_hdcp1_emul_set_strict(struct drm_hdcp1_emul *sink, bool strict);
unsigned int drm_hdcp1_emul_violations(struct drm_hdcp1_emul *sink);
unsigned int drm_hdcp1_emul_violations_of(struct drm_hdcp1_emul *sink,
					  enum drm_hdcp1_emul_violation reason);
unsigned int drm_hdcp1_emul_violation_log(struct drm_hdcp1_emul *sink,
					  struct drm_hdcp1_emul_record *log,
					  unsigned int max);
void drm_hdcp1_emul_clear_violations(struct drm_hdcp1_emul *sink);
const char *drm_hdcp1_emul_violation_name(enum drm_hdcp1_emul_violation reason);

#endif /* __DRM_DISPLAY_HDCP1_EMUL_H__ */
