# Atomic writes (issue 12): what a full disk, a read-only directory, SIGINT/SIGTERM/SIGHUP and about
# 100 kill -9 leave of a user's file when `calgrid import --out` replaces it, and 50 seeded kill -9 at
# random moments of `add`, `done` and `import --out STORE` on a 20,000-todo store (issue 24 item 7:
# old or new content, no temporary file after the next write) (Tests/CLI/atomic_writes.py), run on
# the static calgrid that `make install` installs. No file is opened with O_TRUNC: every write
# goes through CalGridSystem's AtomicFile. Then the lock rule (issue 24 item 1, Tests/CLI/lock_test.py):
# import --out and export --out over a store while 30 adds change it, 20 + 5 trials, nothing lost.
TEST_RULES += test-writes
.PHONY: test-writes
test-writes: deps calgrid-static
	@if grep -rn O_TRUNC Sources; then echo "O_TRUNC under Sources/: write through AtomicFile instead"; exit 1; fi
	python3 Tests/CLI/atomic_writes.py $(CALGRID_STATIC)
	python3 Tests/CLI/lock_test.py $(CALGRID_STATIC)
