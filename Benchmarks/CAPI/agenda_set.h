/* The agenda benchmark's set (issue 39), drawn once for bench_agenda.c and agenda_floor.c so that
** the floor is measured on the very items the library is: a seeded generator, and each item a
** start within two years of `base`, 30% weekly for 1-52 weeks and the rest spans of 1-10 days,
** half of them timed, titles "t0" to "t99999". */
#ifndef CALGRID_AGENDA_SET_H
#define CALGRID_AGENDA_SET_H
#include <stdint.h>
#include <stdio.h>

typedef struct { int32_t start, end; int weekly, has_times, minutes; char title[12]; } item;

static uint64_t lcg = 88172645463325252ULL;
static uint32_t rnd(void) { lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL; return (uint32_t)(lcg >> 33); }
static int cmp_u64(const void *a, const void *b) { uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b; return x < y ? -1 : x > y; }

/* The next item of the set, days counted from 1970-01-01. */
static void agenda_item_draw(item *it, int32_t base) {
    it->start = base + (int32_t)(rnd() % 730);
    it->weekly = rnd() % 10 < 3;
    it->end = it->weekly ? it->start + 7 * (int32_t)(1 + rnd() % 52) : it->start + (int32_t)(rnd() % 10);
    it->has_times = rnd() % 2;
    it->minutes = it->has_times ? (int)(rnd() % 1440) : -1;
    snprintf(it->title, sizeof it->title, "t%u", rnd() % 100000);
}
#endif
