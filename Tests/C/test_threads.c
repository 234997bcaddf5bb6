/* Reads of one set from many threads at once: every function taking a const calgrid_todo_set *
** may run concurrently. Each round changes the set, then THREADS threads start the same queries at
** the same moment (a barrier), in different orders, so their first reads race to build the
** interval index and the per-day tables; every answer must equal the one a single thread gets from
** a twin set that received the same changes. Then the same readers read a set while one more
** thread changes its own copy (calgrid_todo_set_copy) of it, whose per-day tables are updated in
** place: readers keep the original's answers, the copy ends with its twin's. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include "check.h"

#define T_THREADS 6
#define T_ROUNDS 10
#define T_TODOS 1200
#define T_BASE 19723          /* 2024-01-01 */
#define T_REGION 4100         /* entries per query answer: a count, then up to T_REGION - 1 values */
#define T_QUERIES 28

static unsigned t_rng = 777;
static unsigned t_random(void) { t_rng = t_rng * 1103515245u + 12345u; return (t_rng >> 8) & 0xFFFFu; }

/* A random todo with id "t<n>"; `id` and `title` are the caller's buffers. */
static calgrid_todo t_todo(int n, char *id, char *title) {
    calgrid_todo t = CALGRID_TODO_INIT;
    unsigned shape = t_random() % 10;
    snprintf(id, 16, "t%d", n);
    snprintf(title, 32, "%s %u", t_random() % 3 ? "Run" : "read", t_random() % 9);
    t.id = id;
    t.title = title;
    t.start = (calgrid_date)(T_BASE + (long)(t_random() % 400));
    t.end = (calgrid_date)(t.start + (long)(t_random() % 90));
    if (shape == 0) t.start = CALGRID_DATE_NONE;
    if (shape == 1) t.end = CALGRID_DATE_NONE;
    if (shape == 2) t.start = t.end = CALGRID_DATE_NONE;
    t.created_at = t_random() % 4 == 0 ? CALGRID_TIMESTAMP_NONE : (int64_t)(t_random() % 100) * 86400;
    t.repetition = t_random() % 3 == 0 ? 1u + t_random() % 127u : CALGRID_EVERY_DAY;
    t.is_challenge = (int)(t_random() % 2);
    t.is_completed = (int)(t_random() % 2);
    return t;
}

/* Query q of the set into region[0] (a status or count) and region[1...]. */
static void t_query(const calgrid_todo_set *set, int q, size_t *region) {
    static const calgrid_date firsts[3] = { T_BASE + 10, T_BASE + 200, T_BASE - 300 };
    static const calgrid_date lasts[3] = { T_BASE + 40, T_BASE + 200, T_BASE + 1000 };
    calgrid_day_count counts[(T_REGION - 1) / 2];
    size_t *out = region + 1, n = 0, k;
    int status;
    if (q < 9) {
        status = calgrid_todo_set_overlapping(out, T_REGION - 1, &n, set, firsts[q % 3], lasts[q % 3],
                                              (calgrid_todo_kind)(q / 3));
    } else if (q < 18) {
        int r = (q - 9) % 3;
        n = (size_t)(lasts[r] - firsts[r] + 1);
        status = calgrid_todo_set_day_counts(counts, (T_REGION - 1) / 2, set, firsts[r], lasts[r],
                                             (calgrid_todo_kind)((q - 9) / 3));
        for (k = 0; k < n; k++) { out[2 * k] = (size_t)counts[k].total; out[2 * k + 1] = (size_t)counts[k].completed; }
    } else if (q < 23) {
        status = calgrid_todo_set_split(out, T_REGION - 1, &n, set, (calgrid_split)(q - 18), T_BASE + 150, CALGRID_KIND_ALL);
    } else if (q < 26) {
        status = calgrid_todo_set_sort(out, T_REGION - 1, set, (calgrid_sort_key)(q - 23), q == 24);
        calgrid_todo_set_count(&n, set);
    } else if (q == 26) {
        status = calgrid_todo_set_search(out, T_REGION - 1, &n, set, "READ", CALGRID_KIND_CHALLENGES);
    } else {
        status = calgrid_todo_set_count_overlapping(&n, set, T_BASE + 10, T_BASE + 40, CALGRID_KIND_PLAIN);
        out[0] = n;
        n = 1;
    }
    region[0] = status == CALGRID_OK ? n : (size_t)-1;
}

