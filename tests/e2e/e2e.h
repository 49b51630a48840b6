/* SPDX-License-Identifier: GPL-2.0 */
/*
 * End-to-end tests of "Content Protection" on VKMS with its emulated
 * HDCP 1.4 link, from userspace through libdrm, as a compositor drives it.
 * Runs inside the UML guest that tools/e2e-guest.sh boots.
 */

#ifndef E2E_H
#define E2E_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <xf86drm.h>
#include <xf86drmMode.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The property values of the uAPI (include/uapi/drm/drm_mode.h). */
#define CP_UNDESIRED	0
#define CP_DESIRED	1
#define CP_ENABLED	2
#define CP_NONE		UINT64_MAX	/* "no value read" in traces */

/*
 * Timing the engine and the emulated sink promise (drm_hdcp1_fsm.h,
 * drm_hdcp1_emul.c): R0' is read 100 ms after Aksv, the HDMI link is
 * checked every 2 s (128 frames, capped), a broken HDMI link shows at the
 * next 128-frame roll of Ri' (2.13 s at 60 Hz), a failed attempt is retried
 * after a back-off that grows from 100 ms to 6.4 s, a repeater gets 5 s to
 * set READY. The waits below add room for a slow, instrumented guest.
 */
#define HDCP_R0_FLOOR_MS	100
#define HDCP_LINK_CHECK_MS	2000
#define HDCP_RI_ROLL_MS		2134	/* 128 frames at 60 Hz */
#define HDCP_RETRY_MAX_MS	6400
#define HDCP_READY_TIMEOUT_MS	5000
#define WAIT_ENABLED_MS		10000	/* first authentication */
#define WAIT_RECOVER_MS		(HDCP_RETRY_MAX_MS + 6000)
#define WAIT_DETECT_MS		(HDCP_RI_ROLL_MS + HDCP_LINK_CHECK_MS + 1500)
#define HOLD_MS			(HDCP_LINK_CHECK_MS + 500)
#define SAMPLE_MS		5

/* The register map the emulated sink speaks, fixed at boot (vkms.hdcp_transport). */
enum transport { T_ANY, T_HDMI, T_DP };

/* The debugfs knobs of the emulated link; paths in knobs.c only. */
enum knob {
	K_SINK_CAPABILITY,
	K_CAPABLE,
	K_CONNECTED,
	K_BREAK_LINK,
	K_REAUTH_REQUEST,
	K_CORRUPT_R0,
	K_CORRUPT_V,
	K_R0_DELAY_MS,
	K_READY_DELAY_MS,
	K_READY_NEVER,
	K_TOPOLOGY,
	K_MAX_DEVS_EXCEEDED,
	K_MAX_CASCADE_EXCEEDED,
	K_BKSV,
	K_ENCRYPTING,
	K_ENCRYPTION,
	K_VIOLATIONS,
	K_EDID_OVERRIDE,
	/* With vkms.enable_hdcp2=1 only. */
	K_HDCP2,
	K_HDCP2_TOPOLOGY,
	K_HDCP2_TOPOLOGY_CHANGE,
	K_HDCP2_FAULT,
	K_HDCP2_DELAY_MS,
	K_HDCP2_ENCRYPTING,
	K_HDCP2_VIOLATIONS,
	K_NUM
};

struct kms {
	int fd;
	uint32_t conn_id, crtc_id, plane_id;
	char conn_name[32];
	int minor;
	enum transport transport;
	bool hdcp2;			/* the link runs HDCP 2.2 (vkms.enable_hdcp2) */

	drmModeModeInfo modes[2];	/* preferred, and another one */
	uint32_t mode_blob[2];
	uint32_t fb_id;
	int mode;			/* index of the mode set */

	/* property ids */
	uint32_t cp, type, conn_crtc_id;
	uint32_t active, mode_id;
	uint32_t fb, plane_crtc_id, src_x, src_y, src_w, src_h;
	uint32_t crtc_x, crtc_y, crtc_w, crtc_h;

	int uevent_fd;			/* kernel uevents, netlink group 1 */
};

/* A kernel uevent of the DRM device. */
struct uevent {
	bool hotplug;
	uint32_t connector, property;	/* 0 when absent */
	double at;			/* seconds, now_s() clock */
};

/* What a wait or a hold saw. */
struct trace {
	double start, reached;		/* seconds; reached < 0: not reached */
	unsigned int cp_uevents;	/* HOTPLUG=1 CONNECTOR=ours PROPERTY=cp */
	double first_cp_uevent;		/* seconds, < 0 if none */
	unsigned int hotplug_uevents;	/* HOTPLUG=1 CONNECTOR=ours, no PROPERTY */
	unsigned int samples;
	uint64_t last;			/* the last value read */
	uint64_t seen;			/* bit per value read */
	char violation[160];		/* first invariant broken, "" if none */
};

/* Invariants checked at every sample of a wait or hold. */
#define INV_NOT_UNDESIRED	(1u << 0)	/* Desired is never lost */
#define INV_NOT_ENABLED		(1u << 1)	/* Enabled is never shown */
#define INV_ENABLED_ENCRYPTS	(1u << 2)	/* Enabled only while encrypting */

/* util.c */
double now_s(void);
void sleep_ms(unsigned int ms);
void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool check(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
extern unsigned int check_failures;
int write_file(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int read_file(const char *path, char *buf, size_t size);
const char *cp_name(uint64_t v);
const char *transport_name(enum transport t);
const char *pm_test_level(void);
int suspend_resume(void);

/* kms.c */
int kms_open(struct kms *k);
void kms_close(struct kms *k);
int kms_commit(struct kms *k, uint32_t flags, unsigned int n, ...);
int kms_modeset(struct kms *k, int mode, bool active);
int kms_set_active(struct kms *k, bool active);
int kms_flip(struct kms *k);
uint64_t kms_get(struct kms *k, uint32_t obj, uint32_t obj_type, uint32_t prop);
uint64_t cp_get(struct kms *k);
uint64_t type_get(struct kms *k);
int cp_set_atomic(struct kms *k, uint64_t v);
int cp_set_legacy(struct kms *k, uint64_t v);
int type_set(struct kms *k, uint64_t v);
int uevent_open(struct kms *k);
void uevent_drain(struct kms *k);
int uevent_next(struct kms *k, int timeout_ms, struct uevent *ev);
int cp_wait(struct kms *k, uint64_t want, int timeout_ms, unsigned int inv,
	    struct trace *t);
int cp_hold(struct kms *k, uint64_t value, int ms, unsigned int inv,
	    struct trace *t);
bool cp_uevent_within(struct kms *k, struct trace *t, int ms);

/* knobs.c */
int knobs_init(struct kms *k);
const char *knob_path(enum knob knob);
int knob_write(enum knob knob, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int knob_read(enum knob knob, char *buf, size_t size);
long knob_read_long(enum knob knob);
int link_encrypting(void);
int sink_bksv(struct kms *k, uint64_t *ksv);
int srm_install(const uint64_t *ksvs, unsigned int n);
int srm_install_facsimile(void);
int srm_remove(void);
int sink_replug(void);

/* cases.c, bench.c, demo.c, stress.c */
int run_tests(struct kms *k, int argc, char **argv);
int run_stress(struct kms *k, unsigned int ops);
int run_bench(struct kms *k);
int run_demo(struct kms *k);

#endif /* E2E_H */
