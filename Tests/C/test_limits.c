/* The header's limits as written (issue 24 item 5): every size_t that is a capacity, a length or a
** count is EINVAL once no object could be that large (more than PTRDIFF_MAX bytes of its element),
** by every call alike; positions past the end are ERANGE; the import options' ranges. */
#include <stdint.h>
#include "check.h"

static calgrid_todo_set *lim_set;
static calgrid_date lim_day;

static calgrid_date lim_date(int y, int m, int d) {
    calgrid_date out = 0;
    calgrid_date_from_ymd(&out, y, m, d);
    return out;
}

/* One call per capacity argument, with everything else valid and room enough at normal sizes. */
static char lim_text[64];
static size_t lim_indices[16];
static calgrid_day_count lim_counts[16];
static uint8_t lim_flags[16];
static calgrid_error lim_issues[2];

static int call_format_iso(size_t n) { return calgrid_date_format_iso(lim_text, n, lim_day); }
static int call_title_month(size_t n) { return calgrid_title_month(lim_text, n, 2026, 11, CALGRID_LANG_EN); }
static int call_title_date(size_t n) { return calgrid_title_date(lim_text, n, lim_day, CALGRID_LANG_KO); }
static int call_text(size_t n) { return calgrid_todo_set_text(lim_text, n, NULL, lim_set, 0, CALGRID_TEXT_TITLE, 0); }
static int call_completed_days(size_t n) { return calgrid_todo_set_completed_days(lim_flags, n, NULL, lim_set, 0); }
static int call_overlapping(size_t n) {
    return calgrid_todo_set_overlapping(lim_indices, n, NULL, lim_set, lim_day, lim_day + 6, CALGRID_KIND_ALL);
}
static int call_split(size_t n) {
    return calgrid_todo_set_split(lim_indices, n, NULL, lim_set, CALGRID_SPLIT_INCOMPLETE, lim_day, CALGRID_KIND_ALL);
}
static int call_search(size_t n) { return calgrid_todo_set_search(lim_indices, n, NULL, lim_set, "t", CALGRID_KIND_ALL); }
static int call_day_counts(size_t n) {
    return calgrid_todo_set_day_counts(lim_counts, n, lim_set, lim_day, lim_day + 6, CALGRID_KIND_ALL);
}
static int call_sort(size_t n) { return calgrid_todo_set_sort(lim_indices, n, lim_set, CALGRID_SORT_TITLE, 0); }
static int call_sort_indices(size_t n) {
    /* The count is both the input's length and the output's room: only small counts are real. */
    size_t in[3] = { 2, 0, 1 };
    return calgrid_todo_set_sort_indices(lim_indices, in, n, lim_set, CALGRID_SORT_TITLE, 1);
}
static int call_top(size_t n) { return calgrid_todo_set_top(lim_indices, n, NULL, lim_set, CALGRID_SORT_DEADLINE, 0, 0, 2); }
static int call_report(size_t n) {
    calgrid_import_report r;
    memset(&r, 0, sizeof r);
    r.struct_size = sizeof r;
    r.issues = lim_issues;
    r.issue_capacity = n;
    calgrid_todo_set *s = NULL;
    calgrid_todo_set_new(&s);
    int status = calgrid_todo_set_import_buffer(&r, s, "[]", 2, NULL, NULL);
    calgrid_todo_set_free(s);
    return status;
}

typedef struct lim_case {
    const char *name;
    size_t element;         /* bytes per entry of the capacity */
    size_t enough;          /* a capacity with room for the answer */
    size_t too_small;       /* a capacity without (0 when no such capacity is ENOSPC) */
    int (*call)(size_t);
} lim_case;

static const lim_case lim_cases[] = {
    { "date_format_iso", 1, CALGRID_ISO_DATE_SIZE, CALGRID_ISO_DATE_SIZE - 1, call_format_iso },
    { "title_month", 1, CALGRID_MONTH_TITLE_SIZE, 5, call_title_month },
    { "title_date", 1, CALGRID_DATE_TITLE_SIZE, 5, call_title_date },
    { "todo_set_text", 1, 16, 2, call_text },
    { "todo_set_completed_days", 1, 16, 1, call_completed_days },
    { "todo_set_overlapping", sizeof(size_t), 16, 1, call_overlapping },
    { "todo_set_split", sizeof(size_t), 16, 1, call_split },
    { "todo_set_search", sizeof(size_t), 16, 1, call_search },
    { "todo_set_day_counts", sizeof(calgrid_day_count), 7, 6, call_day_counts },
    { "todo_set_sort", sizeof(size_t), 16, 2, call_sort },
    { "todo_set_sort_indices", sizeof(size_t), 3, 0, call_sort_indices },
    { "todo_set_top", sizeof(size_t), 16, 1, call_top },
    { "import_report.issue_capacity", sizeof(calgrid_error), 2, 0, call_report },
};

