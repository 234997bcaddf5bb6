/* Links the Embedded Swift core (libCalGridCore.a, through EmbeddedCoreProbe.swift) into a C
   program and checks it against glibc: every day of the years 1...9999 (civil date and weekday of
   the day number, and back), every month's length, and the dates the core must reject. Exits 1 on
   the first few mismatches. `make test-embedded` runs it. */
#define _DEFAULT_SOURCE /* timegm, gmtime_r */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

int64_t probe_day_number(int32_t year, int32_t month, int32_t day);
int64_t probe_civil_date(int64_t day_number, int32_t *weekday);
int32_t probe_days_in_month(int32_t year, int32_t month);

static int failures = 0;

static void fail(const char *what, long long a, long long b, long long c) {
    if (failures++ < 10) fprintf(stderr, "core-probe: %s (%lld %lld %lld)\n", what, a, b, c);
}

int main(void) {
    /* 0001-01-01 and 9999-12-31 as days since 1970-01-01, from glibc. */
    struct tm lo = {0}, hi = {0};
    lo.tm_year = 1 - 1900; lo.tm_mon = 0; lo.tm_mday = 1;
    hi.tm_year = 9999 - 1900; hi.tm_mon = 11; hi.tm_mday = 31;
    int64_t first = (int64_t)timegm(&lo) / 86400, last = (int64_t)timegm(&hi) / 86400;
    long days = 0, months = 0;

    for (int64_t n = first; n <= last; n++) {
        time_t t = (time_t)(n * 86400);
        struct tm g;
        if (gmtime_r(&t, &g) == NULL) { fail("gmtime_r failed", n, 0, 0); continue; }
        int32_t y = g.tm_year + 1900, m = g.tm_mon + 1, d = g.tm_mday, weekday = -1;
        int64_t ymd = probe_civil_date(n, &weekday);
        if (ymd != (int64_t)y * 10000 + m * 100 + d || weekday != g.tm_wday) fail("civil date or weekday of day number", n, ymd, weekday);
        if (probe_day_number(y, m, d) != n) fail("day number of civil date", y, m, d);
        days++;
    }
    for (int32_t y = 1; y <= 9999; y++) {
        for (int32_t m = 1; m <= 12; m++) {
            struct tm end = {0};             /* day 0 of the next month: glibc normalizes to this month's last */
            end.tm_year = y - 1900; end.tm_mon = m; end.tm_mday = 0; end.tm_hour = 12;
            (void)timegm(&end);
            if (probe_days_in_month(y, m) != end.tm_mday) fail("days in month", y, m, end.tm_mday);
            if (probe_day_number(y, m, end.tm_mday + 1) != INT64_MIN) fail("day past the month's end accepted", y, m, end.tm_mday + 1);
            months++;
        }
    }
    /* Outside the calendar: no year 0 or 10000, no month 0 or 13, no day 0. */
    int32_t bad[][3] = {{0, 12, 31}, {10000, 1, 1}, {2026, 0, 1}, {2026, 13, 1}, {2026, 1, 0}, {-1, 1, 1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (probe_day_number(bad[i][0], bad[i][1], bad[i][2]) != INT64_MIN) fail("invalid date accepted", bad[i][0], bad[i][1], bad[i][2]);
    int32_t weekday;
    if (probe_civil_date(first - 1, &weekday) != -1 || probe_civil_date(last + 1, &weekday) != -1)
        fail("day number outside 1...9999 accepted", first - 1, last + 1, 0);

    if (failures) { fprintf(stderr, "core-probe: %d mismatches with glibc\n", failures); return 1; }
    printf("core-probe: the Embedded core, linked into C, agrees with glibc on %ld days and %ld month lengths\n", days, months);
    return 0;
}
