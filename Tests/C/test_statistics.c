/* Whole-set statistics through the C API, against the same figures summed in C from
** calgrid_todo_set_get, todo by todo; hand-counted values for a small set; every error path. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

/* The statistics summed from each todo's calgrid_todo_info: the per-todo calls are the oracle. */
static calgrid_todo_statistics summed(const calgrid_todo_set *set, calgrid_date today) {
    calgrid_todo_statistics r;
    size_t i, n = 0;
    memset(&r, 0, sizeof r);
    r.struct_size = sizeof r;
    r.earliest_start = CALGRID_DATE_NONE; r.latest_end = CALGRID_DATE_NONE;
    if (calgrid_todo_set_count(&n, set) != CALGRID_OK) return r;
    r.count = n;
    for (i = 0; i < n; i++) {
        calgrid_todo_info info;
        int has_start, has_end;
        info.struct_size = sizeof info;
        if (calgrid_todo_set_get(&info, set, i) != CALGRID_OK) { r.count = (size_t)-1; return r; }
        has_start = info.start != CALGRID_DATE_NONE; has_end = info.end != CALGRID_DATE_NONE;
        if (info.is_challenge) r.challenges++;
        if (has_start && has_end) r.dated++; else if (has_start || has_end) r.open_ended++; else r.undated++;
        if (info.is_done) r.done++;
        if (has_end && info.end < today && !info.is_done) r.overdue++;
        r.tracked_days += info.tracked_day_count;
        r.done_days += info.done_day_count;
        if (has_start && (r.earliest_start == CALGRID_DATE_NONE || info.start < r.earliest_start)) r.earliest_start = info.start;
        if (has_end && (r.latest_end == CALGRID_DATE_NONE || info.end > r.latest_end)) r.latest_end = info.end;
        if (has_start && has_end && (int64_t)info.end - info.start + 1 > r.longest_days) {
            r.longest_days = (int64_t)info.end - info.start + 1;
            r.longest_index = i;
        }
    }
    return r;
}

#define SAME(member) check_report_int((long long)got.member, (long long)want.member, __FILE__, line, #member " == the sum's")

static void expect_same(const calgrid_todo_set *set, calgrid_date today, int line) {
    calgrid_todo_statistics got, want = summed(set, today);
    memset(&got, 0xEE, sizeof got);
    got.struct_size = sizeof got;
    check_report_int(calgrid_todo_set_statistics(&got, set, today), CALGRID_OK, __FILE__, line, "statistics == OK");
    check_report(want.count != (size_t)-1, __FILE__, line, "every todo read back");
    SAME(struct_size); SAME(count); SAME(challenges); SAME(dated); SAME(open_ended); SAME(undated);
    SAME(done); SAME(overdue); SAME(tracked_days); SAME(done_days); SAME(earliest_start); SAME(latest_end);
    SAME(longest_days); SAME(longest_index);
}

static calgrid_todo blank(const char *id) {
    calgrid_todo t = CALGRID_TODO_INIT;
    t.id = id;
    t.title = id;
    return t;
}

/* run (week, challenge, 2 of 7 done), deadline (end only), later (start only), someday (undated,
** completed), trip (2024-03-01...2024-03-31, weekends: 10 days, all done). */
static calgrid_todo_set *small_set(void) {
    static const uint8_t week[7] = { 1, 1, 0, 0, 0, 0, 0 };
    static uint8_t trip[10];
    calgrid_todo_set *set = NULL;
    calgrid_todo t;
    memset(trip, 1, sizeof trip);
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return NULL;
    t = blank("run"); t.is_challenge = 1;
    t.start = check_date(2024, 1, 1); t.end = check_date(2024, 1, 7); t.completed_days = week; t.completed_day_count = 7;
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    t = blank("deadline"); t.end = check_date(2024, 1, 3);
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    t = blank("later"); t.start = check_date(2023, 12, 30);
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    t = blank("someday"); t.is_completed = 1;
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    t = blank("trip"); t.start = check_date(2024, 3, 1); t.end = check_date(2024, 3, 31);
    t.repetition = 0x41u; t.completed_days = trip; t.completed_day_count = 10;   /* Sundays and Saturdays */
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    return set;
}

