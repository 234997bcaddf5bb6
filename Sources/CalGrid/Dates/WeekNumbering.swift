/// How the weeks of a year are numbered. One policy for grid row labels, filters and the CLI's
/// `--week-numbers iso|simple|none` (`simple` is `.firstWeekday(grid's first weekday)`).
///
/// - `iso8601`: weeks start on Monday; week 1 is the week that holds the year's first Thursday,
///   so a week belongs to the *week-based year* of its Thursday (2024-12-30 is 2025-W01,
///   2021-01-03 is 2020-W53). Numbers are 1...53.
/// - `firstWeekday(w)`: C `strftime` semantics generalized to any first weekday: week 1 starts on
///   the year's first `w`; the days before it are week 0. `.firstWeekday(.sunday)` is `%U`,
///   `.firstWeekday(.monday)` is `%W`. Numbers are 0...53 and never leave the calendar year.
public enum WeekNumbering: Hashable, Sendable {
    case iso8601
    case firstWeekday(Weekday)

    /// `%U`: weeks start on Sunday.
    public static let sundayBased = WeekNumbering.firstWeekday(.sunday)
    /// `%W`: weeks start on Monday.
    public static let mondayBased = WeekNumbering.firstWeekday(.monday)

    /// The weekday a numbered week starts on (Monday for ISO 8601).
    /// - Complexity: O(1)
    @inlinable
    public var firstWeekday: Weekday {
        switch self {
        case .iso8601: return .monday
        case .firstWeekday(let w): return w
        }
    }

    /// Every number this policy can produce: 1...53 for ISO 8601, 0...53 otherwise.
    /// - Complexity: O(1)
    @inlinable
    public var numberRange: ClosedRange<Int> {
        switch self {
        case .iso8601: return 1...53
        case .firstWeekday: return 0...53
        }
    }
}

/// An ISO 8601 week: the week-based year (which can differ from the calendar year for the first
/// and last days of a year) and the week number 1...53.
@frozen
public struct ISOWeek: Hashable, Comparable, Sendable {
    /// The week-based year: the calendar year of the week's Thursday.
    public let year: Int
    /// 1...52, or 53 in a long year.
    public let week: Int

    @inlinable @inline(__always)
    init(_unchecked year: Int, _ week: Int) { self.year = year; self.week = week }

    /// Validates: `year` in 1...9999, `week` in 1...`ISOWeek.weeksInYear(year)`.
    /// - Throws: `DateError.yearOutOfRange` or `DateError.invalidWeek(year:week:)`.
    /// - Complexity: O(1)
    @inlinable
    public init(year: Int, week: Int) throws(DateError) {
        guard year >= 1, year <= 9999 else { throw DateError.yearOutOfRange(year) }
        guard week >= 1, week <= ISOWeek.weeksInYear(year) else { throw DateError.invalidWeek(year: year, week: week) }
        self.year = year; self.week = week
    }

    /// 53 when the year starts on a Thursday, or is a leap year starting on a Wednesday; else 52.
    /// Any year is accepted (the rule is periodic over 400 years).
    /// - Complexity: O(1)
    @inlinable
    public static func weeksInYear(_ year: Int) -> Int {
        // The calendar repeats every 400 years (146_097 days, a whole number of weeks), so the
        // same year of 1...400 has the same Jan 1 weekday and leap rule.
        let y = 1 + ((year - 1) % 400 + 400) % 400
        let jan1 = _weekdayNumber(ofDay: CivilDate._daysFromCivil(y, 1, 1))
        return jan1 == 4 || (jan1 == 3 && CivilDate.isLeapYear(y)) ? 53 : 52
    }

    /// The Monday that starts this week. Week 1 of year 1 starts on 0001-01-01; the last week of
    /// 9999 ends on 10000-01-02, which this value never needs.
    /// - Complexity: O(1)
    @inlinable
    public var monday: CivilDate {
        let jan4 = CivilDate._daysFromCivil(year, 1, 4)
        let jan4Offset = (_weekdayNumber(ofDay: jan4) + 6) % 7   // days since Monday: 0 = Monday … 6 = Sunday
        return CivilDate(_unchecked: Int32(truncatingIfNeeded: jan4 - jan4Offset + (week - 1) * 7))
    }

    /// - Complexity: O(1)
    public static func < (a: ISOWeek, b: ISOWeek) -> Bool { (a.year, a.week) < (b.year, b.week) }
}
