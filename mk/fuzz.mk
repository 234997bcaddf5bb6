# Fuzzing (issue 24 item 6): libFuzzer targets through swiftc -sanitize=fuzzer (with AddressSanitizer),
# one per parser and one for the C API's call sequences (docs/reliability.md says what each checks).
#   fuzz-json    JSON import (Tests/Fuzz/ImportFuzzer.swift; run by test-json)
#   fuzz-tzif    TZif files (TZifFuzzer.swift), seeded from Tests/Fuzz/tzif and the system's tzdata
#   fuzz-posix   POSIX TZ strings (POSIXFuzzer.swift)
#   fuzz-rrule   RFC 5545 RRULE text and the recurrence it makes (RRuleFuzzer.swift)
#   fuzz-icalendar  iCalendar import through libical, and export (ICalendarFuzzer.swift), seeded from
#                the iCalendar test corpus
#   fuzz-capi    C call sequences against a reference model (capi_fuzz.c, linking the C API's objects)
# `make test` (test-fuzz, test-json) runs each for a fixed number of executions (FUZZ_RUNS_<target>,
# about 20 s each here) from a fixed seed, so every machine tries the same inputs and a run that
# passes here passes in CI (a time limit tried different inputs on a slower machine: CI met a timeout
# no local run reached); FUZZ_SECONDS only caps a very slow machine. New finds go to
# $(BUILD)/fuzz/<target>/corpus (never into the tree; emptied first, as in a clean clone); then every
# committed corpus and regression file is replayed. `make fuzz`, the hunt, runs them all for FUZZ_LONG_SECONDS each, unbounded in runs. A finding (a crash file in
# $(BUILD)/fuzz/artifacts) is fixed and then committed under Tests/Fuzz/regressions/<target>/.
FUZZ_DIR          := $(BUILD)/fuzz
FUZZ_FLAGS        := -sanitize=fuzzer,address -parse-as-library -O -wmo -use-ld=lld
FUZZ_SECONDS      ?= 120
FUZZ_RUNS_json      ?= 40000
FUZZ_RUNS_tzif      ?= 900000
FUZZ_RUNS_posix     ?= 800000
FUZZ_RUNS_rrule     ?= 500000
FUZZ_RUNS_icalendar ?= 3000
FUZZ_RUNS_capi      ?= 2000
FUZZ_LONG_SECONDS ?= 600
FUZZ_SEED         ?= 1
FUZZ_CC           := $(dir $(shell command -v $(SWIFTC)))clang
$(call SWIFTC_MODULES,$(FUZZ_DIR),$(FUZZ_FLAGS),$(sort $(call MODULE_CLOSURE,CalGridC) $(call MODULE_CLOSURE,CalGridICalendar)))

$(FUZZ_DIR)/fuzz-import: Tests/Fuzz/ImportFuzzer.swift Tests/Fuzz/FuzzChecks.swift $(call MODULE_OBJECTS,CalGridJSON,$(FUZZ_DIR))
	$(SWIFTC) $(FUZZ_FLAGS) -module-name ImportFuzzer -I $(FUZZ_DIR) $(CalGridJSON_IMPORTS) $^ $(call MODULE_LIBS,CalGridJSON) -o $@
$(FUZZ_DIR)/fuzz-tzif: Tests/Fuzz/TZifFuzzer.swift Tests/Fuzz/FuzzChecks.swift $(call MODULE_OBJECTS,CalGrid,$(FUZZ_DIR))
	$(SWIFTC) $(FUZZ_FLAGS) -module-name TZifFuzzer -I $(FUZZ_DIR) $^ $(call MODULE_LIBS,CalGrid) -o $@
$(FUZZ_DIR)/fuzz-posix: Tests/Fuzz/POSIXFuzzer.swift Tests/Fuzz/FuzzChecks.swift $(call MODULE_OBJECTS,CalGrid,$(FUZZ_DIR))
	$(SWIFTC) $(FUZZ_FLAGS) -module-name POSIXFuzzer -I $(FUZZ_DIR) $^ $(call MODULE_LIBS,CalGrid) -o $@
