/* Month grids written into caller storage, checked cell by cell against the date functions. */
#include <stdint.h>
#include "check.h"

/* Every property of every cell, derived independently from the cell's date number. */
static int grid_is_consistent(const calgrid_month_grid *g, const calgrid_grid_options *o) {
    int i, bad = 0;
    calgrid_weekday w1 = CALGRID_SUNDAY;
    if (g->cell_count != g->row_count * 7 || g->row_count < 4 || g->row_count > 6) return 0;
    if (calgrid_date_weekday(&w1, g->cells[0].date) == CALGRID_OK && (int)w1 != (int)o->first_weekday) bad++;
    for (i = 0; i < g->cell_count; i++) {
        const calgrid_cell *c = &g->cells[i];
        long date = (long)c->date;
        int owner = date < g->month_first ? CALGRID_OWNER_PREVIOUS_MONTH
                  : date > g->month_last ? CALGRID_OWNER_NEXT_MONTH : CALGRID_OWNER_THIS_MONTH;
        int weekday = (int)((((date + 4) % 7) + 7) % 7);
        unsigned flags = 0;
        if (i > 0 && c->date != g->cells[i - 1].date + 1) bad++;
        if (c->owner != owner) bad++;
        if (c->weekday != weekday || c->weekday != (o->first_weekday + i) % 7) bad++;
        if (date == o->today) flags |= CALGRID_CELL_TODAY;
        if (owner == CALGRID_OWNER_THIS_MONTH || o->adjacent == CALGRID_ADJACENT_SHOW) flags |= CALGRID_CELL_VISIBLE;
        if (weekday == CALGRID_SATURDAY || weekday == CALGRID_SUNDAY) flags |= CALGRID_CELL_WEEKEND;
        if (c->flags != flags) bad++;
        if (date >= CALGRID_DATE_MIN && date <= CALGRID_DATE_MAX) {
            calgrid_ymd ymd;
            if (calgrid_date_to_ymd(&ymd, c->date) != CALGRID_OK || ymd.day != c->day) bad++;
            if (owner == CALGRID_OWNER_THIS_MONTH && (ymd.year != g->year || ymd.month != g->month)) bad++;
        }
    }
    for (i = g->cell_count; i < CALGRID_GRID_MAX_CELLS; i++) {
        const calgrid_cell *c = &g->cells[i];
        if (c->date != 0 || c->owner != 0 || c->weekday != 0 || c->flags != 0 || c->day != 0) bad++;
    }
    if (g->row_count < 6 && g->cells[g->cell_count - 1].date < g->month_last) bad++;
    if (g->cells[0].date > g->month_first || g->cells[g->cell_count - 1].date < g->month_last) bad++;
    return bad == 0;
}

static void test_known_grids(void) {
    calgrid_month_grid g;
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    memset(&g, 0x77, sizeof g);
    /* November 2026 starts on a Sunday: no leading days, 30 days + 12 trailing. */
    o.today = check_date(2026, 11, 29);
    CHECK_EQ(calgrid_month_grid_fill(&g, 2026, 11, &o), CALGRID_OK);
    CHECK_EQ(g.year, 2026); CHECK_EQ(g.month, 11); CHECK_EQ(g.first_weekday, CALGRID_SUNDAY);
    CHECK_EQ(g.row_count, 6); CHECK_EQ(g.cell_count, 42);
    CHECK_EQ(g.month_first, check_date(2026, 11, 1)); CHECK_EQ(g.month_last, check_date(2026, 11, 30));
    CHECK_EQ(g.cells[0].date, check_date(2026, 11, 1)); CHECK_EQ(g.cells[0].day, 1);
    CHECK_EQ(g.cells[0].owner, CALGRID_OWNER_THIS_MONTH);
    CHECK_EQ(g.cells[0].flags, CALGRID_CELL_VISIBLE | CALGRID_CELL_WEEKEND);
    CHECK_EQ(g.cells[28].flags, CALGRID_CELL_VISIBLE | CALGRID_CELL_TODAY | CALGRID_CELL_WEEKEND);   /* the 29th, a Sunday */
    CHECK_EQ(g.cells[29].date, check_date(2026, 11, 30));
    CHECK_EQ(g.cells[30].owner, CALGRID_OWNER_NEXT_MONTH); CHECK_EQ(g.cells[30].day, 1);
    CHECK_EQ(g.cells[41].date, check_date(2026, 12, 12)); CHECK_EQ(g.cells[41].day, 12);
    CHECK(grid_is_consistent(&g, &o));

    /* ...Monday first, auto rows: 6 leading October days, 5 rows. */
    o.first_weekday = CALGRID_MONDAY;
    o.rows = CALGRID_ROWS_AUTO;
    o.adjacent = CALGRID_ADJACENT_HIDE;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2026, 11, &o), CALGRID_OK);
    CHECK_EQ(g.row_count, 6);
    CHECK_EQ(g.cells[0].date, check_date(2026, 10, 26)); CHECK_EQ(g.cells[0].day, 26);
    CHECK_EQ(g.cells[0].owner, CALGRID_OWNER_PREVIOUS_MONTH); CHECK_EQ(g.cells[0].flags, 0);
    CHECK_EQ(g.cells[6].date, check_date(2026, 11, 1)); CHECK_EQ(g.cells[6].day, 1);
    CHECK(grid_is_consistent(&g, &o));

    /* February 2015: 28 days starting on a Sunday fill exactly 4 rows. */
    o.first_weekday = CALGRID_SUNDAY;
    o.today = CALGRID_DATE_NONE;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2015, 2, &o), CALGRID_OK);
    CHECK_EQ(g.row_count, 4); CHECK_EQ(g.cell_count, 28);
    CHECK_EQ(g.cells[27].date, check_date(2015, 2, 28));
    CHECK(grid_is_consistent(&g, &o));

    /* NULL options: Sunday first, 6 rows, adjacent days shown, no today. */
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 2, NULL), CALGRID_OK);
    {
        calgrid_grid_options d = CALGRID_GRID_OPTIONS_INIT;
        CHECK_EQ(g.row_count, 6);
        CHECK_EQ(g.cells[0].date, check_date(2024, 1, 28));
        CHECK(grid_is_consistent(&g, &d));
    }
}

