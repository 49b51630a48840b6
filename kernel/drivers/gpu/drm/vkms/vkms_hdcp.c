// SPDX-License-Identifier: GPL-2.0+
/*
 * An emulated HDCP 1.4 link behind the VKMS connector.
 *
 * The DRM HDCP 1.4 engine authenticates an emulated sink (a receiver or a
 * repeater from the display helpers, speaking the HDMI DDC map or the
 * DisplayPort DPCD map, over a real I2C adapter or AUX channel as strict
 * as a sink's) on behalf of an emulated transmitter
 * (vkms_hdcp_tx.c). Both ends run the software cipher with keys from one
 * emulation matrix, so every R0', Ri' and V' is a real value; the sink is
 * strict and counts every protocol rule the engine breaks. debugfs knobs
 * (vkms_hdcp_debugfs.c) inject the faults of the compliance tests.
 *
 * This file ties them to VKMS: the commit tail tells the engine what each
 * commit did, the CRTC disable stops HDCP first, unplug and replug go
 * through the connector status and the engine together, and system sleep
 * suspends and restores the display state so that Desired survives it.
 */

#include <linux/i2c.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/pm_domain.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <kunit/static_stub.h>
#include <kunit/visibility.h>

#include <drm/display/drm_dp_helper.h>
#include <drm/display/drm_hdcp2_soft.h>
#include <drm/display/drm_hdcp_helper.h>
#include <drm/drm_atomic.h>
#include <drm/drm_atomic_state_helper.h>
#include <drm/drm_edid.h>
#include <drm/drm_managed.h>
#include <drm/drm_modeset_helper.h>
#include <drm/drm_modeset_helper_vtables.h>
#include <drm/drm_probe_helper.h>

#include "vkms_drv.h"
#include "vkms_hdcp.h"
#include "vkms_hdcp_priv.h"

static bool enable_hdcp;
module_param_named(enable_hdcp, enable_hdcp, bool, 0444);
MODULE_PARM_DESC(enable_hdcp, "Emulate an HDCP 1.4 link behind the connector (default: off)");

static bool enable_hdcp2;
module_param_named(enable_hdcp2, enable_hdcp2, bool, 0444);
MODULE_PARM_DESC(enable_hdcp2,
		 "With enable_hdcp: HDCP 2.2 on the link, falling back to 1.4; the sink offers it (default: off)");

static char *hdcp_transport = "hdmi";
module_param(hdcp_transport, charp, 0444);
MODULE_PARM_DESC(hdcp_transport, "Registers of the emulated HDCP sink: hdmi (DDC) or dp (DPCD)");

/**
 * vkms_hdcp_requested - whether the module parameters ask for HDCP
 * @dp: set when the sink is to speak the DisplayPort map
 * @hdcp2: set when the link is to run HDCP 2.2
 *
 * Returns:
 * True if enable_hdcp is set.
 */
bool vkms_hdcp_requested(bool *dp, bool *hdcp2)
{
	*dp = sysfs_streq(hdcp_transport, "dp");
	*hdcp2 = enable_hdcp2;
	return enable_hdcp;
}

/* The one clock of the emulated link (transmitter and sink); tests inject theirs. */
u64 vkms_hdcp_now_ns(void)
{
	KUNIT_STATIC_STUB_REDIRECT(vkms_hdcp_now_ns);
	return ktime_get_ns();
}
EXPORT_SYMBOL_IF_KUNIT(vkms_hdcp_now_ns);

struct vkms_hdcp *vkms_hdcp_of(struct drm_connector *connector)
{
	return container_of(connector, struct vkms_output, connector)->hdcp;
}

/* DisplayPort: a real AUX channel, as strict as a sink's (16-byte transactions). */
static ssize_t vkms_hdcp_aux_transfer(struct drm_dp_aux *aux, struct drm_dp_aux_msg *msg)
{
	struct vkms_hdcp *hdcp = container_of(aux, struct vkms_hdcp, aux);

	/* An HDCP 2.2 sink answers the HDCP 1.4 registers too. */
	if (hdcp->sink2)
		return drm_hdcp2_emul_aux_transfer(hdcp->sink2, msg);
	return drm_hdcp1_emul_aux_transfer(hdcp->sink, msg);
}