$(FUZZ_DIR)/fuzz-rrule: Tests/Fuzz/RRuleFuzzer.swift Tests/Fuzz/FuzzChecks.swift $(call MODULE_OBJECTS,CalGrid,$(FUZZ_DIR))
	$(SWIFTC) $(FUZZ_FLAGS) -module-name RRuleFuzzer -I $(FUZZ_DIR) $^ $(call MODULE_LIBS,CalGrid) -o $@
$(FUZZ_DIR)/fuzz-icalendar: Tests/Fuzz/ICalendarFuzzer.swift Tests/Fuzz/FuzzChecks.swift $(call MODULE_OBJECTS,CalGridICalendar,$(FUZZ_DIR))
	$(SWIFTC) $(FUZZ_FLAGS) -module-name ICalendarFuzzer -package-name $(PACKAGE_NAME) -I $(FUZZ_DIR) $(CalGridICalendar_IMPORTS) $^ $(call MODULE_LIBS,CalGridICalendar) -o $@
# The C target is compiled by the toolchain's clang (its libFuzzer is the one swiftc links).
$(FUZZ_DIR)/capi_fuzz.o: Tests/Fuzz/capi_fuzz.c Include/calgrid.h Tests/C/split_oracle.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -fsanitize=fuzzer-no-link,address -g -O1 -std=c99 -Wall -Wextra -Werror -I Include -c $< -o $@
$(FUZZ_DIR)/fuzz-capi: $(FUZZ_DIR)/capi_fuzz.o $(call MODULE_OBJECTS,CalGridC,$(FUZZ_DIR))
	$(SWIFTC) -sanitize=fuzzer,address -use-ld=lld $^ $(call MODULE_LIBS,CalGridC) -o $@

# $(call FUZZ_RUN,target,binary,seconds,libFuzzer options,committed corpora)
define FUZZ_RUN
	@$(if $(filter -1,$(FUZZ_RUNS_$(1))),,rm -rf $(FUZZ_DIR)/$(1)/corpus;) mkdir -p $(FUZZ_DIR)/$(1)/corpus $(FUZZ_DIR)/artifacts
	SWIFT_BACKTRACE=enable=no $(2) -seed=$(FUZZ_SEED) -runs=$(FUZZ_RUNS_$(1)) -max_total_time=$(3) $(4) -timeout=10 -rss_limit_mb=2048 \
	  -artifact_prefix=$(FUZZ_DIR)/artifacts/$(1)- -print_final_stats=1 $(FUZZ_DIR)/$(1)/corpus $(5) \
	  > $(FUZZ_DIR)/$(1)/run.log 2>&1 || { tail -n 40 $(FUZZ_DIR)/$(1)/run.log; exit 1; }
	@grep -E '^stat::number_of_executed_units|^stat::new_units_added' $(FUZZ_DIR)/$(1)/run.log | tr '\n' ' '; echo
	@files=$$(find $(5) Tests/Fuzz/regressions/$(1) -type f 2>/dev/null); \
	 SWIFT_BACKTRACE=enable=no $(2) -runs=1 $$files > $(FUZZ_DIR)/$(1)/replay.log 2>&1 || { tail -n 40 $(FUZZ_DIR)/$(1)/replay.log; exit 1; }; \
	 echo "$(1): seed $(FUZZ_SEED), $$(grep -o 'stat::number_of_executed_units: [0-9]*' $(FUZZ_DIR)/$(1)/run.log | grep -o '[0-9]*$$') executions, $$(echo $$files | wc -w) committed inputs replayed, no finding"
endef

# The TZif seeds: the committed ones plus a few of the system's own zone files (not copied into the tree).
TZIF_SEED_ZONES := Europe/Berlin America/New_York Australia/Lord_Howe Pacific/Apia Asia/Kathmandu \
                   America/St_Johns Africa/Casablanca Asia/Jerusalem Europe/Dublin Antarctica/Troll UTC
$(FUZZ_DIR)/tzif-seed/.done:
	@mkdir -p $(@D)
	@for z in $(TZIF_SEED_ZONES); do f=/usr/share/zoneinfo/$$z; [ -r $$f ] && cp $$f $(@D)/$$(echo $$z | tr / -) || true; done
	@touch $@

.PHONY: fuzz fuzz-json fuzz-tzif fuzz-posix fuzz-rrule fuzz-icalendar fuzz-capi test-fuzz
fuzz-json: deps $(FUZZ_DIR)/fuzz-import
	$(call FUZZ_RUN,json,$(FUZZ_DIR)/fuzz-import,$(FUZZ_SECONDS),-dict=Tests/Fuzz/json.dict -max_len=4096,Tests/Fuzz/corpus)
