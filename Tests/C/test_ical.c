/* iCalendar through the C API (calgrid_ical_*): imports from a buffer, a file and a vdir, every
** failure kind with its position and the set untouched, skip-invalid issues naming their file and
** line, exports to a buffer, a file and a vdir (one file per UID, an item's own file patched, not
** rewritten when unchanged), round trips, and imports on several threads at once from a cold start
** (run under ThreadSanitizer by test-c-tsan). What each item's fields are is checked against
** python-icalendar by Tests/C/ical_check.py over the corpus; here the calls and their promises. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

static const char two_todos[] =
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    "BEGIN:VTODO\r\nUID:ical-1\r\nCREATED:20261020T080000Z\r\nSUMMARY:Write the report\r\nDTSTART;VALUE=DATE:20261102\r\n"
    "DUE;VALUE=DATE:20261106\r\nCATEGORIES:work,paper\r\nEND:VTODO\r\n"
    "BEGIN:VTODO\r\nUID:ical-2\r\nCREATED:20261021T080000Z\r\nSUMMARY:Call\r\nDUE:20261110T233000Z\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\n"
    "END:VCALENDAR\r\n";

/* DUE 2024-13-45 on line 4: libical takes it, CalGrid refuses it. */
static const char bad_due[] =
    "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:bad-1\r\nDUE:20241345\r\nEND:VTODO\r\nEND:VCALENDAR\r\n";

static const char good_item[] =
    "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:good-1\r\nDUE:20241212\r\nEND:VTODO\r\nEND:VCALENDAR\r\n";

/* The set as native JSON, to compare a set before and after (caller frees). */
static char *snapshot(const calgrid_todo_set *set) {
    char *out = NULL;
    if (calgrid_todo_set_export_buffer(&out, NULL, set, CALGRID_EXPORT_NATIVE) != CALGRID_OK) return NULL;
    return out;
}

static int same_set(const calgrid_todo_set *set, const char *before) {
    char *now = snapshot(set);
    int same = now != NULL && before != NULL && strcmp(now, before) == 0;
    calgrid_free(now);
    return same;
}

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    if (f == NULL) { CHECK(f != NULL); return; }
    fputs(text, f);
    fclose(f);
}

static long read_file(char *buf, size_t size, const char *path) {
    FILE *f = fopen(path, "rb");
    size_t n;
    if (f == NULL) return -1;
    n = fread(buf, 1, size - 1, f);
    buf[n] = 0;
    fclose(f);
    return (long)n;
}

static void scratch_path(char *buf, size_t size, const char *name) {
    snprintf(buf, size, "%s/%s", check_scratch_dir, name);
}

