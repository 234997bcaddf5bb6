/* A todo with a recurrence rule through the C API: calgrid_todo.rrule and its day lists, a caller
** built with the header before them (CALGRID_TODO_SIZE_V1), the rule's text and recurrence back,
** day counts and ticks per occurrence, and the core's errors. */
#include <stdlib.h>
#include "check.h"

void test_todo_rules(void) {
    calgrid_todo_set *set = NULL;
    calgrid_error err;
    size_t index = 99, n = 0;
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);

    /* The 3rd Thursday from 2026-12-01 (a Tuesday, its first occurrence) to 2027-03-31:
    ** 12-01, 12-17, 01-21, 02-18, 03-18; 2027-02-18 removed, 2027-03-01 added. */
    calgrid_todo t = CALGRID_TODO_INIT;
    calgrid_date removed[1], added[1];
    uint8_t flags[5] = {0, 0, 1, 0, 1};
    removed[0] = check_date(2027, 2, 18);
    added[0] = check_date(2027, 3, 1);
    t.id = "club"; t.title = "Book club";
    t.start = check_date(2026, 12, 1); t.end = check_date(2027, 3, 31);
    t.rrule = "freq=monthly;byday=3th";
    t.exdates = removed; t.exdate_count = 1;
    t.rdates = added; t.rdate_count = 1;
    t.completed_days = flags; t.completed_day_count = 5;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &t, &err), CALGRID_OK);
    CHECK_EQ(index, 0);

    calgrid_todo_info info;
    CHECK_EQ(check_get_info(&info, sizeof info, set, 0), CALGRID_OK);
    CHECK_EQ(info.tracked_day_count, 5);      /* 12-01, 12-17, 01-21, 03-01, 03-18 */
    CHECK_EQ(info.done_day_count, 2);

    char text[64];
    CHECK_EQ(calgrid_todo_set_text(text, sizeof text, &n, set, 0, CALGRID_TEXT_RRULE, 0), CALGRID_OK);
    CHECK_STR(text, "FREQ=MONTHLY;BYDAY=3TH");
    CHECK_EQ(n, strlen("FREQ=MONTHLY;BYDAY=3TH"));

    calgrid_recurrence *r = NULL;
    calgrid_date next = 0;
    CHECK_EQ(calgrid_todo_set_recurrence(&r, set, 0), CALGRID_OK);
    CHECK_EQ(calgrid_recurrence_next(&next, r, check_date(2027, 1, 21)), CALGRID_OK);
    CHECK_EQ(next, check_date(2027, 3, 1));          /* 02-18 is removed, 03-01 added */
    calgrid_recurrence_free(r);

    /* Day counts fall on occurrences only; ticks are per occurrence. */
    calgrid_day_count counts[31];
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 31, set, check_date(2027, 1, 1), check_date(2027, 1, 31), CALGRID_KIND_ALL), CALGRID_OK);
    for (int k = 0; k < 31; k++) CHECK_EQ(counts[k].total, k == 20 ? 1 : 0);
    CHECK_EQ(counts[20].completed, 1);
    CHECK_EQ(calgrid_todo_set_set_done(set, 0, check_date(2027, 1, 22), 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_set_done(set, 0, check_date(2026, 12, 17), 1), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(info.done_day_count, 3);
    size_t found[4];
    CHECK_EQ(calgrid_todo_set_count_overlapping(&n, set, check_date(2027, 2, 1), check_date(2027, 2, 28), CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(calgrid_todo_set_overlapping(found, 4, &n, set, check_date(2027, 3, 1), check_date(2027, 3, 1), CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(n, 1);

    /* A caller built before the rule members: its struct ends at tag_count; what follows in its
    ** memory is not read, so the todo has no rule. */
    unsigned char *old = (unsigned char *)malloc(sizeof(calgrid_todo));
    calgrid_todo v1 = CALGRID_TODO_INIT;
    v1.struct_size = CALGRID_TODO_SIZE_V1;
    v1.id = "old"; v1.start = check_date(2026, 12, 1); v1.end = check_date(2026, 12, 7);
    memcpy(old, &v1, sizeof v1);
    memset(old + CALGRID_TODO_SIZE_V1, 0xA5, sizeof(calgrid_todo) - CALGRID_TODO_SIZE_V1);
    CHECK_EQ(calgrid_todo_set_add(&index, set, (const calgrid_todo *)(const void *)old, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_recurrence(&r, set, index), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_todo_set_text(text, sizeof text, &n, set, index, CALGRID_TEXT_RRULE, 0), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_todo_set_get(&info, set, index), CALGRID_OK);
    CHECK_EQ(info.tracked_day_count, 7);
    free(old);
    v1.struct_size = CALGRID_TODO_SIZE_V1 - 1;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &v1, &err), CALGRID_EINVAL);
    v1.struct_size = CALGRID_TODO_SIZE_V1 + sizeof(void *);   /* cuts the rule members: neither size */
    CHECK_EQ(calgrid_todo_set_add(&index, set, &v1, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "struct_size");

    /* The core's refusals, by field and sentence. */
    calgrid_todo bad = CALGRID_TODO_INIT;
    bad.id = "bad"; bad.start = check_date(2026, 12, 1);
    bad.rrule = "FREQ=MONTHLY;BYDAY=9MO";
    CHECK_EQ(calgrid_todo_set_add(&index, set, &bad, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "rrule");
    CHECK(strstr(err.message, "BYDAY=9MO: ordinal 9 is outside -5...5 for MONTHLY") != NULL);
    CHECK_EQ(err.byte_offset, 19);
    bad.rrule = "FREQ=HOURLY";
    CHECK_EQ(calgrid_todo_set_add(&index, set, &bad, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "rrule");
    bad.rrule = "FREQ=WEEKLY";
    bad.repetition = 0x02;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &bad, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "rrule");
    bad.repetition = CALGRID_EVERY_DAY;
    bad.start = CALGRID_DATE_NONE;
    CHECK_EQ(calgrid_todo_set_add(&index, set, &bad, &err), CALGRID_EINVAL);
    CHECK_STR(err.field, "rrule");
    CHECK_EQ(calgrid_todo_set_count(&n, set), CALGRID_OK);
    CHECK_EQ(n, 2);

    /* Open-ended: ticks per occurrence, kept as far as the last one ticked. From 2026-12-01 the
    ** 3rd Thursdays are 12-17, 01-21, 02-18: ticking 02-18 keeps 4 flags (12-01 is the start). */
    calgrid_todo open = CALGRID_TODO_INIT;
    uint8_t got[8];
    open.id = "open"; open.start = check_date(2026, 12, 1); open.rrule = "FREQ=MONTHLY;BYDAY=3TH";
    CHECK_EQ(calgrid_todo_set_add(&index, set, &open, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_completed_days(got, sizeof got, &n, set, index), CALGRID_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(calgrid_todo_set_set_done(set, index, check_date(2027, 2, 18), 1), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_set_done(set, index, check_date(2027, 2, 19), 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_todo_set_completed_days(got, sizeof got, &n, set, index), CALGRID_OK);
    CHECK_EQ(n, 4);
    CHECK(got[0] == 0 && got[1] == 0 && got[2] == 0 && got[3] == 1);
    CHECK_EQ(calgrid_todo_set_day_counts(counts, 1, set, check_date(2027, 2, 18), check_date(2027, 2, 18), CALGRID_KIND_ALL), CALGRID_OK);
    CHECK_EQ(counts[0].completed, 1);
    CHECK_EQ(calgrid_todo_set_remove(set, "open"), CALGRID_OK);

    /* An update takes the rule away; the set answers for weekdays again. */
    calgrid_todo plain = CALGRID_TODO_INIT;
    plain.id = "club"; plain.start = check_date(2026, 12, 1); plain.end = check_date(2026, 12, 3);
    CHECK_EQ(calgrid_todo_set_update(set, 0, &plain, &err), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_recurrence(&r, set, 0), CALGRID_ENOTFOUND);
    CHECK_EQ(calgrid_todo_set_get(&info, set, 0), CALGRID_OK);
    CHECK_EQ(info.tracked_day_count, 3);
    calgrid_todo_set_free(set);
}
