/* Second oracle for CalGrid's Korean lunar calendar: ICU's "dangi" calendar (libicu, installed with
 * libical-dev), which computes new moons and solar terms astronomically for Korea's meridian rather
 * than reading KASI's published table.
 *
 * Usage: icu_dangi FIRST_DN LAST_DN
 * Writes one line per day number DN (days since 1970-01-01, proleptic Gregorian) in FIRST...LAST:
 *     "DN YEAR MONTH DAY LEAP"
 * where YEAR is ICU's extended Dangi year minus 2333 (the lunar year CalGrid and KASI number by the
 * solar year of its new year), MONTH 1...12, LEAP 0 or 1 (UCAL_IS_LEAP_MONTH). The calendar's zone
 * is UTC so that the instant DN * 86400000 ms is the day DN itself. Exits 1 on an ICU error. */
#include <stdio.h>
#include <stdlib.h>
#include <unicode/ucal.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: icu_dangi FIRST_DN LAST_DN\n"); return 2; }
    long first = strtol(argv[1], NULL, 10), last = strtol(argv[2], NULL, 10);
    UErrorCode status = U_ZERO_ERROR;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    UCalendar *cal = ucal_open(utc, -1, "ko_KR@calendar=dangi", UCAL_DEFAULT, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "ucal_open: %s\n", u_errorName(status)); return 1; }
    for (long dn = first; dn <= last; dn++) {
        ucal_setMillis(cal, (UDate)dn * 86400000.0, &status);
        int32_t year = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
        int32_t month = ucal_get(cal, UCAL_MONTH, &status);
        int32_t day = ucal_get(cal, UCAL_DATE, &status);
        int32_t leap = ucal_get(cal, UCAL_IS_LEAP_MONTH, &status);
        if (U_FAILURE(status)) { fprintf(stderr, "day %ld: %s\n", dn, u_errorName(status)); return 1; }
        printf("%ld %d %d %d %d\n", dn, year - 2333, month + 1, day, leap);
    }
    ucal_close(cal);
    return 0;
}
