# Real vdir clients (issue 20): todoman and khal from PyPI, in their own venv under .build (they pin
# their own icalendar, apart from the oracle's in mk/icalendar.mk), run headless with config files
# given by -c in a throwaway folder. test-clients: Tests/Clients/clients_check.py against calgrid
# (built as test-cli builds it): todoman's and khal's own output against calgrid's import, views
# and vdir writes, in Pacific/Auckland and Asia/Seoul; Tests/Clients/spans_check.py the same for items
# whose occurrences cover several days (issue 37).
CLIENT_VENV := $(BUILD)/clients-venv
# Their dependencies are pinned too (pip freeze of the venv the checks passed in), so a clean clone
# installs the same programs: a new icalendar or click would change what the clients write or print.
CLIENT_PYPI := todoman==4.7.0 khal==0.14.1 icalendar==7.3.2 click==8.5.1 click-log==0.4.0 configobj==5.0.9 \
               humanize==4.17.0 parsedatetime==2.6 python-dateutil==4.0.0 pytz==2026.6 pyxdg==0.28 \
               typing_extensions==4.16.0 tzdata==2026.6 tzlocal==5.4.5 urwid==5.1.0 wcwidth==0.9.4

.PHONY: test-clients
$(eval $(call PYPI_VENV,clients-venv,$(CLIENT_VENV),$(CLIENT_PYPI),mk/clients.mk))

test-clients: deps clients-venv
	$(SWIFT) build --product calgrid
	$(CLIENT_VENV)/bin/python Tests/Clients/clients_check.py $(BUILD)/debug/calgrid $(CLIENT_VENV)/bin
	$(CLIENT_VENV)/bin/python Tests/Clients/spans_check.py $(BUILD)/debug/calgrid $(CLIENT_VENV)/bin

TEST_RULES += test-clients
