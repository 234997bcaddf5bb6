#ifndef CALGRID_BENCH_BASELINES_H
#define CALGRID_BENCH_BASELINES_H
/* Baselines written the way a C programmer would: libc timegm/gmtime_r for calendar math, qsort
   for sorting. Every function returns a checksum folded exactly like the Swift side, so the
   harness can check that all implementations computed the same thing. */
#include <stdint.h>
#include <stddef.h>

#define CB_FOLD_SEED 0xcbf29ce484222325ULL
static inline uint64_t cb_fold(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3ULL; }

/* `count` consecutive month grids of 6 x 7 cells starting at (year, month), first weekday
   0 = Sunday ... 6 = Saturday. Each cell's (day number << 16 | day of month << 8 | owner << 4 | weekday) times
   its position + 1 is summed per grid; the grid sums are folded. */
uint64_t cb_timegm_month_grids(int year, int month, int count, int first_weekday);

/* Stable sort of n (key, insertion index) pairs by key with qsort and an index tie-break;
   `descending` reverses the key order only. Writes the permutation into `out`; returns its fold. */
uint64_t cb_qsort_i64(const int64_t *keys, uint32_t n, int descending, uint32_t *out);

/* glibc localtime_r with TZ=`tz` (set once per call, process-wide) for each of `n` instants;
   returns the fold of every tm_gmtoff. */
uint64_t cb_localtime_offsets(const int64_t *instants, size_t n, const char *tz);

/* Fold of a permutation, shared with Swift. */
uint64_t cb_fold_u32(const uint32_t *p, size_t n);

/* Heap bytes in use (glibc mallinfo2: arena in use + mmapped chunks), after returning free memory. */
size_t cb_heap_in_use(void);
void cb_heap_trim(void);

#endif