/* Every month of 1900...2100 under every option combination, plus the calendar's two ends. */
static void test_all_months(void) {
    int y, m, w, rows, adj, bad = 0, total = 0;
    calgrid_month_grid g;
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    o.today = check_date(2000, 2, 29);
    for (y = 1900; y <= 2100; y++)
        for (m = 1; m <= 12; m++)
            for (w = 0; w < 7; w++)
                for (rows = 0; rows < 2; rows++)
                    for (adj = 0; adj < 2; adj++) {
                        if ((y * 12 + m + w) % 5 != 0 && y != 2000) continue;   /* a spread, every option */
                        o.first_weekday = (calgrid_weekday)w;
                        o.rows = (calgrid_row_policy)rows;
                        o.adjacent = (calgrid_adjacent_policy)adj;
                        total++;
                        if (calgrid_month_grid_fill(&g, y, m, &o) != CALGRID_OK || !grid_is_consistent(&g, &o)) bad++;
                    }
    CHECK_EQ(bad, 0);
    CHECK(total > 10000);

    o.first_weekday = CALGRID_SATURDAY;
    o.rows = CALGRID_ROWS_FIXED;
    o.adjacent = CALGRID_ADJACENT_SHOW;
    CHECK_EQ(calgrid_month_grid_fill(&g, 1, 1, &o), CALGRID_OK);      /* 0001-01-01 is a Monday */
    CHECK_EQ(g.cells[0].date, CALGRID_DATE_MIN - 2);                  /* 0000-12-30, outside the range */
    CHECK_EQ(g.cells[0].day, 30); CHECK_EQ(g.cells[1].day, 31); CHECK_EQ(g.cells[2].day, 1);
    CHECK(grid_is_consistent(&g, &o));
    CHECK_EQ(calgrid_month_grid_fill(&g, 9999, 12, &o), CALGRID_OK);
    CHECK(g.cells[41].date > CALGRID_DATE_MAX);                       /* in year 10000 */
    CHECK_EQ(g.cells[41].day, g.cells[41].date - CALGRID_DATE_MAX);
    CHECK(grid_is_consistent(&g, &o));
}

static void test_grid_errors(void) {
    calgrid_month_grid g, before;
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    memset(&g, 0x5c, sizeof g);
    before = g;
    CHECK_EQ(calgrid_month_grid_fill(NULL, 2024, 1, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 0, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 13, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_month_grid_fill(&g, 0, 12, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_month_grid_fill(&g, 10000, 1, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_month_grid_fill(&g, INT32_MIN, INT32_MIN, NULL), CALGRID_ERANGE);
    o.first_weekday = (calgrid_weekday)7;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &o), CALGRID_EINVAL);
    o.first_weekday = CALGRID_SUNDAY;
    o.rows = (calgrid_row_policy)2;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &o), CALGRID_EINVAL);
    o.rows = CALGRID_ROWS_AUTO;
    o.adjacent = (calgrid_adjacent_policy)3;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &o), CALGRID_EINVAL);
    o.adjacent = CALGRID_ADJACENT_HIDE;
    o.today = CALGRID_DATE_MAX + 1;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &o), CALGRID_ERANGE);
    o.today = CALGRID_DATE_NONE;
    o.struct_size = 0;                                  /* not initialised */
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &o), CALGRID_EINVAL);
    o.struct_size = sizeof o - 1;
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &o), CALGRID_EINVAL);
    CHECK(memcmp(&g, &before, sizeof g) == 0);          /* untouched by every failure */
    o.struct_size = sizeof o + 64;                      /* a caller built against a newer header */
    CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &o), CALGRID_OK);
#ifndef __cplusplus
    {
        calgrid_grid_options bad = CALGRID_GRID_OPTIONS_INIT;
        bad.first_weekday = (calgrid_weekday)-1;
        CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &bad), CALGRID_EINVAL);
        bad.first_weekday = (calgrid_weekday)0x10000;
        CHECK_EQ(calgrid_month_grid_fill(&g, 2024, 1, &bad), CALGRID_EINVAL);
    }
#endif
}

void test_month_grid(void) {
    test_known_grids();
    test_all_months();
    test_grid_errors();
}
