/* libical's own parse of an iCalendar text, as a C program uses it: icalparser_parse_string on the
   whole text, then a walk of the components (every VCALENDAR, every VTODO in it: UID, SUMMARY,
   DTSTART, DUE), folded as the Swift side folds CalGrid's imported set (cb_ical_parse_walk). */
#include "ical_baseline.h"
#include <libical/ical.h>

static uint64_t fold(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }

static uint64_t hash_text(const char *s) {
    uint64_t h = CB_FOLD_SEED;
    if (s != NULL)
        for (const unsigned char *p = (const unsigned char *)s; *p; p++) h = fold(h, *p);
    return h;
}

static int32_t day_number(int y, int m, int d) {
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static uint64_t day_key(struct icaltimetype t) {
    if (icaltime_is_null_time(t)) return 0xFFFFFFFFFFFFULL;
    return (uint64_t)(uint32_t)day_number(t.year, t.month, t.day);
}

static uint64_t walk_todo(uint64_t h, icalcomponent *c) {
    h = fold(h, hash_text(icalcomponent_get_uid(c)));
    h = fold(h, hash_text(icalcomponent_get_summary(c)));
    h = fold(h, day_key(icalcomponent_get_dtstart(c)));
    h = fold(h, day_key(icalcomponent_get_due(c)));
    return h;
}

static uint64_t walk(uint64_t h, icalcomponent *root, size_t *count) {
    if (icalcomponent_isa(root) == ICAL_VTODO_COMPONENT) { (*count)++; return walk_todo(h, root); }
    for (icalcomponent *c = icalcomponent_get_first_component(root, ICAL_ANY_COMPONENT); c != NULL;
         c = icalcomponent_get_next_component(root, ICAL_ANY_COMPONENT)) {
        h = walk(h, c, count);
    }
    return h;
}

uint64_t cb_ical_parse_walk(const char *text, uint64_t h, size_t *count) {
    icalcomponent *root = icalparser_parse_string(text);
    if (root == NULL) return h;
    h = walk(h, root, count);
    icalcomponent_free(root);
    return h;
}
