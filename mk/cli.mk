# The calgrid command (issue 6): golden tests of text and JSON output, errors and stdin.
TEST_RULES += test-cli
.PHONY: test-cli calgrid-static

test-cli: deps
	$(SWIFT) build --product calgrid
	Tests/CLI/run.sh $(BUILD)/debug/calgrid

# The release calgrid as one static executable (Swift runtime, libstdc++ and json-c linked in):
# no shared Swift libraries to load and relocate, so it starts about as fast as a C program
# (a dynamically linked Swift binary spends most of its start-up in the dynamic loader).
# Its own scratch path keeps these link flags away from the ordinary builds.
# --no-mmap-output-file: gold (swiftc's linker here) otherwise writes the executable through a
# shared mapping, which leaves it in the page cache as single 4 KiB pages, and every start then
# pays for mapping them one by one (about 0.3 ms more per start on the benchmark machine than the
# same bytes written with write(2), as `cp`, `install` or a read from disk leave them).
CALGRID_STATIC := $(BUILD)/static/release/calgrid
calgrid-static: deps
	@mkdir -p $(BUILD)
	@$(SWIFT) build -c release --product calgrid -Xswiftc -static-executable -Xlinker --no-mmap-output-file \
	  --scratch-path $(BUILD)/static \
	  >$(BUILD)/calgrid-static.log 2>&1 || { cat $(BUILD)/calgrid-static.log; exit 1; }