/* HDMI: a real DDC bus, with the sink's HDCP port at 0x3a. */
static int vkms_hdcp_ddc_xfer(struct i2c_adapter *ddc, struct i2c_msg *msgs, int num)
{
	struct vkms_hdcp *hdcp = i2c_get_adapdata(ddc);

	if (hdcp->sink2)
		return drm_hdcp2_emul_ddc_xfer(hdcp->sink2, msgs, num);
	return drm_hdcp1_emul_ddc_xfer(hdcp->sink, msgs, num);
}

static u32 vkms_hdcp_ddc_functionality(struct i2c_adapter *ddc)
{
	return I2C_FUNC_I2C;
}

static const struct i2c_algorithm vkms_hdcp_ddc_algo = {
	.master_xfer = vkms_hdcp_ddc_xfer,
	.functionality = vkms_hdcp_ddc_functionality,
};

/* The engine reaches the sink through its own DDC or AUX code. */
static int vkms_hdcp_init_link(struct vkms_hdcp *hdcp, struct drm_hdcp1_desc *desc)
{
	struct vkms_device *vkmsdev = hdcp->vkmsdev;
	int ret;

	if (hdcp->transport == DRM_HDCP1_DP) {
		hdcp->aux.name = "vkms-hdcp-aux";
		hdcp->aux.drm_dev = &vkmsdev->drm;
		hdcp->aux.transfer = vkms_hdcp_aux_transfer;
		drm_dp_aux_init(&hdcp->aux);
		desc->aux = &hdcp->aux;
		return 0;
	}
	hdcp->ddc.owner = THIS_MODULE;
	hdcp->ddc.algo = &vkms_hdcp_ddc_algo;
	hdcp->ddc.dev.parent = &vkmsdev->platform->dev;
	strscpy(hdcp->ddc.name, "vkms-hdcp-ddc", sizeof(hdcp->ddc.name));
	i2c_set_adapdata(&hdcp->ddc, hdcp);
	ret = i2c_add_adapter(&hdcp->ddc);
	if (ret)
		return ret;
	hdcp->ddc_added = true;
	desc->ddc = &hdcp->ddc;
	return 0;
}

static void vkms_hdcp_fini_link(struct vkms_hdcp *hdcp)
{
	if (hdcp->ddc_added)
		i2c_del_adapter(&hdcp->ddc);
	hdcp->ddc_added = false;
}

static u64 vkms_hdcp_sink_clock(void *data)
{
	return vkms_hdcp_now_ns();
}

/* The sink pulls HPD for CP_IRQ: on to the DP short-pulse path of the engine. */
static void vkms_hdcp_sink_cp_irq(void *data)
{
	struct vkms_hdcp *hdcp = data;

	drm_hdcp1_cp_irq(hdcp->engine);
	drm_hdcp2_cp_irq(hdcp->engine2);
}

static const struct drm_hdcp1_emul_ops vkms_hdcp_sink_ops = {
	.clock_ns = vkms_hdcp_sink_clock,
	.cp_irq = vkms_hdcp_sink_cp_irq,
};

static const struct drm_hdcp2_emul_ops vkms_hdcp_sink2_ops = {
	.clock_ns = vkms_hdcp_sink_clock,
	.cp_irq = vkms_hdcp_sink_cp_irq,
};

/**
 * vkms_hdcp_set_connected - plug the emulated sink in or out
 * @hdcp: the link
 * @connected: true to plug it in
 *
 * The connector status, the sink and the engine change together under the
 * mode config mutex, as a hotplug interrupt handler's detect would, then
 * userspace gets the usual hotplug uevent.
 */
