// SPDX-License-Identifier: MIT
/*
 * i915's HDCP 2.2 firmware as a backend of the DRM HDCP 2.2 engine.
 *
 * The MEI and GSC firmware interfaces (&struct i915_hdcp_ops) already
 * work one protocol message at a time and keep km, kd and ks to
 * themselves, as &struct drm_hdcp2_backend_ops does: each operation maps
 * onto one firmware call, made as intel_hdcp.c makes it, under
 * &intel_display.hdcp.hdcp_mutex and only while an arbiter is bound.
 * The firmware answers a value that does not match with an error as it
 * answers anything else (MEI returns -EIO for every status but success),
 * so a failed comparison is reported as a mismatch, -EPERM, and the
 * engine treats it as the protocol says: another locality check, another
 * stream management message, a new authentication.
 */

#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm/display/drm_hdcp.h>
#include <drm/intel/i915_hdcp_interface.h>

#include "intel_display_core.h"
#include "intel_hdcp2_backend.h"

static struct intel_hdcp2_backend *to_intel_be(struct drm_hdcp2_backend *be)
{
	return container_of(be, struct intel_hdcp2_backend, base);
}

/*
 * The bound arbiter, with the display's HDCP mutex held as intel_hdcp.c
 * holds it for every firmware call; NULL, unlocked, while no firmware is
 * bound.
 */
static struct i915_hdcp_arbiter *arbiter_get(struct intel_hdcp2_backend *ibe)
{
	struct intel_display *display = ibe->display;
	struct i915_hdcp_arbiter *arbiter;

	mutex_lock(&display->hdcp.hdcp_mutex);
	arbiter = display->hdcp.arbiter;
	if (arbiter && arbiter->ops)
		return arbiter;
	mutex_unlock(&display->hdcp.hdcp_mutex);
	return NULL;
}

static void arbiter_put(struct intel_hdcp2_backend *ibe)
{
	mutex_unlock(&ibe->display->hdcp.hdcp_mutex);
}

/* A comparison the firmware refused is a mismatch; no firmware is not. */
static int verdict(int ret)
{
	return ret && ret != -ENODEV ? -EPERM : ret;
}

static bool intel_hdcp2_be_capable(struct drm_hdcp2_backend *be)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);

	if (!arbiter_get(ibe))
		return false;
	arbiter_put(ibe);
	return true;
}

static int intel_hdcp2_be_ake_init(struct drm_hdcp2_backend *be, struct hdcp2_ake_init *msg)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct i915_hdcp_arbiter *arb = arbiter_get(ibe);
	int ret;

	if (!arb)
		return -ENODEV;
	ret = arb->ops->initiate_hdcp2_session(arb->hdcp_dev, ibe->data, msg);
	arbiter_put(ibe);
	return ret;
}

static int intel_hdcp2_be_verify_cert(struct drm_hdcp2_backend *be,
				      const struct hdcp2_ake_send_cert *cert,
				      union drm_hdcp2_ake_km *km, size_t *len)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	/* The firmware's prototypes take the receiver's messages as writable. */
	struct hdcp2_ake_send_cert copy = *cert;
	struct i915_hdcp_arbiter *arb;
	bool stored = false;
	int ret;

	arb = arbiter_get(ibe);
	if (!arb)
		return -ENODEV;
	ret = arb->ops->verify_receiver_cert_prepare_km(arb->hdcp_dev, ibe->data, &copy,
							&stored, &km->no_stored, len);
	arbiter_put(ibe);
	if (ret)
		return verdict(ret);
	/* The firmware wrote AKE_Stored_km into the same buffer when paired. */
	km->msg_id = stored ? HDCP_2_2_AKE_STORED_KM : HDCP_2_2_AKE_NO_STORED_KM;
	return 0;
}

static int intel_hdcp2_be_verify_h_prime(struct drm_hdcp2_backend *be,
					 const struct hdcp2_ake_send_hprime *msg)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct hdcp2_ake_send_hprime copy = *msg;
	struct i915_hdcp_arbiter *arb = arbiter_get(ibe);
	int ret;

	if (!arb)
		return -ENODEV;
	ret = arb->ops->verify_hprime(arb->hdcp_dev, ibe->data, &copy);
	arbiter_put(ibe);
	return verdict(ret);
}

static int intel_hdcp2_be_store_pairing(struct drm_hdcp2_backend *be,
					const struct hdcp2_ake_send_pairing_info *msg)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct hdcp2_ake_send_pairing_info copy = *msg;
	struct i915_hdcp_arbiter *arb = arbiter_get(ibe);
	int ret;

	if (!arb)
		return -ENODEV;
	ret = arb->ops->store_pairing_info(arb->hdcp_dev, ibe->data, &copy);
	arbiter_put(ibe);
	return verdict(ret);
}

static int intel_hdcp2_be_lc_init(struct drm_hdcp2_backend *be, struct hdcp2_lc_init *msg)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct i915_hdcp_arbiter *arb = arbiter_get(ibe);
	int ret;

	if (!arb)
		return -ENODEV;
	ret = arb->ops->initiate_locality_check(arb->hdcp_dev, ibe->data, msg);
	arbiter_put(ibe);
	return ret;
}

