/* Prints a month as a calendar with, on each day, how many todos fall on it and how many of them
** are done, from a CalGrid / Taskwarrior JSON file, an iCalendar file (*.ics) or a vdir (a
** directory of *.ics files, as vdirsyncer, todoman and khal keep them). Date-times become days in
** the local zone (TZ). Uses only the installed library:
**
**     cc month.c $(pkg-config --cflags --libs calgrid) -o month
**     ./month 2026-11 todos.json
**     TZ=Asia/Seoul ./month 2026-11 todos.ics
**
** Against libcalgrid.a instead (no Swift runtime at run time; json-c and libical stay shared):
**
**     cc month.c $(pkg-config --cflags calgrid) "$(pkg-config --variable=libdir calgrid)/libcalgrid.a" \
**        $(pkg-config --static --libs calgrid | sed 's/-lcalgrid//') -o month
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <calgrid.h>

static int fail(const char *what, int status, const calgrid_error *err) {
    if (err != NULL && err->line > 0)
        fprintf(stderr, "%s: %s (line %lld, column %lld)\n", what, err->message, (long long)err->line, (long long)err->column);
    else if (err != NULL)
        fprintf(stderr, "%s: %s\n", what, err->message);
    else
        fprintf(stderr, "%s: %s\n", what, calgrid_status_string(status));
    return 1;
}

int main(int argc, char **argv) {
    static const char *names[] = { "Su", "Mo", "Tu", "We", "Th", "Fr", "Sa" };
    calgrid_todo_set *todos = NULL;
    calgrid_tz *local = NULL;
    calgrid_import_options import = CALGRID_IMPORT_OPTIONS_INIT;
    calgrid_import_report report;
    struct stat st;
    size_t length;
    calgrid_grid_options options = CALGRID_GRID_OPTIONS_INIT;
    calgrid_month_grid grid;
    calgrid_day_count counts[CALGRID_GRID_MAX_CELLS];
    calgrid_error err;
    calgrid_date first;
    calgrid_ymd ymd;
    char text[16];
    int rc, row, col;

    if (argc < 3) {
        fprintf(stderr, "usage: %s YYYY-MM TODOS.json|TODOS.ics|VDIR\n", argv[0]);
        return 2;
    }
    snprintf(text, sizeof text, "%.7s-01", argv[1]);   /* parse "YYYY-MM" as its 1st */
    if ((rc = calgrid_date_parse_iso(&first, text, CALGRID_NUL_TERMINATED, &err)) != CALGRID_OK)
        return fail(argv[1], rc, &err);
    calgrid_date_to_ymd(&ymd, first);

    if ((rc = calgrid_todo_set_new(&todos)) != CALGRID_OK) return fail("calgrid_todo_set_new", rc, NULL);
    report.struct_size = sizeof report;
    report.issues = NULL;
    report.issue_capacity = 0;
    if ((rc = calgrid_tz_local(&local)) != CALGRID_OK) return fail("calgrid_tz_local", rc, NULL);
    import.zone = local;   /* a date-time's day is its instant's day here */
    length = strlen(argv[2]);
    if (stat(argv[2], &st) == 0 && S_ISDIR(st.st_mode))
        rc = calgrid_ical_import_vdir(&report, todos, argv[2], &import, &err);
    else if (length > 4 && strcmp(argv[2] + length - 4, ".ics") == 0)
        rc = calgrid_ical_import_file(&report, todos, argv[2], &import, &err);
    else
        rc = calgrid_todo_set_import_file(&report, todos, argv[2], &import, &err);
    calgrid_tz_free(local);
    if (rc != CALGRID_OK) {
        calgrid_todo_set_free(todos);
        return fail(argv[2], rc, &err);
    }

    options.first_weekday = CALGRID_MONDAY;
    options.rows = CALGRID_ROWS_AUTO;
    rc = calgrid_month_grid_fill(&grid, ymd.year, ymd.month, &options);
    if (rc == CALGRID_OK) rc = calgrid_todo_set_grid_counts(counts, todos, &grid, CALGRID_KIND_ALL);
    if (rc != CALGRID_OK) {
        calgrid_todo_set_free(todos);
        return fail("grid", rc, NULL);
    }

    printf("%04d-%02d: %lld todos (calgrid %s); day: done/scheduled\n", (int)grid.year, (int)grid.month,
           (long long)report.imported, calgrid_version());
    for (col = 0; col < 7; col++) printf("  %s    ", names[(grid.first_weekday + col) % 7]);
    printf("\n");
    for (row = 0; row < grid.row_count; row++) {
        for (col = 0; col < 7; col++) {
            int i = row * 7 + col;
            const calgrid_cell *cell = &grid.cells[i];
            if (cell->owner != CALGRID_OWNER_THIS_MONTH) printf("        ");
            else if (counts[i].total == 0) printf("%2d      ", cell->day);
            else printf("%2d %d/%-2d ", cell->day, (int)counts[i].completed, (int)counts[i].total);
        }
        printf("\n");
    }
    calgrid_todo_set_free(todos);
    return 0;
}