static void check_case(const lim_case *c) {
    size_t fits = (size_t)PTRDIFF_MAX / c->element;           /* the largest capacity any object can have */
    int got;
    got = c->call(SIZE_MAX);
    if (got != CALGRID_EINVAL) fprintf(stderr, "%s(SIZE_MAX) = %d\n", c->name, got);
    CHECK_EQ(got, CALGRID_EINVAL);
    got = c->call((size_t)PTRDIFF_MAX + 1);
    if (got != CALGRID_EINVAL) fprintf(stderr, "%s(PTRDIFF_MAX + 1) = %d\n", c->name, got);
    CHECK_EQ(got, CALGRID_EINVAL);
    got = c->call(fits + 1);
    if (got != CALGRID_EINVAL) fprintf(stderr, "%s(PTRDIFF_MAX / %zu + 1) = %d\n", c->name, c->element, got);
    CHECK_EQ(got, CALGRID_EINVAL);
    got = c->call(c->enough);
    if (got != CALGRID_OK) fprintf(stderr, "%s(%zu) = %d\n", c->name, c->enough, got);
    CHECK_EQ(got, CALGRID_OK);
    if (c->too_small) {
        got = c->call(c->too_small);
        if (got != CALGRID_ENOSPC) fprintf(stderr, "%s(%zu) = %d\n", c->name, c->too_small, got);
        CHECK_EQ(got, CALGRID_ENOSPC);
    }
    /* The largest capacity that fits is accepted: the call writes only what its answer needs. */
    if (c->call != call_sort_indices && c->call != call_report) {
        got = c->call(fits);
        if (got != CALGRID_OK) fprintf(stderr, "%s(PTRDIFF_MAX / %zu) = %d\n", c->name, c->element, got);
        CHECK_EQ(got, CALGRID_OK);
    }
}

