/* The agenda benchmark (issue 39): a 7-day agenda of a set of N todos, 30% of them with a weekly
** rule, the rest one- to ten-day spans, half of every kind timed, through
** calgrid_todo_set_occurrences (the interval index and the rule side table), against a plain C
** scan of the same items in the same run (every item, every day of the range, its span and rule
** tested, then the same order by day, all-day first, start time, title). Both must give the same
** occurrences (checked, folded); prints the median CPU time of each over RUNS runs and the ratio.
**
**   bench_agenda [N] [RUNS]       default N 1000000, RUNS 9
**
** Built and run by `make bench-agenda` (mk/capi.mk); figures in Benchmarks/README.md. */
#define _POSIX_C_SOURCE 200809L
#include <calgrid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_common.h"
#include "agenda_set.h"

typedef struct { int32_t day; int minutes; const char *title; size_t index; } occ;

static item *items;
static int cmp_occ(const void *pa, const void *pb) {
    const occ *a = pa, *b = pb;
    if (a->day != b->day) return a->day < b->day ? -1 : 1;
    if (a->minutes != b->minutes) return a->minutes < b->minutes ? -1 : 1;
    int c = strcmp(a->title, b->title);
    if (c) return c;
    return a->index < b->index ? -1 : a->index > b->index;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 1000000;
    int runs = argc > 2 ? atoi(argv[2]) : 9;
    const int32_t base = 20393;   /* 2025-11-02 */
    items = calloc(n, sizeof *items);
    calgrid_todo *todos = calloc(n, sizeof *todos);
    char (*ids)[16] = calloc(n, 16);
    calgrid_todo_set *set = NULL;
    calgrid_error err;
    if (!items || !todos || !ids || calgrid_todo_set_new(&set) != CALGRID_OK) return 1;
    for (size_t i = 0; i < n; i++) {
        item *it = &items[i];
        agenda_item_draw(it, base);
        snprintf(ids[i], 16, "i%zu", i);
        calgrid_todo t = CALGRID_TODO_INIT;
        t.id = ids[i]; t.title = it->title; t.start = it->start; t.end = it->end;
        t.rrule = it->weekly ? "FREQ=WEEKLY" : NULL;
        t.has_times = it->has_times; t.start_minutes = t.end_minutes = it->has_times ? it->minutes : 0;
        todos[i] = t;
    }
    if (calgrid_todo_set_add_many(set, todos, n, &err) != CALGRID_OK) { fprintf(stderr, "add: %s\n", err.message); return 1; }
    const int32_t first = base + 365, last = first + 7;
    size_t room = 1 << 20, count = 0;
    calgrid_occurrence *out = malloc(room * sizeof *out);
    occ *mine = malloc(room * sizeof *mine);
    uint64_t lib[64], scan[64];
    uint64_t sum_lib = 0, sum_scan = 0;
    if (runs > 64) runs = 64;
    /* One untimed run each: the index and tables built, the pages touched. */
    calgrid_todo_set_occurrences(out, room, &count, set, first, last, CALGRID_KIND_ALL);
    for (int r = 0; r < runs; r++) {
        uint64_t t0 = now_ns();
        if (calgrid_todo_set_occurrences(out, room, &count, set, first, last, CALGRID_KIND_ALL) != CALGRID_OK) return 1;
        uint64_t t1 = now_ns();
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            const item *it = &items[i];
            int32_t lo = it->start > first ? it->start : first, hi = it->end < last ? it->end : last;
            for (int32_t d = lo; d <= hi; d++) {
                if (it->weekly && (d - it->start) % 7 != 0) continue;
                occ o = { d, it->has_times ? it->minutes + 1 : 0, it->title, i };
                mine[k++] = o;
            }
        }
        qsort(mine, k, sizeof *mine, cmp_occ);
        uint64_t t2 = now_ns();
        lib[r] = t1 - t0; scan[r] = t2 - t1;
        if (k != count) { fprintf(stderr, "the library gives %zu occurrences, the scan %zu\n", count, k); return 1; }
        for (size_t j = 0; j < k; j++) {
            if (out[j].index != mine[j].index || out[j].date != mine[j].day) { fprintf(stderr, "occurrence %zu differs\n", j); return 1; }
            sum_lib = fold(sum_lib, out[j].index); sum_scan = fold(sum_scan, mine[j].index);
        }
    }
    qsort(lib, (size_t)runs, sizeof lib[0], cmp_u64);
    qsort(scan, (size_t)runs, sizeof scan[0], cmp_u64);
    double a = (double)lib[runs / 2] / 1e6, b = (double)scan[runs / 2] / 1e6;
    printf("agenda: %zu todos (30%% weekly rules, half timed), 7-day agenda: %zu occurrences; "
           "calgrid_todo_set_occurrences %.3f ms, plain C scan %.3f ms (median of %d): %.1fx; checksums %016llx %016llx\n",
           n, count, a, b, runs, b / a, (unsigned long long)sum_lib, (unsigned long long)sum_scan);
    calgrid_todo_set_free(set);
    return 0;
}
