/// How a `MonthWindow` lays out its days.
public enum WindowLayout: UInt8, Sendable {
    /// Exactly the days of the window's months.
    case days = 0
    /// Padded at both ends to whole weeks starting on the window's first weekday, so the list
    /// can be drawn as rows of 7 (each day appears once, unlike stacked month grids).
    case weeks = 1
}

/// One day of a `MonthWindow`.
@frozen
public struct WindowDay: Hashable, Sendable {
    public let date: CivilDate
    public let weekday: Weekday
    /// The day's month as an offset from the window's first month: 0..<monthCount, or -1 / monthCount
    /// for the padding days of `.weeks` layout.
    public let monthOffset: Int
    public let isToday: Bool
    /// True for the days `.weeks` layout adds before the first and after the last month.
    public let isPadding: Bool
    /// - Complexity: O(1)
    @inlinable public var isWeekend: Bool { weekday.isWeekend }

    /// - Complexity: O(1)
    @inlinable
    public init(date: CivilDate, weekday: Weekday, monthOffset: Int, isToday: Bool, isPadding: Bool) {
        self.date = date; self.weekday = weekday; self.monthOffset = monthOffset; self.isToday = isToday
        self.isPadding = isPadding
    }
}

/// Consecutive months as one list of days, as the origin app showed previous + current + next
/// month and extended the list while the user scrolled.
///
/// The window stores its bounds only (a few integers). `prependMonth()` and `appendMonth()` move
/// a bound in O(1) without recomputing anything else; prepending shifts every index by the number
/// of days it returns, so a UI can keep its scroll position.
public struct MonthWindow: RandomAccessCollection, Hashable, Sendable {
    /// The first month: `year * 12 + (month - 1)`.
    public private(set) var firstMonthIndex: Int
    /// How many months the window holds (at least 1).
    public private(set) var monthCount: Int
    public let firstWeekday: Weekday
    public let layout: WindowLayout
    public let today: CivilDate?
    /// Day number of the first entry (padding included).
    public private(set) var firstDayNumber: Int32
    /// Day number of the last entry (padding included).
    public private(set) var lastDayNumber: Int32

    /// `monthsBefore` months before the month of `center`, that month, and `monthsAfter` after it
    /// (the origin app used 1 and 1).
    /// - Throws: `DateError.countOutOfRange` for a negative count, `DateError.yearOutOfRange`
    ///   when a month would fall outside 0001-01...9999-12.
    /// - Complexity: O(1)
    public init(around center: CivilDate, monthsBefore: Int = 1, monthsAfter: Int = 1, firstWeekday: Weekday = .sunday,
                layout: WindowLayout = .days, today: CivilDate? = nil) throws(DateError) {
        guard monthsBefore >= 0, monthsBefore <= 120_000 else { throw DateError.countOutOfRange(Int64(monthsBefore)) }
        guard monthsAfter >= 0, monthsAfter <= 120_000 else { throw DateError.countOutOfRange(Int64(monthsAfter)) }
        let c = center.components
        let first = c.year * 12 + c.month - 1 - monthsBefore
        let last = c.year * 12 + c.month - 1 + monthsAfter
        try self.init(_firstMonth: first, lastMonth: last, firstWeekday: firstWeekday, layout: layout, today: today)
    }

    /// The months from (`year`, `month`) on, `monthCount` of them.
    /// - Complexity: O(1)
    public init(year: Int, month: Int, monthCount: Int, firstWeekday: Weekday = .sunday,
                layout: WindowLayout = .days, today: CivilDate? = nil) throws(DateError) {
        guard year >= 1, year <= 9999 else { throw DateError.yearOutOfRange(year) }
        guard month >= 1, month <= 12 else { throw DateError.invalidMonth(month) }
        guard monthCount >= 1, monthCount <= 120_000 else { throw DateError.countOutOfRange(Int64(monthCount)) }
        let first = year * 12 + month - 1
        try self.init(_firstMonth: first, lastMonth: first + monthCount - 1, firstWeekday: firstWeekday, layout: layout, today: today)
    }

