# CalGrid — the two commands a newcomer needs are `make demo` and `make test`.
# Each installs what is missing (json-c's dev package, pkg-config, valgrind…) and then builds.
# Feature areas add their own rules in mk/*.mk and append their test rule to TEST_RULES.

SWIFT      ?= swift
SWIFTC     ?= swiftc
BUILD      := .build
CONFIG     ?= debug
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CORE_SOURCES := $(shell find Sources/CalGrid -name '*.swift' | sort)
EMBEDDED_FLAGS := -enable-experimental-feature Embedded -wmo -parse-as-library -Osize

# Debian packages the build and the tests need, by the command or pkg-config module that shows them.
APT_PACKAGES := libjson-c-dev pkg-config valgrind taskwarrior python3

TEST_RULES := test-swift test-embedded

.PHONY: all deps build demo test test-swift embedded test-embedded bench bench-quick clean
all: build

include $(sort $(wildcard mk/*.mk))

deps:
	@missing=""; \
	 pkg-config --exists json-c 2>/dev/null || missing="$$missing libjson-c-dev pkg-config"; \
	 command -v valgrind >/dev/null || missing="$$missing valgrind"; \
	 command -v task >/dev/null || missing="$$missing taskwarrior"; \
	 command -v python3 >/dev/null || missing="$$missing python3"; \
	 if [ -n "$$missing" ]; then \
	   echo "installing:$$missing"; \
	   $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	 fi

build: deps
	$(SWIFT) build -c $(CONFIG)

# The main job: this month with the built-in sample todos.
demo: deps calgrid-static
	@$(CALGRID_STATIC) month

test: deps
	@$(MAKE) --no-print-directory $(TEST_RULES)
	@echo "make test: all test rules passed ($(TEST_RULES))"

test-swift: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel

# The core must keep compiling as Embedded Swift: no existentials, typed throws only, no Foundation.
embedded: $(BUILD)/embedded/libCalGridCore.a
$(BUILD)/embedded/libCalGridCore.a: $(CORE_SOURCES)
	@mkdir -p $(BUILD)/embedded
	$(SWIFTC) $(EMBEDDED_FLAGS) -module-name CalGrid $(CORE_SOURCES) -emit-library -static -o $@ \
	  -emit-module -emit-module-path $(BUILD)/embedded/CalGrid.swiftmodule

test-embedded: deps embedded
	@test -s $(BUILD)/embedded/libCalGridCore.a && echo "embedded: core builds as Embedded Swift ($$(stat -c %s $(BUILD)/embedded/libCalGridCore.a) bytes)"

bench: deps
	cd Benchmarks && $(SWIFT) run -c release CalGridBenchmarks

bench-quick: deps
	cd Benchmarks && $(SWIFT) run -c release CalGridBenchmarks --quick

clean:
	rm -rf $(BUILD) Benchmarks/.build