void vkms_hdcp_set_connected(struct vkms_hdcp *hdcp, bool connected)
{
	struct drm_connector *connector = &hdcp->vkmsdev->output.connector;
	struct drm_device *dev = connector->dev;
	bool changed;

	mutex_lock(&dev->mode_config.mutex);
	changed = hdcp->connected != connected;
	hdcp->connected = connected;
	if (hdcp->sink2)
		drm_hdcp2_emul_set_connected(hdcp->sink2, connected);
	else
		drm_hdcp1_emul_set_connected(hdcp->sink, connected);
	drm_hdcp1_hotplug(hdcp->engine, connected);
	drm_hdcp2_hotplug(hdcp->engine2, connected);
	connector->status = connected ? connector_status_connected :
					connector_status_disconnected;
	mutex_unlock(&dev->mode_config.mutex);
	if (changed)
		drm_kms_helper_connector_hotplug_event(connector);
}

static enum drm_connector_status vkms_hdcp_detect(struct drm_connector *connector,
						  bool force)
{
	return vkms_hdcp_of(connector)->connected ? connector_status_connected :
						    connector_status_disconnected;
}

/* Error paths of device creation get here without vkms_destroy(). */
static void vkms_hdcp_connector_destroy(struct drm_connector *connector)
{
	vkms_hdcp_fini(drm_device_to_vkms_device(connector->dev));
	drm_connector_cleanup(connector);
}

static const struct drm_connector_funcs vkms_hdcp_connector_funcs_table = {
	.fill_modes = drm_helper_probe_single_connector_modes,
	.detect = vkms_hdcp_detect,
	.debugfs_init = vkms_hdcp_debugfs_init,
	.destroy = vkms_hdcp_connector_destroy,
	.reset = drm_atomic_helper_connector_reset,
	.atomic_duplicate_state = drm_atomic_helper_connector_duplicate_state,
	.atomic_destroy_state = drm_atomic_helper_connector_destroy_state,
};

/**
 * vkms_hdcp_connector_funcs - connector functions of a connector with HDCP
 *
 * Those of VKMS, plus the sink's presence, its debugfs knobs and the
 * teardown of the link.
 *
 * Returns:
 * The functions.
 */
const struct drm_connector_funcs *vkms_hdcp_connector_funcs(void)
{
	return &vkms_hdcp_connector_funcs_table;
}

static int vkms_hdcp_pm_suspend(struct device *dev)
{
	struct vkms_device *vkmsdev = dev_get_drvdata(dev);

	return drm_mode_config_helper_suspend(&vkmsdev->drm);
}

static int vkms_hdcp_pm_resume(struct device *dev)
{
	struct vkms_device *vkmsdev = dev_get_drvdata(dev);

	return drm_mode_config_helper_resume(&vkmsdev->drm);
}

/*
 * VKMS's platform device has no driver to carry PM callbacks, so they come
 * from a PM domain: suspend switches the output off through an atomic
 * commit (which stops HDCP), resume commits the saved state back.
 */
static struct dev_pm_domain vkms_hdcp_pm_domain = {
	.ops = {
		SYSTEM_SLEEP_PM_OPS(vkms_hdcp_pm_suspend, vkms_hdcp_pm_resume)
	},
};

static void vkms_hdcp_init_knobs(struct vkms_hdcp *hdcp)
{
	hdcp->knobs = (struct vkms_hdcp_knobs){
		.capable = true,
		.ready_delay_ms = VKMS_HDCP_READY_DELAY_MS,
		.r0_delay_ms = 0,
		.bksv = drm_hdcp1_emul_ksv(VKMS_HDCP_RX_DEVICE),
	};
	drm_hdcp1_emul_set_r0_delay(hdcp->sink, 0);
	drm_hdcp1_emul_set_ready_delay(hdcp->sink, VKMS_HDCP_READY_DELAY_MS);
}

