/* The store handle (calgrid_store_*) on a native file: open, add, set_done, update, remove and
** snapshot, the errors (a missing path named, NULLs, a bad struct_size, refusals with the core's
** status and field), and a second handle seeing the first one's changes. The vdir side, with
** python-icalendar as the oracle, is Tests/C/store_check.py's (make test-c-store). */
#include <stdlib.h>
#include "check.h"

static void scratch(char *buf, size_t size, const char *name) {
    snprintf(buf, size, "%s/%s", check_scratch_dir, name);
}

/* The snapshot's count, and the flags of `id` into flags (capacity 8); -1 on failure. */
static long snapshot_count(calgrid_store *store, const char *id, uint8_t *flags, size_t *flag_count) {
    calgrid_todo_set *set = NULL;
    calgrid_error err;
    size_t n = 0, i;
    if (calgrid_store_snapshot(&set, store, &err) != CALGRID_OK) return -1;
    calgrid_todo_set_count(&n, set);
    if (id != NULL && calgrid_todo_set_find(&i, set, id) == CALGRID_OK)
        calgrid_todo_set_completed_days(flags, 8, flag_count, set, i);
    calgrid_todo_set_free(set);
    return (long)n;
}

void test_store(void) {
    char path[512], missing[512];
    calgrid_store *store = NULL, *other = NULL;
    calgrid_store_options o = CALGRID_STORE_OPTIONS_INIT;
    calgrid_error err;
    calgrid_todo t = CALGRID_TODO_INIT;
    calgrid_todo_set *set = NULL;
    calgrid_tz *utc = NULL;
    uint8_t flags[8];
    size_t flag_count = 0, i;
    char title[64];
    calgrid_date d;

    /* A missing path is an error naming it, unless options.create. */
    scratch(missing, sizeof missing, "no-such-dir-calgrid/todos.json");
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_store_open(&store, missing, NULL, &err), CALGRID_EIO);
    CHECK(store == NULL);
    CHECK(strstr(err.message, missing) != NULL);
    CHECK(strstr(err.message, "no such file or directory") != NULL);
    o.create = 1;
    CHECK_EQ(calgrid_store_open(&store, missing, &o, &err), CALGRID_EIO);   /* its directory is missing */
    CHECK(strstr(err.message, "does not exist") != NULL);
    CHECK_EQ(calgrid_store_open(NULL, missing, &o, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_store_open(&store, NULL, &o, &err), CALGRID_EINVAL);
    o.struct_size = 4;
    CHECK_EQ(calgrid_store_open(&store, missing, &o, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "struct_size");
    o.struct_size = sizeof o;

    /* A new native file, made by the first add. */
    scratch(path, sizeof path, "calgrid-store-test.json");
    remove(path);
    CHECK_EQ(calgrid_tz_new(&utc, "UTC", &err), CALGRID_OK);
    o.zone = utc;
    CHECK_EQ(calgrid_store_open(&store, path, &o, &err), CALGRID_OK);
    calgrid_tz_free(utc);
    CHECK_EQ(snapshot_count(store, NULL, flags, &flag_count), 0);
    calgrid_date_from_ymd(&d, 2026, 12, 7);
    t.id = "walk";
    t.title = "Walk";
    t.start = d;
    t.end = d + 2;
    CHECK_EQ(calgrid_store_add(store, &t, &err), CALGRID_OK);
    CHECK_EQ(calgrid_store_add(store, &t, &err), CALGRID_EEXIST);
    CHECK_STR(err.field, "id");
    t.id = "bad";
    t.end = d - 1;
    CHECK_EQ(calgrid_store_add(store, &t, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "endDate");
    CHECK(strstr(err.message, "before") != NULL);
    CHECK_EQ(snapshot_count(store, "walk", flags, &flag_count), 1);
    CHECK_EQ(flag_count, 3);

    /* Another handle on the same file sees every change the first one made. */
    CHECK_EQ(calgrid_store_open(&other, path, NULL, &err), CALGRID_OK);
    CHECK_EQ(calgrid_store_set_done(store, "walk", d + 1, 1, &err), CALGRID_OK);
    CHECK_EQ(snapshot_count(other, "walk", flags, &flag_count), 1);
    CHECK_EQ(flag_count, 3);
    CHECK(flags[0] == 0 && flags[1] == 1 && flags[2] == 0);
    CHECK_EQ(calgrid_store_set_done(other, "walk", d + 5, 1, &err), CALGRID_ERANGE);
    CHECK_STR(err.field, "completed");   /* the native key of the per-day flags */
    CHECK_EQ(calgrid_store_set_done(other, "nobody", d, 1, &err), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_store_set_done(other, "walk", d, 2, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_store_set_done(other, "walk", CALGRID_DATE_NONE, 1, &err), CALGRID_OK);
    CHECK_EQ(snapshot_count(store, "walk", flags, &flag_count), 1);
    CHECK(flags[0] == 1 && flags[1] == 1 && flags[2] == 1);

    /* Update by id: the new title, the same days; an unknown id is ENOTFOUND. */
    t.id = "walk";
    t.title = "Walk the dog";
    t.end = d + 2;
    CHECK_EQ(calgrid_store_update(other, "walk", &t, &err), CALGRID_OK);
    CHECK_EQ(calgrid_store_update(other, "nobody", &t, &err), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_store_snapshot(&set, store, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_find(&i, set, "walk"), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_text(title, sizeof title, NULL, set, i, CALGRID_TEXT_TITLE, 0), CALGRID_OK);
    CHECK_STR(title, "Walk the dog");
    calgrid_todo_set_free(set);

    /* Two snapshots of an unchanged store share its last read's storage, each still its own set:
    ** a todo added to one is in that one only (copy-on-write), and the store is unchanged. */
    {
        calgrid_todo_set *a = NULL, *b = NULL;
        calgrid_todo extra = CALGRID_TODO_INIT;
        size_t na = 0, nb = 0, at = 0;
        CHECK_EQ(calgrid_store_snapshot(&a, store, &err), CALGRID_OK);
        CHECK_EQ(calgrid_store_snapshot(&b, store, &err), CALGRID_OK);
        extra.id = "extra";
        extra.title = "Extra";
        CHECK_EQ(calgrid_todo_set_add(&at, b, &extra, &err), CALGRID_OK);
        calgrid_todo_set_count(&na, a);
        calgrid_todo_set_count(&nb, b);
        CHECK_EQ(na, 1);
        CHECK_EQ(nb, 2);
        CHECK_EQ(snapshot_count(store, NULL, flags, &flag_count), 1);
        calgrid_todo_set_free(b);
        calgrid_todo_set_free(a);
    }

    /* Remove; a second removal is ENOTFOUND and changes nothing. */
    CHECK_EQ(calgrid_store_remove(store, "walk", &err), CALGRID_OK);
    CHECK_EQ(calgrid_store_remove(other, "walk", &err), CALGRID_ENOTFOUND);
    CHECK_EQ(snapshot_count(other, NULL, flags, &flag_count), 0);
    CHECK_EQ(calgrid_store_snapshot(NULL, store, &err), CALGRID_EINVAL);
    CHECK_EQ(calgrid_store_add(NULL, &t, &err), CALGRID_EINVAL);
    /* A snapshot outlives its store handle. */
    t.id = "late";
    CHECK_EQ(calgrid_store_add(store, &t, &err), CALGRID_OK);
    CHECK_EQ(calgrid_store_snapshot(&set, other, &err), CALGRID_OK);
    calgrid_store_close(other);
    CHECK_EQ(calgrid_todo_set_find(&i, set, "late"), CALGRID_OK);
    calgrid_todo_set_free(set);
    calgrid_store_close(store);
    calgrid_store_close(NULL);
    remove(path);
    strcat(path, ".lock");
    remove(path);
}
