/* Links the Embedded Swift CalGridJSON and core (libCalGridJSON.a, libCalGridCore.a, through
   EmbeddedJSONProbe.swift) and json-c into a C program: it writes a few hundred pseudo-random todos
   as CalGrid JSON (dates from glibc's gmtime_r, every mix of open ends and repetitions) plus bad
   records, imports them, and checks the import counts and how many todos fall on each day of two
   years against its own count. `make test-json` runs it. */
#define _DEFAULT_SOURCE /* gmtime_r, timegm */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

long probe_import_day_totals(const void *json, long count, int32_t first, int32_t days, int32_t *totals, long *skipped);

enum { TODOS = 400, BAD = 3, DAYS = 731 };

typedef struct { int has_start, has_end; int64_t start, end; int repetition; /* bit w = weekday w, 0 = Sunday */ } todo;

static uint64_t state = 0x2545F4914F6CDD1DULL;
static uint32_t next(uint32_t n) { state = state * 6364136223846793005ULL + 1442695040888963407ULL; return (uint32_t)(state >> 33) % n; }

static void iso(char out[40], int64_t day) {
    time_t t = (time_t)(day * 86400);
    struct tm g;
    gmtime_r(&t, &g);
    snprintf(out, 40, "%04d-%02d-%02d", g.tm_year + 1900, g.tm_mon + 1, g.tm_mday);
}

int main(void) {
    struct tm jan = {0};
    jan.tm_year = 2026 - 1900; jan.tm_mday = 1;
    int64_t first = (int64_t)timegm(&jan) / 86400;       /* 2026-01-01; the todos spread over 2025...2028 */
    static todo todos[TODOS];
    static char json[TODOS * 160 + 1024];
    size_t n = 0;
    n += (size_t)snprintf(json + n, sizeof json - n, "{\"format\": \"calgrid\", \"version\": 1, \"todos\": [\n");
    for (int i = 0; i < TODOS; i++) {
        todo *t = &todos[i];
        uint32_t kind = next(8);                           /* mostly both ends, sometimes one or none */
        t->has_start = kind != 6 && kind != 7;
        t->has_end = kind != 5 && kind != 7;
        t->start = first - 300 + next(900);
        t->end = t->start + next(kind < 2 ? 3 : 200);
        if (!t->has_start) t->end -= 100;
        t->repetition = next(3) == 0 ? 0x7F : (int)next(127) + 1;
        char s[40], e[40];
        iso(s, t->start); iso(e, t->end);
        n += (size_t)snprintf(json + n, sizeof json - n, "%s{\"id\": \"p%d\", \"title\": \"todo %d\"", i ? ",\n" : "", i, i);
        if (t->has_start) n += (size_t)snprintf(json + n, sizeof json - n, ", \"startDate\": \"%s\"", s);
        if (t->has_end) n += (size_t)snprintf(json + n, sizeof json - n, ", \"endDate\": \"%s\"", e);
        if (t->repetition != 0x7F || next(2)) {
            n += (size_t)snprintf(json + n, sizeof json - n, ", \"repetition\": [");
            for (int w = 0, k = 0; w < 7; w++)
                if (t->repetition >> w & 1) n += (size_t)snprintf(json + n, sizeof json - n, "%s%d", k++ ? ", " : "", w);
            n += (size_t)snprintf(json + n, sizeof json - n, "]");
        }
        n += (size_t)snprintf(json + n, sizeof json - n, "}");
    }
    /* Bad records the import must skip: an impossible date, an end before the start, an empty repetition. */
    n += (size_t)snprintf(json + n, sizeof json - n, ",\n{\"id\": \"bad1\", \"title\": \"x\", \"startDate\": \"2026-02-30\"}"
                          ",\n{\"id\": \"bad2\", \"title\": \"x\", \"startDate\": \"2026-03-02\", \"endDate\": \"2026-03-01\"}"
                          ",\n{\"id\": \"bad3\", \"title\": \"x\", \"repetition\": []}\n]}\n");
    if (n >= sizeof json - 1) { fprintf(stderr, "json-probe: buffer too small\n"); return 1; }

    static int32_t totals[DAYS];
    long skipped = -1;
    long imported = probe_import_day_totals(json, (long)n, (int32_t)first, DAYS, totals, &skipped);
    if (imported != TODOS || skipped != BAD) {
        fprintf(stderr, "json-probe: imported %ld (want %d), skipped %ld (want %d)\n", imported, TODOS, skipped, BAD);
        return 1;
    }
    int failures = 0;
    for (int d = 0; d < DAYS; d++) {
        int64_t day = first + d;
        int weekday = (int)(((day % 7) + 7 + 4) % 7);     /* 1970-01-01 was a Thursday */
        int32_t want = 0;
        for (int i = 0; i < TODOS; i++) {
            const todo *t = &todos[i];
            if (!t->has_start && !t->has_end) continue; /* undated: on no day */
            if (t->has_start && day < t->start) continue;
            if (t->has_end && day > t->end) continue;
            if (t->repetition >> weekday & 1) want++;
        }
        if (totals[d] != want && failures++ < 10) {
            char s[40]; iso(s, day);
            fprintf(stderr, "json-probe: %s: %d todos, want %d\n", s, totals[d], want);
        }
    }
    if (failures) { fprintf(stderr, "json-probe: %d days mismatch\n", failures); return 1; }
    printf("json-probe: the Embedded JSON layer, linked into C, imported %d todos (skipped %d bad) and counts them right on %d days\n",
           TODOS, BAD, DAYS);
    return 0;
}