    init(_firstMonth first: Int, lastMonth last: Int, firstWeekday: Weekday, layout: WindowLayout, today: CivilDate?) throws(DateError) {
        guard first >= 12 else { throw DateError.yearOutOfRange(first >= 0 ? first / 12 : (first - 11) / 12) }
        guard last < 120_000 else { throw DateError.yearOutOfRange(last / 12) }
        self.firstMonthIndex = first
        self.monthCount = last - first + 1
        self.firstWeekday = firstWeekday
        self.layout = layout
        self.today = today
        self.firstDayNumber = 0
        self.lastDayNumber = 0
        self.firstDayNumber = _start(ofMonth: first)
        self.lastDayNumber = _end(ofMonth: last)
    }

    /// The first entry of the list when `month` is the first month.
    func _start(ofMonth m: Int) -> Int32 {
        let d = CivilDate(_unchecked: Int32(truncatingIfNeeded: CivilDate._daysFromCivil(m / 12, m % 12 + 1, 1)))
        return layout == .days ? d.dayNumber : d.dayNumber - Int32(truncatingIfNeeded: d.weekday.offset(from: firstWeekday))
    }

    /// The last entry of the list when `month` is the last month.
    func _end(ofMonth m: Int) -> Int32 {
        let y = m / 12, mo = m % 12 + 1
        let d = CivilDate(_unchecked: Int32(truncatingIfNeeded: CivilDate._daysFromCivil(y, mo, CivilDate.daysInMonth(year: y, month: mo))))
        return layout == .days ? d.dayNumber : d.dayNumber + Int32(truncatingIfNeeded: 6 - d.weekday.offset(from: firstWeekday))
    }

    // MARK: Growing and shrinking

    /// Adds the month before the first; returns how many entries were inserted at the front (every
    /// existing index grows by that much).
    /// - Throws: `DateError.yearOutOfRange(0)` before January of year 1; the window is unchanged.
    /// - Complexity: O(1)
    @discardableResult
    public mutating func prependMonth() throws(DateError) -> Int {
        guard firstMonthIndex > 12 else { throw DateError.yearOutOfRange(0) }
        firstMonthIndex -= 1
        monthCount += 1
        let old = firstDayNumber
        firstDayNumber = _start(ofMonth: firstMonthIndex)
        return Int(old - firstDayNumber)
    }

    /// Adds the month after the last; returns how many entries were added at the end.
    /// - Throws: `DateError.yearOutOfRange(10000)` after December 9999; the window is unchanged.
    /// - Complexity: O(1)
    @discardableResult
    public mutating func appendMonth() throws(DateError) -> Int {
        guard firstMonthIndex + monthCount < 120_000 else { throw DateError.yearOutOfRange(10000) }
        monthCount += 1
        let old = lastDayNumber
        lastDayNumber = _end(ofMonth: firstMonthIndex + monthCount - 1)
        return Int(lastDayNumber - old)
    }

    /// Removes the first month (to keep a scrolling window bounded); returns how many entries left
    /// the front. Throws `DateError.countOutOfRange(1)` when only one month is left.
    /// - Complexity: O(1)
    @discardableResult
    public mutating func dropFirstMonth() throws(DateError) -> Int {
        guard monthCount > 1 else { throw DateError.countOutOfRange(Int64(monthCount)) }
        firstMonthIndex += 1
        monthCount -= 1
        let old = firstDayNumber
        firstDayNumber = _start(ofMonth: firstMonthIndex)
        return Int(firstDayNumber - old)
    }

    /// Removes the last month; returns how many entries left the end.
    /// - Complexity: O(1)
    @discardableResult
    public mutating func dropLastMonth() throws(DateError) -> Int {
        guard monthCount > 1 else { throw DateError.countOutOfRange(Int64(monthCount)) }
        monthCount -= 1
        let old = lastDayNumber
        lastDayNumber = _end(ofMonth: firstMonthIndex + monthCount - 1)
        return Int(old - lastDayNumber)
    }

    // MARK: Days

    /// Always 0.
    /// - Complexity: O(1)
    @inlinable public var startIndex: Int { 0 }
    /// The number of entries, padding included.
    /// - Complexity: O(1)
    @inlinable public var endIndex: Int { Int(lastDayNumber) - Int(firstDayNumber) + 1 }

