# The calgrid command (issue 6): golden tests of text and JSON output, errors and stdin.
TEST_RULES += test-cli
.PHONY: test-cli

test-cli: deps
	$(SWIFT) build --product calgrid
	Tests/CLI/run.sh $(BUILD)/debug/calgrid
