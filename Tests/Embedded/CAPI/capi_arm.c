/* The C API on the Cortex-M4 (libcalgrid-armv7em.a, no json-c): the checks of the target program
 * (Tests/Embedded/Target), through C calls only, for its first 32 lines: every day 0001-9999,
 * the month grids with their week numbers, both zones, and the first todo phase (200 todos
 * added with calgrid_todo_set_add_many, per-day counts, overlap queries, every sort, progress).
 * The inputs are target_oracle.py's blob; the make rule compares the lines with its expected
 * ones. A failed call prints "error" and the call's name, which no expected line has.
 * Built with CAPI_NO_TODOS it is the Cortex-M0's test (libcalgrid-armv6m.a on the microbit, 16 KB
 * of RAM): the same checks without the todo phase, whose 200 todos need more RAM than the board
 * has (their staging buffers alone are 128 KB here), and without the zones' lines: the C API's
 * allocation contract asks the allocator for 16 KB plus 16 bytes per input byte at once before a
 * zone is made (53 KB for Berlin's TZif), more than the board has, so there each zone call must
 * return CALGRID_ENOMEM with the set untouched, or succeed; anything else fails. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "calgrid.h"

extern const unsigned char target_blob[];
static size_t at;

static unsigned u8(void) { return target_blob[at++]; }
static unsigned u16(void) { unsigned lo = u8(); return lo | u8() << 8; }
static uint32_t u32(void) { uint32_t lo = u16(); return lo | (uint32_t)u16() << 16; }
static int32_t __attribute__((unused)) i32(void) { return (int32_t)u32(); }   /* unused without the todos */
static int64_t i64(void) { uint64_t lo = u32(); return (int64_t)(lo | (uint64_t)u32() << 32); }

typedef struct { uint64_t h; } digest;
static void fold(digest *d, int64_t v) { d->h = (d->h ^ (uint64_t)v) * 0x100000001b3ull; }
static digest fresh(void) { digest d = { 0xcbf29ce484222325ull }; return d; }
static void hex(digest d) { printf("%016" PRIx64, d.h); }

#define CHECK(call) do { if ((call) != CALGRID_OK) { printf("error %s\n", #call); return 1; } } while (0)

static int days(void) {
    digest d = fresh();
    for (calgrid_date n = CALGRID_DATE_MIN; n <= CALGRID_DATE_MAX; n++) {
        calgrid_ymd c; calgrid_weekday w; calgrid_iso_week iw; calgrid_date back;
        CHECK(calgrid_date_to_ymd(&c, n));
        CHECK(calgrid_date_weekday(&w, n));
        CHECK(calgrid_date_iso_week(&iw, n));
        CHECK(calgrid_date_from_ymd(&back, c.year, c.month, c.day));
        int64_t ymd = c.year * 10000 + c.month * 100 + c.day;
        fold(&d, ymd << 20 | (int64_t)w << 17 | (int64_t)(iw.year - c.year + 1) << 6 | iw.week | (back == n ? 0 : 1 << 16));
    }
    printf("days %" PRId64 " ", (int64_t)CALGRID_DATE_MAX - CALGRID_DATE_MIN + 1); hex(d); printf("\n");
    return 0;
}

static int grids(void) {
    unsigned count = u16();
    size_t years = at;
    for (int fw = 0; fw < 7; fw++) {
        for (int rows = 0; rows < 2; rows++) {
            digest d = fresh();
            int months = 0;
            at = years;
            for (unsigned k = 0; k < count; k++) {
                int y = (int)u16();
                for (int m = 1; m <= 12; m++) {
                    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
                    calgrid_month_grid g;
                    int32_t weeks[6];
                    o.first_weekday = (calgrid_weekday)fw;
                    o.rows = rows ? CALGRID_ROWS_AUTO : CALGRID_ROWS_FIXED;
                    CHECK(calgrid_month_grid_fill(&g, y, m, &o));
                    CHECK(calgrid_month_grid_week_numbers(weeks, y, m, &o, (calgrid_week_numbering)fw));
                    months++;
                    fold(&d, g.row_count);
                    for (int i = 0; i < g.cell_count; i++) {
                        const calgrid_cell *c = &g.cells[i];
                        fold(&d, (int64_t)c->date << 16 | c->day << 8 | c->owner << 4 | c->weekday);
                    }
                    for (int r = 0; r < g.row_count; r++) {
                        calgrid_date first = g.cells[r * 7].date, thursday = first + (4 - fw + 7) % 7;
                        calgrid_date anchor = first < g.month_first && g.month_first <= first + 6 ? g.month_first : first;
                        if (thursday >= CALGRID_DATE_MIN && thursday <= CALGRID_DATE_MAX) {
                            calgrid_iso_week w;
                            CHECK(calgrid_date_iso_week(&w, thursday));
                            fold(&d, w.year * 100 + w.week);
                        }
                        if (anchor >= CALGRID_DATE_MIN && anchor <= CALGRID_DATE_MAX) fold(&d, weeks[r]);
                    }
                }
            }
            printf("grid fw=%d rows=%s months=%d ", fw, rows ? "auto" : "fixed", months); hex(d); printf("\n");
        }
    }
    return 0;
}