    /// Entry `i`. Precondition: `0 <= i < count`.
    /// - Complexity: O(1)
    public subscript(i: Int) -> WindowDay {
        precondition(i >= 0 && i < endIndex, "MonthWindow index out of range")
        let d = CivilDate(_unchecked: firstDayNumber + Int32(truncatingIfNeeded: i))
        let c = d.components
        let k = c.year * 12 + c.month - 1 - firstMonthIndex
        return WindowDay(date: d, weekday: d.weekday, monthOffset: k, isToday: d == today, isPadding: k < 0 || k >= monthCount)
    }

    /// The first entry's day.
    /// - Complexity: O(1)
    public var firstDay: CivilDate { CivilDate(_unchecked: firstDayNumber) }
    /// The last entry's day.
    /// - Complexity: O(1)
    public var lastDay: CivilDate { CivilDate(_unchecked: lastDayNumber) }
    /// Every entry's day, `firstDay...lastDay` (padding included).
    /// - Complexity: O(1)
    public var days: ClosedRange<CivilDate> { firstDay...lastDay }

    /// Index of `date`, or nil when the window does not show it.
    /// - Complexity: O(1)
    public func index(of date: CivilDate) -> Int? {
        guard date.dayNumber >= firstDayNumber, date.dayNumber <= lastDayNumber else { return nil }
        return Int(date.dayNumber - firstDayNumber)
    }

    /// (year, month) of the window's `k`-th month. Precondition: `0 <= k < monthCount`.
    /// - Complexity: O(1)
    public func month(at k: Int) -> (year: Int, month: Int) {
        precondition(k >= 0 && k < monthCount, "MonthWindow month out of range")
        let m = firstMonthIndex + k
        return (m / 12, m % 12 + 1)
    }

    /// Offset of the month containing `date` (0..<monthCount), or nil when it is not one of the
    /// window's months.
    /// - Complexity: O(1)
    public func monthOffset(of date: CivilDate) -> Int? {
        let c = date.components
        let k = c.year * 12 + c.month - 1 - firstMonthIndex
        return k >= 0 && k < monthCount ? k : nil
    }

    /// The indices of the `k`-th month's days. Precondition: `0 <= k < monthCount`.
    /// - Complexity: O(1)
    public func indices(ofMonth k: Int) -> Range<Int> {
        let (y, m) = month(at: k)
        let first = CivilDate._daysFromCivil(y, m, 1) - Int(firstDayNumber)
        return first..<(first + CivilDate.daysInMonth(year: y, month: m))
    }

    /// The indices of the days in the inclusive range `from...to`, clipped to the window (empty
    /// when they do not meet).
    /// - Complexity: O(1)
    public func indices(from: CivilDate, to: CivilDate) -> Range<Int> {
        let lo = Swift.max(Int(from.dayNumber), Int(firstDayNumber)) - Int(firstDayNumber)
        let hi = Swift.min(Int(to.dayNumber), Int(lastDayNumber)) - Int(firstDayNumber) + 1
        return lo < hi ? lo..<hi : lo..<lo
    }

    /// The month grid of the `k`-th month with this window's first weekday.
    /// - Complexity: O(1)
    public func monthGrid(at k: Int, rows: GridRowPolicy = .fixed, adjacentDays: AdjacentDayPolicy = .show) -> MonthGrid {
        let (y, m) = month(at: k)
        return MonthGrid(containing: CivilDate(_unchecked: Int32(truncatingIfNeeded: CivilDate._daysFromCivil(y, m, 1))),
                         firstWeekday: firstWeekday, rows: rows, adjacentDays: adjacentDays, today: today)
    }

    /// Entry `i`'s part in `selection`; runs break at the end of every week (`firstWeekday` starts
    /// a new row). Precondition: `0 <= i < count`.
    /// - Complexity: O(1)
    public func selection(_ selection: RangeSelection, at i: Int) -> SelectionCell {
        precondition(i >= 0 && i < endIndex, "MonthWindow index out of range")
        return selection.cell(for: CivilDate(_unchecked: firstDayNumber + Int32(truncatingIfNeeded: i)), rowsStartOn: firstWeekday)
    }
}
