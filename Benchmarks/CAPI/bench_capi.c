/* The C side of the C API overhead benchmark: a plain C program linked against libcalgrid.
**
**   bench_capi grids YEAR MONTH COUNT BATCH REPS
**       COUNT consecutive month grids through calgrid_month_grid_fill, every cell read; prints one
**       line per repetition: "<ns per run> <checksum hex>" (a run = COUNT grids, timed over BATCH runs).
**
**   bench_capi sort KEYFILE N
**       Builds a todo set of N todos from KEYFILE (N records of int32 start, int32 end, int64 created_at,
**       native endianness; start/end INT32_MIN = none; ids "t<index>"), then serves the parent over
**       stdin/stdout so its samples interleave with the Swift side's: for each line "run BATCH" it sorts
**       by deadline BATCH times and prints "<ns per sort> <checksum hex>"; "quit" ends it.
**
**   bench_capi import FILE
**       Imports the JSON file through calgrid_todo_set_import_file into a new set, then folds every
**       record (texts, dates, flags, completion days) read back through the API, as the Swift
**       import child folds its set; prints "<ns> <checksum hex> <records> <peak RSS bytes>" (ns: wall
**       time of import and fold; the parent times the process from spawn to exit).
**
** Checksums are folded exactly as the Swift benchmark folds its results, so the two can be compared. */
#define _POSIX_C_SOURCE 200809L
#include <calgrid.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench_common.h"


static uint64_t grids(int year, int month, int count) {
    uint64_t h = 0xcbf29ce484222325ULL;
    calgrid_month_grid g;
    for (int k = 0; k < count; k++) {
        if (calgrid_month_grid_fill(&g, year, month, NULL) != CALGRID_OK) return 0;
        uint64_t sum = 0;
        for (int i = 0; i < g.cell_count; i++) {
            const calgrid_cell *c = &g.cells[i];
            uint64_t v = ((uint64_t)(int64_t)c->date << 16) | ((uint64_t)c->day << 8) | ((uint64_t)c->owner << 4) | c->weekday;
            sum += v * (uint64_t)(i + 1);
        }
        h = fold(h, sum);
        if (++month == 13) { month = 1; year++; }
    }
    return h;
}

static uint64_t fold_indices(const size_t *p, size_t n) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) h = fold(h, (uint64_t)p[i]);
    return h;
}

static int serve_sort(const char *path, size_t n) {
    FILE *f = fopen(path, "rb");
    if (!f) return 1;
    calgrid_todo_set *set = NULL;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return 1;
    calgrid_todo *todos = calloc(n ? n : 1, sizeof *todos);
    char (*ids)[16] = calloc(n ? n : 1, 16);
    size_t *idx = calloc(n ? n : 1, sizeof *idx);
    if (!todos || !ids || !idx) return 1;
    for (size_t i = 0; i < n; i++) {
        int32_t se[2]; int64_t created;
        if (fread(se, sizeof se, 1, f) != 1 || fread(&created, sizeof created, 1, f) != 1) return 1;
        calgrid_todo t = CALGRID_TODO_INIT;
        snprintf(ids[i], sizeof ids[i], "t%zu", i);
        t.id = ids[i];
        t.start = se[0] == INT32_MIN ? CALGRID_DATE_NONE : se[0];
        t.end = se[1] == INT32_MIN ? CALGRID_DATE_NONE : se[1];
        t.created_at = created;
        todos[i] = t;
    }
    fclose(f);
    calgrid_error err;
    if (calgrid_todo_set_add_many(set, todos, n, &err) != CALGRID_OK) { fprintf(stderr, "add_many: %s\n", err.message); return 1; }
    free(todos); free(ids);
    calgrid_todo_set_sort(idx, n, set, CALGRID_SORT_DEADLINE, 0);   /* warm-up */
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        int batch = 0;
        if (sscanf(line, "run %d", &batch) != 1 || batch < 1) break;
        uint64_t t0 = now_ns();
        for (int b = 0; b < batch; b++) calgrid_todo_set_sort(idx, n, set, CALGRID_SORT_DEADLINE, 0);
        uint64_t t = now_ns() - t0;
        printf("%.1f %" PRIx64 "\n", (double)t / batch, fold_indices(idx, n));
        fflush(stdout);
    }
    free(idx);
    calgrid_todo_set_free(set);
    return 0;
}

