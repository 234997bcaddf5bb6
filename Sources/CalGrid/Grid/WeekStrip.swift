/// The seven days of one week, starting on any weekday: the app's weekly view and the strip above
/// a day view. Stores three integers; cells are computed on demand, like `MonthGrid`'s.
///
/// Cell owners are relative to the month of the date the strip was built for (`anchor`), so a UI
/// can dim the days of the neighbouring month. At the ends of the supported range a strip may
/// show a day of year 0 or 10000 (the week of 0001-01-01 that starts on Sunday begins 0000-12-31);
/// such a cell's components and weekday are correct, but date arithmetic on it throws.
@frozen
public struct WeekStrip: RandomAccessCollection, Hashable, Sendable {
    /// The date the strip was built for; its month decides the cells' owners.
    public let anchor: CivilDate
    public let firstWeekday: Weekday
    /// The day shown as today, if any.
    public let today: CivilDate?
    /// The day number of cell 0.
    public let firstCellDay: Int32
    /// The anchor month's first day number, so cells need no date conversion.
    @usableFromInline let _monthFirst: Int32
    /// The anchor month's last day number.
    @usableFromInline let _monthLast: Int32

    /// The week that contains `date`, starting on `firstWeekday`. Never throws: see the type's
    /// note on the ends of the supported range.
    /// - Complexity: O(1), no heap allocation.
    @inlinable
    public init(containing date: CivilDate, firstWeekday: Weekday = .sunday, today: CivilDate? = nil) {
        self.anchor = date
        self.firstWeekday = firstWeekday
        self.today = today
        self.firstCellDay = date.dayNumber - Int32(truncatingIfNeeded: date.weekday.offset(from: firstWeekday))
        self._monthFirst = date.firstOfMonth.dayNumber
        self._monthLast = date.lastOfMonth.dayNumber
    }

    /// Always 0.
    /// - Complexity: O(1)
    @inlinable public var startIndex: Int { 0 }
    /// Always 7.
    /// - Complexity: O(1)
    @inlinable public var endIndex: Int { 7 }

    /// The first day shown (cell 0).
    /// - Complexity: O(1)
    @inlinable public var firstDay: CivilDate { CivilDate(_unchecked: firstCellDay) }
    /// The last day shown (cell 6).
    /// - Complexity: O(1)
    @inlinable public var lastDay: CivilDate { CivilDate(_unchecked: firstCellDay + 6) }

    /// The seven days shown, `firstDay...lastDay`.
    /// - Complexity: O(1)
    @inlinable public var days: ClosedRange<CivilDate> { firstDay...lastDay }

    /// Cell `i` (0...6). Precondition: `0 <= i < 7`.
    /// - Complexity: O(1)
    @inlinable
    public subscript(i: Int) -> GridCell {
        precondition(i >= 0 && i < 7, "WeekStrip cell index out of range")
        let n = firstCellDay + Int32(truncatingIfNeeded: i)
        let d = CivilDate(_unchecked: n)
        let owner: CellOwner = n < _monthFirst ? .previousMonth : (n > _monthLast ? .nextMonth : .thisMonth)
        return GridCell(date: d, owner: owner, weekday: firstWeekday._advanced(by: i), isToday: d == today, isVisible: true)
    }

    /// Cell index of `date`, or nil when it is not in this week.
    /// - Complexity: O(1)
    @inlinable
    public func index(of date: CivilDate) -> Int? {
        let i = Int(date.dayNumber) - Int(firstCellDay)
        return i >= 0 && i < 7 ? i : nil
    }

    /// The week before. Throws when it would start before 0001-01-01.
    /// - Complexity: O(1)
    public func previous() throws(DateError) -> WeekStrip { try _shifted(-7) }
    /// The week after. Throws when it would end after 9999-12-31.
    /// - Complexity: O(1)
    public func next() throws(DateError) -> WeekStrip { try _shifted(7) }

    func _shifted(_ n: Int32) throws(DateError) -> WeekStrip {
        let first = Int64(firstCellDay) + Int64(n)
        guard first >= Int64(CivilDate.minDayNumber), first + 6 <= Int64(CivilDate.maxDayNumber) else {
            throw DateError.dayNumberOutOfRange(first < Int64(CivilDate.minDayNumber) ? first : first + 6)
        }
        let a = anchor.dayNumber + n
        // The anchor moves with the week; at the range edges it may need to stay inside the week.
        let anchorDay = Swift.min(Swift.max(a, CivilDate.minDayNumber), CivilDate.maxDayNumber)
        return WeekStrip(containing: CivilDate(_unchecked: anchorDay), firstWeekday: firstWeekday, today: today)
    }

    /// The week as a `Period` (the days it shows), when all seven days are supported dates.
    /// - Complexity: O(1)
    public func period() throws(DateError) -> Period {
        try Period.week(containing: try CivilDate(dayNumber: Int64(firstCellDay)), firstWeekday: firstWeekday)
    }

    /// Week number of this strip under `numbering`: the ISO week of its Thursday, or the
    /// `weekOfYear` of the anchor date (the same for all days when `numbering` starts weeks on
    /// this strip's first weekday).
    /// - Complexity: O(1)
    @inlinable
    public func weekNumber(_ numbering: WeekNumbering) -> Int {
        switch numbering {
        case .iso8601:
            return CivilDate(_unchecked: firstCellDay + Int32(truncatingIfNeeded: Weekday.thursday.offset(from: firstWeekday))).isoWeek.week
        case .firstWeekday(let w): return anchor.weekOfYear(firstWeekday: w)
        }
    }
}
