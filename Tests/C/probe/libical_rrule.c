/* What the system's libical (Debian's 3.0.16) makes of a date-only RRULE: the first N days its
 * icalrecur_iterator yields from DTSTART, as YYYY-MM-DD, one line. docs/recurrence.md cites it for
 * the readings RFC 5545 leaves open (RecurrenceReadingTests runs it).
 *
 *     libical_rrule YYYYMMDD RRULE N
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: libical_rrule YYYYMMDD RRULE N\n");
        return 2;
    }
    struct icalrecurrencetype rule = icalrecurrencetype_from_string(argv[2]);
    if (rule.freq == ICAL_NO_RECURRENCE) {
        fprintf(stderr, "libical does not read %s\n", argv[2]);
        return 1;
    }
    icalrecur_iterator *it = icalrecur_iterator_new(rule, icaltime_from_string(argv[1]));
    if (it == NULL) {
        fprintf(stderr, "libical makes no iterator of %s\n", argv[2]);
        return 1;
    }
    int n = atoi(argv[3]);
    for (int i = 0; i < n; i++) {
        struct icaltimetype t = icalrecur_iterator_next(it);
        if (icaltime_is_null_time(t)) break;
        printf("%s%04d-%02d-%02d", i ? " " : "", t.year, t.month, t.day);
    }
    printf("\n");
    icalrecur_iterator_free(it);
    return 0;
}
