// Compile-time proof that each @c function has exactly the type of its prototype in calgrid.h:
// `CCalGrid.f` is the header's declaration, `f` (this module's) the implementation. A mismatch
// fails the build instead of corrupting a C caller's stack. Never called.
import CCalGrid

@inline(never)
func _sameType<F>(_ header: F, _ implementation: F) {}

func _checkSignaturesAgainstHeader() {
    _sameType(CCalGrid.calgrid_version, calgrid_version)
    _sameType(CCalGrid.calgrid_version_number, calgrid_version_number)
    _sameType(CCalGrid.calgrid_status_string, calgrid_status_string)
    _sameType(CCalGrid.calgrid_date_from_ymd, calgrid_date_from_ymd)
    _sameType(CCalGrid.calgrid_date_to_ymd, calgrid_date_to_ymd)
    _sameType(CCalGrid.calgrid_date_weekday, calgrid_date_weekday)
    _sameType(CCalGrid.calgrid_date_day_of_year, calgrid_date_day_of_year)
    _sameType(CCalGrid.calgrid_date_days_in_month, calgrid_date_days_in_month)
    _sameType(CCalGrid.calgrid_date_add_days, calgrid_date_add_days)
    _sameType(CCalGrid.calgrid_date_add_months, calgrid_date_add_months)
    _sameType(CCalGrid.calgrid_date_add_years, calgrid_date_add_years)
    _sameType(CCalGrid.calgrid_date_parse_iso, calgrid_date_parse_iso)
    _sameType(CCalGrid.calgrid_date_format_iso, calgrid_date_format_iso)
    _sameType(CCalGrid.calgrid_period_day, calgrid_period_day)
    _sameType(CCalGrid.calgrid_period_week, calgrid_period_week)
    _sameType(CCalGrid.calgrid_period_month, calgrid_period_month)
    _sameType(CCalGrid.calgrid_period_year, calgrid_period_year)
    _sameType(CCalGrid.calgrid_period_range, calgrid_period_range)
    _sameType(CCalGrid.calgrid_period_next, calgrid_period_next)
    _sameType(CCalGrid.calgrid_period_previous, calgrid_period_previous)
    _sameType(CCalGrid.calgrid_period_contains, calgrid_period_contains)
    _sameType(CCalGrid.calgrid_month_grid_fill, calgrid_month_grid_fill)
}

func _checkTodoSetSignatures() {
    _sameType(CCalGrid.calgrid_todo_set_new, calgrid_todo_set_new)
    _sameType(CCalGrid.calgrid_todo_set_free, calgrid_todo_set_free)
    _sameType(CCalGrid.calgrid_todo_set_count, calgrid_todo_set_count)
    _sameType(CCalGrid.calgrid_todo_set_add, calgrid_todo_set_add)
    _sameType(CCalGrid.calgrid_todo_set_add_many, calgrid_todo_set_add_many)
    _sameType(CCalGrid.calgrid_todo_set_update, calgrid_todo_set_update)
    _sameType(CCalGrid.calgrid_todo_set_remove_at, calgrid_todo_set_remove_at)
    _sameType(CCalGrid.calgrid_todo_set_remove, calgrid_todo_set_remove)
    _sameType(CCalGrid.calgrid_todo_set_find, calgrid_todo_set_find)
    _sameType(CCalGrid.calgrid_todo_set_get, calgrid_todo_set_get)
    _sameType(CCalGrid.calgrid_todo_set_text, calgrid_todo_set_text)
    _sameType(CCalGrid.calgrid_todo_set_completed_days, calgrid_todo_set_completed_days)
    _sameType(CCalGrid.calgrid_todo_set_set_done, calgrid_todo_set_set_done)
    _sameType(CCalGrid.calgrid_todo_set_toggle, calgrid_todo_set_toggle)
    _sameType(CCalGrid.calgrid_todo_set_set_completed, calgrid_todo_set_set_completed)
    _sameType(CCalGrid.calgrid_todo_set_day, calgrid_todo_set_day)
}

func _checkQuerySignatures() {
    _sameType(CCalGrid.calgrid_todo_set_overlapping, calgrid_todo_set_overlapping)
    _sameType(CCalGrid.calgrid_todo_set_split, calgrid_todo_set_split)
    _sameType(CCalGrid.calgrid_todo_set_search, calgrid_todo_set_search)
    _sameType(CCalGrid.calgrid_todo_set_day_counts, calgrid_todo_set_day_counts)
    _sameType(CCalGrid.calgrid_todo_set_grid_counts, calgrid_todo_set_grid_counts)
    _sameType(CCalGrid.calgrid_todo_set_sort, calgrid_todo_set_sort)
    _sameType(CCalGrid.calgrid_todo_set_sort_indices, calgrid_todo_set_sort_indices)
    _sameType(CCalGrid.calgrid_todo_set_top, calgrid_todo_set_top)
    _sameType(CCalGrid.calgrid_sort_label_order, calgrid_sort_label_order)
}

func _checkViewSignatures() {
    _sameType(CCalGrid.calgrid_date_iso_week, calgrid_date_iso_week)
    _sameType(CCalGrid.calgrid_date_from_iso_week, calgrid_date_from_iso_week)
    _sameType(CCalGrid.calgrid_date_week_number, calgrid_date_week_number)
    _sameType(CCalGrid.calgrid_date_week_of_month, calgrid_date_week_of_month)
    _sameType(CCalGrid.calgrid_month_grid_week_numbers, calgrid_month_grid_week_numbers)
    _sameType(CCalGrid.calgrid_week_strip_fill, calgrid_week_strip_fill)
    _sameType(CCalGrid.calgrid_year_fill, calgrid_year_fill)
    _sameType(CCalGrid.calgrid_month_grid_selection, calgrid_month_grid_selection)
    _sameType(CCalGrid.calgrid_week_strip_selection, calgrid_week_strip_selection)
    _sameType(CCalGrid.calgrid_picker_init, calgrid_picker_init)
    _sameType(CCalGrid.calgrid_picker_columns_get, calgrid_picker_columns_get)
    _sameType(CCalGrid.calgrid_picker_select, calgrid_picker_select)
    _sameType(CCalGrid.calgrid_picker_clamp, calgrid_picker_clamp)
    _sameType(CCalGrid.calgrid_label_weekday, calgrid_label_weekday)
    _sameType(CCalGrid.calgrid_label_month, calgrid_label_month)
    _sameType(CCalGrid.calgrid_label_period, calgrid_label_period)
    _sameType(CCalGrid.calgrid_label_sort, calgrid_label_sort)
    _sameType(CCalGrid.calgrid_title_month, calgrid_title_month)
    _sameType(CCalGrid.calgrid_title_date, calgrid_title_date)
}

func _checkJSONSignatures() {
    _sameType(CCalGrid.calgrid_todo_set_import_file, calgrid_todo_set_import_file)
    _sameType(CCalGrid.calgrid_todo_set_import_buffer, calgrid_todo_set_import_buffer)
    _sameType(CCalGrid.calgrid_todo_set_export_file, calgrid_todo_set_export_file)
    _sameType(CCalGrid.calgrid_todo_set_export_buffer, calgrid_todo_set_export_buffer)
    _sameType(CCalGrid.calgrid_free, calgrid_free)
}
