/* Civil dates, version and status strings. The oracle for conversions is an independent naive
** calendar walk (one day at a time with the Gregorian leap rule), not the library's closed form. */
#include <stdint.h>
#include "check.h"

void test_version_and_status(void) {
    static const int codes[] = { CALGRID_OK, CALGRID_EINVAL, CALGRID_ERANGE, CALGRID_ENOMEM, CALGRID_EPARSE,
                                 CALGRID_EIO, CALGRID_ENOSPC, CALGRID_ENOTFOUND, CALGRID_EEXIST, CALGRID_ELIMIT,
                                 CALGRID_ECANCELED, CALGRID_ESCHEMA };
    size_t i, j;
    CHECK_STR(calgrid_version(), CALGRID_VERSION_STRING);
    CHECK_EQ(calgrid_version_number(), CALGRID_VERSION_NUMBER);
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        CHECK(strcmp(calgrid_status_string(codes[i]), "unknown status") != 0);
        for (j = 0; j < i; j++) CHECK(strcmp(calgrid_status_string(codes[i]), calgrid_status_string(codes[j])) != 0);
    }
    CHECK_STR(calgrid_status_string(CALGRID_EINVAL), "invalid argument");
    CHECK_STR(calgrid_status_string(1), "unknown status");
    CHECK_STR(calgrid_status_string(-12345), "unknown status");
    CHECK_STR(calgrid_status_string(INT32_MIN), "unknown status");
}