/* Removes a directory of plain files (a vdir the tests wrote). */
static void remove_tree(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[1024];
    if (d == NULL) return;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

static int files_in(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    if (d == NULL) return -1;
    while ((e = readdir(d)) != NULL) if (e->d_name[0] != '.') n++;
    closedir(d);
    return n;
}

/* --- several imports and exports at once, the first iCalendar calls of the process: they take
** turns inside libical under CalGrid's one libical lock, which also builds libical's zone table
** first (calgrid.h, "Threads"); each thread's export is the same bytes. */
#define ICAL_THREADS 4
typedef struct ical_job {
    pthread_t thread;
    pthread_barrier_t *start;
    int status;
    size_t count;
    size_t exported;
    char *text;
} ical_job;

static void *ical_worker(void *p) {
    ical_job *job = (ical_job *)p;
    calgrid_todo_set *set = check_new_set();
    char *out = NULL;
    size_t n = 0;
    calgrid_ical_export_options o = CALGRID_ICAL_EXPORT_OPTIONS_INIT;
    o.now = 1796083200;
    pthread_barrier_wait(job->start);
    job->status = calgrid_ical_import_buffer(NULL, set, two_todos, sizeof two_todos - 1, NULL, NULL);
    if (job->status == CALGRID_OK) job->status = calgrid_ical_export_buffer(&out, &n, set, &o, NULL);
    job->count = check_set_count(set);
    job->exported = n;
    job->text = out;
    calgrid_todo_set_free(set);
    return NULL;
}

static void test_ical_threads(void) {
    ical_job jobs[ICAL_THREADS];
    pthread_barrier_t start;
    int k;
    pthread_barrier_init(&start, NULL, ICAL_THREADS);
    for (k = 0; k < ICAL_THREADS; k++) {
        jobs[k].start = &start;
        CHECK_EQ(pthread_create(&jobs[k].thread, NULL, ical_worker, &jobs[k]), 0);
    }
    for (k = 0; k < ICAL_THREADS; k++) {
        pthread_join(jobs[k].thread, NULL);
        CHECK_EQ(jobs[k].status, CALGRID_OK);
        CHECK_EQ(jobs[k].count, 2);
        CHECK(jobs[k].exported > 100);
        CHECK_EQ(jobs[k].exported, jobs[0].exported);
        CHECK(jobs[k].text != NULL && jobs[0].text != NULL && jobs[k].exported == jobs[0].exported && memcmp(jobs[k].text, jobs[0].text, jobs[0].exported) == 0);
    }
    for (k = 0; k < ICAL_THREADS; k++) calgrid_free(jobs[k].text);
    pthread_barrier_destroy(&start);
}

static void test_ical_import_buffer(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_report r;
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_error err;
    calgrid_todo_info info;
    calgrid_date d;
    calgrid_tz *seoul = NULL, *la = NULL;
    char text[64];
    size_t i = 99;

    check_report_init(&r, NULL, 0);
    CHECK_EQ(calgrid_ical_import_buffer(&r, set, two_todos, sizeof two_todos - 1, NULL, &err), CALGRID_OK);
    CHECK_EQ(r.format, CALGRID_FORMAT_ICALENDAR);
    CHECK_EQ(r.records, 2); CHECK_EQ(r.imported, 2); CHECK_EQ(r.skipped, 0); CHECK_EQ(r.issue_count, 0);
    CHECK_EQ(r.bytes, (int64_t)(sizeof two_todos - 1));
    CHECK_EQ(check_set_count(set), 2);
    CHECK_EQ(calgrid_todo_set_find(&i, set, "ical-1"), CALGRID_OK); CHECK_EQ(i, 0);
    CHECK_EQ(calgrid_todo_set_text(text, sizeof text, NULL, set, 0, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
    CHECK_STR(text, "Write the report");
    CHECK_EQ(calgrid_todo_set_text(text, sizeof text, NULL, set, 0, CALGRID_TEXT_TAG, 1), CALGRID_OK);
    CHECK_STR(text, "paper");
    info.struct_size = sizeof info;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2026, 11, 2), CALGRID_OK); CHECK_EQ(info.start, d);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2026, 11, 6), CALGRID_OK); CHECK_EQ(info.end, d);
    CHECK_EQ(info.is_done, 0);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 1), CALGRID_OK);
    CHECK_EQ(info.is_done, 1);
    /* DUE 23:30 UTC is the 10th in UTC (no zone given: offset 0); DUE only: that day alone. */
    CHECK_EQ(calgrid_date_from_ymd(&d, 2026, 11, 10), CALGRID_OK); CHECK_EQ(info.end, d); CHECK_EQ(info.start, d);
    calgrid_todo_set_free(set);

    /* The day of a date-time is the instant's day in the import zone: the 11th in Seoul, the 10th
    ** in Los Angeles; CALGRID_FORMAT_ICALENDAR as the format reads the same. */
    CHECK_EQ(calgrid_tz_new(&seoul, "Asia/Seoul", NULL), CALGRID_OK);
    CHECK_EQ(calgrid_tz_new(&la, "America/Los_Angeles", NULL), CALGRID_OK);
    set = check_new_set();
    o.zone = seoul; o.format = CALGRID_FORMAT_ICALENDAR;
    CHECK_EQ(calgrid_ical_import_buffer(&r, set, two_todos, sizeof two_todos - 1, &o, &err), CALGRID_OK);
    CHECK_EQ(r.format, CALGRID_FORMAT_ICALENDAR);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 1), CALGRID_OK);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2026, 11, 11), CALGRID_OK); CHECK_EQ(info.end, d);
    calgrid_todo_set_free(set);
    set = check_new_set();
    o.zone = la;
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, two_todos, sizeof two_todos - 1, &o, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 1), CALGRID_OK);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2026, 11, 10), CALGRID_OK); CHECK_EQ(info.end, d);
    calgrid_todo_set_free(set);
    calgrid_tz_free(seoul);
    calgrid_tz_free(la);
}

