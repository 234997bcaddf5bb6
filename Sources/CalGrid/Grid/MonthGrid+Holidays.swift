extension MonthGrid {
    // @_alwaysEmitIntoClient, as HolidayCalendar's calls: a program that draws no holidays (the
    // firmware of `make test-embedded-budget`, libcalgrid's calgrid.o) carries none of this code and
    // no [[Holiday]] metadata (docs/lunar-and-holidays.md, Size).
    /// Each cell's public holidays in `country`, by cell index: element `i` holds cell `i`'s, in
    /// `HolidayCalendar.holidays(in:country:)`'s order (usually none or one; a Korean day can hold a
    /// holiday and a substitute day). What a month view marks and names under each day, as C's
    /// `calgrid_grid_cells_fill` gives it per cell; the adjacent months' cells carry theirs too.
    ///
    ///     let marks = grid.holidays(country: .korea)
    ///     for (i, cell) in grid.enumerated() { draw(cell, lunar: cell.lunarDate, holidays: marks[i]) }
    ///
    /// The holidays of the grid's days are computed once, not per cell.
    /// - Complexity: O(years × rows log rows + cells) for the years the grid's days touch (one on
    ///   each side: a US New Year's Day is observed on December 31); one array, and one more for
    ///   each cell that holds a holiday.
    @_alwaysEmitIntoClient
    public func holidays(country: HolidayCountry) -> [[Holiday]] {
        var cells = [[Holiday]](repeating: [], count: rowCount * 7)
        for h in HolidayCalendar.holidays(in: days, country: country) {
            cells[Int(h.date.dayNumber &- firstCellDay)].append(h)
        }
        return cells
    }
}
