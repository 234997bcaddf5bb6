# JSON import/export (issue 4): CalGridJSON must also compile as Embedded Swift, together with the core.
JSON_SOURCES := $(shell find Sources/CalGridJSON -name '*.swift' | sort)
JSONC_CFLAGS := $(shell pkg-config --cflags-only-I json-c 2>/dev/null)

.PHONY: embedded-json test-json
embedded-json: $(BUILD)/embedded/libCalGridJSON.a
$(BUILD)/embedded/libCalGridJSON.a: $(BUILD)/embedded/libCalGridCore.a $(JSON_SOURCES) Sources/CJSONC/shim.h
	$(SWIFTC) $(EMBEDDED_FLAGS) -module-name CalGridJSON -I $(BUILD)/embedded -I Sources/CJSONC \
	  $(addprefix -Xcc ,$(JSONC_CFLAGS)) $(JSON_SOURCES) -emit-library -static -o $@

test-json: deps embedded-json
	@test -s $(BUILD)/embedded/libCalGridJSON.a && echo "embedded: CalGridJSON builds as Embedded Swift ($$(stat -c %s $(BUILD)/embedded/libCalGridJSON.a) bytes)"

TEST_RULES += test-json
