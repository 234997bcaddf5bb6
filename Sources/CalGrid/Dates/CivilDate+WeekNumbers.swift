extension CivilDate {
    /// (calendar year, 0-based day of the year) in one conversion. Valid for every date from
    /// 0000-03-01 on, so also for the year-0 and year-10000 cells at the edges of a grid.
    @inlinable @inline(__always)
    static func _yearAndOrdinal(_ dayNumber: Int) -> (year: Int, ordinal: Int) {
        let (marchYear, doyMarch) = _marchYearAndDay(dayNumber)         // 0 = March 1st
        let january = _januaryInMarchYear
        let year = marchYear + (doyMarch >= january ? 1 : 0)
        // Jan/Feb close the March-based year; March…Dec follow Jan + Feb (59 or 60 days).
        let ordinal = doyMarch >= january ? doyMarch - january : doyMarch + 59 + (CivilDate.isLeapYear(year) ? 1 : 0)
        return (year, ordinal)
    }

    /// The ISO 8601 week-based year and week (1...53) of this day.
    /// - Complexity: O(1)
    @inlinable
    public var isoWeek: ISOWeek {
        // The week belongs to the year of its Thursday; count that Thursday's weeks since Jan 1.
        let n = Int(dayNumber)
        let mondayOffset = (_weekdayNumber(ofDay: n) + 6) % 7            // 0 = Monday … 6 = Sunday
        let (year, ordinal) = CivilDate._yearAndOrdinal(n - mondayOffset + 3)
        return ISOWeek(_unchecked: year, ordinal / 7 + 1)
    }

    /// The week of the calendar year (0...53) for weeks that start on `firstWeekday`, as C's
    /// `strftime` counts: the days before the year's first `firstWeekday` are week 0.
    /// `.sunday` gives `%U`, `.monday` gives `%W`.
    /// - Complexity: O(1)
    @inlinable
    public func weekOfYear(firstWeekday: Weekday) -> Int {
        let ordinal = CivilDate._yearAndOrdinal(Int(dayNumber)).ordinal
        return (ordinal + 7 - weekday.offset(from: firstWeekday)) / 7
    }

    /// The week number under `numbering`: ISO week (1...53, of the week-based year, see
    /// `isoWeek`) or `weekOfYear(firstWeekday:)` (0...53).
    /// - Complexity: O(1)
    @inlinable
    public func weekNumber(_ numbering: WeekNumbering) -> Int {
        switch numbering {
        case .iso8601: return isoWeek.week
        case .firstWeekday(let w): return weekOfYear(firstWeekday: w)
        }
    }

    /// The week of the month (1...6) for weeks that start on `firstWeekday`: the 1st is in week 1,
    /// and a new week begins on every `firstWeekday`. This is the row (plus one) of the day in its
    /// month's grid.
    /// - Complexity: O(1)
    @inlinable
    public func weekOfMonth(firstWeekday: Weekday) -> Int {
        let d = day
        // Column of the 1st in a row that starts on `firstWeekday`.
        let lead = ((weekday.offset(from: firstWeekday) - (d - 1)) % 7 + 7) % 7
        return (d - 1 + lead) / 7 + 1
    }

    /// `weekOfMonth(firstWeekday:)` with the policy's first weekday (Monday for ISO 8601).
    /// - Complexity: O(1)
    @inlinable
    public func weekOfMonth(_ numbering: WeekNumbering) -> Int { weekOfMonth(firstWeekday: numbering.firstWeekday) }

    /// The day of an ISO week: `weekday` is any day of the week (Monday starts it, Sunday ends it).
    /// Throws for a week that does not exist (2026-W53) or a day past 9999-12-31.
    /// - Complexity: O(1)
    @inlinable
    public init(isoWeek: ISOWeek, weekday: Weekday) throws(DateError) {
        try self.init(dayNumber: Int64(isoWeek.monday.dayNumber) + Int64(weekday.isoNumber - 1))
    }
}
