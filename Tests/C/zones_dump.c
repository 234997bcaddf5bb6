/* A C program adding an item whose times keep their wall-clock time in a zone of their own
** (calgrid_todo.time_zone), for Tests/C/zones_check.py (Python's zoneinfo the oracle):
**
**   zones_dump MODE SET_ZONE ITEM_ZONE START START_MIN END_MIN RRULE FIRST LAST
**
** MODE: "set" (calgrid_todo_set_set_zone, then calgrid_todo_set_add), "many" (the same through
** calgrid_todo_set_add_many, the item beside a floating one), "update" (added floating, then
** given its zone by calgrid_todo_set_update), "copy" (added, then read from calgrid_todo_set_copy)
** or "store:PATH" (a new native store at PATH opened in SET_ZONE, calgrid_store_add, then
** calgrid_store_snapshot). START (YYYY-MM-DD), START_MIN and END_MIN are the item's first
** occurrence in SET_ZONE, as an import reads a DTSTART with a TZID. Prints the item's zone as
** CALGRID_TEXT_TIME_ZONE gives it ("zone NAME"), then one line "DAY HH:MM HH:MM" for each
** occurrence in FIRST...LAST (calgrid_todo_set_occurrences). A failure prints
** "status S field F: MESSAGE" on stderr and exits 1; exit 2 for bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calgrid.h"

static int fail(int rc, const calgrid_error *err) {
    fprintf(stderr, "status %d field %s: %s\n", rc, err->field, err->message);
    return 1;
}

static calgrid_date day(const char *text) {
    calgrid_date out = CALGRID_DATE_NONE;
    calgrid_error err;
    if (calgrid_date_parse_iso(&out, text, strlen(text), &err) != CALGRID_OK) {
        fprintf(stderr, "not a date: %s\n", text);
        exit(2);
    }
    return out;
}

int main(int argc, char **argv) {
    calgrid_error err;
    calgrid_tz *zone = NULL;
    calgrid_todo_set *set = NULL, *copy = NULL;
    calgrid_store *store = NULL;
    calgrid_todo todo = CALGRID_TODO_INIT, pair[2];
    calgrid_occurrence *out;
    size_t n = 0, k;
    char name[128];
    int rc;
    if (argc != 10) {
        fprintf(stderr, "usage: zones_dump MODE SET_ZONE ITEM_ZONE START START_MIN END_MIN RRULE FIRST LAST\n");
        return 2;
    }
    memset(&err, 0, sizeof err);
    if ((rc = calgrid_tz_new(&zone, argv[2], &err)) != CALGRID_OK) return fail(rc, &err);
    todo.id = "weekly";
    todo.title = "Weekly call";
    todo.is_event = 1;
    todo.start = day(argv[4]);
    todo.has_times = 1;
    todo.start_minutes = atoi(argv[5]);
    todo.end_minutes = atoi(argv[6]);
    todo.rrule = argv[7];
    todo.time_zone = argv[3];
    if (strncmp(argv[1], "store:", 6) == 0) {
        calgrid_store_options options = CALGRID_STORE_OPTIONS_INIT;
        options.zone = zone;
        options.create = 1;
        if ((rc = calgrid_store_open(&store, argv[1] + 6, &options, &err)) != CALGRID_OK) return fail(rc, &err);
        if ((rc = calgrid_store_add(store, &todo, &err)) != CALGRID_OK) return fail(rc, &err);
        if ((rc = calgrid_store_snapshot(&set, store, &err)) != CALGRID_OK) return fail(rc, &err);
    } else {
        if ((rc = calgrid_todo_set_new(&set)) != CALGRID_OK) return fail(rc, &err);
        if ((rc = calgrid_todo_set_set_zone(set, zone)) != CALGRID_OK) return fail(rc, &err);
        if (strcmp(argv[1], "many") == 0) {
            calgrid_todo floating = CALGRID_TODO_INIT;
            floating.id = "floating";
            floating.start = todo.start;
            floating.end = todo.start;
            pair[0] = floating;
            pair[1] = todo;
            if ((rc = calgrid_todo_set_add_many(set, pair, 2, &err)) != CALGRID_OK) return fail(rc, &err);
        } else if (strcmp(argv[1], "update") == 0) {
            todo.time_zone = NULL;
            if ((rc = calgrid_todo_set_add(NULL, set, &todo, &err)) != CALGRID_OK) return fail(rc, &err);
            todo.time_zone = argv[3];
            if ((rc = calgrid_todo_set_update(set, 0, &todo, &err)) != CALGRID_OK) return fail(rc, &err);
        } else if (strcmp(argv[1], "set") == 0 || strcmp(argv[1], "copy") == 0) {
            if ((rc = calgrid_todo_set_add(NULL, set, &todo, &err)) != CALGRID_OK) return fail(rc, &err);
            if (strcmp(argv[1], "copy") == 0) {
                if ((rc = calgrid_todo_set_copy(&copy, set)) != CALGRID_OK) return fail(rc, &err);
                calgrid_todo_set_free(set);
                set = copy;
            }
        } else {
            fprintf(stderr, "unknown mode %s\n", argv[1]);
            return 2;
        }
    }
    if ((rc = calgrid_todo_set_find(&k, set, "weekly")) != CALGRID_OK) return fail(rc, &err);
    rc = calgrid_todo_set_text(name, sizeof name, NULL, set, k, CALGRID_TEXT_TIME_ZONE, 0);
    printf("zone %s\n", rc == CALGRID_OK ? name : "-");
    if ((rc = calgrid_todo_set_occurrences(NULL, 0, &n, set, day(argv[8]), day(argv[9]), CALGRID_KIND_EVENTS)) != CALGRID_OK
        && rc != CALGRID_ENOSPC) return fail(rc, &err);
    out = (calgrid_occurrence *)calloc(n + 1, sizeof *out);
    if ((rc = calgrid_todo_set_occurrences(out, n, &n, set, day(argv[8]), day(argv[9]), CALGRID_KIND_EVENTS)) != CALGRID_OK)
        return fail(rc, &err);
    for (k = 0; k < n; k++) {
        char text[16];
        if (calgrid_date_format_iso(text, sizeof text, out[k].date) != CALGRID_OK) return 1;
        if (out[k].has_times) {
            printf("%s %02d:%02d %02d:%02d\n", text, out[k].start_minutes / 60, out[k].start_minutes % 60,
                   out[k].end_minutes / 60, out[k].end_minutes % 60);
        } else {
            printf("%s all-day\n", text);
        }
    }
    free(out);
    calgrid_todo_set_free(set);
    calgrid_store_close(store);
    calgrid_tz_free(zone);
    return 0;
}