/* The sink's HDCP 2.2 side: test receiver R2, with its default delays. */
static int vkms_hdcp_init_sink2(struct vkms_hdcp *hdcp)
{
	unsigned int i;

	hdcp->sink2 = drm_hdcp2_emul_create(hdcp->transport, 2, hdcp->sink,
					    &vkms_hdcp_sink2_ops, hdcp);
	if (IS_ERR(hdcp->sink2))
		return PTR_ERR(hdcp->sink2);
	hdcp->backend = drm_hdcp2_soft_create();
	if (IS_ERR(hdcp->backend)) {
		drm_hdcp2_emul_destroy(hdcp->sink2);
		hdcp->sink2 = NULL;
		return PTR_ERR(hdcp->backend);
	}
	hdcp->knobs.hdcp2 = true;
	for (i = 0; i < DRM_HDCP2_EMUL_NUM_DELAYS; i++)
		hdcp->knobs.delay2[i] = drm_hdcp2_emul_delay(hdcp->sink2, i);
	return 0;
}

static void vkms_hdcp_fini_sink2(struct vkms_hdcp *hdcp)
{
	drm_hdcp2_soft_destroy(hdcp->backend);
	drm_hdcp2_emul_destroy(hdcp->sink2);
	hdcp->backend = NULL;
	hdcp->sink2 = NULL;
}

/* The engine: HDCP 2.2 with HDCP 1.4 behind it, or HDCP 1.4 alone. */
static int vkms_hdcp_init_engine(struct vkms_hdcp *hdcp, struct drm_connector *connector,
				 const struct drm_hdcp1_desc *desc)
{
	struct drm_hdcp2_desc desc2 = {
		.transport = desc->transport,
		.backend = hdcp->backend,
		.tx = &vkms_hdcp2_tx_ops,
		.hdcp1_tx = desc->tx,
		.ddc = desc->ddc,
		.aux = desc->aux,
	};

	if (!hdcp->sink2) {
		hdcp->engine = drm_hdcp1_init(connector, desc);
		return PTR_ERR_OR_ZERO(hdcp->engine);
	}
	hdcp->engine2 = drm_hdcp2_init(connector, &desc2);
	return PTR_ERR_OR_ZERO(hdcp->engine2);
}

/**
 * vkms_hdcp_connector_type - the connector type of an emulated HDCP link
 * @dp: the sink speaks the DisplayPort map
 *
 * A sink reached over DDC is an HDMI sink, one reached over AUX a
 * DisplayPort sink, and userspace (compositors naming outputs, tests
 * picking connectors) sees the connector as such.
 *
 * Returns:
 * %DRM_MODE_CONNECTOR_DisplayPort or %DRM_MODE_CONNECTOR_HDMIA.
 */
int vkms_hdcp_connector_type(bool dp)
{
	return dp ? DRM_MODE_CONNECTOR_DisplayPort : DRM_MODE_CONNECTOR_HDMIA;
}

/*
 * The sink's EDID, as a monitor would present it: "VKM" 0x0001, "VKMS
 * HDCP", 1024x768@60 preferred (VKMS's default mode, so that emulating the
 * link does not change the mode userspace picks), 1920x1080@60 (the CEA
 * timing) and the established 640x480, 800x600 and 1024x768 at 60 Hz. HDMI
 * sinks add a CTA-861 block with the HDMI vendor block; the checksums are
 * filled in at init.
 */
