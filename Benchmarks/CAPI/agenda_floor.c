/* A floor for the agenda benchmark (issue 39, Benchmarks/README.md): the set of bench_agenda.c
** (same generator), its 132,040 occurrences of the 8-day range with their order keys already known
** (untimed), then timed only what any agenda must still do with them: put them in order and fill
** the caller's calgrid_occurrence array. No library call: it says how far under the scan's time
** the library could get if finding the occurrences cost nothing.
**
**   agenda_floor [N] [RUNS] [cold]   default N 1000000, RUNS 9
**
** Steps timed (CPU time, median of RUNS):
**   sort   an LSD radix sort (11-bit digits) of one 64-bit word an occurrence (key above the
**          occurrence's slot), as the library sorts, into a reused buffer;
**   fill   the sorted words to structs, each occurrence's row, times and done state read from
**          per-slot payloads and per-item columns (random reads over 1M items, as the library);
**   inline the fill when the payload holds all it needs (no random read of the item's columns);
**   write  only writing 132,040 structs from a sequential source (the memory floor);
**   marks  the other way to order them (the library's marked form): each (day, rank) sets a bit
**          in a bitmap a day by rank, the bitmaps read back in order, each rank's row and times
**          read from a table by rank, the done columns read by row, the structs filled.
** Each step is timed warm (right after the previous step) and, with "cold" as third argument,
** after 64 MB are written (as the benchmark's scan evicts the caches between library calls).
** Built by `make bench-agenda-floor` (mk/capi.mk). */
#define _POSIX_C_SOURCE 200809L
#include <calgrid.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_common.h"
#include "agenda_set.h"

static item *items;
static int cmp_rank(const void *pa, const void *pb) {
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    const item *x = &items[a], *y = &items[b];
    int mx = x->has_times ? x->minutes + 1 : 0, my = y->has_times ? y->minutes + 1 : 0;
    if (mx != my) return mx < my ? -1 : 1;
    int c = strcmp(x->title, y->title);
    if (c) return c;
    return a < b ? -1 : a > b;
}

