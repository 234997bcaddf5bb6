/* Prints what the C API gives for every day of a range of months, for Tests/C/lunar_cells_check.py
** to compare with korean-lunar-calendar, python-holidays with Python's calendar, and the calgrid
** command: cells_dump COUNTRY FIRST_YEAR LAST_YEAR (COUNTRY: KR, US, DE).
**
** Per day of each month (its own cells of the month grid, through calgrid_grid_cells_fill):
**   D <TAB> day number <TAB> lunar y-m-d-leap (0 outside the table) <TAB> name|Korean name ... (TAB-separated)
** per month (calgrid_period_workdays):
**   W <TAB> year-month <TAB> working days */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "calgrid.h"

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: cells_dump KR|US|DE FIRST_YEAR LAST_YEAR\n"); return 2; }
    calgrid_country country = strcmp(argv[1], "KR") == 0 ? CALGRID_COUNTRY_KR
                            : strcmp(argv[1], "US") == 0 ? CALGRID_COUNTRY_US
                            : strcmp(argv[1], "DE") == 0 ? CALGRID_COUNTRY_DE : CALGRID_COUNTRY_NONE;
    if (country == CALGRID_COUNTRY_NONE) { fprintf(stderr, "cells_dump: unknown country %s\n", argv[1]); return 2; }
    int first = atoi(argv[2]), last = atoi(argv[3]);
    for (int y = first; y <= last; y++) {
        for (int m = 1; m <= 12; m++) {
            calgrid_month_grid g;
            calgrid_grid_cell cells[CALGRID_GRID_MAX_CELLS];
            calgrid_period p;
            int workdays = 0;
            cells[0].struct_size = sizeof(calgrid_grid_cell);
            if (calgrid_month_grid_fill(&g, y, m, NULL) != CALGRID_OK ||
                calgrid_grid_cells_fill(cells, CALGRID_GRID_MAX_CELLS, &g, country) != CALGRID_OK ||
                calgrid_period_month(&p, y, m) != CALGRID_OK || calgrid_period_workdays(&workdays, &p, country) != CALGRID_OK) {
                fprintf(stderr, "cells_dump: %d-%02d failed\n", y, m);
                return 1;
            }
            for (int i = 0; i < g.cell_count; i++) {
                const calgrid_grid_cell *c = &cells[i];
                if (c->cell.owner != CALGRID_OWNER_THIS_MONTH) continue;
                printf("D\t%d\t%d-%d-%d-%d", (int)c->cell.date, c->lunar.year, c->lunar.month, c->lunar.day, c->lunar.is_leap_month);
                for (int k = 0; k < c->holiday_count && k < CALGRID_CELL_MAX_HOLIDAYS; k++) {
                    char en[128], ko[128];
                    if (calgrid_holiday_name(en, sizeof en, NULL, &c->holidays[k], CALGRID_LANG_EN) != CALGRID_OK ||
                        calgrid_holiday_name(ko, sizeof ko, NULL, &c->holidays[k], CALGRID_LANG_KO) != CALGRID_OK) return 1;
                    printf("\t%s|%s", en, ko);
                }
                printf("\n");
            }
            printf("W\t%d-%02d\t%d\n", y, m, workdays);
        }
    }
    return 0;
}
