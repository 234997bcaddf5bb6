/* The Korean lunar calendar from C. The days themselves are checked against KASI's table in the
** Swift tests (LunarOracleTests); here: days KASI publishes (Seollal, Chuseok, a leap month), the
** calendar's shape over the whole range (each solar day is the lunar day after the one before, or
** the 1st of the next month after a day 29 or 30; every day converts back), and hostile input. */
#include <stdint.h>
#include "check.h"

static void check_lunar(int y, int m, int d, int ly, int lm, int ld, int leap) {
    calgrid_lunar_date l = { 0, 0, 0, 0 };
    calgrid_date back = 0;
    CHECK_EQ(calgrid_lunar_from_date(&l, check_date(y, m, d), NULL), CALGRID_OK);
    CHECK_EQ(l.year, ly); CHECK_EQ(l.month, lm); CHECK_EQ(l.day, ld); CHECK_EQ(l.is_leap_month, leap);
    CHECK_EQ(calgrid_date_from_lunar(&back, ly, lm, ld, leap, NULL), CALGRID_OK);
    CHECK_EQ(back, check_date(y, m, d));
}

void test_lunar(void) {
    /* KASI's 2026 calendar: Seollal 2026-02-17 (1/1), Chuseok 2026-09-25 (8/15); 2023 had a leap
    ** 2nd month starting 2023-03-22; 2020 a leap 4th month starting 2020-05-23. */
    check_lunar(2026, 2, 17, 2026, 1, 1, 0);
    check_lunar(2026, 9, 25, 2026, 8, 15, 0);
    check_lunar(2023, 3, 22, 2023, 2, 1, 1);
    check_lunar(2020, 5, 23, 2020, 4, 1, 1);
    check_lunar(1000, 2, 13, 1000, 1, 1, 0);
    check_lunar(2050, 12, 31, 2050, 11, 18, 0);
    CHECK_EQ(check_date(1000, 2, 13), CALGRID_LUNAR_FIRST_DATE);
    CHECK_EQ(check_date(2050, 12, 31), CALGRID_LUNAR_LAST_DATE);

    /* The shape of the calendar over every day of the range. */
    calgrid_lunar_date prev = { 0, 0, 0, 0 }, l;
    long bad = 0, leap_days = 0;
    for (calgrid_date n = CALGRID_LUNAR_FIRST_DATE; n <= CALGRID_LUNAR_LAST_DATE; n++) {
        calgrid_date back = 0;
        if (calgrid_lunar_from_date(&l, n, NULL) != CALGRID_OK) { bad++; continue; }
        if (calgrid_date_from_lunar(&back, l.year, l.month, l.day, l.is_leap_month, NULL) != CALGRID_OK || back != n) bad++;
        if (n > CALGRID_LUNAR_FIRST_DATE) {
            int next_day = l.year == prev.year && l.month == prev.month && l.is_leap_month == prev.is_leap_month && l.day == prev.day + 1;
            int next_month = l.day == 1 && (prev.day == 29 || prev.day == 30) &&
                ((l.year == prev.year && ((l.month == prev.month && l.is_leap_month && !prev.is_leap_month) ||
                                          (l.month == prev.month + 1 && !l.is_leap_month))) ||
                 (l.year == prev.year + 1 && l.month == 1 && prev.month == 12 && !l.is_leap_month));
            if (!next_day && !next_month) bad++;
        }
        leap_days += l.is_leap_month;
        prev = l;
    }
    CHECK_EQ(bad, 0);
    CHECK(leap_days > 300 * 29);  /* about 7 leap months in 19 years */

    /* Hostile input: ERANGE and the core's sentence, nothing written. */
    calgrid_error err;
    calgrid_date d = 12345;
    CHECK_EQ(calgrid_date_from_lunar(&d, 2024, 13, 1, 0, &err), CALGRID_ERANGE);
    CHECK_STR(err.message, "lunar month 13 is outside 1...12");
    CHECK_EQ(d, 12345);
    CHECK_EQ(calgrid_date_from_lunar(&d, 2024, 6, 1, 1, &err), CALGRID_ERANGE);
    CHECK_STR(err.message, "lunar year 2024 has no leap month 6 (it has no leap month)");
    CHECK_EQ(calgrid_date_from_lunar(&d, 2023, 6, 1, 1, &err), CALGRID_ERANGE);
    CHECK_STR(err.message, "lunar year 2023 has no leap month 6 (its leap month is 2)");
    CHECK_EQ(calgrid_date_from_lunar(&d, 2025, 2, 30, 0, &err), CALGRID_ERANGE);
    CHECK_STR(err.message, "day 30 does not exist in lunar month 2 of 2025, which has 29 days");
    CHECK_EQ(calgrid_date_from_lunar(&d, INT32_MIN, 1, 1, 0, &err), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_lunar(&d, 2050, 12, 1, 0, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_from_lunar(NULL, 2024, 1, 1, 0, NULL), CALGRID_EINVAL);
    CHECK_EQ(d, 12345);
    l.year = 7;
    CHECK_EQ(calgrid_lunar_from_date(&l, CALGRID_LUNAR_LAST_DATE + 1, &err), CALGRID_ERANGE);
    CHECK_STR(err.message, "2051-01-01 is outside 1000-02-13...2050-12-31, the solar days the lunar table covers");
    CHECK_EQ(calgrid_lunar_from_date(&l, INT32_MIN, &err), CALGRID_ERANGE);
    CHECK_EQ(calgrid_lunar_from_date(&l, CALGRID_LUNAR_FIRST_DATE - 1, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_lunar_from_date(NULL, 0, NULL), CALGRID_EINVAL);
    CHECK_EQ(l.year, 7);
}