static void test_ical_failures(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_import_report r;
    calgrid_error err, issues[4];
    char *before;
    char path[512];

    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, good_item, sizeof good_item - 1, NULL, NULL), CALGRID_OK);
    before = snapshot(set);

    /* Strict: a value that does not exist fails the import where it is; the set is untouched. */
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, bad_due, sizeof bad_due - 1, NULL, &err), CALGRID_ESCHEMA);
    CHECK_EQ(err.status, CALGRID_ESCHEMA);
    CHECK_EQ(err.line, 4); CHECK_EQ(err.column, 1); CHECK_EQ(err.record_index, 0);
    CHECK_STR(err.field, "DUE");
    CHECK(strstr(err.message, "line 4, column 1") != NULL);
    CHECK(strstr(err.message, "DUE 2024-13-45 is not a date") != NULL);
    CHECK(same_set(set, before));

    /* A UID the set has: EEXIST, nothing added. */
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, good_item, sizeof good_item - 1, NULL, &err), CALGRID_EEXIST);
    CHECK_STR(err.field, "UID");
    CHECK(same_set(set, before));

    /* Not iCalendar: ESCHEMA (the wrong format, as for JSON); truncated, an END closing the wrong
    ** component, empty: EPARSE, located. */
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, "[{\"id\":\"x\"}]", 12, NULL, &err), CALGRID_ESCHEMA);
    CHECK(strstr(err.message, "BEGIN:VCALENDAR") != NULL);
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, good_item, sizeof good_item - 16, NULL, &err), CALGRID_EPARSE);
    CHECK(strstr(err.message, "has no END:VCALENDAR") != NULL);
    {
        static const char wrong_end[] = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:w\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
        memset(&err, 0, sizeof err);
        CHECK_EQ(calgrid_ical_import_buffer(NULL, set, wrong_end, sizeof wrong_end - 1, NULL, &err), CALGRID_EPARSE);
        CHECK_EQ(err.line, 4);
        CHECK(strstr(err.message, "END:VEVENT does not close BEGIN:VTODO of line 2") != NULL);
    }
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, "", 0, NULL, &err), CALGRID_EPARSE);
    CHECK(same_set(set, before));

    /* Skip-invalid: the bad item is skipped and reported, located; the good one imported. */
    {
        char both[512];
        snprintf(both, sizeof both, "%.*s%s", (int)(sizeof bad_due - 1), bad_due,
                 "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:good-2\r\nEND:VTODO\r\nEND:VCALENDAR\r\n");
        memset(issues, 0, sizeof issues);
        check_report_init(&r, issues, 4);
        o.policy = CALGRID_POLICY_SKIP_INVALID;
        CHECK_EQ(calgrid_ical_import_buffer(&r, set, both, strlen(both), &o, &err), CALGRID_OK);
        CHECK_EQ(r.imported, 1); CHECK_EQ(r.skipped, 1); CHECK_EQ(r.issue_count, 1); CHECK_EQ(r.issues_written, 1);
        CHECK_EQ(issues[0].status, CALGRID_ESCHEMA); CHECK_EQ(issues[0].line, 4); CHECK_STR(issues[0].field, "DUE");
        CHECK_EQ(check_set_count(set), 2);
        o.policy = CALGRID_POLICY_STRICT;
    }
    calgrid_free(before);
    before = snapshot(set);

    /* Formats: the JSON imports refuse ICALENDAR, the iCalendar ones refuse JSON formats; files and
    ** directories that are not there are EIO; NULL arguments EINVAL. Nothing changes. */
    o.format = CALGRID_FORMAT_ICALENDAR;
    CHECK_EQ(calgrid_todo_set_import_buffer(NULL, set, good_item, sizeof good_item - 1, &o, NULL), CALGRID_EINVAL);
    o.format = CALGRID_FORMAT_NATIVE;
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, good_item, sizeof good_item - 1, &o, &err), CALGRID_ESCHEMA);
    CHECK(strstr(err.message, "native") != NULL);
    o.format = (calgrid_format)99;
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, good_item, sizeof good_item - 1, &o, NULL), CALGRID_EINVAL);
    scratch_path(path, sizeof path, "ical-missing.ics");
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_import_file(NULL, set, path, NULL, &err), CALGRID_EIO);
    CHECK(strlen(err.message) > 0);
    scratch_path(path, sizeof path, "ical-missing-vdir");
    CHECK_EQ(calgrid_ical_import_vdir(NULL, set, path, NULL, &err), CALGRID_EIO);
    CHECK_EQ(calgrid_ical_import_file(NULL, set, NULL, NULL, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_ical_import_file(NULL, NULL, path, NULL, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, NULL, 5, NULL, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, good_item, SIZE_MAX, NULL, NULL), CALGRID_EINVAL);
    CHECK(same_set(set, before));
    calgrid_free(before);
    calgrid_todo_set_free(set);
}