static void radix(uint64_t *w, uint64_t *tmp, size_t n, int lowBit, int bits) {
    int passes = (bits + 10) / 11, width = (bits + passes - 1) / passes;
    size_t buckets = (size_t)1 << width;
    uint64_t mask = buckets - 1;
    static size_t c[4 << 11];
    memset(c, 0, sizeof c);
    for (size_t i = 0; i < n; i++)
        for (int p = 0; p < passes; p++) c[p * buckets + ((w[i] >> (lowBit + p * width)) & mask)]++;
    uint64_t *src = w, *dst = tmp;
    for (int p = 0; p < passes; p++) {
        size_t sum = 0, *cp = c + p * buckets;
        for (size_t b = 0; b < buckets; b++) { size_t t = cp[b]; cp[b] = sum; sum += t; }
        int s = lowBit + p * width;
        for (size_t i = 0; i < n; i++) { uint64_t v = src[i]; dst[cp[(v >> s) & mask]++] = v; }
        uint64_t *t = src; src = dst; dst = t;
    }
    if (src != w) memcpy(w, src, n * sizeof *w);
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : 1000000;
    int runs = argc > 2 ? atoi(argv[2]) : 9;
    int cold = argc > 3 && strcmp(argv[3], "cold") == 0;
    size_t evictBytes = (size_t)64 << 20;
    unsigned char *evict = malloc(evictBytes);
    if (runs > 64) runs = 64;
    const int32_t base = 20393, first = base + 365, last = first + 7;
    items = calloc(n, sizeof *items);
    size_t *byRank = malloc(n * sizeof *byRank);
    uint32_t *rank = malloc(n * sizeof *rank);
    uint64_t *rowInfo = malloc(n * sizeof *rowInfo);     /* times above, row below, as the library */
    uint32_t *doneCount = calloc(n, sizeof *doneCount);
    uint8_t *flags = calloc(n, 1);
    if (!items || !byRank || !rank || !rowInfo || !doneCount || !flags) return 1;
    for (size_t i = 0; i < n; i++) {
        item *it = &items[i];
        agenda_item_draw(it, base);
        byRank[i] = i;
    }
    qsort(byRank, n, sizeof *byRank, cmp_rank);
    for (size_t p = 0; p < n; p++) rank[byRank[p]] = (uint32_t)p;
    for (size_t i = 0; i < n; i++) {
        uint32_t t = items[i].has_times ? (uint32_t)items[i].minutes | (uint32_t)items[i].minutes << 16 : 0xFFFFFFFFu;
        rowInfo[i] = (uint64_t)t << 32 | (uint32_t)i;
    }
    uint64_t *rankInfo = malloc(n * sizeof *rankInfo);   /* per rank: its row and times */
    for (size_t p = 0; p < n; p++) rankInfo[p] = rowInfo[byRank[p]];
    /* The occurrences in the order found (by item: random against the sorted order), keys known. */
    int rankBits = 0; while (((size_t)1 << rankBits) < n) rankBits++;
    size_t k = 0, room = 1 << 20;
    uint64_t *keys = malloc(room * 8), *payload = malloc(room * 8), *tmp = malloc(room * 8), *words = malloc(room * 8);
    if (!keys || !payload || !tmp || !words || !evict) return 1;
    for (size_t i = 0; i < n; i++) {
        const item *it = &items[i];
        int32_t lo = it->start > first ? it->start : first, hi = it->end < last ? it->end : last;
        for (int32_t d = lo; d <= hi; d++) {
            if (it->weekly && (d - it->start) % 7 != 0) continue;
            keys[k] = (uint64_t)(d - first) << rankBits | rank[i];
            payload[k] = rowInfo[i];
            k++;
        }
    }
    int indexBits = 0; while (((size_t)1 << indexBits) < k) indexBits++;
    int keyBits = rankBits + 3;
    calgrid_occurrence *out = malloc(room * sizeof *out);
    memset(out, 0, room * sizeof *out); memset(tmp, 0, room * 8); memset(words, 0, room * 8);
    size_t days = (size_t)(last - first + 1), wordsPerDay = (n + 63) / 64;
    uint64_t ts[5][64], sums[4] = {0};
    uint64_t mask = ((uint64_t)1 << indexBits) - 1, rankMask = ((uint64_t)1 << rankBits) - 1;
#define COLD() do { if (cold) { for (size_t e = 0; e < evictBytes; e += 64) evict[e] = (unsigned char)e; } } while (0)
    for (int r = 0; r < runs; r++) {
        COLD();
        uint64_t t0 = now_ns();
        for (size_t j = 0; j < k; j++) words[j] = keys[j] << indexBits | j;
        radix(words, tmp, k, indexBits, keyBits);
        uint64_t t1 = now_ns();
        COLD();
        uint64_t t1b = now_ns();
        for (size_t j = 0; j < k; j++) {
            uint64_t w = payload[words[j] & mask];
            size_t i = (size_t)(uint32_t)w; uint32_t t = (uint32_t)(w >> 32);
            int timed = t != 0xFFFFFFFFu;
            int done = doneCount[i] != 0 || (flags[i] & 1);
            calgrid_occurrence o = { first + (int32_t)(words[j] >> (indexBits + rankBits)), i, timed,
                                     timed ? (int)(t & 0xFFFF) : -1, timed ? (int)(t >> 16) : -1, done };
            out[j] = o;
        }
        uint64_t t2 = now_ns();
        sums[0] += out[k / 2].index;
        /* inline: the payload in sorted order (what a day-ordered emission would have) */
        for (size_t j = 0; j < k; j++) tmp[j] = payload[words[j] & mask];
        COLD();
        uint64_t t3 = now_ns();
        for (size_t j = 0; j < k; j++) {
            uint64_t w = tmp[j];
            uint32_t t = (uint32_t)(w >> 32);
            int timed = t != 0xFFFFFFFFu;
            calgrid_occurrence o = { first + (int32_t)(words[j] >> (indexBits + rankBits)), (uint32_t)w, timed,
                                     timed ? (int)(t & 0xFFFF) : -1, timed ? (int)(t >> 16) : -1, 0 };
            out[j] = o;
        }
        uint64_t t4 = now_ns();
        sums[1] += out[k / 3].index;
        COLD();
        uint64_t t4b = now_ns();
        for (size_t j = 0; j < k; j++) { out[j].date = (int32_t)j; out[j].index = j; out[j].has_times = 0;
                                         out[j].start_minutes = out[j].end_minutes = -1; out[j].is_done = 0; }
        uint64_t t5 = now_ns();
        sums[2] += out[k / 4].index;
        /* marks: set, read back in order, fill from the table by rank */
        COLD();
        uint64_t t6 = now_ns();
        uint64_t *bits = calloc(days * wordsPerDay, 8);
        for (size_t j = 0; j < k; j++) {
            size_t bit = (size_t)(keys[j] >> rankBits) * wordsPerDay * 64 + (size_t)(keys[j] & rankMask);
            bits[bit >> 6] |= (uint64_t)1 << (bit & 63);
        }
        size_t j = 0;
        for (size_t d = 0; d < days; d++) {
            for (size_t x = 0; x < wordsPerDay; x++) {
                uint64_t v = bits[d * wordsPerDay + x];
                while (v) {
                    uint64_t w = rankInfo[x << 6 | (size_t)__builtin_ctzll(v)];
                    size_t i = (size_t)(uint32_t)w; uint32_t t = (uint32_t)(w >> 32);
                    int timed = t != 0xFFFFFFFFu;
                    int done = doneCount[i] != 0 || (flags[i] & 1);
                    calgrid_occurrence o = { first + (int32_t)d, i, timed,
                                             timed ? (int)(t & 0xFFFF) : -1, timed ? (int)(t >> 16) : -1, done };
                    out[j++] = o;
                    v &= v - 1;
                }
            }
        }
        free(bits);
        uint64_t t7 = now_ns();
        sums[3] += out[k / 5].index + j;
        ts[0][r] = t1 - t0; ts[1][r] = t2 - t1b; ts[2][r] = t4 - t3; ts[3][r] = t5 - t4b; ts[4][r] = t7 - t6;
    }
    double med[5];
    for (int s = 0; s < 5; s++) { qsort(ts[s], (size_t)runs, 8, cmp_u64); med[s] = (double)ts[s][runs / 2] / 1e6; }
    printf("agenda floor: %zu todos, %zu occurrences (median of %d, CPU time): sort %.3f ms, fill with column reads "
           "%.3f ms (sort + fill %.3f ms), fill from inline payloads %.3f ms, bare write %.3f ms; "
           "marks (set, read in order, fill) %.3f ms%s [%llu]\n",
           n, k, runs, med[0], med[1], med[0] + med[1], med[2], med[3], med[4], cold ? "; each step after 64 MB written" : "",
           (unsigned long long)(sums[0] + sums[1] + sums[2] + sums[3]));
    return 0;
}