static int __attribute__((unused)) zone(const char *label, const calgrid_tz *tz) {
    uint32_t n = u32();
    digest d = fresh();
    for (uint32_t k = 0; k < n; k++) {
        int64_t t = i64();
        int32_t off, second;
        calgrid_date day;
        if (calgrid_tz_day_of_instant(&day, &second, tz, t) != CALGRID_OK) { fold(&d, -1); continue; }
        CHECK(calgrid_tz_offset(&off, tz, t));
        fold(&d, off); fold(&d, day); fold(&d, second);
    }
    printf("zone %s instants=%" PRIu32 " ", label, n); hex(d); printf("\n");
    return 0;
}

static int __attribute__((unused)) zones(void) {   /* unused on the M0 (CAPI_NO_TODOS) */
    calgrid_tz *tzif, *posix;
    uint32_t n = u32();
    CHECK(calgrid_tz_from_tzif(&tzif, target_blob + at, n, "Europe/Berlin", NULL));
    at += n;
    char text[64] = { 0 };
    unsigned p = u16();
    memcpy(text, target_blob + at, p < sizeof text - 1 ? p : sizeof text - 1);
    at += p;
    CHECK(calgrid_tz_from_posix(&posix, text, NULL));
    int rc = zone("tzif", tzif) || zone("posix", posix);
    calgrid_tz_free(tzif);
    calgrid_tz_free(posix);
    return rc;
}

#ifdef CAPI_NO_TODOS
size_t target_heap_capacity(void);

/* Each zone call: made (then freed) or refused for memory; a "# " line says which (not compared). */
static int zones_small_ram(void) {
    calgrid_tz *tzif = NULL, *posix = NULL;
    uint32_t n = u32();
    int a = calgrid_tz_from_tzif(&tzif, target_blob + at, n, "Europe/Berlin", NULL);
    at += n;
    char text[64] = { 0 };
    unsigned p = u16();
    memcpy(text, target_blob + at, p < sizeof text - 1 ? p : sizeof text - 1);
    at += p;
    int b = calgrid_tz_from_posix(&posix, text, NULL);
    printf("# zones on %u KB of heap: tzif %s, posix %s\n", (unsigned)(target_heap_capacity() / 1024),
           a == CALGRID_OK ? "made" : a == CALGRID_ENOMEM ? "ENOMEM" : "failed",
           b == CALGRID_OK ? "made" : b == CALGRID_ENOMEM ? "ENOMEM" : "failed");
    if (a == CALGRID_OK) calgrid_tz_free(tzif);
    if (b == CALGRID_OK) calgrid_tz_free(posix);
    return (a != CALGRID_OK && a != CALGRID_ENOMEM) || (b != CALGRID_OK && b != CALGRID_ENOMEM);
}
#else
#define TODOS 200
static calgrid_todo todos[TODOS];
static char texts[TODOS][2][64];
static uint8_t flags[TODOS][512];

