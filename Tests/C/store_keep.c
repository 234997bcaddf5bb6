/* A C program keeping a user's store through the calgrid_store_* calls, one call per run, for
** Tests/C/store_check.py (python-icalendar and recurring-ical-events the oracle):
**
**   store_keep ZONE PATH snapshot FIRST LAST       the count, then "DAY total completed events" for each
**                                                 day of FIRST...LAST with anything on it
**   store_keep ZONE PATH add ID TITLE START END    a new todo (START, END: YYYY-MM-DD or -)
**   store_keep ZONE PATH done ID DAY|- 1|0         calgrid_store_set_done (- = the todo as a whole)
**   store_keep ZONE PATH retitle ID TITLE          calgrid_store_update with the todo as the store has
**                                                 it (its texts, tags, days, flags) and a new title
**   store_keep ZONE PATH remove ID
**
** ZONE is an IANA name (date-times are read in it). Each run opens PATH (a vdir, an .ics file or a
** native file; "create:PATH" opens it with options.create), does the one call, prints every notice
** on stderr as "notice: ..." and closes it. A failure prints "status S field F: MESSAGE" on stderr
** and exits 1; exit 2 for bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calgrid.h"

static int fail(int rc, const calgrid_error *err) {
    fprintf(stderr, "status %d field %s: %s\n", rc, err->field, err->message);
    return 1;
}

static void notice(const char *message, void *context) {
    (void)context;
    fprintf(stderr, "notice: %s\n", message);
}

static int day(const char *text, calgrid_date *out) {
    calgrid_error err;
    if (strcmp(text, "-") == 0) { *out = CALGRID_DATE_NONE; return 0; }
    return calgrid_date_parse_iso(out, text, strlen(text), &err);
}

/* The todo `id` of the store as a calgrid_todo (pointers into `texts`, `tags`, `flags`, which the
** caller frees): what calgrid_store_update needs to change one member and keep the rest. */
static int todo_of(calgrid_todo *t, char **texts, char ***tags, uint8_t **flags, calgrid_store *store, const char *id,
                   calgrid_todo_set **set, calgrid_error *err) {
    size_t i, n, k;
    calgrid_todo_info info;
    calgrid_todo init = CALGRID_TODO_INIT;
    int rc = calgrid_store_snapshot(set, store, err);
    if (rc != CALGRID_OK) return rc;
    if ((rc = calgrid_todo_set_find(&i, *set, id)) != CALGRID_OK) return rc;
    info.struct_size = sizeof info;
    if ((rc = calgrid_todo_set_get(&info, *set, i)) != CALGRID_OK) return rc;
    *t = init;
    for (k = 0; k < 3; k++) {
        calgrid_todo_text which = k == 0 ? CALGRID_TEXT_ID : k == 1 ? CALGRID_TEXT_TITLE : CALGRID_TEXT_MEMO;
        texts[k] = NULL;
        if (which == CALGRID_TEXT_MEMO && !info.has_memo) continue;
        calgrid_todo_set_text(NULL, 0, &n, *set, i, which, 0);
        texts[k] = (char *)malloc(n + 1);
        if ((rc = calgrid_todo_set_text(texts[k], n + 1, NULL, *set, i, which, 0)) != CALGRID_OK) return rc;
    }
    *tags = (char **)calloc(info.tag_count + 1, sizeof(char *));
    for (k = 0; k < info.tag_count; k++) {
        calgrid_todo_set_text(NULL, 0, &n, *set, i, CALGRID_TEXT_TAG, k);
        (*tags)[k] = (char *)malloc(n + 1);
        if ((rc = calgrid_todo_set_text((*tags)[k], n + 1, NULL, *set, i, CALGRID_TEXT_TAG, k)) != CALGRID_OK) return rc;
    }
    calgrid_todo_set_completed_days(NULL, 0, &n, *set, i);
    *flags = (uint8_t *)malloc(n + 1);
    if ((rc = calgrid_todo_set_completed_days(*flags, n + 1, &n, *set, i)) != CALGRID_OK) return rc;
    t->id = texts[0];
    t->title = texts[1];
    t->memo = texts[2];
    t->start = info.start;
    t->end = info.end;
    t->created_at = info.created_at;
    t->is_challenge = info.is_challenge;
    t->is_completed = info.is_completed;
    t->repetition = info.repetition;
    t->reminder_minutes = info.reminder_minutes;
    t->completed_days = n > 0 ? *flags : NULL;
    t->completed_day_count = n;
    t->tags = (const char *const *)*tags;
    t->tag_count = info.tag_count;
    t->is_event = info.is_event;
    return CALGRID_OK;
}