fuzz-tzif: deps $(FUZZ_DIR)/fuzz-tzif $(FUZZ_DIR)/tzif-seed/.done
	$(call FUZZ_RUN,tzif,$(FUZZ_DIR)/fuzz-tzif,$(FUZZ_SECONDS),-dict=Tests/Fuzz/tzif.dict -max_len=8192,Tests/Fuzz/tzif $(FUZZ_DIR)/tzif-seed)
fuzz-posix: deps $(FUZZ_DIR)/fuzz-posix
	$(call FUZZ_RUN,posix,$(FUZZ_DIR)/fuzz-posix,$(FUZZ_SECONDS),-dict=Tests/Fuzz/posix.dict -max_len=256,Tests/Fuzz/posix)
fuzz-rrule: deps $(FUZZ_DIR)/fuzz-rrule
	$(call FUZZ_RUN,rrule,$(FUZZ_DIR)/fuzz-rrule,$(FUZZ_SECONDS),-dict=Tests/Fuzz/rrule.dict -max_len=512,Tests/Fuzz/rrule)
fuzz-icalendar: deps $(FUZZ_DIR)/fuzz-icalendar
	$(call FUZZ_RUN,icalendar,$(FUZZ_DIR)/fuzz-icalendar,$(FUZZ_SECONDS),-dict=Tests/Fuzz/icalendar.dict -max_len=4096,Tests/CalGridICalendarTests/Corpus)
fuzz-capi: deps $(FUZZ_DIR)/fuzz-capi
	$(call FUZZ_RUN,capi,$(FUZZ_DIR)/fuzz-capi,$(FUZZ_SECONDS),-max_len=2048,Tests/Fuzz/capi)

# Part of `make test` (fuzz-json runs under test-json).
TEST_RULES += test-fuzz
test-fuzz:
	@$(MAKE) --no-print-directory fuzz-tzif fuzz-posix fuzz-rrule fuzz-icalendar fuzz-capi fuzz-capi-control

# The long hunt: every target, FUZZ_LONG_SECONDS each.
fuzz:
	@$(MAKE) --no-print-directory FUZZ_SECONDS=$(FUZZ_LONG_SECONDS) $(foreach t,json tzif posix rrule icalendar capi,FUZZ_RUNS_$(t)=-1) fuzz-json fuzz-tzif fuzz-posix fuzz-rrule fuzz-icalendar fuzz-capi

# The call-sequence fuzzer's negative control: the same target with a model one weekday off must
# report a mismatch on the committed inputs (else the model checks nothing).
$(FUZZ_DIR)/capi_fuzz_broken.o: Tests/Fuzz/capi_fuzz.c Include/calgrid.h Tests/C/split_oracle.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -fsanitize=fuzzer-no-link,address -g -O1 -std=c99 -Wall -Wextra -Werror -DCAPI_FUZZ_BROKEN_MODEL -I Include -c $< -o $@
$(FUZZ_DIR)/fuzz-capi-broken: $(FUZZ_DIR)/capi_fuzz_broken.o $(call MODULE_OBJECTS,CalGridC,$(FUZZ_DIR))
	$(SWIFTC) -sanitize=fuzzer,address -use-ld=lld $^ $(call MODULE_LIBS,CalGridC) -o $@
.PHONY: fuzz-capi-control
fuzz-capi-control: deps $(FUZZ_DIR)/fuzz-capi-broken
	@if $(FUZZ_DIR)/fuzz-capi-broken -runs=1 Tests/Fuzz/capi/* > $(FUZZ_DIR)/capi-control.log 2>&1; then \
	   echo "fuzz-capi-control: a model one weekday off passed: the call-sequence checks compare nothing"; exit 1; fi
	@grep -q 'capi fuzz: step' $(FUZZ_DIR)/capi-control.log || { tail -n 20 $(FUZZ_DIR)/capi-control.log; exit 1; }
	@echo "fuzz-capi-control: a model one weekday off is caught ($$(grep -m1 -o 'capi fuzz: step.*' $(FUZZ_DIR)/capi-control.log))"