static void test_ical_vdir_import(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_import_report r;
    calgrid_error err, issues[4];
    char dir[512], path[600];
    char *before;

    scratch_path(dir, sizeof dir, "ical-vdir-in");
    remove_tree(dir);
    CHECK_EQ(mkdir(dir, 0755), 0);
    /* An empty vdir imports nothing. */
    CHECK_EQ(calgrid_ical_import_vdir(NULL, set, dir, NULL, NULL), CALGRID_OK);
    CHECK_EQ(check_set_count(set), 0);
    snprintf(path, sizeof path, "%s/good.ics", dir); write_file(path, good_item);
    snprintf(path, sizeof path, "%s/bad.ics", dir); write_file(path, bad_due);
    snprintf(path, sizeof path, "%s/notes.txt", dir); write_file(path, "not an item");
    snprintf(path, sizeof path, "%s/.hidden.ics", dir); write_file(path, "not an item either");
    before = snapshot(set);

    /* Strict: bad.ics (first in name order) fails the import, named and located in its file. */
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_import_vdir(NULL, set, dir, NULL, &err), CALGRID_ESCHEMA);
    CHECK(strncmp(err.message, "bad.ics: line 4, column 1", 25) == 0);
    CHECK_EQ(err.line, 4); CHECK_STR(err.field, "DUE");
    CHECK(same_set(set, before));

    /* Skip-invalid: the other files import; the issue names bad.ics and its line. */
    memset(issues, 0, sizeof issues);
    check_report_init(&r, issues, 4);
    o.policy = CALGRID_POLICY_SKIP_INVALID;
    CHECK_EQ(calgrid_ical_import_vdir(&r, set, dir, &o, &err), CALGRID_OK);
    CHECK_EQ(r.format, CALGRID_FORMAT_ICALENDAR);
    CHECK_EQ(r.imported, 1); CHECK_EQ(r.skipped, 1); CHECK_EQ(r.issues_written, 1);
    CHECK(strncmp(issues[0].message, "bad.ics: line 4, column 1", 25) == 0);
    CHECK(strstr(issues[0].message, "DUE 2024-13-45 is not a date") != NULL);
    CHECK_EQ(issues[0].line, 4);
    CHECK_EQ(check_set_count(set), 1);
    {
        size_t i;
        CHECK_EQ(calgrid_todo_set_find(&i, set, "good-1"), CALGRID_OK);
    }
    /* A file holding a second UID is an issue of that file. */
    snprintf(path, sizeof path, "%s/bad.ics", dir);
    write_file(path, "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x1\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:x2\r\nEND:VTODO\r\nEND:VCALENDAR\r\n");
    calgrid_free(before);
    calgrid_todo_set_free(set);
    set = check_new_set();
    memset(&err, 0, sizeof err);
    CHECK(calgrid_ical_import_vdir(NULL, set, dir, NULL, &err) < 0);
    CHECK(strncmp(err.message, "bad.ics: ", 9) == 0);
    CHECK_EQ(check_set_count(set), 0);
    remove_tree(dir);
    calgrid_todo_set_free(set);
}

