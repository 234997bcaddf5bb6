# iCalendar through libical (issue 20): CalGridICalendar (Sources/CalGridICalendar, libical through
# Sources/CLibical) imports .ics files through the import layer. Its oracle is python-icalendar, in a
# venv under .build built here from PyPI (pinned), so the Swift tests (test-swift) need it too.
# test-icalendar runs the calgrid command over the corpus (Tests/CalGridICalendarTests/Corpus): every
# file, by path and on standard input, in far-apart zones, against python-icalendar's fields.
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

TEST_RULES += test-icalendar