static void test_input_lengths(void) {
    calgrid_error err;
    calgrid_date d = 0;
    calgrid_tz *tz = NULL;
    CHECK_EQ(calgrid_date_parse_iso(&d, "2026-11-29", CALGRID_NUL_TERMINATED, &err), CALGRID_OK);
    CHECK_EQ(d, lim_date(2026, 11, 29));
    CHECK_EQ(calgrid_date_parse_iso(&d, "2026-11-29", SIZE_MAX - 1, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_date_parse_iso(&d, "2026-11-29", (size_t)PTRDIFF_MAX + 1, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_tz_from_tzif(&tz, "TZif", SIZE_MAX, "x", &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_tz_from_tzif(&tz, "TZif", (size_t)PTRDIFF_MAX + 1, "x", &err), CALGRID_EINVAL);
    CHECK(tz == NULL);
    CHECK_EQ(calgrid_todo_set_import_buffer(NULL, lim_set, "[]", (size_t)PTRDIFF_MAX + 1, NULL, &err), CALGRID_EINVAL);

    /* Counts of caller arrays: todos for add_many, tags of a todo. */
    calgrid_todo t = CALGRID_TODO_INIT;
    const char *tags[1] = { "a" };
    size_t before = 0, after = 0;
    calgrid_todo_set_count(&before, lim_set);
    t.id = "many";
    CHECK_EQ(calgrid_todo_set_add_many(lim_set, &t, (size_t)PTRDIFF_MAX / sizeof(calgrid_todo) + 1, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_add_many(lim_set, &t, SIZE_MAX, &err), CALGRID_EINVAL);
    t.tags = tags;
    t.tag_count = (size_t)PTRDIFF_MAX / sizeof(char *) + 1;
    CHECK_EQ(calgrid_todo_set_add(NULL, lim_set, &t, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "tags");
    t.tag_count = (size_t)PTRDIFF_MAX + 1;
    CHECK_EQ(calgrid_todo_set_add(NULL, lim_set, &t, &err), CALGRID_EINVAL);
    calgrid_todo_set_count(&after, lim_set);
    CHECK_EQ(after, before);
    t.tag_count = 1;
    CHECK_EQ(calgrid_todo_set_add(NULL, lim_set, &t, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_remove(lim_set, "many"), CALGRID_OK);

    /* Positions past the end are ERANGE, not EINVAL. */
    CHECK_EQ(calgrid_todo_set_text(lim_text, sizeof lim_text, NULL, lim_set, SIZE_MAX, CALGRID_TEXT_ID, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_text(lim_text, sizeof lim_text, NULL, lim_set, 0, CALGRID_TEXT_TAG, SIZE_MAX), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_remove_at(lim_set, (size_t)PTRDIFF_MAX + 1), CALGRID_ERANGE);
    /* calgrid_todo_set_top: any offset and limit. */
    size_t n = 99;
    CHECK_EQ(calgrid_todo_set_top(lim_indices, 16, &n, lim_set, CALGRID_SORT_TITLE, 0, SIZE_MAX, SIZE_MAX), CALGRID_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(calgrid_todo_set_top(lim_indices, 16, &n, lim_set, CALGRID_SORT_TITLE, 0, 1, SIZE_MAX), CALGRID_OK);
    CHECK_EQ(n, 2);
}

#define LIM_RECORD "[{\"id\":\"a\",\"title\":\"t\",\"x\":[[1]]}]"
static int import_with(const calgrid_import_options *o) {
    calgrid_todo_set *s = NULL;
    calgrid_error err;
    calgrid_todo_set_new(&s);
    int status = calgrid_todo_set_import_buffer(NULL, s, LIM_RECORD, sizeof LIM_RECORD - 1, o, &err);
    calgrid_todo_set_free(s);
    return status;
}

static void test_import_option_ranges(void) {
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    /* max_depth: 1 ... 32 as the header says; 33 and more are EINVAL, like a negative limit. */
    o.max_depth = 32;   CHECK_EQ(import_with(&o), CALGRID_OK);
    o.max_depth = 3;    CHECK_EQ(import_with(&o), CALGRID_OK);
    o.max_depth = 2;    CHECK_EQ(import_with(&o), CALGRID_ELIMIT);
    o.max_depth = 33;   CHECK_EQ(import_with(&o), CALGRID_EINVAL);
    o.max_depth = 1000; CHECK_EQ(import_with(&o), CALGRID_EINVAL);
    o.max_depth = INT64_MAX; CHECK_EQ(import_with(&o), CALGRID_EINVAL);
    o.max_depth = -1;   CHECK_EQ(import_with(&o), CALGRID_EINVAL);
    o.max_depth = 0;
    /* The other limits take any positive value (INT64_MAX: no tighter than memory). */
    o.max_input_bytes = INT64_MAX; o.max_string_bytes = INT64_MAX; o.max_record_bytes = INT64_MAX;
    o.max_span_days = INT64_MAX; o.max_records = INT64_MAX;
    CHECK_EQ(import_with(&o), CALGRID_OK);
    o.max_span_days = INT64_MIN; CHECK_EQ(import_with(&o), CALGRID_EINVAL);
    o.max_span_days = 0;
    /* threads: negative EINVAL, any other count accepted (more than 8 work as 8). */
    o.threads = 1000; CHECK_EQ(import_with(&o), CALGRID_OK);
    o.threads = -5;   CHECK_EQ(import_with(&o), CALGRID_EINVAL);
    o.threads = 0;
    /* utc_offset_seconds: within +-25:59:59. */
    o.utc_offset_seconds = 93599;  CHECK_EQ(import_with(&o), CALGRID_OK);
    o.utc_offset_seconds = -93599; CHECK_EQ(import_with(&o), CALGRID_OK);
    o.utc_offset_seconds = 93600;  CHECK_EQ(import_with(&o), CALGRID_ERANGE);
    o.utc_offset_seconds = INT32_MIN; CHECK_EQ(import_with(&o), CALGRID_ERANGE);
}

static void test_date_steps(void) {
    /* Steps as wide as int64_t are ERANGE (never a trap where Int is 32 bits). */
    calgrid_date d = 0;
    CHECK_EQ(calgrid_date_add_days(&d, lim_day, INT64_MAX), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, lim_day, INT64_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_months(&d, lim_day, INT64_MAX), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_years(&d, lim_day, INT64_MIN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, lim_day, (int64_t)1 << 33), CALGRID_ERANGE);
    CHECK_EQ(calgrid_date_add_days(&d, lim_day, 3), CALGRID_OK);
    CHECK_EQ(d, lim_day + 3);
}

void test_limits(void) {
    calgrid_error err;
    const char *names[3] = { "c", "a", "b" };
    lim_day = lim_date(2026, 11, 23);
    CHECK_EQ(calgrid_todo_set_new(&lim_set), CALGRID_OK);
    for (int k = 0; k < 3; k++) {
        calgrid_todo t = CALGRID_TODO_INIT;
        t.id = names[k];
        t.title = "title";
        t.start = lim_day;
        t.end = lim_day + 2;
        CHECK_EQ(calgrid_todo_set_add(NULL, lim_set, &t, &err), CALGRID_OK);
    }
    for (size_t k = 0; k < sizeof lim_cases / sizeof lim_cases[0]; k++) check_case(&lim_cases[k]);
    test_input_lengths();
    test_import_option_ranges();
    test_date_steps();
    calgrid_todo_set_free(lim_set);
    lim_set = NULL;
}
