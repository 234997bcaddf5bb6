/* Runs every C API test; argv[1] is the directory with test data. Exit status 0 only if all pass. */
#include <stdlib.h>
#include "check.h"

long check_count = 0;
long check_failures = 0;
const char *check_data_dir = "Tests/C/data";

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

int main(int argc, char **argv) {
    if (argc > 1) check_data_dir = argv[1];
    test_version_and_status();
    test_dates();
    test_periods();
    test_month_grid();
    test_todo_sets();
    test_queries();
    test_views();
    if (check_failures > 0) {
        fprintf(stderr, "C API tests: %ld of %ld checks failed\n", check_failures, check_count);
        return EXIT_FAILURE;
    }
    printf("C API tests: %ld checks passed\n", check_count);
    return EXIT_SUCCESS;
}
