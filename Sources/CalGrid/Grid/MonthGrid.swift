/// How many rows a month grid has.
public enum GridRowPolicy: UInt8, Sendable {
    /// Always 6 rows (42 cells), so a UI never changes height between months.
    case fixed = 0
    /// Only the rows the month needs: 4, 5 or 6.
    case auto = 1
}

/// What the cells before the 1st and after the last day show.
public enum AdjacentDayPolicy: UInt8, Sendable {
    /// Leading and trailing days of the neighbouring months are shown.
    case show = 0
    /// They are left empty (`GridCell.isVisible == false`); their dates are still computed.
    case hide = 1
}

/// Which month a grid cell's day belongs to.
public enum CellOwner: UInt8, Sendable {
    case previousMonth = 0, thisMonth, nextMonth
}

/// One cell of a month grid. A value type built on demand: reading a cell allocates nothing.
@frozen
public struct GridCell: Hashable, Sendable {
    /// The cell's day. At the very ends of the supported range (January of year 1, December of
    /// year 9999) adjacent cells may fall in year 0 or 10000; such a date still has correct
    /// components and weekday, but date arithmetic on it throws.
    public let date: CivilDate
    public let owner: CellOwner
    public let weekday: Weekday
    public let isToday: Bool
    /// False for adjacent-month cells under `AdjacentDayPolicy.hide`.
    public let isVisible: Bool
    @usableFromInline let _dayOfMonth: UInt8

    /// 1...31: the label a calendar prints in the cell (`date.day`, without converting the date;
    /// grids track it as they walk their cells).
    /// - Complexity: O(1)
    @inlinable public var dayOfMonth: Int { Int(_dayOfMonth) }
    /// - Complexity: O(1)
    @inlinable public var isWeekend: Bool { weekday.isWeekend }
    /// - Complexity: O(1)
    @inlinable public var isInMonth: Bool { owner == .thisMonth }

    /// A cell; its day of month is computed from `date`.
    /// - Complexity: O(1)
    @inlinable
    public init(date: CivilDate, owner: CellOwner, weekday: Weekday, isToday: Bool, isVisible: Bool) {
        self.init(date: date, dayOfMonth: UInt8(truncatingIfNeeded: date.day), owner: owner, weekday: weekday,
                  isToday: isToday, isVisible: isVisible)
    }

    @inlinable @inline(__always)
    init(date: CivilDate, dayOfMonth: UInt8, owner: CellOwner, weekday: Weekday, isToday: Bool, isVisible: Bool) {
        self.date = date; self._dayOfMonth = dayOfMonth; self.owner = owner; self.weekday = weekday
        self.isToday = isToday; self.isVisible = isVisible
    }
}

