/* Week numbers (checked against C's own strftime %U %W %V %G), week strips, years, range
** selections, date pickers, labels and titles. */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "check.h"

static int wday_of(long d) { return (int)((((d + 4) % 7) + 7) % 7); }

static void test_week_numbers(void) {
    long n, bad = 0, first = check_date(1900, 1, 1), last = check_date(2100, 12, 31);
    for (n = first; n <= last; n++) {
        calgrid_ymd ymd;
        calgrid_iso_week iso;
        struct tm tm;
        char u[8], w[8], v[8], g[8];
        int nu = -1, nw = -1, nv = -1, yday = 0, k;
        calgrid_date back = 0;
        calgrid_date_to_ymd(&ymd, (calgrid_date)n);
        calgrid_date_day_of_year(&yday, (calgrid_date)n);
        memset(&tm, 0, sizeof tm);
        tm.tm_year = ymd.year - 1900; tm.tm_mon = ymd.month - 1; tm.tm_mday = ymd.day;
        tm.tm_wday = wday_of(n); tm.tm_yday = yday - 1;
        strftime(u, sizeof u, "%U", &tm); strftime(w, sizeof w, "%W", &tm);
        strftime(v, sizeof v, "%V", &tm); strftime(g, sizeof g, "%G", &tm);
        if (calgrid_date_iso_week(&iso, (calgrid_date)n) != CALGRID_OK || iso.year != atoi(g) || iso.week != atoi(v)) bad++;
        if (calgrid_date_week_number(&nu, (calgrid_date)n, CALGRID_WEEKS_SUNDAY) != CALGRID_OK || nu != atoi(u)) bad++;
        if (calgrid_date_week_number(&nw, (calgrid_date)n, CALGRID_WEEKS_MONDAY) != CALGRID_OK || nw != atoi(w)) bad++;
        if (calgrid_date_week_number(&nv, (calgrid_date)n, CALGRID_WEEKS_ISO) != CALGRID_OK || nv != atoi(v)) bad++;
        if (calgrid_date_from_iso_week(&back, iso.year, iso.week, (calgrid_weekday)wday_of(n)) != CALGRID_OK || back != n) bad++;
        /* Week of month = grid row + 1, for a few first weekdays. */
        for (k = 0; k < 7; k += 3) {
            int wom = 0;
            long first_of_month = n - ymd.day + 1;
            long lead = (wday_of(first_of_month) - k + 7) % 7;
            if (calgrid_date_week_of_month(&wom, (calgrid_date)n, (calgrid_weekday)k) != CALGRID_OK
                || wom != (int)((lead + ymd.day - 1) / 7 + 1)) bad++;
        }
    }
    CHECK_EQ(bad, 0);
    {
        calgrid_iso_week iso = { 7, 7 };
        calgrid_date d = 5;
        int n2 = -1;
        CHECK_EQ(calgrid_date_iso_week(&iso, check_date(2024, 12, 30)), CALGRID_OK);
        CHECK_EQ(iso.year, 2025); CHECK_EQ(iso.week, 1);
        CHECK_EQ(calgrid_date_iso_week(&iso, CALGRID_DATE_NONE), CALGRID_ERANGE);
        CHECK_EQ(calgrid_date_iso_week(NULL, 0), CALGRID_EINVAL);
        CHECK_EQ(calgrid_date_from_iso_week(&d, 2025, 53, CALGRID_MONDAY), CALGRID_ERANGE);   /* 2025 has 52 */
        CHECK_EQ(calgrid_date_from_iso_week(&d, 2020, 53, CALGRID_MONDAY), CALGRID_OK);
        CHECK_EQ(d, check_date(2020, 12, 28));
        CHECK_EQ(calgrid_date_from_iso_week(&d, 2020, 0, CALGRID_MONDAY), CALGRID_ERANGE);
        CHECK_EQ(calgrid_date_from_iso_week(&d, 0, 1, CALGRID_MONDAY), CALGRID_ERANGE);
        CHECK_EQ(calgrid_date_from_iso_week(&d, 10000, 1, CALGRID_MONDAY), CALGRID_ERANGE);
        CHECK_EQ(calgrid_date_from_iso_week(&d, 9999, 52, CALGRID_SUNDAY), CALGRID_ERANGE);  /* 10000-01-02 */
        CHECK_EQ(calgrid_date_from_iso_week(&d, 1, 1, CALGRID_MONDAY), CALGRID_OK);
        CHECK_EQ(d, CALGRID_DATE_MIN);
        CHECK_EQ(calgrid_date_from_iso_week(&d, 2020, 1, (calgrid_weekday)7), CALGRID_EINVAL);
        CHECK_EQ(calgrid_date_from_iso_week(NULL, 2020, 1, CALGRID_MONDAY), CALGRID_EINVAL);
        CHECK_EQ(calgrid_date_week_number(&n2, 0, (calgrid_week_numbering)8), CALGRID_EINVAL);
        CHECK_EQ(calgrid_date_week_number(&n2, CALGRID_DATE_MAX + 1, CALGRID_WEEKS_ISO), CALGRID_ERANGE);
        CHECK_EQ(calgrid_date_week_number(NULL, 0, CALGRID_WEEKS_ISO), CALGRID_EINVAL);
        CHECK_EQ(calgrid_date_week_of_month(&n2, 0, (calgrid_weekday)7), CALGRID_EINVAL);
        CHECK_EQ(calgrid_date_week_of_month(&n2, CALGRID_DATE_NONE, CALGRID_MONDAY), CALGRID_ERANGE);
        CHECK_EQ(calgrid_date_week_of_month(NULL, 0, CALGRID_MONDAY), CALGRID_EINVAL);
    }
}

