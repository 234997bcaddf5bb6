#ifndef CALGRID_BENCH_ICAL_H
#define CALGRID_BENCH_ICAL_H
/* The seed of every fold (the Swift side's foldSeed). */
#define CB_FOLD_SEED 0xcbf29ce484222325ULL
/* libical's recurrence iterator as a C program uses it: for each rule, parse it
   (icalrecurrencetype_from_string), start an icalrecur_iterator at its DATE start, jump to the
   window (icalrecur_iterator_set_start; libical allows that only without COUNT) and step until the
   window's end. Every day in first...last (day numbers since 1970-01-01) is folded as the Swift
   side folds it (CB_FOLD_SEED, the day number + 1,000,000). */
#include <stdint.h>
#include <stddef.h>

uint64_t cb_ical_expand(const char *const *rules, const int32_t *starts, size_t n, int32_t first, int32_t last);

/* libical's parse of a NUL-terminated iCalendar text (icalparser_parse_string) and a walk of its
   components: for each VTODO, in order, its UID and SUMMARY (byte folds from CB_FOLD_SEED), DTSTART
   and DUE (day numbers, 0xFFFFFFFFFFFF when absent) folded into `h`, which it returns; `*count`
   gains the VTODOs walked. */
uint64_t cb_ical_parse_walk(const char *text, uint64_t h, size_t *count);

#endif
