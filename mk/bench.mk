# Benchmarks (issue 7): `make bench` runs every scenario and rewrites Benchmarks/README.md and
# Benchmarks/results/; `make bench-quick` runs small sizes in under 2 minutes and writes only to
# Benchmarks/.build/bench-quick/. The rules themselves are in the Makefile; this adds what they need.

bench bench-quick: bench-deps ical-venv
# The full run also measures the C API and the calgrid `make install` installs (the static
# executable, installed into $(BUILD)/bench-prefix), so it builds them first (the quick run uses
# them when present, else the dynamically linked calgrid).
bench: capi bench-install
.PHONY: bench-install
bench-install: deps
	@$(MAKE) --no-print-directory install PREFIX=$(abspath $(BUILD))/bench-prefix >/dev/null

# `cal` (Debian ncal) for the CLI start-up comparison, and the calgrid binary it spawns; libical-dev
# for the recurrence baseline (python3-dateutil, its other baseline, comes with `make deps`).
.PHONY: bench-deps
bench-deps: deps
	@command -v cal >/dev/null || { echo "installing: ncal"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq ncal >/dev/null; }
	@# libical's icalrecur_iterator is the C baseline of the recurrence scenario.
	@test -r /usr/include/libical/icalrecur.h || { echo "installing: libical-dev"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq libical-dev >/dev/null; }
	@# SwiftPM keeps the root package's file list for the Benchmarks package until a manifest
	@# changes: after a pull that adds a source file, the build fails with "cannot find type".
	@touch Package.swift Benchmarks/Package.swift
	cd Benchmarks && $(SWIFT) build -c release --product calgrid
