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
func _fill(_ out: UnsafeMutablePointer<calgrid_month_grid>, from grid: MonthGrid) {
    out.pointee.year = Int32(truncatingIfNeeded: grid.year)
    out.pointee.month = Int32(truncatingIfNeeded: grid.month)
    out.pointee.first_weekday = Int32(grid.firstWeekday.rawValue)
    out.pointee.row_count = Int32(truncatingIfNeeded: grid.rowCount)
    out.pointee.cell_count = Int32(truncatingIfNeeded: grid.count)
    out.pointee.month_first = grid.monthFirst.dayNumber
    out.pointee.month_last = grid.monthLast.dayNumber
    let count = grid.count
    withUnsafeMutableBytes(of: &out.pointee.cells) { raw in
        let cells = raw.bindMemory(to: calgrid_cell.self)
        // The day of the month runs on from cell 0's and restarts at each month's 1st, which saves
        // a calendar conversion per cell.
        var day = UInt8(truncatingIfNeeded: CivilDate(_unchecked: grid.firstCellDay).day)
        for i in 0..<count {
            let c = grid[i]
            if c.date == grid.monthFirst || c.date.dayNumber == grid.monthLast.dayNumber &+ 1 { day = 1 }
            var flags: UInt8 = c.isVisible ? UInt8(CALGRID_CELL_VISIBLE) : 0
            if c.isToday { flags |= UInt8(CALGRID_CELL_TODAY) }
            if c.isWeekend { flags |= UInt8(CALGRID_CELL_WEEKEND) }
            cells[i] = calgrid_cell(date: c.date.dayNumber, owner: c.owner.rawValue, weekday: c.weekday.rawValue,
                                    flags: flags, day: day)
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
