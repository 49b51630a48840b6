// SPDX-License-Identifier: GPL-2.0
/*
 * The emulated sink's debugfs knobs, and the SRM file the kernel reads.
 *
 * Every knob path is in knob_paths[] below, relative to the connector's
 * debugfs directory (Documentation/gpu/vkms.rst describes them).
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "e2e.h"

static const char *const knob_paths[K_NUM] = {
	[K_SINK_CAPABILITY]	 = "hdcp_sink_capability",
	[K_CAPABLE]		 = "hdcp/capable",
	[K_CONNECTED]		 = "hdcp/connected",
	[K_BREAK_LINK]		 = "hdcp/break_link",
	[K_REAUTH_REQUEST]	 = "hdcp/reauth_request",
	[K_CORRUPT_R0]		 = "hdcp/corrupt_r0",
	[K_CORRUPT_V]		 = "hdcp/corrupt_v",
	[K_R0_DELAY_MS]		 = "hdcp/r0_delay_ms",
	[K_READY_DELAY_MS]	 = "hdcp/ready_delay_ms",
	[K_READY_NEVER]		 = "hdcp/ready_never",
	[K_TOPOLOGY]		 = "hdcp/topology",
	[K_MAX_DEVS_EXCEEDED]	 = "hdcp/max_devs_exceeded",
	[K_MAX_CASCADE_EXCEEDED] = "hdcp/max_cascade_exceeded",
	[K_BKSV]		 = "hdcp/bksv",
	[K_ENCRYPTING]		 = "hdcp/encrypting",
	[K_ENCRYPTION]		 = "hdcp/encryption",
	[K_VIOLATIONS]		 = "hdcp/violations",
	[K_EDID_OVERRIDE]	 = "edid_override",	/* DRM's own */
	[K_HDCP2]		 = "hdcp/hdcp2",
	[K_HDCP2_TOPOLOGY]	 = "hdcp/hdcp2_topology",
	[K_HDCP2_TOPOLOGY_CHANGE] = "hdcp/hdcp2_topology_change",
	[K_HDCP2_FAULT]		 = "hdcp/hdcp2_fault",
	[K_HDCP2_DELAY_MS]	 = "hdcp/hdcp2_delay_ms",
	[K_HDCP2_ENCRYPTING]	 = "hdcp/hdcp2_encrypting",
	[K_HDCP2_VIOLATIONS]	 = "hdcp/hdcp2_violations",
};

static char paths[K_NUM][PATH_MAX];

/* The connector's knobs, and the transport VKMS was booted with. */
int knobs_init(struct kms *k)
{
	char dir[256], cfg[512];
	struct stat st;
	int i;

	snprintf(dir, sizeof(dir), "/sys/kernel/debug/dri/%d/%s", k->minor, k->conn_name);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return -ENOENT;
	for (i = 0; i < K_NUM; i++)
		snprintf(paths[i], sizeof(paths[i]), "%s/%s", dir, knob_paths[i]);
	snprintf(dir, sizeof(dir), "/sys/kernel/debug/dri/%d/vkms_config", k->minor);
	if (read_file(dir, cfg, sizeof(cfg)) < 0 || !strstr(cfg, "hdcp=1"))
		return -ENODEV;
	k->transport = strstr(cfg, "hdcp_transport=dp") ? T_DP : T_HDMI;
	k->hdcp2 = strstr(cfg, "hdcp2=1");
	return 0;
}

/* For messages. */
const char *knob_path(enum knob knob)
{
	return paths[knob];
}

