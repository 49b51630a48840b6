// SPDX-License-Identifier: GPL-2.0
/*
 * hdcp-e2e: drive "Content Protection" on VKMS from userspace.
 *
 *   hdcp-e2e test [case-glob...]   conformance cases, "N passed, N failed"
 *   hdcp-e2e bench                 the measurements of `make bench`
 *   hdcp-e2e demo                  the narrated run of `make demo`
 *
 * E2E_FEATURES (comma-separated: dp, bksv, encrypting, violations, pm,
 * corrupt_v, ready_delay, or vkms2 for all) names what the VKMS under test
 * has beyond its first HDCP pass; the cases that need more are not run.
 * E2E_FIRMWARE_DIR is the directory the kernel loads firmware from
 * (firmware_class.path), where the SRM cases put their SRM.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e2e.h"

unsigned int features;

static const struct {
	const char *name;
	unsigned int bits;
} feature_names[] = {
	{ "dp", F_DP },
	{ "bksv", F_BKSV },
	{ "encrypting", F_ENCRYPTING },
	{ "violations", F_VIOLATIONS },
	{ "pm", F_PM },
	{ "corrupt_v", F_CORRUPT_V },
	{ "ready_delay", F_READY_DELAY },
	{ "vkms2", F_DP | F_BKSV | F_ENCRYPTING | F_VIOLATIONS | F_PM | F_CORRUPT_V |
		   F_READY_DELAY },
};

static int parse_features(const char *list)
{
	char buf[256], *tok, *save = NULL;
	unsigned int i;

	if (!list)
		return 0;
	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
		for (i = 0; i < ARRAY_SIZE(feature_names); i++)
			if (!strcmp(tok, feature_names[i].name))
				break;
		if (i == ARRAY_SIZE(feature_names)) {
			fprintf(stderr, "hdcp-e2e: unknown feature '%s'\n", tok);
			return -1;
		}
		features |= feature_names[i].bits;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "test";
	struct kms k;
	int ret;

	if (parse_features(getenv("E2E_FEATURES")))
		return 2;
	ret = kms_open(&k);
	if (ret) {
		fprintf(stderr, "hdcp-e2e: no usable VKMS device: %s\n", strerror(-ret));
		say("FAIL open_vkms");
		return 1;
	}
	ret = knobs_init(&k);
	if (ret) {
		fprintf(stderr, "hdcp-e2e: no debugfs directory for %s: %s\n", k.conn_name,
			strerror(-ret));
		say("FAIL vkms_debugfs");
		return 1;
	}
	if (!strcmp(mode, "test"))
		ret = run_tests(&k, argc > 2 ? argc - 2 : 0, argv + 2);
	else if (!strcmp(mode, "bench"))
		ret = run_bench(&k);
	else if (!strcmp(mode, "demo"))
		ret = run_demo(&k);
	else {
		fprintf(stderr, "usage: hdcp-e2e test [case-glob...] | bench | demo\n");
		ret = 2;
	}
	kms_close(&k);
	return ret;
}
