/* Prints a month as a calendar, using only the installed library:
**     cc month.c $(pkg-config --cflags --libs calgrid) -o month && ./month 2026-11
*/
#include <stdio.h>
#include <stdlib.h>
#include <calgrid.h>

int main(int argc, char **argv) {
    static const char *names[] = { "Su", "Mo", "Tu", "We", "Th", "Fr", "Sa" };
    calgrid_date first;
    calgrid_error err;
    calgrid_month_grid grid;
    calgrid_grid_options options = CALGRID_GRID_OPTIONS_INIT;
    char text[16];
    int rc, row, col;

    if (argc < 2) {
        fprintf(stderr, "usage: %s YYYY-MM\n", argv[0]);
        return 2;
    }
    /* Parse "YYYY-MM" by parsing "YYYY-MM-01". */
    snprintf(text, sizeof text, "%.7s-01", argv[1]);
    rc = calgrid_date_parse_iso(&first, text, CALGRID_NUL_TERMINATED, &err);
    if (rc != CALGRID_OK) {
        fprintf(stderr, "%s: %s (%s)\n", argv[1], err.message, calgrid_status_string(rc));
        return 2;
    }
    {
        calgrid_ymd ymd;
        calgrid_date_to_ymd(&ymd, first);
        options.first_weekday = CALGRID_MONDAY;
        options.rows = CALGRID_ROWS_AUTO;
        rc = calgrid_month_grid_fill(&grid, ymd.year, ymd.month, &options);
    }
    if (rc != CALGRID_OK) {
        fprintf(stderr, "calgrid_month_grid_fill: %s\n", calgrid_status_string(rc));
        return 1;
    }
    printf("%04d-%02d  (calgrid %s)\n", (int)grid.year, (int)grid.month, calgrid_version());
    for (col = 0; col < 7; col++) printf("%s ", names[(grid.first_weekday + col) % 7]);
    printf("\n");
    for (row = 0; row < grid.row_count; row++) {
        for (col = 0; col < 7; col++) {
            const calgrid_cell *cell = &grid.cells[row * 7 + col];
            if (cell->owner == CALGRID_OWNER_THIS_MONTH) printf("%2d ", cell->day);
            else printf("   ");
        }
        printf("\n");
    }
    return 0;
}