static int intel_hdcp2_be_verify_l_prime(struct drm_hdcp2_backend *be,
					 const struct hdcp2_lc_send_lprime *msg)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct hdcp2_lc_send_lprime copy = *msg;
	struct i915_hdcp_arbiter *arb = arbiter_get(ibe);
	int ret;

	if (!arb)
		return -ENODEV;
	ret = arb->ops->verify_lprime(arb->hdcp_dev, ibe->data, &copy);
	arbiter_put(ibe);
	return verdict(ret);
}

static int intel_hdcp2_be_ske(struct drm_hdcp2_backend *be, struct hdcp2_ske_send_eks *msg)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct i915_hdcp_arbiter *arb = arbiter_get(ibe);
	int ret;

	if (!arb)
		return -ENODEV;
	ret = arb->ops->get_session_key(arb->hdcp_dev, ibe->data, msg);
	arbiter_put(ibe);
	return ret;
}

static int intel_hdcp2_be_verify_receiver_ids(struct drm_hdcp2_backend *be,
					      const struct hdcp2_rep_send_receiverid_list *msg,
					      struct hdcp2_rep_send_ack *ack)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct hdcp2_rep_send_receiverid_list *copy;
	struct i915_hdcp_arbiter *arb;
	int ret;

	copy = kmemdup(msg, sizeof(*msg), GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	arb = arbiter_get(ibe);
	if (arb) {
		ret = arb->ops->repeater_check_flow_prepare_ack(arb->hdcp_dev, ibe->data,
								copy, ack);
		arbiter_put(ibe);
	} else {
		ret = -ENODEV;
	}
	kfree(copy);
	return verdict(ret);
}

/*
 * The firmware takes the streams and seq_num_M of the message the engine
 * sent from the port data, where intel_hdcp.c puts them too.
 */
static int intel_hdcp2_be_verify_m_prime(struct drm_hdcp2_backend *be,
					 const struct hdcp2_rep_stream_manage *manage,
					 const struct hdcp2_rep_stream_ready *msg)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct hdcp2_rep_stream_ready copy = *msg;
	u16 k = be16_to_cpu(manage->k);
	struct i915_hdcp_arbiter *arb;
	int ret;

	if (!k || k > HDCP_2_2_MAX_CONTENT_STREAMS_CNT || !ibe->data->streams)
		return -EINVAL;
	arb = arbiter_get(ibe);
	if (!arb)
		return -ENODEV;
	ibe->data->k = k;
	memcpy(ibe->data->streams, manage->streams, k * sizeof(manage->streams[0]));
	ibe->data->seq_num_m = drm_hdcp_be24_to_cpu(manage->seq_num_m);
	ret = arb->ops->verify_mprime(arb->hdcp_dev, ibe->data, &copy);
	arbiter_put(ibe);
	return verdict(ret);
}

static int intel_hdcp2_be_authenticated(struct drm_hdcp2_backend *be, u8 type)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct i915_hdcp_arbiter *arb;
	int ret;

	/* The firmware takes the content type from the first stream. */
	if (!ibe->data->streams)
		return -EINVAL;
	arb = arbiter_get(ibe);
	if (!arb)
		return -ENODEV;
	if (!ibe->data->k) {
		ibe->data->k = 1;
		ibe->data->streams[0].stream_id = 0;
	}
	ibe->data->streams[0].stream_type = type;
	ret = arb->ops->enable_hdcp_authentication(arb->hdcp_dev, ibe->data);
	arbiter_put(ibe);
	return ret;
}

static void intel_hdcp2_be_close(struct drm_hdcp2_backend *be)
{
	struct intel_hdcp2_backend *ibe = to_intel_be(be);
	struct i915_hdcp_arbiter *arb = arbiter_get(ibe);

	if (arb) {
		arb->ops->close_hdcp_session(arb->hdcp_dev, ibe->data);
		arbiter_put(ibe);
	}
	/* The next session starts with no stream management sent. */
	ibe->data->k = 0;
}

static const struct drm_hdcp2_backend_ops intel_hdcp2_backend_ops = {
	.capable = intel_hdcp2_be_capable,
	.ake_init = intel_hdcp2_be_ake_init,
	.verify_cert = intel_hdcp2_be_verify_cert,
	.verify_h_prime = intel_hdcp2_be_verify_h_prime,
	.store_pairing = intel_hdcp2_be_store_pairing,
	.lc_init = intel_hdcp2_be_lc_init,
	.verify_l_prime = intel_hdcp2_be_verify_l_prime,
	.ske = intel_hdcp2_be_ske,
	.verify_receiver_ids = intel_hdcp2_be_verify_receiver_ids,
	.verify_m_prime = intel_hdcp2_be_verify_m_prime,
	.authenticated = intel_hdcp2_be_authenticated,
	.close = intel_hdcp2_be_close,
};

/**
 * intel_hdcp2_backend_init - make a port's firmware an HDCP 2.2 backend
 * @be: the backend, to embed where the port's engine can reach it
 * @display: the display
 * @data: the port's data for the firmware, with streams for every pipe
 *
 * The backend reports itself capable while a MEI or GSC firmware interface
 * is bound.
 */
void intel_hdcp2_backend_init(struct intel_hdcp2_backend *be, struct intel_display *display,
			      struct hdcp_port_data *data)
{
	be->base.ops = &intel_hdcp2_backend_ops;
	be->display = display;
	be->data = data;
}
