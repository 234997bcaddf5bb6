/* Queries, per-day counts and sorts, each checked against a naive computation in C from the
** todos' own definitions (span, open ends, repetition mask, completion flags). */
#include <stdint.h>
#include <stdlib.h>
#include "check.h"
#include "split_oracle.h"

#define N_TODOS 300
#define BASE 19723            /* 2024-01-01, a Monday */

typedef struct model {
    char id[16];
    char title[32];
    calgrid_date start, end;  /* CALGRID_DATE_NONE = open */
    int64_t created_at;       /* CALGRID_TIMESTAMP_NONE = unknown */
    unsigned repetition;
    int is_challenge, is_completed;
    uint8_t flags[120];
    size_t nflags;
} model;

static model todos[N_TODOS];
static unsigned rng = 12345;
static unsigned next_random(void) { rng = rng * 1103515245u + 12345u; return (rng >> 8) & 0xFFFFu; }

static int weekday_of(long d) { return (int)((((d + 4) % 7) + 7) % 7); }
static int on_repetition(const model *m, long d) { return (m->repetition >> weekday_of(d)) & 1u; }

static int falls_on(const model *m, long d) {
    if (m->start == CALGRID_DATE_NONE && m->end == CALGRID_DATE_NONE) return 0;
    if (m->start != CALGRID_DATE_NONE && d < m->start) return 0;
    if (m->end != CALGRID_DATE_NONE && d > m->end) return 0;
    return on_repetition(m, d);
}
static int tracked(const model *m) { return m->start != CALGRID_DATE_NONE && m->end != CALGRID_DATE_NONE; }
static int done_on(const model *m, long d) {
    long k, pos = 0;
    if (!falls_on(m, d)) return 0;
    if (!tracked(m)) return m->is_completed;
    for (k = m->start; k < d; k++) pos += on_repetition(m, k);
    return m->flags[pos];
}
static int done_overall(const model *m) {
    size_t k, n = 0;
    if (tracked(m) && m->nflags > 0) { for (k = 0; k < m->nflags; k++) n += m->flags[k]; return n == m->nflags; }
    return m->is_completed;
}

static calgrid_todo_set *build(void) {
    calgrid_todo_set *set = NULL;
    int i;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return NULL;
    for (i = 0; i < N_TODOS; i++) {
        model *m = &todos[i];
        calgrid_todo t = CALGRID_TODO_INIT;
        unsigned shape = next_random() % 10;
        long k;
        snprintf(m->id, sizeof m->id, "t%03d", i);
        snprintf(m->title, sizeof m->title, "%c%s task %u", "aBcD"[next_random() % 4], i % 3 ? "Run" : "read",
                 next_random() % 7);
        m->start = (calgrid_date)(BASE + (long)(next_random() % 60));
        m->end = (calgrid_date)(m->start + (long)(next_random() % 30));
        if (shape == 0) m->start = CALGRID_DATE_NONE;
        if (shape == 1) m->end = CALGRID_DATE_NONE;
        if (shape == 2) m->start = m->end = CALGRID_DATE_NONE;
        m->created_at = next_random() % 5 == 0 ? CALGRID_TIMESTAMP_NONE : (int64_t)(next_random() % 50) * 86400;
        m->repetition = next_random() % 3 == 0 ? 1u + next_random() % 127u : CALGRID_EVERY_DAY;
        m->is_challenge = (int)(next_random() % 2);
        m->is_completed = (int)(next_random() % 2);
        m->nflags = 0;
        if (tracked(m)) {
            for (k = m->start; k <= m->end; k++)
                if (on_repetition(m, k)) m->flags[m->nflags++] = (uint8_t)(next_random() % 3 == 0);
        }
        t.id = m->id; t.title = m->title; t.start = m->start; t.end = m->end; t.created_at = m->created_at;
        t.repetition = m->repetition; t.is_challenge = m->is_challenge; t.is_completed = m->is_completed;
        if (tracked(m)) { t.completed_days = m->flags; t.completed_day_count = m->nflags; }
        if (calgrid_todo_set_add(NULL, set, &t, NULL) != CALGRID_OK) fprintf(stderr, "could not add %s\n", m->id);
    }
    return set;
}

