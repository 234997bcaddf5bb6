/* The C side of the "change, then redraw" benchmark: a plain C program linked against libcalgrid,
** serving the parent over stdin/stdout so its samples interleave with the Swift side's.
**
**   bench_changes KEYFILE N FIRST LAST [CAP_MS]
**       Builds a set of N todos from KEYFILE (N records of int32 start, int32 end, int64 created_at,
**       int32 flags (1 = challenge, 2 = completed), int32 unused; start/end INT32_MIN = none; ids
**       "t<index>", no titles), warms the per-day counts of FIRST...LAST, then answers lines
**       "<op> BATCH [ARG...]" with "<ns per op> <checksum hex>": the op BATCH times (CPU time), the
**       checksum that of the op's first run in this process (the first request of an op first runs
**       it twice untimed, as the Swift side's warm-up does, so both sides' sets change alike). Ops, each ending with the 92-day counts
**       folded unless it is a query:
**         cached                        counts only
**         tick ROW DAY                  toggle DAY of todo ROW, toggle it back, counts
**         completed ROW                 flip is_completed of ROW, flip it back, counts
**         dates ROW                     move ROW one day later, back again, counts
**         insert                        add a todo (ids x<k>, the same dates each time), counts
**         remove                        remove row 0 (every later row moves down), counts
**         batch K                       add K todos at once (ids y<k>), counts
**         overlap DAY                   the todos on DAY, their indices folded
**         count DAY                     how many todos fall on DAY (without CALGRID_BENCH_NO_COUNT)
**       "quit" ends it. With CAP_MS (today's library only), a sample stops after CAP_MS ms of BATCH runs.
**
** Folds match the Swift benchmark's (aggregateFold, mixIndex), so the two sides' checksums compare. */
#define _POSIX_C_SOURCE 200809L
#include <calgrid.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench_common.h"

static uint64_t mix_index(uint64_t i) { uint64_t z = i * 0x9E3779B97F4A7C15ULL; return z ^ (z >> 29); }

static calgrid_todo_set *set;
static calgrid_date first_day, last_day;
static calgrid_day_count counts[400];
static size_t *rows;
static size_t row_room;
static unsigned long serial;
static uint64_t cap_ns;   /* 0: every sample makes all BATCH runs, as the Swift side does */

static uint64_t fold_counts(void) {
    size_t days = (size_t)(last_day - first_day + 1);
    if (calgrid_todo_set_day_counts(counts, 400, set, first_day, last_day, CALGRID_KIND_ALL) != CALGRID_OK) return 0;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t k = 0; k < days; k++) h = fold(h, (uint64_t)(uint32_t)counts[k].total << 32 | (uint32_t)counts[k].completed);
    return h;
}

static int get(calgrid_todo_info *info, size_t row) {
    memset(info, 0, sizeof *info);
    info->struct_size = sizeof *info;
    return calgrid_todo_set_get(info, set, row) == CALGRID_OK;
}

/* Rewrites ROW (id "t<ROW>": no row has moved yet) with its dates moved by `by` days. */
static void shift(size_t row, int by) {
    calgrid_todo_info info;
    char id[32];
    if (!get(&info, row)) return;
    snprintf(id, sizeof id, "t%zu", row);
    calgrid_todo t = CALGRID_TODO_INIT;
    t.id = id;
    t.start = info.start == CALGRID_DATE_NONE ? CALGRID_DATE_NONE : info.start + by;
    t.end = info.end == CALGRID_DATE_NONE ? CALGRID_DATE_NONE : info.end + by;
    t.created_at = info.created_at;
    t.is_challenge = info.is_challenge;
    t.is_completed = info.is_completed;
    t.repetition = info.repetition;
    calgrid_todo_set_update(set, row, &t, NULL);
}

static void add(const char *prefix, calgrid_todo *many, char (*ids)[24], size_t k) {
    for (size_t j = 0; j < k; j++) {
        calgrid_todo t = CALGRID_TODO_INIT;
        snprintf(ids[j], 24, "%s%lu", prefix, serial++);
        t.id = ids[j];
        t.start = first_day + 40;
        t.end = first_day + 49;
        many[j] = t;
    }
    calgrid_todo_set_add_many(set, many, k, NULL);
}