static void test_grid_week_numbers(void) {
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    calgrid_month_grid g;
    int32_t rows[6];
    int y, m, w, r, c, bad = 0;
    for (y = 2020; y <= 2030; y++)
        for (m = 1; m <= 12; m++)
            for (w = 0; w < 7; w++) {
                o.first_weekday = (calgrid_weekday)w;
                o.rows = (calgrid_row_policy)((y + m) % 2);
                calgrid_month_grid_fill(&g, y, m, &o);
                /* ISO: the week of the row's Thursday. */
                if (calgrid_month_grid_week_numbers(rows, y, m, &o, CALGRID_WEEKS_ISO) != CALGRID_OK) bad++;
                for (r = 0; r < 6; r++) {
                    calgrid_iso_week iso = { 0, 0 };
                    if (r >= g.row_count) { bad += rows[r] != 0; continue; }
                    calgrid_date_iso_week(&iso, g.cells[r * 7 + (4 - w + 7) % 7].date);
                    bad += rows[r] != iso.week;
                }
                /* Numbered on the grid's own weekday: every in-month day of a row has the row's number. */
                if (calgrid_month_grid_week_numbers(rows, y, m, &o, (calgrid_week_numbering)w) != CALGRID_OK) bad++;
                for (r = 0; r < g.row_count; r++)
                    for (c = 0; c < 7; c++) {
                        int n = -1;
                        const calgrid_cell *cell = &g.cells[r * 7 + c];
                        if (cell->owner != CALGRID_OWNER_THIS_MONTH) continue;
                        calgrid_date_week_number(&n, cell->date, (calgrid_week_numbering)w);
                        bad += rows[r] != n;
                    }
            }
    CHECK_EQ(bad, 0);
    CHECK_EQ(calgrid_month_grid_week_numbers(rows, 2024, 13, NULL, CALGRID_WEEKS_ISO), CALGRID_ERANGE);
    CHECK_EQ(calgrid_month_grid_week_numbers(rows, 2024, 1, NULL, (calgrid_week_numbering)9), CALGRID_EINVAL);
    CHECK_EQ(calgrid_month_grid_week_numbers(NULL, 2024, 1, NULL, CALGRID_WEEKS_ISO), CALGRID_EINVAL);
    o.struct_size = 0;
    CHECK_EQ(calgrid_month_grid_week_numbers(rows, 2024, 1, &o, CALGRID_WEEKS_ISO), CALGRID_EINVAL);
    CHECK_EQ(calgrid_month_grid_week_numbers(rows, 1, 1, NULL, CALGRID_WEEKS_SUNDAY), CALGRID_OK);
    CHECK_EQ(calgrid_month_grid_week_numbers(rows, 9999, 12, NULL, CALGRID_WEEKS_ISO), CALGRID_OK);
}

