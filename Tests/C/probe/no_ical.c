/* A static program that calls no calgrid_ical_* function (mk/capi.mk, test-c-symbols): the JSON
** import and export, a month grid, day counts and a sort. Linked against the whole libcalgrid.a
** and against its calgrid.o member alone, it must come out the same size and need only libc and
** json-c: it pays nothing for the iCalendar member (docs/c-api.md, "Size"). */
#include <stdio.h>
#include <string.h>
#include "calgrid.h"

int main(void) {
    static const char json[] = "[{\"id\":\"a\",\"title\":\"Read\",\"startDate\":\"2026-11-02\",\"endDate\":\"2026-11-06\"},"
                               "{\"id\":\"b\",\"title\":\"Call\",\"endDate\":\"2026-11-10\"}]";
    calgrid_todo_set *set = NULL;
    calgrid_month_grid grid;
    calgrid_day_count counts[CALGRID_GRID_MAX_CELLS];
    size_t order[2], n = 0;
    char *out = NULL;
    int total = 0, k;
    if (calgrid_todo_set_new(&set) != CALGRID_OK) return 1;
    if (calgrid_todo_set_import_buffer(NULL, set, json, sizeof json - 1, NULL, NULL) != CALGRID_OK) return 1;
    if (calgrid_month_grid_fill(&grid, 2026, 11, NULL) != CALGRID_OK) return 1;
    if (calgrid_todo_set_grid_counts(counts, set, &grid, CALGRID_KIND_ALL) != CALGRID_OK) return 1;
    for (k = 0; k < grid.cell_count; k++) total += counts[k].total;
    if (calgrid_todo_set_sort(order, 2, set, CALGRID_SORT_DEADLINE, 0) != CALGRID_OK) return 1;
    if (calgrid_todo_set_export_buffer(&out, &n, set, CALGRID_EXPORT_JSON_LINES) != CALGRID_OK) return 1;
    printf("%d todo-days, first %zu, %zu bytes of JSON Lines\n", total, order[0], n);
    calgrid_free(out);
    calgrid_todo_set_free(set);
    return 0;
}