static const u8 vkms_hdcp_edid_base[EDID_LENGTH] = {
	0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00,	/* header */
	0x59, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,	/* "VKM", product 1 */
	0x01, 0x22, 0x01, 0x04,				/* week 1 of 2024, EDID 1.4 */
	0xa2, 0x34, 0x1d, 0x78, 0x0a,			/* digital 8 bpc, 52x29 cm */
	0xee, 0x91, 0xa3, 0x54, 0x4c, 0x99, 0x26, 0x0f, 0x50, 0x54,	/* sRGB */
	0x21, 0x08, 0x00,				/* established timings */
	0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,	/* no standard timings */
	0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01,
	/* 1024x768@60 (DMT), 65 MHz, preferred */
	0x64, 0x19, 0x00, 0x40, 0x41, 0x00, 0x26, 0x30, 0x18, 0x88,
	0x36, 0x00, 0x09, 0x25, 0x21, 0x00, 0x00, 0x18,
	/* 1920x1080@60, 148.5 MHz */
	0x02, 0x3a, 0x80, 0x18, 0x71, 0x38, 0x2d, 0x40, 0x58, 0x2c,
	0x45, 0x00, 0x09, 0x25, 0x21, 0x00, 0x00, 0x1e,
	/* monitor name */
	0x00, 0x00, 0x00, 0xfc, 0x00, 'V', 'K', 'M', 'S', ' ', 'H', 'D', 'C', 'P',
	0x0a, 0x20, 0x20, 0x20,
	/* range limits: 24-75 Hz, 30-81 kHz, 170 MHz */
	0x00, 0x00, 0x00, 0xfd, 0x00, 0x18, 0x4b, 0x1e, 0x51, 0x11,
	0x00, 0x0a, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20,
	0x00, 0x00,					/* extensions, checksum */
};

/* CTA-861: VICs 16 (native), 4 and 1; the HDMI vendor block, address 1.0.0.0. */
static const u8 vkms_hdcp_edid_cta[] = {
	0x02, 0x03, 0x0e, 0x00,
	0x43, 0x90, 0x04, 0x01,
	0x65, 0x03, 0x0c, 0x00, 0x10, 0x00,
};

/* Byte 20: digital input, 8 bits per color, HDMI-a or DisplayPort. */
#define VKMS_HDCP_EDID_INPUT_HDMI	0xa2
#define VKMS_HDCP_EDID_INPUT_DP		0xa5

static void vkms_hdcp_edid_checksum(u8 *block)
{
	u8 sum = 0;
	int i;

	for (i = 0; i < EDID_LENGTH - 1; i++)
		sum += block[i];
	block[EDID_LENGTH - 1] = -sum;
}

static void vkms_hdcp_init_edid(struct vkms_hdcp *hdcp)
{
	bool hdmi = hdcp->transport == DRM_HDCP1_HDMI;

	memcpy(hdcp->edid, vkms_hdcp_edid_base, EDID_LENGTH);
	hdcp->edid[20] = hdmi ? VKMS_HDCP_EDID_INPUT_HDMI : VKMS_HDCP_EDID_INPUT_DP;
	hdcp->edid[126] = hdmi;
	vkms_hdcp_edid_checksum(hdcp->edid);
	hdcp->edid_len = EDID_LENGTH;
	if (!hdmi)
		return;
	memset(hdcp->edid + EDID_LENGTH, 0, EDID_LENGTH);
	memcpy(hdcp->edid + EDID_LENGTH, vkms_hdcp_edid_cta, sizeof(vkms_hdcp_edid_cta));
	vkms_hdcp_edid_checksum(hdcp->edid + EDID_LENGTH);
	hdcp->edid_len = 2 * EDID_LENGTH;
}

/* One EDID block as the sink answers a read of it. */
static int vkms_hdcp_read_edid_block(void *data, u8 *buf, unsigned int block, size_t len)
{
	struct vkms_hdcp *hdcp = data;
	size_t offset = block * EDID_LENGTH;

	if (offset + len > hdcp->edid_len)
		return -EIO;
	memcpy(buf, hdcp->edid + offset, len);
	return 0;
}

/*
 * The modes and the EDID property come from the sink's EDID, read the way
 * a driver of a real HDMI or DP connector reads it, so that an EDID from
 * debugfs (edid_override) or from firmware (drm.edid_firmware) replaces it.
 */
static int vkms_hdcp_get_modes(struct drm_connector *connector)
{
	struct vkms_hdcp *hdcp = vkms_hdcp_of(connector);
	const struct drm_edid *edid;
	int count;

	if (!hdcp)
		return 0;
	edid = drm_edid_read_custom(connector, vkms_hdcp_read_edid_block, hdcp);
	drm_edid_connector_update(connector, edid);
	count = drm_edid_connector_add_modes(connector);
	drm_edid_free(edid);
	return count;
}

