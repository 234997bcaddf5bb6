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

# fuzz-json (the import target, run briefly by test-json) lives in mk/fuzz.mk with the other targets.
