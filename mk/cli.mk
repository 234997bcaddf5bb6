# The calgrid command (issue 6): golden tests of text and JSON output, errors and stdin.
TEST_RULES += test-cli
.PHONY: test-cli calgrid-static

test-cli: deps
	$(SWIFT) build --product calgrid $(DEBUG_BUILD_FLAGS)
	Tests/CLI/run.sh $(BUILD)/debug/calgrid

# The release calgrid as one static executable (Swift runtime, libstdc++ and json-c linked in):
# no shared Swift libraries to load and relocate, so it starts about as fast as a C program
# (a dynamically linked Swift binary spends most of its start-up in the dynamic loader).
# Its own scratch path keeps these link flags away from the ordinary builds. Two link details
# cut the page faults a start takes, most of what it costs beyond a C program's:
# - --section-ordering-file: the functions `calgrid month` executes (mk/calgrid-order.txt; the
#   modules are compiled with function sections) are laid out together, so a start touches fewer
#   pages; `make calgrid-order` regenerates the list.
# - --no-mmap-output-file: gold (swiftc's linker here) otherwise writes the executable through a
#   shared mapping, which leaves it in the page cache as single 4 KiB pages that every start maps
#   one by one. (The measurements: Benchmarks/README.md, History.)
CALGRID_STATIC := $(BUILD)/static/release/calgrid
CALGRID_ORDER  := mk/calgrid-order.txt
CALGRID_STATIC_FLAGS := -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xlinker --no-mmap-output-file -Xlinker --section-ordering-file=$(abspath $(CALGRID_ORDER))
# SwiftPM does not recompile when only -Xswiftc flags change: a flags stamp starts the scratch path afresh.
CALGRID_STATIC_STAMP := $(BUILD)/static/.calgrid-static-flags
calgrid-static: deps
	@mkdir -p $(BUILD)/static
	@echo '$(CALGRID_STATIC_FLAGS)' | cmp -s - $(CALGRID_STATIC_STAMP) || \
	  { rm -rf $(BUILD)/static && mkdir -p $(BUILD)/static && echo '$(CALGRID_STATIC_FLAGS)' > $(CALGRID_STATIC_STAMP); }
	@$(SWIFT) build -c release --product calgrid $(CALGRID_STATIC_FLAGS) --scratch-path $(BUILD)/static \
	  >$(BUILD)/calgrid-static.log 2>&1 || { cat $(BUILD)/calgrid-static.log; exit 1; }

# Regenerates the section order from what the static calgrid executes for `calgrid month`.
.PHONY: calgrid-order
calgrid-order: calgrid-static
	python3 mk/calgrid-order.py $(CALGRID_STATIC) $(CALGRID_ORDER)
	rm -f $(CALGRID_STATIC)
	@$(MAKE) --no-print-directory calgrid-static
