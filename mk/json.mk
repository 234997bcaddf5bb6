# JSON import/export (issue 4): CalGridJSON must also compile as Embedded Swift, together with the core
# (the Makefile's Embedded flavour); test-json links a C program against both archives and json-c,
# imports todos the program generated and checks the per-day counts against its own.
.PHONY: embedded-json test-json
embedded-json: $(EMBEDDED_DIR)/libCalGridJSON.a
$(EMBEDDED_DIR)/libCalGridJSON.a: $(EMBEDDED_DIR)/CalGridJSON.o
	rm -f $@ && ar rcs $@ $<
$(EMBEDDED_DIR)/json-probe: Tests/Embedded/json_probe.c $(EMBEDDED_DIR)/EmbeddedJSONProbe.o \
  $(call MODULE_OBJECTS,CalGridJSON,$(EMBEDDED_DIR)) | $(EMBEDDED_DIR)/libCalGridJSON.a
	$(CC) $(EMBEDDED_PROBE_CFLAGS) -o $@ $^ $(EMBEDDED_RUNTIME) $(call MODULE_LIBS,CalGridJSON)

test-json: deps-capi $(EMBEDDED_DIR)/json-probe fuzz-json
	$(EMBEDDED_DIR)/json-probe
	@echo "embedded: CalGridJSON builds as Embedded Swift ($$(stat -c %s $(EMBEDDED_DIR)/libCalGridJSON.a) bytes) and imports what C wrote"

TEST_RULES += test-json

# Fuzzing (libFuzzer through swiftc -sanitize=fuzzer, with AddressSanitizer): a short bounded run from
# the committed corpus (new finds go to $(BUILD)/fuzz/corpus, never into the tree), then a replay of
# every committed corpus file. FUZZ_SECONDS=600 make fuzz-json for a longer hunt.
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_FLAGS   := -sanitize=fuzzer,address -parse-as-library -O -wmo -use-ld=lld
FUZZ_SECONDS ?= 20
$(call SWIFTC_MODULES,$(FUZZ_DIR),$(FUZZ_FLAGS),$(call MODULE_CLOSURE,CalGridJSON))

$(FUZZ_DIR)/fuzz-import: Tests/Fuzz/ImportFuzzer.swift $(call MODULE_OBJECTS,CalGridJSON,$(FUZZ_DIR))
	$(SWIFTC) $(FUZZ_FLAGS) -module-name ImportFuzzer -I $(FUZZ_DIR) $(CalGridJSON_IMPORTS) $^ $(call MODULE_LIBS,CalGridJSON) -o $@

.PHONY: fuzz-json
fuzz-json: deps $(FUZZ_DIR)/fuzz-import
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts
	$(FUZZ_DIR)/fuzz-import -max_total_time=$(FUZZ_SECONDS) -dict=Tests/Fuzz/json.dict -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	  -artifact_prefix=$(FUZZ_DIR)/artifacts/ -print_final_stats=1 $(FUZZ_DIR)/corpus Tests/Fuzz/corpus 2>&1 | tail -n 12
	$(FUZZ_DIR)/fuzz-import -runs=1 Tests/Fuzz/corpus/* 2>&1 | tail -n 1
	@echo "fuzz-json: $(FUZZ_SECONDS) s run and $$(ls Tests/Fuzz/corpus | wc -l) corpus files replayed without a finding"
