import CalGrid
import CCalGrid

/// The options a grid call uses; NULL means the header's defaults.
struct _GridOptions {
    var firstWeekday = Weekday.sunday
    var rows = GridRowPolicy.fixed
    var adjacent = AdjacentDayPolicy.show
    var today: CivilDate? = nil

    init(_ p: UnsafePointer<calgrid_grid_options>?) throws(CStatus) {
        guard let p else { return }
        try _checkStructSize(p.pointee.struct_size, known: MemoryLayout<calgrid_grid_options>.size)
        let o = p.pointee
        firstWeekday = try _weekday(o.first_weekday)
        guard o.rows.rawValue <= 1, o.adjacent.rawValue <= 1 else { throw .invalid }
        rows = o.rows.rawValue == 0 ? .fixed : .auto
        adjacent = o.adjacent.rawValue == 0 ? .show : .hide
        today = try _optionalDate(o.today)
    }
}

/// Copies a core grid into the C struct; cells past the grid's end are zeroed.
///
/// Cell `i` is the day `firstCellDay + i` (MonthGrid's layout contract), so the cells are written
/// from the grid's fields in one pass with running weekday and day-of-month counters, instead of
/// through `grid[i]`, which derives each cell on its own (two divisions by 7 and three date
/// comparisons per cell: most of a C call's cost). Tests/C cross-check every cell against the
/// date functions.
func _fill(_ out: UnsafeMutablePointer<calgrid_month_grid>, from grid: MonthGrid) {
    out.pointee.year = Int32(truncatingIfNeeded: grid.year)
    out.pointee.month = Int32(truncatingIfNeeded: grid.month)
    out.pointee.first_weekday = Int32(grid.firstWeekday.rawValue)
    out.pointee.row_count = Int32(truncatingIfNeeded: grid.rowCount)
    out.pointee.cell_count = Int32(truncatingIfNeeded: grid.count)
    out.pointee.month_first = grid.monthFirst.dayNumber
    out.pointee.month_last = grid.monthLast.dayNumber
    let count = grid.count
    let first = grid.firstCellDay
    let thisMonth = Int(grid.monthFirst.dayNumber &- first)             // index of the 1st
    let nextMonth = Int(grid.monthLast.dayNumber &- first) &+ 1         // index of the next month's 1st
    let today = grid.today?.dayNumber ?? Int32.min
    let adjacentFlags: UInt8 = grid.adjacentDays == .show ? UInt8(CALGRID_CELL_VISIBLE) : 0
    withUnsafeMutableBytes(of: &out.pointee.cells) { raw in
        let cells = raw.bindMemory(to: calgrid_cell.self)
        var weekday = grid.firstWeekday.rawValue
        var day = UInt8(truncatingIfNeeded: CivilDate(_unchecked: first).day)
        for i in 0..<count {
            let owner: UInt8
            var flags: UInt8
            if i < thisMonth {
                owner = CellOwner.previousMonth.rawValue; flags = adjacentFlags
            } else if i < nextMonth {
                if i == thisMonth { day = 1 }
                owner = CellOwner.thisMonth.rawValue; flags = UInt8(CALGRID_CELL_VISIBLE)
            } else {
                if i == nextMonth { day = 1 }
                owner = CellOwner.nextMonth.rawValue; flags = adjacentFlags
            }
            let date = first &+ Int32(truncatingIfNeeded: i)
            if date == today { flags |= UInt8(CALGRID_CELL_TODAY) }
            if weekday == Weekday.sunday.rawValue || weekday == Weekday.saturday.rawValue {
                flags |= UInt8(CALGRID_CELL_WEEKEND)
            }
            cells[i] = calgrid_cell(date: date, owner: owner, weekday: weekday, flags: flags, day: day)
            weekday = weekday == 6 ? 0 : weekday &+ 1
            day &+= 1
        }
        for i in count..<cells.count { cells[i] = calgrid_cell() }
    }
}

@c(calgrid_month_grid_fill)
public func calgrid_month_grid_fill(_ out: UnsafeMutablePointer<calgrid_month_grid>?, _ year: Int32, _ month: Int32,
                                    _ options: UnsafePointer<calgrid_grid_options>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let o = try _GridOptions(options)
        let grid: MonthGrid
        do throws(DateError) {
            grid = try MonthGrid(year: Int(year), month: Int(month), firstWeekday: o.firstWeekday, rows: o.rows,
                                 adjacentDays: o.adjacent, today: o.today)
        } catch { throw error._status }
        _fill(out, from: grid)
    }
}
