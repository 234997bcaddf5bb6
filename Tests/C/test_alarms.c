/* calgrid_todo_set_alarms: the alarm instants of an iCalendar file (Apple Calendar's overrides with
** their own alarms, Tests/CalGridICalendarTests/Alarms/apple-override-alarms.ics) are the ones
** `calgrid alarms --json` gives over the same file, zone and range, in the same order: its output
** is the CLI golden Tests/CLI/golden/alarms-overrides-json.txt, which test-cli holds equal to the
** command's. Each instant's time, item id, occurrence, action and DESCRIPTION
** (CALGRID_TEXT_ALARM_DESCRIPTION) is compared; then ENOSPC, EINVAL and struct_size. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

/* The string value of `"key":"` in `line` into out (JSON escapes \" and \\ only); 0 when absent. */
static int json_text(const char *line, const char *key, char *out, size_t size) {
    char pattern[64];
    const char *p;
    size_t n = 0;
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    p = strstr(line, pattern);
    if (p == NULL) return 0;
    for (p += strlen(pattern); *p != '\0' && *p != '"' && n + 1 < size; p++) {
        if (*p == '\\' && p[1] != '\0') p++;
        out[n++] = *p;
    }
    out[n] = '\0';
    return 1;
}

/* YYYY-MM-DD as a calgrid_date; CALGRID_DATE_NONE when it is not one. */
static calgrid_date date_of(const char *s) {
    int y, m, d;
    calgrid_date out;
    if (sscanf(s, "%d-%d-%d", &y, &m, &d) != 3 || calgrid_date_from_ymd(&out, y, m, d) != CALGRID_OK) return CALGRID_DATE_NONE;
    return out;
}

/* An RFC 3339 UTC time (YYYY-MM-DDTHH:MM:SSZ) as seconds since 1970. */
static int64_t instant_of(const char *s) {
    int hh, mm, ss;
    if (sscanf(s + 11, "%d:%d:%dZ", &hh, &mm, &ss) != 3) return INT64_MIN;
    return (int64_t)date_of(s) * 86400 + hh * 3600 + mm * 60 + ss;
}

static const char *const action_names[] = { "DISPLAY", "AUDIO", "EMAIL", "OTHER" };

void test_alarms(void) {
    char path[512], golden[512], line[2048], text[512], want[512];
    calgrid_todo_set *set = NULL;
    calgrid_tz *la = NULL;
    calgrid_import_options o = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_error err;
    calgrid_alarm_instant got[64], small[2];
    size_t n = 0, k = 0, described = 0, len = 0;
    int64_t from, to;
    FILE *f;

    snprintf(path, sizeof path, "%s/../../CalGridICalendarTests/Alarms/apple-override-alarms.ics", check_data_dir);
    snprintf(golden, sizeof golden, "%s/../../CLI/golden/alarms-overrides-json.txt", check_data_dir);
    CHECK_EQ(calgrid_tz_new(&la, "America/Los_Angeles", NULL), CALGRID_OK);
    CHECK_EQ(calgrid_todo_set_new(&set), CALGRID_OK);
    o.zone = la;
    CHECK_EQ(calgrid_ical_import_file(NULL, set, path, &o, &err), CALGRID_OK);
    /* The golden's --from 2026-03-01 --to 2026-05-01 in Los Angeles (PST, then PDT from 03-08). */
    from = (int64_t)date_of("2026-03-01") * 86400 + 8 * 3600;
    to = (int64_t)date_of("2026-05-01") * 86400 + 7 * 3600;

    got[0].struct_size = sizeof got[0];
    CHECK_EQ(calgrid_todo_set_alarms(got, 64, &n, set, from, to, la), CALGRID_OK);
    f = fopen(golden, "r");
    CHECK(f != NULL);
    if (f != NULL) {
        while (fgets(line, sizeof line, f) != NULL) {
            if (strncmp(line, "{\"at\":", 6) != 0) continue;
            CHECK(k < n);
            if (k >= n) break;
            CHECK_EQ(got[k].struct_size, sizeof got[k]);
            CHECK(json_text(line, "at", want, sizeof want));
            CHECK_EQ(got[k].at, instant_of(want));
            CHECK(json_text(line, "id", want, sizeof want));
            CHECK_EQ(calgrid_todo_set_text(text, sizeof text, NULL, set, got[k].index, CALGRID_TEXT_ID, 0), CALGRID_OK);
            CHECK_STR(text, want);
            CHECK(json_text(line, "occurrence", want, sizeof want));
            CHECK_EQ(got[k].occurrence, date_of(want));
            CHECK(json_text(line, "action", want, sizeof want));
            CHECK(got[k].action <= CALGRID_ALARM_OTHER && strcmp(action_names[got[k].action], want) == 0);
            if (json_text(line, "description", want, sizeof want)) {
                CHECK(got[k].alarm >= 0);
                CHECK_EQ(calgrid_todo_set_text(text, sizeof text, NULL, set, got[k].index, CALGRID_TEXT_ALARM_DESCRIPTION,
                                               (size_t)got[k].alarm), CALGRID_OK);
                CHECK_STR(text, want);
                described++;
            } else if (got[k].alarm >= 0) {
                CHECK_EQ(calgrid_todo_set_text(text, sizeof text, NULL, set, got[k].index, CALGRID_TEXT_ALARM_DESCRIPTION,
                                               (size_t)got[k].alarm), CALGRID_ENOTFOUND);
            }
            k++;
        }
        fclose(f);
    }
    /* Every instant of the golden, no more; the file's overrides give both kinds. */
    CHECK_EQ(k, n);
    CHECK(n >= 8);
    CHECK(described > 0 && described < n);
    for (k = 1; k < n; k++) CHECK(got[k - 1].at <= got[k].at);

    /* Too small: ENOSPC with the count; size 0 learns it; an empty range has none. */
    small[0].struct_size = sizeof small[0];
    CHECK_EQ(calgrid_todo_set_alarms(small, 2, &len, set, from, to, la), CALGRID_ENOSPC);
    CHECK_EQ(len, n);
    CHECK_EQ(calgrid_todo_set_alarms(NULL, 0, &len, set, from, to, la), CALGRID_ENOSPC);
    CHECK_EQ(len, n);
    CHECK_EQ(calgrid_todo_set_alarms(NULL, 0, &len, set, from, from, la), CALGRID_OK);
    CHECK_EQ(len, 0);
    /* Bad arguments: no zone, to before from, a struct_size too small; an alarm number past the item's. */
    CHECK_EQ(calgrid_todo_set_alarms(got, 64, &len, set, from, to, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_alarms(got, 64, &len, set, to, from, la), CALGRID_EINVAL);
    got[0].struct_size = 8;
    CHECK_EQ(calgrid_todo_set_alarms(got, 64, &len, set, from, to, la), CALGRID_EINVAL);
    CHECK_EQ(calgrid_todo_set_text(text, sizeof text, NULL, set, 0, CALGRID_TEXT_ALARM_DESCRIPTION, 1000), CALGRID_ERANGE);

    calgrid_todo_set_free(set);
    calgrid_tz_free(la);
}
