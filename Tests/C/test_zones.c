/* calgrid_todo.time_zone beyond what Tests/C/zones_check.py compares with zoneinfo: its errors (a
** name that may not be looked up, a zone that does not exist, no times, not UTF-8), the sizes of
** older headers' structs, the set's own zone kept as none, an update that drops the zone, and
** calgrid_todo_set_set_zone's arguments. */
#include "check.h"

/* A weekly 09:00-10:00 event from Monday 2026-01-05, kept in `zone`. */
static calgrid_todo zoned(const char *id, const char *zone) {
    calgrid_todo t = CALGRID_TODO_INIT;
    t.id = id;
    t.is_event = 1;
    t.start = check_date(2026, 1, 5);
    t.rrule = "FREQ=WEEKLY;COUNT=20";
    t.has_times = 1;
    t.start_minutes = 15 * 60;
    t.end_minutes = 16 * 60;
    t.time_zone = zone;
    return t;
}

/* The item's zone as CALGRID_TEXT_TIME_ZONE gives it ("" with ENOTFOUND). */
static int zone_of(char *buf, size_t size, const calgrid_todo_set *set, size_t index) {
    buf[0] = 0;
    return calgrid_todo_set_text(buf, size, NULL, set, index, CALGRID_TEXT_TIME_ZONE, 0);
}

static void test_zone_errors(calgrid_todo_set *set) {
    calgrid_error err;
    size_t index = 99;
    calgrid_todo t = zoned("bad-name", "../etc/passwd");
    memset(&err, 0, sizeof err);
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_EZONENAME);
    CHECK_STR(err.field, "timeZone");
    CHECK(strstr(err.message, "../etc/passwd") != NULL);
    t = zoned("no-zone", "Mars/Olympus_Mons");
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_ENOZONE);
    CHECK_STR(err.field, "timeZone");
    CHECK(strstr(err.message, "Mars/Olympus_Mons") != NULL);
    t = zoned("all-day", "America/New_York");
    t.has_times = 0;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "timeZone");
    t = zoned("not-utf8", "America/\xff");
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "timeZone");
    /* In a batch, the bad todo's position, and nothing added. */
    calgrid_todo two[2];
    two[0] = zoned("fine", "America/New_York");
    two[1] = zoned("unknown", "Nowhere/Land");
    err.record_index = -1;
    CHECK_EQ(calgrid_todo_set_add_many(set, two, 2, &err), CALGRID_ENOZONE);
    CHECK_EQ(err.record_index, 1);
    CHECK_EQ(check_set_count(set), 0);
    /* An update with a bad zone leaves the item as it was. */
    t = zoned("kept", "America/New_York");
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    t.time_zone = "Not/AZone";
    CHECK_EQ(calgrid_todo_set_update(set, index, &t, &err), CALGRID_ENOZONE);
    char name[64];
    CHECK_EQ(zone_of(name, sizeof name, set, index), CALGRID_OK);
    CHECK_STR(name, "America/New_York");
    CHECK_EQ(calgrid_todo_set_remove_at(set, index), CALGRID_OK);
}

