// SPDX-License-Identifier: GPL-2.0
#include "e2e.h"
int run_bench(struct kms *k) { (void)k; return 1; }
