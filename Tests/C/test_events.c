/* Events through the C API: calgrid_todo.is_event (struct_size-versioned), never done, counted
** apart in calgrid_day_tally while calgrid_day_count keeps counting todos only, the event kinds,
** and the older struct sizes still working. The oracle is a brute-force count over the input. */
#include <stddef.h>
#include <stdlib.h>
#include "check.h"

#define BASE 20400            /* 2025-11-09 */
#define N_ITEMS 120

typedef struct item { calgrid_date start, end; int is_event, is_challenge; unsigned repetition; } item;

static int falls(const item *m, calgrid_date d) {
    if (m->start == CALGRID_DATE_NONE && m->end == CALGRID_DATE_NONE) return 0;
    if (m->start != CALGRID_DATE_NONE && d < m->start) return 0;
    if (m->end != CALGRID_DATE_NONE && d > m->end) return 0;
    int w = (int)(((d % 7) + 7 + 4) % 7);   /* 1970-01-01 (day 0) was a Thursday, weekday 4 */
    return (m->repetition >> w) & 1u;
}

static int kind_ok(const item *m, calgrid_todo_kind k) {
    switch (k) {
    case CALGRID_KIND_ALL: return 1;
    case CALGRID_KIND_CHALLENGES: return m->is_challenge;
    case CALGRID_KIND_PLAIN: return !m->is_challenge && !m->is_event;
    case CALGRID_KIND_EVENTS: return m->is_event;
    case CALGRID_KIND_TODOS: return !m->is_event;
    }
    return 0;
}

static void fill(item *items, calgrid_todo_set *set) {
    unsigned seed = 7;
    char id[32];
    for (int i = 0; i < N_ITEMS; i++) {
        seed = seed * 1103515245u + 12345u;
        item m;
        m.start = BASE + (calgrid_date)((seed >> 8) % 60);
        m.end = (seed >> 4) % 5 == 0 ? CALGRID_DATE_NONE : m.start + (calgrid_date)((seed >> 12) % 9);
        m.is_event = (seed >> 16) % 3 == 0;
        m.is_challenge = !m.is_event && (seed >> 18) % 4 == 0;
        m.repetition = (seed >> 20) % 2 ? CALGRID_EVERY_DAY : (((seed >> 21) % 127) + 1);
        items[i] = m;
        calgrid_todo t = CALGRID_TODO_INIT;
        snprintf(id, sizeof id, "item-%d", i);
        t.id = id; t.title = m.is_event ? "meeting" : "todo";
        t.start = m.start; t.end = m.end; t.repetition = m.repetition;
        t.is_event = m.is_event; t.is_challenge = m.is_challenge;
        CHECK_EQ(calgrid_todo_set_add(NULL, set, &t, NULL), CALGRID_OK);
    }
}

