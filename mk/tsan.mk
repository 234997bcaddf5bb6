# ThreadSanitizer (issue 12): the suites that run threads — concurrent reads of one set, the
# parallel import, concurrent atomic writes — under -sanitize=thread, in their own scratch path so
# the ordinary debug build is untouched. Only these suites: building is the cost (every module once
# more with TSan), running everything under it would add minutes for code that runs one thread.
# test-tsan first runs test-c-tsan, the C API's tests under ThreadSanitizer (below).
TSAN_SCRATCH := $(BUILD)/tsan
TSAN_SUITES  := ConcurrentReadTests|ParallelImportTests|AtomicFileTests|ICalendarThreadTests
TEST_RULES += test-tsan
.PHONY: test-tsan
test-tsan: deps test-c-tsan
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SCRATCH)
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SCRATCH) --filter '$(TSAN_SUITES)'

# The C side (issue 12): libcalgrid.so built as it ships (static Swift runtime, calgrid_* exported)
# but with every module under -sanitize=thread, in $(CAPI_TSAN_DIR); the whole C test program
# (Tests/C, including the pthread test) compiled with -fsanitize=thread and run. gcc's libtsan cannot
# serve: it lacks __tsan_memcpy/__tsan_memset/__tsan_memmove that swiftc's instrumentation calls, so
# the C side uses the toolchain's own clang and ThreadSanitizer runtime. The negative control
# (Tests/C/race/race_control.c) adds todos on one thread while another reads, and (`in-place`)
# flips is_completed, which updates the built per-day table in place, while another thread reads
# the day counts: the rule fails unless ThreadSanitizer reports each race, so a detector that has
# gone blind cannot pass.
CAPI_TSAN_DIR    := $(BUILD)/capi-tsan
CAPI_TSAN_CC     := $(dir $(realpath $(shell command -v $(SWIFTC) 2>/dev/null)))clang
CAPI_TSAN_CFLAGS := -std=c11 -Wall -Wextra -Werror -pedantic -g -pthread -I Include -fsanitize=thread
# The toolchain's TSan runtime intercepts libdispatch too, so it links the toolchain's static
# libdispatch and BlocksRuntime (the program itself uses neither).
CAPI_TSAN_DISPATCH := $(addprefix $(dir $(SWIFT_RESOURCES))swift_static/linux/,libdispatch.a libBlocksRuntime.a)
CAPI_TSAN_LIBS   := -L$(CAPI_TSAN_DIR) -lcalgrid -Wl,-rpath,$(abspath $(CAPI_TSAN_DIR)) $(CAPI_TSAN_DISPATCH)
# history_size=7: the longest per-thread history, so a report's other stack is not lost (without
# it, about 1 run in 20 of the negative control missed its race).
# suppressions: Tests/C/race/swift_once.supp (the Swift runtime's once, not instrumented, is not a race).
CAPI_TSAN_RUN    := TSAN_OPTIONS='halt_on_error=1 history_size=7 suppressions=$(abspath Tests/C/race/swift_once.supp)'
$(call SWIFTC_MODULES,$(CAPI_TSAN_DIR),$(CAPI_SHARED_FLAGS) -g -sanitize=thread,$(call MODULE_CLOSURE,CalGridC))
$(eval $(call CAPI_LINK_SO,$(CAPI_TSAN_DIR),$(CAPI_TSAN_DIR)/libcalgrid.so,-sanitize=thread))
$(CAPI_TSAN_DIR)/tests/%: $(CAPI_TSAN_DIR)/libcalgrid.so
	@test -x $(CAPI_TSAN_CC) || { echo "test-c-tsan needs the Swift toolchain's clang next to swiftc: $(CAPI_TSAN_CC) is missing"; exit 1; }
	@mkdir -p $(@D)
	$(CAPI_TSAN_CC) $(CAPI_TSAN_CFLAGS) -fuse-ld=lld -o $@ $(filter %.c,$^) $(CAPI_TSAN_LIBS)
$(CAPI_TSAN_DIR)/tests/all: $(CAPI_TEST_SRC) $(CAPI_TEST_HDR)
$(CAPI_TSAN_DIR)/tests/race: Tests/C/race/race_control.c

.PHONY: test-c-tsan
test-c-tsan: deps $(CAPI_TSAN_DIR)/tests/all $(CAPI_TSAN_DIR)/tests/race
	$(CAPI_TSAN_RUN) $(CAPI_TSAN_DIR)/tests/all Tests/C/data $(CAPI_TSAN_DIR)/tests
	@for mode in add in-place; do \
	   found=; for run in 1 2 3; do \
	     $(CAPI_TSAN_RUN) $(CAPI_TSAN_DIR)/tests/race $$mode > $(CAPI_TSAN_DIR)/race.log 2>&1; \
	     if grep -q 'WARNING: ThreadSanitizer: .*race' $(CAPI_TSAN_DIR)/race.log; then \
	       echo "negative control ($$mode): ThreadSanitizer reported the deliberate race (run $$run: $$(grep -m1 'WARNING: ThreadSanitizer' $(CAPI_TSAN_DIR)/race.log | sed 's/ (pid.*//'))"; found=1; break; fi; \
	   done; \
	   if [ -z "$$found" ]; then cat $(CAPI_TSAN_DIR)/race.log; echo "negative control ($$mode): ThreadSanitizer did not report the deliberate race in 3 runs"; exit 1; fi; \
	 done