/* Every query, starting at `rotation`, into answers[q * T_REGION ...]. */
static void t_answers(const calgrid_todo_set *set, size_t *answers, int rotation) {
    int k;
    for (k = 0; k < T_QUERIES; k++) t_query(set, (k + rotation) % T_QUERIES, answers + (size_t)((k + rotation) % T_QUERIES) * T_REGION);
}

static int t_same(const size_t *a, const size_t *b) {
    int q;
    for (q = 0; q < T_QUERIES; q++) {
        const size_t *x = a + (size_t)q * T_REGION, *y = b + (size_t)q * T_REGION;
        size_t n = x[0] == (size_t)-1 ? 0 : (q >= 9 && q < 18 ? 2 * x[0] : x[0]);
        if (x[0] != y[0] || memcmp(x + 1, y + 1, n * sizeof(size_t)) != 0) return 0;
    }
    return 1;
}

typedef struct t_reader {
    pthread_t thread;
    pthread_barrier_t *start;
    const calgrid_todo_set *set;
    const size_t *expected;
    size_t *answers;
    int rotation, passes, same;
} t_reader;

static void *t_read(void *context) {
    t_reader *r = (t_reader *)context;
    int pass;
    pthread_barrier_wait(r->start);
    r->same = 1;
    for (pass = 0; pass < r->passes; pass++) {
        t_answers(r->set, r->answers, r->rotation + pass);
        r->same &= t_same(r->answers, r->expected);
    }
    return NULL;
}

/* The same change on both sets: appends, date updates, removals, completion. */
static void t_change(calgrid_todo_set *a, calgrid_todo_set *b, int round) {
    char id[16], title[32];
    size_t count = 0, i;
    calgrid_todo t;
    calgrid_todo_info info;
    calgrid_todo_set_count(&count, a);
    i = (size_t)t_random() % count;
    switch (round % 4) {
    case 0:
        t = t_todo(100000 + round, id, title);
        CHECK_EQ(calgrid_todo_set_add(NULL, a, &t, NULL), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_add(NULL, b, &t, NULL), CALGRID_OK);
        break;
    case 1:
        t = t_todo(200000 + round, id, title);
        CHECK_EQ(calgrid_todo_set_update(a, i, &t, NULL), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_update(b, i, &t, NULL), CALGRID_OK);
        break;
    case 2:
        CHECK_EQ(calgrid_todo_set_remove_at(a, i), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_remove_at(b, i), CALGRID_OK);
        break;
    default:
        CHECK_EQ(check_get_info(&info, sizeof info, a, i), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_set_completed(a, i, !info.is_completed), CALGRID_OK);
        CHECK_EQ(calgrid_todo_set_set_completed(b, i, !info.is_completed), CALGRID_OK);
        if (info.is_tracked && info.tracked_day_count > 0) {
            calgrid_date d;
            for (d = info.start; d <= info.end; d++) {
                calgrid_todo_day day;
                if (calgrid_todo_set_day(&day, a, i, d) == CALGRID_OK && day.falls_on) {
                    CHECK_EQ(calgrid_todo_set_toggle(NULL, a, i, d), CALGRID_OK);
                    CHECK_EQ(calgrid_todo_set_toggle(NULL, b, i, d), CALGRID_OK);
                    break;
                }
            }
        }
    }
}

/* The writer of t_copy_while_read: changes its copy of the set (and the copy's twin alike), reading
** the copy after every change so that its tables are built and the next change updates them in
** place; then compares the copy's answers with the twin's. */
typedef struct t_writer {
    pthread_t thread;
    pthread_barrier_t *start;
    const calgrid_todo_set *original;
    calgrid_todo_set *twin;
    size_t *scratch, *twin_answers;
    int copied, same;
} t_writer;

static void *t_write(void *context) {
    t_writer *w = (t_writer *)context;
    calgrid_todo_set *copy = NULL;
    int round;
    w->copied = calgrid_todo_set_copy(&copy, w->original) == CALGRID_OK;
    pthread_barrier_wait(w->start);
    w->same = 0;
    if (!w->copied) return NULL;
    for (round = 0; round < 2 * T_ROUNDS; round++) {
        t_change(copy, w->twin, 1000 + round);   /* ids unlike the first rounds' (the copy has those) */
        t_answers(copy, w->scratch, round);
    }
    t_answers(copy, w->scratch, 0);
    t_answers(w->twin, w->twin_answers, 0);
    w->same = t_same(w->scratch, w->twin_answers);
    calgrid_todo_set_free(copy);
    return NULL;
}

