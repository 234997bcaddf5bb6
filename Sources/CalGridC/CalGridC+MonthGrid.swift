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
        rows = try _case(o.rows.rawValue)
        adjacent = try _case(o.adjacent.rawValue)
        today = try _optionalDate(o.today)
    }
}

/// The grid `calgrid_month_grid_fill` makes from these arguments.
func _grid(_ year: Int32, _ month: Int32, _ options: UnsafePointer<calgrid_grid_options>?) throws(CStatus) -> MonthGrid {
    let o = try _GridOptions(options)
    return try _translating { () throws(DateError) in
        try MonthGrid(year: Int(year), month: Int(month), firstWeekday: o.firstWeekday, rows: o.rows,
                      adjacentDays: o.adjacent, today: o.today)
    }
}

/// True when the core's `PackedGridCell` is the header's `calgrid_cell`: the same size, alignment
/// and member offsets, the same flag bits and owner numbers. `_packed` relies on it; the Swift
/// tests (Tests/CalGridCTests) assert it, and debug builds check it on every write.
func _cellLayoutMatchesHeader() -> Bool {
    typealias P = MemoryLayout<PackedGridCell>
    typealias C = MemoryLayout<calgrid_cell>
    return P.size == C.size && P.stride == C.stride && P.alignment == C.alignment
        && P.offset(of: \.dayNumber) == C.offset(of: \.date) && P.offset(of: \.ownerRawValue) == C.offset(of: \.owner)
        && P.offset(of: \.weekdayRawValue) == C.offset(of: \.weekday) && P.offset(of: \.flags) == C.offset(of: \.flags)
        && P.offset(of: \.dayOfMonth) == C.offset(of: \.day)
        && UInt32(PackedGridCell.Flags.today.rawValue) == CALGRID_CELL_TODAY
        && UInt32(PackedGridCell.Flags.visible.rawValue) == CALGRID_CELL_VISIBLE
        && UInt32(PackedGridCell.Flags.weekend.rawValue) == CALGRID_CELL_WEEKEND
        && UInt32(CellOwner.previousMonth.rawValue) == CALGRID_OWNER_PREVIOUS_MONTH.rawValue
        && UInt32(CellOwner.thisMonth.rawValue) == CALGRID_OWNER_THIS_MONTH.rawValue
        && UInt32(CellOwner.nextMonth.rawValue) == CALGRID_OWNER_NEXT_MONTH.rawValue
        && MonthGrid.maxCellCount == _maxGridCells
}

/// `count` C cells as the core's packed cells, for `write` to fill; returns what `write` returns.
@inline(__always)
func _packed(_ cells: UnsafeMutablePointer<calgrid_cell>, count: Int,
             _ write: (UnsafeMutableBufferPointer<PackedGridCell>) -> Int) -> Int {
    assert(_cellLayoutMatchesHeader(), "PackedGridCell and calgrid_cell differ")
    return cells.withMemoryRebound(to: PackedGridCell.self, capacity: count) {
        write(UnsafeMutableBufferPointer(start: $0, count: count))
    }
}

/// Copies a core grid into the C struct: the header fields, then the cells as the core writes
/// them; cells past the grid's end are zeroed.
func _fill(_ out: UnsafeMutablePointer<calgrid_month_grid>, from grid: MonthGrid) {
    out.pointee.year = Int32(truncatingIfNeeded: grid.year)
    out.pointee.month = Int32(truncatingIfNeeded: grid.month)
    out.pointee.first_weekday = Int32(grid.firstWeekday.rawValue)
    out.pointee.row_count = Int32(truncatingIfNeeded: grid.rowCount)
    out.pointee.cell_count = Int32(truncatingIfNeeded: grid.count)
    out.pointee.month_first = grid.monthFirst.dayNumber
    out.pointee.month_last = grid.monthLast.dayNumber
    withUnsafeMutablePointer(to: &out.pointee.cells) { tuple in
        tuple.withMemoryRebound(to: calgrid_cell.self, capacity: _maxGridCells) { cells in
            var i = _packed(cells, count: _maxGridCells) { grid.writeCells(into: $0) }
            while i < _maxGridCells { cells[i] = calgrid_cell(); i &+= 1 }
        }
    }
}

@c(calgrid_month_grid_fill) @implementation
public func calgrid_month_grid_fill(_ out: UnsafeMutablePointer<calgrid_month_grid>?, _ year: Int32, _ month: Int32,
                                    _ options: UnsafePointer<calgrid_grid_options>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        _fill(out, from: try _grid(year, month, options))
    }
}
