# Out of memory is a status (issue 24 item 3; docs/reliability.md, "Allocation contract").
#   test-oom-c    every checked C call of a small workload under a descending series of heap budgets
#                 (Tests/C/alloc_budget.c interposes malloc & co.), against libcalgrid.so and
#                 libcalgrid.a: OK or CALGRID_ENOMEM every time, never a signal, the set unchanged
#   test-oom-cli  the static calgrid under a descending series of RLIMIT_AS (Tests/CLI/oom_cli.py):
#                 exit 0 or "calgrid: out of memory" and exit 1, never a signal, the store whole
TEST_RULES += test-oom
.PHONY: test-oom test-oom-c test-oom-cli
OOM_SOURCES := Tests/C/oom_test.c Tests/C/alloc_budget.c Tests/C/alloc_budget.h
OOM_CFLAGS  := -std=c99 -D_GNU_SOURCE -Wall -Wextra -Werror -pedantic -g -I Include -I Tests/C
$(CAPI_T_DIR)/oom-shared: $(OOM_SOURCES) $(CAPI_SO)
	@mkdir -p $(@D)
	$(CC) $(OOM_CFLAGS) -o $@ $(filter %.c,$^) -L$(CAPI_DIR) -lcalgrid -Wl,-rpath,$(abspath $(CAPI_DIR))
$(CAPI_T_DIR)/oom-static: $(OOM_SOURCES) $(CAPI_A)
	@mkdir -p $(@D)
	$(CC) $(OOM_CFLAGS) -o $@ $(filter %.c,$^) $(CAPI_A) $(CAPI_STATIC_LIBS)
test-oom-c: $(CAPI_T_DIR)/oom-shared $(CAPI_T_DIR)/oom-static
	$(CAPI_T_DIR)/oom-shared $(CAPI_T_DIR)
	$(CAPI_T_DIR)/oom-static $(CAPI_T_DIR)
test-oom-cli: deps calgrid-static
	python3 Tests/CLI/oom_cli.py $(CALGRID_STATIC)
test-oom: deps-capi
	@$(MAKE) --no-print-directory test-oom-c test-oom-cli
