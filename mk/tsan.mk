# ThreadSanitizer (issue 12): the suites that run threads — concurrent reads of one set, the
# parallel import, concurrent atomic writes — under -sanitize=thread, in their own scratch path so
# the ordinary debug build is untouched. Only these suites: building is the cost (every module once
# more with TSan), running everything under it would add minutes for code that runs one thread.
TSAN_SCRATCH := $(BUILD)/tsan
TSAN_SUITES  := ConcurrentReadTests|ParallelImportTests|AtomicFileTests
TEST_RULES += test-tsan
.PHONY: test-tsan
test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SCRATCH)
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SCRATCH) --filter '$(TSAN_SUITES)'
