/* JSON import and export through the C API: reports, every failure kind with its position,
** atomicity, limits, the progress callback, and export/import round trips. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

static int import_text(calgrid_todo_set *set, const char *text, const calgrid_import_options *o, calgrid_error *err) {
    return calgrid_todo_set_import_buffer(NULL, set, text, strlen(text), o, err);
}

static void data_path(char *buf, size_t size, const char *name) {
    snprintf(buf, size, "%s/%s", check_data_dir, name);
}

static void test_import_file(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_report r;
    calgrid_error err;
    calgrid_todo_info info;
    char path[512], text[64];
    size_t i = 0;
    data_path(path, sizeof path, "todos.json");
    check_report_init(&r, NULL, 0);
    CHECK_EQ(calgrid_todo_set_import_file(&r, set, path, NULL, &err), CALGRID_OK);
    CHECK_EQ(r.format, CALGRID_FORMAT_NATIVE);
    CHECK_EQ(r.records, 5); CHECK_EQ(r.imported, 5); CHECK_EQ(r.skipped, 0);
    CHECK_EQ(r.issue_count, 0); CHECK_EQ(r.issues_written, 0);
    CHECK(r.bytes > 400);
    CHECK_EQ(check_set_count(set), 5);
    CHECK_EQ(calgrid_todo_set_find(&i, set, "read"), CALGRID_OK); CHECK_EQ(i, 1);
    CHECK_EQ(calgrid_todo_set_text(text, sizeof text, NULL, set, 1, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
    CHECK_STR(text, "\xEB\x8F\x85\xEC\x84\x9C 30\xEB\xB6\x84");   /* 독서 30분 */
    info.struct_size = sizeof info;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(info.tracked_day_count, 12); CHECK_EQ(info.done_day_count, 3); CHECK_EQ(info.is_challenge, 1);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 2), CALGRID_OK);
    CHECK_EQ(info.created_at, 1790812800);   /* 2026-10-01T00:00:00Z */
    CHECK_EQ(info.start, CALGRID_DATE_NONE);

    /* Importing the same file again: every id is taken, strict policy, nothing changes. */
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, path, NULL, &err), CALGRID_EEXIST);
    CHECK_EQ(err.status, CALGRID_EEXIST); CHECK_EQ(err.record_index, 0); CHECK_STR(err.field, "id");
    CHECK_EQ(err.line, 2);
    CHECK_EQ(check_set_count(set), 5);

    /* Files that are not there, or not files. */
    data_path(path, sizeof path, "no-such-file.json");
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, path, NULL, &err), CALGRID_EIO);
    CHECK(strstr(err.message, "open") != NULL);
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, check_data_dir, NULL, &err), CALGRID_EIO);
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, NULL, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, "\xFF.json", NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_import_file(NULL, NULL, path, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(check_set_count(set), 5);

    /* Taskwarrior: deleted tasks are left out unless asked for. */
    {
        calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
        calgrid_todo_set *tw = check_new_set();
        data_path(path, sizeof path, "taskwarrior.json");
        CHECK_EQ(calgrid_todo_set_import_file(&r, tw, path, &o, &err), CALGRID_OK);
        CHECK_EQ(r.format, CALGRID_FORMAT_TASKWARRIOR);
        CHECK_EQ(r.imported, 1); CHECK_EQ(r.deleted_skipped, 1);
        o.format = CALGRID_FORMAT_TASKWARRIOR;
        o.include_deleted_tasks = 1;
        calgrid_todo_set_free(tw);
        tw = check_new_set();
        CHECK_EQ(calgrid_todo_set_import_file(&r, tw, path, &o, &err), CALGRID_OK);
        CHECK_EQ(r.imported, 2); CHECK_EQ(check_set_count(tw), 2);
        o.format = CALGRID_FORMAT_JSON_LINES;               /* the wrong format is an error, not a guess */
        CHECK(calgrid_todo_set_import_file(&r, tw, path, &o, &err) < 0);
        CHECK_EQ(check_set_count(tw), 2);
        calgrid_todo_set_free(tw);
    }
    calgrid_todo_set_free(set);
}

