# iCalendar through libical (issue 20): CalGridICalendar (Sources/CalGridICalendar, libical through
# Sources/CLibical) imports .ics files through the import layer. Its oracle is python-icalendar, in a
# venv under .build built here from PyPI (pinned), so the Swift tests (test-swift) need it too.
# test-icalendar runs the calgrid command over the corpus (Tests/CalGridICalendarTests/Corpus): every
# file, by path and on standard input, in far-apart zones, against python-icalendar's fields; and
# each item of the phone-shaped corpus (Tests/CalGridICalendarTests/Phones) on recurring-ical-events'
# days in four zones, by `calgrid year --json` (phones_check.py, about 15 s), and its times of day and
# agenda order on recurring-ical-events' start and end times in three zones (times_check.py, ~3 s),
# over the phone-shaped corpus and the VTIMEZONE shapes of Tests/CalGridICalendarTests/Zones (Exchange's
# historic observances, Lotus Notes, Apple iCal's RDATE lists, fixed offsets, and a tzdata name with a
# VTIMEZONE that is not tzdata's, read by tzdata as python-icalendar reads it);
# each zoned item CalGrid writes anew (TZID and its VTIMEZONE) at the original file's instants, by
# recurring-ical-events in three zones, through zoneinfo and through the VTIMEZONE written
# (written_zones_check.py, ~10 s);
# and every alarm instant of the alarm corpus (Tests/CalGridICalendarTests/Alarms), the
# phone-shaped one and the Zones one against recurring-ical-events' alarms in three zones, by `calgrid alarms --json`
# (alarms_check.py, about 5 s).
# calgrid is built as test-cli builds it (same flags, so neither rebuilds the other).
ICAL_VENV   := $(BUILD)/ical-venv
ICAL_PYTHON := $(ICAL_VENV)/bin/python
ICAL_PYPI   := icalendar==7.3.2 recurring-ical-events==3.8.2

.PHONY: test-icalendar
$(eval $(call PYPI_VENV,ical-venv,$(ICAL_VENV),$(ICAL_PYPI),mk/icalendar.mk))

test-swift: ical-venv

test-icalendar: deps ical-venv
	$(SWIFT) build --product calgrid
	$(ICAL_PYTHON) Tests/CalGridICalendarTests/cli_check.py $(BUILD)/debug/calgrid Tests/CalGridICalendarTests/Corpus
	$(ICAL_PYTHON) Tests/CalGridICalendarTests/phones_check.py $(BUILD)/debug/calgrid Tests/CalGridICalendarTests/Phones
	$(ICAL_PYTHON) Tests/CalGridICalendarTests/times_check.py $(BUILD)/debug/calgrid Tests/CalGridICalendarTests/Phones
	$(ICAL_PYTHON) Tests/CalGridICalendarTests/times_check.py $(BUILD)/debug/calgrid Tests/CalGridICalendarTests/Zones
	$(ICAL_PYTHON) Tests/CalGridICalendarTests/written_zones_check.py $(BUILD)/debug/calgrid Tests/CalGridICalendarTests/Phones Tests/CalGridICalendarTests/Zones
	$(ICAL_PYTHON) Tests/CalGridICalendarTests/alarms_check.py $(BUILD)/debug/calgrid Tests/CalGridICalendarTests/Alarms Tests/CalGridICalendarTests/Phones Tests/CalGridICalendarTests/Zones

TEST_RULES += test-icalendar

# libical between threads (docs/icalendar.md, Threads): ThreadSanitizer cannot see inside Debian's
# uninstrumented libical, so valgrind's helgrind watches a C program doing what CalGrid's import and
# export do on eight threads at once. Unlocked, helgrind must report races (the negative control:
# libical's cold zone table, pvl's counters, the parser's error state); with every libical call
# under one mutex (the UTC zone warmed) it must report none; and under CalGrid's rule (the parse and
# the export under the mutex, each thread's reads and frees of its own components outside) none.
ICAL_THREADS := $(BUILD)/ical-threads/libical_threads
$(ICAL_THREADS): Tests/ICalendarThreads/libical_threads.c | deps
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra -Werror -g -pthread $< -o $@ $$(pkg-config --cflags --libs libical)

.PHONY: test-icalendar-threads
test-icalendar-threads: deps $(ICAL_THREADS)
	@if valgrind --tool=helgrind --error-exitcode=3 $(ICAL_THREADS) unlocked > $(BUILD)/ical-threads/unlocked.log 2>&1; then \
	   echo "test-icalendar-threads: helgrind saw no race in unlocked libical: the control sees nothing"; exit 1; fi
	@grep -q 'Possible data race' $(BUILD)/ical-threads/unlocked.log || { tail -n 20 $(BUILD)/ical-threads/unlocked.log; exit 1; }
	@valgrind --tool=helgrind --error-exitcode=3 $(ICAL_THREADS) locked > $(BUILD)/ical-threads/locked.log 2>&1 || \
	  { grep -A12 'Possible data race' $(BUILD)/ical-threads/locked.log | head -n 40; echo "test-icalendar-threads: a race with every call locked"; exit 1; }
	@valgrind --tool=helgrind --error-exitcode=3 $(ICAL_THREADS) confined > $(BUILD)/ical-threads/confined.log 2>&1 || \
	  { grep -A12 'Possible data race' $(BUILD)/ical-threads/confined.log | head -n 40; echo "test-icalendar-threads: a race under CalGrid's rule"; exit 1; }
	@echo "test-icalendar-threads: unlocked libical on 8 threads: $$(grep -c 'Possible data race' $(BUILD)/ical-threads/unlocked.log) races reported by helgrind (the control); every call locked: none; CalGrid's rule (parse and export locked, reads and frees of a thread's own components not): none"

TEST_RULES += test-icalendar-threads
