# CalGrid — the two commands a newcomer needs are `make demo` and `make test`.
# Each installs what is missing (json-c's dev package, pkg-config, valgrind…) and then builds.
# Feature areas add their own rules in mk/*.mk and append their test rule to TEST_RULES.

SWIFT      ?= swift
SWIFTC     ?= swiftc
BUILD      := .build
CONFIG     ?= debug
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# --- The module table is Package.swift. SwiftPM builds the Swift tests and the CLI from it; Embedded
# Swift, the C library, TSan and the fuzzer need flags SwiftPM cannot give, so those flavours compile
# the library targets with swiftc directly, from $(MODULE_TABLE): mk/modules.py derives it from
# `swift package dump-package` and make remakes it whenever Package.swift changes. Each library
# target M then has M_DIR, M_SOURCES (every .swift under M_DIR), M_USES (the library targets it
# needs, transitively, dependencies first), M_CMODULES (its C module maps, transitively), M_INPUTS
# (their headers and module maps), M_IMPORTS (their -I and pkg-config cflags) and M_LIBS (their
# pkg-config libraries).
#
# Adding a module: add its target (and its dependencies) to Package.swift, nothing else. A flavour
# names the top module it needs: $(call MODULE_CLOSURE,M) is M with everything it uses,
# $(call MODULE_OBJECTS,M,DIR) their objects in DIR, $(call MODULE_LIBS,M) the libraries they link.
# $(call SWIFTC_MODULES,DIR,FLAGS,MODULES) defines the rules for DIR/M.o and DIR/M.swiftmodule of
# each of MODULES.
MODULE_TABLE := $(BUILD)/modules.mk
include $(MODULE_TABLE)
# Written whole and renamed, so a concurrent make never includes half a table; its own scratch path,
# so reading the manifest never waits for a `swift build` holding $(BUILD)'s lock.
$(MODULE_TABLE): Package.swift mk/modules.py
	@mkdir -p $(@D)
	@command -v python3 >/dev/null || { echo "installing: python3"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 >/dev/null; }
	@$(SWIFT) package --scratch-path $(BUILD)/manifest dump-package > $@.json.$$$$ && python3 mk/modules.py < $@.json.$$$$ > $@.$$$$ && \
	  rm -f $@.json.$$$$ && mv -f $@.$$$$ $@ || { rm -f $@.json.$$$$ $@.$$$$; exit 1; }