static void test_strips_and_years(void) {
    calgrid_cell cells[7];
    calgrid_month_grid months[12], one;
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    int i, m, bad = 0;
    CHECK_EQ(calgrid_week_strip_fill(cells, check_date(2026, 11, 11), CALGRID_MONDAY, check_date(2026, 11, 12)), CALGRID_OK);
    for (i = 0; i < 7; i++) {
        bad += cells[i].date != check_date(2026, 11, 9) + i;
        bad += cells[i].day != 9 + i;
        bad += cells[i].weekday != (i + 1) % 7;
        bad += cells[i].owner != CALGRID_OWNER_THIS_MONTH;
        bad += (cells[i].flags & CALGRID_CELL_VISIBLE) == 0;
        bad += ((cells[i].flags & CALGRID_CELL_TODAY) != 0) != (i == 3);
        bad += ((cells[i].flags & CALGRID_CELL_WEEKEND) != 0) != (i >= 5);
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(calgrid_week_strip_fill(cells, check_date(2026, 12, 1), CALGRID_SUNDAY, CALGRID_DATE_NONE), CALGRID_OK);
    CHECK_EQ(cells[0].date, check_date(2026, 11, 29)); CHECK_EQ(cells[0].owner, CALGRID_OWNER_PREVIOUS_MONTH);
    CHECK_EQ(cells[0].day, 29); CHECK_EQ(cells[2].owner, CALGRID_OWNER_THIS_MONTH); CHECK_EQ(cells[2].day, 1);
    CHECK_EQ(calgrid_week_strip_fill(cells, CALGRID_DATE_MIN, CALGRID_SUNDAY, CALGRID_DATE_NONE), CALGRID_OK);
    CHECK_EQ(cells[0].date, CALGRID_DATE_MIN - 1); CHECK_EQ(cells[0].day, 31);   /* 0000-12-31 */
    CHECK_EQ(calgrid_week_strip_fill(cells, CALGRID_DATE_MAX, CALGRID_SATURDAY, CALGRID_DATE_NONE), CALGRID_OK);
    CHECK_EQ(calgrid_week_strip_fill(cells, CALGRID_DATE_NONE, CALGRID_SUNDAY, CALGRID_DATE_NONE), CALGRID_ERANGE);
    CHECK_EQ(calgrid_week_strip_fill(cells, 0, (calgrid_weekday)7, CALGRID_DATE_NONE), CALGRID_EINVAL);
    CHECK_EQ(calgrid_week_strip_fill(cells, 0, CALGRID_SUNDAY, CALGRID_DATE_MAX + 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_week_strip_fill(NULL, 0, CALGRID_SUNDAY, CALGRID_DATE_NONE), CALGRID_EINVAL);

    o.first_weekday = CALGRID_MONDAY; o.rows = CALGRID_ROWS_AUTO; o.adjacent = CALGRID_ADJACENT_HIDE;
    o.today = check_date(2024, 2, 29);
    CHECK_EQ(calgrid_year_fill(months, 2024, &o), CALGRID_OK);
    for (m = 0; m < 12; m++) {
        calgrid_month_grid_fill(&one, 2024, m + 1, &o);
        bad += memcmp(&one, &months[m], sizeof one) != 0;
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(calgrid_year_fill(months, 0, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_year_fill(months, 10000, NULL), CALGRID_ERANGE);
    CHECK_EQ(calgrid_year_fill(NULL, 2024, NULL), CALGRID_EINVAL);
    o.rows = (calgrid_row_policy)5;
    CHECK_EQ(calgrid_year_fill(months, 2024, &o), CALGRID_EINVAL);
    CHECK_EQ(calgrid_year_fill(months, 9999, NULL), CALGRID_OK);
    CHECK_EQ(calgrid_year_fill(months, 1, NULL), CALGRID_OK);
}

/* The expected part of a cell in first...last: runs break at the range ends, row ends and hidden cells. */
static void expect_selection(const calgrid_selection_cell *s, long d, int column, long first, long last,
                             int hidden, int prev_hidden, int next_hidden, int *bad) {
    int state = CALGRID_SELECTION_NONE;
    if (!hidden && d >= first && d <= last)
        state = first == last ? CALGRID_SELECTION_SINGLE : d == first ? CALGRID_SELECTION_FIRST
              : d == last ? CALGRID_SELECTION_LAST : CALGRID_SELECTION_MIDDLE;
    *bad += s->state != state;
    if (state == CALGRID_SELECTION_NONE) { *bad += s->starts_run != 0 || s->ends_run != 0; return; }
    *bad += s->starts_run != (d == first || column == 0 || prev_hidden);
    *bad += s->ends_run != (d == last || column == 6 || next_hidden);
    *bad += s->reserved != 0;
}

static void test_selection(void) {
    calgrid_selection_cell sel[CALGRID_GRID_MAX_CELLS];
    calgrid_grid_options o = CALGRID_GRID_OPTIONS_INIT;
    calgrid_month_grid g;
    long first, last;
    int i, adj, bad = 0;
    for (adj = 0; adj < 2; adj++)
        for (first = check_date(2026, 10, 20); first < check_date(2026, 12, 15); first += 5)
            for (last = first; last < first + 40; last += 9) {
                o.adjacent = (calgrid_adjacent_policy)adj;
                o.first_weekday = (calgrid_weekday)(first % 7);
                o.rows = CALGRID_ROWS_AUTO;
                calgrid_month_grid_fill(&g, 2026, 11, &o);
                if (calgrid_month_grid_selection(sel, 2026, 11, &o, (calgrid_date)first, (calgrid_date)last) != CALGRID_OK) bad++;
                for (i = 0; i < g.cell_count; i++) {
                    long d = g.cells[i].date;
                    int hidden = adj && g.cells[i].owner != CALGRID_OWNER_THIS_MONTH;
                    expect_selection(&sel[i], d, i % 7, first, last, hidden, adj && d == g.month_first,
                                     adj && d == g.month_last, &bad);
                }
                for (i = g.cell_count; i < CALGRID_GRID_MAX_CELLS; i++) bad += sel[i].state != 0 || sel[i].starts_run != 0;
                if (calgrid_week_strip_selection(sel, (calgrid_date)(first + 3), CALGRID_WEDNESDAY, (calgrid_date)first,
                                                 (calgrid_date)last) != CALGRID_OK) bad++;
                {
                    calgrid_cell strip[7];
                    calgrid_week_strip_fill(strip, (calgrid_date)(first + 3), CALGRID_WEDNESDAY, CALGRID_DATE_NONE);
                    for (i = 0; i < 7; i++) expect_selection(&sel[i], strip[i].date, i, first, last, 0, 0, 0, &bad);
                }
            }
    CHECK_EQ(bad, 0);
    CHECK_EQ(calgrid_month_grid_selection(sel, 2026, 11, NULL, check_date(2026, 11, 5), check_date(2026, 11, 4)), CALGRID_EINVAL);
    CHECK_EQ(calgrid_month_grid_selection(sel, 2026, 11, NULL, CALGRID_DATE_NONE, check_date(2026, 11, 4)), CALGRID_ERANGE);
    CHECK_EQ(calgrid_month_grid_selection(sel, 2026, 13, NULL, 0, 1), CALGRID_ERANGE);
    CHECK_EQ(calgrid_month_grid_selection(NULL, 2026, 11, NULL, 0, 1), CALGRID_EINVAL);
    CHECK_EQ(calgrid_week_strip_selection(sel, 0, CALGRID_SUNDAY, 5, 4), CALGRID_EINVAL);
    CHECK_EQ(calgrid_week_strip_selection(sel, 0, (calgrid_weekday)9, 4, 5), CALGRID_EINVAL);
    CHECK_EQ(calgrid_week_strip_selection(sel, CALGRID_DATE_NONE, CALGRID_SUNDAY, 4, 5), CALGRID_ERANGE);
    CHECK_EQ(calgrid_week_strip_selection(NULL, 0, CALGRID_SUNDAY, 4, 5), CALGRID_EINVAL);
}

static void test_picker(void) {
    calgrid_picker p, before;
    calgrid_picker_columns c;
    calgrid_date d = 0;
    CHECK_EQ(calgrid_picker_init(&p, check_date(2024, 3, 15), check_date(2026, 8, 20), check_date(2030, 1, 1)), CALGRID_OK);
    CHECK_EQ(p.selection, check_date(2026, 8, 20));                               /* clamped to the maximum */
    CHECK_EQ(calgrid_picker_init(&p, check_date(2024, 3, 15), check_date(2026, 8, 20), check_date(2025, 1, 31)), CALGRID_OK);
    CHECK_EQ(calgrid_picker_columns_get(&c, &p), CALGRID_OK);
    CHECK_EQ(c.year_min, 2024); CHECK_EQ(c.year_max, 2026); CHECK_EQ(c.month_min, 1); CHECK_EQ(c.month_max, 12);
    CHECK_EQ(c.day_min, 1); CHECK_EQ(c.day_max, 31);
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_MONTH, 2), CALGRID_OK);
    CHECK_EQ(p.selection, check_date(2025, 2, 28));                               /* the 31st clamped */
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_YEAR, 2024), CALGRID_OK);
    CHECK_EQ(p.selection, check_date(2024, 3, 28));                               /* February is before the minimum */
    CHECK_EQ(calgrid_picker_columns_get(&c, &p), CALGRID_OK);
    CHECK_EQ(c.month_min, 3); CHECK_EQ(c.day_min, 15); CHECK_EQ(c.day_max, 31);
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_DAY, 15), CALGRID_OK);
    CHECK_EQ(p.selection, check_date(2024, 3, 15));
    before = p;
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_DAY, 14), CALGRID_ERANGE);
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_MONTH, 2), CALGRID_ERANGE);
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_YEAR, 2027), CALGRID_ERANGE);
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_YEAR, -5), CALGRID_ERANGE);
    CHECK_EQ(calgrid_picker_select(&p, (calgrid_picker_column)3, 1), CALGRID_EINVAL);
    CHECK(memcmp(&p, &before, sizeof p) == 0);
    CHECK_EQ(calgrid_picker_clamp(&d, &p, check_date(2020, 1, 1)), CALGRID_OK); CHECK_EQ(d, check_date(2024, 3, 15));
    CHECK_EQ(calgrid_picker_clamp(&d, &p, check_date(2025, 5, 5)), CALGRID_OK); CHECK_EQ(d, check_date(2025, 5, 5));
    CHECK_EQ(calgrid_picker_clamp(&d, &p, CALGRID_DATE_NONE), CALGRID_ERANGE);
    CHECK_EQ(calgrid_picker_clamp(NULL, &p, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_picker_clamp(&d, NULL, 0), CALGRID_EINVAL);
    /* A picker put together by hand is re-clamped; an inverted one is refused. */
    p.selection = check_date(2000, 1, 1);
    CHECK_EQ(calgrid_picker_columns_get(&c, &p), CALGRID_OK);
    CHECK_EQ(c.year_min, 2024); CHECK_EQ(c.month_min, 3);
    p.minimum = check_date(2027, 1, 1);
    CHECK_EQ(calgrid_picker_columns_get(&c, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_YEAR, 2025), CALGRID_EINVAL);
    p.minimum = CALGRID_DATE_MIN - 1;
    CHECK_EQ(calgrid_picker_columns_get(&c, &p), CALGRID_ERANGE);
    CHECK_EQ(calgrid_picker_init(&p, check_date(2026, 1, 1), check_date(2025, 1, 1), check_date(2025, 6, 1)), CALGRID_EINVAL);
    CHECK_EQ(calgrid_picker_init(&p, CALGRID_DATE_MIN, CALGRID_DATE_MAX, CALGRID_DATE_NONE), CALGRID_ERANGE);
    CHECK_EQ(calgrid_picker_init(NULL, 0, 1, 0), CALGRID_EINVAL);
    CHECK_EQ(calgrid_picker_columns_get(NULL, &p), CALGRID_EINVAL);
    CHECK_EQ(calgrid_picker_columns_get(&c, NULL), CALGRID_EINVAL);
    CHECK_EQ(calgrid_picker_select(NULL, CALGRID_PICKER_YEAR, 2025), CALGRID_EINVAL);
    /* The whole calendar. */
    CHECK_EQ(calgrid_picker_init(&p, CALGRID_DATE_MIN, CALGRID_DATE_MAX, check_date(2024, 2, 29)), CALGRID_OK);
    CHECK_EQ(calgrid_picker_select(&p, CALGRID_PICKER_YEAR, 2023), CALGRID_OK);
    CHECK_EQ(p.selection, check_date(2023, 2, 28));
    CHECK_EQ(calgrid_picker_columns_get(&c, &p), CALGRID_OK);
    CHECK_EQ(c.year_min, 1); CHECK_EQ(c.year_max, 9999); CHECK_EQ(c.day_max, 28);
}

