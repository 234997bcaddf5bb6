# The calgrid command (issue 6): golden tests of text and JSON output, errors and stdin.
TEST_RULES += test-cli
.PHONY: test-cli calgrid-static

test-cli: deps ical-venv
	$(SWIFT) build --product calgrid
	@$(MAKE) --no-print-directory check-cli-api
	Tests/CLI/run.sh $(BUILD)/debug/calgrid
	$(ICAL_PYTHON) Tests/CLI/ics_store_test.py $(BUILD)/debug/calgrid
	$(ICAL_PYTHON) Tests/CLI/deadline_store_test.py $(BUILD)/debug/calgrid

# The CLI is a client of the libraries like any other: public API only. SwiftPM gives it the
# package's `package` declarations (and its debug modules are built for testing), so its sources
# are type-checked again against the built modules with no package name and no @testable.
CLI_API_IMPORTS := $(CalGridJSON_IMPORTS) $(CalGridICalendar_IMPORTS) $(CalGridStore_IMPORTS)
.PHONY: check-cli-api
check-cli-api:
	@! grep -n '@testable\|@_spi\|@_implementationOnly\|@_private' Sources/calgrid/*.swift || \
	  { echo "check-cli-api: the CLI must import the libraries plainly"; exit 1; }
	$(SWIFTC) -typecheck -swift-version 6 -I $(BUILD)/debug/Modules $(CLI_API_IMPORTS) Sources/calgrid/*.swift
	@echo "check-cli-api: calgrid compiles against the libraries' public API alone"

# The release calgrid as one static executable (Swift runtime, libstdc++ and json-c linked in):
# no shared Swift libraries to load and relocate, so it starts about as fast as a C program
# (a dynamically linked Swift binary spends most of its start-up in the dynamic loader). `make demo`
# runs it and `make install` installs it. Its own scratch path keeps these flags away from the
# ordinary builds. One link option stays because it earns its keep:
# - --no-mmap-output-file: gold (swiftc's linker here) otherwise writes the executable through a
#   shared mapping, which leaves it in the page cache as single 4 KiB pages that every start maps
#   one by one: 1.70 ms instead of 1.02 ms per start (p10 of 500, 145 instead of 92 page faults;
#   an installed copy is written with write(2) and does not need it).
# A link order of the functions a start executes (--section-ordering-file) was dropped: on the
# installed binary it saved 4-5 % (1.29 to 1.23 ms CPU, 140 to 130 page faults), under the 10 % a
# link trick must earn, and its list of mangled names went stale with every change.
CALGRID_STATIC := $(BUILD)/static/release/calgrid
# Out of memory (issue 24 item 3): the allocator's entry points are wrapped (--wrap) by
# Sources/CLIOutOfMemory/out_of_memory.c, which answers a NULL with "calgrid: out of memory" and exit 1
# instead of Swift's trap (docs/reliability.md).
CALGRID_OOM_OBJ  := $(abspath $(BUILD))/cli-oom/out_of_memory.o
CALGRID_OOM_WRAP := $(foreach f,malloc calloc realloc posix_memalign aligned_alloc,-Xlinker --wrap=$(f))
# ICU's data (issue 41, a lean binary): libical links ICU for RSCALE, which CalGrid never asks it to
# expand, and libicuuc pulls in libicudata's 30 MB table. Sources/CICUDataStub has an empty table,
# and --defsym gives the table's symbol (icudt<ICU major>_dat) its address before any archive is
# searched, so libicudata.a's member is never pulled in (docs/reliability.md, "Start-up floor").
# (ICU_MAJOR: mk/capi.mk, which links libcalgrid.so the same way.)
CALGRID_ICU_STUB := $(abspath $(BUILD))/cli-oom/icu_data_stub.o
CALGRID_STATIC_FLAGS := -Xswiftc -static-executable -Xlinker --no-mmap-output-file $(CALGRID_OOM_WRAP) -Xlinker $(CALGRID_OOM_OBJ) \
  -Xlinker $(CALGRID_ICU_STUB) -Xlinker --defsym=icudt$(ICU_MAJOR)_dat=calgrid_icu_empty_data
# SwiftPM does not recompile when only -Xswiftc flags change: a flags stamp starts the scratch path afresh.
CALGRID_STATIC_STAMP := $(BUILD)/static/.calgrid-static-flags
$(CALGRID_OOM_OBJ): Sources/CLIOutOfMemory/out_of_memory.c
	@mkdir -p $(@D)
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -c $< -o $@
	rm -f $(CALGRID_STATIC)   # SwiftPM does not see the object: relink
$(CALGRID_ICU_STUB): Sources/CICUDataStub/icu_data_stub.c
	@mkdir -p $(@D)
	@test -n "$(ICU_MAJOR)" || { echo "calgrid-static: pkg-config knows no icu-uc (libicu-dev, which libical-dev brings)"; exit 1; }
	$(CC) -std=c99 -O2 -Wall -Wextra -Werror -c $< -o $@
	rm -f $(CALGRID_STATIC)   # SwiftPM does not see the object: relink
calgrid-static: deps-build $(CALGRID_OOM_OBJ) $(CALGRID_ICU_STUB)
	@mkdir -p $(BUILD)/static
	@echo '$(CALGRID_STATIC_FLAGS)' | cmp -s - $(CALGRID_STATIC_STAMP) || \
	  { rm -rf $(BUILD)/static && mkdir -p $(BUILD)/static && echo '$(CALGRID_STATIC_FLAGS)' > $(CALGRID_STATIC_STAMP); }
	@$(SWIFT) build -c release --product calgrid $(CALGRID_STATIC_FLAGS) --scratch-path $(BUILD)/static \
	  >$(BUILD)/calgrid-static.log 2>&1 || { cat $(BUILD)/calgrid-static.log; exit 1; }