/* Returns 0 or -errno. */
int knob_write(enum knob knob, const char *fmt, ...)
{
	char buf[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return write_file(paths[knob], "%s", buf);
}

int knob_read(enum knob knob, char *buf, size_t size)
{
	return read_file(paths[knob], buf, size);
}

/* The first number in the knob, or -errno. */
long knob_read_long(enum knob knob)
{
	char buf[64];
	int ret = knob_read(knob, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	return strtol(buf, NULL, 0);
}

/* 1 while the emulated transmitter encrypts, 0 if not, -errno. */
int link_encrypting(void)
{
	return knob_read_long(K_ENCRYPTING);
}

int sink_replug(void)
{
	int ret = knob_write(K_CONNECTED, "0");

	return ret ? ret : knob_write(K_CONNECTED, "1");
}

static int parse_hex_ksv(const char *s, uint64_t *ksv)
{
	char *end;

	while (*s == ' ')
		s++;
	*ksv = strtoull(s, &end, 16);
	if (end - s != 10)
		return -EINVAL;
	return 0;
}

/* The emulated sink's KSV as a number (the spec prints it MSB first). */
int sink_bksv(struct kms *k, uint64_t *ksv)
{
	char buf[32];
	int ret = knob_read(K_BKSV, buf, sizeof(buf));

	(void)k;
	return ret < 0 ? ret : parse_hex_ksv(buf, ksv);
}

static const char *srm_path(char *buf, size_t size)
{
	const char *dir = getenv("E2E_FIRMWARE_DIR");

	if (!dir)
		return NULL;
	snprintf(buf, size, "%s/display_hdcp_srm.bin", dir);
	return buf;
}

/* Replace the SRM the kernel loads, atomically. */
static int srm_write(const uint8_t *data, size_t len)
{
	char path[PATH_MAX], tmp[PATH_MAX + 8];
	int fd, ret = 0;

	if (!srm_path(path, sizeof(path)))
		return -ENOENT;
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	if (write(fd, data, len) != (ssize_t)len)
		ret = -EIO;
	if (close(fd) && !ret)
		ret = -errno;
	if (!ret && rename(tmp, path))
		ret = -errno;
	return ret;
}

#define SRM_SIG_LEN	40

/*
 * A first-generation HDCP 1.x SRM revoking @n KSVs: ID 0x8, version 1,
 * one generation, its 24-bit length (itself, the VRL, the signature), one
 * VRL with the KSVs most significant byte first, and a signature the
 * kernel does not verify.
 */
int srm_install(const uint64_t *ksvs, unsigned int n)
{
	uint8_t srm[5 + 3 + 1 + 127 * 5 + SRM_SIG_LEN] = { 0x80, 0x00, 0x00, 0x01, 0x01 };
	size_t len = 5, gen_len = 3 + 1 + 5 * n + SRM_SIG_LEN;
	unsigned int i, b;

	if (n > 127)
		return -EINVAL;
	srm[len++] = gen_len >> 16;
	srm[len++] = gen_len >> 8;
	srm[len++] = gen_len;
	srm[len++] = n;
	for (i = 0; i < n; i++)
		for (b = 0; b < 5; b++)
			srm[len++] = ksvs[i] >> (8 * (4 - b));
	memset(&srm[len], 0, SRM_SIG_LEN);
	len += SRM_SIG_LEN;
	return srm_write(srm, len);
}

/*
 * The facsimile SRM of the HDCP 1.4 specification's test material:
 * version 5, revoking the test receivers B1 (0x511ef21acd) and B2
 * (0xe72697f401), signed with the facsimile DCP key.
 */
static const uint8_t facsimile_srm[] = {
	0x80, 0x00, 0x00, 0x05, 0x01, 0x00, 0x00, 0x36, 0x02, 0x51, 0x1e, 0xf2,
	0x1a, 0xcd, 0xe7, 0x26, 0x97, 0xf4, 0x01, 0x97, 0x10, 0x19, 0x92, 0x53,
	0xe9, 0xf0, 0x59, 0x95, 0xa3, 0x7a, 0x3b, 0xfe, 0xe0, 0x9c, 0x76, 0xdd,
	0x83, 0xaa, 0xc2, 0x5b, 0x24, 0xb3, 0x36, 0x84, 0x94, 0x75, 0x34, 0xdb,
	0x10, 0x9e, 0x3b, 0x23, 0x13, 0xd8, 0x7a, 0xc2, 0x30, 0x79, 0x84,
};

int srm_install_facsimile(void)
{
	return srm_write(facsimile_srm, sizeof(facsimile_srm));
}

int srm_remove(void)
{
	char path[PATH_MAX];

	if (!srm_path(path, sizeof(path)))
		return -ENOENT;
	if (unlink(path) && errno != ENOENT)
		return -errno;
	return 0;
}