void test_time_zones(void) {
    calgrid_todo_set *set = check_new_set();
    calgrid_tz *berlin = NULL;
    calgrid_error err;
    calgrid_todo_info info;
    char name[64];
    size_t index = 99, length = 0;
    CHECK(set != NULL);
    CHECK_EQ(calgrid_tz_new(&berlin, "Europe/Berlin", &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_set_zone(NULL, berlin), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_set_zone(set, berlin), CALGRID_OK);
    test_zone_errors(set);

    /* Kept, given back by name; the first occurrence's times as given. */
    calgrid_todo t = zoned("ny", "America/New_York");
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_text(name, sizeof name, &length, set, index, CALGRID_TEXT_TIME_ZONE, 0), CALGRID_OK);
    CHECK_STR(name, "America/New_York");
    CHECK_EQ(length, strlen("America/New_York"));
    CHECK_EQ(calgrid_todo_set_text(NULL, 0, &length, set, index, CALGRID_TEXT_TIME_ZONE, 0), CALGRID_ENOSPC);
    CHECK_EQ(check_get_info(&info, sizeof info, set, index), CALGRID_OK);
    CHECK(info.has_times == 1 && info.start_minutes == 15 * 60 && info.end_minutes == 16 * 60);

    /* The set's own zone is floating: nothing kept. */
    t = zoned("berlin", "Europe/Berlin");
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(zone_of(name, sizeof name, set, index), CALGRID_ENOTFOUND);

    /* An older header's struct: CALGRID_TODO_SIZE_V5 reads no time_zone (whatever lies beyond
    ** it), V4 no times either; both add. */
    struct { calgrid_todo t; char poison[16]; } old;
    memset(&old, 0xA5, sizeof old);
    old.t = zoned("v5", "America/New_York");
    old.t.struct_size = CALGRID_TODO_SIZE_V5;
    memset((char *)&old.t + CALGRID_TODO_SIZE_V5, 0xA5, sizeof old.t - CALGRID_TODO_SIZE_V5);
    CHECK_EQ(calgrid_todo_set_add(&index, set, &old.t, &err), CALGRID_OK);
    CHECK_EQ(zone_of(name, sizeof name, set, index), CALGRID_ENOTFOUND);
    CHECK_EQ(check_get_info(&info, sizeof info, set, index), CALGRID_OK);
    CHECK(info.has_times == 1 && info.start_minutes == 15 * 60);
    old.t = zoned("v4", "America/New_York");
    old.t.struct_size = CALGRID_TODO_SIZE_V4;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &old.t, &err), CALGRID_OK);
    CHECK_EQ(check_get_info(&info, sizeof info, set, index), CALGRID_OK);
    CHECK(info.has_times == 0);
    /* add_many with V5-sized elements: the stride is theirs. */
    calgrid_todo many[2];
    many[0] = zoned("m0", "America/New_York");
    many[1] = zoned("m1", "America/New_York");
    calgrid_todo storage[2];   /* aligned as the structs are; V5 is a multiple of a pointer's size */
    unsigned char *packed = (unsigned char *)storage;
    memset(storage, 0, sizeof storage);
    many[0].struct_size = many[1].struct_size = CALGRID_TODO_SIZE_V5;
    memcpy(packed, &many[0], CALGRID_TODO_SIZE_V5);
    memcpy(packed + CALGRID_TODO_SIZE_V5, &many[1], CALGRID_TODO_SIZE_V5);
    CHECK_EQ(calgrid_todo_set_add_many(set, storage, 2, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_find(&index, set, "m1"), CALGRID_OK);
    CHECK_EQ(zone_of(name, sizeof name, set, index), CALGRID_ENOTFOUND);

    /* An update without the zone drops it; the item's times stay. */
    CHECK_EQ(calgrid_todo_set_find(&index, set, "ny"), CALGRID_OK);
    t = zoned("ny", NULL);
    CHECK_EQ(calgrid_todo_set_update(set, index, &t, &err), CALGRID_OK);
    CHECK_EQ(zone_of(name, sizeof name, set, index), CALGRID_ENOTFOUND);
    CHECK_EQ(check_get_info(&info, sizeof info, set, index), CALGRID_OK);
    CHECK(info.has_times == 1 && info.start_minutes == 15 * 60);

    /* Back to UTC: a UTC item is then floating, a Berlin one kept. */
    CHECK_EQ(calgrid_todo_set_set_zone(set, NULL), CALGRID_OK);
    t = zoned("utc", "UTC");
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(zone_of(name, sizeof name, set, index), CALGRID_ENOTFOUND);
    t = zoned("in-berlin", "Europe/Berlin");
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(zone_of(name, sizeof name, set, index), CALGRID_OK);
    CHECK_STR(name, "Europe/Berlin");
    calgrid_tz_free(berlin);
    calgrid_todo_set_free(set);
}
