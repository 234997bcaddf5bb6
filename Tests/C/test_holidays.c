/* Holidays, working days and grid cells with lunar dates from C. The days and names themselves
** are checked against python-holidays and korean-lunar-calendar by `make test-c-lunar`
** (Tests/C/lunar_cells_check.py over Tests/C/cells_dump.c) and in the Swift tests; here: each call
** against the others (a cell's holidays are calgrid_holidays_list's for its day, a period's working
** days are its Monday-to-Friday days that hold no listed holiday, a cell's lunar date is
** calgrid_lunar_from_date's), the struct_size versions, the most holidays a day holds, and hostile
** input. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include "check.h"

/* Every holiday of `country` in first...last into a malloc'ed array (*count of them). */
static calgrid_holiday *list(size_t *count, calgrid_date first, calgrid_date last, calgrid_country country) {
    *count = 0;
    int rc = calgrid_holidays_list(NULL, 0, count, first, last, country);
    CHECK_EQ(rc, *count == 0 ? CALGRID_OK : CALGRID_ENOSPC);
    calgrid_holiday *h = (calgrid_holiday *)malloc((*count + 1) * sizeof *h);
    size_t again = 0;
    CHECK_EQ(calgrid_holidays_list(h, *count, &again, first, last, country), CALGRID_OK);
    CHECK_EQ(again, *count);
    return h;
}

static void check_names(void) {
    size_t n = 0, len = 0;
    char buf[96];
    calgrid_holiday *h = list(&n, check_date(2026, 9, 1), check_date(2026, 9, 30), CALGRID_COUNTRY_KR);
    CHECK_EQ(n, 3);
    if (n == 3) {
        CHECK_EQ(h[1].date, check_date(2026, 9, 25));
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, &len, &h[1], CALGRID_LANG_KO), CALGRID_OK);
        CHECK_STR(buf, "추석");
        CHECK_EQ(len, strlen("추석"));
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &h[0], CALGRID_LANG_EN), CALGRID_OK);
        CHECK_STR(buf, "The day preceding Chuseok");
        /* ENOSPC: the length is still given, the buffer holds no partial name. */
        CHECK_EQ(calgrid_holiday_name(buf, 4, &len, &h[0], CALGRID_LANG_EN), CALGRID_ENOSPC);
        CHECK_EQ(len, strlen("The day preceding Chuseok"));
    }
    free(h);
    /* 2026-08-17: the substitute for Liberation Day (a Saturday). */
    h = list(&n, check_date(2026, 8, 17), check_date(2026, 8, 17), CALGRID_COUNTRY_KR);
    CHECK_EQ(n, 1);
    if (n == 1) {
        CHECK_EQ(h[0].is_substitute, 1);
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &h[0], CALGRID_LANG_KO), CALGRID_OK);
        CHECK_STR(buf, "광복절 대체 휴일");
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &h[0], CALGRID_LANG_EN), CALGRID_OK);
        CHECK_STR(buf, "Alternative holiday for Liberation Day");
        calgrid_holiday bad = h[0];
        bad.row = 9999;
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &bad, CALGRID_LANG_EN), CALGRID_EINVAL);
        bad = h[0]; bad.country = CALGRID_COUNTRY_NONE;
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &bad, CALGRID_LANG_EN), CALGRID_EINVAL);
        bad = h[0]; bad.is_substitute = 2;
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &bad, CALGRID_LANG_EN), CALGRID_EINVAL);
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &h[0], (calgrid_language)7), CALGRID_EINVAL);
    }
    free(h);
    /* Another country's holiday in Korean is its English name. */
    h = list(&n, check_date(2026, 7, 3), check_date(2026, 7, 3), CALGRID_COUNTRY_US);
    CHECK_EQ(n, 1);
    if (n == 1) {
        CHECK_EQ(calgrid_holiday_name(buf, sizeof buf, NULL, &h[0], CALGRID_LANG_KO), CALGRID_OK);
        CHECK_STR(buf, "Independence Day (observed)");
    }
    free(h);
}

