// SPDX-License-Identifier: GPL-2.0
/*
 * Small helpers: clock, output, files.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "e2e.h"

unsigned int check_failures;

double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static void vout(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	fflush(stdout);
}

void say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vout("", fmt, ap);
	va_end(ap);
}

/* A detail under the current case. */
void note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vout("    ", fmt, ap);
	va_end(ap);
}

/* Count and explain a broken expectation; returns @cond. */
bool check(bool cond, const char *fmt, ...)
{
	va_list ap;

	if (cond)
		return true;
	check_failures++;
	va_start(ap, fmt);
	vout("    not ok: ", fmt, ap);
	va_end(ap);
	return false;
}

/* Write the formatted text in one write(); returns 0 or -errno. */
int write_file(const char *path, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	ssize_t n;
	int fd, len, ret = 0;

	va_start(ap, fmt);
	len = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (len < 0 || (size_t)len >= sizeof(buf))
		return -EINVAL;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	if (n < 0)
		ret = -errno;
	else if (n != len)
		ret = -EIO;
	close(fd);
	return ret;
}

/* Read a small file into a NUL-terminated buffer; returns length or -errno. */
int read_file(const char *path, char *buf, size_t size)
{
	ssize_t n;
	size_t len = 0;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (len + 1 < size) {
		n = read(fd, buf + len, size - 1 - len);
		if (n < 0) {
			n = -errno;
			close(fd);
			return n;
		}
		if (!n)
			break;
		len += n;
	}
	buf[len] = '\0';
	close(fd);
	return len;
}

const char *cp_name(uint64_t v)
{
	switch (v) {
	case CP_UNDESIRED: return "Undesired";
	case CP_DESIRED: return "Desired";
	case CP_ENABLED: return "Enabled";
	default: return "?";
	}
}

/*
 * How far a test suspend goes (/sys/power/pm_test): "devices" suspends and
 * resumes every device; the SMP guest, whose root is on virtio 9p (which
 * has no resume), asks for "freezer" through E2E_PM_TEST: tasks and the
 * freezable workqueues (the engine's) are frozen and thawed.
 */
const char *pm_test_level(void)
{
	const char *level = getenv("E2E_PM_TEST");

	return level && *level ? level : "devices";
}

/* One test suspend at pm_test_level(), no delay; 0 or -errno. */
int suspend_resume(void)
{
	int ret = write_file("/sys/power/pm_test", "%s", pm_test_level());

	if (ret)
		return ret;
	write_file("/sys/module/suspend/parameters/pm_test_delay", "0");
	ret = write_file("/sys/power/state", "mem");
	/* Without S3, suspend to idle. */
	if (ret == -EINVAL)
		ret = write_file("/sys/power/state", "freeze");
	write_file("/sys/power/pm_test", "none");
	return ret;
}

const char *transport_name(enum transport t)
{
	return t == T_DP ? "dp" : t == T_HDMI ? "hdmi" : "any";
}
