// SPDX-License-Identifier: GPL-2.0
/*
 * hdcp-e2e: drive "Content Protection" on VKMS from userspace.
 *
 *   hdcp-e2e test [case-glob...]   conformance cases, "N passed, N failed"
 *   hdcp-e2e bench                 the measurements of `make bench`
 *   hdcp-e2e demo                  the narrated run of `make demo`
 *   hdcp-e2e stress [ops]          threads at once, for an SMP guest (stress.c)
 *
 * Boot VKMS with vkms.enable_hdcp=1, and vkms.hdcp_transport=dp for the
 * DisplayPort sink: the cases of the other link's transport are left to
 * the boot that has it (tools/e2e.sh runs both).
 * E2E_FIRMWARE_DIR is the directory the kernel loads firmware from
 * (firmware_class.path), where the SRM cases put their SRM.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "test";
	struct kms k;
	int ret;

	ret = kms_open(&k);
	if (ret) {
		fprintf(stderr, "hdcp-e2e: no usable VKMS device: %s\n", strerror(-ret));
		say("FAIL open_vkms");
		return 1;
	}
	ret = knobs_init(&k);
	if (ret) {
		fprintf(stderr, "hdcp-e2e: no HDCP debugfs knobs for %s (vkms.enable_hdcp=1?): %s\n",
			k.conn_name, strerror(-ret));
		say("FAIL vkms_debugfs");
		return 1;
	}
	if (!strcmp(mode, "test"))
		ret = run_tests(&k, argc > 2 ? argc - 2 : 0, argv + 2);
	else if (!strcmp(mode, "bench"))
		ret = run_bench(&k);
	else if (!strcmp(mode, "demo"))
		ret = run_demo(&k);
	else if (!strcmp(mode, "stress"))
		ret = run_stress(&k, argc > 2 ? strtoul(argv[2], NULL, 10) : 1000);
	else {
		fprintf(stderr, "usage: hdcp-e2e test [case-glob...] | bench | demo | stress [ops]\n");
		ret = 2;
	}
	kms_close(&k);
	return ret;
}