static void test_import_errors(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_error err;
    CHECK_EQ(import_text(set, "[{\"id\":\"a\",\"title\":\"t\"}]", NULL, &err), CALGRID_OK);

    /* A field: where it is, which record, which field; the set keeps its one todo. */
    memset(&err, 0, sizeof err);
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"t\"},\n{\"id\":\"c\",\"title\":\"t\",\n \"startDate\":\"2024-06-05\", \"endDate\":\"2024-06-04\"}]",
                         NULL, &err), CALGRID_ESCHEMA);
    CHECK_EQ(err.status, CALGRID_ESCHEMA); CHECK_EQ(err.record_index, 1); CHECK_STR(err.field, "endDate");
    CHECK_EQ(err.line, 3); CHECK_EQ(err.column, 38);
    CHECK(err.byte_offset > 40);
    CHECK(strstr(err.message, "endDate") != NULL);
    CHECK_EQ(check_set_count(set), 1);

    /* Syntax. */
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":tru}]", NULL, &err), CALGRID_EPARSE);
    CHECK_EQ(err.byte_offset, 19); CHECK_EQ(err.line, 1); CHECK_EQ(err.column, 20);
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"t\"},]", NULL, &err), CALGRID_EPARSE);
    {   /* No value at all: an empty set as JSON Lines (what it exports as); an error where an array is asked for. */
        calgrid_import_options native = CALGRID_IMPORT_OPTIONS_INIT;
        native.format = CALGRID_FORMAT_NATIVE;
        calgrid_import_report r;
        check_report_init(&r, NULL, 0);
        CHECK_EQ(import_text(set, "", &native, &err), CALGRID_EPARSE);
        CHECK_EQ(calgrid_todo_set_import_buffer(NULL, set, NULL, 0, &native, &err), CALGRID_EPARSE);
        CHECK_EQ(calgrid_todo_set_import_buffer(&r, set, NULL, 0, NULL, &err), CALGRID_OK);
        CHECK_EQ(r.format, CALGRID_FORMAT_JSON_LINES); CHECK_EQ(r.records, 0); CHECK_EQ(r.imported, 0);
        CHECK_EQ(import_text(set, " \n\n", NULL, &err), CALGRID_OK);
        CHECK_EQ(check_set_count(set), 1);
    }
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"t\"}", NULL, &err), CALGRID_EPARSE);   /* truncated */
    CHECK_EQ(import_text(set, "[{\"id\":1,\"title\":\"t\"}]", NULL, &err), CALGRID_ESCHEMA);
    CHECK_STR(err.field, "id");
    CHECK_EQ(import_text(set, "[{\"id\":\"a\",\"title\":\"again\"}]", NULL, &err), CALGRID_EEXIST);
    CHECK_EQ(check_set_count(set), 1);

    /* Limits. */
    o.max_records = 1;
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"t\"},{\"id\":\"c\",\"title\":\"t\"}]", &o, &err), CALGRID_ELIMIT);
    o.max_records = 0;
    o.max_string_bytes = 3;
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"long title\"}]", &o, &err), CALGRID_ELIMIT);
    o.max_string_bytes = 0;
    o.max_input_bytes = 10;
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"t\"}]", &o, &err), CALGRID_ELIMIT);
    o.max_input_bytes = 0;
    o.max_depth = 2;
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"t\",\"x\":[[[1]]]}]", &o, &err), CALGRID_ELIMIT);
    o.max_depth = 0;
    o.max_span_days = 10;
    CHECK_EQ(import_text(set, "[{\"id\":\"b\",\"title\":\"t\",\"startDate\":\"2024-01-01\",\"endDate\":\"2024-03-01\"}]", &o, &err),
             CALGRID_ELIMIT);
    CHECK_STR(err.field, "endDate");
    o.max_span_days = 0;
    CHECK_EQ(check_set_count(set), 1);

    /* Options C can get wrong. */
    o.max_records = -1;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_EINVAL);
    CHECK_EQ(err.status, CALGRID_EINVAL);
    o.max_records = 0;
    o.format = (calgrid_format)4;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_EINVAL);
    o.format = CALGRID_FORMAT_AUTO;
    o.policy = (calgrid_policy)2;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_EINVAL);
    o.policy = CALGRID_POLICY_STRICT;
    o.include_deleted_tasks = 2;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_EINVAL);
    o.include_deleted_tasks = 0;
    o.include_recurring_parents = -1;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_EINVAL);
    o.include_recurring_parents = 0;
    o.threads = -1;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_EINVAL);
    o.threads = 0;
    o.struct_size = 0;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_EINVAL);
    o.struct_size = sizeof o;
    CHECK_EQ(import_text(set, "[]", &o, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_import_buffer(NULL, set, NULL, 5, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_import_buffer(NULL, set, "[]", (size_t)-1, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_import_buffer(NULL, NULL, "[]", 2, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_import_buffer(NULL, NULL, "[]", 2, NULL, NULL), CALGRID_EINVAL);
    {
        calgrid_import_report r;
        memset(&r, 0, sizeof r);
        CHECK_EQ(calgrid_todo_set_import_buffer(&r, set, "[]", 2, NULL, &err), CALGRID_EINVAL);   /* struct_size 0 */
        r.struct_size = sizeof r;
        r.issue_capacity = 3;                               /* but no array */
        CHECK_EQ(calgrid_todo_set_import_buffer(&r, set, "[]", 2, NULL, &err), CALGRID_EINVAL);
    }
    CHECK_EQ(check_set_count(set), 1);
    calgrid_todo_set_free(set);
}

static void test_skip_invalid(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_import_report r;
    calgrid_error issues[2], err;
    const char *text = "[{\"id\":\"a\",\"title\":\"t\"},{\"id\":\"b\"},{\"id\":\"a\",\"title\":\"dup\"},"
                       "{\"id\":\"c\",\"title\":\"t\",\"x\":1},{\"id\":2,\"title\":\"t\"}]";
    o.policy = CALGRID_POLICY_SKIP_INVALID;
    check_report_init(&r, issues, 2);
    CHECK_EQ(calgrid_todo_set_import_buffer(&r, set, text, strlen(text), &o, &err), CALGRID_OK);
    CHECK_EQ(r.records, 5); CHECK_EQ(r.imported, 2); CHECK_EQ(r.skipped, 3); CHECK_EQ(r.unknown_fields, 1);
    CHECK_EQ(r.issue_count, 3); CHECK_EQ(r.issues_written, 2);
    CHECK_EQ(issues[0].status, CALGRID_ESCHEMA); CHECK_EQ(issues[0].record_index, 1); CHECK_STR(issues[0].field, "title");
    CHECK_EQ(issues[1].status, CALGRID_EEXIST); CHECK_EQ(issues[1].record_index, 2); CHECK_STR(issues[1].field, "id");
    CHECK(issues[1].byte_offset > 0 && issues[1].line == 1 && issues[1].column == issues[1].byte_offset + 1);
    CHECK_EQ(check_set_count(set), 2);
    /* Without an issue array the problems are only counted. */
    r.issues = NULL; r.issue_capacity = 0;
    CHECK_EQ(calgrid_todo_set_import_buffer(&r, set, "[{\"id\":\"z\"}]", 12, &o, &err), CALGRID_OK);
    CHECK_EQ(r.issue_count, 1); CHECK_EQ(r.issues_written, 0); CHECK_EQ(r.skipped, 1);
    calgrid_todo_set_free(set);
}

typedef struct progress_state {
    int calls;
    int cancel_after;
    int64_t last_done;
    int64_t total;
    int monotonic;
} progress_state;

static int on_progress(int64_t done, int64_t total, void *context) {
    progress_state *p = (progress_state *)context;
    if (done < p->last_done) p->monotonic = 0;
    p->last_done = done;
    p->total = total;
    p->calls++;
    return p->calls <= p->cancel_after;
}

static void test_progress(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_error err;
    progress_state p;
    char path[512];
    data_path(path, sizeof path, "todos.json");
    memset(&p, 0, sizeof p);
    p.cancel_after = 1000; p.monotonic = 1;
    o.progress = on_progress;
    o.progress_context = &p;
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, path, &o, &err), CALGRID_OK);
    CHECK(p.calls >= 1); CHECK(p.monotonic);
    CHECK_EQ(p.last_done, p.total);
    CHECK(p.total > 400);
    calgrid_todo_set_free(set);

    set = check_new_set();
    CHECK_EQ(import_text(set, "[{\"id\":\"keep\",\"title\":\"t\"}]", NULL, &err), CALGRID_OK);
    memset(&p, 0, sizeof p);
    p.cancel_after = 0;                                     /* stop at the first report */
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, path, &o, &err), CALGRID_ECANCELED);
    CHECK_EQ(err.status, CALGRID_ECANCELED);
    CHECK_EQ(p.calls, 1);
    CHECK_EQ(check_set_count(set), 1);
    memset(&p, 0, sizeof p);
    CHECK_EQ(import_text(set, "[{\"id\":\"x\",\"title\":\"t\"}]", &o, &err), CALGRID_ECANCELED);
    CHECK_EQ(check_set_count(set), 1);
    calgrid_todo_set_free(set);
}