static int todo_phase(void) {
    calgrid_date window[2] = { i32(), i32() };
    unsigned nranges = u16();
    calgrid_date ranges[32][2];
    for (unsigned r = 0; r < nranges; r++) { ranges[r][0] = i32(); ranges[r][1] = i32(); }
    if (u8() != 1 || u16() != TODOS) { printf("error: the script does not start with %d staged todos\n", TODOS); return 1; }
    for (int k = 0; k < TODOS; k++) {
        calgrid_todo t = CALGRID_TODO_INIT;
        for (int s = 0; s < 2; s++) { unsigned n = u8(); memcpy(texts[k][s], target_blob + at, n); at += n; }
        t.id = texts[k][0]; t.title = texts[k][1];
        unsigned f = u8();
        calgrid_date s = i32(), e = i32();
        t.repetition = u8();
        int64_t c = i64();
        if (f & 1) t.start = s;
        if (f & 2) t.end = e;
        t.is_challenge = (f & 4) != 0; t.is_completed = (f & 8) != 0;
        if (f & 16) t.created_at = c;
        if (f & 32) {
            unsigned n = u16();
            for (unsigned j = 0; j < n; j++) flags[k][j] = target_blob[at + j / 8] >> (j % 8) & 1;
            at += (n + 7) / 8;
            t.completed_days = flags[k]; t.completed_day_count = n;
        }
        todos[k] = t;
    }
    calgrid_todo_set *set;
    size_t count;
    CHECK(calgrid_todo_set_new(&set));
    CHECK(calgrid_todo_set_add_many(set, todos, TODOS, NULL));
    CHECK(calgrid_todo_set_count(&count, set));
    printf("todos phase=1 count=%u\n", (unsigned)count);
    static calgrid_day_count counts[400];
    for (int kind = 0; kind < 2; kind++) {
        CHECK(calgrid_todo_set_day_counts(counts, 400, set, window[0], window[1], kind ? CALGRID_KIND_CHALLENGES : CALGRID_KIND_ALL));
        digest d = fresh();
        int64_t total = 0, done = 0;
        for (calgrid_date k = 0; k <= window[1] - window[0]; k++) {
            fold(&d, counts[k].total); fold(&d, counts[k].completed);
            total += counts[k].total; done += counts[k].completed;
        }
        printf("counts %s ", kind ? "challenges" : "all"); hex(d);
        printf(" total=%" PRId64 " done=%" PRId64 " pct=%" PRId64 "\n", total, done, total ? (done * 200 + total) / (2 * total) : 0);
    }
    static size_t rows[TODOS];
    digest d = fresh();
    size_t hits = 0;
    for (unsigned r = 0; r < nranges; r++) {
        size_t n;
        CHECK(calgrid_todo_set_overlapping(rows, TODOS, &n, set, ranges[r][0], ranges[r][1], CALGRID_KIND_ALL));
        for (size_t i = 0; i < n; i++) fold(&d, (int64_t)rows[i]);
        fold(&d, -1);
        hits += n;
    }
    printf("overlap "); hex(d); printf(" hits=%u\n", (unsigned)hits);
    static const char *names[] = { "deadline", "registration", "start", "title", "share" };
    for (int key = 0; key < 5; key++) {
        for (int desc = 0; desc < 2; desc++) {
            CHECK(calgrid_todo_set_sort(rows, TODOS, set, (calgrid_sort_key)key, desc));
            digest s = fresh();
            for (size_t i = 0; i < count; i++) fold(&s, (int64_t)rows[i]);
            printf("sort %s %s ", names[key], desc ? "desc" : "asc"); hex(s); printf("\n");
        }
    }
    digest p = fresh();
    for (size_t i = 0; i < count; i++) {
        calgrid_todo_info info;
        info.struct_size = sizeof info;
        CHECK(calgrid_todo_set_get(&info, set, i));
        int64_t total = info.tracked_day_count > 0 ? info.tracked_day_count : 1;
        int64_t done = info.tracked_day_count > 0 ? info.done_day_count : info.is_done;
        fold(&p, done); fold(&p, total);
    }
    printf("progress "); hex(p); printf("\n");
    calgrid_todo_set_free(set);
    return 0;
}

#endif

/* Counts past a 32-bit Int reach the library as int64_t: ERANGE, never a trap. */
static int wide_counts(void) {
    static const int64_t counts[] = { INT64_MAX, INT64_MIN, (int64_t)1 << 31, -((int64_t)1 << 31) - 1 };
    calgrid_date d;
    for (int k = 0; k < 4; k++) {
        if (calgrid_date_add_days(&d, 0, counts[k]) != CALGRID_ERANGE || calgrid_date_add_months(&d, 0, counts[k]) != CALGRID_ERANGE
            || calgrid_date_add_years(&d, 0, counts[k]) != CALGRID_ERANGE) {
            printf("error: a count of %" PRId64 " was not ERANGE\n", counts[k]);
            return 1;
        }
    }
    return 0;
}

int main(void) {
#ifdef CAPI_NO_TODOS
    return wide_counts() || days() || grids() || zones_small_ram();
#else
    return wide_counts() || days() || grids() || zones() || todo_phase();
#endif
}
