/* Todo sets through the C API: every function, every validation path, all-or-nothing batches. */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

/* The week 2024-01-01 (Mon) ... 2024-01-07, every day, first two days done. */
static const uint8_t week_flags[7] = { 1, 1, 0, 0, 0, 0, 0 };
static const char *const week_tags[2] = { "habit", "\xEC\x9A\xB4\xEB\x8F\x99" };   /* "운동" */

static calgrid_todo week_todo(const char *id) {
    calgrid_todo t = CALGRID_TODO_INIT;
    t.id = id;
    t.title = "Run every day";
    t.memo = "5 km";
    t.start = check_date(2024, 1, 1);
    t.end = check_date(2024, 1, 7);
    t.created_at = 1704067200;
    t.is_challenge = 1;
    t.reminder_minutes = 7 * 60;
    t.completed_days = week_flags;
    t.completed_day_count = 7;
    t.tags = week_tags;
    t.tag_count = 2;
    return t;
}

static void test_lifecycle(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo t = week_todo("run");
    calgrid_todo_info info;
    calgrid_error err;
    size_t index = 99, n = 0;
    char buf[64];
    uint8_t flags[16];

    calgrid_todo_set_free(NULL);                                       /* no-op */
    CHECK_EQ(calgrid_todo_set_new(NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    CHECK(set != NULL);
    CHECK_EQ(check_set_count(set), 0);
    CHECK_EQ(calgrid_todo_set_count(NULL, set), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_count(&n, NULL), CALGRID_EINVAL);

    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(index, 0);
    CHECK_EQ(check_set_count(set), 1);

    CHECK_EQ(check_get_info(&info, sizeof info, set, 0), CALGRID_OK);
    CHECK_EQ(info.start, check_date(2024, 1, 1)); CHECK_EQ(info.end, check_date(2024, 1, 7));
    CHECK_EQ(info.created_at, 1704067200);
    CHECK_EQ(info.is_challenge, 1); CHECK_EQ(info.is_completed, 0); CHECK_EQ(info.is_tracked, 1);
    CHECK_EQ(info.is_done, 0);
    CHECK_EQ(info.repetition, CALGRID_EVERY_DAY); CHECK_EQ(info.reminder_minutes, 420);
    CHECK_EQ(info.tracked_day_count, 7); CHECK_EQ(info.done_day_count, 2);
    CHECK(info.completion_share > 2.0 / 7 - 1e-12 && info.completion_share < 2.0 / 7 + 1e-12);
    CHECK_EQ(info.has_memo, 1); CHECK_EQ(info.tag_count, 2);

    /* Texts into caller buffers, with the sizing protocol. */
    n = 0;
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 0, CALGRID_TEXT_ID, 0), CALGRID_OK);
    CHECK_STR(buf, "run"); CHECK_EQ(n, 3);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 0, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
    CHECK_STR(buf, "Run every day"); CHECK_EQ(n, 13);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, NULL, set, 0, CALGRID_TEXT_MEMO, 0), CALGRID_OK);
    CHECK_STR(buf, "5 km");
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 0, CALGRID_TEXT_TAG, 0), CALGRID_OK);
    CHECK_STR(buf, week_tags[0]); CHECK_EQ(n, strlen(week_tags[0]));
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 0, CALGRID_TEXT_TAG, 1), CALGRID_OK);
    CHECK_STR(buf, week_tags[1]); CHECK_EQ(n, 6);
    CHECK_EQ(calgrid_todo_set_text(NULL, 0, &n, set, 0, CALGRID_TEXT_TITLE, 0), CALGRID_ENOSPC);
    CHECK_EQ(n, 13);
    memset(buf, 'x', sizeof buf);
    CHECK_EQ(calgrid_todo_set_text(buf, 13, &n, set, 0, CALGRID_TEXT_TITLE, 0), CALGRID_ENOSPC);   /* no room for NUL */
    CHECK_EQ(buf[0], 'x');
    CHECK_EQ(calgrid_todo_set_text(NULL, 14, &n, set, 0, CALGRID_TEXT_TITLE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_text(buf, (size_t)-1, &n, set, 0, CALGRID_TEXT_TITLE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 0, CALGRID_TEXT_TAG, 2), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 0, CALGRID_TEXT_TAG, (size_t)-1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 1, CALGRID_TEXT_ID, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, (size_t)-1, CALGRID_TEXT_ID, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, set, 0, (calgrid_todo_text)(CALGRID_TEXT_TIME_ZONE + 1), 0), CALGRID_EINVAL);   /* past the last */
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &n, NULL, 0, CALGRID_TEXT_ID, 0), CALGRID_EINVAL);

    CHECK_EQ(calgrid_todo_set_completed_days(flags, sizeof flags, &n, set, 0), CALGRID_OK);
    CHECK_EQ(n, 7);
    CHECK(memcmp(flags, week_flags, 7) == 0);
    CHECK_EQ(calgrid_todo_set_completed_days(flags, 6, &n, set, 0), CALGRID_ENOSPC);
    CHECK_EQ(n, 7);
    CHECK_EQ(calgrid_todo_set_completed_days(NULL, 0, &n, set, 0), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_todo_set_completed_days(NULL, 7, &n, set, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_completed_days(flags, (size_t)-1, &n, set, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_completed_days(flags, sizeof flags, &n, set, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_completed_days(flags, sizeof flags, &n, NULL, 0), CALGRID_EINVAL);

    CHECK_EQ(calgrid_todo_set_find(&index, set, "run"), CALGRID_OK); CHECK_EQ(index, 0);
    CHECK_EQ(calgrid_todo_set_find(&index, set, "walk"), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_todo_set_find(&index, set, "\xFF"), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_todo_set_find(&index, set, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_find(NULL, set, "run"), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_find(&index, NULL, "run"), CALGRID_EINVAL);

    info.struct_size = 0;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_EINVAL);
    info.struct_size = sizeof info;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_get(NULL, set, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_get(&info, NULL, 0), CALGRID_EINVAL);

    calgrid_todo_set_free(set);
}

static void test_completion(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo t = week_todo("run");
    calgrid_todo plain = CALGRID_TODO_INIT;
    calgrid_todo_day state;
    calgrid_todo_info info;
    int done = -1;

    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    plain.id = "plain";
    plain.start = check_date(2024, 1, 3);                      /* no deadline: open on the right */
    plain.repetition = (1u << CALGRID_MONDAY) | (1u << CALGRID_WEDNESDAY);
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &plain, NULL), CALGRID_OK);

    CHECK_EQ(calgrid_todo_set_toggle(&done, set, 0, check_date(2024, 1, 3)), CALGRID_OK); CHECK_EQ(done, 1);
    CHECK_EQ(calgrid_todo_set_day(&state, set, 0, check_date(2024, 1, 3)), CALGRID_OK);
    CHECK_EQ(state.falls_on, 1); CHECK_EQ(state.is_done, 1);
    CHECK(state.share_to_date == 1.0);
    CHECK_EQ(state.current_streak, 3); CHECK_EQ(state.longest_streak, 3);
    CHECK_EQ(calgrid_todo_set_day(&state, set, 0, check_date(2024, 1, 5)), CALGRID_OK);
    CHECK_EQ(state.is_done, 0);
    CHECK(state.share_to_date > 0.6 - 1e-12 && state.share_to_date < 0.6 + 1e-12);   /* 3 of 5 */
    CHECK_EQ(calgrid_todo_set_toggle(NULL, set, 0, check_date(2024, 1, 3)), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_set_done(set, 0, check_date(2024, 1, 7), 1), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_set_done(set, 0, check_date(2024, 1, 7), 1), CALGRID_OK);   /* idempotent */
    info.struct_size = sizeof info;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(info.done_day_count, 3);

    /* Days that are not tracked, values that are not 0/1, bad indexes and days. */
    CHECK_EQ(calgrid_todo_set_set_done(set, 0, check_date(2024, 1, 8), 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_toggle(&done, set, 0, check_date(2023, 12, 31)), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_toggle(&done, set, 1, check_date(2024, 1, 3)), CALGRID_ERANGE);   /* untracked */
    CHECK_EQ(calgrid_todo_set_set_done(set, 0, check_date(2024, 1, 2), 2), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_set_done(set, 2, check_date(2024, 1, 2), 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_set_done(set, 0, CALGRID_DATE_NONE, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_set_done(NULL, 0, check_date(2024, 1, 2), 1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_toggle(&done, set, (size_t)-1, check_date(2024, 1, 2)), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_toggle(&done, set, 0, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_toggle(&done, NULL, 0, check_date(2024, 1, 2)), CALGRID_EINVAL);

    /* The untracked todo: falls on Mondays and Wednesdays from its start, completion is one flag. */
    CHECK_EQ(calgrid_todo_set_day(&state, set, 1, check_date(2024, 1, 10)), CALGRID_OK);   /* a Wednesday */
    CHECK_EQ(state.falls_on, 1); CHECK_EQ(state.is_done, 0);
    CHECK_EQ(calgrid_todo_set_day(&state, set, 1, check_date(2024, 1, 11)), CALGRID_OK);
    CHECK_EQ(state.falls_on, 0);
    CHECK_EQ(calgrid_todo_set_set_completed(set, 1, 1), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_day(&state, set, 1, check_date(2024, 1, 10)), CALGRID_OK);
    CHECK_EQ(state.is_done, 1); CHECK_EQ(state.current_streak, 0);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 1), CALGRID_OK);
    CHECK_EQ(info.is_done, 1); CHECK_EQ(info.is_tracked, 0); CHECK_EQ(info.end, CALGRID_DATE_NONE);
    CHECK_EQ(info.created_at, CALGRID_TIMESTAMP_NONE); CHECK_EQ(info.has_memo, 0);
    CHECK_EQ(info.reminder_minutes, CALGRID_REMINDER_NONE);
    {
        size_t n = 99;
        uint8_t flag;
        CHECK_EQ(calgrid_todo_set_completed_days(&flag, 1, &n, set, 1), CALGRID_OK);
        CHECK_EQ(n, 0);
        CHECK_EQ(calgrid_todo_set_completed_days(NULL, 0, &n, set, 1), CALGRID_OK);
    }
    {
        char buf[8];
        CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, NULL, set, 1, CALGRID_TEXT_MEMO, 0), CALGRID_ENOTFOUND);
        CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, NULL, set, 1, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
        CHECK_STR(buf, "");
    }
    CHECK_EQ(calgrid_todo_set_set_completed(set, 1, 2), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_set_completed(set, 2, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_set_completed(NULL, 0, 1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day(NULL, set, 0, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day(&state, NULL, 0, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day(&state, set, 2, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_day(&state, set, 0, CALGRID_DATE_NONE), CALGRID_ERANGE);
    calgrid_todo_set_free(set);
}

/* One invalid todo: the status, the field and record the error names, and an untouched set. */
static void expect_rejected(calgrid_todo_set *set, const calgrid_todo *t, int status, const char *field, int line) {
    calgrid_error err;
    size_t before = check_set_count(set), index = 77;
    memset(&err, 0x11, sizeof err);
    check_report_int(calgrid_todo_set_add(&index, set, t, &err), status, __FILE__, line, "add status");
    check_report_int(err.status, status, __FILE__, line, "err.status");
    check_report(strcmp(err.field, field) == 0, __FILE__, line, field);
    check_report_int(err.record_index, 0, __FILE__, line, "err.record_index");
    check_report(strlen(err.message) > 0, __FILE__, line, "err.message");
    check_report_int((long long)check_set_count(set), (long long)before, __FILE__, line, "set untouched");
    check_report_int((long long)index, 77, __FILE__, line, "index untouched");
}

static void test_validation(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo t;
    calgrid_error err;
    char long_id[300];
    const char *bad_tags[2] = { "ok", NULL };
    const char *utf8_bad_tags[1] = { "\xC3(" };
    uint8_t two[2] = { 0, 2 };

    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    t = week_todo("run");
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);

    t = week_todo("run");                           expect_rejected(set, &t, CALGRID_EEXIST, "id", __LINE__);
    t = week_todo(NULL);                            expect_rejected(set, &t, CALGRID_EINVAL, "id", __LINE__);
    t = week_todo("");                              expect_rejected(set, &t, CALGRID_EINVAL, "id", __LINE__);
    t = week_todo("caf\xC3");                       expect_rejected(set, &t, CALGRID_EINVAL, "id", __LINE__);
    memset(long_id, 'a', 257); long_id[257] = 0;
    t = week_todo(long_id);                         expect_rejected(set, &t, CALGRID_EINVAL, "id", __LINE__);
    long_id[256] = 0;
    t = week_todo(long_id);
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);   /* 256 bytes is fine */
    CHECK_EQ(calgrid_todo_set_remove(set, long_id), CALGRID_OK);
    t = week_todo("x"); t.title = "\xE2\x82";       expect_rejected(set, &t, CALGRID_EINVAL, "title", __LINE__);
    t = week_todo("x"); t.memo = "\x80";            expect_rejected(set, &t, CALGRID_EINVAL, "memo", __LINE__);
    t = week_todo("x"); t.start = check_date(2024, 1, 8);  expect_rejected(set, &t, CALGRID_EINVAL, "endDate", __LINE__);
    t = week_todo("x"); t.start = CALGRID_DATE_MAX + 1; expect_rejected(set, &t, CALGRID_ERANGE, "startDate", __LINE__);
    t = week_todo("x"); t.end = CALGRID_DATE_MIN - 1;   expect_rejected(set, &t, CALGRID_ERANGE, "endDate", __LINE__);
    t = week_todo("x"); t.repetition = 0;           expect_rejected(set, &t, CALGRID_EINVAL, "repetition", __LINE__);
    t = week_todo("x"); t.repetition = 0x80;        expect_rejected(set, &t, CALGRID_EINVAL, "repetition", __LINE__);
    t = week_todo("x"); t.repetition = 0xFFFFFFFFu; expect_rejected(set, &t, CALGRID_EINVAL, "repetition", __LINE__);
    t = week_todo("x"); t.reminder_minutes = 1440;  expect_rejected(set, &t, CALGRID_ERANGE, "reminderTime", __LINE__);
    t = week_todo("x"); t.reminder_minutes = -2;    expect_rejected(set, &t, CALGRID_ERANGE, "reminderTime", __LINE__);
    t = week_todo("x"); t.reminder_minutes = 70000; expect_rejected(set, &t, CALGRID_ERANGE, "reminderTime", __LINE__);
    t = week_todo("x"); t.is_challenge = 2;         expect_rejected(set, &t, CALGRID_EINVAL, "isChallenge", __LINE__);
    t = week_todo("x"); t.is_completed = -1;        expect_rejected(set, &t, CALGRID_EINVAL, "iscompleted", __LINE__);
    t = week_todo("x"); t.completed_day_count = 6;  expect_rejected(set, &t, CALGRID_EINVAL, "completed", __LINE__);
    t = week_todo("x"); t.completed_days = NULL;    expect_rejected(set, &t, CALGRID_EINVAL, "completed", __LINE__);
    t = week_todo("x"); t.completed_days = two; t.completed_day_count = 2;
    expect_rejected(set, &t, CALGRID_EINVAL, "completed", __LINE__);
    t = week_todo("x"); t.completed_day_count = (size_t)-1; expect_rejected(set, &t, CALGRID_EINVAL, "completed", __LINE__);
    t = week_todo("x"); t.completed_day_count = (size_t)1 << 40; expect_rejected(set, &t, CALGRID_EINVAL, "completed", __LINE__);
    t = week_todo("x"); t.end = CALGRID_DATE_NONE;  expect_rejected(set, &t, CALGRID_EINVAL, "completed", __LINE__);
    t = week_todo("x"); t.tags = NULL;              expect_rejected(set, &t, CALGRID_EINVAL, "tags", __LINE__);
    t = week_todo("x"); t.tags = bad_tags;          expect_rejected(set, &t, CALGRID_EINVAL, "tags", __LINE__);
    t = week_todo("x"); t.tags = utf8_bad_tags; t.tag_count = 1; expect_rejected(set, &t, CALGRID_EINVAL, "tags", __LINE__);
    t = week_todo("x"); t.tag_count = (size_t)-1;   expect_rejected(set, &t, CALGRID_EINVAL, "tags", __LINE__);
    t = week_todo("x"); t.struct_size = 0;          expect_rejected(set, &t, CALGRID_EINVAL, "struct_size", __LINE__);
    t = week_todo("x"); t.struct_size = sizeof t - 1; expect_rejected(set, &t, CALGRID_EINVAL, "struct_size", __LINE__);

    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_todo_set_add(NULL, NULL, &t, &err), CALGRID_EINVAL);
    CHECK_EQ(err.status, CALGRID_EINVAL); CHECK_EQ(err.record_index, -1);
    CHECK_EQ(calgrid_todo_set_add(NULL, set, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_add(NULL, set, NULL, NULL), CALGRID_EINVAL);
    CHECK_EQ(check_set_count(set), 1);
    calgrid_todo_set_free(set);
}

static void test_batches_and_removal(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo batch[3];
    calgrid_error err;
    size_t index = 0;
    char buf[16];

    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    batch[0] = week_todo("a"); batch[1] = week_todo("b"); batch[2] = week_todo("c");
    batch[1].end = check_date(2023, 1, 1);                         /* the second one is bad */
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, 3, &err), CALGRID_EINVAL);
    CHECK_EQ(err.record_index, 1); CHECK_STR(err.field, "endDate");
    CHECK_EQ(check_set_count(set), 0);                             /* all or nothing */
    batch[1] = week_todo("a");                              /* a duplicate within the batch */
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, 3, &err), CALGRID_EEXIST);
    CHECK_EQ(err.record_index, 1); CHECK_STR(err.field, "id");
    CHECK_EQ(check_set_count(set), 0);
    batch[1] = week_todo("b");
    batch[2].id = "\xFF";
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, 3, &err), CALGRID_EINVAL);
    CHECK_EQ(err.record_index, 2);
    batch[2] = week_todo("c");
    batch[2].struct_size = sizeof batch[2] + 8;             /* elements must share one size */
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, 3, &err), CALGRID_EINVAL);
    CHECK_EQ(err.record_index, 2);
    batch[2] = week_todo("c");
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, 3, &err), CALGRID_OK);
    CHECK_EQ(check_set_count(set), 3);
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, 0, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_add_many(set, NULL, 0, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_add_many(set, NULL, 1, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, (size_t)-1, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_add_many(set, batch, SIZE_MAX / 16, &err), CALGRID_EINVAL);   /* stride * count overflows */
    CHECK_EQ(calgrid_todo_set_add_many(NULL, batch, 3, &err), CALGRID_EINVAL);
    CHECK_EQ(check_set_count(set), 3);

    /* Update in place, keeping the position; an id clash is rejected. */
    batch[0] = week_todo("b");
    CHECK_EQ(calgrid_todo_set_update(set, 0, &batch[0], &err), CALGRID_EEXIST);
    CHECK_EQ(err.record_index, 0);
    batch[0] = week_todo("a2");
    batch[0].title = "renamed";
    CHECK_EQ(calgrid_todo_set_update(set, 0, &batch[0], &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_find(&index, set, "a2"), CALGRID_OK); CHECK_EQ(index, 0);
    CHECK_EQ(calgrid_todo_set_find(&index, set, "a"), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, NULL, set, 0, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
    CHECK_STR(buf, "renamed");
    batch[0].start = CALGRID_DATE_MAX + 1;
    CHECK_EQ(calgrid_todo_set_update(set, 0, &batch[0], &err), CALGRID_ERANGE);
    CHECK_STR(err.field, "startDate"); CHECK_EQ(err.record_index, 0);
    CHECK_EQ(calgrid_todo_set_update(set, 3, &batch[1], &err), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_update(set, (size_t)-1, &batch[1], &err), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_update(set, 0, NULL, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_update(NULL, 0, &batch[1], &err), CALGRID_EINVAL);

    /* Removal by index and by id; later todos move down. */
    CHECK_EQ(calgrid_todo_set_remove_at(set, 3), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_remove_at(set, (size_t)-1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_remove_at(NULL, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_remove_at(set, 0), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_find(&index, set, "c"), CALGRID_OK); CHECK_EQ(index, 1);
    CHECK_EQ(calgrid_todo_set_remove(set, "b"), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_remove(set, "b"), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_todo_set_remove(set, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_remove(NULL, "c"), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_find(&index, set, "c"), CALGRID_OK); CHECK_EQ(index, 0);
    CHECK_EQ(check_set_count(set), 1);
    calgrid_todo_set_free(set);
}

/* Many todos through many calls: exercises growth, the id index and removal under valgrind/ASan. */
static void test_many(void) {
    calgrid_todo_set *set = NULL;
    char id[32];
    size_t i, index = 0, bad = 0;
    calgrid_todo t = CALGRID_TODO_INIT;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    t.id = id;
    for (i = 0; i < 5000; i++) {
        snprintf(id, sizeof id, "todo-%lu", (unsigned long)i);
        t.start = check_date(2024, 1, 1) + (calgrid_date)(i % 400);
        t.end = t.start + (calgrid_date)(i % 30);
        if (calgrid_todo_set_add(&index, set, &t, NULL) != CALGRID_OK || index != i) bad++;
    }
    for (i = 0; i < 5000; i += 2) {
        snprintf(id, sizeof id, "todo-%lu", (unsigned long)i);
        if (calgrid_todo_set_remove(set, id) != CALGRID_OK) bad++;
    }
    for (i = 1; i < 5000; i += 2) {
        snprintf(id, sizeof id, "todo-%lu", (unsigned long)i);
        if (calgrid_todo_set_find(&index, set, id) != CALGRID_OK || index != i / 2) bad++;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(check_set_count(set), 2500);
    calgrid_todo_set_free(set);
}

/* occurrence_days: a weekly rule whose occurrences cover two days (Mon-Tue), counted on both; a
** tick on the Monday marks the Tuesday done; an older header's struct (CALGRID_TODO_SIZE_V3) and
** info (CALGRID_TODO_INFO_SIZE_V2) keep working; without a rule it is refused, field
** "occurrenceDays". The days are the calendar's (2024-01-01 is a Monday). */
static void test_occurrence_days(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo t = CALGRID_TODO_INIT;
    calgrid_todo_info info;
    calgrid_error err;
    calgrid_day_count c[9];
    size_t index = 99;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    t.id = "pair";
    t.title = "Two-day sprint";
    t.start = check_date(2024, 1, 1);
    t.end = check_date(2024, 1, 9);
    t.rrule = "FREQ=WEEKLY";
    t.occurrence_days = 2;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_day_counts(c, 9, set, check_date(2024, 1, 1), check_date(2024, 1, 9), CALGRID_KIND_ALL), CALGRID_OK);
    int want[9] = { 1, 1, 0, 0, 0, 0, 0, 1, 1 };
    for (int k = 0; k < 9; k++) CHECK_EQ(c[k].total, want[k]);
    CHECK_EQ(calgrid_todo_set_set_done(set, index, check_date(2024, 1, 1), 1), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_day_counts(c, 9, set, check_date(2024, 1, 1), check_date(2024, 1, 9), CALGRID_KIND_ALL), CALGRID_OK);
    CHECK(c[0].completed == 1 && c[1].completed == 1 && c[7].completed == 0);
    CHECK_EQ(calgrid_todo_set_set_done(set, index, check_date(2024, 1, 2), 1), CALGRID_ERANGE);   /* not an occurrence's first day */
    CHECK_EQ(check_get_info(&info, sizeof info, set, index), CALGRID_OK);
    CHECK_EQ(info.occurrence_days, 2);
    CHECK_EQ(info.tracked_day_count, 2);
    CHECK_EQ(check_get_info(&info, CALGRID_TODO_INFO_SIZE_V2, set, index), CALGRID_OK);
    CHECK_EQ(info.occurrence_days, 0);                                  /* not written past its size */
    calgrid_todo old = t;
    old.struct_size = CALGRID_TODO_SIZE_V3;
    old.id = "old";
    CHECK_EQ(calgrid_todo_set_add(&index, set, &old, &err), CALGRID_OK);   /* reads no occurrence_days: one day */
    info.struct_size = sizeof info;
    CHECK_EQ(calgrid_todo_set_get(&info, set, index), CALGRID_OK);
    CHECK_EQ(info.occurrence_days, 1);
    calgrid_todo bad = t;
    bad.id = "bad";
    bad.rrule = NULL;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &bad, &err), CALGRID_EINVAL);
    CHECK(strcmp(err.field, "occurrenceDays") == 0);
    calgrid_todo_set_free(set);
}

/* Times of day and a location: given back by calgrid_todo_set_get and CALGRID_TEXT_LOCATION; an
** older header's struct (CALGRID_TODO_SIZE_V4) adds an all-day item; a minute past 23:59 is ERANGE,
** field "startTime"; CALGRID_TODO_INFO_SIZE_V3 gets no times written. */
static void test_times(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo t = CALGRID_TODO_INIT;
    calgrid_todo_info info;
    calgrid_error err;
    char buf[32];
    size_t index = 99, length = 0;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    t.id = "meet";
    t.start = t.end = check_date(2026, 11, 3);
    t.is_event = 1;
    t.has_times = 1;
    t.start_minutes = 600;
    t.end_minutes = 660;
    t.location = "Room 4";
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(check_get_info(&info, sizeof info, set, index), CALGRID_OK);
    CHECK(info.has_times == 1 && info.start_minutes == 600 && info.end_minutes == 660);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &length, set, index, CALGRID_TEXT_LOCATION, 0), CALGRID_OK);
    CHECK(strcmp(buf, "Room 4") == 0 && length == 6);
    calgrid_todo old = t;
    old.struct_size = CALGRID_TODO_SIZE_V4;
    old.id = "old";
    CHECK_EQ(calgrid_todo_set_add(&index, set, &old, &err), CALGRID_OK);   /* reads no times, no location */
    CHECK_EQ(calgrid_todo_set_get(&info, set, index), CALGRID_OK);
    CHECK(info.has_times == 0 && info.start_minutes == -1 && info.end_minutes == -1);
    CHECK_EQ(calgrid_todo_set_text(buf, sizeof buf, &length, set, index, CALGRID_TEXT_LOCATION, 0), CALGRID_ENOTFOUND);
    CHECK_EQ(check_get_info(&info, CALGRID_TODO_INFO_SIZE_V3, set, 0), CALGRID_OK);
    CHECK(info.has_times == 0 && info.occurrence_days == 1);              /* not written past its size */
    calgrid_todo bad = t;
    bad.id = "bad";
    bad.end_minutes = 1440;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &bad, &err), CALGRID_ERANGE);
    CHECK(strcmp(err.field, "startTime") == 0);
    calgrid_todo_set_free(set);
}

