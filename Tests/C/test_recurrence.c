/* Recurrence: calgrid_recurrence_*. Expected days are facts of the calendar (RFC 5545 §3.8.5.3's
** own example answers, and weekdays worked out with Python's datetime), not this library's output. */
#include <string.h>
#include "check.h"

static void test_recurrence_monthly(void) {
    calgrid_recurrence *r = NULL;
    calgrid_error err;
    calgrid_date days[16];
    size_t n = 99, len = 0;
    char text[64];
    calgrid_date d = 0;
    /* RFC 5545: monthly on the first Friday for 10 occurrences, from 1997-09-05. */
    const calgrid_date want[10] = { check_date(1997, 9, 5), check_date(1997, 10, 3), check_date(1997, 11, 7), check_date(1997, 12, 5),
                                    check_date(1998, 1, 2), check_date(1998, 2, 6), check_date(1998, 3, 6), check_date(1998, 4, 3),
                                    check_date(1998, 5, 1), check_date(1998, 6, 5) };
    CHECK_EQ(calgrid_recurrence_new(&r, "freq=monthly;byday=1fr;count=10", CALGRID_NUL_TERMINATED, check_date(1997, 9, 5),
                                    NULL, 0, NULL, 0, NULL, &err), CALGRID_OK);
    CHECK_EQ(calgrid_recurrence_occurrences(days, 16, &n, r, check_date(1997, 1, 1), check_date(1999, 12, 31)), CALGRID_OK);
    CHECK_EQ(n, 10);
    CHECK(memcmp(days, want, sizeof want) == 0);
    /* The walk starts at the window: the last three, and a window too small for them continues. */
    CHECK_EQ(calgrid_recurrence_occurrences(days, 16, &n, r, check_date(1998, 3, 6), check_date(2030, 1, 1)), CALGRID_OK);
    CHECK_EQ(n, 4);
    CHECK_EQ(days[0], check_date(1998, 3, 6));
    CHECK_EQ(calgrid_recurrence_occurrences(days, 2, &n, r, check_date(1998, 3, 6), check_date(2030, 1, 1)), CALGRID_ENOSPC);
    CHECK_EQ(n, 2);
    CHECK_EQ(days[1], check_date(1998, 4, 3));
    CHECK_EQ(calgrid_recurrence_occurrences(days, 2, &n, r, days[1] + 1, check_date(2030, 1, 1)), CALGRID_OK);
    CHECK_EQ(n, 2);
    CHECK_EQ(days[1], check_date(1998, 6, 5));
    CHECK_EQ(calgrid_recurrence_occurrences(NULL, 0, &n, r, check_date(2000, 1, 1), check_date(2000, 12, 31)), CALGRID_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(calgrid_recurrence_occurrences(days, 2, &n, r, check_date(2000, 1, 2), check_date(2000, 1, 1)), CALGRID_EINVAL);
    CHECK_EQ(calgrid_recurrence_occurrences(days, 2, &n, r, CALGRID_DATE_MAX + 1, check_date(2000, 1, 1)), CALGRID_ERANGE);

    CHECK_EQ(calgrid_recurrence_next(&d, r, check_date(1997, 9, 5)), CALGRID_OK);
    CHECK_EQ(d, check_date(1997, 10, 3));
    CHECK_EQ(calgrid_recurrence_previous(&d, r, check_date(1997, 10, 3)), CALGRID_OK);
    CHECK_EQ(d, check_date(1997, 9, 5));
    CHECK_EQ(calgrid_recurrence_next(&d, r, check_date(1998, 6, 5)), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_recurrence_previous(&d, r, check_date(1997, 9, 5)), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_recurrence_next(NULL, r, check_date(1997, 9, 5)), CALGRID_EINVAL);

    /* The canonical text, and the length when the buffer is short. */
    CHECK_EQ(calgrid_recurrence_format(&len, text, sizeof text, r), CALGRID_OK);
    CHECK_STR(text, "FREQ=MONTHLY;COUNT=10;BYDAY=1FR");
    CHECK_EQ(len, strlen("FREQ=MONTHLY;COUNT=10;BYDAY=1FR"));
    CHECK_EQ(calgrid_recurrence_format(&len, text, 5, r), CALGRID_ENOSPC);
    CHECK_EQ(len, 31);
    calgrid_recurrence_free(r);
    calgrid_recurrence_free(NULL);
}

static void test_recurrence_lists_and_zone(void) {
    calgrid_recurrence *r = NULL;
    calgrid_tz *tz = NULL;
    calgrid_error err;
    calgrid_date days[8];
    size_t n = 0;
    /* Every day from Mon 2026-11-30 until 2026-12-04T03:00Z, which is still Dec 3 in New York;
    ** Dec 1 removed (COUNT is not extended by it), Dec 25 added, repeats folded. */
    const calgrid_date ex[2] = { check_date(2026, 12, 1), check_date(2026, 12, 1) };
    const calgrid_date add[2] = { check_date(2026, 12, 25), check_date(2026, 12, 25) };
    CHECK_EQ(calgrid_tz_from_posix(&tz, "EST5EDT,M3.2.0,M11.1.0", &err), CALGRID_OK);
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=DAILY;UNTIL=20261204T030000Z", CALGRID_NUL_TERMINATED, check_date(2026, 11, 30),
                                    add, 2, ex, 2, tz, &err), CALGRID_OK);
    CHECK_EQ(calgrid_recurrence_occurrences(days, 8, &n, r, check_date(2026, 1, 1), check_date(2026, 12, 31)), CALGRID_OK);
    CHECK_EQ(n, 4);
    CHECK_EQ(days[0], check_date(2026, 11, 30));
    CHECK_EQ(days[1], check_date(2026, 12, 2));
    CHECK_EQ(days[2], check_date(2026, 12, 3));
    CHECK_EQ(days[3], check_date(2026, 12, 25));
    calgrid_recurrence_free(r);
    /* In UTC the same UNTIL is Dec 4. */
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=DAILY;UNTIL=20261204T030000Z", CALGRID_NUL_TERMINATED, check_date(2026, 11, 30),
                                    NULL, 0, NULL, 0, NULL, &err), CALGRID_OK);
    CHECK_EQ(calgrid_recurrence_occurrences(days, 8, &n, r, check_date(2026, 1, 1), check_date(2026, 12, 31)), CALGRID_OK);
    CHECK_EQ(n, 5);
    calgrid_recurrence_free(r);
    calgrid_tz_free(tz);
}