/* Over 1990...2050: no day holds more than CALGRID_CELL_MAX_HOLIDAYS, and a period's working days
** are its weekdays without a listed holiday. */
static void check_days_and_workdays(calgrid_country country) {
    size_t n = 0;
    calgrid_holiday *h = list(&n, check_date(1990, 1, 1), check_date(2050, 12, 31), country);
    int most = 0, run = 0, bad = 0;
    for (size_t i = 0; i < n; i++) {
        run = i > 0 && h[i].date == h[i - 1].date ? run + 1 : 1;
        if (run > most) most = run;
        if (i > 0 && h[i].date < h[i - 1].date) bad++;
    }
    CHECK_EQ(bad, 0);
    CHECK(most <= CALGRID_CELL_MAX_HOLIDAYS);
    if (country == CALGRID_COUNTRY_KR) CHECK_EQ(most, 2);
    for (int y = 1990; y <= 2050; y++) {
        calgrid_period p;
        CHECK_EQ(calgrid_period_year(&p, y), CALGRID_OK);
        int got = -1, want = 0;
        CHECK_EQ(calgrid_period_workdays(&got, &p, country), CALGRID_OK);
        size_t k = 0;
        while (k < n && h[k].date < p.first) k++;
        for (calgrid_date d = p.first; d <= p.last; d++) {
            calgrid_weekday w;
            CHECK_EQ(calgrid_date_weekday(&w, d), CALGRID_OK);
            int off = 0;
            while (k < n && h[k].date == d) { off = 1; k++; }
            if (w != CALGRID_SATURDAY && w != CALGRID_SUNDAY && !off) want++;
        }
        if (got != want) { CHECK_EQ(got, want); break; }
    }
    free(h);
}

/* A grid's cells: the packed cell, the lunar date and the day's holidays as the other calls give
** them; a V1 caller gets nothing written past the lunar date. */
static void check_cells(int year, int month, calgrid_country country) {
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    calgrid_month_grid g;
    calgrid_grid_cell cells[CALGRID_GRID_MAX_CELLS];
    o.first_weekday = CALGRID_MONDAY;
    o.rows = CALGRID_ROWS_AUTO;
    CHECK_EQ(calgrid_month_grid_fill(&g, year, month, &o), CALGRID_OK);
    memset(cells, 0, sizeof cells);
    cells[0].struct_size = sizeof(calgrid_grid_cell);
    CHECK_EQ(calgrid_grid_cells_fill(cells, CALGRID_GRID_MAX_CELLS, &g, country), CALGRID_OK);
    size_t n = 0;
    calgrid_holiday *h = list(&n, g.cells[0].date, g.cells[g.cell_count - 1].date, country == CALGRID_COUNTRY_NONE ? CALGRID_COUNTRY_KR : country);
    if (country == CALGRID_COUNTRY_NONE) n = 0;
    size_t k = 0;
    int bad = 0;
    for (int i = 0; i < g.cell_count; i++) {
        const calgrid_grid_cell *c = &cells[i];
        calgrid_lunar_date l = { 0, 0, 0, 0 };
        calgrid_lunar_from_date(&l, g.cells[i].date, NULL);
        if (c->struct_size != sizeof(calgrid_grid_cell) || memcmp(&c->cell, &g.cells[i], sizeof c->cell) != 0 ||
            memcmp(&c->lunar, &l, sizeof l) != 0) bad++;
        int count = 0;
        while (k < n && h[k].date == g.cells[i].date) {
            if (count < CALGRID_CELL_MAX_HOLIDAYS && memcmp(&c->holidays[count], &h[k], sizeof h[k]) != 0) bad++;
            count++; k++;
        }
        if (c->holiday_count != count) bad++;
    }
    CHECK_EQ(bad, 0);
    free(h);

    /* V1: the cell and its lunar date; the bytes after each element's first V1 bytes stay. */
    unsigned char raw[CALGRID_GRID_MAX_CELLS * CALGRID_GRID_CELL_SIZE_V1 + 16];
    memset(raw, 0xAB, sizeof raw);
    size_t v1 = CALGRID_GRID_CELL_SIZE_V1;
    memcpy(raw, &v1, sizeof v1);
    CHECK_EQ(calgrid_grid_cells_fill((calgrid_grid_cell *)(void *)raw, CALGRID_GRID_MAX_CELLS, &g, country), CALGRID_OK);
    for (int i = 0; i < g.cell_count; i++) {
        calgrid_grid_cell c;
        memcpy(&c, raw + (size_t)i * v1, v1);
        if (c.struct_size != v1 || memcmp(&c.cell, &cells[i].cell, sizeof c.cell) != 0 ||
            memcmp(&c.lunar, &cells[i].lunar, sizeof c.lunar) != 0) bad++;
    }
    for (size_t b = (size_t)g.cell_count * v1; b < sizeof raw; b++) if (raw[b] != 0xAB) { bad++; break; }
    CHECK_EQ(bad, 0);
}