static uint64_t wall_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One text of row i folded byte by byte (hashBytes on the Swift side); 0 when it has none. */
static uint64_t fold_text(const calgrid_todo_set *set, size_t i, calgrid_todo_text which, char **buf, size_t *room) {
    size_t n = 0;
    int status = calgrid_todo_set_text(*buf, *room, &n, set, i, which, 0);
    if (status == CALGRID_ENOSPC) {
        *room = n + 1 > 2 * *room ? n + 1 : 2 * *room;
        *buf = realloc(*buf, *room);
        if (!*buf) return 0;
        status = calgrid_todo_set_text(*buf, *room, &n, set, i, which, 0);
    }
    if (status != CALGRID_OK) return 0;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t k = 0; k < n; k++) h = fold(h, (uint8_t)(*buf)[k]);
    return h;
}

static long peak_rss(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = 0;
    if (!f) return 0;
    while (fgets(line, sizeof line, f)) if (!strncmp(line, "VmHWM:", 6)) kb = atol(line + 6);
    fclose(f);
    return kb * 1024;
}

static int import_file(const char *path) {
    uint64_t t0 = wall_ns();
    calgrid_todo_set *set = NULL;
    calgrid_error err;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return 1;
    if (calgrid_todo_set_import_file(NULL, set, path, NULL, &err) != CALGRID_OK) { fprintf(stderr, "import: %s\n", err.message); return 3; }
    size_t n = 0, room = 256, flag_room = 64;
    char *buf = malloc(room);
    uint8_t *flags = malloc(flag_room);
    if (!buf || !flags) return 1;
    calgrid_todo_set_count(&n, set);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) {
        calgrid_todo_info info;
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        if (calgrid_todo_set_get(&info, set, i) != CALGRID_OK) return 1;
        size_t count = 0;
        if (calgrid_todo_set_completed_days(flags, flag_room, &count, set, i) == CALGRID_ENOSPC) {
            flag_room = count;
            flags = realloc(flags, flag_room);
            if (!flags || calgrid_todo_set_completed_days(flags, flag_room, &count, set, i) != CALGRID_OK) return 1;
        }
        uint64_t bits = 0;
        for (size_t k = 0; k < count; k++) if (flags[k]) bits ^= 1ULL << (k % 58);
        h = fold(h, fold_text(set, i, CALGRID_TEXT_ID, &buf, &room));
        h = fold(h, fold_text(set, i, CALGRID_TEXT_TITLE, &buf, &room));
        h = fold(h, info.has_memo ? fold_text(set, i, CALGRID_TEXT_MEMO, &buf, &room) : 0);
        h = fold(h, info.start == CALGRID_DATE_NONE ? 0xFFFFFFFFFFFFULL : (uint64_t)(uint32_t)info.start);
        h = fold(h, info.end == CALGRID_DATE_NONE ? 0xFFFFFFFFFFFFULL : (uint64_t)(uint32_t)info.end);
        h = fold(h, info.created_at == CALGRID_TIMESTAMP_NONE ? 0xFFFFFFFFFFFFULL : (uint64_t)info.created_at);
        h = fold(h, (uint64_t)((info.is_challenge ? 1 : 0) | (info.is_completed ? 2 : 0)));
        h = fold(h, bits ^ (uint64_t)count << 58);
    }
    uint64_t t = wall_ns() - t0;
    printf("%" PRIu64 " %" PRIx64 " %zu %ld\n", t, h, n, peak_rss());
    free(buf); free(flags);
    calgrid_todo_set_free(set);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && argv[1][0] == 'i') return import_file(argv[2]);
    if (argc == 4 && argv[1][0] == 's') return serve_sort(argv[2], (size_t)strtoull(argv[3], NULL, 10));
    if (argc == 7 && argv[1][0] == 'g') {
        int year = atoi(argv[2]), month = atoi(argv[3]), count = atoi(argv[4]);
        int batch = atoi(argv[5]), reps = atoi(argv[6]);
        volatile uint64_t sink = grids(year, month, count);   /* warm-up */
        for (int r = 0; r < reps; r++) {
            uint64_t h = 0, t0 = now_ns();
            for (int b = 0; b < batch; b++) h ^= grids(year, month, count);
            uint64_t t = now_ns() - t0;
            sink ^= h;
            printf("%.1f %" PRIx64 "\n", (double)t / batch, grids(year, month, count));
        }
        (void)sink;
        return 0;
    }
    fprintf(stderr, "usage: bench_capi grids YEAR MONTH COUNT BATCH REPS | bench_capi sort KEYFILE N | bench_capi import FILE\n");
    return 2;
}