static void test_labels(void) {
    const char *s = NULL;
    char buf[CALGRID_DATE_TITLE_SIZE];
    int w, l, k;
    CHECK_EQ(calgrid_label_weekday(&s, CALGRID_SUNDAY, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_OK);
    CHECK_STR(s, "Sunday");
    CHECK_EQ(calgrid_label_weekday(&s, CALGRID_SUNDAY, CALGRID_WIDTH_LONG, CALGRID_LANG_KO), CALGRID_OK);
    CHECK_STR(s, "\xEC\x9D\xBC\xEC\x9A\x94\xEC\x9D\xBC");   /* 일요일 */
    CHECK_EQ(calgrid_label_weekday(&s, CALGRID_WEDNESDAY, CALGRID_WIDTH_SHORT, CALGRID_LANG_EN), CALGRID_OK);
    CHECK_STR(s, "Wed");
    CHECK_EQ(calgrid_label_month(&s, 11, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_OK);
    CHECK_STR(s, "November");
    CHECK_EQ(calgrid_label_month(&s, 11, CALGRID_WIDTH_SHORT, CALGRID_LANG_KO), CALGRID_OK);
    CHECK_STR(s, "11\xEC\x9B\x94");                          /* 11월 */
    CHECK_EQ(calgrid_label_period(&s, CALGRID_PERIOD_WEEK, CALGRID_WIDTH_LONG, CALGRID_LANG_KO), CALGRID_OK);
    CHECK_STR(s, "\xEC\xA3\xBC\xEA\xB0\x84");                /* 주간 */
    CHECK_EQ(calgrid_label_sort(&s, CALGRID_LABEL_DEADLINE_IMMINENT, CALGRID_WIDTH_LONG, CALGRID_LANG_KO), CALGRID_OK);
    CHECK_STR(s, "\xEA\xB8\xB0\xED\x95\x9C\xEC\x9E\x84\xEB\xB0\x95");   /* 기한임박 */
    CHECK_EQ(calgrid_label_sort(&s, CALGRID_LABEL_NEWEST_FIRST, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_OK);
    CHECK_STR(s, "Newest first");
    /* Every label exists, is non-empty UTF-8 and fits a line. */
    for (l = 0; l < 2; l++)
        for (w = 0; w < 3; w++) {
            for (k = 0; k < 7; k++) {
                s = NULL;
                CHECK(calgrid_label_weekday(&s, (calgrid_weekday)k, (calgrid_label_width)w, (calgrid_language)l) == 0 && s && *s);
            }
            for (k = 1; k <= 12; k++) {
                s = NULL;
                CHECK(calgrid_label_month(&s, k, (calgrid_label_width)w, (calgrid_language)l) == 0 && s && *s);
            }
            for (k = 0; k < 5; k++) {
                s = NULL;
                CHECK(calgrid_label_period(&s, (calgrid_period_kind)k, (calgrid_label_width)w, (calgrid_language)l) == 0 && s && *s);
            }
            for (k = 0; k < 6; k++) {
                s = NULL;
                CHECK(calgrid_label_sort(&s, (calgrid_sort_label)k, (calgrid_label_width)w, (calgrid_language)l) == 0 && s && *s);
            }
        }
    CHECK_EQ(calgrid_label_weekday(&s, (calgrid_weekday)7, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_weekday(&s, CALGRID_SUNDAY, (calgrid_label_width)3, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_weekday(&s, CALGRID_SUNDAY, CALGRID_WIDTH_LONG, (calgrid_language)2), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_weekday(NULL, CALGRID_SUNDAY, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_month(&s, 0, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_label_month(&s, 13, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_label_month(&s, 1, CALGRID_WIDTH_LONG, (calgrid_language)5), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_month(NULL, 1, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_period(&s, (calgrid_period_kind)5, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_period(NULL, CALGRID_PERIOD_DAY, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_sort(&s, (calgrid_sort_label)7, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_label_sort(NULL, CALGRID_LABEL_TITLE, CALGRID_WIDTH_LONG, CALGRID_LANG_EN), CALGRID_EINVAL);

    CHECK_EQ(calgrid_title_month(buf, CALGRID_MONTH_TITLE_SIZE, 2026, 11, CALGRID_LANG_EN), CALGRID_OK);
    CHECK_STR(buf, "November 2026");
    CHECK_EQ(calgrid_title_month(buf, sizeof buf, 2026, 11, CALGRID_LANG_KO), CALGRID_OK);
    CHECK_STR(buf, "2026\xEB\x85\x84 11\xEC\x9B\x94");       /* 2026년 11월 */
    CHECK_EQ(calgrid_title_month(buf, 14, 2026, 11, CALGRID_LANG_EN), CALGRID_OK);   /* exactly enough */
    CHECK_EQ(calgrid_title_month(buf, 13, 2026, 11, CALGRID_LANG_EN), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_title_month(buf, 0, 2026, 11, CALGRID_LANG_EN), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_title_month(buf, (size_t)-1, 2026, 11, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_title_month(buf, sizeof buf, 2026, 13, CALGRID_LANG_EN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_title_month(buf, sizeof buf, 10000, 1, CALGRID_LANG_EN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_title_month(buf, sizeof buf, 2026, 1, (calgrid_language)2), CALGRID_EINVAL);
    CHECK_EQ(calgrid_title_month(NULL, 20, 2026, 1, CALGRID_LANG_EN), CALGRID_EINVAL);
    CHECK_EQ(calgrid_title_date(buf, sizeof buf, check_date(2026, 11, 29), CALGRID_LANG_EN), CALGRID_OK);
    CHECK_STR(buf, "Sunday, November 29, 2026");
    CHECK_EQ(calgrid_title_date(buf, sizeof buf, check_date(2026, 11, 29), CALGRID_LANG_KO), CALGRID_OK);
    CHECK_STR(buf, "2026\xEB\x85\x84 11\xEC\x9B\x94 29\xEC\x9D\xBC \xEC\x9D\xBC\xEC\x9A\x94\xEC\x9D\xBC");
    CHECK_EQ(calgrid_title_date(buf, 10, check_date(2026, 11, 29), CALGRID_LANG_EN), CALGRID_ENOSPC);
    CHECK_EQ(calgrid_title_date(buf, sizeof buf, CALGRID_DATE_NONE, CALGRID_LANG_EN), CALGRID_ERANGE);
    CHECK_EQ(calgrid_title_date(buf, sizeof buf, 0, (calgrid_language)3), CALGRID_EINVAL);
    CHECK_EQ(calgrid_title_date(NULL, sizeof buf, 0, CALGRID_LANG_EN), CALGRID_EINVAL);
    {
        /* The documented sizes suffice for the longest titles. */
        long n;
        int worst = 0;
        for (n = check_date(2000, 1, 1); n < check_date(2001, 1, 1); n++)
            for (l = 0; l < 2; l++) {
                if (calgrid_title_date(buf, CALGRID_DATE_TITLE_SIZE, (calgrid_date)n, (calgrid_language)l) != CALGRID_OK) worst = -1;
                else if (worst >= 0 && (int)strlen(buf) > worst) worst = (int)strlen(buf);
            }
        CHECK(worst > 0 && worst < CALGRID_DATE_TITLE_SIZE);
    }
}

void test_views(void) {
    test_week_numbers();
    test_grid_week_numbers();
    test_strips_and_years();
    test_selection();
    test_picker();
    test_labels();
}
