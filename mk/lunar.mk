# The Korean lunar calendar (issue 40). Its oracles: korean-lunar-calendar (KARI/KASI data), in a venv
# under .build built here from PyPI (pinned), and ICU's dangi calendar through a small C probe
# (libicu-dev comes with libical-dev). The Swift tests (test-swift) run both (LunarOracleTests,
# LunarICUTests). Tests/oracle/lunar_table.py regenerates Sources/CalGrid/Lunar/_LunarTable.swift
# (`make lunar-table`); test-lunar-table checks the committed table is what it generates.
LUNAR_VENV   := $(BUILD)/lunar-venv
LUNAR_PYTHON := $(LUNAR_VENV)/bin/python
LUNAR_PYPI   := korean-lunar-calendar==0.4.0 holidays==0.109 python-dateutil==2.9.0.post0 six==1.17.0
LUNAR_ICU    := $(BUILD)/lunar/icu_dangi
LUNAR_TABLE  := Sources/CalGrid/Lunar/_LunarTable.swift

$(eval $(call PYPI_VENV,lunar-venv,$(LUNAR_VENV),$(LUNAR_PYPI),mk/lunar.mk))

$(LUNAR_ICU): Tests/oracle/icu_dangi.c | deps
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra -Werror -O2 $< -o $@ $$(pkg-config --cflags --libs icu-i18n)

.PHONY: lunar-icu lunar-table test-lunar-table
lunar-icu: $(LUNAR_ICU)
test-swift: lunar-venv lunar-icu

lunar-table: lunar-venv
	$(LUNAR_PYTHON) Tests/oracle/lunar_table.py > $(LUNAR_TABLE).tmp && mv -f $(LUNAR_TABLE).tmp $(LUNAR_TABLE)

test-lunar-table: lunar-venv
	@$(LUNAR_PYTHON) Tests/oracle/lunar_table.py | cmp -s - $(LUNAR_TABLE) || \
	  { echo "test-lunar-table: $(LUNAR_TABLE) differs from what Tests/oracle/lunar_table.py generates"; exit 1; }
	@echo "test-lunar-table: $(LUNAR_TABLE) is what korean-lunar-calendar generates"

TEST_RULES += test-lunar-table

# The holidays' names and the lunar sentences' pieces: Tests/oracle/text_table.py holds them and
# writes Sources/CalGrid/Support/_TextTable.swift (`make text-table`); test-text-table checks the
# committed table is what it writes.
TEXT_TABLE := Sources/CalGrid/Support/_TextTable.swift
.PHONY: text-table test-text-table
text-table:
	python3 Tests/oracle/text_table.py > $(TEXT_TABLE).tmp && mv -f $(TEXT_TABLE).tmp $(TEXT_TABLE)
test-text-table:
	@python3 Tests/oracle/text_table.py | cmp -s - $(TEXT_TABLE) || \
	  { echo "test-text-table: $(TEXT_TABLE) differs from what Tests/oracle/text_table.py writes"; exit 1; }
	@echo "test-text-table: $(TEXT_TABLE) is what Tests/oracle/text_table.py writes"
TEST_RULES += test-text-table

# `calgrid add --skip-holidays` against python-holidays and Python's calendar (Tests/CLI/skip_holidays_test.py).
.PHONY: test-cli-holidays
test-cli-holidays: lunar-venv
	$(SWIFT) build --product calgrid
	$(LUNAR_PYTHON) Tests/CLI/skip_holidays_test.py $(BUILD)/debug/calgrid
TEST_RULES += test-cli-holidays
