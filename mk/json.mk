# JSON import/export (issue 4): CalGridJSON must also compile as Embedded Swift, together with the core.
JSON_SOURCES ?= $(shell find Sources/CalGridJSON -name '*.swift' | sort)
JSONC_CFLAGS := $(shell pkg-config --cflags-only-I json-c 2>/dev/null)

.PHONY: embedded-json test-json
embedded-json: $(BUILD)/embedded/libCalGridJSON.a
$(BUILD)/embedded/libCalGridJSON.a: $(BUILD)/embedded/libCalGridCore.a $(JSON_SOURCES) Sources/CJSONC/shim.h
	$(SWIFTC) $(EMBEDDED_FLAGS) -module-name CalGridJSON -I $(BUILD)/embedded -I Sources/CJSONC \
	  $(addprefix -Xcc ,$(JSONC_CFLAGS)) $(JSON_SOURCES) -emit-library -static -o $@

test-json: deps embedded-json fuzz-json
	@test -s $(BUILD)/embedded/libCalGridJSON.a && echo "embedded: CalGridJSON builds as Embedded Swift ($$(stat -c %s $(BUILD)/embedded/libCalGridJSON.a) bytes)"

TEST_RULES += test-json

# Fuzzing (libFuzzer through swiftc -sanitize=fuzzer, with AddressSanitizer): a short bounded run from
# the committed corpus (new finds go to $(BUILD)/fuzz/corpus, never into the tree), then a replay of
# every committed corpus file. FUZZ_SECONDS=600 make fuzz-json for a longer hunt.
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_FLAGS   := -sanitize=fuzzer,address -parse-as-library -O -wmo -use-ld=lld
FUZZ_SECONDS ?= 20
FUZZ_JSONC   := -I Sources/CJSONC $(addprefix -Xcc ,$(JSONC_CFLAGS))

$(FUZZ_DIR)/CalGrid.o: $(CORE_SOURCES)
	@mkdir -p $(@D)
	$(SWIFTC) $(FUZZ_FLAGS) -module-name CalGrid $(CORE_SOURCES) -c -o $@ -emit-module -emit-module-path $(@D)/CalGrid.swiftmodule
$(FUZZ_DIR)/CalGridJSON.o: $(JSON_SOURCES) Sources/CJSONC/shim.h $(FUZZ_DIR)/CalGrid.o
	$(SWIFTC) $(FUZZ_FLAGS) -module-name CalGridJSON -I $(FUZZ_DIR) $(FUZZ_JSONC) $(JSON_SOURCES) -c -o $@ \
	  -emit-module -emit-module-path $(@D)/CalGridJSON.swiftmodule
$(FUZZ_DIR)/fuzz-import: Tests/Fuzz/ImportFuzzer.swift $(FUZZ_DIR)/CalGrid.o $(FUZZ_DIR)/CalGridJSON.o
	$(SWIFTC) $(FUZZ_FLAGS) -module-name ImportFuzzer -I $(FUZZ_DIR) $(FUZZ_JSONC) Tests/Fuzz/ImportFuzzer.swift \
	  $(FUZZ_DIR)/CalGrid.o $(FUZZ_DIR)/CalGridJSON.o -ljson-c -o $@

.PHONY: fuzz-json
fuzz-json: deps $(FUZZ_DIR)/fuzz-import
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts
	$(FUZZ_DIR)/fuzz-import -max_total_time=$(FUZZ_SECONDS) -dict=Tests/Fuzz/json.dict -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
	  -artifact_prefix=$(FUZZ_DIR)/artifacts/ -print_final_stats=1 $(FUZZ_DIR)/corpus Tests/Fuzz/corpus 2>&1 | tail -n 12
	$(FUZZ_DIR)/fuzz-import -runs=1 Tests/Fuzz/corpus/* 2>&1 | tail -n 1
	@echo "fuzz-json: $(FUZZ_SECONDS) s run and $$(ls Tests/Fuzz/corpus | wc -l) corpus files replayed without a finding"