static const struct drm_connector_helper_funcs vkms_hdcp_connector_helpers = {
	.get_modes = vkms_hdcp_get_modes,
};

static void vkms_hdcp_release(struct drm_device *dev, void *vkmsdev)
{
	vkms_hdcp_fini(vkmsdev);
}

/**
 * vkms_hdcp_init - give the VKMS connector an emulated HDCP link
 * @vkmsdev: the device, with its connector initialized
 *
 * Attaches "Content Protection" and "HDCP Content Type", creates the sink
 * (plugged in, a receiver; with HDCP 2.2 when the configuration asks for
 * it) and the engine (HDCP 2.2 with HDCP 1.4 behind it then, else HDCP 1.4),
 * and the PM domain that suspends the display state with the system.
 *
 * Returns:
 * 0 or a negative error code.
 */
int vkms_hdcp_init(struct vkms_device *vkmsdev)
{
	struct drm_connector *connector = &vkmsdev->output.connector;
	struct drm_hdcp1_emul_device rx;
	struct drm_hdcp1_desc desc = {
		.tx = &vkms_hdcp_tx_ops,
	};
	struct vkms_hdcp *hdcp;
	int ret;

	hdcp = kzalloc(sizeof(*hdcp), GFP_KERNEL);
	if (!hdcp)
		return -ENOMEM;
	hdcp->vkmsdev = vkmsdev;
	hdcp->transport = vkmsdev->config->hdcp_dp ? DRM_HDCP1_DP : DRM_HDCP1_HDMI;
	hdcp->connected = true;
	mutex_init(&hdcp->knob_lock);
	vkms_hdcp_tx_init(&hdcp->tx);

	rx.ksv = drm_hdcp1_emul_ksv(VKMS_HDCP_RX_DEVICE);
	drm_hdcp1_emul_device_keys(rx.ksv, rx.keys);
	hdcp->sink = drm_hdcp1_emul_create(hdcp->transport, &rx, &vkms_hdcp_sink_ops, hdcp);
	if (IS_ERR(hdcp->sink)) {
		ret = PTR_ERR(hdcp->sink);
		goto err_free;
	}
	vkms_hdcp_init_knobs(hdcp);
	vkms_hdcp_init_edid(hdcp);
	if (vkmsdev->config->hdcp2) {
		ret = vkms_hdcp_init_sink2(hdcp);
		if (ret)
			goto err_sink;
	}

	ret = drm_connector_attach_content_protection_property(connector, true);
	if (ret)
		goto err_sink;
	desc.transport = hdcp->transport;
	ret = vkms_hdcp_init_link(hdcp, &desc);
	if (ret)
		goto err_sink;
	ret = vkms_hdcp_init_engine(hdcp, connector, &desc);
	if (ret)
		goto err_link;

	vkmsdev->output.hdcp = hdcp;
	drm_connector_helper_add(connector, &vkms_hdcp_connector_helpers);
	platform_set_drvdata(vkmsdev->platform, vkmsdev);
	dev_pm_domain_set(&vkmsdev->platform->dev, &vkms_hdcp_pm_domain);
	/*
	 * Where device creation fails after this, the managed releases run
	 * in reverse order: ours before the engine's, and both before the
	 * mode config cleanup destroys the connector.
	 */
	return drmm_add_action_or_reset(&vkmsdev->drm, vkms_hdcp_release, vkmsdev);

err_link:
	vkms_hdcp_fini_link(hdcp);
err_sink:
	vkms_hdcp_fini_sink2(hdcp);
	drm_hdcp1_emul_destroy(hdcp->sink);
err_free:
	vkms_hdcp_tx_fini(&hdcp->tx);
	mutex_destroy(&hdcp->knob_lock);
	kfree(hdcp);
	return ret;
}