/* Lunar rules (RFC 7529 RSCALE=DANGI) through C: occurrences against the lunar conversions (which
** LunarOracleTests checks against korean-lunar-calendar), the canonical text read back giving the
** same days, and another scale refused with the core's sentence. */
/* *r = `rule` from `start`; days = its 25 occurrences of 2026-01-02 ... 2050-12-31; returns how many. */
static size_t expand(calgrid_recurrence **r, const char *rule, size_t length, calgrid_date start, calgrid_date *days) {
    calgrid_error err;
    size_t n = 0;
    CHECK_EQ(calgrid_recurrence_new(r, rule, length, start, NULL, 0, NULL, 0, NULL, &err), CALGRID_OK);
    CHECK_EQ(calgrid_recurrence_occurrences(days, 64, &n, *r, check_date(2026, 1, 2), check_date(2050, 12, 31)), CALGRID_OK);
    CHECK_EQ(n, 25);
    return n;
}

static void check_lunar_rules(void) {
    static calgrid_date days[64], again[64];
    calgrid_recurrence *r = NULL, *back = NULL;
    calgrid_error err;
    char text[128];
    size_t n = 0, m = 0, len = 0;
    int bad = 0;
    /* Chuseok, lunar 8/15, every year of 2026...2050. */
    n = expand(&r, "rscale=dangi;freq=yearly;bymonth=8;bymonthday=15", CALGRID_NUL_TERMINATED, check_date(2026, 9, 25), days);
    for (size_t k = 0; k < n; k++) {
        calgrid_date want = 0;
        CHECK_EQ(calgrid_date_from_lunar(&want, 2026 + (int)k, 8, 15, 0, NULL), CALGRID_OK);
        if (days[k] != want) bad++;
    }
    CHECK_EQ(calgrid_recurrence_format(&len, text, sizeof text, r), CALGRID_OK);
    CHECK_STR(text, "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15");
    calgrid_recurrence_free(r);
    /* The leap 6th month's 1st, SKIP=FORWARD: the 7th month's 1st in a year without it. */
    n = expand(&r, "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6L;BYMONTHDAY=1;SKIP=FORWARD", CALGRID_NUL_TERMINATED, check_date(2026, 1, 1), days);
    for (size_t k = 0; k < n; k++) {
        calgrid_date want = 0;
        int y = 2026 + (int)k;
        if (calgrid_date_from_lunar(&want, y, 6, 1, 1, NULL) != CALGRID_OK)
            CHECK_EQ(calgrid_date_from_lunar(&want, y, 7, 1, 0, NULL), CALGRID_OK);
        if (days[k] != want) bad++;
    }
    CHECK_EQ(calgrid_recurrence_format(&len, text, sizeof text, r), CALGRID_OK);
    m = expand(&back, text, len, check_date(2026, 1, 1), again);
    CHECK(m == n && memcmp(days, again, n * sizeof days[0]) == 0);
    calgrid_recurrence_free(back);
    calgrid_recurrence_free(r);
    CHECK_EQ(bad, 0);
    r = NULL;
    CHECK(calgrid_recurrence_new(&r, "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=5L", CALGRID_NUL_TERMINATED, check_date(2026, 1, 1),
                                 NULL, 0, NULL, 0, NULL, &err) < 0);
    CHECK(strstr(err.message, "RSCALE=CHINESE") != NULL);
    CHECK(r == NULL);
}

