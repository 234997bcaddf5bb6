/* What both C benchmark programs (bench_capi.c, bench_changes.c) measure and fold with: CPU time,
** as the Swift side measures, and the FNV-style fold the Swift benchmark folds its results with,
** so the checksums of the two sides compare. */
#ifndef CALGRID_BENCH_COMMON_H
#define CALGRID_BENCH_COMMON_H
#include <stdint.h>
#include <time.h>

static inline uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static inline uint64_t fold(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }
#endif