static void test_dates_with_offset(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_todo_info info;
    calgrid_date d;
    calgrid_error err;
    o.utc_offset_seconds = 9 * 3600;
    CHECK_EQ(import_text(set, "[{\"id\":\"a\",\"title\":\"t\",\"startDate\":\"2024-06-03T20:00:00Z\"}]", &o, &err), CALGRID_OK);
    info.struct_size = sizeof info;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(calgrid_date_from_ymd(&d, 2024, 6, 4), CALGRID_OK);
    CHECK_EQ(info.start, d);
    calgrid_todo_set_free(set);
}

static void test_export(void) {
    calgrid_todo_set *set = check_new_set(), *back = check_new_set();
    calgrid_error err;
    char *json = NULL;
    size_t length = 0, i;
    char path[512], a[64], b[64];
    int format;
    data_path(path, sizeof path, "todos.json");
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, path, NULL, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_toggle(NULL, set, 0, 20766), CALGRID_OK);   /* 2026-11-09, a Monday */
    for (format = 0; format < 2; format++) {
        calgrid_import_report r;
        check_report_init(&r, NULL, 0);
        CHECK_EQ(calgrid_todo_set_export_buffer(&json, &length, set, (calgrid_export_format)format), CALGRID_OK);
        CHECK(json != NULL && strlen(json) == length);
        calgrid_todo_set_free(back);
        back = check_new_set();
        CHECK_EQ(calgrid_todo_set_import_buffer(&r, back, json, length, NULL, &err), CALGRID_OK);
        CHECK_EQ(r.format, format == 0 ? CALGRID_FORMAT_NATIVE : CALGRID_FORMAT_JSON_LINES);
        calgrid_free(json);
        json = NULL;
        CHECK_EQ(check_set_count(back), 5);
        for (i = 0; i < 5; i++) {
            calgrid_todo_info x, y;
            x.struct_size = y.struct_size = sizeof x;
            CHECK_EQ(calgrid_todo_set_get(&x, set, i), CALGRID_OK);
            CHECK_EQ(calgrid_todo_set_get(&y, back, i), CALGRID_OK);
            CHECK(x.start == y.start && x.end == y.end && x.done_day_count == y.done_day_count
                  && x.created_at == y.created_at && x.repetition == y.repetition && x.is_completed == y.is_completed);
            CHECK_EQ(calgrid_todo_set_text(a, sizeof a, NULL, set, i, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
            CHECK_EQ(calgrid_todo_set_text(b, sizeof b, NULL, back, i, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
            CHECK_STR(a, b);
        }
    }
    calgrid_free(NULL);

    /* To a file and back. */
    snprintf(path, sizeof path, "%s/export-test.json", check_scratch_dir);
    CHECK_EQ(calgrid_todo_set_export_file(set, path, CALGRID_EXPORT_NATIVE, &err), CALGRID_OK);
    calgrid_todo_set_free(back);
    back = check_new_set();
    CHECK_EQ(calgrid_todo_set_import_file(NULL, back, path, NULL, &err), CALGRID_OK);
    CHECK_EQ(check_set_count(back), 5);
    remove(path);
    CHECK_EQ(calgrid_todo_set_export_file(set, "/nonexistent-dir/x.json", CALGRID_EXPORT_NATIVE, &err), CALGRID_EIO);
    CHECK_EQ(err.status, CALGRID_EIO);
    CHECK(strlen(err.message) > 0);
    CHECK_EQ(calgrid_todo_set_export_file(set, path, (calgrid_export_format)2, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_export_file(set, NULL, CALGRID_EXPORT_NATIVE, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_export_file(NULL, path, CALGRID_EXPORT_NATIVE, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_export_buffer(NULL, &length, set, CALGRID_EXPORT_NATIVE), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_export_buffer(&json, &length, NULL, CALGRID_EXPORT_NATIVE), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_export_buffer(&json, &length, set, (calgrid_export_format)7), CALGRID_EINVAL);
    CHECK(json == NULL);
    CHECK_EQ(calgrid_todo_set_export_buffer(&json, NULL, set, CALGRID_EXPORT_JSON_LINES), CALGRID_OK);
    calgrid_free(json);
    calgrid_todo_set_free(set);
    calgrid_todo_set_free(back);
}

/* One sentence per error, whichever way the todo arrives: the message calgrid_todo_set_add gives for
** a todo is the end of the message the JSON import gives for the same todo (which adds where it is),
** and both name the same field. */
static void same_sentence(const calgrid_todo *t, const char *json, int line) {
    calgrid_todo_set *set = check_new_set();
    calgrid_error add_err, import_err;
    size_t n, m;
    memset(&add_err, 0, sizeof add_err); memset(&import_err, 0, sizeof import_err);
    check_report(calgrid_todo_set_add(NULL, set, t, &add_err) != CALGRID_OK, __FILE__, line, "add refused");
    check_report(import_text(set, json, NULL, &import_err) != CALGRID_OK, __FILE__, line, "import refused");
    n = strlen(add_err.message); m = strlen(import_err.message);
    check_report(n > 0 && m > n && strcmp(import_err.message + m - n, add_err.message) == 0, __FILE__, line,
                 "the import's message ends with the add's message");
    check_report(strcmp(add_err.field, import_err.field) == 0, __FILE__, line, "the same field");
    check_report(strstr(import_err.message, "record 1,") != NULL, __FILE__, line, "records count from 1");
    calgrid_todo_set_free(set);
}

static calgrid_todo blank_todo(void) {
    calgrid_todo t = CALGRID_TODO_INIT;
    return t;
}

static void test_one_vocabulary(void) {
    calgrid_todo t = CALGRID_TODO_INIT;
    calgrid_date first = CALGRID_DATE_NONE, last = CALGRID_DATE_NONE;
    CHECK_EQ(calgrid_date_from_ymd(&first, 2026, 11, 10), CALGRID_OK);
    CHECK_EQ(calgrid_date_from_ymd(&last, 2026, 11, 1), CALGRID_OK);
    t.id = "x"; t.title = "t"; t.start = first; t.end = last;
    same_sentence(&t, "[{\"id\":\"x\",\"title\":\"t\",\"startDate\":\"2026-11-10\",\"endDate\":\"2026-11-01\"}]", __LINE__);
    t = blank_todo(); t.id = ""; t.title = "t";
    same_sentence(&t, "[{\"id\":\"\",\"title\":\"t\"}]", __LINE__);
    t = blank_todo(); t.id = "x"; t.title = "t"; t.repetition = 0;
    same_sentence(&t, "[{\"id\":\"x\",\"title\":\"t\",\"repetition\":[]}]", __LINE__);
    t = blank_todo(); t.id = "x"; t.title = "t"; t.reminder_minutes = 1440;
    {
        /* The import reads "HH:MM" and cannot say 24:00; the add names the core's range and field. */
        calgrid_todo_set *set = check_new_set();
        calgrid_error err;
        CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, &err), CALGRID_ERANGE);
        CHECK_STR(err.field, "reminderTime");
        CHECK(strstr(err.message, "1440") != NULL);
        calgrid_todo_set_free(set);
    }
}

void test_json(void) {
    test_one_vocabulary();
    test_import_file();
    test_import_errors();
    test_skip_invalid();
    test_progress();
    test_dates_with_offset();
    test_export();
}
