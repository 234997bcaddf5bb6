/// A year as twelve month grids with shared settings. It stores the settings only; each grid is
/// built on access in O(1), so the view has fixed, tiny storage and no heap allocation.
@frozen
public struct YearView: RandomAccessCollection, Hashable, Sendable {
    public let year: Int
    public let firstWeekday: Weekday
    public let rowPolicy: GridRowPolicy
    public let adjacentDays: AdjacentDayPolicy
    public let today: CivilDate?

    /// - Throws: `DateError.yearOutOfRange` outside 1...9999.
    /// - Complexity: O(1)
    public init(year: Int, firstWeekday: Weekday = .sunday, rows: GridRowPolicy = .fixed,
                adjacentDays: AdjacentDayPolicy = .show, today: CivilDate? = nil) throws(DateError) {
        guard year >= 1, year <= 9999 else { throw DateError.yearOutOfRange(year) }
        self.year = year; self.firstWeekday = firstWeekday; self.rowPolicy = rows
        self.adjacentDays = adjacentDays; self.today = today
    }

    /// Always 0 (January's grid).
    /// - Complexity: O(1)
    @inlinable public var startIndex: Int { 0 }
    /// Always 12.
    /// - Complexity: O(1)
    @inlinable public var endIndex: Int { 12 }

    /// The grid of month `i + 1` (0 = January). Precondition: `0 <= i < 12`.
    /// - Complexity: O(1)
    public subscript(i: Int) -> MonthGrid {
        precondition(i >= 0 && i < 12, "YearView month index out of range")
        return MonthGrid(containing: CivilDate(_unchecked: Int32(truncatingIfNeeded: CivilDate._daysFromCivil(year, i + 1, 1))),
                         firstWeekday: firstWeekday, rows: rowPolicy, adjacentDays: adjacentDays, today: today)
    }

    /// The grid of `month` (1...12); `DateError.invalidMonth` otherwise.
    /// - Complexity: O(1)
    public func grid(month: Int) throws(DateError) -> MonthGrid {
        guard month >= 1, month <= 12 else { throw DateError.invalidMonth(month) }
        return self[month - 1]
    }

    /// Where the year shows `date` as one of its own days: (month index 0...11, cell index), or nil
    /// for a date of another year.
    /// - Complexity: O(1)
    public func position(of date: CivilDate) -> (month: Int, cell: Int)? {
        let c = date.components
        guard c.year == year else { return nil }
        let g = self[c.month - 1]
        guard let i = g.index(of: date) else { return nil }
        return (c.month - 1, i)
    }

    /// The whole year as a `Period`.
    /// - Complexity: O(1)
    public var period: Period {
        Period(_kind: .year, first: CivilDate(_unchecked: Int32(truncatingIfNeeded: CivilDate._daysFromCivil(year, 1, 1))),
               last: CivilDate(_unchecked: Int32(truncatingIfNeeded: CivilDate._daysFromCivil(year, 12, 31))))
    }

    /// The year before / after, same settings; throws outside 1...9999.
    /// - Complexity: O(1)
    public func previous() throws(DateError) -> YearView {
        try YearView(year: year - 1, firstWeekday: firstWeekday, rows: rowPolicy, adjacentDays: adjacentDays, today: today)
    }

    /// - Complexity: O(1)
    public func next() throws(DateError) -> YearView {
        try YearView(year: year + 1, firstWeekday: firstWeekday, rows: rowPolicy, adjacentDays: adjacentDays, today: today)
    }
}
