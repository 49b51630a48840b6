// SPDX-License-Identifier: GPL-2.0
/*
 * The emulated sink's debugfs knobs, and the SRM file the kernel reads.
 *
 * Every knob path is in knob_paths[] below. The second VKMS pass puts the
 * knobs in a "hdcp/" subdirectory of the connector's debugfs directory; the
 * first pass had flat "hdcp_*" files and fewer knobs (NULL in its column).
 * The layout in use is the one the connector directory has.
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

static const struct {
	const char *v2, *v1;
} knob_paths[K_NUM] = {
	[K_SINK_CAPABILITY]	 = { "hdcp_sink_capability", "hdcp_sink_capability" },
	[K_CAPABLE]		 = { "hdcp/capable", "hdcp_sink_capable" },
	[K_CONNECTED]		 = { "hdcp/connected", "hdcp_sink_connected" },
	[K_TRANSPORT]		 = { "hdcp/transport", NULL },
	[K_BREAK_LINK]		 = { "hdcp/break_link", "hdcp_break_link" },
	[K_REAUTH_REQUEST]	 = { "hdcp/reauth_request", NULL },
	[K_CORRUPT_R0]		 = { "hdcp/corrupt_r0", "hdcp_corrupt_r0" },
	[K_CORRUPT_V]		 = { "hdcp/corrupt_v", NULL },
	[K_R0_DELAY_MS]		 = { "hdcp/r0_delay_ms", "hdcp_r0_delay_ms" },
	[K_READY_DELAY_MS]	 = { "hdcp/ready_delay_ms", NULL },
	[K_READY_NEVER]		 = { "hdcp/ready_never", "hdcp_ready_never" },
	[K_TOPOLOGY]		 = { "hdcp/topology", "hdcp_topology" },
	[K_MAX_DEVS_EXCEEDED]	 = { "hdcp/max_devs_exceeded", "hdcp_max_devs_exceeded" },
	[K_MAX_CASCADE_EXCEEDED] = { "hdcp/max_cascade_exceeded", "hdcp_max_cascade_exceeded" },
	[K_BKSV]		 = { "hdcp/bksv", NULL },
	[K_ENCRYPTING]		 = { "hdcp/encrypting", NULL },
	[K_VIOLATIONS]		 = { "hdcp/violations", NULL },
};

static char conn_dir[256];
static bool layout_v2;
static char paths[K_NUM][PATH_MAX];

int knobs_init(struct kms *k)
{
	char dir[PATH_MAX + 8];
	struct stat st;
	int i;

	snprintf(conn_dir, sizeof(conn_dir), "/sys/kernel/debug/dri/%d/%s",
		 k->minor, k->conn_name);
	if (stat(conn_dir, &st) || !S_ISDIR(st.st_mode))
		return -ENOENT;
	snprintf(dir, sizeof(dir), "%s/hdcp", conn_dir);
	layout_v2 = !stat(dir, &st) && S_ISDIR(st.st_mode);
	for (i = 0; i < K_NUM; i++) {
		const char *rel = layout_v2 ? knob_paths[i].v2 : knob_paths[i].v1;

		if (rel)
			snprintf(paths[i], sizeof(paths[i]), "%s/%s", conn_dir, rel);
	}
	return 0;
}

/* For messages; "" when this VKMS has no such knob. */
const char *knob_path(enum knob knob)
{
	return paths[knob];
}

/* Returns 0 or -errno; -ENOENT for a knob this VKMS does not have. */
int knob_write(enum knob knob, const char *fmt, ...)
{
	char buf[128];
	va_list ap;

	if (!paths[knob][0])
		return -ENOENT;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return write_file(paths[knob], "%s", buf);
}

int knob_read(enum knob knob, char *buf, size_t size)
{
	if (!paths[knob][0])
		return -ENOENT;
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

/*
 * The Bksv the transmitter reads, as learned from the engine's own debug
 * line "HDCP 1.4: Bksv <5 bytes in wire order>" while it authenticates.
 * For the first VKMS pass, which has no "bksv" knob.
 */
static int bksv_from_engine(struct kms *k, uint64_t *ksv)
{
	static const char param[] = "/sys/module/drm/parameters/debug";
	char saved[32], rec[1024];
	struct trace t;
	int fd, ret = -ENOENT;

	if (read_file(param, saved, sizeof(saved)) < 0)
		return -ENOENT;
	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	lseek(fd, 0, SEEK_END);
	cp_set_atomic(k, CP_UNDESIRED);
	write_file(param, "0x4");	/* DRM_UT_KMS */
	cp_set_atomic(k, CP_DESIRED);
	cp_wait(k, CP_ENABLED, WAIT_ENABLED_MS, 0, &t);
	write_file(param, "%s", saved);
	cp_set_atomic(k, CP_UNDESIRED);
	for (;;) {
		ssize_t n = read(fd, rec, sizeof(rec) - 1);
		const char *p;
		uint8_t b[5];

		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0)
			break;
		rec[n] = '\0';
		p = strstr(rec, "HDCP 1.4: Bksv ");
		if (!p || sscanf(p + 15, "%2hhx%2hhx%2hhx%2hhx%2hhx", &b[0], &b[1],
				 &b[2], &b[3], &b[4]) != 5)
			continue;
		*ksv = (uint64_t)b[4] << 32 | (uint64_t)b[3] << 24 |
		       (uint64_t)b[2] << 16 | (uint64_t)b[1] << 8 | b[0];
		ret = 0;
	}
	close(fd);
	return ret;
}

/* The emulated sink's KSV as a number (the spec prints it MSB first). */
int sink_bksv(struct kms *k, uint64_t *ksv)
{
	char buf[32];
	int ret;

	if (!(features & F_BKSV))
		return bksv_from_engine(k, ksv);
	ret = knob_read(K_BKSV, buf, sizeof(buf));
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
