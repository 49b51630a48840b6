# SPDX-License-Identifier: GPL-2.0
#
# Content protection for Linux DRM: a change set on Debian's 6.12 kernel.
# `make help` lists the targets.

SHELL := /bin/bash
HDCP_CACHE ?= /var/cache/drm-hdcp
export HDCP_CACHE

.PHONY: help deps tree kunit patches abi-check compile-users build-nokunit kernel-doc \
	upstream-overlap linkage series-build e2e kunit-smp e2e-smp smp check demo bench \
	clean

help:
	@echo "make deps            install what the targets need (apt-get, as root)"
	@echo "make tree            assemble build/linux: pristine 6.12 + kernel/ + patches/"
	@echo "make kunit           KUnit suites under UML with KASAN and lockdep"
	@echo "make patches         export the series to build/series/ and checkpatch it"
	@echo "make abi-check       exported symbols and uapi headers against pristine"
	@echo "make compile-users   x86_64 builds of every user of our headers, W=1/sparse"
	@echo "make build-nokunit   x86_64 DRM modules built and linked with KUnit off"
	@echo "make kernel-doc      kernel-doc -Wall on the files we own"
	@echo "make linkage         amdgpu/bridges-only config links no engine or cipher"
	@echo "make series-build    every patch of the series compiles on its own"
	@echo "make e2e             boot the kernel (UML) and test the property from userspace"
	@echo "make kunit-smp       KUnit suites on x86_64, 4 vCPUs under QEMU, KCSAN and lockdep"
	@echo "make e2e-smp         userspace cases and threaded stress on that kernel (QEMU)"
	@echo "make smp             kunit-smp and e2e-smp"
	@echo "make check           all of the above; last line 'N passed, N failed'"
	@echo "make demo            build and show the property behaviour, readable"
	@echo "make bench           HDCP 1.4 timings against the spec, KUnit and end to end"
	@echo "make clean           remove build/ (the cache in HDCP_CACHE stays)"

deps:
	@bash tools/deps.sh

tree: deps
	@python3 tools/assemble.py

kunit: tree
	@bash tools/kunit.sh $(if $(SUITES),'$(SUITES)')

patches: tree
	@bash tools/export-series.sh

abi-check: tree
	@python3 tools/abi-check.py

compile-users: tree
	@bash tools/compile-users.sh

build-nokunit: tree
	@bash tools/build-nokunit.sh

kernel-doc: tree
	@bash tools/kerneldoc-check.sh

upstream-overlap: tree
	@python3 tools/upstream-overlap.py

linkage: tree
	@bash tools/linkage-check.sh

series-build: tree
	@bash tools/series-build-check.sh

kunit-smp: tree
	@bash tools/kunit.sh --smp $(if $(SUITES),'$(SUITES)')

e2e-smp: tree
	@bash tools/e2e.sh --smp $(if $(CASES),'$(CASES)')

smp: kunit-smp e2e-smp

check: tree
	@bash tools/check.sh

demo: tree
	@bash tools/demo.sh

e2e: tree
	@bash tools/e2e.sh $(if $(CASES),'$(CASES)')

bench: tree
	@bash tools/bench.sh

clean:
	rm -rf build
