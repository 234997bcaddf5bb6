/* The C side of the C API overhead benchmark: a plain C program linked against libcalgrid.
**
**   bench_capi grids YEAR MONTH COUNT BATCH REPS
**       COUNT consecutive month grids through calgrid_month_grid_fill, every cell read; prints one
**       line per repetition: "<ns per run> <checksum hex>" (a run = COUNT grids, timed over BATCH runs).
**
** The checksum is folded exactly as the Swift benchmark folds a grid, so the two can be compared. */
#define _POSIX_C_SOURCE 200809L
#include <calgrid.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);  /* CPU time, as the Swift side */
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static uint64_t fold(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }

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

int main(int argc, char **argv) {
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
    fprintf(stderr, "usage: bench_capi grids YEAR MONTH COUNT BATCH REPS\n");
    return 2;
}
