extension MonthGrid {
    /// The most cells a grid has: 6 rows of 7 (`CALGRID_GRID_MAX_CELLS`).
    /// - Complexity: O(1)
    @inlinable public static var maxCellCount: Int { 42 }

    /// Writes the grid's cells, packed, into `cells[0 ..< count]`: cell `i` is `PackedGridCell(self[i])`.
    /// For renderers and the C API, which keep the cells of a grid in their own storage.
    /// Precondition: `cells.count >= count`.
    ///
    /// Cell `i` is the day `firstCellDay + i`, so the cells follow from the grid's fields alone: the
    /// first two rows are computed column by column (row 1 always lies in this month: its days are
    /// the 2nd to the 14th), every later cell is the cell a row above plus 7 days (same column, so
    /// the same weekday and weekend flag), then the next month's cells are corrected by one
    /// addition each and the one cell that can be today gets its flag. Through `self[i]` each cell
    /// costs two divisions by 7 and three date comparisons (the numbers are in
    /// Benchmarks/README.md, History).
    /// - Returns: `count`, the number of cells written.
    /// - Complexity: O(count), no heap allocation.
    @discardableResult
    public func writeCells(into cells: UnsafeMutableBufferPointer<PackedGridCell>) -> Int {
        let count = rowCount &* 7
        precondition(cells.count >= count, "MonthGrid.writeCells: the buffer holds fewer cells than the grid")
        // A cell as two words: its day number and its tail (owner, weekday, flags, day of month).
        let raw = UnsafeMutableRawPointer(cells.baseAddress!)
        func store(_ i: Int, _ day: Int32, _ tail: UInt32) {
            raw.storeBytes(of: day, toByteOffset: i &* 8, as: Int32.self)
            raw.storeBytes(of: tail, toByteOffset: i &* 8 &+ 4, as: UInt32.self)
        }
        let lead = Int(monthFirst.dayNumber &- firstCellDay)     // cells of the previous month, 0 ... 6
        let trail = Int(monthLast.dayNumber &- firstCellDay) &+ 1  // index of the next month's 1st
        let visible = PackedGridCell.Flags.visible.rawValue
        let adjacentVisible = adjacentDays == .show ? visible : 0
        let this = CellOwner.thisMonth.rawValue
        for i in 0..<7 {
            var w = firstWeekday.rawValue &+ UInt8(truncatingIfNeeded: i)   // the column's weekday, without a division
            if w >= 7 { w &-= 7 }
            let weekend = unsafeBitCast(w, to: Weekday.self).isWeekend ? PackedGridCell.Flags.weekend.rawValue : 0
            let day = UInt8(truncatingIfNeeded: i &- lead &+ 1)         // this month's day; wraps before the 1st
            let first = firstCellDay &+ Int32(truncatingIfNeeded: i)
            store(i, first, i < lead
                  ? _tailWord(CellOwner.previousMonth.rawValue, w, adjacentVisible | weekend,
                              _firstCellDayOfMonth &+ UInt8(truncatingIfNeeded: i))
                  : _tailWord(this, w, visible | weekend, day))
            store(i &+ 7, first &+ 7, _tailWord(this, w, visible | weekend, day &+ 7))
        }
        let dayStep = _tailWord(0, 0, 0, 7)
        var i = 14
        while i < count {
            store(i, raw.load(fromByteOffset: (i &- 7) &* 8, as: Int32.self) &+ 7,
                  raw.load(fromByteOffset: (i &- 7) &* 8 &+ 4, as: UInt32.self) &+ dayStep)
            i &+= 1
        }
        // The next month's cells were written as days 29 ... 42 of this month; each byte changes by
        // the same amount in all of them (owner, visibility, day of month back to 1), so one word
        // difference corrects them all.
        let toNext = _tailWord(CellOwner.nextMonth.rawValue, 0, adjacentVisible, 1)
            &- _tailWord(this, 0, visible, UInt8(truncatingIfNeeded: trail &- lead &+ 1))
        i = trail
        while i < count {
            let offset = i &* 8 &+ 4
            raw.storeBytes(of: raw.load(fromByteOffset: offset, as: UInt32.self) &+ toNext, toByteOffset: offset, as: UInt32.self)
            i &+= 1
        }
        if let today, let t = index(of: today) { cells[t].flags.insert(.today) }
        return count
    }
}

/// The four bytes after a packed cell's day number as one word, built from the bytes themselves:
/// adding and subtracting such words changes each byte by the same amount on either byte order,
/// as long as no byte leaves 0 ... 255 (none does: days of month stay below 50).
@inline(__always)
func _tailWord(_ owner: UInt8, _ weekday: UInt8, _ flags: UInt8, _ dayOfMonth: UInt8) -> UInt32 {
    unsafeBitCast((owner, weekday, flags, dayOfMonth), to: UInt32.self)
}