static void test_small_set(void) {
    calgrid_todo_set *set = small_set();
    calgrid_todo_set *empty = NULL;
    calgrid_todo_statistics s;
    memset(&s, 0xEE, sizeof s);
    s.struct_size = sizeof s;
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, check_date(2024, 1, 5)), CALGRID_OK);
    CHECK_EQ(s.struct_size, sizeof s);
    CHECK_EQ(s.count, 5); CHECK_EQ(s.challenges, 1);
    CHECK_EQ(s.dated, 2); CHECK_EQ(s.open_ended, 2); CHECK_EQ(s.undated, 1);
    CHECK_EQ(s.done, 2); CHECK_EQ(s.overdue, 1);                 /* trip and someday done; deadline overdue */
    CHECK_EQ(s.tracked_days, 7 + 10); CHECK_EQ(s.done_days, 2 + 10);
    CHECK_EQ(s.earliest_start, check_date(2023, 12, 30)); CHECK_EQ(s.latest_end, check_date(2024, 3, 31));
    CHECK_EQ(s.longest_days, 31); CHECK_EQ(s.longest_index, 4);
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, check_date(2024, 1, 2)), CALGRID_OK);
    CHECK_EQ(s.overdue, 0);                                      /* the deadline is tomorrow */
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, check_date(2024, 4, 1)), CALGRID_OK);
    CHECK_EQ(s.overdue, 2);                                      /* run ended unfinished too */
    expect_same(set, check_date(2024, 1, 5), __LINE__);
    expect_same(set, check_date(2030, 1, 1), __LINE__);

    CHECK_EQ(calgrid_todo_set_new(&empty), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_statistics(&s, empty, check_date(2024, 1, 5)), CALGRID_OK);
    CHECK_EQ(s.count, 0); CHECK_EQ(s.dated + s.open_ended + s.undated, 0); CHECK_EQ(s.done, 0);
    CHECK_EQ(s.earliest_start, CALGRID_DATE_NONE); CHECK_EQ(s.latest_end, CALGRID_DATE_NONE);
    CHECK_EQ(s.longest_days, 0); CHECK_EQ(s.longest_index, 0);
    calgrid_todo_set_free(empty);
    calgrid_todo_set_free(set);
}

/* A bigger set with every shape, and an imported one. */
static void test_against_sums(void) {
    calgrid_todo_set *set = NULL;
    calgrid_todo t = CALGRID_TODO_INIT;
    calgrid_error err;
    char id[32], path[512];
    uint8_t flags[64];
    size_t i;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    t.id = id; t.title = "t";
    for (i = 0; i < 3000; i++) {
        uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15u;
        size_t k, span = (size_t)(x >> 58);                    /* 0 ... 63 */
        snprintf(id, sizeof id, "t%lu", (unsigned long)i);
        t.start = (x >> 3) % 3 == 0 ? CALGRID_DATE_NONE : check_date(2024, 1, 1) + (calgrid_date)((x >> 8) % 500);
        t.end = (x >> 5) % 4 == 0 ? CALGRID_DATE_NONE
              : (t.start == CALGRID_DATE_NONE ? check_date(2024, 1, 1) + (calgrid_date)((x >> 20) % 500) : t.start + (calgrid_date)span);
        t.is_challenge = (int)((x >> 11) & 1);
        t.is_completed = (int)((x >> 13) & 1);
        t.repetition = (unsigned)((x >> 40) % CALGRID_EVERY_DAY) + 1u;
        for (k = 0; k < sizeof flags; k++) flags[k] = (uint8_t)((x >> (k % 61)) & 1);
        t.completed_days = NULL; t.completed_day_count = 0;
        if (t.start != CALGRID_DATE_NONE && t.end != CALGRID_DATE_NONE) {
            size_t n = 0;
            calgrid_date d;
            for (d = t.start; d <= t.end; d++) {
                int w = (int)(((int64_t)d % 7 + 11) % 7);      /* 0 = Sunday; 1970-01-01 was a Thursday */
                if (t.repetition & (1u << w)) n++;
            }
            if (n > 0) { t.completed_days = flags; t.completed_day_count = n; }
        }
        CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    }
    for (i = 0; i < 3000; i += 7) CHECK_EQ(calgrid_todo_set_remove_at(set, i / 7), CALGRID_OK);
    expect_same(set, check_date(2024, 6, 1), __LINE__);
    expect_same(set, check_date(2023, 1, 1), __LINE__);
    calgrid_todo_set_free(set);

    set = NULL;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    snprintf(path, sizeof path, "%s/todos.json", check_data_dir);
    CHECK_EQ(calgrid_todo_set_import_file(NULL, set, path, NULL, &err), CALGRID_OK);
    expect_same(set, check_date(2026, 11, 15), __LINE__);
    calgrid_todo_set_free(set);
}

static void test_errors(void) {
    calgrid_todo_set *set = small_set();
    calgrid_todo_statistics s, before;
    memset(&s, 0xEE, sizeof s);
    s.struct_size = sizeof s;
    before = s;
    CHECK_EQ(calgrid_todo_set_statistics(NULL, set, check_date(2024, 1, 5)), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_statistics(&s, NULL, check_date(2024, 1, 5)), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, CALGRID_DATE_NONE), CALGRID_ERANGE);
    s.struct_size = sizeof s - 1; before.struct_size = s.struct_size;
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, check_date(2024, 1, 5)), CALGRID_EINVAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);                  /* failures leave *out alone */
    calgrid_todo_set_free(set);
}

void test_statistics(void) {
    test_small_set();
    test_against_sums();
    test_errors();
}
