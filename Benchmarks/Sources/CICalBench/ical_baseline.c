#include "ical_baseline.h"
#include <libical/ical.h>

static uint64_t fold(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }

/* Hinnant's days_from_civil and civil_from_days, for the day numbers CalGrid uses. */
static int32_t days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    const int era = y / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static struct icaltimetype date_of(int32_t z0) {
    const int z = z0 + 719468;
    const int era = z / 146097;
    const int doe = z - era * 146097;
    const int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const int mp = (5 * doy + 2) / 153;
    const int d = doy - (153 * mp + 2) / 5 + 1;
    const int m = mp < 10 ? mp + 3 : mp - 9;
    /* icaltime_null_date() marks hour, minute and second -1; kept, they made libical's iterator
       return the start forever for FREQ=DAILY and loop inside icalrecur_iterator_next for
       FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR (5 CPU minutes without figures, issue 19). A DATE as
       icaltime_from_string("20240314") makes it has them 0. */
    struct icaltimetype t = icaltime_null_date();
    t.year = yoe + era * 400 + (m <= 2);
    t.month = m;
    t.day = d;
    t.hour = t.minute = t.second = 0;
    t.is_date = 1;
    return t;
}

uint64_t cb_ical_expand(const char *const *rules, const int32_t *starts, size_t n, int32_t first, int32_t last) {
    uint64_t h = 0xcbf29ce484222325ULL;
    const struct icaltimetype window = date_of(first);
    for (size_t i = 0; i < n; i++) {
        struct icalrecurrencetype rule = icalrecurrencetype_from_string(rules[i]);
        icalrecur_iterator *it = icalrecur_iterator_new(rule, date_of(starts[i]));
        if (!it) continue;
        if (rule.count == 0 && starts[i] < first) icalrecur_iterator_set_start(it, window);
        /* A day rule yields at most one occurrence a day: more steps than days up to `last` means
           the iterator is not advancing, and the run stops there (its checksum then disagrees). */
        int64_t budget = (int64_t)last - starts[i] + 2;
        for (struct icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t) && budget-- > 0;
             t = icalrecur_iterator_next(it)) {
            const int32_t day = days_from_civil(t.year, t.month, t.day);
            if (day > last) break;
            if (day >= first) h = fold(h, (uint64_t)(day + 1000000));
        }
        icalrecur_iterator_free(it);
    }
    return h;
}