/* The agenda of 2026-11-02 ... 2026-11-04: an all-day two-day trip, a weekly 10:00-11:00 meeting,
** a 09:00 call, an all-day todo "Alpha" on the 3rd and a 23:00-01:00 "Late" shift from the 3rd; by
** day, as khal list orders a day: by the occurrence's start (all-day as 00:00), then its end
** (Alpha, one day, before the two-day Trip), then by start time (call, meeting, shift); on the 4th
** the Trip and the shift, begun the day before, in their start order; ENOSPC with the count;
** EINVAL for a reversed range. */
static void test_occurrences(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo t = CALGRID_TODO_INIT;
    calgrid_error err;
    calgrid_occurrence o[8];
    size_t index = 0, n = 0;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    t.id = "trip"; t.title = "Trip"; t.is_event = 1;
    t.start = check_date(2026, 11, 3); t.end = check_date(2026, 11, 4);
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    t.id = "meet"; t.title = "Meeting"; t.start = check_date(2026, 11, 3); t.end = check_date(2026, 11, 17); t.rrule = "FREQ=WEEKLY";
    t.has_times = 1; t.start_minutes = 600; t.end_minutes = 660;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    t.id = "call"; t.title = "Call"; t.rrule = NULL; t.end = t.start; t.start_minutes = t.end_minutes = 540;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    calgrid_todo a = CALGRID_TODO_INIT;
    a.id = "alpha"; a.title = "Alpha"; a.start = a.end = check_date(2026, 11, 3);
    CHECK_EQ(calgrid_todo_set_add(&index, set, &a, &err), CALGRID_OK);
    t.id = "late"; t.title = "Late"; t.end = check_date(2026, 11, 4); t.start_minutes = 1380; t.end_minutes = 60;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_occurrences(o, 8, &n, set, check_date(2026, 11, 2), check_date(2026, 11, 4), CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(n, 7);
    size_t want_index[7] = { 3, 0, 2, 1, 4, 0, 4 };
    calgrid_date want_day[7] = { check_date(2026, 11, 3), check_date(2026, 11, 3), check_date(2026, 11, 3), check_date(2026, 11, 3), check_date(2026, 11, 3),
                                 check_date(2026, 11, 4), check_date(2026, 11, 4) };
    int want_start[7] = { -1, -1, 540, 600, 1380, -1, 1380 };
    for (int k = 0; k < 7; k++) {
        CHECK_EQ(o[k].index, want_index[k]);
        CHECK_EQ(o[k].date, want_day[k]);
        CHECK_EQ(o[k].start_minutes, want_start[k]);
        CHECK_EQ(o[k].has_times, want_start[k] >= 0);
    }
    CHECK_EQ(o[3].end_minutes, 660);
    CHECK_EQ(calgrid_todo_set_occurrences(o, 2, &n, set, check_date(2026, 11, 2), check_date(2026, 11, 4), CALGRID_KIND_ALL), CALGRID_ENOSPC);
    CHECK_EQ(n, 7);
    CHECK_EQ(calgrid_todo_set_occurrences(o, 8, &n, set, check_date(2026, 11, 10), check_date(2026, 11, 10), CALGRID_KIND_EVENTS), CALGRID_OK);
    CHECK(n == 1 && o[0].index == 1 && o[0].is_done == 0);
    CHECK_EQ(calgrid_todo_set_occurrences(o, 8, &n, set, check_date(2026, 11, 4), check_date(2026, 11, 3), CALGRID_KIND_ALL), CALGRID_EINVAL);
    calgrid_todo_set_free(set);
}

void test_todo_sets(void) {
    test_occurrences();
    test_times();
    test_occurrence_days();
    test_lifecycle();
    test_completion();
    test_validation();
    test_batches_and_removal();
    test_many();
}