static void test_counts_apart(void) {
    item items[N_ITEMS];
    calgrid_todo_set *set = NULL;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    fill(items, set);
    enum { DAYS = 80 };
    calgrid_day_count old[DAYS];
    calgrid_day_tally tally[DAYS];
    long bad = 0, events_seen = 0;
    for (int k = 0; k <= CALGRID_KIND_TODOS; k++) {
        tally[0].struct_size = sizeof tally[0];
        CHECK_EQ(calgrid_todo_set_day_counts(old, DAYS, set, BASE - 5, BASE + DAYS - 6, (calgrid_todo_kind)k), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_day_tallies(tally, DAYS, set, BASE - 5, BASE + DAYS - 6, (calgrid_todo_kind)k), CALGRID_OK);
        for (int d = 0; d < DAYS; d++) {
            int todos = 0, events = 0;
            for (int i = 0; i < N_ITEMS; i++) {
                if (!kind_ok(&items[i], (calgrid_todo_kind)k) || !falls(&items[i], BASE - 5 + d)) continue;
                if (items[i].is_event) events++; else todos++;
            }
            events_seen += events;
            if (old[d].total != todos || old[d].completed != 0) bad++;   /* the old struct: todos only */
            if (tally[d].struct_size != sizeof tally[0] || tally[d].total != todos || tally[d].completed != 0
                || tally[d].events != events) bad++;
        }
        /* The event kind lists exactly the events. */
        size_t got[N_ITEMS], n = 0;
        CHECK_EQ(calgrid_todo_set_overlapping(got, N_ITEMS, &n, set, BASE, BASE + 30, (calgrid_todo_kind)k), CALGRID_OK);
        for (size_t j = 0; j < n; j++) if (!kind_ok(&items[got[j]], (calgrid_todo_kind)k)) bad++;
    }
    CHECK_EQ(bad, 0);
    CHECK(events_seen > 0);

    /* A later header's larger element: the elements are struct_size apart, the tail left alone. */
    struct bigger { calgrid_day_tally t; int64_t later; } big[DAYS];
    memset(big, 0x5A, sizeof big);
    big[0].t.struct_size = sizeof big[0];
    CHECK_EQ(calgrid_todo_set_day_tallies(&big[0].t, DAYS, set, BASE - 5, BASE + DAYS - 6, CALGRID_KIND_ALL), CALGRID_OK);
    calgrid_todo_set_day_tallies(tally, DAYS, set, BASE - 5, BASE + DAYS - 6, CALGRID_KIND_ALL);
    for (int d = 0; d < DAYS; d++) {
        if (big[d].t.events != tally[d].events || big[d].t.total != tally[d].total) bad++;
        if (big[d].later != 0x5A5A5A5A5A5A5A5ALL) bad++;
    }
    CHECK_EQ(bad, 0);
    /* Errors: a struct_size below the struct, too small an array, an unknown kind. */
    tally[0].struct_size = sizeof tally[0] - 1;
    CHECK_EQ(calgrid_todo_set_day_tallies(tally, DAYS, set, BASE, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    tally[0].struct_size = sizeof tally[0];
    CHECK_EQ(calgrid_todo_set_day_tallies(tally, 1, set, BASE, BASE + 1, CALGRID_KIND_ALL), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_todo_set_day_tallies(tally, DAYS, set, BASE, BASE, (calgrid_todo_kind)5), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_day_tallies(NULL, DAYS, set, BASE, BASE, CALGRID_KIND_ALL), CALGRID_EINVAL);
    calgrid_todo_set_free(set);
}

static void test_never_done_and_sizes(void) {
    calgrid_todo_set *set = NULL;
    calgrid_error err;
    size_t at = 0;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    calgrid_todo e = CALGRID_TODO_INIT;
    e.id = "standup"; e.start = BASE; e.end = BASE + 2; e.is_event = 1;
    CHECK_EQ(calgrid_todo_set_add(&at, set, &e, &err), CALGRID_OK);
    /* Never done: a completion on add, a tick and a whole-todo flag are refused, by the core's sentence. */
    calgrid_todo bad = e;
    bad.id = "done-meeting"; bad.is_completed = 1;
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &bad, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "kind");
    CHECK_STR(err.message, "an event (kind \"event\") is never done: it takes no iscompleted, no completed days and no ticks");
    bad.is_completed = 0; bad.is_challenge = 1;
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &bad, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "kind");
    bad.is_challenge = 0; bad.is_event = 2;
    CHECK_EQ(calgrid_todo_set_add(NULL, set, &bad, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "kind");
    CHECK_EQ(calgrid_todo_set_set_done(set, at, BASE + 1, 1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_set_completed(set, at, 1), CALGRID_EINVAL);
    size_t n = 0;
    CHECK_EQ(calgrid_todo_set_count(&n, set), CALGRID_OK);
    CHECK_EQ(n, 1);

    /* An older header's todo (no is_event member) is a todo, whatever lies beyond its size. */
    calgrid_todo old = CALGRID_TODO_INIT;
    old.id = "v2"; old.start = BASE; old.end = BASE; old.is_event = 1;
    old.struct_size = CALGRID_TODO_SIZE_V2;
    CHECK_EQ(calgrid_todo_set_add(&at, set, &old, &err), CALGRID_OK);
    calgrid_todo_info info;
    memset(&info, 0x77, sizeof info);
    info.struct_size = sizeof info;
    CHECK_EQ(calgrid_todo_set_get(&info, set, at), CALGRID_OK);
    CHECK_EQ(info.is_event, 0); CHECK_EQ(info.is_tracked, 1);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(info.is_event, 1); CHECK_EQ(info.is_tracked, 0); CHECK_EQ(info.is_done, 0);
    /* An older header's info: the members it has are filled, is_event not written. */
    memset(&info, 0x77, sizeof info);
    info.struct_size = CALGRID_TODO_INFO_SIZE_V1;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(info.start, BASE); CHECK_EQ(info.is_tracked, 0);
    CHECK_EQ((unsigned)info.is_event, 0x77777777u);
    info.struct_size = CALGRID_TODO_INFO_SIZE_V1 + 1;
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_EINVAL);

    /* Statistics count the events; an older header's struct gets the rest. */
    calgrid_todo_statistics s;
    memset(&s, 0x33, sizeof s);
    s.struct_size = sizeof s;
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, BASE + 30), CALGRID_OK);
    CHECK_EQ(s.count, 2); CHECK_EQ(s.events, 1); CHECK_EQ(s.overdue, 1);   /* the todo, not the past meeting */
    memset(&s, 0x33, sizeof s);
    s.struct_size = CALGRID_TODO_STATISTICS_SIZE_V1;
    CHECK_EQ(calgrid_todo_set_statistics(&s, set, BASE + 30), CALGRID_OK);
    CHECK_EQ(s.count, 2); CHECK_EQ(s.overdue, 1);
    CHECK_EQ((unsigned long long)s.events, 0x3333333333333333ULL);
    calgrid_todo_set_free(set);
}

void test_events(void) {
    test_counts_apart();
    test_never_done_and_sizes();
}
