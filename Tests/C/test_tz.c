#define _POSIX_C_SOURCE 200809L   /* setenv, pthreads under -std=c99 */
/* Time zones: calgrid_tz_* and the zone member of calgrid_import_options. Expected values are facts
** of the 2026 calendar (Berlin changes to summer time on 2026-03-29 at 01:00 UTC and back on
** 2026-10-25 at 01:00 UTC), worked out with Python's datetime, not with this library. */
#include <pthread.h>
#include <stdlib.h>
#include "check.h"

#define JAN_1_2026 1767225600LL       /* 2026-01-01T00:00:00Z */
#define JUL_1_2026 1782864000LL       /* 2026-07-01T00:00:00Z */
#define BERLIN_SPRING 1774746000LL    /* 2026-03-29T01:00:00Z: 02:00 local becomes 03:00 */
#define BERLIN_AUTUMN 1792890000LL    /* 2026-10-25T01:00:00Z: 03:00 local becomes 02:00 */

static void test_tz_by_name(void) {
    calgrid_tz *tz = NULL;
    calgrid_error err;
    const char *name = NULL;
    int32_t offset = 0, second = -1;
    calgrid_date day = 0;
    calgrid_local_instant li;

    CHECK_EQ(calgrid_tz_new(&tz, "Europe/Berlin", &err), CALGRID_OK);
    CHECK_EQ(calgrid_tz_name(&name, tz), CALGRID_OK);
    CHECK_STR(name, "Europe/Berlin");
    CHECK_EQ(calgrid_tz_offset(&offset, tz, JAN_1_2026), CALGRID_OK);
    CHECK_EQ(offset, 3600);
    CHECK_EQ(calgrid_tz_offset(&offset, tz, JUL_1_2026), CALGRID_OK);
    CHECK_EQ(offset, 7200);
    CHECK_EQ(calgrid_tz_offset(&offset, tz, BERLIN_SPRING - 1), CALGRID_OK);
    CHECK_EQ(offset, 3600);
    CHECK_EQ(calgrid_tz_offset(&offset, tz, BERLIN_SPRING), CALGRID_OK);
    CHECK_EQ(offset, 7200);

    /* Taskwarrior's due:2026-07-15 in Berlin is 20260714T220000Z: local midnight of the 15th. */
    CHECK_EQ(calgrid_tz_day_of_instant(&day, &second, tz, 1784066400LL), CALGRID_OK);
    CHECK_EQ(day, check_date(2026, 7, 15));
    CHECK_EQ(second, 0);
    CHECK_EQ(calgrid_tz_day_of_instant(&day, NULL, tz, 1784066399LL), CALGRID_OK);
    CHECK_EQ(day, check_date(2026, 7, 14));
    CHECK_EQ(calgrid_tz_day_of_instant(&day, NULL, tz, INT64_MAX), CALGRID_ERANGE);

    /* 12:00 is unique; 02:30 on 2026-03-29 is in the gap; 02:30 on 2026-10-25 happens twice. */
    CHECK_EQ(calgrid_tz_instant_of_local(&li, tz, check_date(2026, 7, 15), 12 * 3600), CALGRID_OK);
    CHECK_EQ(li.kind, CALGRID_LOCAL_UNIQUE);
    CHECK_EQ(li.earlier, 1784066400LL + 12 * 3600);
    CHECK_EQ(li.later, li.earlier);
    CHECK_EQ(calgrid_tz_instant_of_local(&li, tz, check_date(2026, 3, 29), 2 * 3600 + 1800), CALGRID_OK);
    CHECK_EQ(li.kind, CALGRID_LOCAL_GAP);
    CHECK_EQ(li.earlier, BERLIN_SPRING);
    CHECK_EQ(calgrid_tz_instant_of_local(&li, tz, check_date(2026, 10, 25), 2 * 3600 + 1800), CALGRID_OK);
    CHECK_EQ(li.kind, CALGRID_LOCAL_AMBIGUOUS);
    CHECK_EQ(li.earlier, BERLIN_AUTUMN - 1800);
    CHECK_EQ(li.later, BERLIN_AUTUMN + 1800);
    CHECK_EQ(calgrid_tz_instant_of_local(&li, tz, check_date(2026, 10, 25), 86400), CALGRID_ERANGE);
    CHECK_EQ(calgrid_tz_instant_of_local(&li, tz, check_date(2026, 10, 25), -1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_tz_instant_of_local(&li, tz, check_date(2026, 7, 15), 86399), CALGRID_OK);   /* the day's last second */
    CHECK_EQ(li.kind, CALGRID_LOCAL_UNIQUE);
    CHECK_EQ(calgrid_tz_instant_of_local(&li, tz, CALGRID_DATE_MAX + 1, 0), CALGRID_ERANGE);
    calgrid_tz_free(tz);

    CHECK_EQ(calgrid_tz_new(&tz, "+09:00", &err), CALGRID_OK);
    CHECK_EQ(calgrid_tz_name(&name, tz), CALGRID_OK);
    CHECK_STR(name, "+09:00");
    CHECK_EQ(calgrid_tz_offset(&offset, tz, 0), CALGRID_OK);
    CHECK_EQ(offset, 32400);
    calgrid_tz_free(tz);
    CHECK_EQ(calgrid_tz_new(&tz, "UTC", NULL), CALGRID_OK);
    CHECK_EQ(calgrid_tz_offset(&offset, tz, JUL_1_2026), CALGRID_OK);
    CHECK_EQ(offset, 0);
    calgrid_tz_free(tz);
    calgrid_tz_free(NULL);
}

static void test_tz_errors(void) {
    calgrid_tz *tz = NULL;
    calgrid_error err;
    int32_t offset;
    CHECK_EQ(calgrid_tz_new(&tz, "Mars/Olympus", &err), CALGRID_ENOZONE);
    CHECK_EQ(err.status, CALGRID_ENOZONE);
    CHECK(strstr(err.message, "Mars/Olympus") != NULL);
    CHECK(tz == NULL);
    CHECK_EQ(calgrid_tz_new(&tz, "../../etc/passwd", &err), CALGRID_EZONENAME);
    CHECK(strstr(err.message, "../../etc/passwd") != NULL);
    CHECK_EQ(calgrid_tz_new(&tz, "/etc/localtime", &err), CALGRID_EZONENAME);
    CHECK_EQ(calgrid_tz_new(&tz, "", &err), CALGRID_EZONENAME);
    CHECK_EQ(calgrid_tz_new(&tz, "+26:00", &err), CALGRID_ERANGE);
    CHECK_EQ(calgrid_tz_new(&tz, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_tz_new(NULL, "UTC", &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_tz_new(&tz, "\xff\xfe", &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_tz_from_posix(&tz, "CET-1CEST,M3.5.0,M10.5.0/3x", &err), CALGRID_EZONEDATA);
    CHECK(strstr(err.message, "CET-1CEST") != NULL);
    CHECK_EQ(calgrid_tz_from_tzif(&tz, "TZif", 4, "short", &err), CALGRID_EZONEDATA);
    CHECK_EQ(calgrid_tz_from_tzif(&tz, "not a zone at all, not at all, not at all, no", 46, NULL, &err), CALGRID_EZONEDATA);
    CHECK_EQ(calgrid_tz_from_tzif(&tz, NULL, 10, "x", &err), CALGRID_EINVAL);
    CHECK(tz == NULL);
    CHECK_EQ(calgrid_tz_offset(&offset, NULL, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_tz_name(NULL, NULL), CALGRID_EINVAL);
    CHECK_STR(calgrid_status_string(CALGRID_ENOZONE), "unknown time zone");
}

static void test_tz_from_bytes_and_posix(void) {
    calgrid_tz *tz = NULL;
    calgrid_error err;
    const char *name = NULL;
    int32_t offset = 0;
    unsigned char bytes[65536];
    size_t n;
    FILE *f = fopen("/usr/share/zoneinfo/America/New_York", "rb");
    CHECK(f != NULL);
    if (f == NULL) return;
    n = fread(bytes, 1, sizeof bytes, f);
    fclose(f);
    CHECK_EQ(calgrid_tz_from_tzif(&tz, bytes, n, "New York", &err), CALGRID_OK);
    CHECK_EQ(calgrid_tz_name(&name, tz), CALGRID_OK);
    CHECK_STR(name, "New York");
    CHECK_EQ(calgrid_tz_offset(&offset, tz, JAN_1_2026), CALGRID_OK);
    CHECK_EQ(offset, -5 * 3600);
    CHECK_EQ(calgrid_tz_offset(&offset, tz, JUL_1_2026), CALGRID_OK);
    CHECK_EQ(offset, -4 * 3600);
    calgrid_tz_free(tz);
    /* Truncated anywhere: an error, never a crash. */
    for (size_t cut = 0; cut < n; cut += 97) {
        tz = NULL;
        if (calgrid_tz_from_tzif(&tz, bytes, cut, "cut", &err) == CALGRID_OK) calgrid_tz_free(tz);
        else CHECK_EQ(err.status, CALGRID_EZONEDATA);
    }
    CHECK_EQ(calgrid_tz_from_posix(&tz, "EST5EDT,M3.2.0,M11.1.0", &err), CALGRID_OK);
    CHECK_EQ(calgrid_tz_offset(&offset, tz, JUL_1_2026), CALGRID_OK);
    CHECK_EQ(offset, -4 * 3600);
    CHECK_EQ(calgrid_tz_name(&name, tz), CALGRID_OK);
    CHECK_STR(name, "EST5EDT,M3.2.0,M11.1.0");
    calgrid_tz_free(tz);
}

static void test_tz_local(void) {
    calgrid_tz *tz = NULL;
    const char *name = NULL;
    int32_t offset = 0;
    const char *saved = getenv("TZ");
    char keep[256] = "";
    if (saved != NULL) { strncpy(keep, saved, sizeof keep - 1); }
    setenv("TZ", "Asia/Seoul", 1);
    CHECK_EQ(calgrid_tz_local(&tz), CALGRID_OK);
    CHECK_EQ(calgrid_tz_name(&name, tz), CALGRID_OK);
    CHECK_STR(name, "Asia/Seoul");
    CHECK_EQ(calgrid_tz_offset(&offset, tz, JUL_1_2026), CALGRID_OK);
    CHECK_EQ(offset, 9 * 3600);
    calgrid_tz_free(tz);
    setenv("TZ", "", 1);
    CHECK_EQ(calgrid_tz_local(&tz), CALGRID_OK);
    CHECK_EQ(calgrid_tz_name(&name, tz), CALGRID_OK);
    CHECK_STR(name, "UTC");
    calgrid_tz_free(tz);
    if (saved != NULL) setenv("TZ", keep, 1); else unsetenv("TZ");
    CHECK_EQ(calgrid_tz_local(NULL), CALGRID_EINVAL);
}

/* One zone, four threads, no locking: a zone is immutable. */
typedef struct { const calgrid_tz *tz; long wrong; } tz_job;
static void *tz_worker(void *arg) {
    tz_job *job = (tz_job *)arg;
    int64_t t;
    for (t = JAN_1_2026; t < JAN_1_2026 + 365LL * 86400; t += 3607) {
        int32_t offset = 0;
        calgrid_date day;
        int want = (t >= BERLIN_SPRING && t < BERLIN_AUTUMN) ? 7200 : 3600;
        if (calgrid_tz_offset(&offset, job->tz, t) != CALGRID_OK || offset != want) job->wrong++;
        if (calgrid_tz_day_of_instant(&day, NULL, job->tz, t) != CALGRID_OK || day != (calgrid_date)((t + want) / 86400)) job->wrong++;
    }
    return NULL;
}

static void test_tz_threads(void) {
    calgrid_tz *tz = NULL;
    pthread_t threads[4];
    tz_job jobs[4];
    int k;
    CHECK_EQ(calgrid_tz_new(&tz, "Europe/Berlin", NULL), CALGRID_OK);
    for (k = 0; k < 4; k++) { jobs[k].tz = tz; jobs[k].wrong = 0; CHECK_EQ(pthread_create(&threads[k], NULL, tz_worker, &jobs[k]), 0); }
    for (k = 0; k < 4; k++) { pthread_join(threads[k], NULL); CHECK_EQ(jobs[k].wrong, 0); }
    calgrid_tz_free(tz);
}

/* calgrid_import_options as a header without `zone` declared it. */
typedef struct old_import_options {
    size_t struct_size;
    calgrid_format format;
    calgrid_policy policy;
    int32_t utc_offset_seconds;
    int include_deleted_tasks;
    int include_recurring_parents;
    int threads;
    int64_t max_input_bytes, max_depth, max_string_bytes, max_record_bytes, max_span_days, max_records;
    calgrid_progress_fn progress;
    void *progress_context;
} old_import_options;

static const char *tasks =
    "[{\"uuid\":\"a\",\"description\":\"summer\",\"entry\":\"20260101T000000Z\",\"due\":\"20260714T220000Z\",\"status\":\"pending\"},\n"
    " {\"uuid\":\"b\",\"description\":\"winter\",\"entry\":\"20260101T000000Z\",\"due\":\"20260114T230000Z\",\"status\":\"pending\"}]";

static void import_ends(calgrid_date ends[2], const calgrid_import_options *o, int expect) {
    calgrid_todo_set *set = NULL;
    calgrid_error err;
    size_t i;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_import_buffer(NULL, set, tasks, strlen(tasks), o, &err), expect);
    for (i = 0; i < 2; i++) {
        calgrid_todo_info info;
        info.struct_size = sizeof info;
        ends[i] = CALGRID_DATE_NONE;
        if (calgrid_todo_set_get(&info, set, i) == CALGRID_OK) ends[i] = info.end;
    }
    calgrid_todo_set_free(set);
}

static void test_tz_import(void) {
    calgrid_tz *berlin = NULL, *seoul = NULL;
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    old_import_options *old;
    calgrid_date ends[2];
    CHECK_EQ(calgrid_tz_new(&berlin, "Europe/Berlin", NULL), CALGRID_OK);
    CHECK_EQ(calgrid_tz_new(&seoul, "Asia/Seoul", NULL), CALGRID_OK);
    CHECK(sizeof(old_import_options) < sizeof(calgrid_import_options));

    /* Each due day by the rules at its own instant: both are local midnights. */
    o.format = CALGRID_FORMAT_TASKWARRIOR;
    o.zone = berlin;
    import_ends(ends, &o, CALGRID_OK);
    CHECK_EQ(ends[0], check_date(2026, 7, 15));
    CHECK_EQ(ends[1], check_date(2026, 1, 15));
    /* A fixed +01:00 puts the summer one a day early: the bug the zone fixes. */
    o.zone = NULL;
    o.utc_offset_seconds = 3600;
    import_ends(ends, &o, CALGRID_OK);
    CHECK_EQ(ends[0], check_date(2026, 7, 14));
    CHECK_EQ(ends[1], check_date(2026, 1, 15));
    /* Both given: which one was meant? */
    o.zone = seoul;
    import_ends(ends, &o, CALGRID_EINVAL);
    o.utc_offset_seconds = 40 * 3600;
    o.zone = NULL;
    import_ends(ends, &o, CALGRID_ERANGE);

    /* A caller built against the old header: a heap block of exactly the old size (so reading past
    ** it would be caught by ASan and valgrind), its utc_offset_seconds still honoured. */
    old = (old_import_options *)calloc(1, sizeof *old);
    CHECK(old != NULL);
    if (old != NULL) {
        old->struct_size = sizeof *old;
        old->format = CALGRID_FORMAT_TASKWARRIOR;
        old->utc_offset_seconds = 9 * 3600;
        import_ends(ends, (const calgrid_import_options *)(const void *)old, CALGRID_OK);
        CHECK_EQ(ends[0], check_date(2026, 7, 15));
        CHECK_EQ(ends[1], check_date(2026, 1, 15));
        old->struct_size = sizeof *old - sizeof(void *);   /* smaller than any header's */
        import_ends(ends, (const calgrid_import_options *)(const void *)old, CALGRID_EINVAL);
        free(old);
    }
    calgrid_tz_free(berlin);
    calgrid_tz_free(seoul);
}

void test_tz(void) {
    test_tz_by_name();
    test_tz_errors();
    test_tz_from_bytes_and_posix();
    test_tz_local();
    test_tz_threads();
    test_tz_import();
}
