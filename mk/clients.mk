# Real vdir clients (issue 20): todoman and khal from PyPI, in their own venv under .build (they pin
# their own icalendar, apart from the oracle's in mk/icalendar.mk), run headless with config files
# given by -c in a throwaway folder. test-clients: Tests/Clients/clients_check.py against calgrid
# (built as test-cli builds it): todoman's and khal's own output against calgrid's import, views
# and vdir writes, in Pacific/Auckland and Asia/Seoul.
CLIENT_VENV := $(BUILD)/clients-venv
CLIENT_PYPI := todoman==4.7.0 khal==0.14.1

.PHONY: test-clients
$(eval $(call PYPI_VENV,clients-venv,$(CLIENT_VENV),$(CLIENT_PYPI),mk/clients.mk))

test-clients: deps clients-venv
	$(SWIFT) build --product calgrid
	$(CLIENT_VENV)/bin/python Tests/Clients/clients_check.py $(BUILD)/debug/calgrid $(CLIENT_VENV)/bin

TEST_RULES += test-clients