/// A month laid out in weeks: 4 to 6 rows of 7 cells, starting on any weekday.
///
/// The grid stores only a handful of integers (no per-cell storage, no heap): cell `i` is the day
/// `firstCellDay + i`, so building a grid is O(1) and reading every cell is O(rows × 7).
/// The engine never reads the clock: "today" is a parameter.
public struct MonthGrid: RandomAccessCollection, Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let firstWeekday: Weekday
    public let rowPolicy: GridRowPolicy
    public let adjacentDays: AdjacentDayPolicy
    /// The day shown as today, if any (it need not be in this month).
    public let today: CivilDate?
    /// 4...6.
    public let rowCount: Int
    /// The day in cell 0 (possibly in the previous month).
    public let firstCellDay: Int32
    /// The 1st of the month.
    public let monthFirst: CivilDate
    /// The last day of the month.
    public let monthLast: CivilDate
    /// Day of month of cell 0 (1 when the month starts in cell 0).
    @usableFromInline let _firstCellDayOfMonth: UInt8

    /// - Complexity: O(1), no heap allocation.
    @inlinable
    public init(year: Int, month: Int, firstWeekday: Weekday = .sunday, rows: GridRowPolicy = .fixed,
                adjacentDays: AdjacentDayPolicy = .show, today: CivilDate? = nil) throws(DateError) {
        let first = try CivilDate(year: year, month: month, day: 1)
        let days = CivilDate.daysInMonth(year: year, month: month)
        let lead = first.weekday.offset(from: firstWeekday)
        self.year = year
        self.month = month
        self.firstWeekday = firstWeekday
        self.rowPolicy = rows
        self.adjacentDays = adjacentDays
        self.today = today
        self.rowCount = rows == .fixed ? 6 : (lead + days + 6) / 7
        self.firstCellDay = first.dayNumber - Int32(truncatingIfNeeded: lead)
        self.monthFirst = first
        self.monthLast = CivilDate(_unchecked: first.dayNumber + Int32(truncatingIfNeeded: days - 1))
        let previousDays = month == 1 ? 31 : CivilDate.daysInMonth(year: year, month: month - 1)
        self._firstCellDayOfMonth = UInt8(truncatingIfNeeded: lead == 0 ? 1 : previousDays - lead + 1)
    }

    /// The grid of the month containing `date`. A year-0 or year-10000 edge cell (see `GridCell`)
    /// gives the grid of January 0001 or December 9999, the nearest supported month; nothing traps.
    /// - Complexity: O(1)
    public init(containing date: CivilDate, firstWeekday: Weekday = .sunday, rows: GridRowPolicy = .fixed,
                adjacentDays: AdjacentDayPolicy = .show, today: CivilDate? = nil) {
        let supported = Swift.min(Swift.max(date, CivilDate.min), CivilDate.max)
        let c = supported.components
        // A supported date always has a valid (year, month), so the throwing path is never taken.
        do throws(DateError) {
            self = try MonthGrid(year: c.year, month: c.month, firstWeekday: firstWeekday, rows: rows,
                                 adjacentDays: adjacentDays, today: today)
        } catch {
            preconditionFailure("MonthGrid: a supported date has a valid month")
        }
    }

    /// - Complexity: O(1)
    public var startIndex: Int { 0 }
    /// rowCount × 7.
    /// - Complexity: O(1)
    public var endIndex: Int { rowCount * 7 }

    /// Cell `i`, 0-based, row-major. Precondition: `0 <= i < count`.
    /// - Complexity: O(1)
    @inlinable
    public subscript(i: Int) -> GridCell {
        precondition(i >= 0 && i < rowCount * 7, "MonthGrid cell index out of range")
        let d = CivilDate(_unchecked: firstCellDay + Int32(truncatingIfNeeded: i))
        let owner: CellOwner = d < monthFirst ? .previousMonth : (d > monthLast ? .nextMonth : .thisMonth)
        let n = d.dayNumber
        let dom = owner == .previousMonth ? Int32(_firstCellDayOfMonth) &+ Int32(truncatingIfNeeded: i)
            : (owner == .nextMonth ? n &- monthLast.dayNumber : n &- monthFirst.dayNumber &+ 1)
        return GridCell(date: d, dayOfMonth: UInt8(truncatingIfNeeded: dom), owner: owner, weekday: firstWeekday._advanced(by: i),
                        isToday: d == today, isVisible: owner == .thisMonth || adjacentDays == .show)
    }

    /// Walks the cells with running counters instead of per-cell division.
    @frozen
    public struct Iterator: IteratorProtocol {
        @usableFromInline let _grid: MonthGrid
        @usableFromInline var _day: Int32
        @usableFromInline var _weekday: UInt8
        @usableFromInline var _dayOfMonth: UInt8
        @usableFromInline let _end: Int32

        @inlinable
        init(_ grid: MonthGrid) {
            _grid = grid
            _day = grid.firstCellDay
            _weekday = grid.firstWeekday.rawValue
            _dayOfMonth = grid._firstCellDayOfMonth
            _end = grid.firstCellDay + Int32(truncatingIfNeeded: grid.rowCount * 7)
        }

        /// - Complexity: O(1)
        @inlinable
        public mutating func next() -> GridCell? {
            guard _day < _end else { return nil }
            let d = CivilDate(_unchecked: _day)
            let owner: CellOwner = d < _grid.monthFirst ? .previousMonth : (d > _grid.monthLast ? .nextMonth : .thisMonth)
            let cell = GridCell(date: d, dayOfMonth: _dayOfMonth, owner: owner, weekday: unsafeBitCast(_weekday, to: Weekday.self),
                                isToday: d == _grid.today, isVisible: owner == .thisMonth || _grid.adjacentDays == .show)
            _day &+= 1
            _weekday = _weekday == 6 ? 0 : _weekday &+ 1
            // The 1st of this and of the next month restart the count.
            let restart = _day == _grid.monthFirst.dayNumber || _day == _grid.monthLast.dayNumber &+ 1
            _dayOfMonth = restart ? 1 : _dayOfMonth &+ 1
            return cell
        }
    }

    /// - Complexity: O(1)
    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// Cell index of `date`, or nil when the grid does not show it.
    /// - Complexity: O(1)
    public func index(of date: CivilDate) -> Int? {
        let i = Int(date.dayNumber) - Int(firstCellDay)
        return i >= 0 && i < rowCount * 7 ? i : nil
    }

    /// Row (0-based) of `date`, or nil when not shown.
    /// - Complexity: O(1)
    public func row(of date: CivilDate) -> Int? { index(of: date).map { $0 / 7 } }

    /// The first day shown in row `r`.
    /// - Complexity: O(1)
    public func firstDay(ofRow r: Int) -> CivilDate {
        precondition(r >= 0 && r < rowCount, "MonthGrid row out of range")
        return CivilDate(_unchecked: firstCellDay + Int32(truncatingIfNeeded: r * 7))
    }

    /// The days shown, first to last cell (`for day in grid.days`; the ends may be the year-0 or
    /// year-10000 days described at `GridCell`).
    /// - Complexity: O(1)
    public var days: ClosedRange<CivilDate> {
        CivilDate(_unchecked: firstCellDay)...CivilDate(_unchecked: firstCellDay + Int32(truncatingIfNeeded: rowCount * 7 - 1))
    }

    /// The whole month as a `Period`.
    /// - Complexity: O(1)
    public var period: Period { Period.month(containing: monthFirst) }
}