static int naive_is_leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
static int naive_days_in_month(int y, int m) {
    static const int len[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    return m == 2 && naive_is_leap(y) ? 29 : len[m - 1];
}

/* Walks every day of 0001...9999 naively and compares every `stride`-th day (and every day of
** 1900...2100) with the library. */
static void check_against_naive_walk(void) {
    int y = 1, m = 1, d = 1, doy = 1;
    long n = CALGRID_DATE_MIN, mismatches = 0, compared = 0;
    for (;;) {
        if ((n % 13 == 0) || (y >= 1900 && y <= 2100) || n == CALGRID_DATE_MAX) {
            calgrid_date got = 0;
            calgrid_ymd ymd;
            calgrid_weekday w = CALGRID_SUNDAY;
            int day_of_year = 0, dim = 0;
            int ok = calgrid_date_from_ymd(&got, y, m, d) == CALGRID_OK && got == n
                  && calgrid_date_to_ymd(&ymd, (calgrid_date)n) == CALGRID_OK
                  && ymd.year == y && ymd.month == m && ymd.day == d
                  && calgrid_date_weekday(&w, (calgrid_date)n) == CALGRID_OK
                  && (int)w == (int)(((n % 7) + 7 + 4) % 7)   /* 1970-01-01 was a Thursday (4) */
                  && calgrid_date_day_of_year(&day_of_year, (calgrid_date)n) == CALGRID_OK && day_of_year == doy
                  && calgrid_date_days_in_month(&dim, y, m) == CALGRID_OK && dim == naive_days_in_month(y, m);
            compared++;
            if (!ok && mismatches++ < 5) fprintf(stderr, "mismatch at %04d-%02d-%02d (day %ld)\n", y, m, d, n);
        }
        if (n == CALGRID_DATE_MAX) break;
        n++; d++; doy++;
        if (d > naive_days_in_month(y, m)) { d = 1; m++; }
        if (m > 12) { m = 1; y++; doy = 1; }
    }
    CHECK_EQ(mismatches, 0);
    CHECK_EQ(y, 9999);
    CHECK(compared > 300000);
}

static void test_from_to_ymd(void) {
    calgrid_date d = 77;
    calgrid_ymd ymd = { 7, 7, 7 };
    CHECK_EQ(calgrid_date_from_ymd(&d, 1970, 1, 1), CALGRID_OK); CHECK_EQ(d, 0);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2000, 3, 1), CALGRID_OK); CHECK_EQ(d, 11017);
    CHECK_EQ(calgrid_date_from_ymd(&d, 1, 1, 1), CALGRID_OK); CHECK_EQ(d, CALGRID_DATE_MIN);
    CHECK_EQ(calgrid_date_from_ymd(&d, 9999, 12, 31), CALGRID_OK); CHECK_EQ(d, CALGRID_DATE_MAX);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2024, 2, 29), CALGRID_OK);
    d = 77;
    /* Nothing is normalised and *out is left alone on failure. */
    CHECK_EQ(calgrid_date_from_ymd(&d, 2023, 2, 29), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 1900, 2, 29), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2024, 4, 31), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2024, 1, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2024, 1, 32), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2024, 0, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2024, 13, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 0, 1, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, 10000, 1, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, INT32_MIN, INT32_MIN, INT32_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_ymd(&d, INT32_MAX, INT32_MAX, INT32_MAX), CALGRID_ERANGE);
    CHECK_EQ(d, 77);
    CHECK_EQ(calgrid_date_from_ymd(NULL, 2024, 1, 1), CALGRID_EINVAL);

    CHECK_EQ(calgrid_date_to_ymd(&ymd, 19723), CALGRID_OK);   /* 2024-01-01 */
    CHECK_EQ(ymd.year, 2024); CHECK_EQ(ymd.month, 1); CHECK_EQ(ymd.day, 1);
    ymd.year = 7;
    CHECK_EQ(calgrid_date_to_ymd(&ymd, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_to_ymd(&ymd, CALGRID_DATE_MIN - 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_to_ymd(&ymd, CALGRID_DATE_NONE), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_to_ymd(&ymd, INT32_MAX), CALGRID_ERANGE);
    CHECK_EQ(ymd.year, 7);
    CHECK_EQ(calgrid_date_to_ymd(NULL, 0), CALGRID_EINVAL);
}

static void test_date_facts(void) {
    calgrid_weekday w = CALGRID_MONDAY;
    int n = -1;
    CHECK_EQ(calgrid_date_weekday(&w, 0), CALGRID_OK); CHECK_EQ(w, CALGRID_THURSDAY);
    CHECK_EQ(calgrid_date_weekday(&w, CALGRID_DATE_MIN), CALGRID_OK); CHECK_EQ(w, CALGRID_MONDAY);
    CHECK_EQ(calgrid_date_weekday(&w, CALGRID_DATE_MAX), CALGRID_OK); CHECK_EQ(w, CALGRID_FRIDAY);
    CHECK_EQ(calgrid_date_weekday(&w, CALGRID_DATE_MIN - 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_weekday(&w, CALGRID_DATE_NONE), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_weekday(NULL, 0), CALGRID_EINVAL);

    CHECK_EQ(calgrid_date_day_of_year(&n, 19723 + 365), CALGRID_OK); CHECK_EQ(n, 366);   /* 2024-12-31 */
    CHECK_EQ(calgrid_date_day_of_year(&n, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_day_of_year(NULL, 0), CALGRID_EINVAL);

    CHECK_EQ(calgrid_date_days_in_month(&n, 2024, 2), CALGRID_OK); CHECK_EQ(n, 29);
    CHECK_EQ(calgrid_date_days_in_month(&n, 2100, 2), CALGRID_OK); CHECK_EQ(n, 28);
    CHECK_EQ(calgrid_date_days_in_month(&n, 2000, 2), CALGRID_OK); CHECK_EQ(n, 29);
    n = -1;
    CHECK_EQ(calgrid_date_days_in_month(&n, 2024, 13), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_days_in_month(&n, 2024, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_days_in_month(&n, 0, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_days_in_month(&n, 10000, 1), CALGRID_ERANGE);
    CHECK_EQ(n, -1);
    CHECK_EQ(calgrid_date_days_in_month(NULL, 2024, 1), CALGRID_EINVAL);
}

static void test_arithmetic(void) {
    calgrid_date d = 5;
    CHECK_EQ(calgrid_date_add_days(&d, check_date(2024, 2, 28), 1), CALGRID_OK); CHECK_EQ(d, check_date(2024, 2, 29));
    CHECK_EQ(calgrid_date_add_days(&d, check_date(2024, 3, 1), -1), CALGRID_OK); CHECK_EQ(d, check_date(2024, 2, 29));
    CHECK_EQ(calgrid_date_add_days(&d, CALGRID_DATE_MIN, (int64_t)CALGRID_DATE_MAX - CALGRID_DATE_MIN), CALGRID_OK);
    CHECK_EQ(d, CALGRID_DATE_MAX);
    d = 5;
    CHECK_EQ(calgrid_date_add_days(&d, CALGRID_DATE_MAX, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, CALGRID_DATE_MIN, -1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, 0, INT64_MAX), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, 0, INT64_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, 1, INT64_MAX), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, -1, INT64_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, CALGRID_DATE_NONE, 0), CALGRID_ERANGE);
    CHECK_EQ(d, 5);
    CHECK_EQ(calgrid_date_add_days(NULL, 0, 0), CALGRID_EINVAL);

    CHECK_EQ(calgrid_date_add_months(&d, check_date(2024, 1, 31), 1), CALGRID_OK); CHECK_EQ(d, check_date(2024, 2, 29));
    CHECK_EQ(calgrid_date_add_months(&d, check_date(2023, 1, 31), 1), CALGRID_OK); CHECK_EQ(d, check_date(2023, 2, 28));
    CHECK_EQ(calgrid_date_add_months(&d, check_date(2024, 3, 31), -1), CALGRID_OK); CHECK_EQ(d, check_date(2024, 2, 29));
    CHECK_EQ(calgrid_date_add_months(&d, check_date(2024, 11, 15), 14), CALGRID_OK); CHECK_EQ(d, check_date(2026, 1, 15));
    CHECK_EQ(calgrid_date_add_months(&d, check_date(1, 1, 1), 9999 * 12 - 1), CALGRID_OK); CHECK_EQ(d, check_date(9999, 12, 1));
    d = 5;
    CHECK_EQ(calgrid_date_add_months(&d, check_date(9999, 12, 1), 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_months(&d, check_date(1, 1, 1), -1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_months(&d, 0, INT64_MAX), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_months(&d, 0, INT64_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_months(&d, CALGRID_DATE_MAX + 1, 0), CALGRID_ERANGE);
    CHECK_EQ(d, 5);
    CHECK_EQ(calgrid_date_add_months(NULL, 0, 1), CALGRID_EINVAL);

    CHECK_EQ(calgrid_date_add_years(&d, check_date(2024, 2, 29), 1), CALGRID_OK); CHECK_EQ(d, check_date(2025, 2, 28));
    CHECK_EQ(calgrid_date_add_years(&d, check_date(2024, 2, 29), 4), CALGRID_OK); CHECK_EQ(d, check_date(2028, 2, 29));
    CHECK_EQ(calgrid_date_add_years(&d, check_date(2024, 6, 1), -2023), CALGRID_OK); CHECK_EQ(d, check_date(1, 6, 1));
    d = 5;
    CHECK_EQ(calgrid_date_add_years(&d, check_date(2024, 6, 1), -2024), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_years(&d, 0, INT64_MAX), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_years(&d, 0, INT64_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_years(&d, CALGRID_DATE_MIN - 1, 0), CALGRID_ERANGE);
    CHECK_EQ(d, 5);
    CHECK_EQ(calgrid_date_add_years(NULL, 0, 1), CALGRID_EINVAL);
}

static void expect_parse_error(const char *text, size_t length, int status, int64_t offset, int line) {
    calgrid_date d = 5;
    calgrid_error err;
    memset(&err, 0x5a, sizeof err);
    check_report_int(calgrid_date_parse_iso(&d, text, length, &err), status, __FILE__, line, text);
    check_report_int(err.status, status, __FILE__, line, "err.status");
    check_report_int(err.byte_offset, offset, __FILE__, line, "err.byte_offset");
    check_report_int(err.column, offset < 0 ? -1 : offset + 1, __FILE__, line, "err.column");
    check_report_int(err.line, offset < 0 ? -1 : 1, __FILE__, line, "err.line");
    check_report_int(err.record_index, -1, __FILE__, line, "err.record_index");
    check_report(err.message[0] != 0 && memchr(err.message, 0, sizeof err.message) != NULL, __FILE__, line, "message");
    check_report(err.field[0] == 0, __FILE__, line, "field is empty");
    check_report_int(d, 5, __FILE__, line, "out untouched");
    /* err may be NULL: the same status, nothing written. */
    check_report_int(calgrid_date_parse_iso(&d, text, length, NULL), status, __FILE__, line, "err NULL");
}

static void test_iso(void) {
    calgrid_date d = 5;
    calgrid_error err;
    char buf[16];
    const char *padded = "2024-02-29T00:00";
    CHECK_EQ(calgrid_date_parse_iso(&d, "2024-02-29", CALGRID_NUL_TERMINATED, NULL), CALGRID_OK);
    CHECK_EQ(d, check_date(2024, 2, 29));
    CHECK_EQ(calgrid_date_parse_iso(&d, padded, 10, NULL), CALGRID_OK);   /* only `length` bytes are read */
    CHECK_EQ(d, check_date(2024, 2, 29));
    CHECK_EQ(calgrid_date_parse_iso(&d, "0001-01-01", 10, NULL), CALGRID_OK); CHECK_EQ(d, CALGRID_DATE_MIN);
    CHECK_EQ(calgrid_date_parse_iso(&d, "9999-12-31", 10, NULL), CALGRID_OK); CHECK_EQ(d, CALGRID_DATE_MAX);
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_date_parse_iso(&d, "2024-01-01", 10, &err), CALGRID_OK);
    CHECK_EQ(err.status, 0);   /* untouched on success */

    expect_parse_error("2024-1-011", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 6, __LINE__);
    expect_parse_error("2024-1-01", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 6, __LINE__);   /* the first wrong byte, not the length */
    expect_parse_error("2024-0", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 6, __LINE__);      /* a valid prefix: the end */
    expect_parse_error("2024/01/01", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 4, __LINE__);
    expect_parse_error("+024-01-01", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 0, __LINE__);
    expect_parse_error("2024-01-011", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 10, __LINE__);
    expect_parse_error(padded, 16, CALGRID_EPARSE, 10, __LINE__);
    expect_parse_error("2024-01-01", 9, CALGRID_EPARSE, 9, __LINE__);
    expect_parse_error("", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 0, __LINE__);
    expect_parse_error("2024-01-01", 0, CALGRID_EPARSE, 0, __LINE__);
    expect_parse_error("2024-01-0\xC3\xA9", CALGRID_NUL_TERMINATED, CALGRID_EPARSE, 9, __LINE__);
    expect_parse_error("2023-02-29", CALGRID_NUL_TERMINATED, CALGRID_ERANGE, -1, __LINE__);
    expect_parse_error("2023-13-01", CALGRID_NUL_TERMINATED, CALGRID_ERANGE, -1, __LINE__);
    expect_parse_error("0000-01-01", CALGRID_NUL_TERMINATED, CALGRID_ERANGE, -1, __LINE__);
    /* Sizes that cannot describe memory, NULL pointers. */
    expect_parse_error("2024-01-01", (size_t)-2, CALGRID_EINVAL, -1, __LINE__);
    expect_parse_error("2024-01-01", (size_t)INT64_MAX + 1, CALGRID_EINVAL, -1, __LINE__);
    expect_parse_error(NULL, 10, CALGRID_EINVAL, -1, __LINE__);
    CHECK_EQ(calgrid_date_parse_iso(NULL, "2024-01-01", 10, &err), CALGRID_EINVAL);
    CHECK_EQ(err.status, CALGRID_EINVAL);

    memset(buf, 'x', sizeof buf);
    CHECK_EQ(calgrid_date_format_iso(buf, sizeof buf, check_date(2024, 2, 29)), CALGRID_OK);
    CHECK_STR(buf, "2024-02-29");
    CHECK_EQ(calgrid_date_format_iso(buf, CALGRID_ISO_DATE_SIZE, CALGRID_DATE_MIN), CALGRID_OK);
    CHECK_STR(buf, "0001-01-01");
    CHECK_EQ(calgrid_date_format_iso(buf, CALGRID_ISO_DATE_SIZE, CALGRID_DATE_MAX), CALGRID_OK);
    CHECK_STR(buf, "9999-12-31");
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(calgrid_date_format_iso(buf, CALGRID_ISO_DATE_SIZE - 1, 0), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_date_format_iso(buf, 0, 0), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_date_format_iso(buf, sizeof buf, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_format_iso(buf, sizeof buf, CALGRID_DATE_NONE), CALGRID_ERANGE);
    CHECK_EQ(buf[0], 'x');
    CHECK_EQ(calgrid_date_format_iso(NULL, 11, 0), CALGRID_EINVAL);
    /* Round trip over a spread of days. */
    {
        long n, bad = 0;
        for (n = CALGRID_DATE_MIN; n <= CALGRID_DATE_MAX; n += 997) {
            calgrid_date back = 0;
            if (calgrid_date_format_iso(buf, sizeof buf, (calgrid_date)n) != CALGRID_OK
                || calgrid_date_parse_iso(&back, buf, CALGRID_NUL_TERMINATED, NULL) != CALGRID_OK || back != n) bad++;
        }
        CHECK_EQ(bad, 0);
    }
}

void test_dates(void) {
    test_from_to_ymd();
    test_date_facts();
    test_arithmetic();
    test_iso();
    check_against_naive_walk();
}