/* Readers of `set` (its tables and index built, `expected` its answers from the unchanged `twin`)
** while another thread changes a copy of it. Under ThreadSanitizer (make test-c-tsan) a write of
** the copy's into memory the readers use would be reported. */
static void t_copy_while_read(calgrid_todo_set *set, calgrid_todo_set *twin, size_t *expected, size_t *answers,
                              t_reader *readers) {
    size_t *writer_answers = (size_t *)calloc((size_t)2 * T_QUERIES * T_REGION, sizeof(size_t));
    pthread_barrier_t start;
    t_writer w;
    int i, started, mismatches = 0;
    CHECK(writer_answers != NULL);
    if (writer_answers == NULL) return;
    t_answers(twin, expected, 0);
    t_answers(set, answers, 0);   /* builds the index and every kind's table */
    CHECK(t_same(answers, expected));
    pthread_barrier_init(&start, NULL, T_THREADS + 1);
    w.start = &start;
    w.original = set;
    w.twin = twin;
    w.scratch = writer_answers;
    w.twin_answers = writer_answers + (size_t)T_QUERIES * T_REGION;
    w.copied = w.same = 0;
    for (i = 0; i < T_THREADS; i++) {
        readers[i].start = &start;
        readers[i].set = set;
        readers[i].expected = expected;
        readers[i].answers = answers + (size_t)i * T_QUERIES * T_REGION;
        readers[i].rotation = i * 5;
        readers[i].passes = 3;
        readers[i].same = 0;
        if (pthread_create(&readers[i].thread, NULL, t_read, &readers[i]) != 0) break;
    }
    started = i;
    CHECK_EQ(started, T_THREADS);
    if (started == T_THREADS) {
        /* No CHECK until the writer is joined: its own checks (in t_change) count into the same
        ** globals. */
        int created = pthread_create(&w.thread, NULL, t_write, &w) == 0;
        if (created) pthread_join(w.thread, NULL);
        CHECK(created);
        CHECK(w.copied);
        CHECK(w.same);
    }
    for (i = 0; i < started; i++) {
        pthread_join(readers[i].thread, NULL);
        mismatches += !readers[i].same;
    }
    CHECK_EQ(mismatches, 0);
    pthread_barrier_destroy(&start);
    free(writer_answers);
}

void test_threads(void) {
    calgrid_todo_set *shared = NULL, *twin = NULL;
    size_t *expected = (size_t *)calloc((size_t)T_QUERIES * T_REGION, sizeof(size_t));
    size_t *answers = (size_t *)calloc((size_t)T_THREADS * T_QUERIES * T_REGION, sizeof(size_t));
    t_reader readers[T_THREADS];
    pthread_barrier_t start;
    int i, round, mismatches = 0, started = 0;
    char id[16], title[32];
    CHECK(expected != NULL && answers != NULL);
    CHECK_EQ(calgrid_todo_set_new(&shared), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_new(&twin), CALGRID_OK);
    if (expected == NULL || answers == NULL || shared == NULL || twin == NULL) return;
    for (i = 0; i < T_TODOS; i++) {
        calgrid_todo t = t_todo(i, id, title);
        calgrid_todo_set_add(NULL, shared, &t, NULL);
        calgrid_todo_set_add(NULL, twin, &t, NULL);
    }
    for (round = 0; round < T_ROUNDS; round++) {
        t_change(shared, twin, round);
        t_answers(twin, expected, 0);  /* one thread, its own caches */
        pthread_barrier_init(&start, NULL, T_THREADS);
        for (i = 0; i < T_THREADS; i++) {
            readers[i].start = &start;
            readers[i].set = shared;
            readers[i].expected = expected;
            readers[i].answers = answers + (size_t)i * T_QUERIES * T_REGION;
            readers[i].rotation = (i * 5 + round) % T_QUERIES;
            readers[i].passes = 1;
            readers[i].same = 0;
            if (pthread_create(&readers[i].thread, NULL, t_read, &readers[i]) != 0) break;
        }
        started = i;
        CHECK_EQ(started, T_THREADS);
        for (i = 0; i < started; i++) {
            pthread_join(readers[i].thread, NULL);
            mismatches += !readers[i].same;
        }
        pthread_barrier_destroy(&start);
        if (started != T_THREADS) break;
    }
    CHECK_EQ(mismatches, 0);
    t_copy_while_read(shared, twin, expected, answers, readers);
    calgrid_todo_set_free(shared);
    calgrid_todo_set_free(twin);
    free(expected);
    free(answers);
}
