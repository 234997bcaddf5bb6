#define _GNU_SOURCE
#include "baselines.h"
#include <stdlib.h>
#include <time.h>
#include <malloc.h>

static int64_t floor_div(int64_t a, int64_t b) { int64_t q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }

uint64_t cb_timegm_month_grids(int year, int month, int count, int first_weekday) {
    uint64_t h = CB_FOLD_SEED;
    for (int k = 0; k < count; k++) {
        struct tm t = {0};
        t.tm_year = year - 1900; t.tm_mon = month - 1; t.tm_mday = 1;
        time_t first = timegm(&t);                       /* also fills tm_wday */
        int lead = (t.tm_wday - first_weekday + 7) % 7;
        uint64_t sum = 0;
        for (int i = 0; i < 42; i++) {
            time_t ti = first + (time_t)(i - lead) * 86400;
            struct tm c;
            gmtime_r(&ti, &c);
            int owner = (c.tm_mon == month - 1 && c.tm_year == year - 1900) ? 1 : (i < lead ? 0 : 2);
            int64_t day = floor_div((int64_t)ti, 86400);
            uint64_t v = ((uint64_t)day << 16) | ((uint64_t)c.tm_mday << 8) | ((uint64_t)owner << 4) | (uint64_t)c.tm_wday;
            sum += v * (uint64_t)(i + 1);
        }
        h = cb_fold(h, sum);
        if (++month == 13) { month = 1; year++; }
    }
    return h;
}

typedef struct { int64_t key; uint32_t index; } cb_pair;

static int cmp_asc(const void *a, const void *b) {
    const cb_pair *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index);
}
static int cmp_desc(const void *a, const void *b) {
    const cb_pair *x = a, *y = b;
    if (x->key != y->key) return x->key > y->key ? -1 : 1;
    return x->index < y->index ? -1 : (x->index > y->index);
}

uint64_t cb_qsort_i64(const int64_t *keys, uint32_t n, int descending, uint32_t *out) {
    cb_pair *p = malloc(sizeof *p * (n ? n : 1));
    if (!p) return 0;
    for (uint32_t i = 0; i < n; i++) { p[i].key = keys[i]; p[i].index = i; }
    qsort(p, n, sizeof *p, descending ? cmp_desc : cmp_asc);
    for (uint32_t i = 0; i < n; i++) out[i] = p[i].index;
    free(p);
    return cb_fold_u32(out, n);
}

uint64_t cb_fold_u32(const uint32_t *p, size_t n) {
    uint64_t h = CB_FOLD_SEED;
    for (size_t i = 0; i < n; i++) h = cb_fold(h, p[i]);
    return h;
}

size_t cb_heap_in_use(void) {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
}
void cb_heap_trim(void) { malloc_trim(0); }

uint64_t cb_localtime_offsets(const int64_t *instants, size_t n, const char *tz) {
    setenv("TZ", tz, 1);
    tzset();
    uint64_t h = CB_FOLD_SEED;
    for (size_t i = 0; i < n; i++) {
        time_t t = (time_t)instants[i];
        struct tm tm;
        localtime_r(&t, &tm);
        h = cb_fold(h, (uint64_t)(int64_t)tm.tm_gmtoff);
    }
    return h;
}
