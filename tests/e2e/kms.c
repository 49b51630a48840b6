// SPDX-License-Identifier: GPL-2.0
/*
 * The DRM side: find the VKMS connector, CRTC and primary plane, light the
 * CRTC, read and set properties through the atomic and legacy ioctls, and
 * listen to the kernel's uevents as a compositor would.
 */

#include <errno.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "e2e.h"

static uint32_t prop_id(int fd, uint32_t obj, uint32_t type, const char *name)
{
	drmModeObjectPropertiesPtr props = drmModeObjectGetProperties(fd, obj, type);
	uint32_t id = 0;
	uint32_t i;

	if (!props)
		return 0;
	for (i = 0; i < props->count_props && !id; i++) {
		drmModePropertyPtr p = drmModeGetProperty(fd, props->props[i]);

		if (p && !strcmp(p->name, name))
			id = p->prop_id;
		drmModeFreeProperty(p);
	}
	drmModeFreeObjectProperties(props);
	return id;
}

uint64_t kms_get(struct kms *k, uint32_t obj, uint32_t obj_type, uint32_t prop)
{
	drmModeObjectPropertiesPtr props;
	uint64_t v = CP_NONE;
	uint32_t i;

	props = drmModeObjectGetProperties(k->fd, obj, obj_type);
	if (!props)
		return CP_NONE;
	for (i = 0; i < props->count_props; i++)
		if (props->props[i] == prop)
			v = props->prop_values[i];
	drmModeFreeObjectProperties(props);
	return v;
}

uint64_t cp_get(struct kms *k)
{
	return kms_get(k, k->conn_id, DRM_MODE_OBJECT_CONNECTOR, k->cp);
}

uint64_t type_get(struct kms *k)
{
	return kms_get(k, k->conn_id, DRM_MODE_OBJECT_CONNECTOR, k->type);
}

