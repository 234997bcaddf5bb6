/* A tiny test harness shared by the C test files (valid C99 and C++11). */
#ifndef CALGRID_TEST_CHECK_H
#define CALGRID_TEST_CHECK_H

#include <stdio.h>
#include <string.h>
#include "calgrid.h"

extern long check_count;
extern long check_failures;
extern const char *check_data_dir;     /* argv[1]: test inputs */
extern const char *check_scratch_dir;  /* argv[2]: a directory the tests may write to */

void check_report(int ok, const char *file, int line, const char *expr);
void check_report_int(long long got, long long want, const char *file, int line, const char *expr);

#define CHECK(cond) check_report((cond) ? 1 : 0, __FILE__, __LINE__, #cond)
#define CHECK_EQ(got, want) check_report_int((long long)(got), (long long)(want), __FILE__, __LINE__, #got " == " #want)
/* The set's size, or 12345 when the call fails (no test set has that many). */
size_t check_set_count(const calgrid_todo_set *set);
/* A new empty set, or NULL when the call fails. */
calgrid_todo_set *check_new_set(void);
/* The day y-m-d; a failed check (and CALGRID_DATE_NONE) when calgrid_date_from_ymd refuses it. */
calgrid_date check_date(int y, int m, int d);
/* An import report of this header's size with `capacity` issue slots at `issues` (NULL, 0: none);
** its out-fields poisoned (0xEE bytes), so a check of one sees what the call wrote. */
void check_report_init(calgrid_import_report *r, calgrid_error *issues, size_t capacity);
/* Zeroes *info, sets its struct_size and gets item `index`: calgrid_todo_set_get's status. */
int check_get_info(calgrid_todo_info *info, size_t struct_size, const calgrid_todo_set *set, size_t index);

#define CHECK_STR(got, want) check_report(strcmp((got), (want)) == 0, __FILE__, __LINE__, #got " equals " #want)

void test_version_and_status(void);
void test_dates(void);
void test_periods(void);
void test_month_grid(void);
void test_todo_sets(void);
void test_statistics(void);
void test_queries(void);
void test_views(void);
void test_json(void);
void test_tz(void);
void test_threads(void);
void test_limits(void);
void test_recurrence(void);
void test_todo_rules(void);
void test_events(void);
void test_ical(void);
void test_lunar(void);
void test_holidays(void);
void test_store(void);
void test_alarms(void);
void test_time_zones(void);

#endif