int main(int argc, char **argv) {
    calgrid_store_options o = CALGRID_STORE_OPTIONS_INIT;
    calgrid_store *store = NULL;
    calgrid_tz *zone = NULL;
    calgrid_error err;
    const char *path, *op;
    int rc = CALGRID_OK;
    memset(&err, 0, sizeof err);
    if (argc < 4) return 2;
    path = argv[2];
    op = argv[3];
    if (calgrid_tz_new(&zone, argv[1], &err) != CALGRID_OK) return fail(-1, &err);
    o.zone = zone;
    o.notice = notice;
    if (strncmp(path, "create:", 7) == 0) { o.create = 1; path += 7; }
    if ((rc = calgrid_store_open(&store, path, &o, &err)) != CALGRID_OK) { calgrid_tz_free(zone); return fail(rc, &err); }
    calgrid_tz_free(zone);   /* the store keeps its rules */

    if (strcmp(op, "snapshot") == 0 && argc == 6) {
        calgrid_todo_set *set = NULL;
        calgrid_date first, last, d;
        size_t count = 0;
        calgrid_day_tally *tallies;
        if (day(argv[4], &first) || day(argv[5], &last) || last < first) return 2;
        if ((rc = calgrid_store_snapshot(&set, store, &err)) == CALGRID_OK) {
            tallies = (calgrid_day_tally *)calloc((size_t)(last - first + 1), sizeof *tallies);
            tallies[0].struct_size = sizeof *tallies;
            calgrid_todo_set_count(&count, set);
            printf("count %zu\n", count);
            if ((rc = calgrid_todo_set_day_tallies(tallies, (size_t)(last - first + 1), set, first, last, CALGRID_KIND_ALL)) == CALGRID_OK) {
                for (d = first; d <= last; d++) {
                    const calgrid_day_tally *t = &tallies[d - first];
                    char iso[CALGRID_ISO_DATE_SIZE];
                    if (t->total == 0 && t->events == 0) continue;
                    calgrid_date_format_iso(iso, sizeof iso, d);
                    printf("%s %d %d %d\n", iso, t->total, t->completed, t->events);
                }
            }
            free(tallies);
            calgrid_todo_set_free(set);
        }
    } else if (strcmp(op, "add") == 0 && argc == 8) {
        calgrid_todo t = CALGRID_TODO_INIT;
        t.id = argv[4];
        t.title = argv[5];
        if (day(argv[6], &t.start) || day(argv[7], &t.end)) return 2;
        rc = calgrid_store_add(store, &t, &err);
    } else if (strcmp(op, "done") == 0 && argc == 7) {
        calgrid_date d;
        if (day(argv[5], &d)) return 2;
        rc = calgrid_store_set_done(store, argv[4], d, atoi(argv[6]), &err);
    } else if (strcmp(op, "retitle") == 0 && argc == 6) {
        calgrid_todo t;
        calgrid_todo_set *set = NULL;
        char *texts[3] = { NULL, NULL, NULL };
        char **tags = NULL;
        uint8_t *flags = NULL;
        size_t k;
        rc = todo_of(&t, texts, &tags, &flags, store, argv[4], &set, &err);
        if (rc == CALGRID_OK) {
            t.title = argv[5];
            rc = calgrid_store_update(store, argv[4], &t, &err);
        }
        for (k = 0; tags != NULL && tags[k] != NULL; k++) free(tags[k]);
        free(tags);
        free(flags);
        for (k = 0; k < 3; k++) free(texts[k]);
        calgrid_todo_set_free(set);
    } else if (strcmp(op, "remove") == 0 && argc == 5) {
        rc = calgrid_store_remove(store, argv[4], &err);
    } else {
        calgrid_store_close(store);
        return 2;
    }
    calgrid_store_close(store);
    return rc == CALGRID_OK ? 0 : fail(rc, &err);
}