static int open_vkms(int *minor)
{
	char path[32];
	struct stat st;
	int i, fd;

	for (i = 0; i < 16; i++) {
		drmVersionPtr ver;
		bool vkms;

		snprintf(path, sizeof(path), "/dev/dri/card%d", i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		ver = drmGetVersion(fd);
		vkms = ver && !strcmp(ver->name, "vkms");
		drmFreeVersion(ver);
		if (vkms && !fstat(fd, &st)) {
			*minor = minor(st.st_rdev);
			return fd;
		}
		close(fd);
	}
	return -ENODEV;
}

static int find_objects(struct kms *k)
{
	drmModeResPtr res = drmModeGetResources(k->fd);
	drmModePlaneResPtr planes;
	int i, ret = -ENOENT;

	if (!res)
		return -errno;
	for (i = 0; i < res->count_connectors && !k->conn_id; i++) {
		uint32_t id = res->connectors[i];

		if (prop_id(k->fd, id, DRM_MODE_OBJECT_CONNECTOR, "Content Protection"))
			k->conn_id = id;
	}
	if (res->count_crtcs)
		k->crtc_id = res->crtcs[0];
	drmModeFreeResources(res);
	if (!k->conn_id || !k->crtc_id)
		return -ENOENT;

	planes = drmModeGetPlaneResources(k->fd);
	if (!planes)
		return -errno;
	for (i = 0; i < (int)planes->count_planes && !k->plane_id; i++) {
		uint32_t id = planes->planes[i];
		drmModePlanePtr p = drmModeGetPlane(k->fd, id);
		uint32_t type = prop_id(k->fd, id, DRM_MODE_OBJECT_PLANE, "type");

		if (p && (p->possible_crtcs & 1) && type &&
		    kms_get(k, id, DRM_MODE_OBJECT_PLANE, type) == DRM_PLANE_TYPE_PRIMARY)
			k->plane_id = id;
		drmModeFreePlane(p);
	}
	drmModeFreePlaneResources(planes);
	if (k->plane_id)
		ret = 0;
	return ret;
}

/* The preferred mode, and a smaller one for "a full modeset to another mode". */
static int pick_modes(struct kms *k)
{
	drmModeConnectorPtr c = drmModeGetConnector(k->fd, k->conn_id);
	int i, pref = -1, other = -1;

	if (!c)
		return -errno;
	snprintf(k->conn_name, sizeof(k->conn_name), "%s-%u",
		 drmModeGetConnectorTypeName(c->connector_type) ?: "Unknown",
		 c->connector_type_id);
	for (i = 0; i < c->count_modes && pref < 0; i++)
		if (c->modes[i].type & DRM_MODE_TYPE_PREFERRED)
			pref = i;
	if (pref < 0 && c->count_modes)
		pref = 0;
	for (i = 0; pref >= 0 && i < c->count_modes && other < 0; i++)
		if (c->modes[i].hdisplay < c->modes[pref].hdisplay &&
		    c->modes[i].vdisplay < c->modes[pref].vdisplay)
			other = i;
	if (pref >= 0 && other >= 0) {
		k->modes[0] = c->modes[pref];
		k->modes[1] = c->modes[other];
	}
	drmModeFreeConnector(c);
	return other >= 0 ? 0 : -ENOENT;
}

static int make_fb(struct kms *k)
{
	struct drm_mode_create_dumb dumb = {
		.width = k->modes[0].hdisplay,
		.height = k->modes[0].vdisplay,
		.bpp = 32,
	};
	uint32_t handles[4] = { 0 }, pitches[4] = { 0 }, offsets[4] = { 0 };

	if (drmIoctl(k->fd, DRM_IOCTL_MODE_CREATE_DUMB, &dumb))
		return -errno;
	handles[0] = dumb.handle;
	pitches[0] = dumb.pitch;
	if (drmModeAddFB2(k->fd, dumb.width, dumb.height, DRM_FORMAT_XRGB8888,
			  handles, pitches, offsets, &k->fb_id, 0))
		return -errno;
	return 0;
}

int kms_open(struct kms *k)
{
	int i, ret;

	memset(k, 0, sizeof(*k));
	k->uevent_fd = -1;
	k->fd = open_vkms(&k->minor);
	if (k->fd < 0)
		return k->fd;
	if (drmSetClientCap(k->fd, DRM_CLIENT_CAP_UNIVERSAL_PLANES, 1) ||
	    drmSetClientCap(k->fd, DRM_CLIENT_CAP_ATOMIC, 1))
		return -errno;
	/* The first opener is master already; a second run asks again. */
	if (drmSetMaster(k->fd))
		return -errno;
	ret = find_objects(k);
	if (!ret)
		ret = pick_modes(k);
	if (!ret)
		ret = make_fb(k);
	if (ret)
		return ret;

	k->cp = prop_id(k->fd, k->conn_id, DRM_MODE_OBJECT_CONNECTOR, "Content Protection");
	k->type = prop_id(k->fd, k->conn_id, DRM_MODE_OBJECT_CONNECTOR, "HDCP Content Type");
	k->conn_crtc_id = prop_id(k->fd, k->conn_id, DRM_MODE_OBJECT_CONNECTOR, "CRTC_ID");
	k->active = prop_id(k->fd, k->crtc_id, DRM_MODE_OBJECT_CRTC, "ACTIVE");
	k->mode_id = prop_id(k->fd, k->crtc_id, DRM_MODE_OBJECT_CRTC, "MODE_ID");
	k->fb = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "FB_ID");
	k->plane_crtc_id = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "CRTC_ID");
	k->src_x = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "SRC_X");
	k->src_y = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "SRC_Y");
	k->src_w = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "SRC_W");
	k->src_h = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "SRC_H");
	k->crtc_x = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "CRTC_X");
	k->crtc_y = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "CRTC_Y");
	k->crtc_w = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "CRTC_W");
	k->crtc_h = prop_id(k->fd, k->plane_id, DRM_MODE_OBJECT_PLANE, "CRTC_H");
	if (!k->cp || !k->conn_crtc_id || !k->active || !k->mode_id || !k->fb ||
	    !k->plane_crtc_id || !k->src_h || !k->crtc_h)
		return -ENOENT;

	for (i = 0; i < 2; i++)
		if (drmModeCreatePropertyBlob(k->fd, &k->modes[i], sizeof(k->modes[i]),
					      &k->mode_blob[i]))
			return -errno;
	return uevent_open(k);
}

void kms_close(struct kms *k)
{
	if (k->uevent_fd >= 0)
		close(k->uevent_fd);
	if (k->fd >= 0)
		close(k->fd);
}

/*
 * One atomic commit of @n (object, property, value) triplets, given as
 * uint32_t, uint32_t, uint64_t. Returns 0 or -errno.
 */
int kms_commit(struct kms *k, uint32_t flags, unsigned int n, ...)
{
	drmModeAtomicReqPtr req = drmModeAtomicAlloc();
	unsigned int i;
	va_list ap;
	int ret = 0;

	if (!req)
		return -ENOMEM;
	va_start(ap, n);
	for (i = 0; i < n; i++) {
		uint32_t obj = va_arg(ap, uint32_t);
		uint32_t prop = va_arg(ap, uint32_t);
		uint64_t val = va_arg(ap, uint64_t);

		if (drmModeAtomicAddProperty(req, obj, prop, val) < 0)
			ret = -EINVAL;
	}
	va_end(ap);
	if (!ret && drmModeAtomicCommit(k->fd, req, flags, NULL))
		ret = -errno;
	drmModeAtomicFree(req);
	return ret;
}