void test_holidays(void) {
    check_lunar_rules();
    check_names();
    check_days_and_workdays(CALGRID_COUNTRY_KR);
    check_days_and_workdays(CALGRID_COUNTRY_US);
    check_days_and_workdays(CALGRID_COUNTRY_DE);
    check_cells(2026, 9, CALGRID_COUNTRY_KR);   /* Chuseok */
    check_cells(2025, 5, CALGRID_COUNTRY_KR);   /* two holidays on 2025-05-05, a substitute on the 6th */
    check_cells(2023, 3, CALGRID_COUNTRY_KR);   /* a leap 2nd month starts 2023-03-22 */
    check_cells(2026, 7, CALGRID_COUNTRY_US);
    check_cells(2026, 10, CALGRID_COUNTRY_DE);
    check_cells(2026, 9, CALGRID_COUNTRY_NONE);
    check_cells(2050, 12, CALGRID_COUNTRY_KR);  /* the lunar table's last days */

    /* Outside the lunar table: zeros. January 1000 has no lunar dates before the 13th of February. */
    calgrid_month_grid g;
    calgrid_grid_cell cells[CALGRID_GRID_MAX_CELLS];
    CHECK_EQ(calgrid_month_grid_fill(&g, 1000, 1, NULL), CALGRID_OK);
    cells[0].struct_size = sizeof(calgrid_grid_cell);
    CHECK_EQ(calgrid_grid_cells_fill(cells, CALGRID_GRID_MAX_CELLS, &g, CALGRID_COUNTRY_KR), CALGRID_OK);
    CHECK_EQ(cells[10].lunar.year, 0);
    CHECK_EQ(cells[10].holiday_count, 0);
    /* The calendar's ends: cells of year 0 and 10000 carry no lunar date and no holiday. */
    CHECK_EQ(calgrid_month_grid_fill(&g, 1, 1, NULL), CALGRID_OK);
    CHECK_EQ(calgrid_grid_cells_fill(cells, CALGRID_GRID_MAX_CELLS, &g, CALGRID_COUNTRY_DE), CALGRID_OK);
    CHECK_EQ(calgrid_month_grid_fill(&g, 9999, 12, NULL), CALGRID_OK);
    CHECK_EQ(calgrid_grid_cells_fill(cells, CALGRID_GRID_MAX_CELLS, &g, CALGRID_COUNTRY_US), CALGRID_OK);
    CHECK_EQ(cells[41].lunar.year, 0);

    /* Hostile input. */
    CHECK_EQ(calgrid_month_grid_fill(&g, 2026, 9, NULL), CALGRID_OK);
    CHECK_EQ(calgrid_grid_cells_fill(cells, 41, &g, CALGRID_COUNTRY_KR), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_grid_cells_fill(cells, SIZE_MAX, &g, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    CHECK_EQ(calgrid_grid_cells_fill(cells, 42, &g, (calgrid_country)4), CALGRID_EINVAL);
    CHECK_EQ(calgrid_grid_cells_fill(cells, 42, NULL, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    CHECK_EQ(calgrid_grid_cells_fill(NULL, 42, &g, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    cells[0].struct_size = CALGRID_GRID_CELL_SIZE_V1 - 1;
    CHECK_EQ(calgrid_grid_cells_fill(cells, 42, &g, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    cells[0].struct_size = sizeof(calgrid_grid_cell);
    g.cells[5].date += 1;   /* not a grid the library made */
    CHECK_EQ(calgrid_grid_cells_fill(cells, 42, &g, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    g.cell_count = 43;
    CHECK_EQ(calgrid_grid_cells_fill(cells, 42, &g, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    size_t count = 99;
    calgrid_holiday one;
    CHECK_EQ(calgrid_holidays_list(&one, 1, &count, check_date(2026, 9, 30), check_date(2026, 9, 1), CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    CHECK_EQ(calgrid_holidays_list(&one, 1, &count, check_date(2026, 9, 1), check_date(2026, 9, 30), CALGRID_COUNTRY_NONE), CALGRID_EINVAL);
    CHECK_EQ(calgrid_holidays_list(NULL, 1, &count, check_date(2026, 9, 1), check_date(2026, 9, 30), CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    CHECK_EQ(calgrid_holidays_list(&one, 1, NULL, check_date(2026, 9, 1), check_date(2026, 9, 30), CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    CHECK_EQ(calgrid_holidays_list(&one, 1, &count, check_date(2026, 9, 1), check_date(2026, 9, 30), CALGRID_COUNTRY_KR), CALGRID_ENOSPC);
    CHECK_EQ(count, 3);
    CHECK_EQ(calgrid_holidays_list(&one, 1, &count, CALGRID_DATE_MAX + 1, CALGRID_DATE_MAX + 1, CALGRID_COUNTRY_KR), CALGRID_ERANGE);
    calgrid_period p = { CALGRID_PERIOD_MONTH, check_date(2026, 9, 2), check_date(2026, 9, 30), CALGRID_SUNDAY };
    int w = -7;
    CHECK_EQ(calgrid_period_workdays(&w, &p, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_month(&p, 2026, 9), CALGRID_OK);
    CHECK_EQ(calgrid_period_workdays(&w, &p, (calgrid_country)-1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_period_workdays(NULL, &p, CALGRID_COUNTRY_KR), CALGRID_EINVAL);
    CHECK_EQ(w, -7);
    CHECK_EQ(calgrid_period_workdays(&w, &p, CALGRID_COUNTRY_KR), CALGRID_OK);
    CHECK_EQ(w, 20);   /* 22 weekdays less Chuseok's days on a weekday (September 24...26, 2026: Thursday...Saturday) */
    CHECK_EQ(calgrid_period_workdays(&w, &p, CALGRID_COUNTRY_NONE), CALGRID_OK);
    CHECK_EQ(w, 22);
}
