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
/// from the grid's fields alone. A cell is two 32-bit words: the date, and the bytes owner,
/// weekday, flags, day (little-endian), which within one month's run is `base + i << 24` plus the
/// column's weekday and weekend bits. The first row is computed; every later cell is the cell a
/// row above plus 7 days, with no per-cell branch; then the few adjacent-month cells get their
/// owner, flags and day by one addition each, and the one cell that can be today its flag.
/// (Through `grid[i]` each cell costs two divisions by 7 and three date comparisons; the numbers
/// are in Benchmarks/README.md, History.) Tests/C cross-check every cell against the date functions.
func _fill(_ out: UnsafeMutablePointer<calgrid_month_grid>, from grid: MonthGrid) {
    out.pointee.year = Int32(truncatingIfNeeded: grid.year)
    out.pointee.month = Int32(truncatingIfNeeded: grid.month)
    out.pointee.first_weekday = Int32(grid.firstWeekday.rawValue)
    out.pointee.row_count = Int32(truncatingIfNeeded: grid.rowCount)
    out.pointee.cell_count = Int32(truncatingIfNeeded: grid.count)
    out.pointee.month_first = grid.monthFirst.dayNumber
    out.pointee.month_last = grid.monthLast.dayNumber
    let count = grid.count                                              // 28 ... 42
    let first = grid.firstCellDay
    let thisMonth = Int(grid.monthFirst.dayNumber &- first)             // index of the 1st
    let nextMonth = Int(grid.monthLast.dayNumber &- first) &+ 1         // index of the next month's 1st
    // Day of the month of cell 0: the previous month's length minus the leading cells, plus one.
    let previousLength = grid.month == 1 ? 31 : CivilDate.daysInMonth(year: grid.year, month: grid.month &- 1)
    // The high word without the column's bits for a run starting at index `from` with day `day0`
    // (`day0 - from` wraps in the top byte; adding `i << 24` brings the day back).
    func base(_ owner: CellOwner, _ flags: UInt8, from: Int, day0: Int) -> UInt32 {
        UInt32(owner.rawValue) | UInt32(flags) << 16 | UInt32(truncatingIfNeeded: day0 &- from) << 24
    }
    let adjacentFlags: UInt8 = grid.adjacentDays == .show ? UInt8(CALGRID_CELL_VISIBLE) : 0
    let thisBase = base(.thisMonth, UInt8(CALGRID_CELL_VISIBLE), from: thisMonth, day0: 1)
    let previousDelta = base(.previousMonth, adjacentFlags, from: 0, day0: previousLength &- thisMonth &+ 1) &- thisBase
    let nextDelta = base(.nextMonth, adjacentFlags, from: nextMonth, day0: 1) &- thisBase
    let weekendBit = UInt32(CALGRID_CELL_WEEKEND) << 16
    withUnsafeMutableBytes(of: &out.pointee.cells) { raw in
        let p = raw.baseAddress!
        func date(_ i: Int) -> UInt32 { UInt32(littleEndian: p.load(fromByteOffset: i &* 8, as: UInt32.self)) }
        func high(_ i: Int) -> UInt32 { UInt32(littleEndian: p.load(fromByteOffset: i &* 8 &+ 4, as: UInt32.self)) }
        func set(_ i: Int, _ date: UInt32, _ high: UInt32) {
            p.storeBytes(of: date.littleEndian, toByteOffset: i &* 8, as: UInt32.self)
            p.storeBytes(of: high.littleEndian, toByteOffset: i &* 8 &+ 4, as: UInt32.self)
        }
        // Row 0 as if every cell were in this month.
        var weekday = UInt32(grid.firstWeekday.rawValue)
        for i in 0..<7 {
            // Sunday (0) and Saturday (6) are the weekend: bits 0 and 6 of 0x41.
            let weekend = (0x41 &>> weekday) & 1 == 0 ? 0 : weekendBit
            set(i, UInt32(bitPattern: first &+ Int32(truncatingIfNeeded: i)),
                thisBase &+ UInt32(truncatingIfNeeded: i) &<< 24 | weekday &<< 8 | weekend)
            weekday = weekday == 6 ? 0 : weekday &+ 1
        }
        // Each later cell: the cell above, 7 days on.
        var i = 7
        while i < count {
            set(i, date(i &- 7) &+ 7, high(i &- 7) &+ 7 &<< 24)
            i &+= 1
        }
        // The adjacent-month cells: owner, flags and day.
        for i in 0..<thisMonth { set(i, date(i), high(i) &+ previousDelta) }
        i = nextMonth
        while i < count {
            set(i, date(i), high(i) &+ nextDelta)
            i &+= 1
        }
        if let today = grid.today {
            let t = Int(today.dayNumber) &- Int(first)
            if t >= 0 && t < count { set(t, date(t), high(t) | UInt32(CALGRID_CELL_TODAY) << 16) }
        }
        if count < raw.count / 8 {
            (p + count &* 8).initializeMemory(as: UInt8.self, repeating: 0, count: raw.count &- count &* 8)
        }
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
