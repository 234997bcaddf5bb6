/// What kind of span a `Period` is; `next()` and `previous()` step by this unit.
public enum PeriodKind: UInt8, Sendable {
    case day = 0, week, month, year, range
}

/// An inclusive span of civil days: a day, a week (for a given first weekday), a month, a year,
/// or an explicit range. The app's period picker (monthly / weekly / daily) is `month` / `week` / `day`.
public struct Period: Hashable, Sendable {
    public let kind: PeriodKind
    /// First day, inclusive.
    public let first: CivilDate
    /// Last day, inclusive; never before `first`.
    public let last: CivilDate
    /// The week's first weekday (meaningful for `.week`; `.sunday` otherwise).
    public let firstWeekday: Weekday

    @inlinable
    init(_kind: PeriodKind, first: CivilDate, last: CivilDate, firstWeekday: Weekday = .sunday) {
        self.kind = _kind; self.first = first; self.last = last; self.firstWeekday = firstWeekday
    }

    /// One day.
    /// - Complexity: O(1)
    public static func day(_ d: CivilDate) -> Period { Period(_kind: .day, first: d, last: d) }

    /// The seven days containing `d` in a week starting on `firstWeekday`.
    /// Throws only at the ends of the supported range (a week cut by 0001-01-01 or 9999-12-31).
    /// - Complexity: O(1)
    public static func week(containing d: CivilDate, firstWeekday: Weekday) throws(DateError) -> Period {
        let start = try d.adding(days: -d.weekday.offset(from: firstWeekday))
        return Period(_kind: .week, first: start, last: try start.adding(days: 6), firstWeekday: firstWeekday)
    }

    /// The Monday-to-Sunday days of an ISO 8601 week (a `.week` period starting on Monday).
    /// Throws only for 9999-W52, which ends on 10000-01-02.
    /// - Complexity: O(1)
    public static func isoWeek(_ week: ISOWeek) throws(DateError) -> Period {
        let monday = week.monday
        return Period(_kind: .week, first: monday, last: try monday.adding(days: 6), firstWeekday: .monday)
    }

    /// The whole month.
    /// - Complexity: O(1)
    public static func month(year: Int, month: Int) throws(DateError) -> Period {
        let f = try CivilDate(year: year, month: month, day: 1)
        return Period(_kind: .month, first: f, last: f.lastOfMonth)
    }

    /// The month containing `d`.
    /// - Complexity: O(1)
    public static func month(containing d: CivilDate) -> Period {
        Period(_kind: .month, first: d.firstOfMonth, last: d.lastOfMonth)
    }

    /// The whole year.
    /// - Complexity: O(1)
    public static func year(_ year: Int) throws(DateError) -> Period {
        Period(_kind: .year, first: try CivilDate(year: year, month: 1, day: 1),
               last: try CivilDate(year: year, month: 12, day: 31))
    }

    /// An explicit inclusive range; `last` before `first` is an error.
    /// - Complexity: O(1)
    public static func range(_ first: CivilDate, _ last: CivilDate) throws(DateError) -> Period {
        guard first <= last else { throw DateError.invertedRange(first: first.dayNumber, last: last.dayNumber) }
        return Period(_kind: .range, first: first, last: last)
    }

    /// Number of days, at least 1.
    /// - Complexity: O(1)
    @inlinable public var dayCount: Int { Int(last.dayNumber) - Int(first.dayNumber) + 1 }

    /// True when `d` is one of the period's days.
    /// - Complexity: O(1)
    @inlinable public func contains(_ d: CivilDate) -> Bool { first <= d && d <= last }

    /// True when the two spans share at least one day.
    /// - Complexity: O(1)
    @inlinable public func overlaps(_ other: Period) -> Bool { first <= other.last && other.first <= last }

    /// True when the inclusive day range `[from, to]` shares a day with this period.
    /// - Complexity: O(1)
    @inlinable public func overlaps(from: CivilDate, to: CivilDate) -> Bool { first <= to && from <= last }

    /// The following period of the same kind: the next day, week, calendar month or year (a month
    /// period always starts on the 1st, so January is followed by all of February, with no day to
    /// clamp); a range moves forward by its own length.
    /// - Complexity: O(1)
    public func next() throws(DateError) -> Period { try _step(1) }

    /// The preceding period of the same kind.
    /// - Complexity: O(1)
    public func previous() throws(DateError) -> Period { try _step(-1) }

    func _step(_ dir: Int) throws(DateError) -> Period {
        switch kind {
        case .day: return .day(try first.adding(days: dir))
        case .week:
            let f = try first.adding(days: 7 * dir)
            return Period(_kind: .week, first: f, last: try f.adding(days: 6), firstWeekday: firstWeekday)
        case .month:
            let f = try first.adding(months: dir)   // `first` is the 1st, so no clamping happens
            return Period(_kind: .month, first: f, last: f.lastOfMonth)
        case .year: return try .year(first.year + dir)
        case .range:
            let n = dayCount
            return Period(_kind: .range, first: try first.adding(days: n * dir), last: try last.adding(days: n * dir))
        }
    }
}
