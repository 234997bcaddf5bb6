/* Periods: constructors, stepping, containment, and rejection of values the library never makes. */
#include <stdint.h>
#include "check.h"

static void check_period(const calgrid_period *p, calgrid_period_kind kind, calgrid_date first, calgrid_date last,
                         calgrid_weekday w, int line) {
    check_report_int(p->kind, kind, __FILE__, line, "kind");
    check_report_int(p->first, first, __FILE__, line, "first");
    check_report_int(p->last, last, __FILE__, line, "last");
    check_report_int(p->first_weekday, w, __FILE__, line, "first_weekday");
}

static void test_constructors(void) {
    calgrid_period p, q;
    memset(&q, 0x33, sizeof q);
    CHECK_EQ(calgrid_period_day(&p, check_date(2024, 5, 5)), CALGRID_OK);
    check_period(&p, CALGRID_PERIOD_DAY, check_date(2024, 5, 5), check_date(2024, 5, 5), CALGRID_SUNDAY, __LINE__);
    /* 2026-11-11 is a Wednesday. */
    CHECK_EQ(calgrid_period_week(&p, check_date(2026, 11, 11), CALGRID_MONDAY), CALGRID_OK);
    check_period(&p, CALGRID_PERIOD_WEEK, check_date(2026, 11, 9), check_date(2026, 11, 15), CALGRID_MONDAY, __LINE__);
    CHECK_EQ(calgrid_period_week(&p, check_date(2026, 11, 11), CALGRID_SUNDAY), CALGRID_OK);
    check_period(&p, CALGRID_PERIOD_WEEK, check_date(2026, 11, 8), check_date(2026, 11, 14), CALGRID_SUNDAY, __LINE__);
    CHECK_EQ(calgrid_period_week(&p, check_date(2026, 11, 11), CALGRID_THURSDAY), CALGRID_OK);
    check_period(&p, CALGRID_PERIOD_WEEK, check_date(2026, 11, 5), check_date(2026, 11, 11), CALGRID_THURSDAY, __LINE__);
    CHECK_EQ(calgrid_period_month(&p, 2024, 2), CALGRID_OK);
    check_period(&p, CALGRID_PERIOD_MONTH, check_date(2024, 2, 1), check_date(2024, 2, 29), CALGRID_SUNDAY, __LINE__);
    CHECK_EQ(calgrid_period_year(&p, 2024), CALGRID_OK);
    check_period(&p, CALGRID_PERIOD_YEAR, check_date(2024, 1, 1), check_date(2024, 12, 31), CALGRID_SUNDAY, __LINE__);
    CHECK_EQ(calgrid_period_range(&p, check_date(2024, 1, 30), check_date(2024, 2, 2)), CALGRID_OK);
    check_period(&p, CALGRID_PERIOD_RANGE, check_date(2024, 1, 30), check_date(2024, 2, 2), CALGRID_SUNDAY, __LINE__);

    /* Errors leave *out alone. */
    p = q;
    CHECK_EQ(calgrid_period_day(&p, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_week(&p, CALGRID_DATE_MIN, CALGRID_SUNDAY), CALGRID_ERANGE);   /* cut by 0001-01-01 */
    CHECK_EQ(calgrid_period_week(&p, CALGRID_DATE_MAX, CALGRID_SUNDAY), CALGRID_ERANGE);   /* cut by 9999-12-31 */
    CHECK_EQ(calgrid_period_week(&p, CALGRID_DATE_NONE, CALGRID_SUNDAY), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_week(&p, 0, (calgrid_weekday)7), CALGRID_EINVAL);
#ifndef __cplusplus
    CHECK_EQ(calgrid_period_week(&p, 0, (calgrid_weekday)-1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_week(&p, 0, (calgrid_weekday)256), CALGRID_EINVAL);
#endif
    CHECK_EQ(calgrid_period_month(&p, 2024, 13), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_month(&p, 0, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_year(&p, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_year(&p, 10000), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_year(&p, INT32_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_range(&p, check_date(2024, 2, 2), check_date(2024, 1, 30)), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_range(&p, CALGRID_DATE_NONE, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_range(&p, 0, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK(memcmp(&p, &q, sizeof p) == 0);
    CHECK_EQ(calgrid_period_day(NULL, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_week(NULL, 0, CALGRID_SUNDAY), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_month(NULL, 2024, 1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_year(NULL, 2024), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_range(NULL, 0, 1), CALGRID_EINVAL);
}

static void test_stepping(void) {
    calgrid_period p, n;
    int in = -1;
    CHECK_EQ(calgrid_period_month(&p, 2024, 12), CALGRID_OK);
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_OK);
    check_period(&n, CALGRID_PERIOD_MONTH, check_date(2025, 1, 1), check_date(2025, 1, 31), CALGRID_SUNDAY, __LINE__);
    CHECK_EQ(calgrid_period_previous(&p, &p), CALGRID_OK);   /* out may alias the input */
    check_period(&p, CALGRID_PERIOD_MONTH, check_date(2024, 11, 1), check_date(2024, 11, 30), CALGRID_SUNDAY, __LINE__);
    CHECK_EQ(calgrid_period_week(&p, check_date(2024, 12, 31), CALGRID_MONDAY), CALGRID_OK);
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_OK);
    check_period(&n, CALGRID_PERIOD_WEEK, check_date(2025, 1, 6), check_date(2025, 1, 12), CALGRID_MONDAY, __LINE__);
    CHECK_EQ(calgrid_period_range(&p, check_date(2024, 1, 1), check_date(2024, 1, 10)), CALGRID_OK);
    CHECK_EQ(calgrid_period_previous(&n, &p), CALGRID_OK);
    check_period(&n, CALGRID_PERIOD_RANGE, check_date(2023, 12, 22), check_date(2023, 12, 31), CALGRID_SUNDAY, __LINE__);
    CHECK_EQ(calgrid_period_day(&p, check_date(2024, 2, 28)), CALGRID_OK);
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_OK);
    check_period(&n, CALGRID_PERIOD_DAY, check_date(2024, 2, 29), check_date(2024, 2, 29), CALGRID_SUNDAY, __LINE__);
    CHECK_EQ(calgrid_period_year(&p, 2023), CALGRID_OK);
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_OK);
    check_period(&n, CALGRID_PERIOD_YEAR, check_date(2024, 1, 1), check_date(2024, 12, 31), CALGRID_SUNDAY, __LINE__);

    /* The ends of the calendar. */
    CHECK_EQ(calgrid_period_year(&p, 9999), CALGRID_OK);
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_month(&p, 1, 1), CALGRID_OK);
    CHECK_EQ(calgrid_period_previous(&n, &p), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_day(&p, CALGRID_DATE_MAX), CALGRID_OK);
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_ERANGE);

    CHECK_EQ(calgrid_period_month(&p, 2024, 2), CALGRID_OK);
    CHECK_EQ(calgrid_period_contains(&in, &p, check_date(2024, 2, 29)), CALGRID_OK); CHECK_EQ(in, 1);
    CHECK_EQ(calgrid_period_contains(&in, &p, check_date(2024, 3, 1)), CALGRID_OK); CHECK_EQ(in, 0);
    CHECK_EQ(calgrid_period_contains(&in, &p, check_date(2024, 1, 31)), CALGRID_OK); CHECK_EQ(in, 0);
    in = 7;
    CHECK_EQ(calgrid_period_contains(&in, &p, CALGRID_DATE_NONE), CALGRID_ERANGE);
    CHECK_EQ(in, 7);
    CHECK_EQ(calgrid_period_contains(NULL, &p, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_contains(&in, NULL, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_next(NULL, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_next(&n, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_previous(NULL, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_previous(&n, NULL), CALGRID_EINVAL);
}

/* Values a C caller can put together by hand that the library never produces. */
static void test_forged_periods(void) {
    calgrid_period p, n;
    int in = 0;
    CHECK_EQ(calgrid_period_month(&p, 2024, 2), CALGRID_OK);
    p.first = check_date(2024, 2, 2);                            /* a month not starting on the 1st */
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_month(&p, 2024, 2), CALGRID_OK);
    p.last = check_date(2024, 3, 1);                             /* ...or not ending on its last day */
    CHECK_EQ(calgrid_period_contains(&in, &p, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_month(&p, 2024, 2), CALGRID_OK);
    p.kind = (calgrid_period_kind)7;
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
#ifndef __cplusplus
    p.kind = (calgrid_period_kind)-1;
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
#endif
    CHECK_EQ(calgrid_period_month(&p, 2024, 2), CALGRID_OK);
    p.first_weekday = CALGRID_MONDAY;                     /* only weeks carry a weekday */
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_week(&p, check_date(2026, 11, 11), CALGRID_MONDAY), CALGRID_OK);
    p.first_weekday = CALGRID_TUESDAY;                    /* a week not starting on its weekday */
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
    p.first_weekday = (calgrid_weekday)7;
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_day(&p, 100), CALGRID_OK);
    p.last = 101;                                         /* a "day" two days long */
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_range(&p, 100, 200), CALGRID_OK);
    p.first = 300;                                        /* an inverted range */
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
    p.first = CALGRID_DATE_NONE;
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_ERANGE);
    CHECK_EQ(calgrid_period_year(&p, 2024), CALGRID_OK);
    p.last = check_date(2024, 12, 30);
    CHECK_EQ(calgrid_period_next(&n, &p), CALGRID_EINVAL);
}

void test_periods(void) {
    test_constructors();
    test_stepping();
    test_forged_periods();
}