static int kind_ok(const model *m, calgrid_todo_kind kind) {
    return kind == CALGRID_KIND_ALL || (kind == CALGRID_KIND_CHALLENGES) == (m->is_challenge == 1);
}

static void test_overlap_and_counts(calgrid_todo_set *set) {
    static size_t got[N_TODOS];
    static calgrid_day_count counts[100];
    size_t n = 0, i;
    long first, last, bad = 0, d;
    int kind;
    for (kind = 0; kind < 3; kind++) {
        for (first = BASE - 5; first < BASE + 95; first += 7) {
            last = first + (first % 3 == 0 ? 0 : first % 11);
            size_t want = 0;
            if (calgrid_todo_set_overlapping(got, N_TODOS, &n, set, (calgrid_date)first, (calgrid_date)last,
                                             (calgrid_todo_kind)kind) != CALGRID_OK) { bad++; continue; }
            for (i = 0; i < N_TODOS; i++) {
                int hit = 0;
                for (d = first; d <= last && !hit; d++) hit = falls_on(&todos[i], d);
                if (hit && kind_ok(&todos[i], (calgrid_todo_kind)kind)) {
                    if (want >= n || got[want] != i) bad++;
                    want++;
                }
            }
            if (want != n) bad++;
            /* The count alone: the same number, nothing listed. */
            size_t counted = (size_t)-1;
            if (calgrid_todo_set_count_overlapping(&counted, set, (calgrid_date)first, (calgrid_date)last,
                                                   (calgrid_todo_kind)kind) != CALGRID_OK || counted != want) bad++;
        }
        /* Per-day counts over the whole stretch. */
        if (calgrid_todo_set_day_counts(counts, 100, set, BASE - 5, BASE + 94, (calgrid_todo_kind)kind) != CALGRID_OK) bad++;
        for (d = 0; d < 100; d++) {
            int total = 0, completed = 0;
            for (i = 0; i < N_TODOS; i++)
                if (kind_ok(&todos[i], (calgrid_todo_kind)kind) && falls_on(&todos[i], BASE - 5 + d)) {
                    total++;
                    completed += done_on(&todos[i], BASE - 5 + d);
                }
            if (counts[d].total != total || counts[d].completed != completed) bad++;
        }
    }
    CHECK_EQ(bad, 0);

    /* Sizing protocol and errors. */
    CHECK_EQ(calgrid_todo_set_overlapping(NULL, 0, &n, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_ENOSPC);
    CHECK(n > 0);
    got[0] = (size_t)-7;   /* an array too small is left as it was: no prefix of the answer */
    CHECK_EQ(calgrid_todo_set_overlapping(got, n - 1, &i, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_ENOSPC);
    CHECK_EQ(i, n);
    CHECK_EQ(got[0], (size_t)-7);
    CHECK_EQ(calgrid_todo_set_overlapping(got, n, NULL, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_overlapping(NULL, n, NULL, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_overlapping(got, (size_t)-1, NULL, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_overlapping(got, N_TODOS, &n, set, BASE + 1, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_overlapping(got, N_TODOS, &n, set, CALGRID_DATE_NONE, BASE, CALGRID_KIND_ALL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_overlapping(got, N_TODOS, &n, set, BASE, BASE, (calgrid_todo_kind)5), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_overlapping(got, N_TODOS, &n, NULL, BASE, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_count_overlapping(NULL, set, BASE, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_count_overlapping(&i, set, BASE + 1, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_count_overlapping(&i, set, CALGRID_DATE_NONE, BASE, CALGRID_KIND_ALL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_count_overlapping(&i, set, BASE, BASE, (calgrid_todo_kind)5), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_count_overlapping(&i, NULL, BASE, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    n = 0;
    CHECK_EQ(calgrid_todo_set_overlapping(got, N_TODOS, &n, set, BASE + 4000, BASE + 4000, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_count_overlapping(&i, set, BASE + 4000, BASE + 4000, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(i, n);
    CHECK(n > 0);   /* the todos without an end are open to the right */
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 10, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 11, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 11, set, BASE + 10, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, (size_t)-1, set, BASE, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day_counts(NULL, 11, set, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 11, NULL, BASE, BASE + 10, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 11, set, BASE, CALGRID_DATE_MAX + 1, CALGRID_KIND_ALL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 11, set, BASE, BASE, (calgrid_todo_kind)9), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 1, set, CALGRID_DATE_MAX, CALGRID_DATE_MAX, CALGRID_KIND_ALL), CALGRID_OK);
}

static void test_grid_counts(calgrid_todo_set *set) {
    calgrid_month_grid g;
    calgrid_day_count cells[CALGRID_GRID_MAX_CELLS], days[CALGRID_GRID_MAX_CELLS];
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    int i, bad = 0;
    o.rows = CALGRID_ROWS_AUTO;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 2, &o), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_day_counts(days, CALGRID_GRID_MAX_CELLS, set, g.cells[0].date,
                                         g.cells[g.cell_count - 1].date, CALGRID_KIND_ALL), CALGRID_OK);
    for (i = 0; i < g.cell_count; i++) bad += cells[i].total != days[i].total || cells[i].completed != days[i].completed;
    for (i = g.cell_count; i < CALGRID_GRID_MAX_CELLS; i++) bad += cells[i].total != 0 || cells[i].completed != 0;
    CHECK_EQ(bad, 0);
    CHECK(g.cell_count == 35);
    /* January of year 1 starts with a cell of year 0, which counts 0. */
    CHECK_EQ(calgrid_month_grid_fill(&g, 1, 1, NULL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(cells[0].total, 0);
    CHECK_EQ(calgrid_month_grid_fill(&g, 9999, 12, NULL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK(cells[41].total == 0 && cells[0].total > 0);   /* open-ended todos reach 9999; year 10000 counts 0 */
    g.cell_count = 0;
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, CALGRID_KIND_ALL), CALGRID_EINVAL);
    g.cell_count = 43;
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, CALGRID_KIND_ALL), CALGRID_EINVAL);
    g.cell_count = 42;
    g.cells[0].date = INT32_MIN;                          /* wholly outside the calendar: all zero */
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(cells[0].total, 0);
    g.cells[0].date = INT32_MAX - 3;
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_grid_counts(NULL, set, &g, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, NULL, &g, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, NULL, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_grid_counts(cells, set, &g, (calgrid_todo_kind)5), CALGRID_EINVAL);
}

static void test_splits_and_search(calgrid_todo_set *set) {
    static size_t got[N_TODOS];
    size_t n = 0, i, want;
    long bad = 0, day;
    int split, kind;
    for (kind = 0; kind < 3; kind++)
        for (split = 0; split < 5; split++)
            for (day = BASE - 3; day < BASE + 95; day += 9) {
                if (calgrid_todo_set_split(got, N_TODOS, &n, set, (calgrid_split)split, (calgrid_date)day,
                                           (calgrid_todo_kind)kind) != CALGRID_OK) { bad++; continue; }
                want = 0;
                for (i = 0; i < N_TODOS; i++) {
                    const model *m = &todos[i];
                    int in = split_oracle_contains(split, day, falls_on(m, day), done_on(m, day), m->start, m->end,
                                                   done_overall(m));
                    if (in && kind_ok(m, (calgrid_todo_kind)kind)) {
                        if (want >= n || got[want] != i) bad++;
                        want++;
                    }
                }
                if (want != n) bad++;
            }
    CHECK_EQ(bad, 0);
    CHECK_EQ(calgrid_todo_set_split(got, N_TODOS, &n, set, (calgrid_split)5, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_split(got, N_TODOS, &n, set, CALGRID_SPLIT_OVERDUE, CALGRID_DATE_NONE, CALGRID_KIND_ALL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_split(got, N_TODOS, &n, set, CALGRID_SPLIT_OVERDUE, BASE, (calgrid_todo_kind)7), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_split(got, 0, &n, set, CALGRID_SPLIT_NO_DEADLINE, BASE, CALGRID_KIND_ALL), CALGRID_ENOSPC);
    CHECK(n > 0);
    CHECK_EQ(calgrid_todo_set_split(got, N_TODOS, &n, NULL, CALGRID_SPLIT_OVERDUE, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);

    /* Title search ignores ASCII case only. */
    CHECK_EQ(calgrid_todo_set_search(got, N_TODOS, &n, set, "RUN", CALGRID_KIND_ALL), CALGRID_OK);
    want = 0;
    for (i = 0; i < N_TODOS; i++) want += i % 3 != 0;
    CHECK_EQ(n, want);
    CHECK_EQ(calgrid_todo_set_search(got, N_TODOS, &n, set, "", CALGRID_KIND_CHALLENGES), CALGRID_OK);
    want = 0;
    for (i = 0; i < N_TODOS; i++) want += todos[i].is_challenge;
    CHECK_EQ(n, want);
    CHECK_EQ(calgrid_todo_set_search(got, N_TODOS, &n, set, "\xEC\x9A\xB4", CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(calgrid_todo_set_search(got, N_TODOS, &n, set, "\xEC\x9A", CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_search(got, N_TODOS, &n, set, NULL, CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_search(got, N_TODOS, &n, NULL, "a", CALGRID_KIND_ALL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_search(got, N_TODOS, &n, set, "a", (calgrid_todo_kind)5), CALGRID_EINVAL);
}

/* The naive order: compare keys, missing keys last in both directions, ties by index. */
static int sort_key, sort_desc;
static int present(const model *m) {
    switch (sort_key) {
    case CALGRID_SORT_DEADLINE: return m->end != CALGRID_DATE_NONE;
    case CALGRID_SORT_REGISTRATION: return m->created_at != CALGRID_TIMESTAMP_NONE;
    case CALGRID_SORT_START: return m->start != CALGRID_DATE_NONE;
    default: return 1;
    }
}
static double share(const model *m) {
    size_t k, n = 0;
    if (tracked(m) && m->nflags > 0) { for (k = 0; k < m->nflags; k++) n += m->flags[k]; return (double)n / (double)m->nflags; }
    return m->is_completed ? 1.0 : 0.0;
}
static int compare_models(const void *pa, const void *pb) {
    size_t a = *(const size_t *)pa, b = *(const size_t *)pb;
    const model *x = &todos[a], *y = &todos[b];
    int c = 0;
    if (present(x) != present(y)) return present(x) ? -1 : 1;
    if (present(x)) {
        switch (sort_key) {
        case CALGRID_SORT_DEADLINE: c = (x->end > y->end) - (x->end < y->end); break;
        case CALGRID_SORT_REGISTRATION: c = (x->created_at > y->created_at) - (x->created_at < y->created_at); break;
        case CALGRID_SORT_START: c = (x->start > y->start) - (x->start < y->start); break;
        case CALGRID_SORT_TITLE: c = strcmp(x->title, y->title); c = (c > 0) - (c < 0); break;
        default: c = (share(x) > share(y)) - (share(x) < share(y)); break;
        }
        if (sort_desc) c = -c;
    }
    return c != 0 ? c : (a > b) - (a < b);
}

static void test_sorting(calgrid_todo_set *set) {
    static size_t got[N_TODOS], want[N_TODOS], page[N_TODOS], subset[N_TODOS];
    size_t i, n = 0, m;
    long bad = 0;
    for (sort_key = 0; sort_key < 5; sort_key++)
        for (sort_desc = 0; sort_desc < 2; sort_desc++) {
            for (i = 0; i < N_TODOS; i++) want[i] = i;
            qsort(want, N_TODOS, sizeof want[0], compare_models);
            if (calgrid_todo_set_sort(got, N_TODOS, set, (calgrid_sort_key)sort_key, sort_desc) != CALGRID_OK) bad++;
            if (memcmp(got, want, sizeof got) != 0) bad++;
            /* Pages are slices of the full order. */
            if (calgrid_todo_set_top(page, N_TODOS, &n, set, (calgrid_sort_key)sort_key, sort_desc, 0, 10) != CALGRID_OK
                || n != 10 || memcmp(page, want, 10 * sizeof page[0]) != 0) bad++;
            if (calgrid_todo_set_top(page, N_TODOS, &n, set, (calgrid_sort_key)sort_key, sort_desc, 290, 50) != CALGRID_OK
                || n != 10 || memcmp(page, want + 290, 10 * sizeof page[0]) != 0) bad++;
            /* A subset (every third todo, given backwards) sorts in place like the filtered full order. */
            for (i = 0, m = 0; i < N_TODOS; i++) if (i % 3 == 0) subset[m++] = N_TODOS - 3 - i + (N_TODOS % 3);
            if (calgrid_todo_set_sort_indices(subset, subset, m, set, (calgrid_sort_key)sort_key, sort_desc) != CALGRID_OK) bad++;
            for (i = 0, n = 0; i < N_TODOS; i++)
                if (want[i] % 3 == (N_TODOS - 3 + (N_TODOS % 3)) % 3) { if (n >= m || subset[n] != want[i]) bad++; n++; }
            if (n != m) bad++;
        }
    CHECK_EQ(bad, 0);

    CHECK_EQ(calgrid_todo_set_sort(got, N_TODOS - 1, set, CALGRID_SORT_DEADLINE, 0), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_todo_set_sort(NULL, N_TODOS, set, CALGRID_SORT_DEADLINE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort(got, (size_t)-1, set, CALGRID_SORT_DEADLINE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort(got, N_TODOS, set, (calgrid_sort_key)6, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort(got, N_TODOS, set, CALGRID_SORT_DEADLINE, 2), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort(got, N_TODOS, NULL, CALGRID_SORT_DEADLINE, 0), CALGRID_EINVAL);
    subset[0] = 0; subset[1] = N_TODOS;
    CHECK_EQ(calgrid_todo_set_sort_indices(got, subset, 2, set, CALGRID_SORT_DEADLINE, 0), CALGRID_ERANGE);
    subset[1] = (size_t)-1;
    CHECK_EQ(calgrid_todo_set_sort_indices(got, subset, 2, set, CALGRID_SORT_DEADLINE, 0), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_sort_indices(got, subset, 0, set, CALGRID_SORT_DEADLINE, 0), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_sort_indices(NULL, subset, 1, set, CALGRID_SORT_DEADLINE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort_indices(got, NULL, 1, set, CALGRID_SORT_DEADLINE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort_indices(got, subset, (size_t)-1, set, CALGRID_SORT_DEADLINE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort_indices(got, subset, SIZE_MAX / 4, set, CALGRID_SORT_DEADLINE, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_sort_indices(got, subset, 1, set, CALGRID_SORT_DEADLINE, -1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_top(page, 5, &n, set, CALGRID_SORT_TITLE, 0, 0, 10), CALGRID_ENOSPC);
    CHECK_EQ(n, 10);
    CHECK_EQ(calgrid_todo_set_top(page, 5, &n, set, CALGRID_SORT_TITLE, 0, N_TODOS, 10), CALGRID_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(calgrid_todo_set_top(page, N_TODOS, &n, set, CALGRID_SORT_TITLE, 0, (size_t)-1, 10), CALGRID_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(calgrid_todo_set_top(page, N_TODOS, &n, set, CALGRID_SORT_TITLE, 0, 5, (size_t)-1), CALGRID_OK);
    CHECK_EQ(n, N_TODOS - 5);
    CHECK_EQ(calgrid_todo_set_top(page, N_TODOS, &n, set, (calgrid_sort_key)9, 0, 0, 1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_top(page, N_TODOS, &n, NULL, CALGRID_SORT_TITLE, 0, 0, 1), CALGRID_EINVAL);
}

/* Each dropdown entry's sort, from the header's own description of the entries, and the order
** the library gives for it against the naive order for that pair. */
static void test_sort_labels(calgrid_todo_set *set) {
    static const struct { calgrid_sort_label label; calgrid_sort_key key; int descending; } want[] = {
        {CALGRID_LABEL_DEADLINE_IMMINENT, CALGRID_SORT_DEADLINE, 0},
        {CALGRID_LABEL_REGISTRATION_ORDER, CALGRID_SORT_REGISTRATION, 0},
        {CALGRID_LABEL_NEWEST_FIRST, CALGRID_SORT_REGISTRATION, 1},
        {CALGRID_LABEL_START_DAY, CALGRID_SORT_START, 0},
        {CALGRID_LABEL_TITLE, CALGRID_SORT_TITLE, 0},
        {CALGRID_LABEL_PROGRESS, CALGRID_SORT_COMPLETION, 1},
    };
    static size_t got[N_TODOS], naive[N_TODOS];
    size_t k, i;
    for (k = 0; k < sizeof want / sizeof want[0]; k++) {
        /* Start from the wrong answer, so a call that writes nothing fails. */
        calgrid_sort_key key = want[k].key == CALGRID_SORT_TITLE ? CALGRID_SORT_DEADLINE : CALGRID_SORT_TITLE;
        int descending = !want[k].descending;
        CHECK_EQ(calgrid_sort_label_order(&key, &descending, want[k].label), CALGRID_OK);
        CHECK_EQ(key, want[k].key);
        CHECK_EQ(descending, want[k].descending);
        sort_key = (int)want[k].key;
        sort_desc = want[k].descending;
        for (i = 0; i < N_TODOS; i++) naive[i] = i;
        qsort(naive, N_TODOS, sizeof naive[0], compare_models);
        CHECK_EQ(calgrid_todo_set_sort(got, N_TODOS, set, key, descending), CALGRID_OK);
        CHECK(memcmp(got, naive, sizeof got) == 0);
    }
    {
        calgrid_sort_key key = CALGRID_SORT_TITLE;
        int descending = 7;
        CHECK_EQ(calgrid_sort_label_order(&key, &descending, (calgrid_sort_label)7), CALGRID_EINVAL);
        CHECK_EQ(key, CALGRID_SORT_TITLE);   /* left unchanged on failure */
        CHECK_EQ(descending, 7);
        CHECK_EQ(calgrid_sort_label_order(NULL, &descending, CALGRID_LABEL_TITLE), CALGRID_EINVAL);
        CHECK_EQ(calgrid_sort_label_order(&key, NULL, CALGRID_LABEL_TITLE), CALGRID_EINVAL);
    }
}

void test_queries(void) {
    calgrid_todo_set *set = build();
    CHECK(set != NULL);
    if (set == NULL) return;
    test_overlap_and_counts(set);
    test_grid_counts(set);
    test_splits_and_search(set);
    test_sorting(set);
    test_sort_labels(set);
    calgrid_todo_set_free(set);
    {
        calgrid_todo_set *empty = NULL;
        size_t n = 7, out[1];
        CHECK_EQ(calgrid_todo_set_new(&empty), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_sort(NULL, 0, empty, CALGRID_SORT_DEADLINE, 0), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_overlapping(NULL, 0, &n, empty, BASE, BASE, CALGRID_KIND_ALL), CALGRID_OK);
        CHECK_EQ(n, 0);
        CHECK_EQ(calgrid_todo_set_top(out, 1, &n, empty, CALGRID_SORT_DEADLINE, 0, 0, 1), CALGRID_OK);
        CHECK_EQ(n, 0);
        calgrid_todo_set_free(empty);
    }
}
