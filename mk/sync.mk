# The store as a vdir, synced with a CalDAV server (issue 21). test-vdir drives calgrid over vdirs
# written in the shapes phones and Thunderbird leave, with python-icalendar as the oracle (every
# changing command, many processes at once, a program replacing items meanwhile); test-sync runs the
# round trip with a real Radicale server and vdirsyncer (Tests/Sync/roundtrip.py). Their programs and
# libraries come from PyPI (pinned) into a venv under .build, made here when missing.
SYNC_VENV   := $(BUILD)/sync-venv
SYNC_PYTHON := $(SYNC_VENV)/bin/python
SYNC_PYPI   := radicale==3.9.0 vdirsyncer==0.21.0 caldav==3.6.0 icalendar==7.3.2 recurring-ical-events==3.8.2

.PHONY: test-vdir
$(eval $(call PYPI_VENV,sync-venv,$(SYNC_VENV),$(SYNC_PYPI),mk/sync.mk))

test-vdir: deps sync-venv
	$(SWIFT) build --product calgrid
	$(SYNC_PYTHON) Tests/Sync/vdir_test.py $(BUILD)/debug/calgrid

TEST_RULES += test-vdir

# A real server: Radicale on a free port of 127.0.0.1 with a throwaway folder, stopped whatever
# happens (Tests/Sync/sync_harness.py); vdirsyncer with its own config and status in that folder.
.PHONY: test-sync
test-sync: deps sync-venv
	$(SWIFT) build --product calgrid
	$(SYNC_PYTHON) Tests/Sync/roundtrip.py $(BUILD)/debug/calgrid

TEST_RULES += test-sync

# A vdir holding what no item file should be (issue 41): FIFOs, sockets, devices, directories and
# links named *.ics, linked lock and temporary files; every command and the C API's vdir import on
# each, bounded by 10 s, a sibling folder that must stay byte-identical; a second vdir export of the
# iCalendar corpus writes nothing (CLI and C); every file of the hostile corpora imported, saved as
# JSON Lines, ics and a vdir, and read back with the same count and per-day tallies.
.PHONY: test-vdir-hostile
test-vdir-hostile: deps $(CAPI_T_DIR)/ical_dump-shared
	$(SWIFT) build --product calgrid
	python3 Tests/Sync/hostile_vdir_test.py $(BUILD)/debug/calgrid $(CAPI_T_DIR)/ical_dump-shared

TEST_RULES += test-vdir-hostile

# kill -9 at random moments of add, done and edit on a vdir (issue 41; Tests/Sync/vdir_crash_test.py,
# seeded, the seed printed): every file parses with python-icalendar and is its old or its new
# content, and the next write leaves no temporary file. 45 trials on a 30-item vdir.
.PHONY: test-vdir-crash
test-vdir-crash: deps sync-venv
	$(SWIFT) build --product calgrid
	$(SYNC_PYTHON) Tests/Sync/vdir_crash_test.py $(BUILD)/debug/calgrid

TEST_RULES += test-vdir-crash
