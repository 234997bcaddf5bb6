extension MonthGrid {
    /// The week number printed beside row `r` (0-based) under `numbering`.
    ///
    /// - `.iso8601`: the ISO week of the row's Thursday, i.e. the ISO week holding most of the
    ///   row's days (for a Monday-first grid, the week of every day in the row). It can belong to
    ///   the previous or next week-based year; `isoWeek(ofRow:)` tells which.
    /// - `.firstWeekday(w)`: `weekOfYear(firstWeekday: w)` of the row's first day in this month
    ///   (of the row's first day for a trailing row of only next-month days). When `w` is the
    ///   grid's first weekday, every in-month day of the row has that number, exactly what
    ///   `strftime` `%U` (Sunday) / `%W` (Monday) prints for them; row 0 of January can be week 0.
    ///
    /// Precondition: `0 <= r < rowCount`.
    /// - Complexity: O(1)
    @inlinable
    public func weekNumber(ofRow r: Int, _ numbering: WeekNumbering) -> Int {
        precondition(r >= 0 && r < rowCount, "MonthGrid row out of range")
        switch numbering {
        case .iso8601:
            return isoWeek(ofRow: r).week
        case .firstWeekday(let w):
            let rowFirst = firstCellDay + Int32(truncatingIfNeeded: r * 7)
            let anchor = rowFirst < monthFirst.dayNumber && rowFirst + 6 >= monthFirst.dayNumber ? monthFirst.dayNumber : rowFirst
            return CivilDate(_unchecked: anchor).weekOfYear(firstWeekday: w)
        }
    }

    /// The ISO week (week-based year and number) of row `r`: the week of the row's Thursday.
    /// Precondition: `0 <= r < rowCount`.
    /// - Complexity: O(1)
    @inlinable
    public func isoWeek(ofRow r: Int) -> ISOWeek {
        precondition(r >= 0 && r < rowCount, "MonthGrid row out of range")
        let thursdayColumn = Weekday.thursday.offset(from: firstWeekday)
        return CivilDate(_unchecked: firstCellDay + Int32(truncatingIfNeeded: r * 7 + thursdayColumn)).isoWeek
    }
}