PKG_XCC  = $(if $(1),$(addprefix -Xcc ,$(shell pkg-config --cflags $(1) 2>/dev/null)))
PKG_LIBS = $(if $(1),$(or $(shell pkg-config --libs $(1) 2>/dev/null),-l$(1)))
define MODULE_VARIABLES
$(1)_SOURCES := $$(shell find $$($(1)_DIR) -name '*.swift' | sort)
$(1)_INPUTS  := $$(foreach c,$$($(1)_CMODULES),$$(wildcard $$($$(c)_DIR)/*.h $$($$(c)_DIR)/module.modulemap))
$(1)_IMPORTS := $$(foreach c,$$($(1)_CMODULES),-I $$($$(c)_DIR) $$(call PKG_XCC,$$($$(c)_PKGCONFIG)))
$(1)_LIBS    := $$(foreach c,$$($(1)_CMODULES),$$(call PKG_LIBS,$$($$(c)_PKGCONFIG)))
endef
$(foreach m,$(SWIFT_MODULES),$(eval $(call MODULE_VARIABLES,$(m))))
# In dependency order, each once.
MODULE_CLOSURE = $(filter $(foreach m,$(1),$($(m)_USES) $(m)),$(SWIFT_MODULES))
MODULE_OBJECTS = $(patsubst %,$(2)/%.o,$(call MODULE_CLOSURE,$(1)))
MODULE_LIBS    = $(sort $(foreach m,$(call MODULE_CLOSURE,$(1)),$($(m)_LIBS)))
MODULE_PKGCONFIG = $(sort $(foreach m,$(call MODULE_CLOSURE,$(1)),$(foreach c,$($(m)_CMODULES),$($(c)_PKGCONFIG))))

# -package-name as SwiftPM passes it: `package` declarations are visible across the package's modules.
define SWIFTC_MODULE
$(1)/$(2).o: $$($(2)_SOURCES) $$($(2)_INPUTS) $$(patsubst %,$(1)/%.o,$$($(2)_USES))
	@mkdir -p $$(@D)
	$$(SWIFTC) $(3) -module-name $(2) -package-name $(PACKAGE_NAME) -I $(1) $$($(2)_IMPORTS) $$($(2)_SOURCES) -c -o $$@ \
	  -emit-module -emit-module-path $(1)/$(2).swiftmodule
endef
SWIFTC_MODULES = $(foreach m,$(3),$(eval $(call SWIFTC_MODULE,$(1),$(m),$(2))))

# The host's target triple and the toolchain's Embedded runtime pieces for it (the Unicode tables
# that String comparison and hashing need are a separate archive in Embedded Swift).
SWIFT_TARGET_INFO := $(shell $(SWIFTC) -print-target-info 2>/dev/null)
SWIFT_TRIPLE      := $(shell echo '$(SWIFT_TARGET_INFO)' | sed -n 's/.*"unversionedTriple": *"\([^"]*\)".*/\1/p')
SWIFT_RESOURCES   := $(shell echo '$(SWIFT_TARGET_INFO)' | sed -n 's/.*"runtimeResourcePath": *"\([^"]*\)".*/\1/p')
EMBEDDED_RUNTIME  := $(SWIFT_RESOURCES)/embedded/$(SWIFT_TRIPLE)/libswiftUnicodeDataTables.a

# Embedded Swift: the core and CalGridJSON must keep compiling without existentials, untyped throws or
# Foundation. Function sections let libcalgrid.a's link drop what no calgrid_* function reaches.
EMBEDDED_DIR   := $(BUILD)/embedded
EMBEDDED_FLAGS := -enable-experimental-feature Embedded -wmo -parse-as-library -Osize -Xfrontend -function-sections

TEST_RULES := test-swift test-embedded

.PHONY: all deps deps-build build demo test test-swift embedded test-embedded bench bench-quick clean
all: build

# A venv under .build holding pinned PyPI packages, made when missing, for the tests that drive
# Python programs (servers, clients, oracles): $(eval $(call PYPI_VENV,rule,dir,packages,pinning-makefile))
# defines the phony rule and dir/.installed, remade when the makefile that pins the packages changes.
# The stamp is written last, so an interrupted install is redone.
define PYPI_VENV
.PHONY: $(1)
$(1): $(2)/.installed
$(2)/.installed: $(4) | deps
	@rm -rf $(2)
	python3 -m venv $(2)
	$(2)/bin/pip install -q --disable-pip-version-check $(3)
	@touch $$@
endef

include $(sort $(wildcard mk/*.mk))

# What building calgrid and the libraries needs (`make build`, `make demo`): json-c, libical (with the
# ICU it brings) and pkg-config, nothing else. The tests' tools are `deps`, the embedded targets'
# toolchains `deps-embedded` (mk/embedded.mk); `make test` installs both.
deps-build:
	@missing=""; \
	 pkg-config --exists json-c 2>/dev/null || missing="$$missing libjson-c-dev pkg-config"; \
	 pkg-config --exists libical 2>/dev/null || missing="$$missing libical-dev pkg-config"; \
	 if [ -n "$$missing" ]; then \
	   echo "installing:$$missing"; \
	   $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	 fi
deps: deps-build
	@missing=""; \
	 command -v valgrind >/dev/null || missing="$$missing valgrind"; \
	 command -v task >/dev/null || missing="$$missing taskwarrior"; \
	 command -v python3 >/dev/null || missing="$$missing python3"; \
	 python3 -c 'import dateutil.rrule' 2>/dev/null || missing="$$missing python3-dateutil"; \
	 dpkg -s python3-venv >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	 test -r /usr/share/zoneinfo/Europe/Berlin || missing="$$missing tzdata"; \
	 if [ -n "$$missing" ]; then \
	   echo "installing:$$missing"; \
	   $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	 fi

build: deps-build
	$(SWIFT) build -c $(CONFIG)

# The main job: this month with the built-in sample todos.
demo: deps-build calgrid-static
	@$(CALGRID_STATIC) month

test: deps deps-embedded
	@$(MAKE) --no-print-directory $(TEST_RULES)
	@echo "make test: all test rules passed ($(TEST_RULES))"

# The Swift tests run with TodoSet's invariant checks compiled in (`_checkInvariants()` after
# every mutation): Package.swift defines CALGRID_INVARIANTS for debug builds, so `swift test` alone
# has them too. No rule passes -Xswiftc flags to a debug build in $(BUILD): SwiftPM rebuilds
# everything when they change, and `test-cli` builds calgrid there as well.
test-swift: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

# The core must keep compiling as Embedded Swift: no existentials, typed throws only, no Foundation.
# test-embedded links a C program against the archive and checks the core's answers against glibc's.
EmbeddedCoreProbe_SOURCES  := Tests/Embedded/EmbeddedCoreProbe.swift
EmbeddedCoreProbe_USES     := CalGrid
EmbeddedJSONProbe_SOURCES  := Tests/Embedded/EmbeddedJSONProbe.swift
EmbeddedJSONProbe_USES     := $(call MODULE_CLOSURE,CalGridJSON)
EmbeddedJSONProbe_INPUTS   := $(CalGridJSON_INPUTS)
EmbeddedJSONProbe_IMPORTS  := $(CalGridJSON_IMPORTS)
EMBEDDED_PROBE_CFLAGS := -std=c99 -Wall -Wextra -Werror -pedantic -g
$(call SWIFTC_MODULES,$(EMBEDDED_DIR),$(EMBEDDED_FLAGS),$(call MODULE_CLOSURE,CalGridC) EmbeddedCoreProbe EmbeddedJSONProbe)

embedded: $(EMBEDDED_DIR)/libCalGridCore.a
$(EMBEDDED_DIR)/libCalGridCore.a: $(EMBEDDED_DIR)/CalGrid.o
	rm -f $@ && ar rcs $@ $<
$(EMBEDDED_DIR)/core-probe: Tests/Embedded/core_probe.c $(EMBEDDED_DIR)/EmbeddedCoreProbe.o $(EMBEDDED_DIR)/libCalGridCore.a
	$(CC) $(EMBEDDED_PROBE_CFLAGS) -o $@ $^ $(EMBEDDED_RUNTIME)

test-embedded: deps-capi $(EMBEDDED_DIR)/core-probe
	$(EMBEDDED_DIR)/core-probe
	@echo "embedded: core builds as Embedded Swift ($$(stat -c %s $(EMBEDDED_DIR)/libCalGridCore.a) bytes) and answers C like glibc"

bench: deps
	cd Benchmarks && $(SWIFT) run -c release CalGridBenchmarks

bench-quick: deps
	cd Benchmarks && $(SWIFT) run -c release CalGridBenchmarks --quick

clean:
	rm -rf $(BUILD) Benchmarks/.build