/* One run of `op`; returns its checksum. */
static uint64_t run(const char *op, long a, long b) {
    static calgrid_todo many[1000];
    static char ids[1000][24];
    size_t n = 0;
    if (!strcmp(op, "cached")) return fold_counts();
    if (!strcmp(op, "tick")) {
        calgrid_todo_set_toggle(NULL, set, (size_t)a, (calgrid_date)b);
        calgrid_todo_set_toggle(NULL, set, (size_t)a, (calgrid_date)b);
        return fold_counts();
    }
    if (!strcmp(op, "completed")) {
        /* The flag is read once (every run flips it and back), as the Swift side reads a column. */
        static int known = 0, was = 0;
        calgrid_todo_info info;
        if (!known) { if (!get(&info, (size_t)a)) return 0; was = info.is_completed; known = 1; }
        calgrid_todo_set_set_completed(set, (size_t)a, !was);
        calgrid_todo_set_set_completed(set, (size_t)a, was);
        return fold_counts();
    }
    if (!strcmp(op, "dates")) { shift((size_t)a, 1); shift((size_t)a, -1); return fold_counts(); }
    if (!strcmp(op, "insert")) { add("x", many, ids, 1); return fold_counts(); }
    if (!strcmp(op, "remove")) { calgrid_todo_set_remove_at(set, 0); return fold_counts(); }
    if (!strcmp(op, "batch")) { add("y", many, ids, a > 1000 ? 1000 : (size_t)a); return fold_counts(); }
    if (!strcmp(op, "overlap")) {
        if (calgrid_todo_set_overlapping(rows, row_room, &n, set, (calgrid_date)a, (calgrid_date)a, CALGRID_KIND_ALL) != CALGRID_OK) return 0;
        uint64_t sum = 0;
        for (size_t i = 0; i < n; i++) sum += mix_index(rows[i]);
        return fold(0, sum + n);
    }
#ifndef CALGRID_BENCH_NO_COUNT
    if (!strcmp(op, "count")) {
        if (calgrid_todo_set_count_overlapping(&n, set, (calgrid_date)a, (calgrid_date)a, CALGRID_KIND_ALL) != CALGRID_OK) return 0;
        return (uint64_t)n;
    }
#endif
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) { fprintf(stderr, "usage: bench_changes KEYFILE N FIRST LAST [CAP_MS]\n"); return 2; }
    if (argc == 6) cap_ns = (uint64_t)strtoull(argv[5], NULL, 10) * 1000000u;
    size_t count = (size_t)strtoull(argv[2], NULL, 10);
    first_day = (calgrid_date)atol(argv[3]);
    last_day = (calgrid_date)atol(argv[4]);
    FILE *f = fopen(argv[1], "rb");
    if (!f || calgrid_todo_set_new(&set) != CALGRID_OK) return 1;
    calgrid_todo *todos = calloc(count ? count : 1, sizeof *todos);
    char (*ids)[16] = calloc(count ? count : 1, 16);
    row_room = count * 2 + 1024;
    rows = calloc(row_room, sizeof *rows);
    if (!todos || !ids || !rows) return 1;
    for (size_t i = 0; i < count; i++) {
        int32_t se[2], fl[2]; int64_t created;
        if (fread(se, sizeof se, 1, f) != 1 || fread(&created, sizeof created, 1, f) != 1 || fread(fl, sizeof fl, 1, f) != 1) return 1;
        calgrid_todo t = CALGRID_TODO_INIT;
        snprintf(ids[i], 16, "t%zu", i);
        t.id = ids[i];
        t.start = se[0] == INT32_MIN ? CALGRID_DATE_NONE : se[0];
        t.end = se[1] == INT32_MIN ? CALGRID_DATE_NONE : se[1];
        t.created_at = created;
        t.is_challenge = fl[0] & 1;
        t.is_completed = (fl[0] & 2) != 0;
        todos[i] = t;
    }
    fclose(f);
    calgrid_error err;
    if (calgrid_todo_set_add_many(set, todos, count, &err) != CALGRID_OK) { fprintf(stderr, "add_many: %s\n", err.message); return 1; }
    free(todos); free(ids);
    fold_counts();   /* the table a first render builds */
    char line[128], op[32];
    uint64_t first_sum[16] = {0};
    int seen[16] = {0};
    static const char *names[] = { "cached", "tick", "completed", "dates", "insert", "remove", "batch", "overlap", "count" };
    while (fgets(line, sizeof line, stdin)) {
        long batch = 0, a = 0, b = 0;
        if (sscanf(line, "%31s %ld %ld %ld", op, &batch, &a, &b) < 2 || batch < 1) break;
        int which = -1;
        for (int k = 0; k < 9; k++) if (!strcmp(op, names[k])) which = k;
        if (which < 0) break;
        if (!seen[which]) {
            /* Two warm-up runs, as the Swift side makes: both sides then change their sets alike. */
            seen[which] = 1;
            first_sum[which] = run(op, a, b);
            run(op, a, b);
        }
        /* BATCH runs, or, with a cap, fewer once it has passed (the parent sizes BATCH by its own
        ** speed; a far slower library, such as today's after a change, would otherwise take
        ** minutes). The library measured has no cap: a sample cut short leaves its set with fewer
        ** inserts than the Swift side's, and every later op's checksum then differs. */
        uint64_t h = 0, t0 = now_ns(), t = 0;
        long done = 0;
        while (done < batch) {
            h ^= run(op, a, b);
            done++;
            if (cap_ns && (done < 8 || (done & 63) == 0) && now_ns() - t0 >= cap_ns) break;
        }
        t = now_ns() - t0;
        batch = done;
        volatile uint64_t sink = h;
        (void)sink;
        printf("%.1f %" PRIx64 "\n", (double)t / (double)batch, first_sum[which]);
        fflush(stdout);
    }
    calgrid_todo_set_free(set);
    free(rows);
    return 0;
}