static void test_recurrence_errors(void) {
    calgrid_recurrence *r = NULL;
    calgrid_error err;
    const calgrid_date bad[1] = { CALGRID_DATE_MAX + 1 };
    /* The part is located and named; the length bounds the text (the ";COUNT" after it is unread). */
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=MONTHLY;BYDAY=9MO;COUNT=2", 22, check_date(2026, 1, 1), NULL, 0, NULL, 0, NULL, &err),
             CALGRID_EPARSE);
    CHECK_EQ(err.status, CALGRID_EPARSE);
    CHECK_EQ(err.byte_offset, 19);
    CHECK_EQ(err.column, 20);
    CHECK_STR(err.field, "BYDAY");
    CHECK_STR(err.message, "BYDAY=9MO: ordinal 9 is outside -5...5 for MONTHLY");
    CHECK(r == NULL);
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=HOURLY", CALGRID_NUL_TERMINATED, check_date(2026, 1, 1), NULL, 0, NULL, 0, NULL, &err),
             CALGRID_EPARSE);
    CHECK_STR(err.field, "FREQ");
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=DAILY", CALGRID_NUL_TERMINATED, CALGRID_DATE_MAX + 1, NULL, 0, NULL, 0, NULL, &err),
             CALGRID_ERANGE);
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=DAILY", CALGRID_NUL_TERMINATED, check_date(2026, 1, 1), bad, 1, NULL, 0, NULL, &err),
             CALGRID_ERANGE);
    CHECK_STR(err.message, "rdates[0] = 2932897 is outside 0001-01-01...9999-12-31");
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=DAILY", CALGRID_NUL_TERMINATED, check_date(2026, 1, 1), NULL, 1, NULL, 0, NULL, &err),
             CALGRID_EINVAL);
    CHECK_EQ(calgrid_recurrence_new(&r, NULL, 0, check_date(2026, 1, 1), NULL, 0, NULL, 0, NULL, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_recurrence_new(NULL, "FREQ=DAILY", CALGRID_NUL_TERMINATED, check_date(2026, 1, 1), NULL, 0, NULL, 0, NULL, NULL),
             CALGRID_EINVAL);
    /* A rule that never occurs is accepted and answered at once: the start day alone. */
    CHECK_EQ(calgrid_recurrence_new(&r, "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", CALGRID_NUL_TERMINATED, check_date(2026, 1, 1),
                                    NULL, 0, NULL, 0, NULL, &err), CALGRID_OK);
    {
        calgrid_date d = 0;
        CHECK_EQ(calgrid_recurrence_next(&d, r, check_date(2026, 1, 1)), CALGRID_ENOTFOUND);
        CHECK_EQ(calgrid_recurrence_previous(&d, r, CALGRID_DATE_MAX), CALGRID_OK);
        CHECK_EQ(d, check_date(2026, 1, 1));
    }
    calgrid_recurrence_free(r);
}

void test_recurrence(void) {
    test_recurrence_monthly();
    test_recurrence_lists_and_zone();
    test_recurrence_errors();
}