#define P(obj, prop, val)	(uint32_t)(obj), (uint32_t)(prop), (uint64_t)(val)

/* Route connector, CRTC and primary plane, with mode @mode, lit or not. */
int kms_modeset(struct kms *k, int mode, bool active)
{
	const drmModeModeInfo *m = &k->modes[mode];
	int ret;

	ret = kms_commit(k, DRM_MODE_ATOMIC_ALLOW_MODESET, 13,
			 P(k->conn_id, k->conn_crtc_id, k->crtc_id),
			 P(k->crtc_id, k->mode_id, k->mode_blob[mode]),
			 P(k->crtc_id, k->active, active),
			 P(k->plane_id, k->fb, k->fb_id),
			 P(k->plane_id, k->plane_crtc_id, k->crtc_id),
			 P(k->plane_id, k->src_x, 0),
			 P(k->plane_id, k->src_y, 0),
			 P(k->plane_id, k->src_w, (uint64_t)m->hdisplay << 16),
			 P(k->plane_id, k->src_h, (uint64_t)m->vdisplay << 16),
			 P(k->plane_id, k->crtc_x, 0),
			 P(k->plane_id, k->crtc_y, 0),
			 P(k->plane_id, k->crtc_w, m->hdisplay),
			 P(k->plane_id, k->crtc_h, m->vdisplay));
	if (!ret)
		k->mode = mode;
	return ret;
}

/* DPMS as atomic compositors do it: the CRTC's ACTIVE alone. */
int kms_set_active(struct kms *k, bool active)
{
	return kms_commit(k, DRM_MODE_ATOMIC_ALLOW_MODESET, 1,
			  P(k->crtc_id, k->active, active));
}

/* A plain page flip: the commit a compositor makes every frame. */
int kms_flip(struct kms *k)
{
	return kms_commit(k, 0, 1, P(k->plane_id, k->fb, k->fb_id));
}

int cp_set_atomic(struct kms *k, uint64_t v)
{
	return kms_commit(k, 0, 1, P(k->conn_id, k->cp, v));
}

int cp_set_legacy(struct kms *k, uint64_t v)
{
	if (drmModeConnectorSetProperty(k->fd, k->conn_id, k->cp, v))
		return -errno;
	return 0;
}

int type_set(struct kms *k, uint64_t v)
{
	return kms_commit(k, 0, 1, P(k->conn_id, k->type, v));
}

int uevent_open(struct kms *k)
{
	struct sockaddr_nl addr = {
		.nl_family = AF_NETLINK,
		.nl_groups = 1,		/* the kernel's own group, no udevd needed */
	};
	int size = 4 << 20;

	k->uevent_fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
			      NETLINK_KOBJECT_UEVENT);
	if (k->uevent_fd < 0)
		return -errno;
	setsockopt(k->uevent_fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size));
	if (bind(k->uevent_fd, (struct sockaddr *)&addr, sizeof(addr)))
		return -errno;
	return 0;
}

/*
 * The next uevent of our DRM device within @timeout_ms (0: only one that is
 * already queued). Returns 1 with @ev filled, 0 on timeout, or -errno.
 */
int uevent_next(struct kms *k, int timeout_ms, struct uevent *ev)
{
	char buf[8192], devname[32];
	double deadline = now_s() + timeout_ms / 1000.0;

	snprintf(devname, sizeof(devname), "DEVNAME=dri/card%d", k->minor);
	for (;;) {
		struct pollfd pfd = { .fd = k->uevent_fd, .events = POLLIN };
		int left = (int)((deadline - now_s()) * 1000 + 0.999);
		bool drm = false, ours = false;
		ssize_t n;
		char *p;

		if (poll(&pfd, 1, left > 0 ? left : 0) <= 0)
			return 0;
		n = recv(k->uevent_fd, buf, sizeof(buf) - 1, 0);
		if (n < 0) {
			if (errno == EAGAIN || errno == EINTR)
				continue;
			return -errno;
		}
		buf[n] = '\0';
		memset(ev, 0, sizeof(*ev));
		ev->at = now_s();
		/* "action@devpath", then KEY=VALUE strings, NUL-separated. */
		for (p = buf; p < buf + n; p += strlen(p) + 1) {
			if (!strcmp(p, "SUBSYSTEM=drm"))
				drm = true;
			else if (!strcmp(p, devname))
				ours = true;
			else if (!strcmp(p, "HOTPLUG=1"))
				ev->hotplug = true;
			else if (!strncmp(p, "CONNECTOR=", 10))
				ev->connector = strtoul(p + 10, NULL, 10);
			else if (!strncmp(p, "PROPERTY=", 9))
				ev->property = strtoul(p + 9, NULL, 10);
		}
		if (drm && ours)
			return 1;
	}
}