static void test_ical_export(void) {
    calgrid_todo_set *set = check_new_set(), *back = check_new_set();
    calgrid_ical_export_options eo = CALGRID_ICAL_EXPORT_OPTIONS_INIT;
    calgrid_vdir_report vr;
    calgrid_error err;
    char *text = NULL, *text2 = NULL, *a, *b;
    size_t n = 0;
    char path[512], dir[512], file[700], buf[4096];
    calgrid_todo t = CALGRID_TODO_INIT;

    CHECK_EQ(calgrid_ical_import_buffer(NULL, set, two_todos, sizeof two_todos - 1, NULL, NULL), CALGRID_OK);
    eo.now = 1796083200;   /* 2026-12-01T00:00:00Z */
    CHECK_EQ(calgrid_ical_export_buffer(&text, &n, set, &eo, &err), CALGRID_OK);
    CHECK(text != NULL && strlen(text) == n);
    CHECK(strncmp(text, "BEGIN:VCALENDAR\r\n", 17) == 0);
    CHECK(strstr(text, "DTSTAMP:20261201T000000Z\r\n") != NULL);
    CHECK(strstr(text, "UID:ical-2\r\n") != NULL);
    /* The same `now`, the same bytes; read back, the same set. */
    CHECK_EQ(calgrid_ical_export_buffer(&text2, NULL, set, &eo, NULL), CALGRID_OK);
    CHECK(text2 != NULL && strcmp(text, text2) == 0);
    CHECK_EQ(calgrid_ical_import_buffer(NULL, back, text, n, NULL, &err), CALGRID_OK);
    CHECK_EQ(check_set_count(back), 2);
    a = snapshot(set); b = snapshot(back);
    CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
    calgrid_free(a); calgrid_free(b); calgrid_free(text2);

    /* To a file, atomically: the file holds exactly the buffer's bytes. */
    scratch_path(path, sizeof path, "ical-export.ics");
    CHECK_EQ(calgrid_ical_export_file(set, path, &eo, &err), CALGRID_OK);
    CHECK_EQ(read_file(buf, sizeof buf, path), (long)n);
    CHECK(strcmp(buf, text) == 0);
    scratch_path(dir, sizeof dir, "no-such-dir/sub/out.ics");
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_ical_export_file(set, dir, &eo, &err), CALGRID_EIO);
    CHECK(strlen(err.message) > 0);
    unlink(path);
    calgrid_free(text);

    /* Bad arguments. */
    CHECK_EQ(calgrid_ical_export_buffer(NULL, &n, set, NULL, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_ical_export_buffer(&text, &n, NULL, NULL, NULL), CALGRID_EINVAL);
    eo.struct_size = 4;
    CHECK_EQ(calgrid_ical_export_buffer(&text, &n, set, &eo, NULL), CALGRID_EINVAL);
    eo.struct_size = sizeof eo; eo.remove_others = 2;
    CHECK_EQ(calgrid_ical_export_file(set, path, &eo, NULL), CALGRID_EINVAL);
    eo.remove_others = 0;

    /* A vdir: one file per UID; imported back, the same set. */
    scratch_path(dir, sizeof dir, "ical-vdir-out");
    remove_tree(dir);
    vr.struct_size = sizeof vr;
    CHECK_EQ(calgrid_ical_export_vdir(&vr, set, dir, &eo, &err), CALGRID_OK);
    CHECK_EQ(vr.written, 2); CHECK_EQ(vr.unchanged, 0); CHECK_EQ(vr.removed, 0);
    CHECK_EQ(files_in(dir), 2);
    calgrid_todo_set_free(back);
    back = check_new_set();
    CHECK_EQ(calgrid_ical_import_vdir(NULL, back, dir, NULL, &err), CALGRID_OK);
    a = snapshot(set); b = snapshot(back);
    CHECK(a != NULL && b != NULL && strcmp(a, b) == 0);
    calgrid_free(a); calgrid_free(b);

    /* Again, unchanged: nothing rewritten. */
    eo.now += 3600;
    CHECK_EQ(calgrid_ical_export_vdir(&vr, set, dir, &eo, &err), CALGRID_OK);
    CHECK_EQ(vr.written, 0); CHECK_EQ(vr.unchanged, 2);

    /* Someone else's property survives a change of the title; SEQUENCE goes up. */
    snprintf(file, sizeof file, "%s/ical-1.ics", dir);
    CHECK(read_file(buf, sizeof buf, file) > 0);
    {
        char *end = strstr(buf, "END:VTODO");
        char patched[4096];
        CHECK(end != NULL);
        if (end != NULL) {
            snprintf(patched, sizeof patched, "%.*sX-OTHER-CLIENT:kept\r\n%s", (int)(end - buf), buf, end);
            write_file(file, patched);
        }
    }
    t.id = "ical-1"; t.title = "Write the final report";
    CHECK_EQ(calgrid_todo_set_update(set, 0, &t, &err), CALGRID_OK);
    eo.now += 3600;
    CHECK_EQ(calgrid_ical_export_vdir(&vr, set, dir, &eo, &err), CALGRID_OK);
    CHECK_EQ(vr.written, 1); CHECK_EQ(vr.unchanged, 1);
    CHECK(read_file(buf, sizeof buf, file) > 0);
    CHECK(strstr(buf, "X-OTHER-CLIENT:kept\r\n") != NULL);
    CHECK(strstr(buf, "SUMMARY:Write the final report\r\n") != NULL);
    CHECK(strstr(buf, "SEQUENCE:1\r\n") != NULL);

    /* remove_others: a file whose UID is not in the set goes, other files stay. */
    snprintf(file, sizeof file, "%s/stray.ics", dir); write_file(file, good_item);
    snprintf(file, sizeof file, "%s/README", dir); write_file(file, "not an item");
    CHECK_EQ(calgrid_ical_export_vdir(&vr, set, dir, &eo, &err), CALGRID_OK);
    CHECK_EQ(vr.removed, 0); CHECK_EQ(files_in(dir), 4);
    eo.remove_others = 1;
    CHECK_EQ(calgrid_ical_export_vdir(&vr, set, dir, &eo, &err), CALGRID_OK);
    CHECK_EQ(vr.removed, 1); CHECK_EQ(vr.written, 0); CHECK_EQ(files_in(dir), 3);
    CHECK_EQ(calgrid_ical_export_vdir(NULL, set, dir, NULL, NULL), CALGRID_OK);
    vr.struct_size = 8;
    CHECK_EQ(calgrid_ical_export_vdir(&vr, set, dir, NULL, NULL), CALGRID_EINVAL);
    remove_tree(dir);
    calgrid_todo_set_free(back);
    calgrid_todo_set_free(set);
}

void test_ical(void) {
    test_ical_threads();
    test_ical_import_buffer();
    test_ical_failures();
    test_ical_vdir_import();
    test_ical_export();
}