/**
 * vkms_hdcp_fini - stop and free the emulated link
 * @vkmsdev: the device, or NULL
 *
 * Call while the CRTC still exists, right after drm_atomic_helper_shutdown();
 * a second call does nothing.
 */
void vkms_hdcp_fini(struct vkms_device *vkmsdev)
{
	struct vkms_hdcp *hdcp = vkmsdev ? vkmsdev->output.hdcp : NULL;

	if (!hdcp)
		return;
	/* The transmitter's reset, which the engine may still call, needs the link. */
	drm_hdcp1_fini(hdcp->engine);
	drm_hdcp2_fini(hdcp->engine2);
	vkmsdev->output.hdcp = NULL;
	dev_pm_domain_set(&vkmsdev->platform->dev, NULL);
	vkms_hdcp_fini_link(hdcp);
	vkms_hdcp_fini_sink2(hdcp);
	drm_hdcp1_emul_destroy(hdcp->sink);
	vkms_hdcp_tx_fini(&hdcp->tx);
	mutex_destroy(&hdcp->knob_lock);
	kfree(hdcp);
}

/*
 * From the commit tail, before the CRTC is switched off or reprogrammed: a
 * transmitter stops encrypting before its link goes down.
 */
void vkms_hdcp_commit_disables(struct vkms_device *vkmsdev, struct drm_atomic_state *state)
{
	struct vkms_hdcp *hdcp = vkmsdev->output.hdcp;
	struct drm_crtc *crtc = &vkmsdev->output.crtc;
	struct drm_crtc_state *old_crtc_state, *new_crtc_state;

	if (!hdcp)
		return;
	old_crtc_state = drm_atomic_get_old_crtc_state(state, crtc);
	new_crtc_state = drm_atomic_get_new_crtc_state(state, crtc);
	if (old_crtc_state && old_crtc_state->active &&
	    drm_atomic_crtc_needs_modeset(new_crtc_state)) {
		drm_hdcp1_link_stop(hdcp->engine);
		drm_hdcp2_link_stop(hdcp->engine2);
	}
}

/* One frame of @mode, in nanoseconds; Ri' rolls every 128 of them. */
static u64 vkms_hdcp_frame_ns(const struct drm_display_mode *mode)
{
	if (!mode->clock)
		return 0;
	return div_u64((u64)mode->htotal * mode->vtotal * 1000000, mode->clock);
}

/* From the commit tail, once the CRTC is on: tell the engine what the commit did. */
void vkms_hdcp_commit(struct vkms_device *vkmsdev, struct drm_atomic_state *state)
{
	struct vkms_hdcp *hdcp = vkmsdev->output.hdcp;
	struct drm_crtc_state *crtc_state;
	u64 frame_ns;

	if (!hdcp)
		return;
	crtc_state = drm_atomic_get_new_crtc_state(state, &vkmsdev->output.crtc);
	/* Only a modeset changes the mode: page flips leave both ends alone. */
	if (crtc_state && crtc_state->active && drm_atomic_crtc_needs_modeset(crtc_state)) {
		frame_ns = vkms_hdcp_frame_ns(&crtc_state->adjusted_mode);
		vkms_hdcp_tx_set_frame_ns(&hdcp->tx, frame_ns);
		drm_hdcp1_emul_set_frame_ns(hdcp->sink, frame_ns);
	}
	drm_hdcp1_atomic_commit(hdcp->engine, state);
	drm_hdcp2_atomic_commit(hdcp->engine2, state);
}

/* The lines of the vkms_config debugfs file about HDCP. */
void vkms_hdcp_config_show(struct vkms_device *vkmsdev, struct seq_file *m)
{
	struct vkms_hdcp *hdcp = vkmsdev->output.hdcp;

	seq_printf(m, "hdcp=%d\n", !!hdcp);
	if (hdcp)
		seq_printf(m, "hdcp_transport=%s\nhdcp2=%d\n",
			   hdcp->transport == DRM_HDCP1_DP ? "dp" : "hdmi", !!hdcp->engine2);
}