void uevent_drain(struct kms *k)
{
	struct uevent ev;

	while (uevent_next(k, 0, &ev) > 0)
		;
}

static void account(struct kms *k, struct trace *t, const struct uevent *ev)
{
	if (!ev->hotplug || ev->connector != k->conn_id)
		return;
	if (ev->property == k->cp) {
		if (!t->cp_uevents++)
			t->first_cp_uevent = ev->at;
	} else if (!ev->property) {
		t->hotplug_uevents++;
	}
}

/* Wait up to @ms for the first uevent, then take all that are queued. */
static void pump(struct kms *k, struct trace *t, int ms)
{
	struct uevent ev;

	if (uevent_next(k, ms, &ev) <= 0)
		return;
	account(k, t, &ev);
	while (uevent_next(k, 0, &ev) > 0)
		account(k, t, &ev);
}

static void trace_init(struct trace *t)
{
	memset(t, 0, sizeof(*t));
	t->start = now_s();
	t->reached = -1;
	t->first_cp_uevent = -1;
	t->last = CP_NONE;
}

/*
 * Read the property and check the invariants. For "Enabled only while
 * encrypting" the property is read on both sides of the link's state: the
 * engine shows Desired before it stops encrypting, so a link read as clear
 * between two reads of Enabled is a real breach.
 */
static uint64_t sample(struct kms *k, struct trace *t, unsigned int inv)
{
	uint64_t v = cp_get(k);

	t->samples++;
	t->last = v;
	if (v < 64)
		t->seen |= 1ull << v;
	if (t->violation[0])
		return v;
	if ((inv & INV_NOT_UNDESIRED) && v == CP_UNDESIRED)
		snprintf(t->violation, sizeof(t->violation),
			 "Undesired read %.0f ms in: Desired was lost",
			 (now_s() - t->start) * 1000);
	else if ((inv & INV_NOT_ENABLED) && v == CP_ENABLED)
		snprintf(t->violation, sizeof(t->violation),
			 "Enabled read %.0f ms in where it must never be",
			 (now_s() - t->start) * 1000);
	else if ((inv & INV_ENABLED_ENCRYPTS) && v == CP_ENABLED &&
		 link_encrypting() != 1 && cp_get(k) == CP_ENABLED)
		snprintf(t->violation, sizeof(t->violation),
			 "Enabled read %.0f ms in while the link is not encrypted",
			 (now_s() - t->start) * 1000);
	return v;
}

/*
 * Sample the property until it reads @want, for at most @timeout_ms, and
 * count the uevents. Returns 0 when reached and no invariant broke.
 */
int cp_wait(struct kms *k, uint64_t want, int timeout_ms, unsigned int inv,
	    struct trace *t)
{
	double deadline;

	trace_init(t);
	deadline = t->start + timeout_ms / 1000.0;
	for (;;) {
		double now;

		if (sample(k, t, inv) == want) {
			t->reached = now_s();
			break;
		}
		now = now_s();
		if (now >= deadline)
			break;
		pump(k, t, (deadline - now) * 1000 < SAMPLE_MS ?
			   (int)((deadline - now) * 1000) : SAMPLE_MS);
	}
	pump(k, t, 0);
	return t->reached >= 0 && !t->violation[0] ? 0 : -1;
}

/* The property keeps @value for @ms, checked at every sample. */
int cp_hold(struct kms *k, uint64_t value, int ms, unsigned int inv,
	    struct trace *t)
{
	double end;

	trace_init(t);
	end = t->start + ms / 1000.0;
	while (now_s() < end) {
		uint64_t v = sample(k, t, inv);

		if (v != value && !t->violation[0])
			snprintf(t->violation, sizeof(t->violation),
				 "%s read %.0f ms in, expected %s throughout",
				 cp_name(v), (now_s() - t->start) * 1000, cp_name(value));
		pump(k, t, SAMPLE_MS);
	}
	return t->violation[0] ? -1 : 0;
}

/* Whether a Content Protection uevent came, waiting up to @ms for one. */
bool cp_uevent_within(struct kms *k, struct trace *t, int ms)
{
	double end = now_s() + ms / 1000.0;

	while (!t->cp_uevents && now_s() < end)
		pump(k, t, SAMPLE_MS);
	return t->cp_uevents > 0;
}
