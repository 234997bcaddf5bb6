/* The negative control for the race detector (make test-c-tsan): a program that breaks the
** threading rule on purpose. One thread adds todos to a set while another reads it (count and an
** overlap query, which builds the interval index), with nothing ordering the two: they meet at a
** barrier, the writer waits for the reader's first read, and both run side by side until the
** writer raises its done flag. The flags are relaxed atomics, which order nothing, so they hide no
** race from the detector; they only make sure that both threads are alive and working at the same
** time even on a loaded machine (ThreadSanitizer drops a report whose other thread has already
** ended and left no stack to show). A detector that does not report a data race
** here cannot be trusted with Tests/C/test_threads.c, so the rule requires the report.
**
**   race_control           the writer adds todos; the reader counts and asks an overlap
**   race_control in-place  the writer flips is_completed of ten todos, which updates the built
**                          per-day table in place; the reader asks the per-day counts: a change
**                          in place beside a reader of the same set, which a thread changing its
**                          own calgrid_todo_set_copy never is (Tests/C/test_threads.c)
** Not part of the C test program. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "calgrid.h"

#define RC_ADDS 2000

static pthread_barrier_t rc_start;
static atomic_int rc_reading, rc_done;

static int rc_in_place;

static void *rc_flipper(void *context) {
    calgrid_todo_set *set = (calgrid_todo_set *)context;
    int i;
    pthread_barrier_wait(&rc_start);
    while (!atomic_load_explicit(&rc_reading, memory_order_relaxed)) sched_yield();
    for (i = 0; i < RC_ADDS; i++) calgrid_todo_set_set_completed(set, (size_t)(i % 10), i / 10 % 2);
    atomic_store_explicit(&rc_done, 1, memory_order_relaxed);
    return NULL;
}

static void *rc_writer(void *context) {
    calgrid_todo_set *set = (calgrid_todo_set *)context;
    char id[16];
    int i;
    pthread_barrier_wait(&rc_start);
    while (!atomic_load_explicit(&rc_reading, memory_order_relaxed)) sched_yield();
    for (i = 0; i < RC_ADDS; i++) {
        calgrid_todo t = CALGRID_TODO_INIT;
        snprintf(id, sizeof id, "w%d", i);
        t.id = id;
        t.title = "write";
        t.start = 19723 + i % 30;
        t.end = t.start + 3;
        calgrid_todo_set_add(NULL, set, &t, NULL);
    }
    atomic_store_explicit(&rc_done, 1, memory_order_relaxed);
    return NULL;
}

static void *rc_reader(void *context) {
    const calgrid_todo_set *set = (const calgrid_todo_set *)context;
    size_t out[64], n = 0;
    static size_t total;
    pthread_barrier_wait(&rc_start);
    while (!atomic_load_explicit(&rc_done, memory_order_relaxed)) {
        if (rc_in_place) {
            calgrid_day_count days[31];
            if (calgrid_todo_set_day_counts(days, 31, set, 19723, 19753, CALGRID_KIND_ALL) == CALGRID_OK) total += (size_t)days[3].total;
            atomic_store_explicit(&rc_reading, 1, memory_order_relaxed);
            continue;
        }
        if (calgrid_todo_set_count(&n, set) == CALGRID_OK) total += n;
        atomic_store_explicit(&rc_reading, 1, memory_order_relaxed);
        if (calgrid_todo_set_overlapping(out, 64, &n, set, 19723, 19730, CALGRID_KIND_ALL) == CALGRID_OK) total += n;
    }
    return &total;
}

int main(int argc, char **argv) {
    calgrid_todo_set *set = NULL;
    pthread_t writer, reader;
    calgrid_day_count days[31];
    int i;
    rc_in_place = argc > 1 && strcmp(argv[1], "in-place") == 0;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return 2;
    if (rc_in_place) {
        /* Ten untracked todos over the month (no end: is_completed counts on every day), and the
        ** per-day table built before the threads start, so every flip updates it in place. */
        for (i = 0; i < 10; i++) {
            char id[16];
            calgrid_todo t = CALGRID_TODO_INIT;
            snprintf(id, sizeof id, "c%d", i);
            t.id = id;
            t.start = 19723 + i;
            if (calgrid_todo_set_add(NULL, set, &t, NULL) != CALGRID_OK) return 2;
        }
        if (calgrid_todo_set_day_counts(days, 31, set, 19723, 19753, CALGRID_KIND_ALL) != CALGRID_OK) return 2;
    }
    pthread_barrier_init(&rc_start, NULL, 2);
    pthread_create(&writer, NULL, rc_in_place ? rc_flipper : rc_writer, set);
    pthread_create(&reader, NULL, rc_reader, set);
    pthread_join(writer, NULL);
    pthread_join(reader, NULL);
    pthread_barrier_destroy(&rc_start);
    calgrid_todo_set_free(set);
    puts("race control: finished without a report");
    return 0;
}
