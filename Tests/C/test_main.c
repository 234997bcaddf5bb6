/* Runs every C API test: test_main DATA_DIR [SCRATCH_DIR]. Exit status 0 only if all pass. */
#include <stdlib.h>
#include "check.h"

long check_count = 0;
long check_failures = 0;
const char *check_data_dir = "Tests/C/data";
const char *check_scratch_dir = "/tmp";

void check_report(int ok, const char *file, int line, const char *expr) {
    check_count++;
    if (!ok) {
        check_failures++;
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, expr);
    }
}

void check_report_int(long long got, long long want, const char *file, int line, const char *expr) {
    check_count++;
    if (got != want) {
        check_failures++;
        fprintf(stderr, "%s:%d: check failed: %s (got %lld, want %lld)\n", file, line, expr, got, want);
    }
}

size_t check_set_count(const calgrid_todo_set *set) {
    size_t n = 12345;
    if (calgrid_todo_set_count(&n, set) != CALGRID_OK) return 12345;
    return n;
}

calgrid_todo_set *check_new_set(void) {
    calgrid_todo_set *set = NULL;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return NULL;
    return set;
}

calgrid_date check_date(int y, int m, int d) {
    calgrid_date out = CALGRID_DATE_NONE;
    CHECK_EQ(calgrid_date_from_ymd(&out, y, m, d), CALGRID_OK);
    return out;
}

void check_report_init(calgrid_import_report *r, calgrid_error *issues, size_t capacity) {
    memset(r, 0xEE, sizeof *r);
    r->struct_size = sizeof *r;
    r->issues = issues;
    r->issue_capacity = capacity;
}

int check_get_info(calgrid_todo_info *info, size_t struct_size, const calgrid_todo_set *set, size_t index) {
    memset(info, 0, sizeof *info);
    info->struct_size = struct_size;
    return calgrid_todo_set_get(info, set, index);
}

int main(int argc, char **argv) {
    if (argc > 1) check_data_dir = argv[1];
    if (argc > 2) check_scratch_dir = argv[2];
    test_version_and_status();
    test_dates();
    test_periods();
    test_month_grid();
    test_todo_sets();
    test_statistics();
    test_queries();
    test_views();
    test_json();
    test_tz();
    test_threads();
    test_limits();
    test_recurrence();
    test_todo_rules();
    test_events();
    test_ical();
    test_lunar();
    test_holidays();
    test_store();
    test_alarms();
    test_time_zones();
    if (check_failures > 0) {
        fprintf(stderr, "C API tests: %ld of %ld checks failed\n", check_failures, check_count);
        return EXIT_FAILURE;
    }
    printf("C API tests: %ld checks passed\n", check_count);
    return EXIT_SUCCESS;
}
